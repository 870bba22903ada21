"""An Android device or emulator over ADB: touches with ``input motionevent``/``input tap``, keys
with ``input keyevent``/``input text`` and frames with ``exec-out screencap -p``. Coordinates are
the device's screen pixels."""

from __future__ import annotations

import shlex
import subprocess
import time
from collections.abc import Callable

import cv2
import numpy as np

from wordbot.capture.base import FrameSource
from wordbot.errors import WordbotError

Runner = Callable[[list[str]], bytes]

# X keysym names (the drivers' common key names) -> Android key codes for ``input keyevent``.
KEYCODES = {
    "Return": "KEYCODE_ENTER", "Escape": "KEYCODE_ESCAPE", "BackSpace": "KEYCODE_DEL",
    "Tab": "KEYCODE_TAB", "space": "KEYCODE_SPACE", "Delete": "KEYCODE_FORWARD_DEL",
    "Left": "KEYCODE_DPAD_LEFT", "Right": "KEYCODE_DPAD_RIGHT", "Up": "KEYCODE_DPAD_UP",
    "Down": "KEYCODE_DPAD_DOWN", "Home": "KEYCODE_MOVE_HOME", "End": "KEYCODE_MOVE_END",
}


def _run(cmd: list[str]) -> bytes:
    try:
        return subprocess.run(cmd, check=True, capture_output=True, timeout=10).stdout
    except FileNotFoundError:
        raise WordbotError("adb not found: install Android platform-tools and put adb on PATH") from None
    except subprocess.CalledProcessError as exc:
        msg = exc.stderr.decode(errors="replace").strip().splitlines()
        raise WordbotError(f"adb failed: {msg[-1] if msg else exc}") from None


class AdbDriver:
    """One ``adb`` call per primitive; ``runner`` is injectable so commands are testable offline.
    ``key_delay``: a pause after each typed character, on top of adb's own tens of milliseconds."""

    def __init__(self, serial: str | None = None, adb: str = "adb", runner: Runner = _run,
                 key_delay: float = 0.0):
        self.prefix = [adb] + (["-s", serial] if serial else [])
        self.runner = runner
        self.key_delay = key_delay

    def shell(self, *args: str) -> list[str]:
        return [*self.prefix, "shell", *args]

    def _motion(self, action: str, x: float, y: float) -> None:
        self.runner(self.shell("input", "motionevent", action, str(round(x)), str(round(y))))

    def press(self, x: float, y: float) -> None:
        self._motion("DOWN", x, y)

    def move(self, x: float, y: float) -> None:
        self._motion("MOVE", x, y)

    def release(self, x: float, y: float) -> None:
        self._motion("UP", x, y)

    def tap(self, x: float, y: float) -> None:
        self.runner(self.shell("input", "tap", str(round(x)), str(round(y))))

    def key(self, name: str) -> None:
        """Press and release one key, named as X names keysyms: "Return", "Escape", "BackSpace"..."""
        if name not in KEYCODES:
            raise ValueError(f"unknown key name {name!r} (known: {', '.join(KEYCODES)})")
        self.runner(self.shell("input", "keyevent", KEYCODES[name]))

    def write(self, text: str) -> None:
        """Type ``text`` one character per ``input text`` so a game that polls sees each key.

        ``input text`` types only what Android's virtual key map has (printable ASCII) and drops
        anything else without an error, and stock Android has no other shell command that types
        Cyrillic (that takes an extra input method such as ADBKeyboard): such text is refused.
        """
        bad = [ch for ch in text if not (ch.isascii() and ch.isprintable())]
        if bad:
            raise WordbotError(f"adb cannot type {bad[0]!r}: `input text` takes ASCII only; "
                               "tap the game's letter keys instead")
        for ch in text:
            # adb joins the arguments into a device shell line; ``input text`` reads %s as a space
            self.runner(self.shell("input", "text", shlex.quote("%s" if ch == " " else ch)))
            time.sleep(self.key_delay)

    def screencap(self) -> np.ndarray:
        """The device screen as a BGR image."""
        png = self.runner([*self.prefix, "exec-out", "screencap", "-p"])
        image = cv2.imdecode(np.frombuffer(png, dtype=np.uint8), cv2.IMREAD_COLOR)
        if image is None:
            raise WordbotError("adb screencap returned no image (is the device unlocked?)")
        return image


class AdbScreen(FrameSource):
    """The device screen as a frame source (``wordbot.capture``'s interface); device pixels are
    the coordinates the driver taps, so the origin is (0, 0)."""

    def __init__(self, driver: AdbDriver):
        self.driver = driver

    def grab(self) -> np.ndarray:
        return self.driver.screencap()
