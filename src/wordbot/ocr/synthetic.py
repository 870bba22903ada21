"""Labelled synthetic screenshots: a letter board of any size somewhere on a cluttered desktop.

Used by the tests and by ``wordbot bench`` to measure board detection and OCR. A ``Look`` fixes
how a board is drawn (font, colours, tile shape, corner numbers, empty cells, blur, scaling);
``random_look(rng, heldout=...)`` draws one from two disjoint pools: the development pool (fonts
and styles used while building and testing) and the held-out pool (other fonts and styles, used
only by the benchmark, so its figure says how reading does on a look it has never seen).

Needs Pillow and these Debian font packages (under ``FONT_DIRS``): fonts-dejavu-core,
fonts-dejavu-extra, fonts-liberation, fonts-freefont-ttf, fonts-noto-core, fonts-noto-mono,
fonts-urw-base35, fonts-inter, fonts-crosextra-carlito (the rest of ``DEV_FONTS`` and the held-out
looks need the packages named beside them: ``scripts/setup_system.sh bench`` installs them all, the
blind set's among them; the "wider" pool's Python font packages come with the ``bench`` extra); a
missing font file is skipped.
"""

from __future__ import annotations

import importlib.util
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import cv2
import numpy as np

from wordbot.lexicon.alphabet import alphabet

FONT_DIRS = (Path("/usr/share/fonts/truetype"), Path("/usr/share/fonts/opentype"), Path("/usr/share/fonts"),
             Path("/usr/share/wine/fonts"),  # Wine's fonts (fonts-wine)
             Path("/usr/share/texlive/texmf-dist/fonts"))  # TeX Live's (texlive-fonts-extra)

