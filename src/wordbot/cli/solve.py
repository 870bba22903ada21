"""``wordbot solve grid|anagram``."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from wordbot.cli import app
from wordbot.cli.lexicons import load_lexicon
from wordbot.cli.output import print_json
from wordbot.errors import WordbotError

solve_app = typer.Typer(help="Solve a board given as text.", no_args_is_help=True)
app.add_typer(solve_app, name="solve")

Lang = Annotated[str, typer.Option("--lang", help="ru or en")]
DictFile = Annotated[Path | None, typer.Option(
    "--dict", help="your own word list (UTF-8/cp1251, gzip ok) or a built-in level: strict, standard, large")]
Json = Annotated[bool, typer.Option("--json", help="print one JSON document")]


def parse_cell(text: str, option: str) -> tuple[int, int]:
    """``R,C`` as given to --cell/--through."""
    try:
        r, c = (int(x) for x in text.split(","))
    except ValueError:
        raise WordbotError(f"{option} needs R,C (two integers), got {text!r}") from None
    return r, c


def _parse_bonuses(specs: list[str], rows: int, cols: int) -> list[str] | None:
    if not specs:
        return None
    bonuses = [""] * (rows * cols)
    for spec in specs:
        kind, _, at = spec.partition("@")
        r, c = parse_cell(at, "--bonus")
        if not (0 <= r < rows and 0 <= c < cols):
            raise WordbotError(f"--bonus {spec}: cell outside the {rows}x{cols} board")
        bonuses[r * cols + c] = kind.upper()
    return bonuses


@solve_app.command("grid")
def grid(
    letters: Annotated[str, typer.Argument(help='rows joined by "/", or rows*cols letters; [qu]')],
    rows: Annotated[int, typer.Option("--rows", help="board rows")],
    cols: Annotated[int, typer.Option("--cols", help="board columns")],
    lang: Lang = "ru",
    dict_file: DictFile = None,
    rules: Annotated[str, typer.Option("--rules", help="boggle, wordhunt, wordsmania, ...")] = "boggle",
    min_len: Annotated[int, typer.Option("--min-len", help="shortest word")] = 3,
    bonus: Annotated[list[str], typer.Option("--bonus", help="e.g. DL@0,1 (repeatable)")] = None,
    limit: Annotated[int, typer.Option("--limit", help="words to print (0: all)")] = 0,
    json_out: Json = False,
) -> None:
    """Every word on a Boggle-style board, best first."""
    from wordbot.solver.grid import solve_grid  # here, not above: --help loads no solver
    from wordbot.solver.tiles import split_letters

    tiles = split_letters(letters, rows, cols)
    lex = load_lexicon(lang, dict_file)
    found = solve_grid(tiles, rows, cols, lex, min_len, rules, _parse_bonuses(bonus or [], rows, cols))
    shown = found[:limit] if limit > 0 else list(found)
    total = int(found.scores.sum())
    if json_out:
        print_json({"words": shown, "count": len(found), "total": total})
        return
    for f in shown:
        path = " ".join(f"{r},{c}" for r, c in f.path)
        print(f"{f.score:>5}  {f.word:<16} {path}")
    print(f"{len(found)} words, {total} points")


@solve_app.command("anagram")
def anagram(
    letters: Annotated[str, typer.Argument(help="the offered letters")],
    length: Annotated[int, typer.Option("--length", help="length of the answer")],
    lang: Lang = "ru",
    dict_file: DictFile = None,
    json_out: Json = False,
) -> None:
    """Words of LENGTH made from the offered letters, likeliest first."""
    from wordbot.solver.anagram import anagrams

    if length <= 0:
        raise WordbotError(f"--length must be positive (got {length})")
    words = anagrams(letters, length, load_lexicon(lang, dict_file))
    if json_out:
        print_json({"words": words})
        return
    print("\n".join(words) if words else "no words")
