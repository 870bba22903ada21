"""Templates learned from the user's own game: what its glyphs look like, stored in its profile.

Three ways in: a labelled screenshot (the user types the board), readings the user confirmed,
or Tesseract (pytesseract) reading the tiles on its own, kept where it is sure. Each gives
(pictures, labels) for ``calibration.profile.save_learned``.
"""

from __future__ import annotations

import cv2
import numpy as np

from wordbot.calibration.detect import BoardGeometry
from wordbot.errors import WordbotError
from wordbot.lexicon.alphabet import alphabet
from wordbot.ocr.bank import builtin_bank, glyph_letters
from wordbot.ocr.glyph import SIZE
from wordbot.ocr.read import SHRINK, BoardReading, tile_pictures
from wordbot.ocr.tile import letter_ink

TESSERACT_LANG = {"ru": "rus", "en": "eng"}
TESSERACT_HEIGHT = 64  # pixels: the letter height Tesseract is given


def from_reading(reading: BoardReading, tiles: list[str], lang: str) -> tuple[np.ndarray, np.ndarray]:
    """Templates from a reading whose true tiles are ``tiles`` (row-major, "" = empty; a
    multi-letter tile such as "qu" is learned glyph by glyph where the reader saw its glyphs apart,
    else as one picture)."""
    glyphs = glyph_letters(lang)
    tiles = [t.strip().lower() for t in tiles]
    if len(tiles) != reading.rows * reading.cols:
        raise WordbotError(f"the labels give {len(tiles)} tiles; the board has "
                           f"{reading.rows}x{reading.cols} = {reading.rows * reading.cols}")
    bad = [ch for t in tiles for ch in t if ch not in glyphs]
    if bad:
        raise WordbotError(f"letter {bad[0]!r} is not in the {lang} alphabet")
    inked = reading.pictures.reshape(len(tiles), -1).any(axis=1)
    pictures, labels = [], []
    for i, t in enumerate(tiles):
        if not t or not inked[i]:
            continue
        parts = reading.parts.get(i)
        if len(t) > 1 and parts is not None and len(parts) == len(t):
            pictures += list(parts)
            labels += list(t)
        else:
            pictures.append(reading.pictures[i])
            labels.append(t)
    return np.array(pictures, np.uint8).reshape(-1, SIZE, SIZE), np.array(labels, dtype=str)


def parse_labels(text: str) -> list[str]:
    """A typed board, rows joined by "/" ("." = empty cell, "[qu]" = one multi-letter tile), as
    row-major tiles."""
    tiles: list[str] = []
    rest = text.replace("/", "").replace(" ", "")
    while rest:
        if rest[0] == "[":
            end = rest.find("]")
            if end < 2:
                raise WordbotError(f"an unclosed or empty [ in the labels {text!r} (a multi-letter tile "
                                   f"is written [qu])")
            tiles.append(rest[1:end].lower())
            rest = rest[end + 1:]
        else:
            tiles.append("" if rest[0] == "." else rest[0].lower())
            rest = rest[1:]
    return tiles


def from_tesseract(image: np.ndarray, geometry: BoardGeometry, lang: str,
                   min_conf: float = 80) -> tuple[np.ndarray, np.ndarray]:
    """Templates from the tiles Tesseract reads with at least ``min_conf`` (0..100) confidence and
    the same letter as the built-in bank's best match (Tesseract alone confuses single letters,
    e.g. Й and И, even when it says it is sure; a wrong learned template would be read as sure)."""
    import pytesseract

    alpha = alphabet(lang)
    try:
        pytesseract.get_tesseract_version()
    except pytesseract.TesseractNotFoundError:
        raise WordbotError("tesseract is not installed (apt-get install tesseract-ocr)") from None
    whitelist = alpha.letters.upper() + ("Ё" if lang == "ru" else "")
    config = f"--psm 10 -c tessedit_char_whitelist={whitelist}"
    pictures = tile_pictures(image, geometry).pictures
    keep, labels = [], []
    for i in range(len(pictures)):
        if not pictures[i].any():
            continue
        x, y, w, h = geometry.cell_box(i, SHRINK)
        ink = letter_ink(image[max(0, y): y + h, max(0, x): x + w]).mask
        if ink is None:
            continue
        # Tesseract reads single letters best dark on white, with a margin, at about 64 px tall
        # (at 30 px it is sure of a third as many).
        ys = np.nonzero((ink >= 0.25).any(axis=1))[0]
        if len(ys) == 0:
            continue
        k = TESSERACT_HEIGHT / (ys[-1] - ys[0] + 1)
        ink = cv2.resize(ink, None, fx=k, fy=k, interpolation=cv2.INTER_CUBIC)
        page = cv2.copyMakeBorder((255 - np.clip(ink, 0, 1) * 255).astype(np.uint8), 20, 20, 20, 20,
                                  cv2.BORDER_CONSTANT, value=255)
        data = pytesseract.image_to_data(page, lang=TESSERACT_LANG[lang], config=config,
                                         output_type=pytesseract.Output.DICT)
        for text, conf in zip(data["text"], data["conf"], strict=True):
            letter = alpha.normalize(text)
            if len(letter) == 1 and alpha.code(letter) >= 0 and float(conf) >= min_conf:
                keep.append(i)
                labels.append(letter)
                break
    if keep:
        agree = np.array(builtin_bank(lang).match(pictures[keep]).letters) == np.array(labels)
        keep, labels = list(np.array(keep)[agree]), list(np.array(labels)[agree])
    return pictures[keep], np.array(labels, dtype="<U1")
