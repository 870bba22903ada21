"""Balda's move search, compiled: from each empty cell, backwards through the reversed-prefix trie,
across the separator, then forwards through the lexicon's trie (see ``gaddag``).

Board: int8 letter codes, row-major, -1 for an empty cell. ``uses[c]`` is how many more times a
path may enter cell c (1 classic, 2 knots, 0 empty). Moves are reported once per
(cell, letter, word): ``seen[w] == mark`` with bit x of ``seen_x[w]`` set means word w with letter
x was already reported for this cell. The stacks are explicit (numba's on-disk cache mis-links
recursive functions); their depth is bounded by the longest word.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from wordbot.solver.bits import child, popcount32

_DR = np.array([-1, 1, 0, 0], dtype=np.int32)
_DC = np.array([0, 0, -1, 1], dtype=np.int32)


@njit(cache=True)
def neighbour_table(rows, cols):
    """The 4 orthogonal neighbours of each cell (-1 off the board), computed once per search."""
    nbr = np.full((rows * cols, 4), -1, dtype=np.int64)
    for cell in range(rows * cols):
        r, c = cell // cols, cell % cols
        for k in range(4):
            rr, cc = r + _DR[k], c + _DC[k]
            if 0 <= rr < rows and 0 <= cc < cols:
                nbr[cell, k] = rr * cols + cc
    return nbr


@njit(cache=True, inline="always")
def _low_bit(m):
    """Index of the lowest set bit of a non-zero uint32."""
    return popcount32((m & (np.uint32(0) - m)) - np.uint32(1))


@njit(cache=True, inline="always")
def _steps(letters, cell, nbr, uses, board, e, x):
    """Directions (bit k: neighbour k) a walk at ``cell`` can take: the neighbour may be entered
    and its letter (x in e; any letter while x < 0) is in ``letters``. Found once per frame, so
    dead ends cost no stack round trip."""
    dirs = 0
    if letters != 0:
        for k in range(4):
            nb = nbr[cell, k]
            if nb < 0 or uses[nb] == 0:
                continue
            if nb == e:
                if x < 0 or (letters >> np.uint32(x)) & 1:
                    dirs |= 1 << k
            elif (letters >> np.uint32(board[nb])) & 1:
                dirs |= 1 << k
    return dirs


@njit(cache=True, inline="always")
def _forward(child0, mask, word_of, board, nbr, uses, e, x, min_len, banned, seen, seen_x, mark, start,
             base, fpath, sn, sc, sk, out_cell, out_x, out_word, out_path, out_plen, count):
    """Depth-first from e (letter x) at forward node ``start``; ``fpath[:base]`` is the prefix
    path ending at e. Frame d's cell is ``fpath[base + d - 1]``. Inlined into ``_from_cell``: a
    quarter faster on 9x9 knots positions than a call (run once per prefix and letter). Reporting
    is written out here, not in a helper: one called per word costs atomic reference counts."""
    bit = np.uint32(1) << np.uint32(x)
    d = 0
    sn[0], sc[0], sk[0] = start, e, 0
    entered = True
    while d >= 0:
        node = sn[d]
        if entered:
            entered = False
            w = word_of[node]
            plen = base + d
            if w >= 0 and plen >= min_len and not banned[w]:
                if seen[w] != mark:
                    seen[w] = mark
                    seen_x[w] = 0
                if (seen_x[w] & bit) == 0:
                    seen_x[w] |= bit
                    k = count[0]
                    if k < len(out_word):
                        out_cell[k], out_x[k], out_word[k], out_plen[k] = e, x, w, plen
                        for j in range(plen):
                            out_path[k, j] = fpath[j]
                    count[0] = k + 1
            sk[d] = _steps(mask[node], sc[d], nbr, uses, board, e, x)
        dirs = sk[d]
        if dirs == 0:
            if d > 0:
                uses[sc[d]] += 1
            d -= 1
            continue
        sk[d] = dirs & (dirs - 1)
        nb = nbr[sc[d], _low_bit(np.uint32(dirs))]
        nxt = child(child0, mask, node, x if nb == e else board[nb])
        uses[nb] -= 1
        d += 1
        sn[d], sc[d], sk[d] = nxt, nb, 0
        fpath[base + d - 1] = nb
        entered = True


@njit(cache=True)
def _from_cell(child0, mask, word_of, rchild0, rmask, rsep, board, nbr, uses, e, min_len, banned, seen,
               seen_x, mark, out_cell, out_x, out_word, out_path, out_plen, count, rn, rc, rk, rf, rl,
               rpath, fpath, sn, sc, sk):
    """Every move into empty cell e. Reverse frame d spells the cells ``rpath[:d]`` (walking away
    from e) at reversed-prefix node ``rn[d]``; ``rf[d]`` is the letter of e once the path has come
    back through it (knots), else -1; ``rl[d]`` holds letters still to try in e on such a return."""
    near = np.uint32(0)  # letters next to e: a word longer than the prefix goes on through one
    for k in range(4):
        nb = nbr[e, k]
        if nb >= 0 and board[nb] >= 0:
            near |= np.uint32(1) << np.uint32(board[nb])
    d = 0
    rn[0], rc[0], rk[0], rf[0], rl[0] = 0, e, 0, -1, 0
    entered = True
    while d >= 0:
        if entered:  # a new frame: a whole prefix crosses the separator; e takes each letter
            entered = False  # that may follow it (only the fixed one after a return through e)
            f = rsep[rn[d]]
            if f >= 0:
                cand = mask[f]
                if rf[d] >= 0:
                    cand &= np.uint32(1) << np.uint32(rf[d])
                if cand != 0:
                    for j in range(d):
                        fpath[j] = rpath[d - 1 - j]
                    fpath[d] = e
                while cand != 0:
                    x = _low_bit(cand)
                    cand &= cand - np.uint32(1)
                    xn = child(child0, mask, f, x)
                    if word_of[xn] >= 0 or (mask[xn] & near) != 0:  # else a dead end at e
                        _forward(child0, mask, word_of, board, nbr, uses, e, x, min_len, banned, seen,
                                 seen_x, mark, xn, d + 1, fpath, sn, sc, sk, out_cell, out_x, out_word,
                                 out_path, out_plen, count)
            rk[d] = _steps(rmask[rn[d]], rc[d], nbr, uses, board, e, rf[d])
        if rl[d] != 0:  # back into e with each remaining letter
            x = _low_bit(rl[d])
            rl[d] &= rl[d] - np.uint32(1)
            nb, nxt, fixed = e, child(rchild0, rmask, rn[d], x), x
        else:
            dirs = rk[d]
            if dirs == 0:
                if d > 0:
                    uses[rc[d]] += 1
                d -= 1
                continue
            rk[d] = dirs & (dirs - 1)
            nb = nbr[rc[d], _low_bit(np.uint32(dirs))]
            if nb == e:
                rl[d] = rmask[rn[d]]
                if rf[d] >= 0:
                    rl[d] &= np.uint32(1) << np.uint32(rf[d])
                continue
            nxt, fixed = child(rchild0, rmask, rn[d], board[nb]), rf[d]
        uses[nb] -= 1
        rpath[d] = nb
        d += 1
        rn[d], rc[d], rk[d], rf[d], rl[d] = nxt, nb, 0, fixed, 0
        entered = True


@njit(cache=True)
def has_filled_neighbour(board, nbr, cell):
    for k in range(4):
        nb = nbr[cell, k]
        if nb >= 0 and board[nb] >= 0:
            return True
    return False


@njit(cache=True)
def search(child0, mask, word_of, rchild0, rmask, rsep, max_len, board, rows, cols, cells, cap, min_len,
           banned, seen, seen_x, mark, out_cell, out_x, out_word, out_path, out_plen):
    """Moves into each empty cell of ``cells`` that touches a filled cell (words through a given
    filled cell: ``through_search``). Returns the number of moves; the out arrays hold the first
    ``len(out_word)`` of them (call again with larger arrays when the count is bigger).
    ``mark`` must exceed every value in ``seen`` (one mark per cell is used from mark up)."""
    uses = np.zeros(rows * cols, dtype=np.int8)
    for i in range(rows * cols):
        if board[i] >= 0:
            uses[i] = cap
    count = np.zeros(1, dtype=np.int64)
    nbr = neighbour_table(rows, cols)
    size = max_len + 2
    rn = np.empty(size, dtype=np.int64)
    rc = np.empty(size, dtype=np.int64)
    rk = np.empty(size, dtype=np.int64)
    rf = np.empty(size, dtype=np.int64)
    rl = np.empty(size, dtype=np.uint32)
    rpath = np.empty(size, dtype=np.int32)
    fpath = np.empty(size, dtype=np.int32)
    sn = np.empty(size, dtype=np.int64)
    sc = np.empty(size, dtype=np.int64)
    sk = np.empty(size, dtype=np.int64)
    for i in range(len(cells)):
        e = np.int64(cells[i])
        if board[e] >= 0 or not has_filled_neighbour(board, nbr, e):
            continue
        uses[e] = cap - 1
        _from_cell(child0, mask, word_of, rchild0, rmask, rsep, board, nbr, uses, e, min_len, banned,
                   seen, seen_x, mark + i, out_cell, out_x, out_word, out_path, out_plen, count, rn, rc,
                   rk, rf, rl, rpath, fpath, sn, sc, sk)
        uses[e] = 0
    return count[0]


@njit(cache=True, inline="always")
def _open_steps(letters, cell, nbr, uses, board, ec, el):
    """Directions a walk anchored at a filled cell can take: a filled neighbour whose letter is in
    ``letters``, the empty cell ``ec`` already given letter ``el``, or, while no empty cell is
    chosen yet (ec < 0), any empty neighbour (its letter is chosen on entry)."""
    dirs = 0
    if letters != 0:
        for k in range(4):
            nb = nbr[cell, k]
            if nb < 0 or uses[nb] == 0:
                continue
            if board[nb] >= 0:
                ok = (letters >> np.uint32(board[nb])) & 1 != 0
            elif nb == ec:
                ok = (letters >> np.uint32(el)) & 1 != 0
            else:
                ok = ec < 0
            if ok:
                dirs |= 1 << k
    return dirs


@njit(cache=True)
def _forward_anchored(child0, mask, word_of, board, nbr, uses, min_len, banned, start, anchor, ec0, el0,
                      base, fpath, sn, sc, sk, sl, sp, se, sx, out_cell, out_x, out_word, out_path,
                      out_plen, count):
    """Depth-first from the anchor at forward node ``start``; ``fpath[:base]`` is the prefix path
    ending at the anchor, ``ec0``/``el0`` the empty cell and letter it placed (-1: none yet). Frame
    d's cell is ``fpath[base + d - 1]``; ``sl[d]`` holds letters still to try in empty cell ``sp[d]``."""
    d = 0
    sn[0], sc[0], sk[0], sl[0], se[0], sx[0] = start, anchor, 0, 0, ec0, el0
    entered = True
    while d >= 0:
        node = sn[d]
        if entered:
            entered = False
            w = word_of[node]
            plen = base + d
            if w >= 0 and se[d] >= 0 and plen >= min_len and not banned[w]:
                k = count[0]
                if k < len(out_word):
                    out_cell[k], out_x[k], out_word[k], out_plen[k] = se[d], sx[d], w, plen
                    for j in range(plen):
                        out_path[k, j] = fpath[j]
                count[0] = k + 1
            sk[d] = _open_steps(mask[node], sc[d], nbr, uses, board, se[d], sx[d])
        ec, el = se[d], sx[d]
        if sl[d] != 0:  # into the newly chosen empty cell with each remaining letter
            el = _low_bit(sl[d])
            sl[d] &= sl[d] - np.uint32(1)
            nb = sp[d]
            ec, nxt = nb, child(child0, mask, node, el)
        else:
            dirs = sk[d]
            if dirs == 0:
                if d > 0:
                    uses[sc[d]] += 1
                d -= 1
                continue
            sk[d] = dirs & (dirs - 1)
            nb = nbr[sc[d], _low_bit(np.uint32(dirs))]
            if board[nb] < 0 and nb != ec:
                sl[d], sp[d] = mask[node], nb
                continue
            nxt = child(child0, mask, node, el if nb == ec else board[nb])
        uses[nb] -= 1
        d += 1
        sn[d], sc[d], sk[d], sl[d], se[d], sx[d] = nxt, nb, 0, 0, ec, el
        fpath[base + d - 1] = nb
        entered = True


