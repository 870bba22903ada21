"""A driver that keeps every input event it passes on: where input went (tests, the bench)."""

from __future__ import annotations

from collections.abc import Callable


class RecordingDriver:
    """Every event in order, as ("press", x, y) ... ("key", name), ("write", text); each passed on
    to ``driver`` (the real mouse and keyboard) when one is given. ``on_event(n)`` runs after the
    n-th event (to stop a gesture half-way)."""

    def __init__(self, driver=None, on_event: Callable[[int], None] | None = None):
        self.driver, self.on_event = driver, on_event
        self.events: list[tuple] = []

    def pointer(self) -> list[tuple[str, float, float]]:
        return [e for e in self.events if e[0] in ("press", "move", "release", "tap")]

    def _log(self, name: str, *args) -> None:
        self.events.append((name, *args))
        if self.driver is not None:
            getattr(self.driver, name)(*args)
        if self.on_event is not None:
            self.on_event(len(self.events))

    def press(self, x, y):
        self._log("press", x, y)

    def move(self, x, y):
        self._log("move", x, y)

    def release(self, x, y):
        self._log("release", x, y)

    def tap(self, x, y):
        self._log("tap", x, y)

    def key(self, name):
        self._log("key", name)

    def write(self, text):
        self._log("write", text)
