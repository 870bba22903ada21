"""A screen to play on: the current X display when it is good enough, else a private Xvfb.

Used by ``wordbot demo`` on a machine without a screen, and by the GUI tests (mss needs 24-bit
colour; the games need room beside each other for the overlay).
"""

from __future__ import annotations

import os
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
    if not os.environ.get("DISPLAY"):
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


def _free_display() -> int:
    for n in range(90, 200):
        if not Path(f"/tmp/.X{n}-lock").exists() and not Path(f"/tmp/.X11-unix/X{n}").exists():
            return n
    raise WordbotError("no free X display number for Xvfb")


@contextmanager
def virtual_display(size: tuple[int, int] = SIZE, depth: int = 24) -> Iterator[str]:
    """Start ``Xvfb :N``, point $DISPLAY at it for the duration, stop it afterwards."""
    if not shutil.which("Xvfb"):
        raise WordbotError("no screen and no Xvfb: install xvfb or run on a desktop")
    n = _free_display()
    proc = subprocess.Popen(["Xvfb", f":{n}", "-screen", "0", f"{size[0]}x{size[1]}x{depth}",
                             "-nolisten", "tcp"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    socket = Path(f"/tmp/.X11-unix/X{n}")
    deadline = time.monotonic() + 10
    while not socket.exists():
        if proc.poll() is not None or time.monotonic() > deadline:
            proc.kill()
            raise WordbotError(f"Xvfb :{n} did not start")
        time.sleep(0.05)
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