# Fonts of looks used during development and in the tests (the template bank is built from a
# subset of these, see scripts/build_glyphs.py). All but the first eleven were once the benchmark's
# held-out fonts: the URW, narrow, condensed, display and mono ones until the first blind run, the
# Open Sans .. Jura ones (Debian fonts-open-sans, fonts-roboto-unhinted, fonts-paratype,
# fonts-cantarell, fonts-noto-extra, fonts-lato, fonts-comfortaa, fonts-jura) until the second;
# the next six widen the kinds of type (monospaced slabs, serifs); the last six are 8-bit PCs' pixel
# faces (Debian fonts-pc, fonts-pc-extra: their V is U with a narrow foot, issue 11).
DEV_FONTS = (
    "dejavu/DejaVuSans-Bold.ttf", "dejavu/DejaVuSans.ttf", "dejavu/DejaVuSerif-Bold.ttf",
    "liberation/LiberationSans-Bold.ttf", "liberation/LiberationSans-Regular.ttf",
    "liberation/LiberationSerif-Bold.ttf", "freefont/FreeSansBold.ttf", "freefont/FreeSerifBold.ttf",
    "noto/NotoSans-Bold.ttf", "noto/NotoSans-Regular.ttf", "noto/NotoSerif-Bold.ttf",
    "dejavu/DejaVuSansMono-Bold.ttf", "liberation/LiberationMono-Bold.ttf",
    "urw-base35/NimbusSans-Bold.otf", "urw-base35/NimbusSans-Regular.otf",
    "urw-base35/URWGothic-Demi.otf", "urw-base35/NimbusSansNarrow-Bold.otf",
    "noto/NotoSansDisplay-Bold.ttf", "liberation/LiberationSansNarrow-Bold.ttf",
    "dejavu/DejaVuSansCondensed-Bold.ttf", "noto/NotoSansMono-Bold.ttf",
    "urw-base35/C059-Bold.otf", "urw-base35/P052-Bold.otf",
    "inter/Inter-Bold.otf", "crosextra/Carlito-Bold.ttf",
    "open-sans/OpenSans-Bold.ttf", "open-sans/OpenSans-Semibold.ttf",
    "roboto/unhinted/RobotoTTF/Roboto-Bold.ttf", "roboto/unhinted/RobotoCondensed-Bold.ttf",
    "paratype/PTS75F.ttf", "paratype/PTN77F.ttf", "paratype/PTF75F.ttf",
    "cantarell/Cantarell-Bold.otf", "noto/NotoSans-Black.ttf", "lato/Lato-Bold.ttf",
    "comfortaa/Comfortaa-Bold.ttf", "jura/Jura-Bold.otf",
    "freefont/FreeMonoBold.ttf", "urw-base35/NimbusMonoPS-Bold.otf", "paratype/PTM75F.ttf",
    "urw-base35/NimbusRoman-Bold.otf", "urw-base35/URWBookman-Demi.otf",
    "dejavu/DejaVuSerifCondensed-Bold.ttf",
    "pc/Px_IBM_VGA8.ttf", "pc/Px_IBM_CGA.ttf", "pc/Px_TandyNew_TV.ttf",
    "pc/Px_IBM_EGA9.ttf", "pc/Px_IBM_CGAthin.ttf", "pc/Px_IBM_MDA.ttf",
)
# Held out of the bank and of the tests, used to check development changes on fonts the bank has
# never seen (so no longer blind): the benchmark's first blind fonts, chosen on 2026-11-22 (Debian
# fonts-hack, fonts-jetbrains-mono, fonts-go, fonts-sil-andika, fonts-sil-charis,
# fonts-yanone-kaffeesatz, fonts-firacode, fonts-play, fonts-manrope, fonts-roboto-slab,
# fonts-linuxlibertine, fonts-oldstandard), the blind set "blind-2026-11-23" since its run
# (fonts-cmu, fonts-sil-gentiumplus, fonts-anonymous-pro, and unseen weights/widths of
# fonts-noto-extra, fonts-open-sans, fonts-lato, fonts-inter), and the blind set "blind-2026-11-25"
# since its run (fonts-vollkorn, fonts-stix, fonts-bebas-neue, fonts-clear-sans, fonts-tuffy,
# fonts-fantasque-sans, fonts-mononoki, fonts-sil-doulos, fonts-ebgaramond, and an unseen weight
# of fonts-cantarell), and the blind set "blind-2026-11-25b" since its run (fonts-3270,
# fonts-mph-2b-damase, fonts-morisawa-bizud-gothic, fonts-nanum, fonts-agave, fonts-monoid,
# fonts-symbola, fonts-uralic, Linux Libertine and PT Sans Caption), and the blind set
# "blind-2026-11-25c" since its run (fonts-unfonts-core, t1-teams, fonts-ipafont-gothic,
# fonts-vlgothic, fonts-sawarabi-gothic, fonts-motoya-l-maruberi, fonts-dotgothic16,
# fonts-eurofurence, fonts-monofur, fonts-baekmuk, fonts-wqy-zenhei, fonts-okolaks), and the blind
# set "blind-2026-11-26" since its run (fonts-klee, fonts-horai-umefont, fonts-bpg-georgian,
# fonts-seto, fonts-lexi-gulim, fonts-wine, fonts-pc-extra's Amstrad PC1512 face), and the blind set
# "blind-2026-11-27" since its run (fonts-unifont, fonts-misaki, fonts-glasstty, fonts-triod-postnaja,
# fonts-gnutypewriter, fonts-konatu, fonts-rocknroll, fonts-kiloji, fonts-train, fonts-stick,
# fonts-komatuna; its halftone tiles are a held-out style now), and the blind set "blind-2026-11-26-b"
# since its run (fonts-naver-d2coding, fonts-lxgw-wenkai, fonts-yozvox-yozfont-new-kana,
# fonts-woowa-bm, fonts-nanum-extra, fonts-unfonts-extra, fonts-arphic-uming, fonts-hanazono,
# fonts-smiley-sans, fonts-oradano-mincho-gsrr, fonts-motoya-l-cedar; its sheen tiles are a
# held-out style now), and the blind set "blind-2026-11-26-c" since its run (fonts-wqy-microhei,
# fonts-karmilla, fonts-osifont, fonts-migmix, fonts-ipamj-mincho, fonts-arphic-gkai00mp,
# fonts-cns11643-sung, fonts-morisawa-bizud-mincho, fonts-nanum-eco, fonts-mona, fonts-arphic-ukai),
# and the blind set "blind-2026-11-26-d" since its run (fonts-takao-mincho, fonts-arphic-gbsn00lp,
# fonts-umeplus-cl, fonts-cwtex-heib, fonts-cwtex-kai, fonts-cwtex-ming, fonts-babelstone-modern,
# fonts-noto-cjk, fonts-monapo), and the blind set "blind-2026-11-27-b" since its run
# (fonts-georgewilliams, fonts-cns11643-kai, t1-cyrillic's Free Chancery, fonts-ukij-uyghur), and the
# blind set "blind-2026-11-27-c" since its run (fonts-ricty-diminished, fonts-linex,
# fonts-ipaexfont-mincho).
HELDOUT_FONTS = (
    "hack/Hack-Bold.ttf", "jetbrains-mono/JetBrainsMono-ExtraBold.ttf", "fonts-go/Go-Bold.ttf",
    "andika/Andika-Bold.ttf", "charis/CharisSIL-Bold.ttf",
    "yanone-kaffeesatz/YanoneKaffeesatz-Bold.otf", "firacode/FiraCode-Bold.ttf", "play/Play-Bold.ttf",
    "manrope/Manrope-ExtraBold.ttf", "roboto/slab/RobotoSlab-Bold.otf",
    "linux-libertine/LinBiolinum_RB.otf", "fonts-oldstandard/OldStandard-Bold.ttf",
    "cmu/cmunsx.ttf", "cmu/cmunbx.ttf", "cmu/cmuntb.ttf", "cmu/cmunssdc.ttf",
    "gentiumplus/GentiumPlus-Bold.ttf", "anonymous-pro/Anonymous Pro B.ttf",
    "cmu/cmunrb.ttf", "noto/NotoSerif-ExtraCondensedBlack.ttf",
    "open-sans/OpenSans-CondBold.ttf", "lato/Lato-Heavy.ttf", "inter/InterDisplay-Black.otf",
    "noto/NotoSans-SemiCondensedBlack.ttf",
    "vollkorn/Vollkorn-Black.ttf", "vollkorn/Vollkorn-SemiBold.ttf", "stix-word/STIX-Bold.otf",
    "bebas-neue/BebasNeue-Bold.otf", "clear-sans/ClearSans-Bold.ttf", "tuffy/Tuffy_Bold.ttf",
    "fantasque-sans/Normal/TTF/FantasqueSansMono-Bold.ttf", "mononoki/mononoki-Bold.ttf",
    "doulos/DoulosSIL-Regular.ttf", "ebgaramond/EBGaramond12-Regular.otf",
    "cantarell/Cantarell-ExtraBold.otf",
    "3270/3270-Regular.ttf", "mph-2b-damase/damase.ttf", "bizud-gothic/BIZUDPGothic-Bold.ttf",
    "nanum/NanumSquareRoundB.ttf", "nanum/NanumMyeongjoBold.ttf", "nanum/NanumBarunGothicBold.ttf",
    "agave/agave-r-autohinted.ttf", "monoid/Monoid-Bold.ttf", "linux-libertine/LinLibertine_RB.otf",
    "paratype/PTC75F.ttf", "ancient-scripts/Symbola_hint.ttf", "uralic/sanscub_.ttf",
    "unfonts-core/UnBatangBold.ttf", "unfonts-core/UnDinaruBold.ttf", "X11/Type1/teamsb.pfb",
    "ipafont-gothic/ipagp.ttf", "vlgothic/VL-PGothic-Regular.ttf",
    "sawarabi-gothic/sawarabi-gothic-medium.ttf",
    "motoya-l-maruberi/MTLmr3m.ttf", "dotgothic16/DotGothic16-Regular.ttf", "eurofurence/eurof75.ttf",
    "monofur/monof55.ttf", "baekmuk/hline.ttf", "wqy/wqy-zenhei.ttc", "okolaks/okolaksBold.ttf",
    "klee/KleeOne-SemiBold.ttf", "horai-umefont/ume-pgo5.ttf", "horai-umefont/ume-pms3.ttf",
    "fonts-bpg-georgian/BPG_Nateli_GPL&GNU.ttf", "fonts-bpg-georgian/BPG_Mrgvlovani_GPL&GNU.ttf",
    "fonts-bpg-georgian/BPG_Sans_Medium_GPL&GNU.ttf", "fonts-bpg-georgian/BPG_Serif_GPL&GNU.ttf",
    "seto/setofont.ttf", "lexi/LexiGulim.ttf", "tahomabd.ttf", "pc/Px_AmstradPC1512.ttf",
    "unifont/unifont.otf", "misaki/misaki_gothic.ttf", "glasstty/Glass_TTY_VT220.ttf",
    "triod-postnaja/TriodPostnaja.ttf", "gnutypewriter/GNUTypewriter.ttf", "konatu/Konatu.ttf",
    "rocknroll/RocknRollOne-Regular.ttf", "kiloji/kiloji_b.ttf", "train/TrainOne-Regular.ttf",
    "stick/Stick-Regular.ttf", "komatuna/komatuna-p.ttf",
    "naver-d2coding/D2Coding-Ver1.3.2-20180524-all.ttc", "lxgw-wenkai/LXGWWenKaiMono-Bold.ttf",
    "yozvox-yozfont/YOzRN_.ttf", "woowa-bm/BMDOHYEON_ttf.ttf", "nanum/NanumPen.ttf",
    "unfonts-extra/UnShinmun.ttf", "arphic/uming.ttc", "hanazono/HanaMinA.ttf",
    "smiley-sans/SmileySans-Oblique.ttf", "oradano-mincho/OradanoGSRR.ttf", "motoya-l-cedar/MTLc3m.ttf",
    "wqy/wqy-microhei.ttc", "karmilla/Karmilla-Bold.ttf", "osifont/osifont.ttf",
    "migmix/migu-1c-bold.ttf", "ipamj/ipamjm.ttf", "arphic-gkai00mp/gkai00mp.ttf",
    "cns11643/TW-Sung-98_1.ttf", "bizud-mincho/BIZUDPMincho-Regular.ttf",
    "nanum/NanumGothicEcoExtraBold.ttf", "mona/mona.ttf", "arphic/ukai.ttc",
    "takao-mincho/TakaoPMincho.ttf", "arphic-gbsn00lp/gbsn00lp.ttf", "umeplus-cl/umeplus-clp-gothic.ttf",
    "cwtex/cwheib.ttf", "cwtex/cwkai.ttf", "cwtex/cwming.ttf", "babelstone/BabelStoneModern.ttf",
    "noto/NotoSansCJK-Bold.ttc", "noto/NotoSerifCJK-Bold.ttc", "monapo/monapo.ttf",
    "fonts-georgewilliams/Caliban.ttf", "fonts-georgewilliams/Caslon-Black.ttf",
    "fonts-georgewilliams/Cupola.ttf", "fonts-georgewilliams/GWMonospaceBold.ttf",
    "cns11643/TW-Kai-98_1.ttf", "X11/Type1/z003034d.pfb",
    "fonts-ukij-uyghur/UKIJInichkeb.ttf", "fonts-ukij-uyghur/UKIJEsBold.ttf",
    "fonts-ukij-uyghur/UKIJKesme-b.ttf",
    "ricty-diminished/RictyDiminished-Bold.ttf", "ricty-diminished/RictyDiminished-BoldOblique.ttf",
    "linex/BABEbold.ttf", "linex/BABELita.ttf", "ipaexfont-mincho/ipaexm.ttf",
)

