"""A global stop key on X11 (python-xlib): pressing it anywhere sets the stop event at once."""

from __future__ import annotations

import threading

STOP_KEY = "Pause"


class StopHotkey:
    """Grabs ``key`` on the X root window in a daemon thread; ``available`` is False where there is
    no X display (then Ctrl-C and pyautogui's corner fail-safe remain)."""

    def __init__(self, stop: threading.Event, key: str = STOP_KEY):
        self.stop, self.key = stop, key
        self.available = False
        try:
            from Xlib import XK, X, display

            self._display = display.Display()
            root = self._root = self._display.screen().root
            self._keycode = self._display.keysym_to_keycode(XK.string_to_keysym(key))
            root.grab_key(self._keycode, X.AnyModifier, True, X.GrabModeAsync, X.GrabModeAsync)
            self._display.sync()
            self._keypress, self._any_modifier = X.KeyPress, X.AnyModifier
        except Exception:  # no display, no Xlib, key taken: the other stops still work
            return
        self.available = True
        threading.Thread(target=self._listen, daemon=True, name="wordbot-stop-key").start()

    def close(self) -> None:
        """Give the key back (another StopHotkey, or another program, may grab it then)."""
        if self.available:
            self.available = False
            self._root.ungrab_key(self._keycode, self._any_modifier)
            self._display.flush()

    def _listen(self) -> None:
        from Xlib.error import ConnectionClosedError

        while not self.stop.is_set():
            try:
                event = self._display.next_event()
            except ConnectionClosedError:  # the display went away (the demo's Xvfb stopped)
                return
            if event.type == self._keypress and event.detail == self._keycode:
                self.stop.set()
