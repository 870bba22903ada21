"""Anagram puzzles (4 Pics 1 Word): words of a given length made from offered letters."""

from __future__ import annotations

import numpy as np

from wordbot.errors import WordbotError
from wordbot.lexicon import Lexicon


def anagrams(letters: str, length: int, lex: Lexicon) -> list[str]:
    """Every word of ``length`` whose letters are a sub-multiset of ``letters``; common words
    first (the puzzle's answer is almost always a common word), then alphabetical."""
    if length <= 0:
        raise WordbotError(f"length must be positive (got {length})")
    alpha = lex.alphabet
    offered_text = alpha.normalize(letters).replace(" ", "")
    if not offered_text:
        raise WordbotError("no letters given")
    offered = np.bincount(alpha.encode(offered_text), minlength=alpha.size)
    if length > len(offered_text):
        return []
    ids = np.nonzero(lex.lengths == length)[0]
    if len(ids) == 0:
        return []
    rows = lex.codes[lex.offsets[ids][:, None] + np.arange(length)]
    counts = np.zeros((len(ids), alpha.size), dtype=np.int32)
    for j in range(length):
        np.add.at(counts, (np.arange(len(ids)), rows[:, j]), 1)
    hits = ids[(counts <= offered).all(axis=1)]
    order = np.lexsort((hits, -lex.freq[hits]))
    return [lex.word(int(i)) for i in hits[order]]
