"""The desktop mouse through pyautogui (X11 via XTest, Windows, macOS).

pyautogui's fail-safe stays on: throwing the mouse into a screen corner raises
``pyautogui.FailSafeException`` at the next call, which play reports as a stop.
"""

from __future__ import annotations

from wordbot.act.base import Stopped


class PyAutoGUIDriver:
    def __init__(self) -> None:
        import pyautogui  # needs a display at import time, so imported only when driving

        pyautogui.FAILSAFE = True
        pyautogui.PAUSE = 0  # pacing is ours (``Pacing``), not a flat 0.1 s after every call
        self._gui = pyautogui

    def _call(self, fn, *args, **kw) -> None:
        try:
            fn(*args, **kw)
        except self._gui.FailSafeException:
            raise Stopped("stopped: the mouse was moved into a screen corner (fail-safe)") from None

    def press(self, x: float, y: float) -> None:
        self._call(self._gui.mouseDown, round(x), round(y), button="left")

    def move(self, x: float, y: float) -> None:
        self._call(self._gui.moveTo, round(x), round(y))

    def release(self, x: float, y: float) -> None:
        self._call(self._gui.mouseUp, round(x), round(y), button="left")

    def tap(self, x: float, y: float) -> None:
        self._call(self._gui.click, round(x), round(y))

    def position(self) -> tuple[int, int]:
        p = self._gui.position()
        return int(p[0]), int(p[1])
