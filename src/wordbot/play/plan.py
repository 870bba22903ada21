"""Which words to swipe, in which order: best points per second of swipe time, never through a
tile read with low confidence, never a word the game refused or already took."""

from __future__ import annotations

from collections.abc import Collection

from wordbot.act import Pacing
from wordbot.games import Game
from wordbot.lexicon import Lexicon
from wordbot.ocr import BoardReading
from wordbot.solver.grid import Found, solve_grid

FEEDBACK_WAIT = 0.05  # typical seconds until the game shows whether it took a word


def swipe_seconds(word: Found, pacing: Pacing) -> float:
    return pacing.settle + pacing.step * (len(word.path) - 1) + pacing.hold + pacing.between + FEEDBACK_WAIT


def plan_words(reading: BoardReading, lex: Lexicon, game: Game, threshold: float, pacing: Pacing,
               skip: Collection[str] = ()) -> list[Found]:
    """Every word to play on this board, best points per second first. Unsure tiles are holes to
    the solver, so no planned path can cross one."""
    unsure = set(reading.unsure(threshold))
    tiles = ["" if i in unsure else t for i, t in enumerate(reading.tiles)]
    found = solve_grid(tiles, reading.rows, reading.cols, lex, game.min_len, game.name)
    words = [f for f in found if f.word not in skip]
    return sorted(words, key=lambda f: -f.score / swipe_seconds(f, pacing))


def warm_up(lex: Lexicon, game: Game) -> None:
    """Load the compiled solver before the clock runs (the first call pays numba's cache load)."""
    solve_grid(["a" if lex.lang == "en" else "а"] * 4, 2, 2, lex, game.min_len, game.name)
