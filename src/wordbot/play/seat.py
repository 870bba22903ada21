"""What every player has: frames of the game, and waits that keep the overlay alive and stop
at once when asked."""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass

import numpy as np

from wordbot.act import Stopped
from wordbot.errors import WordbotError
from wordbot.ocr import BoardReading
from wordbot.overlay import Scene
from wordbot.play.feedback import Watch
from wordbot.solver.grid import Found


class WindowGone(WordbotError):
    """The game window was closed or can no longer be captured."""


@dataclass
class Frame:
    image: np.ndarray  # BGR
    origin: tuple[int, int]  # screen position of pixel (0, 0)


class Seat:
    def __init__(self, source, overlay=None, stop: threading.Event | None = None):
        self.source, self.overlay = source, overlay
        self.stop = stop or threading.Event()
        self.window: tuple[int, int, int, int] | None = None  # screen x, y, w, h of the last frame

    def grab(self) -> Frame:
        """A frame of the game; WindowGone (ending the round) when it cannot be captured."""
        try:
            image = self.source.grab()
        except WordbotError as exc:
            raise WindowGone(f"game window lost: {exc}") from None
        if image is None:
            raise WindowGone("the frame source ended")
        origin = (int(self.source.origin[0]), int(self.source.origin[1]))
        self.window = (*origin, image.shape[1], image.shape[0])
        return Frame(image, origin)

    def cell_colours(self, watch: Watch) -> np.ndarray:
        """Each cell's colour now, from a capture of ``watch``'s board alone (a few ms: polled per
        cell while a word is entered)."""
        box = watch.box
        return watch.colours(self.grab_area(box), at=(box[0], box[1]))

    def grab_area(self, rect: tuple[int, int, int, int]) -> np.ndarray:
        """The pixels of ``rect`` (frame coordinates) now; WindowGone as ``grab``."""
        try:
            image = self.source.grab_area(rect)
        except WordbotError as exc:
            raise WindowGone(f"game window lost: {exc}") from None
        if image is None:
            raise WindowGone("the frame source ended")
        return image

    def suggest(self, frame: Frame, reading: BoardReading, words: list[Found], threshold: float) -> None:
        """Show ``words`` (paths over the cells of ``reading``) in the overlay, if there is one."""
        if self.overlay is None:
            return
        r = reading
        scene = Scene(r.rows, r.cols, r.centres, r.tile * 0.9, r.board_box, r.unsure(threshold))
        self.overlay.show(frame.image, scene, words, origin=frame.origin, beside=self.window)

    def wait(self, seconds: float) -> None:
        """Wait while keeping the overlay responsive; a stop request ends the wait at once."""
        end = time.monotonic() + seconds
        while True:
            if self.overlay is not None:
                self.overlay.pump()
            left = end - time.monotonic()
            if self.stop.wait(max(0.0, min(0.02, left))):
                raise Stopped("stopped by the user")
            if left <= 0:
                return
