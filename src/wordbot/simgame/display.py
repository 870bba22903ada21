"""A screen to play on: the current X display when it is good enough, else a private Xvfb.

Used by ``wordbot demo`` on a machine without a screen, and by the GUI tests (mss needs 24-bit
colour; the games need room beside each other for the overlay).
"""

from __future__ import annotations

import os
import random
import re
import shutil
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from wordbot.errors import WordbotError

SIZE = (1280, 1024)


def display_ok(size: tuple[int, int] = SIZE, depth: int = 24) -> bool:
    """True when $DISPLAY answers and is at least ``size`` pixels at ``depth`` bits."""
    if not os.environ.get("DISPLAY") or not _connects(os.environ["DISPLAY"]):
        return False
    if not shutil.which("xdpyinfo"):  # cannot tell: trust the user's screen
        return True
    try:
        info = subprocess.run(["xdpyinfo"], capture_output=True, text=True, timeout=5).stdout
    except subprocess.TimeoutExpired:
        return False
    dims = re.search(r"dimensions:\s+(\d+)x(\d+)", info)
    planes = re.search(r"depth of root window:\s+(\d+)", info)
    return bool(dims and planes) and int(dims[1]) >= size[0] and int(dims[2]) >= size[1] \
        and int(planes[1]) >= depth


def _connects(name: str) -> bool:
    """True when python-xlib (which needs the socket file, unlike libxcb) can open ``name``."""
    from Xlib import display, error

    try:
        display.Display(name).close()
    except (error.DisplayError, OSError):
        return False
    return True


def _start_xvfb(size: tuple[int, int], depth: int) -> tuple[subprocess.Popen, int]:
    """Start Xvfb on a free display number from a high range (servers that pick the lowest free
    number, like pytest-xvfb's, never race us for it); returns once clients can connect."""
    start = random.randrange(300, 900)
    for n in range(start, start + 50):
        if Path(f"/tmp/.X{n}-lock").exists() or Path(f"/tmp/.X11-unix/X{n}").exists():
            continue
        proc = subprocess.Popen(["Xvfb", f":{n}", "-screen", "0", f"{size[0]}x{size[1]}x{depth}",
                                 "-nolisten", "tcp"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 10
        while proc.poll() is None and time.monotonic() < deadline:
            if _connects(f":{n}"):
                return proc, n
            time.sleep(0.05)
        proc.kill()
        proc.wait()
    raise WordbotError("Xvfb did not start")


@contextmanager
def virtual_display(size: tuple[int, int] = SIZE, depth: int = 24) -> Iterator[str]:
    """Start an Xvfb, point $DISPLAY at it for the duration, stop it afterwards."""
    if not shutil.which("Xvfb"):
        raise WordbotError("no screen and no Xvfb: install xvfb or run on a desktop")
    proc, n = _start_xvfb(size, depth)
    before = os.environ.get("DISPLAY")
    os.environ["DISPLAY"] = f":{n}"
    try:
        yield f":{n}"
    finally:
        proc.terminate()
        proc.wait(5)
        if before is None:
            os.environ.pop("DISPLAY", None)
        else:
            os.environ["DISPLAY"] = before


@contextmanager
def screen(size: tuple[int, int] = SIZE, depth: int = 24) -> Iterator[str]:
    """The current display if it is good enough, else a private Xvfb for the duration."""
    if display_ok(size, depth):
        yield os.environ["DISPLAY"]
        return
    with virtual_display(size, depth) as name:
        yield name
