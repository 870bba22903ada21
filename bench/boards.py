"""Benchmark inputs made the same way in every run: Boggle-dice boards, frequency-drawn boards."""

from __future__ import annotations

import numpy as np

from wordbot.lexicon import Lexicon

# The 16 dice of "New Boggle" (1987 onward); "qu" shown as q here, as most benchmarks do.
BOGGLE_DICE = ["aaeegn", "abbjoo", "achops", "affkps", "aoottw", "cimotu", "deilrx", "delrvy",
               "distty", "eeghnw", "eeinsu", "ehrtvw", "eiosst", "elrtty", "himnqu", "hlnnrz"]


def dice_boards(n: int, seed: int = 0) -> np.ndarray:
    """n shaken 4x4 Boggle boards as int8 letter codes (n, 16)."""
    rng = np.random.default_rng(seed)
    faces = np.array([[ord(ch) - ord("a") for ch in die] for die in BOGGLE_DICE], dtype=np.int8)
    order = np.argsort(rng.random((n, 16)), axis=1)
    return faces[order, rng.integers(0, 6, size=(n, 16))]


def frequency_board(lex: Lexicon, tiles: int, seed: int = 0) -> list[str]:
    """Letters drawn by their frequency in the lexicon: boards that look like the games' own."""
    rng = np.random.default_rng(seed)
    counts = np.bincount(lex.codes, minlength=lex.alphabet.size).astype(float)
    codes = rng.choice(lex.alphabet.size, size=tiles, p=counts / counts.sum())
    return [lex.alphabet.letters[c] for c in codes]
