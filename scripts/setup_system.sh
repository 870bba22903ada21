#!/usr/bin/env bash
# Install the system packages wordbot needs, where apt-get is usable as root; elsewhere say what
# is missing and go on.
#   scripts/setup_system.sh          what the tests and the demo need: Tesseract with Russian and
#                                    English data, a virtual X display, xdotool, a window manager
#                                    (openbox: focus as users have it), Chromium (the browser game),
#                                    fonts with Cyrillic
#                                    (the OCR's development looks), a C compiler for the baselines
#   scripts/setup_system.sh bench    also the rest of the development looks' fonts and the fonts
#                                    held out of development, for the vision bench, the blind set's
#                                    Debian faces among them (its Python ones: pip install -e '.[bench]')
set -u
PACKAGES=(tesseract-ocr tesseract-ocr-rus tesseract-ocr-eng xvfb xdotool x11-utils gcc openbox chromium
          fonts-dejavu-core fonts-dejavu-extra fonts-liberation fonts-freefont-ttf fonts-noto-core
          fonts-noto-mono fonts-urw-base35 fonts-inter fonts-crosextra-carlito
          fonts-noto-extra fonts-comfortaa fonts-pc fonts-pc-extra fonts-rampart)  # the last five: looks the vision tests draw
DEV_MORE=(fonts-open-sans fonts-roboto-unhinted fonts-paratype fonts-cantarell
          fonts-lato fonts-jura t1-oldslavic
          fonts-terminus  # the spent blind set blind-2026-11-27-d's, now a development look
          fonts-adf-berenis fonts-le-murmure fonts-reggae  # the spent blind-2026-11-29-c's, the same
          fonts-sjfonts fonts-summersby fonts-ancient-scripts)  # the spent blind-2026-11-30's, the same
HELD_OUT=(fonts-hack fonts-jetbrains-mono fonts-go fonts-sil-andika fonts-sil-charis
          fonts-yanone-kaffeesatz fonts-firacode fonts-play fonts-manrope fonts-roboto-slab
          fonts-linuxlibertine fonts-oldstandard fonts-cmu fonts-sil-gentiumplus fonts-anonymous-pro
          fonts-vollkorn fonts-stix fonts-bebas-neue fonts-clear-sans fonts-tuffy fonts-fantasque-sans
          fonts-mononoki fonts-sil-doulos fonts-ebgaramond fonts-3270 fonts-mph-2b-damase
          fonts-morisawa-bizud-gothic fonts-nanum fonts-agave fonts-monoid fonts-symbola fonts-uralic
          fonts-unfonts-core t1-teams fonts-ipafont-gothic fonts-vlgothic fonts-sawarabi-gothic
          fonts-motoya-l-maruberi fonts-dotgothic16 fonts-eurofurence fonts-monofur fonts-baekmuk
          fonts-wqy-zenhei fonts-okolaks fonts-klee fonts-horai-umefont fonts-bpg-georgian fonts-seto
          fonts-lexi-gulim fonts-wine fonts-unifont fonts-misaki fonts-glasstty fonts-triod-postnaja
          fonts-gnutypewriter fonts-konatu fonts-rocknroll fonts-kiloji fonts-train fonts-stick
          fonts-komatuna fonts-naver-d2coding fonts-lxgw-wenkai fonts-yozvox-yozfont-new-kana fonts-woowa-bm
          fonts-nanum-extra fonts-unfonts-extra fonts-arphic-uming fonts-hanazono fonts-smiley-sans
          fonts-oradano-mincho-gsrr fonts-motoya-l-cedar fonts-wqy-microhei fonts-karmilla fonts-osifont
          fonts-migmix fonts-ipamj-mincho fonts-arphic-gkai00mp fonts-cns11643-sung
          fonts-morisawa-bizud-mincho fonts-nanum-eco fonts-mona fonts-arphic-ukai fonts-takao-mincho
          fonts-arphic-gbsn00lp fonts-umeplus-cl fonts-cwtex-heib fonts-cwtex-kai fonts-cwtex-ming
          fonts-babelstone-modern fonts-noto-cjk fonts-monapo fonts-georgewilliams fonts-cns11643-kai
          t1-cyrillic fonts-ukij-uyghur fonts-ricty-diminished fonts-linex fonts-ipaexfont-mincho)
BLIND=(texlive-fonts-extra)  # the blind set blind-2026-12-01's Debian faces (TeX Live's fonts)
[ "${1:-}" = "bench" ] && PACKAGES+=("${DEV_MORE[@]}" "${HELD_OUT[@]}" "${BLIND[@]}")
missing=()
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "installing system packages: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq && apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
else
  echo "note: system packages missing (install them for the OCR/GUI tests and the demo): ${missing[*]}" >&2
fi