# Heavy, condensed and black faces of families the bank holds in other weights: development looks
# for the doubtful tiles of heavy and condensed faces (issue 11), never in the bank.
HEAVY_FONTS = (
    "noto/NotoSans-ExtraCondensedBold.ttf", "noto/NotoSans-CondensedBlack.ttf", "inter/Inter-Black.otf",
    "lato/Lato-Black.ttf", "open-sans/OpenSans-ExtraBold.ttf", "noto/NotoSerif-Black.ttf",
    "noto/NotoSerif-CondensedBold.ttf", "roboto/unhinted/RobotoTTF/Roboto-Black.ttf",
    "noto/NotoSans-CondensedExtraBold.ttf", "noto/NotoSerif-CondensedBlack.ttf",
)
# The blind set "blind-2026-12-01", chosen on 2026-12-01 before it was drawn or measured, to be
# measured once by bench/bench_vision.py: faces never used in development, in the bank, in the tests
# or in an earlier blind or held-out set (nor close relatives of those), every one with the whole
# Russian and Latin alphabets drawn: Coelacanth Bold (a Venetian serif after Centaur), Cuprum Bold (a
# condensed sans), Poiret One (a thin Art Deco display face), Cascadia Code Bold (a monospaced face),
# all from Debian texlive-fonts-extra, and Great Vibes (a formal script, Python fontpkg-great-vibes),
# drawn in every style of ``random_look`` plus the held-out tile styles.
BLIND_FONTS = (
    "opentype/public/coelacanth/CoelacanthBold.otf", "truetype/public/cuprum/Cuprum-Bold.ttf",
    "truetype/public/poiretone/PoiretOne-Regular.ttf", "opentype/public/cascadia-code/CascadiaCod3-Bold.otf",
    "fontpkg_great_vibes/files/GreatVibes-Regular.ttf",
)
# Development looks of their own ("wider", issue 11), chosen on 2026-11-27 (afternoon) to find the
# causes of confident misreads on looks never tuned on: faces never used in development, in the bank,
# in the tests or in a blind or held-out set, from Python font packages (Google Fonts' Alegreya Sans,
# Fira Sans and IBM Plex Serif Bold; Alumni Sans (condensed), Bitter (a slab), Jost (geometric),
# Nunito (rounded) and Onest, variable fonts drawn at weight 700; Press Start 2P, a pixel face: the
# ``bench`` extra), drawn in every style of ``random_look`` plus the held-out tile styles; never in
# the bank. Since 2026-11-28 also the spent blind set "blind-2026-11-27-d", its confident misreads
# looked at: Montserrat, Rubik, Oswald, Exo 2, Lora, Playfair Display, Unbounded (weight 700), Russo
# One (Google Fonts' Python packages) and Debian fonts-terminus; since 2026-11-29 the spent blind set
# "blind-2026-11-28" too: Raleway, Source Serif 4, Cormorant, Geologica, Sofia Sans, Merriweather,
# Source Sans 3 (weight 700), Spectral Bold and IBM Plex Mono Bold; since 2026-11-29 (evening) the spent
# blind set "blind-2026-11-29" too: Literata, Overpass, Mulish, Geist, Geist Mono, Libre Franklin and
# Caveat (weight 700) and News Cycle Regular; since 2026-11-29 (night) the spent blind set
# "blind-2026-11-29-b" too: IBM Plex Sans, Source Code Pro, Roboto Flex, Nunito Sans (weight 700) and
# Pacifico; since 2026-11-30 the spent blind set "blind-2026-11-29-c" too: Ubuntu Bold, Berenis ADF Pro
# Bold, Le Murmure, Lobster and Reggae One; since 2026-12-01 the spent blind set "blind-2026-11-30"
# too: Steve Hand, Summersby, Rampart One, Asea Bold and Aroania (Debian).
WIDER_FONTS = (
    "fontpkg_alegreya_sans/files/AlegreyaSans-Bold.ttf", "fontpkg_fira_sans/files/FiraSans-Bold.ttf",
    "fontpkg_ibm_plex_serif/files/IBMPlexSerif-Bold.ttf",
    "fontpkg_alumni_sans/files/AlumniSans[wght].ttf@700",
    "fontpkg_bitter/files/Bitter[wght].ttf@700", "fontpkg_jost/files/Jost[wght].ttf@700",
    "fontpkg_nunito/files/Nunito[wght].ttf@700", "fontpkg_onest/files/Onest[wght].ttf@700",
    "fontpkg_press_start_2p/files/PressStart2P-Regular.ttf",
    "fontpkg_montserrat/files/Montserrat[wght].ttf@700", "fontpkg_rubik/files/Rubik[wght].ttf@700",
    "fontpkg_oswald/files/Oswald[wght].ttf@700", "fontpkg_exo_2/files/Exo2[wght].ttf@700",
    "fontpkg_russo_one/files/RussoOne-Regular.ttf", "fontpkg_lora/files/Lora[wght].ttf@700",
    "fontpkg_playfair_display/files/PlayfairDisplay[wght].ttf@700",
    "fontpkg_unbounded/files/Unbounded[wght].ttf@700", "terminus/TerminusTTF-4.46.0.ttf",
    "fontpkg_raleway/files/Raleway[wght].ttf@700",
    "fontpkg_source_serif_4/files/SourceSerif4[opsz,wght].ttf@700",
    "fontpkg_cormorant/files/Cormorant[wght].ttf@700",
    "fontpkg_geologica/files/Geologica[CRSV,SHRP,slnt,wght].ttf@700",
    "fontpkg_sofia_sans/files/SofiaSans[wght].ttf@700",
    "fontpkg_merriweather/files/Merriweather[opsz,wdth,wght].ttf@700",
    "fontpkg_source_sans_3/files/SourceSans3[wght].ttf@700",
    "fontpkg_spectral/files/Spectral-Bold.ttf", "fontpkg_ibm_plex_mono/files/IBMPlexMono-Bold.ttf",
    "fontpkg_literata/files/Literata[opsz,wght].ttf@700", "fontpkg_overpass/files/Overpass[wght].ttf@700",
    "fontpkg_mulish/files/Mulish[wght].ttf@700", "fontpkg_geist/files/Geist[wght].ttf@700",
    "fontpkg_geist_mono/files/GeistMono[wght].ttf@700",
    "fontpkg_libre_franklin/files/LibreFranklin[wght].ttf@700", "fontpkg_caveat/files/Caveat[wght].ttf@700",
    "fontpkg_news_cycle/files/NewsCycle-Regular.ttf",
    "fontpkg_ibm_plex_sans/files/IBMPlexSans[wdth,wght].ttf@700",
    "fontpkg_source_code_pro/files/SourceCodePro[wght].ttf@700",
    "fontpkg_roboto_flex/files/"
    "RobotoFlex[GRAD,XOPQ,XTRA,YOPQ,YTAS,YTDE,YTFI,YTLC,YTUC,opsz,slnt,wdth,wght].ttf@700",
    "fontpkg_nunito_sans/files/NunitoSans[YTLC,opsz,wdth,wght].ttf@700",
    "fontpkg_pacifico/files/Pacifico-Regular.ttf",
    "rendercv_fonts/Ubuntu/Ubuntu-Bold.ttf", "adf/BerenisADFPro-Bold.otf", "le-murmure/le-murmure.otf",
    "fontpkg_lobster/files/Lobster-Regular.ttf", "reggae/ReggaeOne-Regular.ttf",
    "sjfonts/SteveHand.ttf", "summersby/summersby.ttf", "rampart/RampartOne-Regular.ttf",
    "ancient-scripts/AseaB_hint.ttf", "ancient-scripts/Aroania_hint.ttf",
)
# Old-style Cyrillic faces whose letters look like the other alphabet's (Н drawn like N, as in
# Church-Slavonic books): development looks of their own ("oldstyle") for cross-alphabet look-alikes
# read with confidence (issue 11; Debian t1-oldslavic), never in the bank.
OLD_STYLE_FONTS = ("X11/Type1/OldSlavicRegu.pfb",)
POOLS = {"dev": DEV_FONTS + HEAVY_FONTS, "oldstyle": OLD_STYLE_FONTS, "heldout": HELDOUT_FONTS,
         "blind": BLIND_FONTS, "wider": WIDER_FONTS}
