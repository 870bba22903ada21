"""The grid walk, compiled: depth-first over board vertices alongside the packed trie.

A vertex is one spelling of one tile (either/or tiles have several); ``used`` marks tiles, so
no two spellings of a tile share a path. The stack is explicit; depth is bounded by the
longest word, since every tile adds at least one letter.
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange

from wordbot.solver.bits import child, lowest_bit32, lowest_bit64
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

    Pruning: ``reach[v]`` is the set of first letters of the vertices next to v, so a frame is
    pushed only when its trie node can continue through some neighbour (``mask & reach``), and
    a neighbour is tried only when its first letter is in that set.
    """
    n_vert = len(vlen)
    first = np.zeros(n_vert, dtype=np.uint32)
    for v in range(n_vert):
        if vlen[v] > 0 and vkind[v] != PREFIX:
            first[v] = np.uint32(1) << np.uint32(vlet[v, 0])
    reach = np.zeros(n_vert, dtype=np.uint32)
    for v in range(n_vert):
        if vkind[v] != SUFFIX:
            for k in range(nbr_start[v], nbr_start[v + 1]):
                reach[v] |= first[nbr[k]]
    used = np.zeros(n_tiles, dtype=np.bool_)
    sv = np.empty(max_len + 1, dtype=np.int32)
    sn = np.empty(max_len + 1, dtype=np.int32)
    si = np.empty(max_len + 1, dtype=np.int32)
    sc = np.empty(max_len + 1, dtype=np.uint32)
    sl = np.empty(max_len + 1, dtype=np.int32)
    ss = np.empty(max_len + 1, dtype=np.int32)
    sw = np.empty(max_len + 1, dtype=np.int32)
    count = 0
    for v0 in range(n_vert):
        if vlen[v0] == 0 or vkind[v0] == SUFFIX:
            continue
        d = -1
        u = v0
        node = _enter(child0, mask, 0, vlet, vlen, v0)
        while True:
            if node >= 0:  # u extends the path (to depth d + 1): report, then maybe push
                letters = vlen[u] + (sl[d] if d >= 0 else 0)
                value = vval[u] + (ss[d] if d >= 0 else 0)
                wmul = vwmul[u] * (sw[d] if d >= 0 else 1)
                w = word_of[node]
                if w >= 0 and letters >= min_len:
                    score = len_score[letters] + value * wmul
                    if stamp[w] != mark:
                        stamp[w] = mark
                        best[w] = count
                        out_word[count] = w
                        out_score[count] = score
                        count += 1
                        improved = True
                    else:
                        improved = score > out_score[best[w]]
                        if improved:
                            out_score[best[w]] = score
                    if collect and improved:
                        i = best[w]
                        out_path[i, : d + 1] = sv[: d + 1]
                        out_path[i, d + 1] = u
                        out_plen[i] = d + 2
                cand = mask[node] & reach[u]
                if cand != 0:
                    d += 1
                    sv[d], sn[d], si[d], sc[d] = u, node, nbr_start[u], cand
                    sl[d], ss[d], sw[d] = letters, value, wmul
                    used[vtile[u]] = True
            # next neighbour of the top frame whose first letter can continue its word
            node = -1
            while d >= 0:
                k = si[d]
                if k < nbr_start[sv[d] + 1]:
                    si[d] = k + 1
                    u = nbr[k]
                    if (sc[d] & first[u]) == 0 or used[vtile[u]]:
                        continue
                    node = _enter(child0, mask, sn[d], vlet, vlen, u)
                    if node >= 0:
                        break
                else:
                    used[vtile[sv[d]]] = False
                    d -= 1
            if d < 0:
                break
    return count


