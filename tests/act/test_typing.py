"""Keys and typed text: the X11 keysym plan offline, then the real keyboard under Xvfb into a Tk
window in another process, which reports every key event and each text submitted with Return."""

import queue
import subprocess
import sys
import threading
import time
import unicodedata

import pytest

XK = pytest.importorskip("Xlib.XK")

from wordbot.act.base import Stopped  # noqa: E402
from wordbot.act.xkeys import Keymap, _runs, keysym_for  # noqa: E402
from wordbot.errors import WordbotError  # noqa: E402

RUSSIAN = "абвгдеёжзийклмнопрстуфхцчшщъыьэюя"


def test_russian_letters_take_their_named_cyrillic_keysyms():
    XK.load_keysym_group("cyrillic")
    for ch in RUSSIAN + RUSSIAN.upper():
        words = unicodedata.name(ch).split(" LETTER ")[1].replace(" ", "")
        name = "Cyrillic_" + (words.lower() if ch.islower() else words)
        assert keysym_for(ch) == XK.string_to_keysym(name), (ch, name)


def test_latin1_and_other_keysyms():
    assert keysym_for("a") == XK.XK_a and keysym_for(" ") == XK.XK_space and keysym_for("é") == 0xE9
    assert keysym_for("ї") == 0x01000000 + ord("ї")
    with pytest.raises(ValueError):
        keysym_for("\n")


def test_keys_used_only_where_every_layout_group_agrees():
    a, ef, ret = XK.XK_a, XK.string_to_keysym("Cyrillic_ef") or 0x6C6, XK.XK_Return
    shift = XK.XK_Shift_L
    us = Keymap(10, [(a, XK.XK_A, a, XK.XK_A), (ret, 0, ret, 0), (shift, 0, shift, 0), (0, 0, 0, 0)])
    assert us.find(a) == (10, False) and us.find(XK.XK_A) == (10, True) and us.find(ret) == (11, False)
    assert us.find(ef) is None and us.spares() == [13]
    us_ru = Keymap(10, [(a, XK.XK_A, ef, ef - 0x20), (ret, 0, ret, 0), (0, 0, 0, 0), (0, 0, 0, 0)])
    assert us_ru.find(a) is None and us_ru.find(ef) is None and us_ru.find(ret) == (11, False)
    assert us_ru.spares() == [13, 12]


def test_text_split_where_it_needs_more_spare_keycodes_than_there_are():
    assert list(_runs([1, 2, 1, 3, 9, 2, 4], {1, 2, 3, 4}, 2)) == [[1, 2, 1], [3, 9, 2], [4]]
    assert list(_runs([9, 9], set(), 0)) == [[9, 9]]


# A Tk window with an Entry that has the focus: "ready" once focused, "key <keysym>" for every key
# press, "text <entry>" on Return (then the entry is cleared).
PROBE = r"""
import tkinter as tk
root = tk.Tk()
root.geometry("320x60+300+300")
entry = tk.Entry(root)
entry.pack()
def say(*words):
    print(*words, flush=True)
def submit(event):
    say("text", entry.get())
    entry.delete(0, "end")
entry.bind("<KeyPress>", lambda e: say("key", e.keysym))
root.bind("<Return>", submit)  # the window's tag comes after the entry's: the key is said first
entry.bind("<FocusIn>", lambda e: say("ready"))
root.after(50, entry.focus_force)
root.mainloop()
"""


class Probe:
    def __init__(self) -> None:
        self.proc = subprocess.Popen([sys.executable, "-c", PROBE], stdout=subprocess.PIPE,
                                     text=True, encoding="utf-8")
        self.lines: queue.Queue[str] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        for line in self.proc.stdout:
            self.lines.put(line.rstrip("\n"))

    def until(self, prefix: str, timeout: float = 60.0) -> list[str]:
        """Every line up to and including the next one starting with ``prefix``. The deadline is
        long: the window manager re-reads the keymap on every change (openbox: ~60 ms of CPU each)
        and maps a new window only after that, which takes seconds on a busy machine."""
        seen, deadline = [], time.monotonic() + timeout
        while not seen or not seen[-1].startswith(prefix):
            try:
                seen.append(self.lines.get(timeout=max(0.0, deadline - time.monotonic())))
            except queue.Empty:
                pytest.fail(f"no {prefix!r} from the Tk window; it said {seen}")
        return seen

    def close(self) -> None:
        self.proc.terminate()
        self.proc.wait(10)


@pytest.fixture
def probe(window_manager):
    subprocess.run(["xdotool", "mousemove", "640", "512"], check=True)  # away from the fail-safe corners
    p = Probe()
    p.until("ready")
    yield p
    p.close()


@pytest.fixture
def driver():
    from wordbot.act.pyautogui_driver import PyAutoGUIDriver

    # a generous settle: the Tk process may look its keys up late on a busy machine
    return PyAutoGUIDriver(key_delay=0.01, key_settle=1.0)


