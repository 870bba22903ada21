"""Frames of the game: a window found by its title (X11) or a fixed screen region, grabbed with mss.

A window source knows where the window is now, so play can tell a moved, covered or closed window
from a board it cannot read.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from wordbot.errors import WordbotError

Box = tuple[int, int, int, int]  # x, y, w, h on screen


class WindowGone(WordbotError):
    """The game window was closed (or can no longer be found)."""


@dataclass
class Frame:
    image: np.ndarray  # BGR
    origin: tuple[int, int]  # screen position of pixel (0, 0)


class RegionSource:
    """A fixed screen region (``--region X,Y,W,H``)."""

    def __init__(self, box: Box):
        import mss

        self.box = box
        self._mss = mss.MSS()

    def where(self) -> Box:
        return self.box

    def grab(self, box: Box | None = None) -> Frame:
        """The whole region, or the part ``box`` (screen coordinates) of it."""
        x, y, w, h = box or self.where()
        shot = self._mss.grab({"left": x, "top": y, "width": w, "height": h})
        return Frame(np.asarray(shot)[:, :, :3], (x, y))

    def close(self) -> None:
        self._mss.close()


class WindowSource(RegionSource):
    """The client area of the top-level window whose title contains ``title`` (X11)."""

    def __init__(self, title: str):
        from Xlib import display

        self.title = title
        self._display = display.Display()
        self._root = self._display.screen().root
        self._name = self._display.intern_atom("_NET_WM_NAME")
        self._utf8 = self._display.intern_atom("UTF8_STRING")
        self._window = self._find()
        if self._window is None:
            raise WindowGone(f"no window titled {title!r} on the screen")
        super().__init__(self.where())

    def _find(self):
        from Xlib import X

        stack = [self._root]
        while stack:
            w = stack.pop()
            try:
                prop = w.get_full_property(self._name, self._utf8)
                if prop and self.title in prop.value.decode(errors="replace") \
                        and w.get_attributes().map_state == X.IsViewable:
                    return w
                stack.extend(w.query_tree().children)
            except Exception:  # a window that vanished while we looked
                continue
        return None

    def where(self) -> Box:
        """Where the window is now; WindowGone when it was closed."""
        from Xlib.error import XError

        try:
            g = self._window.get_geometry()
            pos = self._window.translate_coords(self._root, 0, 0)
        except XError:
            raise WindowGone(f"the window {self.title!r} was closed") from None
        return -pos.x, -pos.y, g.width, g.height
