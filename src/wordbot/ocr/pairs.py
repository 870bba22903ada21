"""Letters drawn alike but for one detail (З and Э, И and Н, Ь and Ъ ...), told apart by that detail.

Template matching weighs the whole glyph, so two letters differing in one stroke score nearly alike
and a glyph of either is doubtful (a third of the right but doubtful tiles of the development looks
were such a pair). A linear discriminant per pair, learned from the bank's templates of the two
letters (Fisher's, on the matching features; bundled, see scripts/build_pairs.py), weighs only where they
differ. Where it puts a glyph close to its letter's templates (``CLOSE``) far on its letter's side
(``APART``), the rival is no rival any more; the other letters still are, and every other rule
still holds. It only tells two letters apart, never that the glyph is either: a glyph far from
both is left to the other rules.
"""

from __future__ import annotations

import zipfile
import zlib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import numpy as np

from wordbot.errors import notice
from wordbot.lexicon.alphabet import LANGS
from wordbot.ocr.bank import CASES, Scores, bank_digest
from wordbot.ocr.glyph import features, shapes

PAIRS_DATA = Path(__file__).with_name("data") / "pairs.npz"

APART_ONLY = ("дл",)  # letters one face draws as another face draws the other: URW Gothic's Д, a Л
NEAR = 0.3  # d_best / d_rival from which a rival is asked about (farther ones leave no doubt)
RIVALS = 3  # the most rivals of one glyph asked about, nearest first
CLOSE = 0.07  # d_best under which a glyph's details are asked: one drawn nearly as a template of its
# letter. Farther, a gloss, bevel or faux bold may have taken a part or added one, so the glyph shows the
# rival's detail: on development looks (seeds 11 and 12, 300 screenshots) a glyph whose rival was its
# letter fell up to 7.2 spreads on the wrong side (a glossy Й read Ы), and up to 3.5 under CLOSE (a faux-bold,
# bevelled o read e)
APART = 5.0  # spreads (within-letter standard deviations of the projection) from the pair's middle at
# which the detail rules the rival out: past all those, with a margin (72 % of right readings asked reach it)
SHRINK = 0.1  # of the mean variance added to the within-letter covariance (few templates, many features)


@dataclass(frozen=True)
class Discriminant:
    """Fisher's discriminant of the letters ``first`` and ``second``."""

    first: str
    second: str
    weights: np.ndarray
    middle: float
    spread: float

    def margin(self, glyphs: np.ndarray) -> np.ndarray:
        """(m,) how far each glyph (``_matching`` rows) lies on ``first``'s side, in spreads."""
        return (glyphs @ self.weights - self.middle) / self.spread


def _matching(pictures: np.ndarray) -> np.ndarray:
    return np.concatenate([features(pictures), shapes(pictures)], axis=1)


def learn(a: np.ndarray, b: np.ndarray, first: str, second: str) -> Discriminant:
    """The discriminant of two letters' templates ``a`` and ``b`` (``_matching`` rows)."""
    mean_a, mean_b = a.mean(axis=0), b.mean(axis=0)
    centred = np.concatenate([a - mean_a, b - mean_b])
    within = centred.T @ centred / len(centred)
    within += SHRINK * np.trace(within) / len(within) * np.eye(len(within))
    weights = np.linalg.solve(within, mean_a - mean_b)
    spread = float(np.std(centred @ weights)) or 1.0
    return Discriminant(first, second, weights, float((mean_a + mean_b) @ weights / 2), spread)


@dataclass(frozen=True)
class _Tables:
    arrays: dict[str, np.ndarray]
    rows: dict[str, dict[str, int]]  # per language, each letter's row in its arrays


@lru_cache(maxsize=1)
def _table() -> _Tables:
    """The bundled discriminants (``PAIRS_DATA``, from scripts/build_pairs.py), checked: learning
    them all took 4.5 minutes at load 5, and one learned when a board first needs it up to 0.2 s on a busy
    machine. Empty (no letter ruled out by a detail; a notice) where the file is missing, damaged or
    learned from another glyph bank."""
    try:
        with np.load(PAIRS_DATA) as data:
            table = {k: data[k] for k in data.files}
        if str(table["bank_sha256"]) != bank_digest():
            raise ValueError("learned from another glyph bank (run scripts/build_pairs.py)")
        for lang in LANGS:
            n = len(table[f"{lang}_letters"])
            for case in CASES:
                if table[f"{lang}_{case}_weights"].shape[:2] != (n, n) \
                        or table[f"{lang}_{case}_spread"].shape != (n, n):
                    raise ValueError(f"{lang} {case}: the tables do not match its letters")
    except (OSError, EOFError, KeyError, ValueError, zipfile.BadZipFile, zlib.error) as exc:
        notice(f"the letter-pair discriminants are not used: {PAIRS_DATA.name}: {exc}")
        return _Tables({}, {})
    rows = {lang: {str(ch): i for i, ch in enumerate(table[f"{lang}_letters"])} for lang in LANGS}
    return _Tables(table, rows)


def discriminant(lang: str, case: str, first: str, second: str) -> Discriminant | None:
    """The built-in bank's discriminant of two letters drawn in ``case`` (None: none learned)."""
    tables = _table()
    table, rows = tables.arrays, tables.rows.get(lang, {})
    if first not in rows or second not in rows:
        return None
    i, j = rows[first], rows[second]
    spread = float(table[f"{lang}_{case}_spread"][i, j])
    if not spread:
        return None
    weights = table[f"{lang}_{case}_weights"][i, j].astype(np.float32)
    return Discriminant(first, second, weights, float(table[f"{lang}_{case}_middle"][i, j]), spread)


def ruled_out(pictures: np.ndarray, scores: Scores, lang: str, case: str) -> list[set[str]]:
    """For each glyph, the rival letters (those nearly as close as its best, ``NEAR``) its pair's
    detail rules out, nearest first, stopping at the first it does not."""
    out: list[set[str]] = [set() for _ in range(len(pictures))]
    if not len(pictures) or not scores.score.shape[1]:
        return out
    order = np.argsort(-scores.score, axis=1)
    glyphs = None
    for k in range(len(pictures)):
        a = order[k, 0]
        d1 = 1 - scores.score[k, a]
        if d1 >= CLOSE:
            continue
        for b in order[k, 1: 1 + RIVALS]:
            if not np.isfinite(scores.score[k, b]) or d1 / max(1 - scores.score[k, b], 1e-6) < NEAR:
                break
            d = discriminant(lang, case, scores.letters[a], scores.letters[b])
            if d is None:
                break
            if glyphs is None:
                glyphs = _matching(pictures)
            if d.margin(glyphs[k: k + 1])[0] < APART:
                break
            out[k].add(scores.letters[b])
    return out


def without(scores: Scores | None, gone: list[set[str]]) -> Scores | None:
    """``scores`` with each glyph's ruled-out letters scored out."""
    if scores is None or not any(gone):
        return scores
    score, pixel = scores.score.copy(), scores.pixel.copy()
    column = {ch: j for j, ch in enumerate(scores.letters)}
    for k, letters in enumerate(gone):
        for ch in letters & column.keys():
            score[k, column[ch]] = pixel[k, column[ch]] = -np.inf
    return Scores(scores.letters, score, pixel)
