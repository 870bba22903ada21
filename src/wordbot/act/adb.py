"""An Android device or emulator over ADB: touches with ``input motionevent``/``input tap`` and
frames with ``exec-out screencap -p``. Coordinates are the device's screen pixels."""

from __future__ import annotations

import subprocess
from collections.abc import Callable

import cv2
import numpy as np

from wordbot.capture.base import FrameSource
from wordbot.errors import WordbotError

Runner = Callable[[list[str]], bytes]


def _run(cmd: list[str]) -> bytes:
    try:
        return subprocess.run(cmd, check=True, capture_output=True, timeout=10).stdout
    except FileNotFoundError:
        raise WordbotError("adb not found: install Android platform-tools and put adb on PATH") from None
    except subprocess.CalledProcessError as exc:
        msg = exc.stderr.decode(errors="replace").strip().splitlines()
        raise WordbotError(f"adb failed: {msg[-1] if msg else exc}") from None


class AdbDriver:
    """One ``adb`` call per primitive; ``runner`` is injectable so commands are testable offline."""

    def __init__(self, serial: str | None = None, adb: str = "adb", runner: Runner = _run):
        self.prefix = [adb] + (["-s", serial] if serial else [])
        self.runner = runner

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