# Multi-letter tiles of English games (Boggle's Qu, Wordament's digraphs).
DIGRAPHS = ("qu", "th", "in", "er", "an", "he")

SCREEN = (1600, 900)  # width, height


@dataclass(frozen=True)
class Look:
    """How one board is drawn."""

    font: str  # path relative to one of FONT_DIRS
    tile_rgb: tuple[int, int, int]
    text_rgb: tuple[int, int, int]
    panel_rgb: tuple[int, int, int]  # the board's background
    shape: str  # "square" | "rounded" | "outline" (tile drawn as a frame only) | "shaded" (a
    # top-to-bottom gradient fill) | "bevelled" (a raised button: light top-left, dark bottom-right
    # rim) | "shadowed" (a rounded tile casting a dark shadow to its bottom right; in development since
    # 2026-11-26 evening) | "thick" (a 3-D
    # block: the face over a darker side below it) | "pale" (a faint white-to-colour gradient on a
    # near-white panel) | "glossy" (a lighter top half) | "circle" (a round tile, the letter kept
    # inside the disc; not in development) | "inset" (a tile with a ring of a darker shade just
    # inside its edge, like a printed border; not in development) | "grain" (a wood-like fill:
    # streaks of a lighter and a darker shade across it; not in development) | "speckle" (a
    # granite-like fill of lighter and darker specks; not in development) | "radial" (lit in its
    # middle, darker towards its edge; not in development) | "striped" (diagonal bands of a
    # lighter shade; not in development) | "halftone" (a grid of darker dots; not in development) |
    # "sheen" (a soft diagonal band of light; not in development)
    radius: float  # corner radius as a fraction of the tile side
    gap: float  # gap between tiles as a fraction of the tile side
    letter_size: float  # glyph cap height as a fraction of the tile side
    corner_numbers: bool  # small letter values in a tile corner (Wordament-like)
    empty_rgb: tuple[int, int, int] | None  # colour of empty (Balda) cells; None: no empty cells
    blur: float  # Gaussian sigma in output pixels
    scale: float  # drawn at 1/scale of the final size, then resized (1.0: none)
    case: str = "upper"  # "upper" | "lower": the letters' case
    effect: str = ""  # "" | "shadow" (a dark copy of the letter to its bottom right) | "bold" (faux
    # bold: the letter stroked in its own colour)
    jpeg: int = 0  # JPEG quality the screenshot went through (0: none)
    multi: float = 0.0  # share of English tiles drawn as a multi-letter tile (Qu, Th, ...)


