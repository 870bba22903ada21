"""Fixed looks for the vision tests (development fonts only; the held-out ones are the bench's)."""

import os
import shutil
import subprocess
import time

import numpy as np
import pytest

from wordbot.ocr.synthetic import Look


def look(**changes) -> Look:
    base = dict(font="dejavu/DejaVuSans-Bold.ttf", tile_rgb=(240, 220, 170), text_rgb=(40, 30, 20),
                panel_rgb=(60, 90, 140), shape="rounded", radius=0.15, gap=0.12, letter_size=0.5,
                corner_numbers=False, empty_rgb=None, blur=0.0, scale=1.0)
    return Look(**(base | changes))


@pytest.fixture
def rng():
    return np.random.default_rng(12345)


@pytest.fixture
def display24(monkeypatch):
    """A 24-bit X display (mss captures only 24/32-bit screens; pytest-xvfb starts a 16-bit one
    unless ``xvfb_colordepth = 24`` is configured): the current one if deep enough, else our own
    Xvfb for this test."""
    from Xlib import display

    try:
        d = display.Display()
        depth = d.screen().root_depth
        d.close()
    except Exception:
        depth = 0
    if depth >= 24:
        yield os.environ["DISPLAY"]
        return
    if shutil.which("Xvfb") is None:
        pytest.skip("no 24-bit display and no Xvfb to start one")
    for n in range(140, 160):
        if not os.path.exists(f"/tmp/.X11-unix/X{n}") and not os.path.exists(f"/tmp/.X{n}-lock"):
            break
    proc = subprocess.Popen(["Xvfb", f":{n}", "-screen", "0", "1024x768x24", "-nolisten", "tcp"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(100):
        if os.path.exists(f"/tmp/.X11-unix/X{n}"):
            break
        time.sleep(0.05)
    monkeypatch.setenv("DISPLAY", f":{n}")
    try:
        yield f":{n}"
    finally:
        proc.terminate()
        proc.wait(timeout=10)
