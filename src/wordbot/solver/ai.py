"""Balda AI: iterative-deepening negamax with alpha-beta under a time limit.

Scores are relative: a node's value is what the side to move gains from here on minus what the
opponent gains. Candidate pruning: before the endgame only the ``width`` longest moves (one word per
cell and letter) are searched, as strong players' engines do; with ``endgame`` or fewer empty cells
every move is. The horizon is one greedy ply (the longest move available). The tree walk is Python;
each node's move generation is the compiled kernel, which takes nearly all of the time.
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from dataclasses import dataclass

import numpy as np

from wordbot.errors import WordbotError
from wordbot.lexicon import Lexicon
from wordbot.solver.balda import Move, Position, balda_moves, banned_words, knots_cap, parse_board
from wordbot.solver.balda_kernel import search
from wordbot.solver.gaddag import gaddag

INF = 1 << 20
ROOM = 4096  # moves per ply before the buffers grow (a 9x9 knots middle game has about 500)
MAX_DEPTH = 40


@dataclass(frozen=True)
class Settings:
    """How the engine searches: ``width`` longest moves per node before the endgame, every move
    once ``endgame`` or fewer cells are empty; ``max_depth`` caps the iterative deepening."""

    width: int = 6
    endgame: int = 5
    max_depth: int = MAX_DEPTH


@dataclass(frozen=True)
class Thought:
    move: Move | None
    depth: int  # plies searched completely (plus one greedy ply at the horizon)
    nodes: int
    seconds: float
    value: int  # the score margin the engine expects from here, for the side to move


class _OutOfTime(Exception):
    pass


class Engine:
    """Buffers for one lexicon and mode, reused move after move (arena games, the play loop)."""

    def __init__(self, lex: Lexicon, mode: str = "classic", settings: Settings = Settings(),
                 min_len: int = 2):
        self.lex, self.cap, self.settings, self.min_len = lex, knots_cap(mode), settings, min_len
        self.mode = mode
        g, t = gaddag(lex), lex.trie
        self._arrays = (t.child0, t.mask, t.word_of, g.rchild0, g.rmask, g.rsep, lex.max_len)
        self._lengths = np.ascontiguousarray(lex.lengths, dtype=np.int32)
        self._seen = np.zeros(len(lex), dtype=np.int32)
        self._seen_x = np.zeros(len(lex), dtype=np.uint32)
        self._mark = 1
        plies = settings.max_depth + 2  # move lists per ply (cell, letter, word), grown on demand
        self._mc = [np.empty(ROOM, dtype=np.int32) for _ in range(plies)]
        self._mx = [np.empty(ROOM, dtype=np.int32) for _ in range(plies)]
        self._mw = [np.empty(ROOM, dtype=np.int32) for _ in range(plies)]
        self._path = np.empty((ROOM, lex.max_len + 1), dtype=np.int32)  # not read: paths of the
        self._plen = np.empty(ROOM, dtype=np.int32)  # chosen move come from a local search
        self._nodes = 0
        self._deadline = 0.0
        self._horizon = False  # whether the last iteration stopped anywhere short of the game's end

    def think(self, board, used: Iterable[str] = (), time_limit: float = 2.0,
              max_depth: int | None = None) -> Thought:
        """Deepen one ply at a time until the time is spent or ``max_depth`` is reached; one ply
        is always searched whole, deeper iterations are dropped when the time runs out."""
        if not time_limit >= 0:
            raise WordbotError(f"time limit must be a non-negative number of seconds (got {time_limit})")
        start = time.perf_counter()
        pos = parse_board(board, self.lex)
        used = list(used)
        banned = banned_words(self.lex, used)
        codes = pos.codes.copy()
        cells = np.arange(pos.rows * pos.cols, dtype=np.int32)
        best, depth, value, self._nodes = None, 0, 0, 0
        for d in range(1, (max_depth or self.settings.max_depth) + 1):
            self._deadline = start + time_limit if d > 1 else float("inf")
            self._horizon = False
            try:
                v, choice = self._negamax(pos, codes, cells, banned, d, -INF, INF, 0, best)
            except _OutOfTime:
                break
            if choice is None:  # no move at all
                break
            best, depth, value = choice, d, v
            if not self._horizon or time.perf_counter() >= start + time_limit:
                break  # the whole game tree was seen (deeper changes nothing), or time is up
        move = self._move(pos, board, used, best) if best else None
        return Thought(move, depth, self._nodes, time.perf_counter() - start, int(value))

    def _generate(self, pos: Position, codes, cells, banned, ply: int) -> int:
        if self._mark > 1 << 30:  # stamps would overflow: start afresh
            self._seen[:] = 0
            self._mark = 1
        while True:
            n = int(search(*self._arrays, codes, pos.rows, pos.cols, cells, self.cap, -1, self.min_len,
                           banned, self._seen, self._seen_x, self._mark, self._mc[ply], self._mx[ply],
                           self._mw[ply], self._path, self._plen))
            self._mark += len(cells)
            if n <= len(self._mc[ply]):
                return n
            for lists in (self._mc, self._mx, self._mw):
                lists[ply] = np.empty(n, dtype=np.int32)
            if n > len(self._plen):
                self._path = np.empty((n, self.lex.max_len + 1), dtype=np.int32)
                self._plen = np.empty(n, dtype=np.int32)

    def _candidates(self, codes, ply: int, n: int, lens: np.ndarray, first) -> list[int]:
        """Longest first; pruned to ``width`` (one word per cell and letter) before the endgame."""
        mc, mx, mw = self._mc[ply], self._mx[ply], self._mw[ply]
        order = np.argsort(-lens, kind="stable").tolist()
        if first is not None:
            order = [i for i in range(n) if (mc[i], mx[i], mw[i]) == first] + order
        if int((codes < 0).sum()) <= self.settings.endgame:
            return list(dict.fromkeys(order))
        chosen, placed = [], set()
        for i in order:
            key = (int(mc[i]), int(mx[i]))
            if key not in placed:
                placed.add(key)
                chosen.append(i)
                if len(chosen) == self.settings.width:
                    break
        return chosen

    def _negamax(self, pos, codes, cells, banned, depth: int, alpha: int, beta: int, ply: int,
                 first=None) -> tuple[int, tuple[int, int, int] | None]:
        """(value for the side to move, its best (cell, letter, word) or None)."""
        self._nodes += 1
        if time.perf_counter() > self._deadline:
            raise _OutOfTime
        n = self._generate(pos, codes, cells, banned, ply)
        if n == 0:
            return 0, None
        mc, mx, mw = self._mc[ply], self._mx[ply], self._mw[ply]
        lens = self._lengths[mw[:n]]
        if depth == 0:
            self._horizon = True
            return int(lens.max()), None
        best, choice = -INF, None
        for i in self._candidates(codes, ply, n, lens, first):
            e, x, w = int(mc[i]), int(mx[i]), int(mw[i])
            gain = int(lens[i])
            codes[e], banned[w] = x, True
            try:  # value = gain - reply, so the reply's window is shifted by the gain
                reply, _ = self._negamax(pos, codes, cells, banned, depth - 1, gain - beta, gain - alpha,
                                         ply + 1)
            finally:
                codes[e], banned[w] = -1, False
            value = gain - reply
            if value > best:
                best, choice = value, (e, x, w)
            alpha = max(alpha, best)
            if alpha >= beta:
                break
        return best, choice

    def _move(self, pos: Position, board, used, best) -> Move:
        """The chosen (cell, letter, word) as a Move with a path, from a local search."""
        e, x, w = best
        cell = divmod(e, pos.cols)
        for m in balda_moves(board, self.lex, self.mode, used, cell=cell, min_len=self.min_len):
            if m.letter == self.lex.alphabet.letters[x] and m.word == self.lex.word(w):
                return m
        raise AssertionError("the engine chose a move the move generator does not know")


def balda_best_move(board, lex: Lexicon, mode: str = "classic", used: Iterable[str] = (),
                    time_limit: float = 2.0) -> Move | None:
    """The AI's choice for the side to move (None when there is no move)."""
    return Engine(lex, mode).think(board, used, time_limit).move
