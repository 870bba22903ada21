"""Balda's word graph: reversed prefixes, a separator arc, then suffixes (a GADDAG).

A move puts letter x into an empty cell e and spells ``w = p + x + s``. The search walks the board
backwards from e spelling ``reverse(p)`` in the *reversed-prefix trie*; a node whose string is a
whole prefix has a separator arc (``sep``) into the forward trie node of ``p``. That node's 32-bit
letter set is exactly the letters x that can follow ``p``, so the empty cell is tried only with
letters that continue a word (the "dummy letter" of Robot Balda), never with all 32. The suffix
halves of the GADDAG are shared with the lexicon's forward trie instead of being copied per word.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from wordbot.lexicon import Lexicon
from wordbot.lexicon.cache import load_or_build
from wordbot.lexicon.trie import build_trie


@dataclass(frozen=True)
class Gaddag:
    rchild0: np.ndarray  # int32: reversed-prefix trie, packed like PackedTrie
    rmask: np.ndarray  # uint32
    rsep: np.ndarray  # int32: forward-trie node of the prefix this node spells backwards, or -1


def _build(lex: Lexicon):
    trie = lex.trie
    prefixes: dict[bytes, int] = {}  # every prefix some letter can follow -> its forward node
    stack = [(0, b"")]
    while stack:  # depth-first over the forward trie, remembering each node's spelling
        node, text = stack.pop()
        m = int(trie.mask[node])
        if m == 0:
            continue
        prefixes[text] = node
        first = int(trie.child0[node])
        for k, c in enumerate(c for c in range(32) if (m >> c) & 1):
            stack.append((first + k, text + bytes([c])))
    rev = sorted(p[::-1] for p in prefixes if p)
    lengths = np.fromiter((len(r) for r in rev), dtype=np.int32, count=len(rev))
    offsets = np.zeros(len(rev) + 1, dtype=np.int32)
    np.cumsum(lengths, out=offsets[1:])
    codes = np.frombuffer(b"".join(rev), dtype=np.uint8)
    packed = build_trie(codes, offsets)
    fwd = np.array([prefixes[r[::-1]] for r in rev], dtype=np.int32)
    rsep = np.full(len(packed.word_of), -1, dtype=np.int32)
    ends = packed.word_of >= 0
    rsep[ends] = fwd[packed.word_of[ends]]
    rsep[0] = 0  # the empty prefix: the placed letter starts the word
    return {"rchild0": packed.child0, "rmask": packed.mask, "rsep": rsep}, {}


_CACHE: dict[str, Gaddag] = {}


def gaddag(lex: Lexicon) -> Gaddag:
    """The graph of ``lex``, built once (about a second for 60k words) and cached on disk."""
    if lex.key not in _CACHE:
        arrays, _ = load_or_build(f"balda-gaddag-{lex.lang}", lex.key, lambda: _build(lex))
        _CACHE[lex.key] = Gaddag(arrays["rchild0"], arrays["rmask"], arrays["rsep"])
    return _CACHE[lex.key]
