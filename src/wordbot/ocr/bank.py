"""The template bank: normalized glyph pictures with their letters, and matching against them.

The built-in bank (``data/glyphs.npz``, made by scripts/build_glyphs.py from open fonts) holds
Russian and English capitals; templates learned from the user's own game are added to it (see
``wordbot.ocr.learn``). Matching only considers the letters of the chosen language, which is how
Latin/Cyrillic look-alikes (A/А, P/Р, C/С, ...) are resolved.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import numpy as np
from numba import njit

from wordbot.lexicon.alphabet import alphabet
from wordbot.ocr.glyph import features, shapes

DATA = Path(__file__).with_name("data") / "glyphs.npz"
PIXEL_WEIGHT = 0.3  # of the pixel cosine in a template's score; the rest is the shape cosine


@dataclass(frozen=True)
class Match:
    letters: list[str]  # best letter of each glyph
    best: np.ndarray  # score (a cosine) of the best template of that letter
    runner_up: np.ndarray  # score of the best template of any other letter
    agree: np.ndarray  # bool: the pixel features alone pick the same letter


class Bank:
    """Templates of one language: ``pictures`` (n, SIZE, SIZE) uint8 with their ``labels``."""

    def __init__(self, lang: str, pictures: np.ndarray, labels: np.ndarray) -> None:
        letters = alphabet(lang).letters
        keep = np.isin(labels, list(letters))
        order = np.argsort(labels[keep], kind="stable")  # grouped by letter, for reduceat
        self.lang = lang
        self.pictures = pictures[keep][order]
        self.labels = labels[keep][order]
        self.letters, self._starts = np.unique(self.labels, return_index=True)
        self.letters = self.letters.tolist()
        self._features = features(self.pictures)
        self._shapes = shapes(self.pictures)

    def plus(self, pictures: np.ndarray, labels: np.ndarray) -> Bank:
        """This bank with more templates (learned ones) added."""
        if len(pictures) == 0:
            return self
        return Bank(self.lang, np.concatenate([self.pictures, pictures]),
                    np.concatenate([self.labels, labels]))

    def match(self, pictures: np.ndarray) -> Match:
        """The likeliest letter of each normalized glyph picture, with the scores behind it: a
        template's score is its pixel and shape cosines mixed (``PIXEL_WEIGHT``)."""
        pixel = cosines(features(pictures), self._features)
        shape = cosines(shapes(pictures), self._shapes)
        per_letter = self._per_letter(PIXEL_WEIGHT * pixel + (1 - PIXEL_WEIGHT) * shape)
        order = np.argsort(-per_letter, axis=1)
        rows = np.arange(len(pictures))
        best = per_letter[rows, order[:, 0]]
        second = per_letter[rows, order[:, 1]]
        agree = self._per_letter(pixel).argmax(axis=1) == order[:, 0]
        return Match([self.letters[j] for j in order[:, 0]], best, second, agree)

    def _per_letter(self, sims: np.ndarray) -> np.ndarray:
        """(m, letters) best score of each letter's templates, from (m, templates) scores."""
        return np.maximum.reduceat(sims, self._starts, axis=1)


@njit(cache=True, fastmath=True)
def cosines(glyphs: np.ndarray, templates: np.ndarray) -> np.ndarray:
    """(m, n) dot products of unit rows, ``glyphs @ templates.T``, on one thread: numpy's BLAS
    threads this product, and on a busy CPU its threads wait on each other (a 0.3 ms product then
    takes up to 40 ms); a plain loop takes under 1 ms for a 4x4 board, every time."""
    m, d = glyphs.shape
    out = np.empty((m, templates.shape[0]), np.float32)
    for j in range(templates.shape[0]):
        row = templates[j]
        for i in range(m):
            glyph = glyphs[i]
            s = np.float32(0)
            for k in range(d):
                s += glyph[k] * row[k]
            out[i, j] = s
    return out


def similarity(pictures: np.ndarray) -> np.ndarray:
    """(n, n) scores between normalized glyph pictures, as matching scores a glyph and a template."""
    pixel, shape = features(pictures), shapes(pictures)
    return PIXEL_WEIGHT * pixel @ pixel.T + (1 - PIXEL_WEIGHT) * shape @ shape.T


@lru_cache(maxsize=4)
def builtin_bank(lang: str) -> Bank:
    data = np.load(DATA)
    return Bank(lang, data["pictures"], data["labels"])
