"""Everything a first game would otherwise wait for, done ahead: the bundled word lists compiled,
Balda's reversed-prefix graphs built, and every numba kernel compiled into its on-disk cache, each
with the argument types the game passes (a kernel compiled for other types compiles again).

``wordbot warmup`` runs this; ``make setup`` calls it, so the first ``play`` on a fresh machine
only loads caches. Safe to run again: what is cached is loaded, not rebuilt.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from wordbot.lexicon.alphabet import LANGS


@dataclass(frozen=True)
class Step:
    name: str
    seconds: float


def warm_up(progress: Callable[[str], None] | None = None) -> list[Step]:
    """Run every step; returns how long each took (a few seconds when all was cached already)."""
    steps = []
    for name, run in [*((f"word list ({lang})", _lexicon(lang)) for lang in LANGS),
                      ("grid solver", _grid), ("Balda solver and AI", _balda), ("board reader", _reader)]:
        if progress:
            progress(name)
        t = time.perf_counter()
        run()
        steps.append(Step(name, time.perf_counter() - t))
    return steps


def _lexicon(lang: str) -> Callable[[], None]:
    def run() -> None:
        from wordbot.lexicon import Lexicon
        from wordbot.solver.gaddag import gaddag

        gaddag(Lexicon.builtin(lang))

    return run


def _grid() -> None:
    from wordbot.lexicon import Lexicon
    from wordbot.solver.grid import score_grids, solve_grid

    lex = Lexicon.builtin("en")
    plain = list("serstaetinglmpes")
    solve_grid(plain, 4, 4, lex)  # one-letter tiles (the usual board)
    solve_grid(["qu", "a/e", "re-", "-ing"] + plain[4:], 4, 4, lex, rules="ruzzle", bonuses=["DL"] * 16)
    codes = np.zeros((200, 16), dtype=np.int8)
    score_grids(codes[:1], 4, 4, lex, threads=1)
    score_grids(codes, 4, 4, lex, threads=2)


def _balda() -> None:
    from wordbot.lexicon import Lexicon
    from wordbot.solver.ai import Engine
    from wordbot.solver.balda import balda_moves

    lex = Lexicon.builtin("ru")
    board = [".....", ".....", "балда", ".....", "....."]
    for mode in ("classic", "knots"):
        balda_moves(board, lex, mode, ["балда"])
        balda_moves(board, lex, mode, ["балда"], cell=(1, 0))
        balda_moves(board, lex, mode, ["балда"], through=(2, 2))
        Engine(lex, mode).think(board, ["балда"], time_limit=600.0, max_depth=2)  # 2 plies: incremental


def _reader() -> None:
    import cv2

    from wordbot.calibration.detect import BoardGeometry
    from wordbot.ocr.read import read_tiles

    image = np.full((120, 120, 3), 255, dtype=np.uint8)
    for letter, (x, y) in zip("KOTA", ((30, 40), (80, 40), (30, 90), (80, 90)), strict=True):  # in both
        cv2.putText(image, letter, (x - 12, y), cv2.FONT_HERSHEY_SIMPLEX, 1.0, (0, 0, 0), 3)  # alphabets
    geometry = BoardGeometry.from_box((5, 5, 110, 110), 2, 2)
    for lang in LANGS:
        read_tiles(image, geometry, lang)
