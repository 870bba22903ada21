"""The round's clock, read from the game's own window: when the round ends and how long is left.

    box = find_clock(frames, times, exclude=board_box)   # once, from ~2.5 s of frames
    reader = ClockReader(box)
    state = reader.update(frame, time.monotonic())      # about once a second
    state.seconds, state.over, state.gone

A clock is found by what it does, not by how it looks: outside the board, it is the text that
changes about once a second (a redraw, over in one frame) and never returns to an earlier look.
An animation changes all the time, a blinking icon comes back to where it was, a banner changes
once. The ticking part (the last digit or two) is then grown sideways over the rest of its word
(minutes, colon), short of a label or an icon beside it. Tesseract reads it with a digits-and-colon
whitelist from an upscaled black-on-white crop, whatever the text's colour and the badge's.
"""

from __future__ import annotations

import re
import statistics
from collections.abc import Sequence
from dataclasses import dataclass, field

import cv2
import numpy as np

from wordbot.ocr.text import Box, read_line, word_boxes

DIFF = 40  # a pixel changed between frames: one channel moved by more than this (0..255)
MIN_PIXELS = 12  # fewer changed pixels than this are noise, not a digit
TICK, TICK_SLACK = 1.0, 0.35  # seconds between a clock's redraws, and how far off they may be
MAX_REDRAW = 0.7  # seconds: a change that lasts longer is an animation, not a redraw
CONFIG = "--psm 6 -c tessedit_char_whitelist=0123456789:"
COLON = re.compile(r"(\d{1,2}):(\d{2})")
PLAIN = re.compile(r"\d{1,3}")
WIDE = 1.0  # a token wider than this many times its height per character read lost some: pulse-ring's
# ring clock's "59" came back as a "9" whose box held both glyphs (21 px wide, 16 high)


# --- finding the clock ------------------------------------------------------------------------------
def _moved(frames: Sequence[np.ndarray], exclude: Box | None) -> np.ndarray:
    """(pairs, H, W): where each frame differs from the one before, the board left out."""
    moved = np.stack([np.abs(b.astype(np.int16) - a.astype(np.int16)).max(axis=2) > DIFF
                      for a, b in zip(frames, frames[1:], strict=False)])
    if exclude is not None:
        x, y, w, h = exclude
        moved[:, max(0, y - 4): y + h + 4, max(0, x - 4): x + w + 4] = False
    return moved


def _redraws(active: np.ndarray) -> list[tuple[int, int]]:
    """Runs of consecutive changing frame pairs, as (first pair, last pair)."""
    runs: list[tuple[int, int]] = []
    for i in np.nonzero(active)[0]:
        if runs and runs[-1][1] == i - 1:
            runs[-1] = (runs[-1][0], int(i))
        else:
            runs.append((int(i), int(i)))
    return runs


def _ticks(runs: list[tuple[int, int]], times: np.ndarray) -> bool:
    """Whether changes at these runs of pairs are a once-a-second redraw: each quick, none missed.
    A run of pairs (i..j) happened sometime between times[i] and times[j + 1]."""
    spans = [(times[i], times[j + 1]) for i, j in runs]
    if len(spans) < 2 or any(b - a > MAX_REDRAW for a, b in spans):
        return False
    if spans[0][0] - times[0] > TICK + TICK_SLACK or times[-1] - spans[-1][1] > TICK + TICK_SLACK:
        return False
    return all(a2 - b1 <= TICK + TICK_SLACK and b2 - a1 >= TICK - TICK_SLACK
               for (a1, b1), (a2, b2) in zip(spans, spans[1:], strict=False))


def _new_looks(frames: Sequence[np.ndarray], runs: list[tuple[int, int]], where: np.ndarray) -> bool:
    """A clock never shows a look again within seconds; a blinking or flipping icon does."""
    looks = [frames[0]] + [frames[j + 1] for _, j in runs]
    return all(np.abs(a[where].astype(np.int16) - b[where].astype(np.int16)).max(axis=1).mean() > 8
               for a, b in zip(looks, looks[2:], strict=False))


def _ticking_regions(frames: Sequence[np.ndarray], times: np.ndarray,
                     exclude: Box | None) -> list[np.ndarray]:
    """Masks of the changed pixels of each region that redraws once a second, largest first."""
    moved = _moved(frames, exclude)
    union = moved.any(axis=0)
    near = cv2.dilate(union.astype(np.uint8), np.ones((5, 9), np.uint8))
    n, labels = cv2.connectedComponents(near)
    labels[~union] = 0
    counts = np.stack([np.bincount(labels[m], minlength=n) for m in moved])  # (pairs, regions)
    found = []
    for k in range(1, n):
        if counts[:, k].max() < MIN_PIXELS:
            continue
        runs = _redraws(counts[:, k] >= max(MIN_PIXELS / 3, 0.1 * counts[:, k].max()))
        where = labels == k
        if _ticks(runs, times) and _new_looks(frames, runs, where):
            found.append(where)
    return sorted(found, key=lambda m: -int(m.sum()))


