"""The template bank: normalized glyph pictures with their letters, and matching against them.

The built-in bank (``data/glyphs.npz``, made by scripts/build_glyphs.py from open fonts) holds
Russian and English letters in both cases, each template labelled with the glyph as drawn ("Ж",
"ж", "Ё"); templates learned from the user's own game are added to it (see ``wordbot.ocr.learn``)
and stand for either case. A board is one alphabet and one case: matching considers the letters of
one language (how Latin/Cyrillic look-alikes, A/А, P/Р, C/С, are resolved) in one case (how capital
I and small l, the same stroke in many fonts, are), and which language and case the board is in
is told from how well each fits (``wordbot.ocr.read``). A letter is reported in lower case; Ё is
a letter of its own here (its dots tell it from Е) and the reader folds it into е.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import numpy as np
from numba import njit

from wordbot.kept import Kept
from wordbot.lexicon.alphabet import alphabet
from wordbot.lexicon.cache import load_or_build
from wordbot.ocr import glyph
from wordbot.ocr.glyph import SIZE, features, shapes

DATA = Path(__file__).with_name("data") / "glyphs.npz"
GLYPHS = 4096  # glyph pictures whose scores are kept (``Kept``)
_MADE: Kept[tuple[np.ndarray, np.ndarray]] = Kept(GLYPHS)  # their ``features`` and ``shapes``, for every bank
PIXEL_WEIGHT = 0.3  # of the pixel cosine in a template's score; the rest is the shape cosine
CASES = ("upper", "lower")
# Cyrillic letters drawn like a Latin one (in capitals or small letters: В and B, у and y): one
# glyph, which alphabet it is of is told by the board, not by the glyph.
ALIKE = {"а": "a", "в": "b", "е": "e", "к": "k", "м": "m", "н": "h", "о": "o", "р": "p", "с": "c", "т": "t",
         "у": "y", "х": "x"}
TWINS = tuple(a + b for a, b in ALIKE.items()) + tuple(b + a for a, b in ALIKE.items())
# Letters of the two alphabets, not drawn alike, that are each other's nearest across them in each case
# (most templates of one fit the other best of the other alphabet's letters, and the other way round;
# tests/vision/test_doubt.py derives them from the bank): r and г, n and п, b and ь ... A glyph of one
# fits its twin nearly as well in most fonts (DejaVu Sans' r: d_r / d_г 0.52), so the twin says nothing
# of which letter of its own alphabet the glyph is, only that it may be the other alphabet's: on a board
# whose glyphs tell its alphabet, it is no rival (``Script.kin``).
NEAR = {"upper": ("lь", "sз"), "lower": ("bь", "mш", "nп", "qч", "rг", "sз", "uц")}
NEAR_TWINS = {case: tuple(p for pair in pairs for p in (pair, pair[::-1])) for case, pairs in NEAR.items()}


@dataclass(frozen=True)
class Match:
    letters: list[str]  # best letter of each glyph
    best: np.ndarray  # score (a cosine) of the best template of that letter
    runner_up: np.ndarray  # score of the best template of any other letter
    agree: np.ndarray  # bool: the pixel features alone pick the same letter
    abroad: np.ndarray | None = None  # bool: the runner-up is a letter of the other alphabet


@dataclass(frozen=True)
class Scores:
    """How well each glyph fits each letter of one bank in one case (or both: ``case`` None)."""

    letters: list[str]
    score: np.ndarray  # (m, letters) best template score of each letter
    pixel: np.ndarray  # (m, letters) best pixel cosine alone

    @property
    def best(self) -> np.ndarray:
        """(m,) score of each glyph's best letter (-inf where the bank has no letters)."""
        return self.score.max(axis=1) if self.score.shape[1] else np.full(len(self.score), -np.inf)

    def match(self, rivals: Scores | None = None, abroad: Scores | None = None,
              kin: tuple[str, ...] = TWINS) -> Match:
        """The best letter of each glyph; the runner-up is the best other letter as the words
        spell it (Ё and Е, one letter there, are not each other's rival), here or in ``rivals``
        (the same glyphs in the other case: a board's case told wrong must not make a reading
        sure; capital I and small l, one stroke, are told apart by the case alone) or in ``abroad``
        (the same glyphs in the other alphabet: a glyph that another alphabet's letter fits nearly
        as well, Triod Postnaja's N, an H to this alphabet and an И to the other, is no sure
        letter; the letters paired in ``kin``, the letter drawn alike there, ``ALIKE``, Н for H,
        and on a board told by its glyphs the near twins, ``NEAR``, are no rivals)."""
        rows = np.arange(len(self.score))
        first = self.score.argmax(axis=1) if self.score.shape[1] else np.zeros(len(rows), int)
        spelt = np.array([ch.replace("ё", "е") for ch in self.letters])
        rival = np.where(spelt[None, :] == spelt[first][:, None], -np.inf, self.score)
        home = rival.shape[1] + (rivals.score.shape[1] if rivals is not None and len(rows) else 0)
        for others, pairs in ((rivals, ("il", "li")), (abroad, kin)):
            if others is None or not others.score.shape[1] or not len(rows):
                continue
            other = np.array([ch.replace("ё", "е") for ch in others.letters])
            same = (other[None, :] == spelt[first][:, None]) | np.isin(
                np.char.add(spelt[first][:, None], other[None, :]), pairs)
            rival = np.concatenate([rival, np.where(same, -np.inf, others.score)], axis=1)
        second = rival.max(axis=1) if rival.shape[1] > 1 else np.full(len(rows), -1.0)
        second = np.where(np.isfinite(second), second, -1.0)
        agree = spelt[self.pixel.argmax(axis=1)] == spelt[first]
        foreign = rival.argmax(axis=1) >= home if rival.shape[1] > home else np.zeros(len(rows), bool)
        return Match([self.letters[j] for j in first], self.score[rows, first], second, agree, foreign)