@dataclass(frozen=True)
class Screenshot:
    image: np.ndarray  # BGR
    rows: int
    cols: int
    tiles: list[str]  # row-major, normalized letters, "" = empty cell
    box: tuple[int, int, int, int]  # x, y, w, h of the board (outer edges of the tiles)
    centres: np.ndarray  # (rows*cols, 2) float x, y
    look: Look


def font_path(name: str) -> Path | None:
    """The file of font ``name``: a path under one of ``FONT_DIRS``, or one inside an installed Python
    package named by its first part (``fontpkg_lora/files/Lora[wght].ttf``); an ``@700`` after it
    names a variable font's weight (see ``_font``)."""
    name = name.partition("@")[0]
    for d in FONT_DIRS:
        if (d / name).is_file():
            return d / name
    package, _, rest = name.partition("/")
    spec = importlib.util.find_spec(package) if package.isidentifier() else None
    for d in (spec.submodule_search_locations or ()) if spec else ():
        if (Path(d) / rest).is_file():
            return Path(d) / rest
    return None


def available(fonts: tuple[str, ...]) -> list[str]:
    return [f for f in fonts if font_path(f) is not None]


def _rgb(rng: np.random.Generator, lo: int = 0, hi: int = 256) -> tuple[int, int, int]:
    return tuple(int(v) for v in rng.integers(lo, hi, 3))


def _contrasting(rng: np.random.Generator, base: tuple[int, int, int], min_diff: float):
    """A colour at least ``min_diff`` away in luminance from ``base``."""
    lum = 0.299 * base[0] + 0.587 * base[1] + 0.114 * base[2]
    while True:
        c = _rgb(rng)
        if abs(0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2] - lum) >= min_diff:
            return c


