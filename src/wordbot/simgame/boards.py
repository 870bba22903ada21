"""Seeded boards for the simulated game: rich enough in words to be worth playing."""

from __future__ import annotations

import numpy as np

from wordbot.lexicon import Lexicon
from wordbot.solver.grid import score_grids


def letter_odds(lex: Lexicon) -> np.ndarray:
    """How often each letter occurs in the lexicon's words, as probabilities."""
    counts = np.bincount(lex.codes, minlength=lex.alphabet.size).astype(float)
    return counts / counts.sum()


def grid_board(lex: Lexicon, rows: int, cols: int, seed: int, min_len: int = 3,
               candidates: int = 64) -> list[str]:
    """The wordiest of ``candidates`` boards whose letters are drawn by their frequency in words."""
    rng = np.random.default_rng(seed)
    boards = rng.choice(lex.alphabet.size, size=(candidates, rows * cols), p=letter_odds(lex))
    totals = score_grids(boards.astype(np.int8), rows, cols, lex, min_len, "wordsmania")
    best = boards[int(np.argmax(totals[:, 0]))]
    return [lex.alphabet.letters[int(c)] for c in best]


def balda_start(lex: Lexicon, size: int, seed: int) -> str:
    """A common word of ``size`` letters for the middle row (drawn from the most frequent 200)."""
    idx = np.nonzero(lex.lengths == size)[0]
    common = idx[np.argsort(-lex.freq[idx], kind="stable")][:200]
    return lex.word(int(np.random.default_rng(seed).choice(common)))
