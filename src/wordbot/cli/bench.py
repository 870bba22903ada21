"""``wordbot bench``: run the benchmark suite of a source checkout and print its figures."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from wordbot.cli import app
from wordbot.cli.output import print_json
from wordbot.errors import WordbotError

BENCH_DIR = Path(__file__).resolve().parents[3] / "bench"


@app.command("bench")
def bench(
    only: Annotated[list[str], typer.Option("--only", help="areas: startup, grid, balda, ...")] = None,
    quick: Annotated[bool, typer.Option("--quick", help="smaller inputs, for a smoke run")] = False,
    json_out: Annotated[bool, typer.Option("--json", help="print one JSON document")] = False,
    busy: Annotated[int, typer.Option("--busy", min=0, max=64,
                                      help="busy-loop processes run beside it (a loaded machine)")] = 0,
) -> None:
    """The performance figures of the benchmark suite, with baselines measured in the same run."""
    if not BENCH_DIR.is_dir():
        raise WordbotError(f"no benchmark suite at {BENCH_DIR} (run from a source checkout)")
    sys.path.insert(0, str(BENCH_DIR.parent))
    modules = sorted(p.stem for p in BENCH_DIR.glob("bench_*.py"))
    wanted = [m for m in modules if not only or m.removeprefix("bench_") in only]
    if only and not wanted:
        names = ", ".join(m.removeprefix("bench_") for m in modules)
        raise WordbotError(f"no benchmark area {only[0]!r} (choose from: {names})")
    console = Console(stderr=json_out, width=None if sys.stdout.isatty() else 160)
    from bench.common import Load

    figures = []
    with Load(busy) as load:
        for name in wanted:
            with console.status(f"running {name}"):
                figures += importlib.import_module(f"bench.{name}").run(quick)
    if json_out:
        print_json({"figures": figures, "conditions": load.conditions()})
        return
    table = Table("area", "figure", "value", "target", "met", "baseline / conditions")
    for f in figures:
        met = "" if f.met is None else ("yes" if f.met else "NO")
        table.add_row(f.area, f.name, f"{f.value:,.4g} {f.unit}", f.target, met, f.note)
    console.print(table)
    console.print(load.conditions())
