"""Frame sources behind one small interface (the shape of python-mss: a module per kind).

    source = open_source(window="Wordament")      # a window found by title, followed as it moves
    source = open_source(region=(x, y, w, h))     # a fixed screen region (mss)
    source = open_source(image="shot.png")        # one picture
    source = open_source(folder="session/")       # pictures replayed in name order
    frame = source.grab()                         # numpy BGR; None when a folder is used up
    source.origin                                 # screen (x, y) of the frame's top-left pixel
    for frame in frames(source, area=board_box):  # only frames whose board area changed
        ...

Sources are context managers (``close()`` releases the grabber and the display connection).
"""

from __future__ import annotations

from pathlib import Path

from wordbot.capture.base import ChangeDetector, FrameSource, frames
from wordbot.capture.files import ImageFile, ImageFolder, read_image
from wordbot.capture.screen import ScreenRegion
from wordbot.capture.window import WindowSource
from wordbot.errors import WordbotError

__all__ = ["ChangeDetector", "FrameSource", "ImageFile", "ImageFolder", "ScreenRegion", "WindowSource",
           "frames", "open_source", "read_image"]


def open_source(*, window: str | None = None, region: tuple[int, int, int, int] | None = None,
                image: str | Path | None = None, folder: str | Path | None = None,
                screen: bool = False) -> FrameSource:
    """The frame source named by exactly one of the arguments (``screen``: the whole screen)."""
    given = [k for k, v in (("window", window), ("region", region), ("image", image),
                            ("folder", folder), ("screen", screen or None)) if v is not None]
    if len(given) != 1:
        raise WordbotError("choose one frame source: a window, a region, an image or a folder")
    if window is not None:
        return WindowSource(window)
    if image is not None:
        return ImageFile(image)
    if folder is not None:
        return ImageFolder(folder)
    return ScreenRegion(region)
