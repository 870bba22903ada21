"""``python -m wordbot.simgame grid|balda|anagram [options]``: open the simulated game in a window."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from wordbot.lexicon import Lexicon
from wordbot.simgame.anagram_app import AnagramOptions, run_anagram
from wordbot.simgame.balda_app import ENTRIES, BaldaOptions, run_balda
from wordbot.simgame.boards import balda_start, grid_board
from wordbot.simgame.gamelog import GameLog
from wordbot.simgame.grid_app import DEFAULT_FEEDBACK, INPUTS, GridOptions, parse_feedback, run_grid
from wordbot.simgame.judge import BaldaJudge, GridJudge
from wordbot.simgame.widgets import LOOKS


def _point(text: str) -> tuple[int, int]:
    x, y = text.split(",")
    return int(x), int(y)


def _span(text: str) -> tuple[float, float]:
    least, most = (float(v) for v in text.split(","))
    if not 0 <= least <= most:
        raise argparse.ArgumentTypeError(f"not LEAST,MOST seconds: {text!r}")
    return least, most


def _feedback(text: str) -> frozenset[str]:
    try:
        return parse_feedback(text)
    except ValueError as e:
        raise argparse.ArgumentTypeError(str(e)) from None


def parse(argv: list[str] | None = None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(prog="python -m wordbot.simgame", description=__doc__)
    ap.add_argument("mode", choices=["grid", "balda", "anagram"])
    ap.add_argument("--lang", default="ru", choices=["ru", "en"])
    ap.add_argument("--size", type=int, default=None, help="board side (grid 4, balda 5)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--duration", type=float, default=120.0, help="grid, anagram: seconds per round")
    ap.add_argument("--log", type=Path, default=None, help="JSON-lines record of the game")
    ap.add_argument("--at", type=_point, default=(40, 40), help="window position X,Y")
    ap.add_argument("--exclude", default="", help="grid: comma-separated words the game refuses")
    ap.add_argument("--extra", default="", help="grid: comma-separated words the game also takes")
    ap.add_argument("--drop-every", type=int, default=0, help="grid: lose every n-th gesture (lag)")
    ap.add_argument("--input", default="drag", choices=list(INPUTS),
                    help="grid: drag across tiles, click them one by one, or type the word")
    ap.add_argument("--confirm", default="last", choices=["last", "enter", "button"],
                    help="grid, click input: send the word by clicking its last tile again, by Return, "
                         "or by a Submit button (beside a Quit button)")
    ap.add_argument("--feedback", type=_feedback, default=DEFAULT_FEEDBACK,
                    help="grid: comma-separated of flash,held,score,list,message, or none "
                         "(default flash,score,message)")
    ap.add_argument("--min-len", type=int, default=3, help="grid: shortest word the game takes")
    ap.add_argument("--look", default="classic", choices=list(LOOKS), help="palette and type")
    ap.add_argument("--pause-on-blur", action="store_true",
                    help="grid: hide the board behind a Paused panel while the window lacks the focus")
    ap.add_argument("--raw-motion", action="store_true",
                    help="grid: select tiles only where the pointer is reported (fast drags skip tiles)")
    ap.add_argument("--keep-selection", action="store_true",
                    help="grid click: Escape does not clear; a tile not next to the last starts anew")
    ap.add_argument("--lose-click", type=int, default=0, help="grid click: lose every n-th tile click")
    ap.add_argument("--lose-key", type=int, default=0, help="grid type: lose every n-th letter key")
    ap.add_argument("--lose-at-random", action="store_true",
                    help="grid: lose a click or key with odds 1 in n (seeded), not every n-th")
    ap.add_argument("--reply-delay", type=_span, default=(0.0, 0.0),
                    help="grid: LEAST,MOST seconds before a verdict shows (a network game's round trip)")
    ap.add_argument("--score-delay", type=float, default=0.0,
                    help="grid: seconds the score line lags the rest of a verdict (a busy page)")
    ap.add_argument("--plain-message", action="store_true",
                    help="grid: the message names no word (Nice!  +3, Not a word) and clears after a second")
    ap.add_argument("--reset-typed", action="store_true",
                    help="grid, type: showing a verdict clears what was typed since (the input line reset)")
    ap.add_argument("--turns", type=int, default=10, help="balda: moves per side")
    ap.add_argument("--knots", action="store_true", help="balda: knots mode")
    ap.add_argument("--key-cols", type=int, default=8, help="balda: keys per keyboard row")
    ap.add_argument("--yo", action="store_true", help="balda: a 33rd key, ё")
    ap.add_argument("--lower", action="store_true", help="balda: letters in lower case")
    ap.add_argument("--entry", default="button", choices=list(ENTRIES),
                    help="balda: send a word by the Submit button, by Return, or by releasing a drag")
    ap.add_argument("--no-opponent", action="store_true", help="balda: practice, nobody replies")
    ap.add_argument("--history", action="store_true", help="balda: list the words played beside the board")
    ap.add_argument("--used-before", type=int, default=0,
                    help="balda: a resumed game, its n best words of the start played earlier")
    ap.add_argument("--levels", type=int, default=10, help="anagram: levels in the game")
    ap.add_argument("--hints", action="store_true", help="anagram: odd levels open with a letter given")
    ap.add_argument("--rivals", type=int, default=0,
                    help="anagram: every n-th level's letters also make a more common word (refused)")
    ap.add_argument("--input-lag", type=_span, default=(0.0, 0.0),
                    help="grid: LEAST,MOST seconds each input event waits before the game handles it (a busy "
                         "game), in order")
    ap.add_argument("--linger", type=float, default=2.0, help="seconds the final screen stays")
    return ap.parse_args(argv)


def grid_options(args: argparse.Namespace) -> GridOptions:
    return GridOptions(args.duration, args.at, drop_every=args.drop_every, linger=args.linger,
                       input=args.input, confirm=args.confirm, feedback=args.feedback, look=args.look,
                       pause_on_blur=args.pause_on_blur, raw_motion=args.raw_motion,
                       keep_selection=args.keep_selection, lose_click=args.lose_click, lose_key=args.lose_key,
                       lose_at_random=args.lose_at_random,
                       reply_delay=args.reply_delay, score_delay=args.score_delay,
                       plain_message=args.plain_message, input_lag=args.input_lag,
                       reset_typed=args.reset_typed)


def balda_options(args: argparse.Namespace) -> BaldaOptions:
    return BaldaOptions(args.at, turns=args.turns, linger=args.linger, key_cols=args.key_cols, yo=args.yo,
                        lower=args.lower, entry=args.entry, opponent=not args.no_opponent, look=args.look,
                        history=args.history, used_before=args.used_before)


def anagram_options(args: argparse.Namespace) -> AnagramOptions:
    return AnagramOptions(args.at, levels=args.levels, duration=args.duration, hints=args.hints,
                          rivals=args.rivals, linger=args.linger, look=args.look, seed=args.seed)


def main(argv: list[str] | None = None) -> dict:
    args = parse(argv)
    lex = Lexicon.builtin(args.lang)
    log = GameLog(args.log)
    try:
        if args.mode == "anagram":
            summary = run_anagram(lex, log, anagram_options(args))
        elif args.mode == "grid":
            size = args.size or 4
            # The board depends on the seed only, so every variant of a seed has the same one.
            judge = GridJudge(grid_board(lex, size, size, args.seed), size, size, lex, min_len=args.min_len,
                              exclude=frozenset(w for w in args.exclude.split(",") if w),
                              extra=frozenset(w for w in args.extra.split(",") if w))
            summary = run_grid(judge, log, grid_options(args))
        else:
            size = args.size or 5
            judge = BaldaJudge.start(balda_start(lex, size, args.seed), size, lex, knots=args.knots)
            summary = run_balda(judge, log, balda_options(args))
    finally:
        log.close()
    print(json.dumps(summary, ensure_ascii=False))
    return summary


if __name__ == "__main__":
    main()
