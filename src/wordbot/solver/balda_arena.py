"""Self-play arena: two Balda players over many games, each start word played twice with the first
move alternating, so neither side profits from moving first."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field

from wordbot.lexicon import Lexicon
from wordbot.solver.ai import Engine, Settings
from wordbot.solver.balda import Move, balda_moves

Player = Callable[[list[str], list[str]], Move | None]  # (board rows, used words) -> a move or None


@dataclass
class GreedyPlayer:
    """The longest word now (ties: the rarer letter), the way a plain word finder plays."""

    lex: Lexicon
    mode: str
    depths: list[int] = field(default_factory=list)

    def __call__(self, board: list[str], used: list[str]) -> Move | None:
        moves = balda_moves(board, self.lex, self.mode, used)
        return moves[0] if moves else None


@dataclass
class EnginePlayer:
    engine: Engine
    time_limit: float
    depths: list[int] = field(default_factory=list)

    def __call__(self, board: list[str], used: list[str]) -> Move | None:
        thought = self.engine.think(board, used, self.time_limit)
        self.depths.append(thought.depth)
        return thought.move


@dataclass
class MatchResult:
    margins: list[int] = field(default_factory=list)  # A's points minus B's, one per game
    depths_a: list[int] = field(default_factory=list)
    depths_b: list[int] = field(default_factory=list)

    @property
    def win_rate(self) -> float:
        """A's share of the games, a draw counting half."""
        wins = sum(m > 0 for m in self.margins) + 0.5 * sum(m == 0 for m in self.margins)
        return wins / len(self.margins) if self.margins else 0.0

    def summary(self) -> str:
        n = len(self.margins)
        won, drawn = sum(m > 0 for m in self.margins), sum(m == 0 for m in self.margins)
        text = f"{n} games: {won} won, {drawn} drawn, {n - won - drawn} lost; mean margin "
        text += f"{sum(self.margins) / max(n, 1):+.1f}"
        for name, depths in (("A", self.depths_a), ("B", self.depths_b)):
            if depths:
                text += f"; {name} depth mean {sum(depths) / len(depths):.1f}, max {max(depths)}"
        return text


def play_game(lex: Lexicon, mode: str, start: str, first: Player, second: Player) -> tuple[int, int]:
    """Points of (first, second): the start word in the middle row, then turns until the board is
    full or the player to move has no move."""
    size = len(start)
    board = [["."] * size for _ in range(size)]
    board[size // 2] = list(start)
    used, points, turn = [start], [0, 0], 0
    players = (first, second)
    while any("." in row for row in board):
        move = players[turn](["".join(r) for r in board], list(used))
        if move is None:
            break
        board[move.cell[0]][move.cell[1]] = move.letter
        used.append(move.word)
        points[turn] += move.score
        turn = 1 - turn
    return points[0], points[1]


def play_match(lex: Lexicon, mode: str, size: int, games: int, a: Player, b: Player,
               seed: int = 0) -> MatchResult:
    """``games`` games of A against B on size x size boards; start words drawn from the lexicon."""
    rng = random.Random(seed)
    starts = [w for w in lex.words if len(w) == size]
    result = MatchResult()
    for g in range(games):
        if g % 2 == 0:
            start = rng.choice(starts)
            pa, pb = play_game(lex, mode, start, a, b)
        else:
            pb, pa = play_game(lex, mode, start, b, a)
        result.margins.append(pa - pb)
    result.depths_a.extend(getattr(a, "depths", []))
    result.depths_b.extend(getattr(b, "depths", []))
    return result


def engine_player(lex: Lexicon, mode: str, time_limit: float, max_depth: int | None = None) -> EnginePlayer:
    settings = Settings() if max_depth is None else Settings(max_depth=max_depth)
    return EnginePlayer(Engine(lex, mode, settings), time_limit)