def glyph_letters(lang: str) -> set[str]:
    """The single glyphs a template of ``lang`` may stand for: its letters, and Russian ё."""
    return set(alphabet(lang).letters) | ({"ё"} if lang == "ru" else set())


class Bank:
    """Templates of one language: ``pictures`` (n, SIZE, SIZE) uint8 with their ``labels`` (a
    letter or, learned from a game, a multi-letter tile such as "qu"). With ``cased`` a label's
    case says which case the template is drawn in (the built-in ones); otherwise every template
    stands for both cases (learned from one game, whose case it is)."""

    def __init__(self, lang: str, pictures: np.ndarray, labels: np.ndarray, cased: bool = False,
                 any_case: np.ndarray | None = None,
                 matching: tuple[np.ndarray, np.ndarray] | None = None) -> None:
        """``matching``: the ``features`` and ``shapes`` of ``pictures``, when already computed (the
        built-in bank's are cached: computing them takes longer than reading a board)."""
        glyphs = glyph_letters(lang)
        labels = np.asarray(labels).astype(str)
        pictures = np.asarray(pictures, np.uint8).reshape(-1, SIZE, SIZE)
        either = np.ones(len(labels), bool) if any_case is None else np.asarray(any_case, bool)
        if cased and any_case is None:
            either = np.array([not (len(t) == 1 and t.lower() != t.upper()) for t in labels], bool)
        keys = np.char.lower(labels) if len(labels) else labels
        keep = np.array([bool(k) and all(ch in glyphs for ch in k) for k in keys], bool)
        case = np.where(either, "a", np.where(np.char.isupper(labels), "u", "l")) if len(labels) else labels
        # Templates grouped by (case, letter): a group's best score is one number per glyph.
        group_of = np.char.add(case, keys) if len(labels) else labels
        order = np.argsort(group_of[keep], kind="stable")
        self.lang = lang
        self.pictures = pictures[keep][order]
        self.labels = labels[keep][order]
        self.any_case = either[keep][order]
        groups, self._starts = np.unique(group_of[keep][order], return_index=True)
        self.letters = sorted({g[1:] for g in groups})
        index = {k: i for i, k in enumerate(self.letters)}
        self._group_letter = np.array([index[g[1:]] for g in groups], int)
        self._group_case = np.array([g[0] for g in groups])
        if matching is None:
            matching = features(self.pictures), shapes(self.pictures)
        else:
            matching = tuple(np.asarray(m)[keep][order] for m in matching)
        self._features, self._shapes = (np.ascontiguousarray(m) for m in matching)
        for m in (self._features, self._shapes):
            m.setflags(write=False)  # as the cached ones are: one compiled letter_scores for both
        self._scores: Kept[tuple[np.ndarray, np.ndarray]] = Kept(GLYPHS)  # each glyph's group scores

    def plus(self, pictures: np.ndarray, labels: np.ndarray) -> Bank:
        """This bank with more templates (learned ones, for either case) added."""
        if len(pictures) == 0:
            return self
        return Bank(self.lang, np.concatenate([self.pictures, pictures]),
                    np.concatenate([self.labels, np.asarray(labels).astype(str)]),
                    any_case=np.concatenate([self.any_case, np.ones(len(labels), bool)]))

    def drawn(self, label: str) -> np.ndarray:
        """(k, features + shapes) the matching rows of the templates labelled ``label`` ("Ж", "ж")."""
        keep = self.labels == label
        return np.concatenate([self._features[keep], self._shapes[keep]], axis=1)

    def group_scores(self, pictures: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(m, groups) best mixed score and best pixel cosine of each template group (the features
        of the pictures whose scores are kept are not made again: a live board's frames repeat)."""
        if len(self._starts) == 0 or len(pictures) == 0:
            empty = np.zeros((len(pictures), len(self._starts)), np.float32)
            return empty, empty.copy()
        keys = [Kept.key(p) for p in pictures]

        def make(new: list[int]) -> Iterable[tuple[np.ndarray, np.ndarray]]:
            score, best = letter_scores(*_matching(pictures[new], [keys[i] for i in new]), self._features,
                                        self._shapes, self._starts, PIXEL_WEIGHT)
            return zip(score, best, strict=True)

        rows = self._scores.fill(keys, make)
        return np.stack([r[0] for r in rows]), np.stack([r[1] for r in rows])

    def scores(self, pictures: np.ndarray, case: str | None = None,
               groups: tuple[np.ndarray, np.ndarray] | None = None) -> Scores:
        """Each letter's best score for each glyph, over the templates of ``case`` ("upper",
        "lower"; None: both) and those for either case; ``groups``: ``group_scores`` already made."""
        score, pixel = groups if groups is not None else self.group_scores(pictures)
        mine = np.ones(len(self._group_case), bool) if case is None else \
            np.isin(self._group_case, ("a", case[0]))
        out = np.full((len(self.letters), len(score)), -np.inf, np.float32)
        out_pixel = out.copy()
        letter = self._group_letter[mine]
        np.maximum.at(out, letter, score[:, mine].T)
        np.maximum.at(out_pixel, letter, pixel[:, mine].T)
        out, out_pixel = out.T, out_pixel.T
        present = np.isfinite(out).any(axis=0) if len(out) else np.isin(
            np.arange(len(self.letters)), self._group_letter[mine])
        return Scores([ch for ch, p in zip(self.letters, present, strict=True) if p], out[:, present],
                      out_pixel[:, present])

    def match(self, pictures: np.ndarray, case: str | None = None) -> Match:
        """The likeliest letter of each normalized glyph picture, with the scores behind it: a
        template's score is its pixel and shape cosines mixed (``PIXEL_WEIGHT``)."""
        return self.scores(pictures, case).match()


def _matching(pictures: np.ndarray, keys: list[bytes]) -> tuple[np.ndarray, np.ndarray]:
    """The ``features`` and ``shapes`` of ``pictures`` (``keys``: theirs), made once for every bank
    that scores them (a first frame's glyphs are scored in both languages)."""
    made = _MADE.fill(keys, lambda new: zip(features(pictures[new]), shapes(pictures[new]), strict=True))
    return np.stack([m[0] for m in made]), np.stack([m[1] for m in made])


@njit(cache=True, fastmath=True)
def letter_scores(pixel: np.ndarray, shape: np.ndarray, template_pixel: np.ndarray,
                  template_shape: np.ndarray, starts: np.ndarray, weight: float):
    """(m, letters) best score of each letter's templates for each glyph (``weight`` * pixel cosine
    + (1 - ``weight``) * shape cosine; the rows are unit vectors), and (m, letters) best pixel cosine
    alone; templates are grouped by letter, letter k's from ``starts[k]``. One thread, one pass over
    the templates, four glyphs at a time (four sums in flight: a third faster than one): numpy's
    BLAS threads the product, and on a busy CPU its threads wait on each other (a 0.3 ms product
    then takes up to 40 ms)."""
    m, n, letters = pixel.shape[0], template_pixel.shape[0], len(starts)
    best = np.full((m, letters), -np.inf, np.float32)
    best_pixel = np.full((m, letters), -np.inf, np.float32)
    a, b = np.float32(weight), np.float32(1 - weight)
    letter = 0
    for j in range(n):
        while letter + 1 < letters and j >= starts[letter + 1]:
            letter += 1
        t_pixel, t_shape = template_pixel[j], template_shape[j]
        for i in range(0, m - 3, 4):
            p0 = p1 = p2 = p3 = np.float32(0)
            for k in range(len(t_pixel)):
                t = t_pixel[k]
                p0 += pixel[i, k] * t
                p1 += pixel[i + 1, k] * t
                p2 += pixel[i + 2, k] * t
                p3 += pixel[i + 3, k] * t
            q0 = q1 = q2 = q3 = np.float32(0)
            for k in range(len(t_shape)):
                t = t_shape[k]
                q0 += shape[i, k] * t
                q1 += shape[i + 1, k] * t
                q2 += shape[i + 2, k] * t
                q3 += shape[i + 3, k] * t
            for d, p, q in ((0, p0, q0), (1, p1, q1), (2, p2, q2), (3, p3, q3)):
                best[i + d, letter] = max(best[i + d, letter], a * p + b * q)
                best_pixel[i + d, letter] = max(best_pixel[i + d, letter], p)
        for i in range(m - m % 4, m):
            p = np.float32(0)
            for k in range(len(t_pixel)):
                p += pixel[i, k] * t_pixel[k]
            q = np.float32(0)
            for k in range(len(t_shape)):
                q += shape[i, k] * t_shape[k]
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


@lru_cache(maxsize=1)
def bank_digest() -> str:
    """SHA-256 of the bundled glyph bank, read once per process: it keys the cached matching
    features and checks the letter-pair discriminants learned from it."""
    return hashlib.sha256(DATA.read_bytes()).hexdigest()


@lru_cache(maxsize=4)
def builtin_bank(lang: str) -> Bank:
    """The bundled templates of ``lang``; their matching features are computed once and cached
    (keyed by the bank file and the code computing them) beside the compiled word lists."""
    key = hashlib.sha256(bank_digest().encode() + Path(glyph.__file__).read_bytes()).hexdigest()[:20]

    def build():
        data = np.load(DATA)
        pictures = data["pictures"]
        return {"pictures": pictures, "labels": data["labels"], "features": features(pictures),
                "shapes": shapes(pictures)}, {}

    arrays, _ = load_or_build("glyph-bank", key, build)
    return Bank(lang, arrays["pictures"], arrays["labels"], cased=True,
                matching=(arrays["features"], arrays["shapes"]))
