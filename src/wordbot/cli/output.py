"""Printing shared by the commands: JSON documents and rich progress on stderr."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import asdict, is_dataclass

from rich.console import Console

stderr = Console(stderr=True)


def to_jsonable(obj):
    """Dataclasses, numpy scalars/arrays and tuples as plain JSON values (paths as [[r, c]...])."""
    if is_dataclass(obj) and not isinstance(obj, type):
        return to_jsonable(asdict(obj))
    if isinstance(obj, dict):
        return {k: to_jsonable(v) for k, v in obj.items()}
    if isinstance(obj, list | tuple):
        return [to_jsonable(v) for v in obj]
    if hasattr(obj, "tolist"):
        return obj.tolist()
    return obj


def print_json(obj) -> None:
    json.dump(to_jsonable(obj), sys.stdout, ensure_ascii=False)
    sys.stdout.write("\n")


@contextmanager
def progress_status(initial: str) -> Iterator:
    """A spinner on stderr for a step that may take over a second; yields a ``progress(text)``
    callback. Silent when stderr is not a terminal."""
    if not stderr.is_terminal:
        yield None
        return
    with stderr.status(initial) as status:
        yield lambda text: status.update(text)
