"""``wordbot solve balda``, ``wordbot ai balda`` and ``wordbot ai arena``."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from wordbot.cli import app
from wordbot.cli.lexicons import load_lexicon
from wordbot.cli.output import print_json
from wordbot.cli.solve import DictFile, Json, Lang, parse_cell, solve_app
from wordbot.errors import WordbotError, notice, read_user_file, too_big

if TYPE_CHECKING:  # the solvers are imported by the commands that run them: --help loads none
    from wordbot.solver.balda import Move

ai_app = typer.Typer(help="The Balda AI: best move, self-play arena.", no_args_is_help=True)
app.add_typer(ai_app, name="ai")

BoardFile = Annotated[str, typer.Argument(help='board file: rows of letters, "." empty; "-" = stdin')]
Mode = Annotated[str, typer.Option("--mode", help="classic or knots («узелки»)")]
Used = Annotated[str, typer.Option("--used", help="words already played, comma-separated")]
MinLen = Annotated[int, typer.Option("--min-len", help="shortest word")]


MAX_ARENA_SIZE = 15  # board side in ``ai arena`` (the start word spans it)
MAX_BOARD_BYTES = 2**20  # a 64x64 board is 16 KB of text


def read_board(source: str) -> list[str]:
    """The rows of a board file ("-": stdin), at most ``MAX_BOARD_BYTES`` (/dev/zero is refused,
    not read for ever); a UTF-8 byte-order mark is skipped."""
    if source == "-":
        stdin = getattr(sys.stdin, "buffer", None)  # a text stream without one in tests
        raw = stdin.read(MAX_BOARD_BYTES + 1) if stdin else sys.stdin.read(MAX_BOARD_BYTES + 1).encode()
        if len(raw) > MAX_BOARD_BYTES:
            too_big("board", "on stdin", MAX_BOARD_BYTES)
    else:
        raw = read_user_file(Path(source), "board file", MAX_BOARD_BYTES)
    try:
        return raw.decode("utf-8-sig").splitlines()
    except UnicodeDecodeError:
        raise WordbotError(f"board file {source} is not UTF-8 text") from None


def _used(text: str, lex) -> list[str]:
    """``--used``: words of the game's alphabet (a typo is one line); words the list lacks cannot
    be played anyway, which a notice says (a misspelt used word would otherwise be played again)."""
    words = [w.strip() for w in text.split(",") if w.strip()]
    alpha = lex.alphabet
    bad = [w for w in words if not alpha.is_word(alpha.normalize(w))]
    if bad:
        raise WordbotError(f"--used: {bad[0]!r} is not a {lex.lang} word (letters of the alphabet only)")
    unknown = [w for w in words if lex.index(w) < 0]
    if unknown:
        notice(f"--used: not in the word list, so never played anyway: {', '.join(unknown[:5])}"
               + (" ..." if len(unknown) > 5 else ""))
    return words


def _line(m: Move) -> str:
    path = " ".join(f"{r},{c}" for r, c in m.path)
    return f"{m.score:>3}  {m.word:<16} {m.letter} at {m.cell[0]},{m.cell[1]}   {path}"


@solve_app.command("balda")
def solve_balda(
    board_file: BoardFile,
    mode: Mode = "classic",
    used: Used = "",
    cell: Annotated[str | None, typer.Option("--cell", help="R,C: only moves into this empty cell")] = None,
    through: Annotated[str | None, typer.Option("--through", help="R,C: only words via this letter")] = None,
    min_len: MinLen = 2,
    lang: Lang = "ru",
    dict_file: DictFile = None,
    limit: Annotated[int, typer.Option("--limit", help="moves to print (0: all)")] = 0,
    json_out: Json = False,
) -> None:
    """Every Balda move of a position, longest first (ties: the rarer letter)."""
    from wordbot.solver.balda import balda_moves

    rows = read_board(board_file)
    at = parse_cell(cell, "--cell") if cell is not None else None
    via = parse_cell(through, "--through") if through is not None else None
    lex = load_lexicon(lang, dict_file)
    moves = balda_moves(rows, lex, mode, _used(used, lex), at, via, min_len)
    shown = moves[:limit] if limit > 0 else list(moves)
    if json_out:
        print_json({"moves": shown, "count": len(moves)})
        return
    for m in shown:
        print(_line(m))
    print(f"{len(moves)} moves")


@ai_app.command("balda")
def ai_balda(
    board_file: BoardFile,
    mode: Mode = "classic",
    used: Used = "",
    time_limit: Annotated[float, typer.Option("--time", help="seconds to think")] = 2.0,
    lang: Lang = "ru",
    dict_file: DictFile = None,
    json_out: Json = False,
) -> None:
    """The AI's move for the side to move: iterative deepening with alpha-beta."""
    from wordbot.solver.ai import Engine

    if not time_limit >= 0:
        raise WordbotError(f"--time must be a non-negative number of seconds (got {time_limit})")
    rows = read_board(board_file)
    lex = load_lexicon(lang, dict_file)
    thought = Engine(lex, mode).think(rows, _used(used, lex), time_limit)
    if json_out:
        print_json({"move": thought.move, "depth": thought.depth, "nodes": thought.nodes,
                    "seconds": round(thought.seconds, 3), "value": thought.value})
        return
    if thought.move is None:
        print("no move")
        return
    print(_line(thought.move))
    print(f"depth {thought.depth} (+1 greedy ply), {thought.nodes} nodes in {thought.seconds:.2f} s, "
          f"expected margin {thought.value:+d}")