def random_look(rng: np.random.Generator, heldout: bool = False, pool: str = "") -> Look:
    """A look from a pool of fonts: "dev" (development; "oldstyle": its old-style Cyrillic faces
    alone, in the development styles), "heldout" (the earlier blind sets, with the
    circle, inset, grain, speckle, radial, striped, halftone and sheen tile styles) or
    "blind" (``BLIND_FONTS``, in the same styles) or "wider" (``WIDER_FONTS``, development looks in the
    same styles)."""
    pool = pool or ("heldout" if heldout else "dev")
    fonts = available(POOLS[pool])
    font = fonts[int(rng.integers(len(fonts)))]
    shapes = ("square", "rounded", "outline", "shaded", "bevelled", "thick", "pale", "glossy", "shadowed") + (
        ("circle", "inset", "grain", "speckle", "radial", "striped", "halftone", "sheen")
        if pool in ("heldout", "blind", "wider") else ())
    shape = shapes[int(rng.integers(len(shapes)))]
    panel = _rgb(rng)
    tile = _contrasting(rng, panel, 35)
    if shape == "pale":
        panel = _rgb(rng, 225, 256)
        tile = tuple(int(v) for v in 0.75 * np.array(panel) + 0.25 * np.array(_rgb(rng)))
    text = _contrasting(rng, tile, 90)
    if shape == "outline":
        text = _contrasting(rng, panel, 90)
    corner_numbers = bool(rng.random() < 0.3)
    empty = None
    if rng.random() < 0.25:
        empty = _contrasting(rng, text, 60)
    return Look(
        font=font, tile_rgb=tile, text_rgb=text, panel_rgb=panel, shape=shape,
        radius=float(rng.uniform(0.08, 0.3)) if shape != "square" else 0.0,
        gap=float(rng.uniform(0.05, 0.25)) + (0.1 if shape == "thick" else 0.0),
        # Games with letter values keep the letter clear of the corner number.
        letter_size=float(rng.uniform(0.38, 0.45 if corner_numbers or shape == "circle" else 0.6)),
        corner_numbers=corner_numbers,
        empty_rgb=empty,
        blur=float(rng.choice([0.0, 0.0, rng.uniform(0.3, 1.0)])),
        scale=float(rng.choice([1.0, 1.0, rng.uniform(0.75, 1.3)])),
        case="lower" if rng.random() < 0.25 else "upper",
        effect=str(rng.choice(["", "", "", "shadow", "bold"])),
        jpeg=int(rng.integers(55, 91)) if rng.random() < 0.2 else 0,
        multi=0.08 if rng.random() < 0.3 else 0.0,
    )


@lru_cache(maxsize=256)
def _font(name: str, size: int):
    from PIL import ImageFont

    font = ImageFont.truetype(str(font_path(name)), size)
    weight = name.partition("@")[2]
    if weight:  # a variable font drawn at that weight (Google Fonts ship one file of every weight), its
        # other axes (optical size, width) at their defaults: the weight axis is not always the first
        font.set_variation_by_axes([int(weight) if a["name"] in ("Weight", b"Weight") else a["default"]
                                    for a in font.get_variation_axes()])
    return font


def _clutter(draw, rng: np.random.Generator, w: int, h: int) -> None:
    """Desktop things around the board: windows, bars, icons, text."""
    clutter_fonts = available(DEV_FONTS[:3])
    for _ in range(int(rng.integers(3, 9))):
        x, y = int(rng.integers(-200, w)), int(rng.integers(-100, h))
        draw.rectangle([x, y, x + int(rng.integers(80, 700)), y + int(rng.integers(40, 400))],
                       fill=_rgb(rng), outline=_rgb(rng))
    for _ in range(int(rng.integers(5, 25))):
        x, y = int(rng.integers(0, w)), int(rng.integers(0, h))
        s = int(rng.integers(16, 60))
        draw.rounded_rectangle([x, y, x + s, y + int(s * rng.uniform(0.6, 1.6))],
                               radius=int(s * 0.2), fill=_rgb(rng))
    for _ in range(int(rng.integers(5, 20))):
        x, y = int(rng.integers(0, w)), int(rng.integers(0, h))
        text = "".join(rng.choice(list("Files Edit View Help Окно Файл 0123456789 "), 12))
        font = _font(clutter_fonts[0], int(rng.integers(10, 28)))
        draw.text((x, y), text, fill=_rgb(rng), font=font)


def _shaded(rgb: tuple[int, int, int], side: int):
    """A ``side``-pixel square fading from ``rgb`` lightened at the top to darkened at the bottom."""
    from PIL import Image

    ramp = np.linspace(22, -22, side)[:, None, None]
    pixels = np.clip(np.array(rgb, np.float32)[None, None] + ramp, 0, 255)
    return Image.fromarray(np.broadcast_to(pixels, (side, side, 3)).astype(np.uint8))


