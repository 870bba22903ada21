"""The template bank: normalized glyph pictures with their letters, and matching against them.

The built-in bank (``data/glyphs.npz``, made by scripts/build_glyphs.py from open fonts) holds
Russian and English capitals; templates learned from the user's own game are added to it (see
``wordbot.ocr.learn``). Matching only considers the letters of the chosen language, which is how
Latin/Cyrillic look-alikes (A/А, P/Р, C/С, ...) are resolved.
"""

from __future__ import annotations

import hashlib
import io
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import numpy as np
from numba import njit

from wordbot.lexicon.alphabet import alphabet
from wordbot.lexicon.cache import load_or_build
from wordbot.ocr import glyph
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

    def __init__(self, lang: str, pictures: np.ndarray, labels: np.ndarray,
                 matching: tuple[np.ndarray, np.ndarray] | None = None) -> None:
        """``matching``: the ``features`` and ``shapes`` of the templates, when already computed
        (the built-in bank's are cached: computing them takes longer than reading a board)."""
        letters = alphabet(lang).letters
        keep = np.isin(labels, list(letters))
        order = np.argsort(labels[keep], kind="stable")  # grouped by letter
        self.lang = lang
        self.pictures = pictures[keep][order]
        self.labels = labels[keep][order]
        self.letters, self._starts = np.unique(self.labels, return_index=True)
        self.letters = self.letters.tolist()
        if matching is None:
            matching = features(self.pictures), shapes(self.pictures)
        else:
            matching = tuple(m[keep][order] for m in matching)
        self._features, self._shapes = (np.ascontiguousarray(m) for m in matching)
        for m in (self._features, self._shapes):
            m.setflags(write=False)  # as the cached ones are: one compiled letter_scores for both

    def plus(self, pictures: np.ndarray, labels: np.ndarray) -> Bank:
        """This bank with more templates (learned ones) added."""
        if len(pictures) == 0:
            return self
        return Bank(self.lang, np.concatenate([self.pictures, pictures]),
                    np.concatenate([self.labels, labels]))

    def match(self, pictures: np.ndarray) -> Match:
        """The likeliest letter of each normalized glyph picture, with the scores behind it: a
        template's score is its pixel and shape cosines mixed (``PIXEL_WEIGHT``)."""
        per_letter, pixel = letter_scores(features(pictures), shapes(pictures), self._features,
                                          self._shapes, self._starts, PIXEL_WEIGHT)
        order = np.argsort(-per_letter, axis=1)
        rows = np.arange(len(pictures))
        best = per_letter[rows, order[:, 0]]
        second = per_letter[rows, order[:, 1]]
        agree = pixel.argmax(axis=1) == order[:, 0]
        return Match([self.letters[j] for j in order[:, 0]], best, second, agree)


@njit(cache=True, fastmath=True)
def letter_scores(pixel: np.ndarray, shape: np.ndarray, template_pixel: np.ndarray,
                  template_shape: np.ndarray, starts: np.ndarray, weight: float):
    """(m, letters) best score of each letter's templates for each glyph (``weight`` * pixel cosine
    + (1 - ``weight``) * shape cosine; the rows are unit vectors), and (m, letters) best pixel cosine
    alone; templates are grouped by letter, letter k's from ``starts[k]``. One thread, one pass over
    the templates: numpy's BLAS threads the product, and on a busy CPU its threads wait on each
    other (a 0.3 ms product then takes up to 40 ms)."""
    m, n, letters = pixel.shape[0], template_pixel.shape[0], len(starts)
    best = np.full((m, letters), -np.inf, np.float32)
    best_pixel = np.full((m, letters), -np.inf, np.float32)
    a, b = np.float32(weight), np.float32(1 - weight)
    letter = 0
    for j in range(n):
        while letter + 1 < letters and j >= starts[letter + 1]:
            letter += 1
        t_pixel, t_shape = template_pixel[j], template_shape[j]
        for i in range(m):
            g_pixel, g_shape = pixel[i], shape[i]
            p = np.float32(0)
            for k in range(len(t_pixel)):
                p += g_pixel[k] * t_pixel[k]
            q = np.float32(0)
            for k in range(len(t_shape)):
                q += g_shape[k] * t_shape[k]
            best[i, letter] = max(best[i, letter], a * p + b * q)
            best_pixel[i, letter] = max(best_pixel[i, letter], p)
    return best, best_pixel


def similarity(pictures: np.ndarray) -> np.ndarray:
    """(n, n) scores between normalized glyph pictures, as matching scores a glyph and a template."""
    pixel, shape = features(pictures), shapes(pictures)
    return mixed(pixel, shape, pixel, shape)


def mixed(pixel: np.ndarray, shape: np.ndarray, other_pixel: np.ndarray,
          other_shape: np.ndarray) -> np.ndarray:
    """(m, n) matching scores between two sets of glyphs given by their ``features`` and
    ``shapes``: the pixel and shape cosines mixed (``PIXEL_WEIGHT``)."""
    return PIXEL_WEIGHT * pixel @ other_pixel.T + (1 - PIXEL_WEIGHT) * shape @ other_shape.T


@lru_cache(maxsize=4)
def builtin_bank(lang: str) -> Bank:
    """The bundled templates of ``lang``; their matching features are computed once and cached
    (keyed by the bank file and the code computing them) beside the compiled word lists."""
    raw = DATA.read_bytes()
    key = hashlib.sha256(raw + Path(glyph.__file__).read_bytes()).hexdigest()[:20]

    def build():
        data = np.load(io.BytesIO(raw))
        pictures = data["pictures"]
        return {"pictures": pictures, "labels": data["labels"], "features": features(pictures),
                "shapes": shapes(pictures)}, {}

    arrays, _ = load_or_build("glyph-bank", key, build)
    return Bank(lang, arrays["pictures"], arrays["labels"], (arrays["features"], arrays["shapes"]))