@ai_app.command("arena")
def arena(
    games: Annotated[int, typer.Option("--games", help="games (each start word twice, sides swapped)")] = 10,
    size: Annotated[int, typer.Option("--size", help="board size")] = 5,
    mode: Mode = "classic",
    time_a: Annotated[float, typer.Option("--time-a", help="seconds per move of engine A")] = 0.5,
    depth_a: Annotated[int, typer.Option("--depth-a", help="A's depth cap (0: none)")] = 0,
    opponent: Annotated[str, typer.Option("--opponent", help="greedy or engine")] = "greedy",
    time_b: Annotated[float, typer.Option("--time-b", help="seconds per move of engine B")] = 0.5,
    depth_b: Annotated[int, typer.Option("--depth-b", help="B's depth cap (0: none)")] = 1,
    seed: Annotated[int, typer.Option("--seed", help="start-word draw")] = 0,
    lang: Lang = "ru",
    dict_file: DictFile = None,
    json_out: Json = False,
) -> None:
    """Engine A against a greedy player or engine B: wins, margins, depth reached."""
    from wordbot.solver.balda_arena import GreedyPlayer, engine_player, play_match

    if games <= 0 or not 3 <= size <= MAX_ARENA_SIZE:
        raise WordbotError(f"--games must be positive and --size 3 to {MAX_ARENA_SIZE}")
    if min(time_a, time_b) < 0:
        raise WordbotError("--time-a/--time-b must be non-negative")
    if opponent not in ("greedy", "engine"):
        raise WordbotError(f"unknown --opponent {opponent!r} (choose greedy or engine)")
    lex = load_lexicon(lang, dict_file)
    if not (lex.lengths == size).any():
        raise WordbotError(f"no {size}-letter start word in the word list: choose another --size")
    a = engine_player(lex, mode, time_a, depth_a or None)
    b = GreedyPlayer(lex, mode) if opponent == "greedy" else engine_player(lex, mode, time_b, depth_b or None)
    result = play_match(lex, mode, size, games, a, b, seed)
    if json_out:
        print_json({"margins": result.margins, "win_rate": result.win_rate, "depths_a": result.depths_a,
                    "depths_b": result.depths_b})
        return
    print(result.summary())

