"""Printing shared by the commands: JSON documents and rich progress on stderr."""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import asdict, is_dataclass
from pathlib import Path

from rich.console import Console

from wordbot.errors import WordbotError

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


def image_out(path: Path | None) -> Path | None:
    """Option callback for a picture to write (``--annotate``): checked before any work is done, so
    a long run does not end in an error at the last step."""
    if path is None:
        return None
    import cv2

    if path.is_dir():
        raise WordbotError(f"{path} is a folder: give an image file name such as {path / 'board.png'}")
    if not path.parent.is_dir():
        raise WordbotError(f"cannot write {path}: the folder {path.parent} does not exist")
    if not cv2.haveImageWriter(str(path)):
        raise WordbotError(f"cannot write an image as {path} (use .png or .jpg)")
    if not os.access(path.parent, os.W_OK):
        raise WordbotError(f"cannot write {path}: the folder {path.parent} is not writable")
    return path