@njit(cache=True)
def through_search(child0, mask, word_of, rchild0, rmask, rsep, max_len, board, rows, cols, cap, anchor,
                   min_len, banned, out_cell, out_x, out_word, out_path, out_plen):
    """Moves whose word path uses the filled cell ``anchor``, walked from that cell alone: the trap
    check, and the incremental search (after a move every new word goes through the new letter).
    Like ``search`` but anchored at a filled cell: backwards through the reversed-prefix trie, across
    the separator with the anchor's letter, then forwards; the first empty cell a walk enters takes
    the placed letter, and no other empty cell may be entered. A move is reported once per path found
    (a knot through the anchor finds a path twice): the caller dedupes (``first_per_key``). Returns
    the number of moves, the out arrays filled like ``search``'s."""
    uses = np.full(rows * cols, cap, dtype=np.int8)
    uses[anchor] = cap - 1
    count = np.zeros(1, dtype=np.int64)
    nbr = neighbour_table(rows, cols)
    size = max_len + 2
    rn, rc, rk = np.empty(size, np.int64), np.empty(size, np.int64), np.empty(size, np.int64)
    rl, rp = np.empty(size, np.uint32), np.empty(size, np.int64)
    re, rx = np.empty(size, np.int64), np.empty(size, np.int64)
    sn, sc, sk = np.empty(size, np.int64), np.empty(size, np.int64), np.empty(size, np.int64)
    sl, sp = np.empty(size, np.uint32), np.empty(size, np.int64)
    se, sx = np.empty(size, np.int64), np.empty(size, np.int64)
    rpath, fpath = np.empty(size, np.int32), np.empty(size, np.int32)
    a = board[anchor]
    d = 0
    rn[0], rc[0], rk[0], rl[0], re[0], rx[0] = 0, anchor, 0, 0, -1, -1
    entered = True
    while d >= 0:
        node = rn[d]
        if entered:  # a whole prefix may cross the separator; the anchor's letter must follow it
            entered = False
            f = rsep[node]
            if f >= 0 and (mask[f] >> np.uint32(a)) & 1 != 0:
                for j in range(d):
                    fpath[j] = rpath[d - 1 - j]
                fpath[d] = anchor
                _forward_anchored(child0, mask, word_of, board, nbr, uses, min_len, banned,
                                  child(child0, mask, f, a), anchor, re[d], rx[d], d + 1, fpath, sn, sc,
                                  sk, sl, sp, se, sx, out_cell, out_x, out_word, out_path, out_plen, count)
            rk[d] = _open_steps(rmask[node], rc[d], nbr, uses, board, re[d], rx[d])
        ec, el = re[d], rx[d]
        if rl[d] != 0:
            el = _low_bit(rl[d])
            rl[d] &= rl[d] - np.uint32(1)
            nb = rp[d]
            ec, nxt = nb, child(rchild0, rmask, node, el)
        else:
            dirs = rk[d]
            if dirs == 0:
                if d > 0:
                    uses[rc[d]] += 1
                d -= 1
                continue
            rk[d] = dirs & (dirs - 1)
            nb = nbr[rc[d], _low_bit(np.uint32(dirs))]
            if board[nb] < 0 and nb != ec:
                rl[d], rp[d] = rmask[node], nb
                continue
            nxt = child(rchild0, rmask, node, el if nb == ec else board[nb])
        uses[nb] -= 1
        rpath[d] = nb
        d += 1
        rn[d], rc[d], rk[d], rl[d], re[d], rx[d] = nxt, nb, 0, 0, ec, el
        entered = True
    return count[0]


