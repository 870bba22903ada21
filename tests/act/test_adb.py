"""ADB command lines, built without a device."""

import cv2
import numpy as np
import pytest

from wordbot.act import Actor, Bounds, Pacing
from wordbot.act.adb import AdbDriver, AdbScreen
from wordbot.errors import WordbotError


def test_swipe_becomes_motionevents():
    calls = []
    driver = AdbDriver(serial="emulator-5554", runner=lambda cmd: calls.append(cmd) or b"")
    Actor(driver, Bounds(((0, 0, 1080, 1920),)), Pacing(0, 0, 0, 0)).swipe([(100, 200), (250.4, 200)])
    shell = ["adb", "-s", "emulator-5554", "shell", "input", "motionevent"]
    assert calls == [shell + ["MOVE", "100", "200"], shell + ["DOWN", "100", "200"],
                     shell + ["MOVE", "250", "200"], shell + ["UP", "250", "200"]]


def test_tap_and_screencap():
    calls = []
    png = cv2.imencode(".png", np.full((4, 3, 3), 200, np.uint8))[1].tobytes()
    driver = AdbDriver(runner=lambda cmd: calls.append(cmd) or png)
    driver.tap(5, 6)
    assert driver.screencap().shape == (4, 3, 3)
    assert calls == [["adb", "shell", "input", "tap", "5", "6"], ["adb", "exec-out", "screencap", "-p"]]


def test_device_screen_is_a_frame_source():
    png = cv2.imencode(".png", np.full((4, 3, 3), 200, np.uint8))[1].tobytes()
    screen = AdbScreen(AdbDriver(runner=lambda cmd: png))
    assert screen.grab().shape == (4, 3, 3) and screen.origin == (0, 0)


def test_screencap_garbage_is_a_clear_error():
    with pytest.raises(WordbotError, match="screencap"):
        AdbDriver(runner=lambda cmd: b"not a png").screencap()


def test_keys_become_keyevents():
    calls = []
    driver = AdbDriver(serial="emulator-5554", runner=lambda cmd: calls.append(cmd) or b"")
    for name in ("Return", "BackSpace", "Escape"):
        driver.key(name)
    shell = ["adb", "-s", "emulator-5554", "shell", "input", "keyevent"]
    assert calls == [shell + ["KEYCODE_ENTER"], shell + ["KEYCODE_DEL"], shell + ["KEYCODE_ESCAPE"]]
    with pytest.raises(ValueError, match="unknown key"):
        driver.key("Cyrillic_a")


def test_text_is_typed_a_character_at_a_time_quoted_for_the_device_shell():
    calls = []
    AdbDriver(runner=lambda cmd: calls.append(cmd) or b"").write("it's a")
    assert [c[-1] for c in calls] == ["i", "t", "''\"'\"''", "s", "%s", "a"]
    assert all(c[:4] == ["adb", "shell", "input", "text"] for c in calls)


def test_cyrillic_is_refused_before_anything_is_typed():
    calls = []
    with pytest.raises(WordbotError, match="adb cannot type 'к'"):
        AdbDriver(runner=lambda cmd: calls.append(cmd) or b"").write("cat кот")
    assert calls == []
