"""The driver interface, pacing and the bounds every point is checked against."""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from wordbot.errors import WordbotError

Point = tuple[float, float]
Rect = tuple[float, float, float, float]  # x, y, w, h in screen pixels


class OutOfBounds(WordbotError):
    """A point outside the board and the configured buttons: the bot refuses to go there."""


class Moved(WordbotError):
    """The target window moved before a gesture began."""


class Stopped(WordbotError):
    """The user stopped play (hotkey, Ctrl-C, or the mouse thrown into a screen corner)."""


class Driver(Protocol):
    """The few primitives a backend provides; pacing and safety live in ``Actor``."""

    def press(self, x: float, y: float) -> None: ...
    def move(self, x: float, y: float) -> None: ...
    def release(self, x: float, y: float) -> None: ...
    def tap(self, x: float, y: float) -> None: ...


@dataclass(frozen=True)
class Pacing:
    """How fast input goes; games drop touches that come faster than they poll."""

    settle: float = 0.03  # after moving onto the first cell, before pressing
    step: float = 0.015  # per cell of a swipe
    hold: float = 0.02  # on the last cell, before releasing
    between: float = 0.05  # between words / taps
    jitter: float = 0.0  # pixels of random offset around each cell centre (human-like)


@dataclass(frozen=True)
class Bounds:
    """The rectangles the mouse may visit: the board box and the game's buttons."""

    rects: tuple[Rect, ...]

    def contains(self, p: Point) -> bool:
        return any(x <= p[0] <= x + w and y <= p[1] <= y + h for x, y, w, h in self.rects)

    def check(self, p: Point) -> Point:
        if not self.contains(p):
            raise OutOfBounds(f"refusing to move to {p[0]:.0f},{p[1]:.0f}: outside the board and buttons")
        return p


@dataclass
class Actor:
    """Swipes and taps through a driver: every point bounds-checked before anything moves,
    a stop request honoured between any two steps (the button is released first)."""

    driver: Driver
    bounds: Bounds
    pacing: Pacing = field(default_factory=Pacing)
    stop: threading.Event = field(default_factory=threading.Event)
    rng: random.Random = field(default_factory=random.Random)
    # How far the target window has moved since its board was read (screen pixels). A swipe does
    # not start on a moved window; one in progress follows it, so the game still sees its path.
    guard: Callable[[], tuple[float, float]] | None = None

    def swipe(self, points: Sequence[Point]) -> None:
        """Press on the first point, move through the others, release on the last.

        A stop request during the gesture takes effect once it is finished (a tenth of a second):
        releasing halfway would submit part of the word, which is a wrong swipe.
        """
        pts = self._prepare(points)
        p = self.pacing
        self._check_stop()
        self.driver.move(*pts[0])
        self._sleep(p.settle)
        if self.guard is not None and self.guard() != (0, 0):
            raise Moved("the game window moved: the swipe was not started")
        self.driver.press(*pts[0])
        last = pts[0]
        try:
            for q in pts[1:]:
                time.sleep(p.step)
                dx, dy = self.guard() if self.guard is not None else (0, 0)
                last = (q[0] + dx, q[1] + dy)
                self.driver.move(*last)
            time.sleep(p.hold)
        finally:
            self.driver.release(*last)  # where the finger is: releasing elsewhere would drag
        self._check_stop()
        self._sleep(p.between)

    def taps(self, points: Sequence[Point]) -> None:
        """Tap each point in turn (tap-to-select games, buttons)."""
        for q in self._prepare(points):
            self._check_stop()
            self.driver.tap(*q)
            self._sleep(self.pacing.between)

    def _prepare(self, points: Sequence[Point]) -> list[Point]:
        if not points:
            raise ValueError("no points to visit")
        for q in points:  # all or nothing: a bad point anywhere refuses the whole gesture
            self.bounds.check(q)
        j = self.pacing.jitter
        if not j:
            return [(float(x), float(y)) for x, y in points]
        moved = [(x + self.rng.uniform(-j, j), y + self.rng.uniform(-j, j)) for x, y in points]
        return [m if self.bounds.contains(m) else (float(q[0]), float(q[1]))
                for m, q in zip(moved, points, strict=True)]

    def _check_stop(self) -> None:
        if self.stop.is_set():
            raise Stopped("stopped by the user")

    def _sleep(self, seconds: float) -> None:
        if seconds > 0 and self.stop.wait(seconds):
            raise Stopped("stopped by the user")