@njit(cache=True, inline="always")
def _move_key(cell, letter, word, word_key, letter_key, cells):
    return (word_key[word] + letter_key[letter]) * cells + cell


@njit(cache=True)
def move_keys(cell, letter, word, word_key, letter_key, cells):
    """Each move's ranking key (lowest best): ``word_key``/``letter_key`` hold the per-lexicon parts
    (see ``balda.Ranks``); distinct for distinct (cell, letter, word) while cells < ``cells``."""
    keys = np.empty(len(cell), dtype=np.int64)
    for i in range(len(cell)):
        keys[i] = _move_key(cell[i], letter[i], word[i], word_key, letter_key, cells)
    return keys


@njit(cache=True)
def first_per_key(keys):
    """Indices of ``keys`` in ascending key order, of equal keys only the first (lowest index): a
    ranked list with each move once, whichever search found it more than once."""
    order = np.argsort(keys, kind="mergesort")  # stable
    u = 0
    for t in range(len(order)):
        if t == 0 or keys[order[t]] != keys[order[t - 1]]:
            order[u] = order[t]
            u += 1
    return order[:u]


@njit(cache=True)
def rank_moves(cell, letter, word, word_key, letter_key):
    """The order of the moves, best first by ``move_keys``, each (cell, letter, word) once (the first
    found): keys and sort in one compiled call, so ranking adds no second trip through Python."""
    cells = 1
    for i in range(len(cell)):
        cells = max(cells, cell[i] + 1)
    return first_per_key(move_keys(cell, letter, word, word_key, letter_key, cells))


