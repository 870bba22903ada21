"""The round's end from the game's own clock, read in the background from frames play grabs anyway.

Finding the clock needs a few seconds of frames and reading it runs Tesseract (a quarter of a
second of CPU), so neither may stall the loop: a daemon thread does both, every few seconds, on
copies of recent frames. Play asks ``over`` (the clock read 0:00) and ``left`` (seconds left).
"""

from __future__ import annotations

import threading
import time

import numpy as np

from wordbot.play.clock import ClockReader, find_clock

Box = tuple[int, int, int, int]
WATCH = 2.6  # seconds of frames find_clock needs (at 4 or more a second)
SURE = 3  # readings that agree on the round's end before the clock is believed


class RoundClock:
    def __init__(self, exclude: Box, every: float = 3.0, give_up: float = 12.0):
        self.exclude, self.every, self.give_up = exclude, every, give_up
        self._lock = threading.Lock()
        self._frames: list[tuple[float, np.ndarray]] = []
        self._reader: ClockReader | None = None
        self._left: tuple[float, float] | None = None  # (seconds left, when read)
        self.over = False
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True, name="wordbot-round-clock")
        self._thread.start()

    def feed(self, frame: np.ndarray, now: float, idle: bool = False) -> None:
        """Offer a frame (cheap: keeps one every 0.15 s). Until the clock is found only ``idle``
        frames count: during play a score or a message changes about once a second too."""
        if self._reader is None and not idle:
            return
        with self._lock:
            if not self._frames or now - self._frames[-1][0] >= 0.15:
                self._frames.append((now, frame))
                self._frames = [f for f in self._frames if now - f[0] <= WATCH + 0.5]

    def left(self) -> float | None:
        """Seconds left in the round by the game's clock (None: no clock read, or too few
        readings that agree to trust it)."""
        if self._left is None or self._reader is None or len(self._reader.ends) < SURE:
            return None
        seconds, when = self._left
        return seconds - (time.monotonic() - when)

    def close(self) -> None:
        self._stop.set()

    def _run(self) -> None:
        start, zeros = time.monotonic(), 0
        while not self._stop.wait(0.5 if self._reader is None or zeros else self.every):
            with self._lock:
                frames = list(self._frames)
            if self._reader is None:
                if time.monotonic() - start > self.give_up:
                    return  # no clock on this game's screen
                if len(frames) < 8 or frames[-1][0] - frames[0][0] < WATCH:
                    continue
                box = find_clock([f for _, f in frames], [t for t, _ in frames], self.exclude)
                if box is not None:
                    self._reader = ClockReader(box)
                continue
            if not frames:
                continue
            now, frame = frames[-1]
            state = self._reader.update(frame, now)
            if state.seconds is not None:
                self._left = (state.seconds, now)
            zeros = zeros + 1 if state.over else 0
            if zeros >= 2 and len(self._reader.ends) >= SURE:  # a misread 0 must not end a round
                self.over = True
                return
