"""The mouse on X11 through XTest, one round trip a gesture step, each release waited for.

pyautogui's click on X11 is the same XTest events with about five round trips to the X server
(the pointer asked for twice, a sync after each of move, press and release); with the server busy
drawing the game each costs a wait. Measured on Xvfb, 300 clicks: 2.6 ms a click through pyautogui,
0.27 ms here. The fail-safe is pyautogui's: the pointer in one of its corner points stops play.

A window manager that binds mouse presses on client windows (openbox: a press focuses and raises)
takes each press with a synchronous grab and replays it to the game when it gets to it; until then
the pointer is frozen and the release waits in the server's queue. Moving on at once delivers that
release where the pointer went next (a tap on one tile arrives as a tap on the next one), and a key
pressed at once (Return) reaches the game before the click. Measured under openbox on a busy
machine: 40 of 750 quick taps arrived elsewhere; none once each release was waited for.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from Xlib import X
from Xlib.display import Display
from Xlib.ext import xtest

BUTTONS = X.Button1Mask | X.Button2Mask | X.Button3Mask


class XPointer:
    """Its own connection; ``check`` runs before every event sent (the fail-safe)."""

    def __init__(self, check: Callable[[tuple[int, int]], None]) -> None:
        self.display = Display()
        self.root = self.display.screen().root
        self.check = check

    def position(self) -> tuple[int, int]:
        p = self.root.query_pointer()
        return p.root_x, p.root_y

    def _send(self, x: float, y: float, *buttons: int) -> None:
        self.check(self.position())
        xtest.fake_input(self.display, X.MotionNotify, x=round(x), y=round(y))
        for kind in buttons:
            xtest.fake_input(self.display, kind, 1)
        self.display.sync()

    def move(self, x: float, y: float) -> None:
        self._send(x, y)

    def press(self, x: float, y: float) -> None:
        self._send(x, y, X.ButtonPress)

    def release(self, x: float, y: float) -> None:
        self._send(x, y, X.ButtonRelease)
        self.released()

    def tap(self, x: float, y: float) -> None:
        self._send(x, y, X.ButtonPress, X.ButtonRelease)
        self.released()

    def released(self, timeout: float = 1.0) -> bool:
        """Wait until no button shows down (the release delivered); False after ``timeout`` (a
        person holding the button)."""
        deadline = time.monotonic() + timeout
        while self.root.query_pointer().mask & BUTTONS:
            if time.monotonic() > deadline:
                return False
            time.sleep(0.001)
        return True

    def close(self) -> None:
        self.display.close()
