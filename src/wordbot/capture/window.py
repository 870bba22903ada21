"""Frames from a game window found by its title, followed when it moves or is resized.

Window geometry comes from the platform: on X11 straight from the X server (python-xlib, the
window tree and its WM_NAME / _NET_WM_NAME), elsewhere from pywinctl. (pywinctl is not used on
X11: it needs a window manager and xrandr, and exits the process when xrandr is missing.)
"""

from __future__ import annotations

import sys

import numpy as np

from wordbot.capture.base import FrameSource
from wordbot.capture.screen import grab_rect, grabber
from wordbot.errors import WordbotError


class _X11:
    """Windows by title, and where one is. The window followed has its place kept until the X
    server tells of a change to it or to a window it sits in (moved, resized, hidden, re-parented
    by the window manager, gone): a place asked for on every poll of a round would cost three
    round trips to the server each time, long ones on a busy machine."""

    def __init__(self) -> None:
        from Xlib import X, display, error

        try:
            self.display = display.Display()
        except error.DisplayError as exc:
            raise WordbotError(f"cannot open the X display: {exc}") from None
        self.root = self.display.screen().root
        self._viewable = X.IsViewable
        self._structure = X.StructureNotifyMask
        self._net_name = self.display.intern_atom("_NET_WM_NAME")
        self._utf8 = self.display.intern_atom("UTF8_STRING")
        self._kept: tuple[object, tuple[int, int, int, int] | None] | None = None  # (window, its place)

    def _title(self, win) -> str:
        try:
            prop = win.get_full_property(self._net_name, self._utf8)
            if prop is not None:
                return prop.value.decode("utf-8", "replace")
            name = win.get_wm_name()
            return name.decode("latin-1") if isinstance(name, bytes) else (name or "")
        except Exception:  # the window went away while we looked
            return ""

    def find(self, title: str):
        """The largest viewable window whose title contains ``title`` (case-insensitive)."""
        want = title.lower()
        best, best_area = None, 0
        stack = [self.root]
        while stack:
            win = stack.pop()
            try:
                stack.extend(win.query_tree().children)
            except Exception:
                continue
            if win == self.root or want not in self._title(win).lower():
                continue
            rect = self._ask(win)
            if rect is not None and rect[2] * rect[3] > best_area:
                best, best_area = win, rect[2] * rect[3]
        return best

    def rect(self, win) -> tuple[int, int, int, int] | None:
        """Where ``win`` is on the screen (None: not viewable or gone), asked of the server only
        when it told of a change since it was last asked."""
        if self._stirred() or self._kept is None or self._kept[0] != win:
            self._follow(win)  # told of changes from now on: none between the asking and this
            self._kept = (win, self._ask(win))
        return self._kept[1]

    def _stirred(self) -> bool:
        """Whether the server told of a change to a window followed since the last call (the
        events are read off the connection without a round trip, then dropped)."""
        try:
            pending = self.display.pending_events()
            for _ in range(pending):
                self.display.next_event()
            return pending > 0
        except Exception:  # the connection's errors: ask again
            return True

    def _follow(self, win) -> None:
        """Have the server tell of changes to ``win`` and to each window it sits in (a window
        manager moves its frame, not the window)."""
        from Xlib import error

        try:
            while win is not None and win != self.root:
                win.change_attributes(event_mask=self._structure, onerror=error.CatchError())
                win = win.query_tree().parent
        except Exception:  # gone meanwhile: asking where it is says so
            pass

    def _ask(self, win) -> tuple[int, int, int, int] | None:
        try:
            if win.get_attributes().map_state != self._viewable:
                return None
            g = win.get_geometry()
            pos = win.translate_coords(self.root, 0, 0)
            return -pos.x, -pos.y, g.width, g.height
        except Exception:
            return None

    def close(self) -> None:
        self.display.close()


class _PyWinCtl:
    def __init__(self) -> None:
        try:
            import pywinctl
        except (ImportError, SystemExit) as exc:
            raise WordbotError(f"window lookup is not available here (pywinctl: {exc})") from None
        self.pwc = pywinctl

    def find(self, title: str):
        wins = self.pwc.getWindowsWithTitle(title, condition=self.pwc.Re.CONTAINS,
                                            flags=self.pwc.Re.IGNORECASE)
        return max(wins, key=lambda w: w.width * w.height) if wins else None

    def rect(self, win) -> tuple[int, int, int, int] | None:
        try:
            r = win.getClientFrame()
            return r.left, r.top, r.right - r.left, r.bottom - r.top
        except Exception:
            return None

    def close(self) -> None:
        pass


class WindowSource(FrameSource):
    """The client area of the window whose title contains ``title``; its position is looked up
    on every grab, so the frames follow the window when it moves."""

    def __init__(self, title: str) -> None:
        self.title = title
        self._wm = _X11() if sys.platform.startswith("linux") else _PyWinCtl()
        self._win = self._wm.find(title)
        if self._win is None:
            self._wm.close()
            raise WordbotError(f"no window with {title!r} in its title")
        self._sct = grabber()
        self.rect = self._current_rect()

    def _current_rect(self) -> tuple[int, int, int, int]:
        rect = self._wm.rect(self._win)
        if rect is None:  # closed, hidden or re-created: look it up again
            self._win = self._wm.find(self.title)
            rect = self._wm.rect(self._win) if self._win is not None else None
        if rect is None:
            raise WordbotError(f"the window {self.title!r} is gone")
        return rect

    def locate(self) -> tuple[int, int]:
        return self._current_rect()[:2]

    def grab(self) -> np.ndarray:
        self.rect = self._current_rect()
        self.origin = self.rect[:2]
        return grab_rect(self._sct, self.rect)

    def grab_area(self, rect: tuple[int, int, int, int]) -> np.ndarray:
        self.rect = self._current_rect()
        self.origin = self.rect[:2]
        return grab_rect(self._sct, self.rect, rect)

    def close(self) -> None:
        self._sct.close()
        self._wm.close()
