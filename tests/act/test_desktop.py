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