@njit(cache=True)
def merge_after_move(cell, letter, word, path, plen, filled, played, ncell, nletter, nword, npath, nplen,
                     word_key, letter_key, cells):
    """The old moves (the first five arrays) whose cell is not ``filled`` and word not ``played``,
    with the new ones (``n*``), ranked by ``move_keys``, once per (cell, letter, word): the first
    found is kept, old before new. Paths are copied as wide as the old ``path`` is (0: none)."""
    total = len(cell) + len(ncell)
    keys = np.empty(total, dtype=np.int64)
    src = np.empty(total, dtype=np.int64)  # i >= 0: old move i; ~j: new move j
    k = 0
    for i in range(len(cell)):
        if cell[i] != filled and word[i] != played:
            keys[k], src[k] = _move_key(cell[i], letter[i], word[i], word_key, letter_key, cells), i
            k += 1
    for j in range(len(ncell)):
        keys[k], src[k] = _move_key(ncell[j], nletter[j], nword[j], word_key, letter_key, cells), ~j
        k += 1
    order = first_per_key(keys[:k])  # of equal keys the old move comes first
    u = len(order)
    width = path.shape[1]
    oc, ox, ow = np.empty(u, np.int32), np.empty(u, np.int32), np.empty(u, np.int32)
    op, ol = np.empty((u, width), np.int32), np.empty(u, np.int32)
    for t in range(u):
        s = src[order[t]]
        if s >= 0:
            oc[t], ox[t], ow[t], ol[t] = cell[s], letter[s], word[s], plen[s]
            op[t] = path[s]
        else:
            oc[t], ox[t], ow[t], ol[t] = ncell[~s], nletter[~s], nword[~s], nplen[~s]
            op[t] = npath[~s, :width]
    return oc, ox, ow, op, ol
