"""Keys and text on X11 through XTest (python-xlib), Cyrillic included.

pyautogui's X11 key map knows Latin names only, so it cannot type "кот". Here every character
becomes its keysym and goes out on a keycode that yields it whatever layout group is active; where
no key does (Cyrillic under a US layout, Latin under "us,ru"), a spare keycode (one with no
symbols) is bound to it for the length of the text and cleared again afterwards, as
``xdotool type`` does.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass

from Xlib import XK, X
from Xlib.display import Display
from Xlib.ext import xtest

from wordbot.errors import WordbotError

UNICODE_KEYSYM = 0x01000000
KeyCode = tuple[int, bool]  # keycode, with Shift


def keysym_for(ch: str) -> int:
    """The keysym X clients read as ``ch``: Latin-1 keysyms are the code point; Russian letters take
    the legacy Cyrillic keysyms that Russian layouts bind (their low byte is the letter's KOI8-R
    code: Cyrillic_a = 0x6c1, Cyrillic_io = 0x6a3); anything else the Unicode keysym."""
    if len(ch) != 1 or not ch.isprintable():
        raise ValueError(f"cannot type {ch!r}: one printable character at a time")
    if ord(ch) < 0x100:
        return ord(ch)
    if "А" <= ch <= "я" or ch in "ёЁ":
        return 0x600 | ch.encode("koi8-r")[0]
    return UNICODE_KEYSYM + ord(ch)


@dataclass(frozen=True)
class Keymap:
    """The core keyboard mapping: one row of keysyms per keycode from ``first``. Columns 0-1 are
    group 1 (plain, Shift), 2-3 group 2, 8 on groups 3-4 (XKB's core view)."""

    first: int
    rows: Sequence[Sequence[int]]

    def find(self, keysym: int) -> KeyCode | None:
        """A key giving ``keysym`` in every group (a Latin letter on a "us,ru" key gives it only in
        group 1, and which group is active the core protocol cannot tell): plain keys first."""
        for level in (0, 1):
            for i, row in enumerate(self.rows):
                others = [*row[2 + level:3 + level], *row[8:]]
                if row[level] == keysym and all(s in (X.NoSymbol, keysym) for s in others):
                    return self.first + i, level == 1
        return None

    def spares(self) -> list[int]:
        """Keycodes no key uses, highest first (physical keys sit low)."""
        return [self.first + i for i, row in reversed(list(enumerate(self.rows))) if not any(row)]


class XKeys:
    """Fake key presses on the X display; ``check`` runs before each press (the fail-safe).

    The receiving client looks a rebound keycode up when it handles the event, which may be after
    the next rebinding (a busy game then reads another letter), so bindings last a whole text and
    are cleared ``settle`` seconds after its last key, and each text binds other spares than the last.
    """

    def __init__(self, check: Callable[[], None] = lambda: None, settle: float = 0.2):
        self.display = Display()
        self.check, self.settle = check, settle
        self._turn = 0  # where in the spare keycodes the next text starts

    def keymap(self) -> Keymap:
        info = self.display.display.info
        first = info.min_keycode
        return Keymap(first, self.display.get_keyboard_mapping(first, info.max_keycode - first + 1))

    def key(self, name: str, delay: float) -> None:
        """Press and release the key of an X keysym name ("Return", "Escape", "BackSpace", ...)."""
        keysym = XK.string_to_keysym(name)
        if keysym == X.NoSymbol:
            raise ValueError(f"unknown key name {name!r} (X keysym names: Return, Escape, BackSpace)")
        self._type([keysym], delay)

    def write(self, text: str, delay: float) -> None:
        """Type ``text``, holding each key ``delay`` seconds and pausing as long after it."""
        self._type([keysym_for(ch) for ch in text], delay)

    def _type(self, keysyms: list[int], delay: float) -> None:
        self._drain()
        keymap = self.keymap()
        shift = keymap.find(XK.XK_Shift_L)
        codes = {k: keymap.find(k) for k in keysyms}
        if shift is None:  # nothing to hold Shift with: bind upper-case letters too
            codes = {k: None if c and c[1] else c for k, c in codes.items()}
        unmapped = {k for k, c in codes.items() if c is None}
        spares = self._take(keymap.spares(), len(unmapped))
        if unmapped and not spares:
            raise WordbotError("no spare keycode on this X keyboard to bind a character to")
        width = len(keymap.rows[0])
        try:
            for run in _runs(keysyms, unmapped, len(spares)):
                bound = dict(zip(dict.fromkeys(k for k in run if k in unmapped), spares, strict=False))
                self._bind(bound.items(), width)
                for k in run:
                    self._tap(codes[k] or (bound[k], False), shift[0] if shift else 0, delay)
                if bound:
                    time.sleep(self.settle)
        finally:
            self._bind([(X.NoSymbol, keycode) for keycode in spares], width)

    def _take(self, spares: list[int], n: int) -> list[int]:
        start = self._turn % len(spares) if spares else 0
        self._turn += n
        return (spares[start:] + spares[:start])[:n]

    def _bind(self, pairs: Iterable[tuple[int, int]], width: int) -> None:
        """Give each keycode one keysym, plain and shifted alike (a lone letter would be read as
        its lower case / upper case pair)."""
        for keysym, keycode in pairs:
            self.display.change_keyboard_mapping(keycode, [(keysym, keysym) + (X.NoSymbol,) * (width - 2)])
        self.display.sync()

    def _tap(self, code: KeyCode, shift: int, delay: float) -> None:
        self.check()
        keycode, shifted = code
        if shifted:
            xtest.fake_input(self.display, X.KeyPress, shift)
        xtest.fake_input(self.display, X.KeyPress, keycode)
        self.display.sync()
        try:
            time.sleep(delay)
        finally:  # never leave a key down, even on Ctrl-C
            xtest.fake_input(self.display, X.KeyRelease, keycode)
            if shifted:
                xtest.fake_input(self.display, X.KeyRelease, shift)
            self.display.sync()
        time.sleep(delay)

    def _drain(self) -> None:
        """Drop the MappingNotify events our own rebinding sent us (they would pile up)."""
        while self.display.pending_events():
            self.display.next_event()


def _runs(keysyms: list[int], unmapped: set[int], room: int) -> Iterator[list[int]]:
    """Split the text where it needs more keysyms bound at once than there are spare keycodes."""
    run: list[int] = []
    for k in keysyms:
        if k in unmapped and k not in run and len(unmapped.intersection(run)) == room:
            yield run
            run = []
        run.append(k)
    if run:
        yield run
