"""``python -m wordbot.simgame grid|balda [options]``: open the simulated game in a window."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from wordbot.lexicon import Lexicon
from wordbot.simgame.balda_app import BaldaOptions, run_balda
from wordbot.simgame.boards import balda_start, grid_board
from wordbot.simgame.gamelog import GameLog
from wordbot.simgame.grid_app import GridOptions, run_grid
from wordbot.simgame.judge import BaldaJudge, GridJudge


def _point(text: str) -> tuple[int, int]:
    x, y = text.split(",")
    return int(x), int(y)


def parse(argv: list[str] | None = None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(prog="python -m wordbot.simgame", description=__doc__)
    ap.add_argument("mode", choices=["grid", "balda"])
    ap.add_argument("--lang", default="ru", choices=["ru", "en"])
    ap.add_argument("--size", type=int, default=None, help="board side (grid 4, balda 5)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--duration", type=float, default=120.0, help="grid: seconds per round")
    ap.add_argument("--log", type=Path, default=None, help="JSON-lines record of the game")
    ap.add_argument("--at", type=_point, default=(40, 40), help="window position X,Y")
    ap.add_argument("--exclude", default="", help="grid: comma-separated words the game refuses")
    ap.add_argument("--extra", default="", help="grid: comma-separated words the game also takes")
    ap.add_argument("--drop-every", type=int, default=0, help="grid: lose every n-th gesture (lag)")
    ap.add_argument("--turns", type=int, default=10, help="balda: moves per side")
    ap.add_argument("--knots", action="store_true", help="balda: knots mode")
    ap.add_argument("--linger", type=float, default=2.0, help="seconds the final screen stays")
    return ap.parse_args(argv)


def main(argv: list[str] | None = None) -> dict:
    args = parse(argv)
    lex = Lexicon.builtin(args.lang)
    log = GameLog(args.log)
    try:
        if args.mode == "grid":
            size = args.size or 4
            judge = GridJudge(grid_board(lex, size, size, args.seed), size, size, lex,
                              exclude=frozenset(w for w in args.exclude.split(",") if w),
                              extra=frozenset(w for w in args.extra.split(",") if w))
            summary = run_grid(judge, log, GridOptions(args.duration, args.at, drop_every=args.drop_every,
                                                       linger=args.linger))
        else:
            size = args.size or 5
            judge = BaldaJudge.start(balda_start(lex, size, args.seed), size, lex, knots=args.knots)
            summary = run_balda(judge, log, BaldaOptions(args.at, turns=args.turns, linger=args.linger))
    finally:
        log.close()
    print(json.dumps(summary, ensure_ascii=False))
    return summary


if __name__ == "__main__":
    main()