def _bevelled(rgb: tuple[int, int, int], side: int):
    """A ``side``-pixel square of ``rgb`` with a lighter rim along its top and left edges and a
    darker one along its bottom and right edges, like a raised button."""
    from PIL import Image

    rim = max(2, side // 10)
    pixels = np.broadcast_to(np.array(rgb, np.float32), (side, side, 3)).copy()
    y, x = np.mgrid[:side, :side]
    pixels[(y < rim) | (x < rim)] += 45
    pixels[(y >= side - rim) | (x >= side - rim)] -= 45
    return Image.fromarray(np.clip(pixels, 0, 255).astype(np.uint8))


def _fitting_font(name: str, tile: int, letter_size: float, texts, room: float = 0.84):
    """The font at ``letter_size`` of the tile (cap height), made smaller where the widest of
    ``texts`` would not fit in ``room`` of the tile (a game sizes its letters to fit its tiles; the
    reader sees 88 %; a round tile leaves less room)."""
    size = max(6, int(round(tile * letter_size / 0.72)))
    font = _font(name, size)
    widest = max(right - left for left, _, right, _ in (font.getbbox(text) for text in texts))
    if widest > room * tile:
        font = _font(name, max(6, int(size * room * tile / widest)))
    return font


def _glyphs(tile: str, case: str) -> str:
    """How a tile's letters are drawn: "Qu" (or "qu") for a multi-letter tile."""
    return tile.lower() if case == "lower" else tile[:1].upper() + tile[1:].lower()


def _pale(rgb: tuple[int, int, int], side: int):
    """A ``side``-pixel square fading from white at the top to ``rgb`` at the bottom."""
    from PIL import Image

    t = np.linspace(0, 1, side)[:, None, None]
    pixels = 255 * (1 - t) + np.array(rgb, np.float32)[None, None] * t
    return Image.fromarray(np.broadcast_to(pixels, (side, side, 3)).astype(np.uint8))


def _glossy(rgb: tuple[int, int, int], side: int):
    """A ``side``-pixel square of ``rgb`` whose top half is lighter, fading into the bottom half."""
    from PIL import Image

    y = np.linspace(0, 1, side)[:, None, None]
    light = np.clip((0.55 - y) / 0.1, 0, 1) * 60
    pixels = np.clip(np.array(rgb, np.float32)[None, None] + light, 0, 255)
    return Image.fromarray(np.broadcast_to(pixels, (side, side, 3)).astype(np.uint8))


def _grain(rgb: tuple[int, int, int], side: int):
    """A ``side``-pixel square of ``rgb`` with wood-like grain: wavy streaks, lighter and darker,
    running across it (the same streaks for the same colour and size, as a game's tiles share one
    texture)."""
    from PIL import Image

    rng = np.random.default_rng(abs(hash((rgb, side))) % 2**32)
    y, x = np.mgrid[:side, :side] / side
    phase = y * rng.uniform(3, 6) + 0.25 * np.sin(2 * np.pi * (x * rng.uniform(0.6, 1.4) + rng.random()))
    shade = 16 * np.sin(2 * np.pi * phase) + 8 * np.sin(2 * np.pi * 3.1 * phase + 1.0)
    pixels = np.clip(np.array(rgb, np.float32)[None, None] + shade[..., None], 0, 255)
    return Image.fromarray(pixels.astype(np.uint8))


def _speckle(rgb: tuple[int, int, int], side: int):
    """A ``side``-pixel square of ``rgb`` speckled like granite: specks of one to a few pixels,
    lighter and darker, over a tenth of it (one texture for the same colour and size)."""
    from PIL import Image

    rng = np.random.default_rng(abs(hash((rgb, side, 7))) % 2**32)  # no str: the same in every run
    shade = np.zeros((side, side), np.float32)
    specks = max(1, side // 40)
    for _ in range(side * side // (10 * specks * specks)):
        y, x = rng.integers(0, side - specks + 1, 2)
        shade[y:y + specks, x:x + specks] = rng.choice([-1, 1]) * rng.uniform(20, 45)
    pixels = np.clip(np.array(rgb, np.float32)[None, None] + shade[..., None], 0, 255)
    return Image.fromarray(pixels.astype(np.uint8))


def _radial(rgb: tuple[int, int, int], side: int):
    """A ``side``-pixel square of ``rgb`` lit in its middle (up to 40 lighter) and darker towards
    its corners (up to 40 darker), like a lit button."""
    from PIL import Image

    y, x = (np.mgrid[:side, :side] + 0.5) / side - 0.5
    r = np.hypot(x, y) / np.sqrt(0.5)
    pixels = np.clip(np.array(rgb, np.float32)[None, None] + (40 - 80 * r)[..., None], 0, 255)
    return Image.fromarray(pixels.astype(np.uint8))


def _striped(rgb: tuple[int, int, int], side: int):
    """A ``side``-pixel square of ``rgb`` crossed by diagonal bands 30 lighter, each as wide as the
    gap between two (about a seventh of the side apart), like a candy-striped tile."""
    from PIL import Image

    y, x = np.mgrid[:side, :side]
    period = max(6, side // 7)
    band = ((x + y) % period) < period / 2
    pixels = np.clip(np.array(rgb, np.float32)[None, None] + 30 * band[..., None], 0, 255)
    return Image.fromarray(pixels.astype(np.uint8))


def _halftone(rgb: tuple[int, int, int], side: int):
    """A ``side``-pixel square of ``rgb`` printed with a grid of round dots 35 darker (about nine
    across, each a third of the grid's pitch wide), like a comic book's halftone."""
    from PIL import Image

    y, x = np.mgrid[:side, :side] + 0.5
    pitch = max(4.0, side / 9)
    dy, dx = (y % pitch) - pitch / 2, (x % pitch) - pitch / 2
    dot = np.hypot(dx, dy) < pitch / 6
    pixels = np.clip(np.array(rgb, np.float32)[None, None] - 35 * dot[..., None], 0, 255)
    return Image.fromarray(pixels.astype(np.uint8))


def _sheen(rgb: tuple[int, int, int], side: int):
    """A ``side``-pixel square of ``rgb`` crossed from its bottom left to its top right by a soft
    band of light (up to 50 lighter, a quarter of the side wide), like a glass tile's reflection."""
    from PIL import Image

    y, x = (np.mgrid[:side, :side] + 0.5) / side
    distance = np.abs(x + y - 0.9) / np.sqrt(2)  # from the band's middle line, a little above the centre
    light = 50 * np.clip(1 - distance / 0.18, 0, 1)
    pixels = np.clip(np.array(rgb, np.float32)[None, None] + light[..., None], 0, 255)
    return Image.fromarray(pixels.astype(np.uint8))


FACES = {"shaded": _shaded, "bevelled": _bevelled, "pale": _pale, "glossy": _glossy, "grain": _grain,
         "speckle": _speckle, "radial": _radial, "striped": _striped, "halftone": _halftone,
         "sheen": _sheen}


def _tile_mask(side: int, radius: int):
    from PIL import Image, ImageDraw

    mask = Image.new("L", (side, side), 0)
    ImageDraw.Draw(mask).rounded_rectangle([0, 0, side - 1, side - 1], radius=radius, fill=255)
    return mask


def render(rng: np.random.Generator, look: Look, rows: int, cols: int, lang: str = "ru",
           tile: int | None = None, screen: tuple[int, int] = SCREEN,
           letters: list[str] | None = None) -> Screenshot:
    """A screenshot with a ``rows``x``cols`` board drawn in ``look``; random letters (and empty
    cells when the look has them) unless ``letters`` (row-major, "" = empty) is given."""
    from PIL import Image, ImageDraw

    alpha = alphabet(lang)
    sw, sh = screen
    dw, dh = int(round(sw / look.scale)), int(round(sh / look.scale))  # drawing size
    pitch_max = min((dw - 40) / cols, (dh - 60) / rows)
    if tile is None:
        lo = max(22 / look.scale, 14)
        tile = int(rng.uniform(lo, max(lo + 1, min(pitch_max / (1 + look.gap), 110))))
    else:
        tile = int(round(tile / look.scale))
    gap = max(2, int(round(tile * look.gap)))
    pitch = tile + gap
    bw, bh = cols * pitch - gap, rows * pitch - gap
    if bw > dw - 20 or bh > dh - 20:
        raise ValueError(f"a {rows}x{cols} board of {tile}px tiles does not fit the screen")
    bx = int(rng.integers(10 + gap, dw - bw - 10 - gap + 1))
    by = int(rng.integers(10 + gap, dh - bh - 10 - gap + 1))

    img = Image.new("RGB", (dw, dh), _rgb(rng))
    draw = ImageDraw.Draw(img)
    _clutter(draw, rng, dw, dh)
    margin = int(gap * rng.uniform(1.0, 3.0)) + 2
    draw.rectangle([bx - margin, by - margin, bx + bw + margin, by + bh + margin], fill=look.panel_rgb)

    if letters is None:
        letters = [alpha.letters[int(i)] for i in rng.integers(0, alpha.size, rows * cols)]
        if lang == "en" and look.multi:
            letters = [DIGRAPHS[int(rng.integers(len(DIGRAPHS)))] if rng.random() < look.multi else ch
                       for ch in letters]
        if look.empty_rgb is not None:
            letters = [ch if rng.random() > 0.4 else "" for ch in letters]
    # What is drawn: Ё for some Е (the tile reads е), multi-letter tiles as "Qu".
    drawn = [_glyphs("ё" if ch == "е" and rng.random() < 0.15 else ch, look.case) for ch in letters]
    font = _fitting_font(look.font, tile, look.letter_size,
                         [_glyphs(ch, look.case) for ch in alpha.letters + "ё"] + [t for t in drawn if t],
                         0.66 if look.shape == "circle" else 0.84)
    small = _font(look.font, max(5, int(tile * 0.17)))
    radius = int(tile * look.radius)
    centres = []
    for i, ch in enumerate(drawn):
        r, c = divmod(i, cols)
        x0, y0 = bx + c * pitch, by + r * pitch
        fill = look.tile_rgb if ch or look.empty_rgb is None else look.empty_rgb
        if look.shape == "outline":
            draw.rounded_rectangle([x0, y0, x0 + tile - 1, y0 + tile - 1], radius=radius,
                                   outline=fill, width=max(1, tile // 18), fill=look.panel_rgb)
        elif look.shape in FACES:
            img.paste(FACES[look.shape](fill, tile), (x0, y0), _tile_mask(tile, radius))
        elif look.shape == "circle":
            draw.ellipse([x0, y0, x0 + tile - 1, y0 + tile - 1], fill=fill)
        elif look.shape == "inset":
            draw.rounded_rectangle([x0, y0, x0 + tile - 1, y0 + tile - 1], radius=radius, fill=fill)
            inset, width = max(2, int(round(tile * 0.08))), max(1, tile // 24)
            draw.rounded_rectangle([x0 + inset, y0 + inset, x0 + tile - 1 - inset, y0 + tile - 1 - inset],
                                   radius=max(0, radius - inset), outline=tuple(int(v * 0.7) for v in fill),
                                   width=width)
        else:
            if look.shape in ("shadowed", "thick"):
                off = max(2, int(round(tile * 0.07)))
                shadow = tuple(int(v * 0.55) for v in (look.panel_rgb if look.shape == "shadowed" else fill))
                dx = off if look.shape == "shadowed" else 0
                draw.rounded_rectangle([x0 + dx, y0 + off, x0 + tile - 1 + dx, y0 + tile - 1 + off],
                                       radius=radius, fill=shadow)
            draw.rounded_rectangle([x0, y0, x0 + tile - 1, y0 + tile - 1], radius=radius, fill=fill)
        cx, cy = x0 + tile / 2, y0 + tile / 2
        centres.append((cx, cy))
        if not ch:
            continue
        left, top, right, bottom = font.getbbox(ch)
        at = (cx - (left + right) / 2, cy - (top + bottom) / 2)
        if look.effect == "shadow":
            off = max(1, round(tile * 0.04))
            shade = tuple(int(v * 0.35) for v in look.tile_rgb)
            draw.text((at[0] + off, at[1] + off), ch, fill=shade, font=font)
        bold = max(1, tile // 36) if look.effect == "bold" else 0
        draw.text(at, ch, fill=look.text_rgb, font=font, stroke_width=bold, stroke_fill=look.text_rgb)
        if look.corner_numbers:
            value = str(int(rng.integers(1, 11)))
            draw.text((x0 + tile * 0.93, y0 + tile * 0.05), value, fill=look.text_rgb, font=small,
                      anchor="ra")

    image = cv2.cvtColor(np.asarray(img), cv2.COLOR_RGB2BGR)
    k = sw / dw
    if (dw, dh) != (sw, sh):
        image = cv2.resize(image, (sw, sh), interpolation=cv2.INTER_AREA if k < 1 else cv2.INTER_LINEAR)
    if look.blur > 0:
        image = cv2.GaussianBlur(image, (0, 0), look.blur)
    if look.jpeg:
        image = cv2.imdecode(cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, look.jpeg])[1],
                             cv2.IMREAD_COLOR)
    box = (int(round(bx * k)), int(round(by * k)), int(round(bw * k)), int(round(bh * k)))
    return Screenshot(image=image, rows=rows, cols=cols, tiles=letters, box=box,
                      centres=np.array(centres) * k, look=look)


def random_screenshot(rng: np.random.Generator, lang: str = "ru", heldout: bool = False,
                      rows: int | None = None, cols: int | None = None, pool: str = "") -> Screenshot:
    """A random look and board size (3x3 to 15x15 unless given), placed on a 1600x900 desktop."""
    look = random_look(rng, heldout, pool)
    rows = rows or int(rng.integers(3, 16))
    cols = cols or (rows if rng.random() < 0.6 else int(rng.integers(3, 16)))
    return render(rng, look, rows, cols, lang)
