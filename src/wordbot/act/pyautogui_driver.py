"""The desktop mouse and keyboard: pyautogui on Windows and macOS; on X11 XTest directly (the
mouse: ``xpointer``, the keyboard: ``xkeys``), with pyautogui's fail-safe.

pyautogui's fail-safe stays on: throwing the mouse into a screen corner raises
``pyautogui.FailSafeException`` at the next call (and before every key typed), which play reports
as a stop.
"""

from __future__ import annotations

import sys
import time
import weakref
from typing import TYPE_CHECKING

from wordbot.act.base import Stopped
from wordbot.errors import WordbotError

if TYPE_CHECKING:
    from wordbot.act.xkeys import XKeys
    from wordbot.act.xpointer import XPointer

# X keysym names -> pyautogui's names, for the platforms where pyautogui types.
PYAUTOGUI_KEYS = {
    "Return": "enter", "Escape": "esc", "BackSpace": "backspace", "Tab": "tab", "space": "space",
    "Delete": "delete", "Left": "left", "Right": "right", "Up": "up", "Down": "down",
    "Home": "home", "End": "end",
}
FAIL_SAFE = "stopped: the mouse was moved into a screen corner (fail-safe)"


class PyAutoGUIDriver:
    """``key_delay``: how long each key is held and the pause after it (on X11 only before a key
    pressed again and after the last), so games that poll the keyboard once a frame see every key;
    ``key_settle``: on X11, how long a keycode bound for a letter the layout lacks stays bound after
    the text (the game looks it up when it gets there)."""

    def __init__(self, key_delay: float = 0.02, key_settle: float = 0.2) -> None:
        import pyautogui  # needs a display at import time, so imported only when driving

        pyautogui.FAILSAFE = True
        pyautogui.PAUSE = 0  # pacing is ours (``Pacing``), not a flat 0.1 s after every call
        self._gui = pyautogui
        self.key_delay, self.key_settle = key_delay, key_settle
        self._xkeys: XKeys | None = None
        self._keys_done: weakref.finalize | None = None  # gives the shared keyboard back
        self._pointer: XPointer | None = None

    def _call(self, fn, *args, **kw) -> None:
        try:
            fn(*args, **kw)
        except self._gui.FailSafeException:
            raise Stopped(FAIL_SAFE) from None

    def press(self, x: float, y: float) -> None:
        if x11 := self._x11():
            x11.press(x, y)
        else:
            self._call(self._gui.mouseDown, round(x), round(y), button="left")

    def move(self, x: float, y: float) -> None:
        if x11 := self._x11():
            x11.move(x, y)
        else:
            self._call(self._gui.moveTo, round(x), round(y))

    def release(self, x: float, y: float) -> None:
        """On X11, returns once the server has delivered the release (see ``xpointer``)."""
        if x11 := self._x11():
            x11.release(x, y)
        else:
            self._call(self._gui.mouseUp, round(x), round(y), button="left")

    def tap(self, x: float, y: float) -> None:
        if x11 := self._x11():
            x11.tap(x, y)
        else:
            self._call(self._gui.click, round(x), round(y))

    def position(self) -> tuple[int, int]:
        if x11 := self._x11():
            return x11.position()
        p = self._gui.position()
        return int(p[0]), int(p[1])

    def _x11(self) -> XPointer | None:
        if not sys.platform.startswith("linux"):
            return None
        if self._pointer is None:
            from wordbot.act.xpointer import XPointer

            self._pointer = XPointer(self._cornered)
        return self._pointer

    def _cornered(self, at: tuple[int, int]) -> None:
        """pyautogui's fail-safe, on a position already asked for."""
        if self._gui.FAILSAFE and at in self._gui.FAILSAFE_POINTS:
            raise Stopped(FAIL_SAFE)

    def key(self, name: str) -> None:
        """Press and release one key, named as X names keysyms: "Return", "Escape", "BackSpace"..."""
        if sys.platform.startswith("linux"):
            self._keyboard().key(name, self.key_delay)
            return
        if name not in PYAUTOGUI_KEYS:
            raise ValueError(f"unknown key name {name!r} (known: {', '.join(PYAUTOGUI_KEYS)})")
        self._call(self._gui.press, PYAUTOGUI_KEYS[name])  # pyautogui checks the fail-safe first
        time.sleep(self.key_delay)

    def write(self, text: str) -> None:
        """Type ``text`` into the focused window. On X11 any letter, Cyrillic included, whatever the
        layout. On Windows and macOS pyautogui presses the keys of its US key map, which type
        Latin only if a Latin layout is active, and has no key for a Cyrillic letter (it would
        skip it silently): that is an error here."""
        if sys.platform.startswith("linux"):
            self._keyboard().write(text, self.key_delay)
            return
        bad = [ch for ch in text if not self._gui.isValidKey(ch)]
        if bad:
            raise WordbotError(f"pyautogui cannot type {bad[0]!r} on {sys.platform} (Latin keys only)")
        self._call(self._gui.write, text, interval=self.key_delay)  # the fail-safe checked per key

    def close(self) -> None:
        """Give back the shared keyboard (its letters unbound once no driver uses it; also done when
        the driver is collected, and at exit) and the pointer's connection."""
        if self._keys_done is not None:
            self._keys_done()
            self._xkeys = self._keys_done = None
        if self._pointer is not None:
            self._pointer.close()
            self._pointer = None

    def _keyboard(self) -> XKeys:
        from wordbot.act import xkeys

        if self._xkeys is None:
            self._xkeys = xkeys.acquire()
            self._keys_done = weakref.finalize(self, xkeys.release)  # a driver never closed, too
        self._xkeys.check, self._xkeys.settle = self._fail_safe, self.key_settle
        return self._xkeys

    def _fail_safe(self) -> None:
        self._call(self._gui.failSafeCheck)
