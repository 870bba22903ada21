#!/usr/bin/env bash
# Install the system packages the tests, the demo and the bench need (Tesseract with Russian and English
# data, a virtual X display, xdotool, fonts with Cyrillic, a C compiler for the bench baselines),
# where apt-get is usable as root. Elsewhere, say what is missing and go on.
set -u
PACKAGES=(tesseract-ocr tesseract-ocr-rus tesseract-ocr-eng xvfb xdotool x11-utils
          fonts-dejavu-core fonts-liberation fonts-freefont-ttf fonts-noto-core gcc
          fonts-urw-base35 fonts-dejavu-extra)  # the last two: looks held out for the vision bench
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
