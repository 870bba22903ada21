"""A second, independent reader for doubtful tiles: Tesseract, on the letters' ink.

The template reader leaves a tile doubtful when its glyph is far from every template or nearly as
close to two letters; Tesseract, trained on other fonts in another way, often reads such a glyph.
Neither is trusted alone: a tile is taken when Tesseract is fairly sure (``SURE``) of one letter
and that letter is one of the template reader's two best (``wordbot.ocr.read``). Tesseract is slow
(a process per call, about 0.2 s): the doubtful glyphs of a board go in one page, stacked one per
line, and each glyph's answer is kept (``CACHE`` of them, keyed by its ink), so a game's frames,
read again and again, call it once per new glyph. Without Tesseract installed there is no second
opinion and doubtful tiles stay doubtful.
"""

from __future__ import annotations

from functools import lru_cache

import cv2
import numpy as np

from wordbot.kept import Kept
from wordbot.lexicon.alphabet import alphabet

SURE = 80  # Tesseract's own confidence (0..100) from which its letter counts as an opinion
HEIGHT = 48  # pixels: the letter height Tesseract is given (it reads letters of 30 px far worse)
CACHE = 4096  # glyphs whose answers are kept
TIMEOUT = 5.0  # seconds one Tesseract call may take
LANGS = {"ru": "rus", "en": "eng"}

_answers: Kept[str] = Kept(CACHE)


@lru_cache(maxsize=1)
def available() -> bool:
    """Whether pytesseract and the tesseract program (with both languages' data) are installed."""
    try:
        import pytesseract

        return set(LANGS.values()) <= set(pytesseract.get_languages(config=""))
    except Exception:  # noqa: BLE001 (any failure to start it means: no second reader)
        return False


def opinions(inks: list[np.ndarray], lang: str, case: str) -> list[str]:
    """Tesseract's letter (lower case, "" when it is not ``SURE`` of one) for each glyph's ink map
    (0..1, cropped or not), read in ``lang``'s alphabet and ``case``."""
    if not inks or not available():
        return [""] * len(inks)
    return _answers.fill([_key(ink, lang, case) for ink in inks],
                         lambda new: _read_page([inks[i] for i in new], lang, case))


def _key(ink: np.ndarray, lang: str, case: str) -> bytes:
    return Kept.key(np.round(np.clip(ink, 0, 1) * 15).astype(np.uint8), lang, case)


def _read_page(inks: list[np.ndarray], lang: str, case: str) -> list[str]:
    """One Tesseract call on a page of the glyphs stacked one per line, dark on white."""
    import pytesseract

    pieces = [_glyph(ink) for ink in inks]
    width = max(p.shape[1] for p in pieces) + HEIGHT
    gap = np.full((HEIGHT // 2, width), 255, np.uint8)
    page, lines = [gap], []
    for piece in pieces:
        line = np.full((HEIGHT, width), 255, np.uint8)
        line[:, HEIGHT // 2: HEIGHT // 2 + piece.shape[1]] = piece
        lines.append(sum(p.shape[0] for p in page))
        page += [line, gap]
    letters = alphabet(lang).letters + ("ё" if lang == "ru" else "")
    whitelist = letters.upper() if case == "upper" else letters
    try:
        data = pytesseract.image_to_data(np.concatenate(page), lang=LANGS[lang], timeout=TIMEOUT,
                                         config=f"--psm 6 -c tessedit_char_whitelist={whitelist}",
                                         output_type=pytesseract.Output.DICT)
    except (RuntimeError, OSError, pytesseract.TesseractError):
        return [""] * len(inks)
    seen: list[list[tuple[str, float]]] = [[] for _ in inks]
    for text, conf, top, height in zip(data["text"], data["conf"], data["top"], data["height"], strict=True):
        if not text.strip():
            continue
        middle = top + height / 2
        for k, y in enumerate(lines):
            if y - HEIGHT / 4 <= middle <= y + HEIGHT * 5 / 4:
                seen[k].append((text.strip(), float(conf)))
    # One word of one letter on a glyph's line, read fairly surely; anything else is no opinion.
    return [words[0][0].lower() if len(words) == 1 and len(words[0][0]) == 1 and words[0][1] >= SURE
            else "" for words in seen]


def _glyph(ink: np.ndarray) -> np.ndarray:
    """The ink cropped to itself, ``HEIGHT`` pixels tall, dark on white."""
    ys = np.nonzero((ink >= 0.25).any(axis=1))[0]
    xs = np.nonzero((ink >= 0.25).any(axis=0))[0]
    if len(ys) == 0:
        return np.full((HEIGHT, 1), 255, np.uint8)
    ink = ink[ys[0]: ys[-1] + 1, xs[0]: xs[-1] + 1]
    k = HEIGHT / ink.shape[0]
    width = max(1, min(4 * HEIGHT, int(round(ink.shape[1] * k))))
    ink = cv2.resize(ink.astype(np.float32), (width, HEIGHT), interpolation=cv2.INTER_CUBIC)
    return (255 - np.clip(ink, 0, 1) * 255).astype(np.uint8)
