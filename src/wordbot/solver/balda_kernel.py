"""Balda's move search, compiled: from each empty cell, backwards through the reversed-prefix trie,
across the separator, then forwards through the lexicon's trie (see ``gaddag``).

Board: int8 letter codes, row-major, -1 for an empty cell. ``uses[c]`` is how many more times a
path may enter cell c (1 classic, 2 knots, 0 empty). Moves are reported once per
(cell, letter, word): ``seen[w] == mark`` with bit x of ``seen_x[w]`` set means word w with letter
x was already reported for this cell. The recursion depth is bounded by the longest word.

Not ``cache=True``: numba's on-disk cache mis-links recursive functions (segfaults on reload), so
these kernels compile once per process (a few seconds).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from wordbot.solver.bits import child

_DR = np.array([-1, 1, 0, 0], dtype=np.int32)
_DC = np.array([0, 0, -1, 1], dtype=np.int32)


@njit(cache=True, inline="always")
def neighbour(cell, k, rows, cols):
    """The k-th (0..3) orthogonal neighbour of ``cell``, -1 off the board."""
    r = cell // cols + _DR[k]
    c = cell % cols + _DC[k]
    if r < 0 or r >= rows or c < 0 or c >= cols:
        return -1
    return r * cols + c


@njit
def _forward(child0, mask, word_of, board, rows, cols, uses, cap, e, x, through, min_len, banned,
             seen, seen_x, mark, node, cell, plen, fpath, out_cell, out_x, out_word, out_path,
             out_plen, count):
    w = word_of[node]
    if w >= 0 and plen >= min_len and not banned[w] and (through < 0 or uses[through] < cap):
        bit = np.uint32(1) << np.uint32(x)
        if seen[w] != mark:
            seen[w] = mark
            seen_x[w] = 0
        if (seen_x[w] & bit) == 0:
            seen_x[w] |= bit
            k = count[0]
            if k < len(out_word):
                out_cell[k], out_x[k], out_word[k], out_plen[k] = e, x, w, plen
                out_path[k, :plen] = fpath[:plen]
            count[0] = k + 1
    if mask[node] == 0:
        return
    for k in range(4):
        nb = neighbour(cell, k, rows, cols)
        if nb < 0 or uses[nb] == 0:
            continue
        nxt = child(child0, mask, node, x if nb == e else board[nb])
        if nxt < 0:
            continue
        uses[nb] -= 1
        fpath[plen] = nb
        _forward(child0, mask, word_of, board, rows, cols, uses, cap, e, x, through, min_len, banned,
                 seen, seen_x, mark, nxt, nb, plen + 1, fpath, out_cell, out_x, out_word, out_path,
                 out_plen, count)
        uses[nb] += 1


@njit
def _reverse(child0, mask, word_of, rchild0, rmask, rsep, board, rows, cols, uses, cap, e, fixed,
             through, min_len, banned, seen, seen_x, mark, rnode, cell, depth, rpath, fpath, out_cell,
             out_x, out_word, out_path, out_plen, count):
    """``rnode`` spells the cells ``rpath[:depth]`` (walking away from e); ``fixed`` is the letter
    of e once the path has come back through it (knots), else -1."""
    f = rsep[rnode]
    if f >= 0:  # a whole prefix: cross the separator, e takes each letter that may follow it
        cand = mask[f]
        if fixed >= 0:
            cand &= np.uint32(1) << np.uint32(fixed)
        if cand != 0:
            for j in range(depth):
                fpath[j] = rpath[depth - 1 - j]
            fpath[depth] = e
            for x in range(32):
                if (cand >> np.uint32(x)) & np.uint32(1):
                    _forward(child0, mask, word_of, board, rows, cols, uses, cap, e, x, through,
                             min_len, banned, seen, seen_x, mark, child(child0, mask, f, x), e,
                             depth + 1, fpath, out_cell, out_x, out_word, out_path, out_plen, count)
    m = rmask[rnode]
    if m == 0:
        return
    for k in range(4):
        nb = neighbour(cell, k, rows, cols)
        if nb < 0 or uses[nb] == 0:
            continue
        if nb == e:  # back through the new cell (knots): its letter is whatever continues here
            letters = m if fixed < 0 else m & (np.uint32(1) << np.uint32(fixed))
        else:
            letters = m & (np.uint32(1) << np.uint32(board[nb]))
        for x in range(32):
            if (letters >> np.uint32(x)) & np.uint32(1):
                uses[nb] -= 1
                rpath[depth] = nb
                _reverse(child0, mask, word_of, rchild0, rmask, rsep, board, rows, cols, uses, cap, e,
                         x if nb == e else fixed, through, min_len, banned, seen, seen_x, mark,
                         child(rchild0, rmask, rnode, x), nb, depth + 1, rpath, fpath, out_cell,
                         out_x, out_word, out_path, out_plen, count)
                uses[nb] += 1


@njit
def has_filled_neighbour(board, rows, cols, cell):
    for k in range(4):
        nb = neighbour(cell, k, rows, cols)
        if nb >= 0 and board[nb] >= 0:
            return True
    return False


@njit
def search(child0, mask, word_of, rchild0, rmask, rsep, max_len, board, rows, cols, cells, cap,
           through, min_len, banned, seen, seen_x, mark, out_cell, out_x, out_word, out_path,
           out_plen):
    """Moves into each empty cell of ``cells`` that touches a filled cell; with ``through`` >= 0
    only words whose path uses that cell. Returns the number of moves; the out arrays hold the
    first ``len(out_word)`` of them (call again with larger arrays when the count is bigger).
    ``mark`` must exceed every value in ``seen`` (one mark per cell is used from mark up)."""
    uses = np.zeros(rows * cols, dtype=np.int8)
    for i in range(rows * cols):
        if board[i] >= 0:
            uses[i] = cap
    rpath = np.empty(max_len + 1, dtype=np.int32)
    fpath = np.empty(max_len + 1, dtype=np.int32)
    count = np.zeros(1, dtype=np.int64)
    for i in range(len(cells)):
        e = np.int64(cells[i])  # one integer type, so the recursion keeps one signature
        if board[e] >= 0 or not has_filled_neighbour(board, rows, cols, e):
            continue
        uses[e] = cap - 1
        _reverse(child0, mask, word_of, rchild0, rmask, rsep, board, rows, cols, uses, cap, e, -1,
                 through, min_len, banned, seen, seen_x, mark + i, 0, e, 0, rpath, fpath, out_cell,
                 out_x, out_word, out_path, out_plen, count)
        uses[e] = 0
    return count[0]
