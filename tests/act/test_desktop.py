"""The real mouse and the stop key under Xvfb."""

import subprocess
import threading
import time

import pytest

from wordbot.act import Actor, Bounds, Pacing, StopHotkey

pytestmark = pytest.mark.gui


def test_pyautogui_driver_moves_the_real_pointer_with_failsafe_on():
    import pyautogui

    from wordbot.act.pyautogui_driver import PyAutoGUIDriver

    driver = PyAutoGUIDriver()
    assert pyautogui.FAILSAFE is True
    Actor(driver, Bounds(((50, 50, 200, 200),)), Pacing(0, 0, 0, 0)).swipe([(60, 60), (120, 90)])
    assert driver.position() == (120, 90)


def test_the_mouse_thrown_into_a_corner_stops_every_pointer_step_before_it_is_sent():
    from wordbot.act.base import Stopped
    from wordbot.act.pyautogui_driver import PyAutoGUIDriver

    driver = PyAutoGUIDriver()
    try:
        for step in (driver.move, driver.press, driver.release, driver.tap):
            subprocess.run(["xdotool", "mousemove", "0", "0"], check=True)
            with pytest.raises(Stopped, match="corner"):
                step(100, 100)
            assert driver.position() == (0, 0)  # nothing sent
        subprocess.run(["xdotool", "mousemove", "300", "300"], check=True)
        driver.tap(100, 100)
        assert driver.position() == (100, 100)
    finally:
        driver.close()


def test_stop_key_sets_the_stop_event():
    stop = threading.Event()
    hotkey = StopHotkey(stop)
    assert hotkey.available
    subprocess.run(["xdotool", "key", "Pause"], check=True)
    deadline = time.monotonic() + 5
    while not stop.is_set() and time.monotonic() < deadline:
        time.sleep(0.02)
    hotkey.close()
    assert stop.is_set()


CLICK_LOG = """
import sys, tkinter as tk
root = tk.Tk()
root.geometry("300x300+100+100")
canvas = tk.Canvas(root, width=300, height=300, bg="white")
canvas.pack()
out = open(sys.argv[1], "w")
def released(e):
    out.write(f"{e.x_root} {e.y_root}\\n")
    out.flush()
canvas.bind("<ButtonRelease-1>", released)
root.after(300, lambda: (out.write("ready\\n"), out.flush()))
root.mainloop()
"""


def test_a_tap_reaches_the_game_where_it_was_made_while_the_window_manager_holds_presses(
        tmp_path, window_manager):
    """openbox takes every press on a client window with a synchronous grab and replays it when it
    gets to it; a busy window manager (here: stopped for 0.3 s) must not make a tap's release land
    where the pointer goes next."""
    import os
    import signal
    import sys

    from wordbot.act.pyautogui_driver import PyAutoGUIDriver

    if window_manager is None:
        pytest.skip("another window manager runs on this display")
    log = tmp_path / "clicks.txt"
    game = subprocess.Popen([sys.executable, "-c", CLICK_LOG, str(log)])
    try:
        deadline = time.monotonic() + 20
        while "ready" not in (log.read_text() if log.exists() else "") and time.monotonic() < deadline:
            time.sleep(0.05)
        time.sleep(0.5)  # mapped and decorated
        driver = PyAutoGUIDriver()
        points = [(160, 160), (300, 160), (300, 300), (160, 300)]
        os.kill(window_manager.pid, signal.SIGSTOP)
        threading.Timer(0.3, os.kill, (window_manager.pid, signal.SIGCONT)).start()
        for x, y in points:
            driver.tap(x, y)
        driver.close()
        deadline = time.monotonic() + 10
        while len(log.read_text().split("\n")) < len(points) + 2 and time.monotonic() < deadline:
            time.sleep(0.05)
    finally:
        os.kill(window_manager.pid, signal.SIGCONT)
        game.terminate()
        game.wait(10)
    got = [tuple(map(int, line.split())) for line in log.read_text().split("\n")[1:] if line]
    assert got == points
