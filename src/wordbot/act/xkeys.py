"""Keys and text on X11 through XTest (python-xlib), Cyrillic included.

pyautogui's X11 key map knows Latin names only, so it cannot type "кот". Here every character
becomes its keysym and goes out on a keycode that yields it whatever layout group is active; where
no key does (Cyrillic under a US layout, Latin under "us,ru"), a spare keycode (one with no
symbols) is bound to it. Bindings are kept for the session, not made per text: each rebinding
makes every client re-read the keymap (slow on a busy desktop), and a client looks a keycode up
only when it handles the event, so a binding changed too soon types another letter. They are
cleared on ``close`` or at exit.

The drivers of one process share one keyboard (``acquire``): a second one would type on the first
one's bindings (to it, keys like any other) and lose them mid-word when the first was collected.
"""

from __future__ import annotations

import threading
import time
import weakref
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from Xlib import XK, X
from Xlib.display import Display
from Xlib.error import ConnectionClosedError, XError
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

    After binding letters to spare keycodes the next key waits ``settle`` seconds (the game reloads
    its keymap then). Only when the spares run out (Xvfb has 19) is the least recently typed
    binding reused, and not sooner than ``settle`` seconds after its last key (the game may not have
    read it yet).
    """

    def __init__(self, check: Callable[[], None] = lambda: None, settle: float = 0.2):
        self.display = Display()
        self.check, self.settle = check, settle
        self._bound: dict[int, int] = {}  # keysym -> its spare keycode, least recently typed first
        self._typed: dict[int, float] = {}  # bound keysym -> when it was last typed
        self._finalizer = weakref.finalize(self, _release, self.display, self._bound)

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
        """Type ``text``, holding each key ``delay`` seconds, pausing as long before a key pressed
        again and after the last."""
        self._type([keysym_for(ch) for ch in text], delay)

    def close(self) -> None:
        """Clear the keycodes bound to letters and close the display connection."""
        self._finalizer()

    def _type(self, keysyms: list[int], delay: float) -> None:
        self._drain()
        keymap = self.keymap()
        shift = keymap.find(XK.XK_Shift_L)
        ours = set(self._bound.values())
        native = {k: keymap.find(k) for k in keysyms}
        native = {k: None if c is None or c[0] in ours or (c[1] and shift is None) else c
                  for k, c in native.items()}  # without a Shift key, upper case is bound too
        need = {k for k, c in native.items() if c is None}
        free = keymap.spares()
        room = len(free) + len(self._bound)
        if need and not room:
            raise WordbotError("no spare keycode on this X keyboard to bind a character to")
        width = len(keymap.rows[0])
        for run in _runs(keysyms, need, room):
            missing = [k for k in dict.fromkeys(run) if k in need and k not in self._bound]
            if missing:
                free += self._evict(len(missing) - len(free), keep=set(run), width=width)
                self._bind([(k, free.pop(0)) for k in missing], width)
                time.sleep(self.settle)
            codes = [native[k] or (self._bound[k], False) for k in run]
            for i, k in enumerate(run):
                if k in self._bound:
                    self._bound[k] = self._bound.pop(k)  # now the most recently typed
                    self._typed[k] = time.monotonic()
                again = i + 1 == len(run) or codes[i + 1][0] == codes[i][0]
                self._tap(codes[i], shift[0] if shift else 0, delay, delay if again else 0.0)

    def _evict(self, n: int, keep: set[int], width: int) -> list[int]:
        """Unbind the ``n`` least recently typed bindings not in ``keep``; their keycodes."""
        old = [k for k in self._bound if k not in keep][:max(0, n)]
        if not old:
            return []
        time.sleep(max(0.0, max(self._typed.get(k, 0.0) for k in old) + self.settle - time.monotonic()))
        codes = [self._bound.pop(k) for k in old]
        for k in old:
            self._typed.pop(k, None)
        self._bind([(X.NoSymbol, c) for c in codes], width)
        return codes

    def _bind(self, pairs: list[tuple[int, int]], width: int) -> None:
        """Give each keycode one keysym, plain and shifted alike (a lone letter would be read as
        its lower case / upper case pair)."""
        for keysym, keycode in pairs:
            self.display.change_keyboard_mapping(keycode, [(keysym, keysym) + (X.NoSymbol,) * (width - 2)])
            if keysym != X.NoSymbol:
                self._bound[keysym] = keycode
        self.display.sync()

    def _tap(self, code: KeyCode, shift: int, delay: float, gap: float) -> None:
        """Hold the key ``delay`` seconds (a game that polls the keyboard sees it down), then pause
        ``gap``: a game that polls sees a key pressed twice in a row as two presses only with
        its release between them; another key may follow at once."""
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
        time.sleep(gap)

    def _drain(self) -> None:
        """Drop the MappingNotify events our own rebinding sent us (they would pile up)."""
        while self.display.pending_events():
            self.display.next_event()


_shared: XKeys | None = None
_users = 0
_lock = threading.Lock()


def acquire() -> XKeys:
    """The process's keyboard, for one more user; ``release`` it when done (its bindings are
    cleared once no user is left)."""
    global _shared, _users
    with _lock:
        if _shared is None:
            _shared = XKeys()
        _users += 1
        return _shared


def release() -> None:
    global _shared, _users
    with _lock:
        _users -= 1
        if _users == 0 and _shared is not None:
            _shared.close()
            _shared = None


def _release(display: Display, bound: dict[int, int]) -> None:
    """Clear the keycodes bound to letters (at ``close`` or exit) and close the connection."""
    try:
        for keycode in bound.values():
            width = len(display.get_keyboard_mapping(keycode, 1)[0])
            display.change_keyboard_mapping(keycode, [(X.NoSymbol,) * width])
        display.sync()
        display.close()
    except (OSError, XError, ConnectionClosedError):  # the display may be gone already at exit
        pass
    bound.clear()


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