def find_clock(frames: Sequence[np.ndarray], times: Sequence[float],
               exclude: Box | None = None) -> Box | None:
    """The box (x, y, w, h) of the clock's text in frames grabbed over at least ~2.2 s (at 4 or more
    frames a second, so a redraw is told from an animation) at ``times`` (seconds), leaving out the
    board box ``exclude``; None when nothing outside it redraws once a second."""
    if len(frames) < 3:
        return None
    regions = _ticking_regions(frames, np.asarray(times, dtype=float), exclude)
    if not regions:
        return None
    spans = word_boxes(frames[-1], regions[0], exclude)  # the digits that did not change and the colon
    # join the ticking ones, a label does not
    x0, x1 = spans[0][0], spans[-1][0] + spans[-1][2]
    y0, y1 = min(b[1] for b in spans), max(b[1] + b[3] for b in spans)
    return x0, y0, x1 - x0, y1 - y0


# --- reading it -------------------------------------------------------------------------------------
def parse_clock(text: str) -> float | None:
    """Seconds in an OCR'd clock text: "1:05" -> 65, "01:05" -> 65, "45" -> 45; None otherwise."""
    text = text.strip()
    if (m := COLON.fullmatch(text)) and int(m[2]) < 60:
        return float(int(m[1]) * 60 + int(m[2]))
    return float(text) if PLAIN.fullmatch(text) else None


def read_clock(image: np.ndarray, box: Box) -> float | None:
    """The seconds the clock in ``box`` shows (m:ss, mm:ss or plain seconds; a label beside the
    digits is skipped), None when it cannot be read. About 0.25 s of CPU, nearly all of it the
    Tesseract process starting: fine once a second, not every frame."""
    best: tuple[bool, float, float] | None = None  # (has a colon, confidence, seconds)
    for token in read_line(image, box, CONFIG):
        seconds = parse_clock(token.text)
        if seconds is not None and token.box[2] <= WIDE * token.box[3] * len(token.text):
            key = (":" in token.text, token.conf, seconds)
            best = key if best is None or key > best else best
    return None if best is None else best[2]


# --- following it -----------------------------------------------------------------------------------
@dataclass
class ClockState:
    seconds: float | None  # seconds left now, from the readings so far; None before the first
    raw: float | None  # this frame's reading, None if unreadable or rejected as a misread
    over: bool  # the clock reads 0
    gone: bool  # the clock has been unreadable for several reads in a row


@dataclass
class ClockReader:
    """Follows a countdown clock: each reading gives the round's end (time + seconds shown); a
    reading whose end is more than ``slack`` s from the median of the recent ones is a misread and
    is dropped, unless ``reseat`` readings in a row agree among themselves on a later end (a new
    round, a pause). A misread of one glyph holds for as long as that glyph shows (pulse-ring's ring
    clock read 59-50 as 9, 7, 06, 04, 92: ten seconds of readings that mostly agree), so an earlier
    end is never reseated to: a clock set back by a penalty is not followed (the board covered or
    greyed still ends the round); nor are figures with their leading digits lost (7 for 57). The
    estimate never goes up but by a reseat."""

    box: Box
    slack: float = 2.5
    keep: int = 5
    reseat: int = 3
    lost_after: int = 3
    ends: list[float] = field(default_factory=list)
    odd: list[float] = field(default_factory=list)
    misses: int = 0
    last: float | None = None
    reseated: bool = False

    def update(self, image: np.ndarray, now: float) -> ClockState:
        return self.add(read_clock(image, self.box), now)

    def add(self, seconds: float | None, now: float) -> ClockState:
        """Take one reading (None: unreadable) made at time ``now``."""
        self.misses = self.misses + 1 if seconds is None else 0
        if seconds is not None and not self._accept(now + seconds, now):
            seconds = None
        estimate = max(0.0, statistics.median(self.ends) - now) if self.ends else None
        if estimate is not None and self.last is not None and not self.reseated:
            estimate = min(estimate, self.last)
        self.last, self.reseated = estimate, False
        return ClockState(estimate, seconds, seconds == 0, self.misses >= self.lost_after)

    def _accept(self, end: float, now: float) -> bool:
        if len(self.ends) < 2 or abs(end - statistics.median(self.ends)) <= self.slack:
            self.ends = (self.ends + [end])[-self.keep:]
            self.odd = []
            return True
        if end < statistics.median(self.ends):
            return False
        self.odd = [e for e in self.odd if abs(e - end) <= self.slack] + [end]
        if len(self.odd) >= self.reseat:
            self.ends, self.odd, self.reseated = self.odd, [], True
            return True
        return False
