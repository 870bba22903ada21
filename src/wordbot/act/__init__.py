"""Input: swipe a path and tap sequences through one small driver interface, paced like a
finger, never outside the board and configured buttons.

Backends follow python-mss's shape: one module each (``pyautogui_driver``, ``adb``) behind ``base``.
"""

from wordbot.act.base import Actor, Bounds, Driver, Moved, OutOfBounds, Pacing, Shown, Stopped
from wordbot.act.hotkey import StopHotkey

__all__ = ["Actor", "Bounds", "Driver", "Moved", "OutOfBounds", "Pacing", "Shown", "StopHotkey",
           "Stopped"]
