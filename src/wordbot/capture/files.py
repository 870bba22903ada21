"""Frames from image files: one picture (always the same frame) or a folder replayed in order."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np

from wordbot.capture.base import FrameSource
from wordbot.errors import WordbotError, read_user_file

IMAGE_SUFFIXES = {".png", ".jpg", ".jpeg", ".bmp", ".webp", ".tif", ".tiff"}


MAX_IMAGE_BYTES = 512 * 2**20
MAX_PIXELS = 80_000_000  # an 8K screen is 33 million: a bigger picture is no screenshot (and 240 MB)


def read_image(path: Path) -> np.ndarray:
    """BGR pixels of ``path``; WordbotError when it is missing, not a picture, or too large (the
    size in the header is checked before anything is unpacked)."""
    if not path.is_file():
        raise WordbotError(f"no such image file: {path}")
    _check_pixels(path)
    data = np.frombuffer(read_user_file(path, "image file", MAX_IMAGE_BYTES), np.uint8)
    level = cv2.utils.logging.getLogLevel()
    cv2.utils.logging.setLogLevel(cv2.utils.logging.LOG_LEVEL_SILENT)  # its own lines about bad data
    try:
        image = cv2.imdecode(data, cv2.IMREAD_COLOR) if data.size else None
    except cv2.error:
        image = None
    finally:
        cv2.utils.logging.setLogLevel(level)
    if image is None:
        raise WordbotError(f"cannot read {path} as an image (PNG, JPEG, BMP, ...)")
    return image


def _check_pixels(path: Path) -> None:
    """WordbotError when the header of ``path`` gives more than ``MAX_PIXELS`` (unknown formats
    are left to the decoder)."""
    from PIL import Image

    try:
        with Image.open(path) as im:
            w, h = im.size
    except Image.DecompressionBombError:  # Pillow's own bound, above ours
        w, h = MAX_PIXELS, 2
    except Exception:  # noqa: BLE001 - any header Pillow cannot parse: OpenCV decides
        return
    if w * h > MAX_PIXELS:
        raise WordbotError(f"image {path} is too large for a screenshot "
                           f"(at most {MAX_PIXELS // 10**6} million pixels)")


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
