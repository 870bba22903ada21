"""Regenerate the built-in glyph templates: src/wordbot/ocr/data/glyphs.npz.

Every upper-case Russian and English letter is rendered with each font of ``BANK_FONTS`` at
several cap heights (small ones for the blocky, grey look of small tiles, where most doubtful
readings were, and a large one) and normalized with ``wordbot.ocr.glyph.normalize``, the same
routine that normalizes a tile read from the screen; of one font's renderings of a letter, those
nearly the same as a kept one (score >= ``SAME``) are dropped. Russian Ё is stored as е (the
alphabet folds it).

The fonts come from Debian packages: fonts-dejavu-core, fonts-dejavu-extra, fonts-liberation
(Liberation 2), fonts-freefont-ttf, fonts-noto-core, fonts-noto-mono, fonts-urw-base35,
fonts-inter, fonts-crosextra-carlito. None of the benchmark's held-out fonts
(``wordbot.ocr.synthetic.HELDOUT_FONTS``) is used here.

Usage: python scripts/build_glyphs.py
Needs: pip install pillow;
       apt-get install fonts-dejavu-core fonts-dejavu-extra fonts-liberation fonts-freefont-ttf \
           fonts-noto-core fonts-noto-mono fonts-urw-base35 fonts-inter fonts-crosextra-carlito
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw, ImageFont

from wordbot.lexicon.alphabet import alphabet
from wordbot.ocr.bank import similarity
from wordbot.ocr.glyph import normalize
from wordbot.ocr.synthetic import HELDOUT_FONTS, font_path

OUT = Path(__file__).resolve().parents[1] / "src" / "wordbot" / "ocr" / "data" / "glyphs.npz"
BANK_FONTS = (
    "dejavu/DejaVuSans-Bold.ttf", "dejavu/DejaVuSans.ttf", "dejavu/DejaVuSerif-Bold.ttf",
    "liberation/LiberationSans-Bold.ttf", "liberation/LiberationSans-Regular.ttf",
    "liberation/LiberationSerif-Bold.ttf", "freefont/FreeSansBold.ttf", "freefont/FreeSans.ttf",
    "noto/NotoSans-Bold.ttf", "noto/NotoSans-Regular.ttf", "noto/NotoSerif-Bold.ttf",
    "dejavu/DejaVuSansMono-Bold.ttf", "liberation/LiberationMono-Bold.ttf",
    # A geometric font (its Л and Д are Λ-shaped, like А), narrow, condensed, serif and mono
    # shapes, and two more sans families.
    "urw-base35/URWGothic-Demi.otf", "urw-base35/NimbusSansNarrow-Bold.otf",
    "dejavu/DejaVuSansCondensed-Bold.ttf", "urw-base35/C059-Bold.otf", "freefont/FreeSerifBold.ttf",
    "noto/NotoSansMono-Bold.ttf", "inter/Inter-Bold.otf", "crosextra/Carlito-Bold.ttf",
)
CAP_HEIGHTS = (9, 12, 16, 24, 48)  # pixels
SAME = 0.97  # score above which a rendering adds nothing to the font's others of that letter
GREY_STEP = 17  # stored grey levels are multiples of this (16 levels): matching blurs finer steps
# away, and the file is half the size


def render(font: ImageFont.FreeTypeFont, letter: str) -> np.ndarray:
    left, top, right, bottom = font.getbbox(letter)
    img = Image.new("L", (right - left + 8, bottom - top + 8), 0)
    ImageDraw.Draw(img).text((4 - left, 4 - top), letter, fill=255, font=font)
    return np.asarray(img, np.float32) / 255


def distinct(pictures: np.ndarray) -> np.ndarray:
    """``pictures`` less those scoring ``SAME`` or more with an earlier kept one."""
    scores = similarity(pictures)
    kept: list[int] = []
    for i in range(len(pictures)):
        if all(scores[i, j] < SAME for j in kept):
            kept.append(i)
    return pictures[kept]


def main() -> None:
    assert not set(BANK_FONTS) & set(HELDOUT_FONTS)
    pictures, labels, fonts = [], [], []
    for name in BANK_FONTS:
        path = font_path(name)
        if path is None:
            raise SystemExit(f"font {name} is missing: install its Debian package")
        sizes = [ImageFont.truetype(str(path), int(round(cap / 0.72))) for cap in CAP_HEIGHTS]
        for lang in ("ru", "en"):
            for letter in alphabet(lang).letters:
                kept = distinct(np.array([normalize(render(font, letter.upper())) for font in sizes]))
                pictures += list(kept)
                labels += [letter] * len(kept)
                fonts += [name] * len(kept)
    OUT.parent.mkdir(parents=True, exist_ok=True)
    pictures = (np.round(np.array(pictures) / GREY_STEP) * GREY_STEP).astype(np.uint8)
    np.savez_compressed(OUT, pictures=pictures, labels=np.array(labels),
                        fonts=np.array(fonts))
    print(f"{OUT}: {len(pictures)} templates, {OUT.stat().st_size // 1024} KiB")


if __name__ == "__main__":
    main()
