"""Regenerate the built-in glyph templates: src/wordbot/ocr/data/glyphs.npz.

Every Russian and English letter, upper and lower case (Russian Ё/ё too, a glyph of its own that
reads е), is rendered with each font of ``BANK_FONTS`` at
several cap heights (small ones for the blocky, grey look of small tiles, where most doubtful
readings were, and a large one), the small ones also blurred (screenshots scaled or blurred by an
emulator), the larger ones also in faux bold (games stroke their letters to thicken them), each
mapped to ink and normalized the way a tile read from the screen is
(``wordbot.ocr.tile.soft_ink``, ``wordbot.ocr.glyph.normalize``).
Renderings nearly the same as another letter's (score >= ``AMBIGUOUS``) are left out, and of a
letter's renderings, those nearly the same as a kept one (score >= ``SAME``, any font). A
template's label is the glyph as drawn ("Ж", "ж", "Ё"): a board is read in one alphabet and one
case (``wordbot.ocr.bank``), so capital I and small l, identical in many fonts, never meet.

The fonts come from Debian packages: fonts-dejavu-core, fonts-dejavu-extra, fonts-liberation
(Liberation 2), fonts-freefont-ttf, fonts-noto-core, fonts-noto-mono, fonts-noto-extra,
fonts-urw-base35, fonts-inter, fonts-crosextra-carlito, fonts-open-sans, fonts-roboto-unhinted,
fonts-paratype, fonts-cantarell, fonts-pc, fonts-pc-extra. None of the benchmark's held-out fonts
(``wordbot.ocr.synthetic.HELDOUT_FONTS``) is used here, nor the development looks' validation
fonts (``VALIDATION_FONTS``: looks whose fonts the bank does not hold, to tune against).

Usage: python scripts/build_glyphs.py
Needs: pip install pillow; bash scripts/setup_system.sh bench (the font packages)
"""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
from PIL import Image, ImageDraw, ImageFont

from wordbot.lexicon.alphabet import LANGS, alphabet
from wordbot.ocr.bank import mixed, similarity
from wordbot.ocr.glyph import features, normalize, shapes
from wordbot.ocr.synthetic import (
    BLIND_FONTS,
    HEAVY_FONTS,
    HELDOUT_FONTS,
    OLD_STYLE_FONTS,
    WIDER_FONTS,
    font_path,
)
from wordbot.ocr.tile import soft_ink

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
    # The benchmark's second blind set, once its run was done.
    "open-sans/OpenSans-Bold.ttf", "open-sans/OpenSans-Semibold.ttf",
    "roboto/unhinted/RobotoTTF/Roboto-Bold.ttf", "roboto/unhinted/RobotoCondensed-Bold.ttf",
    "paratype/PTS75F.ttf", "paratype/PTF75F.ttf", "cantarell/Cantarell-Bold.otf",
    "noto/NotoSans-Black.ttf",
    # More kinds of type: monospaced slabs, serifs, a condensed serif, narrow and display sans.
    "freefont/FreeMonoBold.ttf", "urw-base35/NimbusMonoPS-Bold.otf", "paratype/PTM75F.ttf",
    "urw-base35/NimbusRoman-Bold.otf", "urw-base35/URWBookman-Demi.otf", "urw-base35/P052-Bold.otf",
    "dejavu/DejaVuSerifCondensed-Bold.ttf", "urw-base35/NimbusSans-Bold.otf",
    "liberation/LiberationSansNarrow-Bold.ttf", "noto/NotoSansDisplay-Bold.ttf",
    # 8-bit PCs' pixel faces (their V is U with a narrow foot: with none, a pixel V fit U far better
    # than any V and was read as U with confidence).
    "pc/Px_IBM_VGA8.ttf", "pc/Px_IBM_CGA.ttf", "pc/Px_TandyNew_TV.ttf",
)
# Development fonts kept out of the bank: looks drawn in them show how reading does on a font the
# bank has never seen, without touching the benchmark's blind set.
VALIDATION_FONTS = ("comfortaa/Comfortaa-Bold.ttf", "jura/Jura-Bold.otf", "paratype/PTN77F.ttf",
                    "lato/Lato-Bold.ttf", "pc/Px_IBM_EGA9.ttf", "pc/Px_IBM_CGAthin.ttf", "pc/Px_IBM_MDA.ttf")
CAP_HEIGHTS = (9, 12, 16, 24, 48)  # pixels
BLURRED = (9, 12, 16)  # cap heights also rendered blurred, with each of these sigmas (pixels):
BLURS = (0.5, 0.9)
BOLD_CAPS = (16, 24, 48)  # cap heights also rendered in faux bold (stroked in the letter's colour)
FAUX_BOLD = 0.07  # the stroke's width as a fraction of the cap height (games thicken letters so)
SHADOW_CAPS = (16, 24, 48)  # cap heights also rendered with a letter shadow of the letter's colour
SHADOW_SHIFT = 0.085  # the shadow's shift right and down as a fraction of the cap height (games cast
# a letter's shadow so: a dark shadow on a light tile joins a dark letter, and the reader cannot
# take it apart by colour)
SAME = 0.965  # score above which a rendering adds nothing to the letter's others
AMBIGUOUS = 0.95  # score with another letter's rendering above which a rendering is left out (crisp
# renderings of two letters score up to 0.947, a few 9-pixel ones more; blurred small ones up to 1.0)
ALTERNATE = {"Л": "Λ", "л": "Λ"}  # forms some faces draw a letter in, rendered from another character
# where a bank font has none of its own: Л as a Greek capital lambda (Berenis ADF's Л and л, URW
# Gothic's Л). Without one, a serif Λ fit the thin-barred А of the bank's serifs far better than any
# Л and was read as А with confidence (a spent blind set's face, 56 tiles on 80 of its boards).
MISSING = "\uffff"  # a character no font draws: a font without a glyph draws this one's box for it
GREY_STEP = 17  # stored grey levels are multiples of this (16 levels): matching blurs finer steps
# away, and the file is half the size


