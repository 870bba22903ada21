"""The score's digits as the game draws them, learned from Tesseract's readings and read back by
their exact pixels: a millisecond, where Tesseract's three votes take a second or two on a busy
machine (two words in flight are told apart by the score's rise, read while play waits).

A glyph is a run of inked columns of the number's crop, keyed by all its pixels: the same digit
drawn at the same place and height is the same bytes. A key is trusted once TRUST readings whose
votes agreed named it alike and none named it otherwise; a number with any glyph not trusted (a
digit not seen yet, one drawn at another sub-pixel offset, a repaint caught half done) is left to
Tesseract. Nothing is guessed: a misread is possible only where Tesseract's agreeing votes were
wrong twice alike on the same pixels.
"""

from __future__ import annotations

import threading
from collections import Counter

import numpy as np

from wordbot.ocr.text import DIFF, background, distance, runs

TRUST = 2  # agreeing readings that must name a glyph alike before it is read without Tesseract
KEYS = 400  # glyphs kept at most (a score drawn anew each time, a fading colour: never the same bytes)


def glyphs(crop: np.ndarray) -> list[bytes]:
    """The glyphs of a one-line crop, left to right: each run of columns holding the ink's core
    (its faint edges join neighbouring digits of a small font), as its pixels (with its width and
    the crop's height, so that bytes of two shapes never collide)."""
    dist = distance(crop, background(crop))
    inked = (dist > max(DIFF, 0.5 * float(dist.max()))).any(axis=0)
    return [b"%dx%d:" % (b - a, crop.shape[0]) + np.ascontiguousarray(crop[:, a:b]).tobytes()
            for a, b in runs(inked)]


class DigitGlyphs:
    """A game's score digits, learned during one round (thread-safe: the score is read from the
    loop, the rise reader and the follower)."""

    def __init__(self) -> None:
        self._names: dict[bytes, Counter[str]] = {}
        self._lock = threading.Lock()

    def read(self, crop: np.ndarray) -> int | None:
        """The number in ``crop``, where every glyph of it is trusted; else None."""
        keys = glyphs(crop)
        with self._lock:
            names = [self._names.get(k) for k in keys]
        if not keys or len(keys) > 9 or any(n is None or len(n) != 1 or n.total() < TRUST for n in names):
            return None
        return int("".join(next(iter(n)) for n in names))

    def learn(self, crop: np.ndarray, value: int) -> None:
        """``crop`` shows ``value`` (votes that agreed): each glyph is named by its digit, where the
        glyphs are as many as the digits."""
        keys, digits = glyphs(crop), str(value)
        if len(keys) != len(digits):
            return
        with self._lock:
            for key, digit in zip(keys, digits, strict=True):
                if key in self._names or len(self._names) < KEYS:
                    self._names.setdefault(key, Counter())[digit] += 1
