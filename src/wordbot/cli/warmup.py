"""``wordbot warmup``: compile and cache ahead what the first game would wait for."""

from __future__ import annotations

from typing import Annotated

import typer

from wordbot.cli import app
from wordbot.cli.output import print_json, progress_status


@app.command("warmup")
def warmup(
    json_out: Annotated[bool, typer.Option("--json", help="print one JSON document")] = False,
) -> None:
    """Compile the word lists and every solver and reader kernel into their caches, so the first
    game starts at once (make setup runs this; safe to run again: cached work is only loaded)."""
    from wordbot.warmup import warm_up

    with progress_status("warming up") as progress:
        steps = warm_up(progress)
    if json_out:
        print_json({"steps": steps, "seconds": round(sum(s.seconds for s in steps), 2)})
        return
    for s in steps:
        print(f"{s.name:<22} {s.seconds:6.2f} s")
    print(f"{'ready':<22} {sum(s.seconds for s in steps):6.2f} s")