def render(font: ImageFont.FreeTypeFont, letter: str, stroke: int = 0) -> np.ndarray:
    """Coverage (0..1) of ``letter``, stroked ``stroke`` pixels wide in its own colour (faux bold)."""
    left, top, right, bottom = font.getbbox(letter, stroke_width=stroke)
    img = Image.new("L", (right - left + 8, bottom - top + 8), 0)
    ImageDraw.Draw(img).text((4 - left, 4 - top), letter, fill=255, font=font, stroke_width=stroke,
                             stroke_fill=255)
    return np.asarray(img, np.float32) / 255


def renderings(path: Path, letter: str) -> list[np.ndarray]:
    """Normalized pictures of ``letter`` in the font at ``path``: every cap height, the small ones
    also blurred, the larger ones also in faux bold and with a letter shadow. None where the font
    has no glyph for it."""
    out = []
    for cap in CAP_HEIGHTS:
        font = ImageFont.truetype(str(path), int(round(cap / 0.72)))
        coverage = render(font, letter)
        if np.array_equal(coverage, render(font, MISSING)):
            return []
        blurred = [cv2.GaussianBlur(coverage, (0, 0), s) for s in BLURS] if cap in BLURRED else []
        bold = [render(font, letter, int(round(FAUX_BOLD * cap)))] if cap in BOLD_CAPS else []
        shadowed = [_shadowed(coverage, max(1, int(round(SHADOW_SHIFT * cap))))] if cap in SHADOW_CAPS else []
        # each as a tile is read
        out += [normalize(soft_ink(c, 1.0)) for c in [coverage, *blurred, *bold, *shadowed]]
    return out


def _shadowed(coverage: np.ndarray, shift: int) -> np.ndarray:
    """``coverage`` with a copy of itself ``shift`` pixels right and down, joined (a letter shadow of
    the letter's colour)."""
    h, w = coverage.shape
    out = np.zeros((h + shift, w + shift), np.float32)
    out[shift:, shift:] = coverage
    out[:h, :w] = np.maximum(out[:h, :w], coverage)
    return out


def distinct(pictures: np.ndarray) -> list[int]:
    """Indices of ``pictures`` less those scoring ``SAME`` or more with an earlier kept one."""
    scores = similarity(pictures)
    kept: list[int] = []
    for i in range(len(pictures)):
        if all(scores[i, j] < SAME for j in kept):
            kept.append(i)
    return kept


def unambiguous(pictures: np.ndarray, labels: np.ndarray) -> np.ndarray:
    """Whether each picture scores below ``AMBIGUOUS`` with every picture of another letter (a
    heavily blurred small Й whose breve is gone is an И, and as a template would read И as Й)."""
    pixel, shape = features(pictures), shapes(pictures)
    out = np.ones(len(pictures), bool)
    for start in range(0, len(pictures), 1024):
        rows = slice(start, start + 1024)
        scores = mixed(pixel[rows], shape[rows], pixel, shape)
        scores[labels[rows, None] == labels[None, :]] = -1
        out[rows] = scores.max(axis=1) < AMBIGUOUS
    return out


def glyphs(lang: str) -> list[str]:
    """The glyphs of ``lang`` as drawn: every letter in both cases (Russian Ё and ё too)."""
    letters = alphabet(lang).letters + ("ё" if lang == "ru" else "")
    return [ch.upper() for ch in letters] + list(letters)


def main() -> None:
    kept_out = (set(HELDOUT_FONTS) | set(BLIND_FONTS) | set(HEAVY_FONTS) | set(OLD_STYLE_FONTS)
                | set(WIDER_FONTS) | set(VALIDATION_FONTS))
    assert not set(BANK_FONTS) & kept_out
    paths = [font_path(name) for name in BANK_FONTS]
    missing = [name for name, path in zip(BANK_FONTS, paths, strict=True) if path is None]
    if missing:
        raise SystemExit(f"fonts missing: {', '.join(missing)}: install their Debian packages")
    pictures, labels, fonts = [], [], []
    for lang in LANGS:
        for case in (str.isupper, str.islower):  # a set of templates is matched on its own
            drawn = [(letter, name, pic) for letter in glyphs(lang) if case(letter)
                     for form in (letter, *ALTERNATE.get(letter, ""))
                     for name, path in zip(BANK_FONTS, paths, strict=True)
                     for pic in renderings(path, form)]
            letter_of = np.array([letter for letter, _, _ in drawn])
            clear = unambiguous(np.array([pic for _, _, pic in drawn]), letter_of)
            for letter in dict.fromkeys(letter_of):
                mine = [drawn[i] for i in np.nonzero((letter_of == letter) & clear)[0]]
                for i in distinct(np.array([pic for _, _, pic in mine])):
                    pictures.append(mine[i][2])
                    labels.append(letter)
                    fonts.append(mine[i][1])
    OUT.parent.mkdir(parents=True, exist_ok=True)
    pictures = (np.round(np.array(pictures) / GREY_STEP) * GREY_STEP).astype(np.uint8)
    np.savez_compressed(OUT, pictures=pictures, labels=np.array(labels), fonts=np.array(fonts))
    print(f"{OUT}: {len(pictures)} templates, {OUT.stat().st_size // 1024} KiB")


if __name__ == "__main__":
    main()
