"""Labelled synthetic screenshots: a letter board of any size somewhere on a cluttered desktop.

Used by the tests and by ``wordbot bench`` to measure board detection and OCR. A ``Look`` fixes
how a board is drawn (font, colours, tile shape, corner numbers, empty cells, blur, scaling);
``random_look(rng, heldout=...)`` draws one from two disjoint pools: the development pool (fonts
and styles used while building and testing) and the held-out pool (other fonts and styles, used
only by the benchmark, so its figure says how reading does on a look it has never seen).

Needs Pillow and these Debian font packages (under ``FONT_DIRS``): fonts-dejavu-core,
fonts-dejavu-extra, fonts-liberation, fonts-freefont-ttf, fonts-noto-core, fonts-noto-mono,
fonts-urw-base35, fonts-inter, fonts-crosextra-carlito (the rest of ``DEV_FONTS`` and the held-out
looks need the packages named beside them: ``scripts/setup_system.sh bench`` installs them all); a
missing font file is skipped.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import cv2
import numpy as np

from wordbot.lexicon.alphabet import alphabet

FONT_DIRS = (Path("/usr/share/fonts/truetype"), Path("/usr/share/fonts/opentype"), Path("/usr/share/fonts"))

# Fonts of looks used during development and in the tests (the template bank is built from a
# subset of these, see scripts/build_glyphs.py). All but the first eleven were once the benchmark's
# held-out fonts: the URW, narrow, condensed, display and mono ones until the first blind run, the
# Open Sans .. Jura ones (Debian fonts-open-sans, fonts-roboto-unhinted, fonts-paratype,
# fonts-cantarell, fonts-noto-extra, fonts-lato, fonts-comfortaa, fonts-jura) until the second;
# the last six widen the kinds of type (monospaced slabs, serifs).
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
)
# Never used in development, in the bank or in tests, and their per-tile failures never looked at:
# the benchmark's blind fonts, chosen on 2026-11-22 before any tuning (Debian fonts-hack,
# fonts-jetbrains-mono, fonts-go, fonts-sil-andika, fonts-sil-charis, fonts-yanone-kaffeesatz,
# fonts-firacode, fonts-play, fonts-manrope, fonts-roboto-slab, fonts-linuxlibertine,
# fonts-oldstandard).
HELDOUT_FONTS = (
    "hack/Hack-Bold.ttf", "jetbrains-mono/JetBrainsMono-ExtraBold.ttf", "fonts-go/Go-Bold.ttf",
    "andika/Andika-Bold.ttf", "charis/CharisSIL-Bold.ttf",
    "yanone-kaffeesatz/YanoneKaffeesatz-Bold.otf", "firacode/FiraCode-Bold.ttf", "play/Play-Bold.ttf",
    "manrope/Manrope-ExtraBold.ttf", "roboto/slab/RobotoSlab-Bold.otf",
    "linux-libertine/LinBiolinum_RB.otf", "fonts-oldstandard/OldStandard-Bold.ttf",
)

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
    # rim) | "shadowed" (a rounded tile casting a dark shadow to its bottom right)
    radius: float  # corner radius as a fraction of the tile side
    gap: float  # gap between tiles as a fraction of the tile side
    letter_size: float  # glyph cap height as a fraction of the tile side
    corner_numbers: bool  # small letter values in a tile corner (Wordament-like)
    empty_rgb: tuple[int, int, int] | None  # colour of empty (Balda) cells; None: no empty cells
    blur: float  # Gaussian sigma in output pixels
    scale: float  # drawn at 1/scale of the final size, then resized (1.0: none)


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
    for d in FONT_DIRS:
        if (d / name).is_file():
            return d / name
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


def random_look(rng: np.random.Generator, heldout: bool = False) -> Look:
    """A look from the development pool, or (``heldout``) from the benchmark-only pool: other
    fonts, plus a tile style never drawn in development (shadowed tiles; chosen on 2026-11-22, when
    the bevelled ones, held out before, joined development)."""
    fonts = available(HELDOUT_FONTS if heldout else DEV_FONTS)
    font = fonts[int(rng.integers(len(fonts)))]
    shapes = ("square", "rounded", "outline", "shaded", "bevelled") + (("shadowed",) if heldout else ())
    shape = shapes[int(rng.integers(len(shapes)))]
    panel = _rgb(rng)
    tile = _contrasting(rng, panel, 35)
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
        gap=float(rng.uniform(0.05, 0.25)),
        # Games with letter values keep the letter clear of the corner number.
        letter_size=float(rng.uniform(0.38, 0.45 if corner_numbers else 0.6)),
        corner_numbers=corner_numbers,
        empty_rgb=empty,
        blur=float(rng.choice([0.0, 0.0, rng.uniform(0.3, 1.0)])),
        scale=float(rng.choice([1.0, 1.0, rng.uniform(0.75, 1.3)])),
    )


@lru_cache(maxsize=256)
def _font(name: str, size: int):
    from PIL import ImageFont

    return ImageFont.truetype(str(font_path(name)), size)


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


def _fitting_font(name: str, tile: int, letter_size: float, letters: str):
    """The font at ``letter_size`` of the tile (cap height), made smaller where the widest letter
    of the alphabet would not fit in 84 % of the tile (a game sizes its letters to fit its tiles;
    the reader sees 88 %)."""
    size = max(6, int(round(tile * letter_size / 0.72)))
    font = _font(name, size)
    widest = max(right - left for left, _, right, _ in (font.getbbox(ch.upper()) for ch in letters))
    if widest > 0.84 * tile:
        font = _font(name, max(6, int(size * 0.84 * tile / widest)))
    return font


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
        if look.empty_rgb is not None:
            letters = [ch if rng.random() > 0.4 else "" for ch in letters]
    font = _fitting_font(look.font, tile, look.letter_size, alpha.letters)
    small = _font(look.font, max(5, int(tile * 0.17)))
    radius = int(tile * look.radius)
    centres = []
    for i, ch in enumerate(letters):
        r, c = divmod(i, cols)
        x0, y0 = bx + c * pitch, by + r * pitch
        fill = look.tile_rgb if ch or look.empty_rgb is None else look.empty_rgb
        if look.shape == "outline":
            draw.rounded_rectangle([x0, y0, x0 + tile - 1, y0 + tile - 1], radius=radius,
                                   outline=fill, width=max(1, tile // 18), fill=look.panel_rgb)
        elif look.shape in ("shaded", "bevelled"):
            face = _shaded if look.shape == "shaded" else _bevelled
            img.paste(face(fill, tile), (x0, y0), _tile_mask(tile, radius))
        else:
            if look.shape == "shadowed":
                off = max(2, int(round(tile * 0.07)))
                shadow = tuple(int(v * 0.55) for v in look.panel_rgb)
                draw.rounded_rectangle([x0 + off, y0 + off, x0 + tile - 1 + off, y0 + tile - 1 + off],
                                       radius=radius, fill=shadow)
            draw.rounded_rectangle([x0, y0, x0 + tile - 1, y0 + tile - 1], radius=radius, fill=fill)
        cx, cy = x0 + tile / 2, y0 + tile / 2
        centres.append((cx, cy))
        if not ch:
            continue
        glyph = ch.upper()
        left, top, right, bottom = font.getbbox(glyph)
        draw.text((cx - (left + right) / 2, cy - (top + bottom) / 2), glyph, fill=look.text_rgb, font=font)
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
    box = (int(round(bx * k)), int(round(by * k)), int(round(bw * k)), int(round(bh * k)))
    return Screenshot(image=image, rows=rows, cols=cols, tiles=letters, box=box,
                      centres=np.array(centres) * k, look=look)


def random_screenshot(rng: np.random.Generator, lang: str = "ru", heldout: bool = False,
                      rows: int | None = None, cols: int | None = None) -> Screenshot:
    """A random look and board size (3x3 to 15x15 unless given), placed on a 1600x900 desktop."""
    look = random_look(rng, heldout)
    rows = rows or int(rng.integers(3, 16))
    cols = cols or (rows if rng.random() < 0.6 else int(rng.integers(3, 16)))
    return render(rng, look, rows, cols, lang)
