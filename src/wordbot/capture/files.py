"""Frames from image files: one picture (always the same frame) or a folder replayed in order."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np

from wordbot.capture.base import FrameSource
from wordbot.errors import WordbotError

IMAGE_SUFFIXES = {".png", ".jpg", ".jpeg", ".bmp", ".webp", ".tif", ".tiff"}


def read_image(path: Path) -> np.ndarray:
    """BGR pixels of ``path``; WordbotError when it is missing or not a picture."""
    if not path.is_file():
        raise WordbotError(f"no such image file: {path}")
    data = np.fromfile(path, np.uint8)
    image = cv2.imdecode(data, cv2.IMREAD_COLOR) if data.size else None
    if image is None:
        raise WordbotError(f"cannot read {path} as an image (PNG, JPEG, BMP, ...)")
    return image


class ImageFile(FrameSource):
    def __init__(self, path: str | Path) -> None:
        self.image = read_image(Path(path))

    def grab(self) -> np.ndarray:
        return self.image.copy()


class ImageFolder(FrameSource):
    """The pictures of a folder in name order, each once (a recorded session replayed)."""

    def __init__(self, path: str | Path) -> None:
        folder = Path(path)
        if not folder.is_dir():
            raise WordbotError(f"no such folder: {folder}")
        self.paths = sorted(p for p in folder.iterdir() if p.suffix.lower() in IMAGE_SUFFIXES)
        if not self.paths:
            raise WordbotError(f"no images in {folder}")
        self._next = 0

    def grab(self) -> np.ndarray | None:
        if self._next >= len(self.paths):
            return None
        self._next += 1
        return read_image(self.paths[self._next - 1])
