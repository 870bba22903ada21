"""Balda AI: iterative-deepening negamax with alpha-beta under a time limit.

Scores are relative: a node's value is what the side to move gains from here on minus what the
opponent gains. Candidate pruning: before the endgame only the ``width`` longest moves (one word per
cell and letter) are searched, as strong players' engines do; with ``endgame`` or fewer empty cells
every move is. The horizon is one greedy ply (the longest move available). The tree walk is Python;
move generation is the compiled kernel, incremental below the root: after a move only the words
through the new letter are searched (see ``Engine``).
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from dataclasses import dataclass

import numpy as np

from wordbot.errors import WordbotError
from wordbot.lexicon import Lexicon
from wordbot.solver.balda import (
    Move,
    Position,
    RawMoves,
    after_move,
    balda_moves,
    banned_words,
    empty_moves,
    find_moves,
    knots_cap,
    parse_board,
    rank,
    through_into,
)

INF = 1 << 20
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


Came = tuple[RawMoves, int, int] | None  # the parent's moves, the cell and word just played


class _OutOfTime(Exception):
    pass


class Engine:
    """One lexicon and mode, reused move after move (arena games, the play loop).

    ``incremental``: a child node's moves come from its parent's list (the old moves whose cell is
    still empty and word still unused, plus the words through the new letter, searched from that
    cell alone); False regenerates every node's moves from the whole board (the baseline the
    bench compares against). Both give the same lists in the same order, hence the same search.
    """

    def __init__(self, lex: Lexicon, mode: str = "classic", settings: Settings = Settings(),
                 min_len: int = 2, incremental: bool = True):
        self.lex, self.cap, self.settings, self.min_len = lex, knots_cap(mode), settings, min_len
        self.mode, self.incremental = mode, incremental
        self._scratch = empty_moves(lex, 1024)  # the horizon's words through the new letter
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
        pos = parse_board(board, self.lex)  # its codes are played into and taken back in place
        used = list(used)
        banned = banned_words(self.lex, used)
        best, depth, value, self._nodes = None, 0, 0, 0
        for d in range(1, (max_depth or self.settings.max_depth) + 1):
            self._deadline = start + time_limit if d > 1 else float("inf")
            self._horizon = False
            try:
                v, choice = self._negamax(pos, banned, None, d, -INF, INF, best)
            except _OutOfTime:
                break
            if choice is None:  # no move at all
                break
            best, depth, value = choice, d, v
            if not self._horizon or time.perf_counter() >= start + time_limit:
                break  # the whole game tree was seen (deeper changes nothing), or time is up
        move = self._move(pos, board, used, best) if best else None
        return Thought(move, depth, self._nodes, time.perf_counter() - start, int(value))

    def _full(self, pos: Position, banned: np.ndarray) -> RawMoves:
        empty = np.nonzero(pos.codes < 0)[0].astype(np.int32)
        return find_moves(pos, self.lex, self.cap, empty, self.min_len, banned)

    def _moves(self, pos: Position, banned: np.ndarray, came: Came) -> RawMoves:
        """The node's moves, best first (``rank``'s order, so ties fall the same way either way)."""
        if came is None or not self.incremental:
            raw = self._full(pos, banned)
            order = rank(raw, self.lex)
            return RawMoves(raw.cell[order], raw.letter[order], raw.word[order], raw.path[order, :0],
                            raw.plen[order])  # paths are never read here
        parent, e, w = came
        return after_move(parent, pos, self.lex, self.cap, e, w, self.min_len, banned)

    def _greedy(self, pos: Position, banned: np.ndarray, came: Came) -> int:
        """The longest move's length (0: no move), the horizon's one greedy ply (never the root).
        Regenerated with one-letter words allowed: those need not use the new letter (``after_move``)."""
        if not self.incremental or self.min_len < 2:
            return int(self._full(pos, banned).plen.max(initial=0))
        parent, e, w = came
        old = next((int(parent.plen[i]) for i in range(len(parent.word))  # the parent's list is
                    if parent.cell[i] != e and parent.word[i] != w), 0)  # longest first
        out = self._scratch
        while (n := through_into(pos, self.lex, self.cap, e, self.min_len, banned, out)) > len(out.word):
            out = self._scratch = empty_moves(self.lex, n)
        return max(old, int(out.plen[:n].max(initial=0)))

    def _candidates(self, pos: Position, moves: RawMoves, first) -> list[int]:
        """The list's own order (longest first), the previous iteration's choice ahead; pruned to
        ``width`` (one word per cell and letter) before the endgame."""
        n = len(moves.word)
        order = list(range(n))
        if first is not None:
            order = [i for i in order if (moves.cell[i], moves.letter[i], moves.word[i]) == first] + order
        if int((pos.codes < 0).sum()) <= self.settings.endgame:
            return list(dict.fromkeys(order))
        chosen, placed = [], set()
        for i in order:
            key = (int(moves.cell[i]), int(moves.letter[i]))
            if key not in placed:
                placed.add(key)
                chosen.append(i)
                if len(chosen) == self.settings.width:
                    break
        return chosen

    def _negamax(self, pos: Position, banned: np.ndarray, came: Came, depth: int, alpha: int, beta: int,
                 first=None) -> tuple[int, tuple[int, int, int] | None]:
        """(value for the side to move, its best (cell, letter, word) or None); ``came``: the
        parent's moves and the move into this node (None at the root)."""
        self._nodes += 1
        if time.perf_counter() > self._deadline:
            raise _OutOfTime
        if depth == 0:
            gain = self._greedy(pos, banned, came)
            self._horizon = self._horizon or gain > 0
            return gain, None
        moves = self._moves(pos, banned, came)
        if len(moves.word) == 0:
            return 0, None
        best, choice = -INF, None
        for i in self._candidates(pos, moves, first):
            e, x, w = int(moves.cell[i]), int(moves.letter[i]), int(moves.word[i])
            gain = int(moves.plen[i])
            pos.codes[e], banned[w] = x, True
            try:  # value = gain - reply, so the reply's window is shifted by the gain
                reply, _ = self._negamax(pos, banned, (moves, e, w), depth - 1, gain - beta, gain - alpha)
            finally:
                pos.codes[e], banned[w] = -1, False
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
