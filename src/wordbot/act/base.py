"""The driver interface, pacing and the bounds every point is checked against."""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from enum import IntEnum
from typing import Protocol

from wordbot.errors import WordbotError

Point = tuple[float, float]
Rect = tuple[float, float, float, float]  # x, y, w, h in screen pixels


class Shown(IntEnum):
    """What a game shows of a path being entered (``False``/``True`` mean OTHER/UNSEEN)."""

    OTHER = 0  # another selection than the cells entered: cancel
    UNSEEN = 1  # nothing to tell (the game shows no selection): the pointer dwells on each cell
    PATH = 2  # exactly the cells entered: the game has taken the pointer in, no need to dwell
    LOST = 3  # the cells before the last one entered, in time: a tap the game dropped, tapped again once


Check = Callable[[int], Shown | bool]  # k cells entered -> what the game shows of them


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
    def key(self, name: str) -> None: ...  # one named key (X keysym names: "Return", "Escape")
    def write(self, text: str) -> None: ...  # text into the focused window (Latin and Cyrillic)


@dataclass(frozen=True)
class Pacing:
    """How fast input goes; games drop touches that come faster than they poll."""

    settle: float = 0.03  # after moving onto the first cell, before pressing
    step: float = 0.015  # dwell on each cell of a swipe (at least a display frame: games poll)
    glide: int = 4  # moves per cell-to-cell segment: every cell on the way gets its own events
    hold: float = 0.02  # on the last cell, before releasing
    between: float = 0.05  # from the end of one gesture to the start of the next (words, taps)
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
    _free_at: float = 0.0  # when the next gesture may start (``Pacing.between``)

    def swipe(self, points: Sequence[Point], check: Check | None = None) -> bool:
        """Press on the first point, glide through the others, release on the last; True when
        the word was submitted.

        ``check(k)``, called once the finger reached the k-th point (k = 1..n): what the game shows
        of the first k cells (it waits for the game as long as it needs). OTHER cancels the word:
        the finger slides back along the path to the first cell (each step checked: the check
        waits for the game to show it, so a busy page does not merge two steps) and is released
        there, a one-cell selection that games ignore (or refuse as too short), so a path the game
        saw otherwise than planned is never submitted. A cell the game showed taken gets no dwell (a
        step) after its check, and a path it showed whole no hold before the release: the check
        waited until the game showed it, proof that it was seen.
        A stop request during the gesture takes effect once it is finished: releasing halfway
        would submit part of the word.
        """
        pts = self._prepare(points)
        p = self.pacing
        self._start()
        self.driver.move(*pts[0])
        self._sleep(p.settle)
        if self.guard is not None and self.guard() != (0, 0):
            raise Moved("the game window moved: the swipe was not started")
        self.driver.press(*pts[0])
        at, done, shown = pts[0], True, Shown.UNSEEN
        try:
            for k, q in enumerate(pts, start=1):
                if k > 1:
                    at = self._glide(pts[k - 2], q, paced=shown != Shown.PATH)
                shown = Shown(check(k)) if check is not None else Shown.UNSEEN
                if shown == Shown.UNSEEN:  # the dwell: a game showing the cell has taken the pointer in
                    time.sleep(p.step)
                if not shown:
                    done = False
                    for i in range(k - 1, 0, -1):  # back along the entered path: no other cell crossed
                        at = self._glide(pts[i], pts[i - 1])
                        time.sleep(p.step)
                        check(i)  # the game follows (it undoes a cell slid back over)
                    break
            if shown != Shown.PATH:  # a path the game shows whole has its last cell taken in
                time.sleep(p.hold)
        finally:
            self.driver.release(*at)  # where the finger is: releasing elsewhere would drag
            self._end()
        self._check_stop()
        return done

    def _glide(self, start: Point, end: Point, paced: bool = True) -> Point:
        """Move from plan point ``start`` to ``end`` in ``glide`` even steps, each shifted by how far
        the window has moved (``paced``: a step's time spread over them, unless the game shows
        each cell as it takes it); returns where the pointer is."""
        n = max(1, self.pacing.glide)
        at = start
        for i in range(1, n + 1):
            dx, dy = self.guard() if self.guard is not None else (0, 0)
            at = (start[0] + (end[0] - start[0]) * i / n + dx, start[1] + (end[1] - start[1]) * i / n + dy)
            self.driver.move(*at)
            if paced and i < n:
                time.sleep(self.pacing.step / n)
        return at

    def click_path(self, points: Sequence[Point], confirm: str, button: Point | None = None,
                   check: Check | None = None) -> bool:
        """Click each point in turn, then confirm: "last" clicks the last point again, "enter"
        presses Return, "button" clicks ``button``. ``check`` as in ``swipe``; False cancels with
        Escape before anything is confirmed. True when the word was submitted."""
        pts, target = self._prepare([*points, button] if confirm == "button" else points), None
        if confirm == "button":
            pts, target = pts[:-1], pts[-1]
        self._start()
        shown = Shown.UNSEEN
        for k, q in enumerate(pts, start=1):
            self._check_stop()
            self.driver.tap(*q)
            shown = Shown(check(k)) if check is not None else Shown.UNSEEN
            if shown == Shown.UNSEEN:  # as in ``swipe``: a game that shows the path tells when it took a tap
                self._sleep(self.pacing.step)
            if shown == Shown.LOST:
                self.driver.tap(*q)
                shown = Shown(check(k))
                shown = Shown.OTHER if shown == Shown.LOST else shown  # lost twice: cancelled
            if not shown:
                self.driver.key("Escape")
                self._end()
                return False
        self._confirm(confirm, pts[-1], target)
        self._end()
        return True

    def confirm(self, confirm: str, last: Point, button: Point | None = None) -> None:
        """Send the selected word again the ``confirm`` way (a confirm the game lost)."""
        pts = self._prepare([last] if button is None else [last, button])
        self._start()
        self._confirm(confirm, pts[0], pts[1] if button is not None else None)
        self._end()

    def _confirm(self, confirm: str, last: Point, button: Point | None) -> None:
        self._check_stop()
        if confirm == "last":
            self.driver.tap(*last)
        elif confirm == "enter":
            self.driver.key("Return")
        elif confirm == "button" and button is not None:
            self.driver.tap(*button)
        else:
            raise ValueError(f"unknown confirm {confirm!r}")

    def type_word(self, text: str, submit: str = "Return", ready: Callable[[], bool] | None = None,
                  written: bool = False) -> bool:
        """Type ``text`` into the focused game window and press ``submit``; True when submitted.
        ``ready``, called in between, may say the game got other text (a lost key): then the input
        is cleared (``erase``) and typed once more, as a lost tap is tapped again. ``written``: the
        text was typed already (``write``, while the last word's reply showed)."""
        self._start()
        for attempt in range(2):
            if attempt or not written:
                self.driver.write(text)
            if ready is None or ready():
                self.driver.key(submit)
                self._end()
                return True
            self._erase(text)
        self._end()
        return False

    def write(self, text: str) -> None:
        """Type ``text`` with no submit: the next word typed while the game shows the last one's
        reply (``type_word(written=True)`` checks and sends it). Keys reach the game in order, so
        it follows the last word's Return with no pause (``Pacing.between``: after it)."""
        self._check_stop()
        self.driver.write(text)
        self._end()

    def erase(self, text: str) -> None:
        """Clear ``text`` typed with no submit."""
        self._start()
        self._erase(text)
        self._end()

    def _erase(self, text: str) -> None:
        """BackSpace over more than was typed, then Escape."""
        for key in ["BackSpace"] * (len(text) + 2) + ["Escape"]:
            self.driver.key(key)

    def taps(self, points: Sequence[Point]) -> None:
        """Tap each point in turn (tap-to-select games, buttons)."""
        for q in self._prepare(points):
            self._start()
            self.driver.tap(*q)
            self._end()

    def finish(self) -> None:
        """Wait out the pause after the last gesture, so the game takes it in before whatever
        comes next (the round reported over, the window closed)."""
        self._start()

    def _start(self) -> None:
        """Before a gesture: ``Pacing.between`` after the last one ended. Kept here rather than
        slept at a gesture's end, so the caller watches the game's reply meanwhile."""
        self._check_stop()
        self._sleep(self._free_at - time.monotonic())

    def _end(self) -> None:
        self._free_at = time.monotonic() + self.pacing.between

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
