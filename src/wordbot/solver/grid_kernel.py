"""The grid walk, compiled: depth-first over board vertices alongside the packed trie.

A vertex is one spelling of one tile (either/or tiles have several); ``used`` marks tiles, so
no two spellings of a tile share a path. The stack is explicit; depth is bounded by the
longest word, since every tile adds at least one letter.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from wordbot.solver.bits import child
from wordbot.solver.tiles import PREFIX, SUFFIX


@njit(cache=True, inline="always")
def _enter(child0, mask, node, vlet, vlen, v):
    for k in range(vlen[v]):
        node = child(child0, mask, node, vlet[v, k])
        if node < 0:
            return -1
    return node


@njit(cache=True)
def search(child0, mask, word_of, max_len, vlet, vlen, vkind, vtile, vval, vwmul, nbr_start, nbr,
           n_tiles, min_len, len_score, stamp, best, mark, out_word, out_score, out_path,
           out_plen, collect):
    """Every word on one board, once each, with its best score (and path when ``collect``).

    ``stamp[w] == mark`` says word w was already found on this board (at ``best[w]``), so one
    pair of arrays serves many boards. Returns how many words were found.
    """
    used = np.zeros(n_tiles, dtype=np.bool_)
    sv = np.empty(max_len + 1, dtype=np.int32)
    sn = np.empty(max_len + 1, dtype=np.int32)
    si = np.empty(max_len + 1, dtype=np.int32)
    sl = np.empty(max_len + 1, dtype=np.int32)
    ss = np.empty(max_len + 1, dtype=np.int32)
    sw = np.empty(max_len + 1, dtype=np.int32)
    count = 0
    for v0 in range(len(vlen)):
        if vlen[v0] == 0 or vkind[v0] == SUFFIX:
            continue
        node = _enter(child0, mask, 0, vlet, vlen, v0)
        if node < 0:
            continue
        d = 0
        sv[0], sn[0], si[0] = v0, node, -1
        sl[0], ss[0], sw[0] = vlen[v0], vval[v0], vwmul[v0]
        used[vtile[v0]] = True
        while d >= 0:
            if si[d] == -1:  # frame just pushed: report its word, then expand
                node = sn[d]
                w = word_of[node]
                if w >= 0 and sl[d] >= min_len:
                    score = len_score[sl[d]] + ss[d] * sw[d]
                    if stamp[w] != mark:
                        stamp[w] = mark
                        best[w] = count
                        out_word[count] = w
                        out_score[count] = score
                        if collect:
                            out_path[count, : d + 1] = sv[: d + 1]
                            out_plen[count] = d + 1
                        count += 1
                    elif score > out_score[best[w]]:
                        out_score[best[w]] = score
                        if collect:
                            out_path[best[w], : d + 1] = sv[: d + 1]
                            out_plen[best[w]] = d + 1
                v = sv[d]
                si[d] = nbr_start[v + 1] if vkind[v] == SUFFIX or mask[node] == 0 else nbr_start[v]
            v = sv[d]
            k = si[d]
            if k < nbr_start[v + 1]:
                si[d] = k + 1
                u = nbr[k]
                if vlen[u] == 0 or used[vtile[u]] or vkind[u] == PREFIX:
                    continue
                node = _enter(child0, mask, sn[d], vlet, vlen, u)
                if node < 0:
                    continue
                d += 1
                sv[d], sn[d], si[d] = u, node, -1
                sl[d], ss[d], sw[d] = sl[d - 1] + vlen[u], ss[d - 1] + vval[u], sw[d - 1] * vwmul[u]
                used[vtile[u]] = True
            else:
                used[vtile[v]] = False
                d -= 1
    return count


@njit(cache=True)
def score_batch(child0, mask, word_of, max_len, letters, nbr_start, nbr, min_len, len_score,
                letter_value, n_words):
    """Distinct words and total points of many boards of one-letter tiles (code -1: hole)."""
    n, t = letters.shape
    vlet = np.empty((t, 1), dtype=np.int8)
    vlen = np.empty(t, dtype=np.int8)
    vkind = np.zeros(t, dtype=np.int8)
    vtile = np.arange(t).astype(np.int32)
    vval = np.empty(t, dtype=np.int32)
    vwmul = np.ones(t, dtype=np.int32)
    stamp = np.zeros(n_words, dtype=np.int32)
    best = np.zeros(n_words, dtype=np.int32)
    out_word = np.empty(n_words, dtype=np.int32)
    out_score = np.empty(n_words, dtype=np.int32)
    out_path = np.empty((1, 1), dtype=np.int32)
    out_plen = np.empty(1, dtype=np.int32)
    totals = np.zeros((n, 2), dtype=np.int64)
    for b in range(n):
        for i in range(t):
            c = letters[b, i]
            vlet[i, 0] = max(c, 0)
            vlen[i] = 1 if c >= 0 else 0
            vval[i] = letter_value[c] if c >= 0 else 0
        found = search(child0, mask, word_of, max_len, vlet, vlen, vkind, vtile, vval, vwmul,
                       nbr_start, nbr, t, min_len, len_score, stamp, best, b + 1, out_word,
                       out_score, out_path, out_plen, False)
        totals[b, 0] = found
        totals[b, 1] = out_score[:found].sum()
    return totals
