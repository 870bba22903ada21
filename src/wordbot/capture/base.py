"""The one small interface every frame source has, and the change-detecting frame loop."""

from __future__ import annotations

import time
from abc import ABC, abstractmethod
from collections.abc import Iterator

import cv2
import numpy as np


class FrameSource(ABC):
    """Frames as numpy BGR arrays. ``origin`` is the screen position of the last frame's top-left
    pixel (where a swipe at frame pixel (x, y) goes: origin + (x, y)); (0, 0) for files."""

    origin: tuple[int, int] = (0, 0)

    def locate(self) -> tuple[int, int]:
        """Where the frames' top-left pixel is on the screen now, without capturing (a moving
        window's sources look it up; the others stay put)."""
        return self.origin

    @abstractmethod
    def grab(self) -> np.ndarray | None:
        """The next frame; None when a finite source (a folder) is used up."""

    def grab_area(self, rect: tuple[int, int, int, int]) -> np.ndarray | None:
        """The pixels of ``rect`` (x, y, w, h in frame coordinates) now: the small capture a check
        many times a second wants (the screen sources capture only that part)."""
        frame = self.grab()
        if frame is None:
            return None
        x, y, w, h = rect
        return frame[y: y + h, x: x + w]

    def close(self) -> None:  # noqa: B027 (optional: most sources hold nothing)
        """Release what the source holds (screen grabber, display connection)."""

    def __enter__(self) -> FrameSource:
        return self

    def __exit__(self, *exc) -> None:
        self.close()


class ChangeDetector:
    """Says whether the board area of a frame differs from the last frame it accepted: the area
    is shrunk to a small grey thumbnail and compared by mean absolute difference (0..255)."""

    def __init__(self, area: tuple[int, int, int, int] | None = None, threshold: float = 2.0) -> None:
        self.area = area
        self.threshold = threshold
        self._last: np.ndarray | None = None

    def _thumb(self, frame: np.ndarray) -> np.ndarray:
        if self.area is not None:
            x, y, w, h = self.area
            frame = frame[max(0, y): y + h, max(0, x): x + w]
        gray = cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY) if frame.ndim == 3 else frame
        return cv2.resize(gray, (64, 64), interpolation=cv2.INTER_AREA).astype(np.float32)

    def changed(self, frame: np.ndarray) -> bool:
        thumb = self._thumb(frame)
        if self._last is not None and self._last.shape == thumb.shape and \
                float(np.abs(thumb - self._last).mean()) < self.threshold:
            return False
        self._last = thumb
        return True


def frames(source: FrameSource, area: tuple[int, int, int, int] | None = None, interval: float = 0.1,
           threshold: float = 2.0) -> Iterator[np.ndarray]:
    """Frames of ``source`` whose board ``area`` (x, y, w, h; the whole frame when None) changed
    since the last one yielded; polls every ``interval`` seconds; ends when the source does."""
    detector = ChangeDetector(area, threshold)
    while True:
        frame = source.grab()
        if frame is None:
            return
        if detector.changed(frame):
            yield frame
        elif interval > 0:
            time.sleep(interval)