@njit(cache=True)
def _small_board(child0, mask, word_of, max_len, letters, nbr_bits, min_len, len_score, letter_value,
                 stamp, mark):
    """(words, points) of one board of at most 64 one-letter tiles (code -1: hole).

    Sets instead of lists: ``used`` and each tile's neighbours are 64-bit tile sets and
    ``at_letter[c]`` the tiles showing letter c. A frame takes each letter that both continues
    its word and lies next to it, computes that child once, and then the free neighbours holding
    the letter come out of one AND. A word's points do not depend on its path here (no tile
    bonuses), so the first path found is as good as any.
    """
    one = np.uint64(1)
    t = len(letters)
    at_letter = np.zeros(32, dtype=np.uint64)
    for v in range(t):
        if letters[v] >= 0:
            at_letter[letters[v]] |= one << np.uint64(v)
    reach = np.zeros(t, dtype=np.uint32)
    for v in range(t):
        m = nbr_bits[v]
        while m:
            u = lowest_bit64(m)
            m &= m - one
            if letters[u] >= 0:
                reach[v] |= np.uint32(1) << np.uint32(letters[u])
    tile = np.empty(max_len + 1, dtype=np.int64)
    node_at = np.empty(max_len + 1, dtype=np.int32)
    value_at = np.empty(max_len + 1, dtype=np.int32)
    letters_left = np.empty(max_len + 1, dtype=np.uint32)
    tiles_left = np.zeros(max_len + 1, dtype=np.uint64)
    next_node = np.empty(max_len + 1, dtype=np.int32)
    next_value = np.empty(max_len + 1, dtype=np.int32)
    count, points = 0, 0
    for v0 in range(t):
        if letters[v0] < 0:
            continue
        node = child(child0, mask, 0, letters[v0])
        if node < 0:
            continue
        w = word_of[node]
        if w >= 0 and min_len <= 1 and stamp[w] != mark:
            stamp[w] = mark
            count += 1
            points += len_score[1] + letter_value[letters[v0]]
        d = 0
        tile[0], node_at[0], value_at[0] = v0, node, letter_value[letters[v0]]
        letters_left[0], tiles_left[0] = mask[node] & reach[v0], 0
        used = one << np.uint64(v0)
        while d >= 0:
            free = tiles_left[d]
            if free != 0:  # step onto the next free neighbour showing the chosen letter
                u = lowest_bit64(free)
                tiles_left[d] = free & (free - one)
                node = next_node[d]
                w = word_of[node]
                if w >= 0 and d + 2 >= min_len and stamp[w] != mark:
                    stamp[w] = mark
                    count += 1
                    points += len_score[d + 2] + next_value[d]
                cont = mask[node] & reach[u]
                if cont != 0:
                    d += 1
                    tile[d], node_at[d], value_at[d] = u, node, next_value[d - 1]
                    letters_left[d], tiles_left[d] = cont, 0
                    used |= one << np.uint64(u)
            elif letters_left[d] != 0:  # choose the next letter that continues the word
                cont = letters_left[d]
                c = lowest_bit32(cont)
                letters_left[d] = cont & (cont - np.uint32(1))
                free = nbr_bits[tile[d]] & at_letter[c] & ~used
                if free != 0:
                    tiles_left[d] = free
                    next_node[d] = child(child0, mask, node_at[d], c)
                    next_value[d] = value_at[d] + letter_value[c]
            else:
                used &= ~(one << np.uint64(tile[d]))
                d -= 1
    return count, points


@njit(cache=True)
def _score_range(child0, mask, word_of, max_len, letters, nbr_start, nbr, min_len, len_score, letter_value,
                 n_words, lo, hi, totals):
    """``totals[b]`` = (distinct words, total points) of boards lo..hi-1 (one-letter tiles, code -1:
    hole), with stamp arrays of its own: ranges may run at once on different cores."""
    t = letters.shape[1]
    stamp = np.zeros(n_words, dtype=np.int32)
    if t <= 64:
        nbr_bits = np.zeros(t, dtype=np.uint64)
        for v in range(t):
            for k in range(nbr_start[v], nbr_start[v + 1]):
                nbr_bits[v] |= np.uint64(1) << np.uint64(nbr[k])
        for b in range(lo, hi):
            totals[b, 0], totals[b, 1] = _small_board(child0, mask, word_of, max_len, letters[b],
                                                      nbr_bits, min_len, len_score, letter_value,
                                                      stamp, b + 1)
        return
    vlet = np.empty((t, 1), dtype=np.int8)
    vlen = np.empty(t, dtype=np.int8)
    vkind = np.zeros(t, dtype=np.int8)
    vtile = np.arange(t).astype(np.int32)
    vval = np.empty(t, dtype=np.int32)
    vwmul = np.ones(t, dtype=np.int32)
    best = np.zeros(n_words, dtype=np.int32)
    out_word = np.empty(n_words, dtype=np.int32)
    out_score = np.empty(n_words, dtype=np.int32)
    out_path = np.empty((1, 1), dtype=np.int32)
    out_plen = np.empty(1, dtype=np.int32)
    for b in range(lo, hi):
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


@njit(cache=True)
def score_batch(child0, mask, word_of, max_len, letters, nbr_start, nbr, min_len, len_score,
                letter_value, n_words):
    """Distinct words and total points of many boards of one-letter tiles (code -1: hole), on
    one core."""
    totals = np.zeros((letters.shape[0], 2), dtype=np.int64)
    _score_range(child0, mask, word_of, max_len, letters, nbr_start, nbr, min_len, len_score, letter_value,
                 n_words, 0, letters.shape[0], totals)
    return totals


@njit(cache=True, parallel=True)
def score_batch_parallel(child0, mask, word_of, max_len, letters, nbr_start, nbr, min_len, len_score,
                         letter_value, n_words, parts):
    """``score_batch`` with the boards cut into ``parts`` ranges scored at once (numba's threads,
    one per core by default); the same totals, since each range has its own stamps."""
    n = letters.shape[0]
    totals = np.zeros((n, 2), dtype=np.int64)
    for p in prange(parts):
        _score_range(child0, mask, word_of, max_len, letters, nbr_start, nbr, min_len, len_score,
                     letter_value, n_words, p * n // parts, (p + 1) * n // parts, totals)
    return totals
