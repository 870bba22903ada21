"""Option callbacks: each option checked against what it means before any work is done, so a
long run does not end in an error at its last step (one WordbotError line, exit status 2)."""

from __future__ import annotations

import os
from pathlib import Path

from wordbot.errors import WordbotError


def image_out(path: Path | None) -> Path | None:
    """A picture to write (``--annotate``): an image file name in an existing, writable folder."""
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


def seconds(value: float | None) -> float | None:
    """A duration (``--duration``): a positive number of seconds."""
    if value is not None and not value > 0:
        raise WordbotError(f"--duration must be a positive number of seconds, got {value:g}")
    return value


def pixels(value: float | None) -> float | None:
    """An offset (``--jitter``): zero or more pixels (checked against the tile once it is known)."""
    if value is not None and not value >= 0:
        raise WordbotError(f"--jitter must be zero or more pixels, got {value:g}")
    return value