def keyboard_mapping():
    from wordbot.act.xkeys import XKeys

    return XKeys().keymap().rows


def keys(lines: list[str]) -> list[str]:
    return [line.split(" ", 1)[1] for line in lines if line.startswith("key ")]


@pytest.mark.gui
def test_cyrillic_latin_and_named_keys_reach_the_focused_window(probe, driver):
    before = keyboard_mapping()
    typed = [  # (text, named keys after it, what the entry holds at Return, the keysyms seen)
        ("кот", [], "кот", ["Cyrillic_ka", "Cyrillic_o", "Cyrillic_te"]),
        ("ёж", ["BackSpace"], "ё", ["Cyrillic_io", "Cyrillic_zhe", "BackSpace"]),
        ("cat Ёж", ["Escape"], "cat Ёж", ["c", "a", "t", "space", "Cyrillic_IO", "Cyrillic_zhe", "Escape"]),
    ]
    for text, named, held, seen in typed:
        driver.write(text)
        for name in [*named, "Return"]:
            driver.key(name)
        said = probe.until("text")
        assert said[-1] == f"text {held}"
        assert keys(said) == [*seen, "Return"]
    assert keyboard_mapping() != before  # the letters stay bound for the session: no rebinding per word
    driver.close()
    assert keyboard_mapping() == before


@pytest.mark.gui
def test_a_driver_dropped_unclosed_keeps_the_letters_another_one_types_with(probe, driver):
    """Rounds one after another in one process (tests, the bench): the last round's driver, never
    closed, is collected whenever the garbage collector runs, perhaps mid-word of the next one."""
    import gc

    from wordbot.act.pyautogui_driver import PyAutoGUIDriver

    before = keyboard_mapping()
    old = PyAutoGUIDriver(key_delay=0.01, key_settle=1.0)
    old.write("кот")
    old.key("Return")
    assert probe.until("text")[-1] == "text кот"
    driver.write("кот")
    bound = keyboard_mapping()
    del old
    gc.collect()
    assert keyboard_mapping() == bound  # the letters the live driver types on stay bound
    driver.key("Return")
    assert probe.until("text")[-1] == "text кот"
    driver.close()
    assert keyboard_mapping() == before


@pytest.mark.gui
def test_more_letters_than_spare_keycodes_are_typed_right(probe, driver):
    """X has few spare keycodes (19 on Xvfb): the least recently typed bindings are reused."""
    spares = len(driver._keyboard().keymap().spares())
    alphabet = "абвгдеёжзийклмнопрстуфхцчшщъыьэюя"
    assert spares < len(alphabet)
    for text in (alphabet, "яблоко", "абажур", "касса", "woolly", alphabet[::-1]):  # with doubled letters
        driver.write(text)
        driver.key("Return")
        assert probe.until("text")[-1] == f"text {text}"
    driver.close()


@pytest.mark.gui
def test_the_corner_fail_safe_stops_typing(probe, driver):
    before = keyboard_mapping()
    subprocess.run(["xdotool", "mousemove", "0", "0"], check=True)
    with pytest.raises(Stopped):
        driver.write("кот")
    with pytest.raises(Stopped):
        driver.key("Return")
    subprocess.run(["xdotool", "mousemove", "640", "512"], check=True)
    driver.close()
    assert keyboard_mapping() == before
    driver.write("x")
    driver.key("Return")
    assert probe.until("text")[-1] == "text x"  # nothing of "кот" was typed


@pytest.mark.gui
def test_unknown_key_name(driver):
    with pytest.raises(ValueError, match="unknown key"):
        driver.key("NoSuchKey")


class FakeGui:
    """pyautogui as Windows and macOS see it: Latin keys only; the mouse in a corner when told."""

    class FailSafeException(Exception):
        pass

    def __init__(self, cornered: bool = False) -> None:
        import pyautogui

        self.isValidKey, self.cornered, self.calls = pyautogui.isValidKey, cornered, []

    def press(self, key):
        self._do("press", key)

    def write(self, text, interval):
        self._do("write", text)

    def _do(self, *call):
        if self.cornered:
            raise self.FailSafeException
        self.calls.append(call)


@pytest.mark.gui
def test_pyautogui_types_elsewhere_latin_only_and_keeps_the_fail_safe(driver, monkeypatch):
    monkeypatch.setattr(sys, "platform", "win32")
    driver._gui = FakeGui()
    driver.write("cat")
    driver.key("Return")
    driver.key("BackSpace")
    assert driver._gui.calls == [("write", "cat"), ("press", "enter"), ("press", "backspace")]
    with pytest.raises(WordbotError, match="cannot type 'к'"):
        driver.write("кот")
    driver._gui = FakeGui(cornered=True)
    with pytest.raises(Stopped):
        driver.write("cat")
    with pytest.raises(Stopped):
        driver.key("Escape")
