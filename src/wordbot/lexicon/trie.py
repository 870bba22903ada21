"""Compile sorted words into a packed trie: three flat arrays, children of a node contiguous.

A node's children are found through its 32-bit letter set (``mask``): the child for letter c is
``child0[n] + popcount(mask[n] & ((1 << c) - 1))``, as in the KWG format of wolges/MAGPIE, so the
whole trie is 12 bytes a node and "which letters may follow here" is one load.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class PackedTrie:
    child0: np.ndarray  # int32[n]: index of the first child (children are contiguous, by letter)
    mask: np.ndarray  # uint32[n]: bit c set when the node has a child for letter c
    word_of: np.ndarray  # int32[n]: word index ending at this node, -1 when none

    @property
    def nodes(self) -> int:
        return len(self.child0)

    def child(self, node: int, code: int) -> int:
        m = int(self.mask[node])
        if not (m >> code) & 1:
            return -1
        return int(self.child0[node]) + (m & ((1 << code) - 1)).bit_count()

    def walk(self, codes, node: int = 0) -> int:
        for c in codes:
            node = self.child(node, int(c))
            if node < 0:
                return -1
        return node


def pad_codes(codes: np.ndarray, offsets: np.ndarray) -> np.ndarray:
    """Words as rows of a (n, max_len) uint8 matrix, 255 after each word's end. Filled a column at
    a time, so the only temporaries are one index per word, not one per letter."""
    lengths = np.diff(offsets)
    n, width = len(lengths), int(lengths.max(initial=0))
    out = np.full((n, width), 255, dtype=np.uint8)
    starts = offsets[:-1].astype(np.int64)
    for col in range(width):
        rows = np.nonzero(lengths > col)[0]
        out[rows, col] = codes[starts[rows] + col]
    return out


def build_trie(codes: np.ndarray, offsets: np.ndarray) -> PackedTrie:
    """Level by level (breadth first), vectorized: word i creates nodes below its common prefix."""
    lengths = np.diff(offsets).astype(np.int64)
    padded = pad_codes(codes, offsets)
    n, width = padded.shape
    lcp = np.zeros(n, dtype=np.int64)
    if n > 1:
        # distinct sorted words always differ somewhere within the padded width (255 after the end)
        lcp[1:] = np.argmax(padded[1:] != padded[:-1], axis=1)
    creators = [np.nonzero((lcp < d) & (lengths >= d))[0] for d in range(1, width + 1)]
    total = 1 + sum(len(c) for c in creators)
    child0 = np.zeros(total, dtype=np.int32)
    mask = np.zeros(total, dtype=np.uint32)
    word_of = np.full(total, -1, dtype=np.int32)
    prev_words, prev_start, start = np.zeros(1, dtype=np.int64), 0, 1
    for depth, words in enumerate(creators, start=1):
        ids = start + np.arange(len(words))
        parents = prev_start + np.searchsorted(prev_words, words, side="right") - 1
        if depth == 1:
            parents = np.zeros(len(words), dtype=np.int64)
        letters = padded[words, depth - 1].astype(np.uint32)
        first_parent, first_index = np.unique(parents, return_index=True)
        child0[first_parent] = ids[first_index]
        np.bitwise_or.at(mask, parents, np.left_shift(np.uint32(1), letters))
        ends = lengths[words] == depth
        word_of[ids[ends]] = words[ends]
        prev_words, prev_start, start = words, start, start + len(words)
    return PackedTrie(child0, mask, word_of)
