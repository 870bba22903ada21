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

from wordbot.lexicon.alphabet import alphabet
from wordbot.ocr.glyph import features

DATA = Path(__file__).with_name("data") / "glyphs.npz"


@dataclass(frozen=True)
class Match:
    letters: list[str]  # best letter of each glyph
    best: np.ndarray  # cosine of the best template of that letter
    runner_up: np.ndarray  # cosine of the best template of any other letter


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

    def plus(self, pictures: np.ndarray, labels: np.ndarray) -> Bank:
        """This bank with more templates (learned ones) added."""
        if len(pictures) == 0:
            return self
        return Bank(self.lang, np.concatenate([self.pictures, pictures]),
                    np.concatenate([self.labels, labels]))

    def match(self, pictures: np.ndarray) -> Match:
        """The likeliest letter of each normalized glyph picture, with the scores behind it."""
        # (m, n) cosines, one matrix-vector product a glyph: a small matrix product would go to
        # multi-threaded BLAS, which is slower here than one thread (and much slower on a busy CPU).
        sims = np.stack([self._features @ f for f in features(pictures)])
        per_letter = np.maximum.reduceat(sims, self._starts, axis=1)  # best template of each letter
        order = np.argsort(-per_letter, axis=1)
        rows = np.arange(len(pictures))
        best = per_letter[rows, order[:, 0]]
        second = per_letter[rows, order[:, 1]]
        return Match([self.letters[j] for j in order[:, 0]], best, second)


@lru_cache(maxsize=4)
def builtin_bank(lang: str) -> Bank:
    data = np.load(DATA)
    return Bank(lang, data["pictures"], data["labels"])
