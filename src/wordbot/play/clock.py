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

Box = tuple[int, int, int, int]

DIFF = 40  # a pixel changed between frames: one channel moved by more than this (0..255)
MIN_PIXELS = 12  # fewer changed pixels than this are noise, not a digit
TICK, TICK_SLACK = 1.0, 0.35  # seconds between a clock's redraws, and how far off they may be
MAX_REDRAW = 0.7  # seconds: a change that lasts longer is an animation, not a redraw
SPACE = 0.4  # a blank wider than this many text heights parts words (a label from the digits)
TEXT_HEIGHT = 48  # pixels: the digit height Tesseract is given (it reads short lines best there)
CONFIG = "--psm 6 -c tessedit_char_whitelist=0123456789:"
COLON = re.compile(r"(\d{1,2}):(\d{2})")
PLAIN = re.compile(r"\d{1,3}")


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


def _background(patch: np.ndarray) -> np.ndarray:
    """The commonest colour of a patch (text is thinner than what it stands on)."""
    flat = patch.reshape(-1, 3).astype(np.int32)
    keys = (flat[:, 0] // 16) * 256 + (flat[:, 1] // 16) * 16 + flat[:, 2] // 16
    return flat[keys == np.bincount(keys).argmax()].mean(axis=0)


def _distance(patch: np.ndarray, background: np.ndarray) -> np.ndarray:
    return np.abs(patch.astype(np.float32) - background).max(axis=2)


def _words(ink: np.ndarray, height: int) -> list[tuple[int, int]]:
    """Column spans (first, last) of the words in a line of ink with digits ``height`` tall.
    Neighbouring glyphs part when the blank between them is wider than ``SPACE`` heights, or when
    one spans the line's digit height and the other does not (a label's small letters, an icon):
    a colon (two dots, one above the other, set in a wide cell by monospaced fonts) parts nothing."""
    inked = ink.any(axis=0)
    edges = np.flatnonzero(np.diff(np.concatenate([[0], inked.astype(np.int8), [0]])))
    glyphs = [_Glyph.of(int(a), int(b) - 1, ink[:, a:b], height)
              for a, b in zip(edges[::2], edges[1::2], strict=True)]
    solid = [g for g in glyphs if not g.colon]
    if not solid:
        return []
    top, bottom = np.median([g.top for g in solid]), np.median([g.bottom for g in solid])
    words = [(glyphs[0].first, glyphs[0].last)]
    for a, b in zip(glyphs, glyphs[1:], strict=False):
        apart = b.first - a.last - 1 > SPACE * height or a.digit(top, bottom) != b.digit(top, bottom)
        if apart and not (a.colon or b.colon):
            words.append((b.first, b.last))
        else:
            words[-1] = (words[-1][0], b.last)
    return words


@dataclass
class _Glyph:
    """A run of inked columns in a line of text."""

    first: int
    last: int
    top: int
    bottom: int
    colon: bool  # narrow, two parts stacked with a blank between them
    height: int

    @classmethod
    def of(cls, first: int, last: int, ink: np.ndarray, height: int) -> _Glyph:
        rows = np.flatnonzero(ink.any(axis=1))
        colon = last - first + 1 <= 0.4 * height and len(rows) < rows[-1] - rows[0] + 1
        return cls(first, last, int(rows[0]), int(rows[-1]), colon, height)

    def digit(self, top: float, bottom: float) -> bool:
        """Whether it spans the line's digits from top to bottom."""
        slack = max(1.5, 0.08 * self.height)
        return abs(self.top - top) <= slack and abs(self.bottom - bottom) <= slack


def _grow(frame: np.ndarray, where: np.ndarray, exclude: Box | None) -> Box:
    """The box of the word holding the ticking pixels: the digits that did not change and the colon
    join them, a label does not. The line is followed no further than a blank a text height wide,
    the board, or a column inked from above the text to below it (a badge's edge, other art)."""
    ys, xs = np.nonzero(where)
    x0, x1, y0, y1 = int(xs.min()), int(xs.max()), int(ys.min()), int(ys.max())
    h = y1 - y0 + 1
    top, bottom = max(0, y0 - h // 3), min(frame.shape[0], y1 + h // 3 + 1)
    band = frame[top:bottom]
    ink = _distance(band, _background(band[:, max(0, x0 - h): x1 + h + 1])) > DIFF
    text = _off_edges(ink, sides=False)
    blocked = ink.mean(axis=0) > 0.95
    if exclude is not None:
        ex, ey, ew, eh = exclude
        if ey < bottom and top < ey + eh:
            blocked[max(0, ex): ex + ew] = True
    left = _reach(text.any(axis=0), blocked, x0, -1, h)
    right = _reach(text.any(axis=0), blocked, x1, 1, h)
    words = [(a + left, b + left) for a, b in _words(text[:, left: right + 1], h)]
    words = [(a, b) for a, b in words if b >= x0 and a <= x1] or [(x0, x1)]
    return words[0][0], y0, words[-1][1] - words[0][0] + 1, h


def _off_edges(ink: np.ndarray, sides: bool) -> np.ndarray:
    """The ink not connected to the top or bottom edge (or, with ``sides``, any edge): text sits
    inside its crop; a badge's rim, the window around it and taller art reach out of it."""
    n, labels = cv2.connectedComponents(ink.astype(np.uint8))
    edge = np.zeros(n, bool)
    edge[labels[0]] = edge[labels[-1]] = True
    if sides:
        edge[labels[:, 0]] = edge[labels[:, -1]] = True
    edge[0] = False
    return ink & ~edge[labels]


def _reach(inked: np.ndarray, blocked: np.ndarray, start: int, step: int, gap: int) -> int:
    """The last inked column reached from ``start`` going ``step`` without crossing ``gap`` blank
    columns or a blocked one."""
    last, x = start, start + step
    while 0 <= x < len(inked) and not blocked[x] and abs(x - last) <= gap:
        if inked[x]:
            last = x
        x += step
    return last


def find_clock(frames: Sequence[np.ndarray], times: Sequence[float],
               exclude: Box | None = None) -> Box | None:
    """The box (x, y, w, h) of the clock's text in frames grabbed over at least ~2.2 s (at 4 or more
    frames a second, so a redraw is told from an animation) at ``times`` (seconds), leaving out the
    board box ``exclude``; None when nothing outside it redraws once a second."""
    if len(frames) < 3:
        return None
    regions = _ticking_regions(frames, np.asarray(times, dtype=float), exclude)
    return _grow(frames[-1], regions[0], exclude) if regions else None


# --- reading it -------------------------------------------------------------------------------------
def _page(image: np.ndarray, box: Box) -> np.ndarray | None:
    """The clock's text black on white, about ``TEXT_HEIGHT`` tall, with a margin; None if blank.
    Ink is what stands off the crop's commonest colour, in either polarity; ink touching the
    crop's edge (a badge's rim, the window around it) is dropped. Words are set far apart, so a
    label stays a word of its own (read under the digit whitelist it would join the number)."""
    x, y, w, h = box
    m = max(2, h // 3)
    crop = image[max(0, y - m): y + h + m, max(0, x - m): x + w + m]
    if crop.size == 0:
        return None
    k = TEXT_HEIGHT / max(h, 1)
    dist = cv2.resize(_distance(crop, _background(crop)), None, fx=k, fy=k, interpolation=cv2.INTER_CUBIC)
    top = float(dist.max())
    if top < DIFF:
        return None
    level, _ = cv2.threshold(np.clip(dist, 0, 255).astype(np.uint8), 0, 255,
                             cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    ink = _off_edges(dist > np.clip(level, 0.2 * top, 0.5 * top), sides=True)
    words = _words(ink, TEXT_HEIGHT)
    if not words:
        return None
    blank = np.zeros((ink.shape[0], TEXT_HEIGHT), bool)
    spread = np.hstack([part for a, b in words for part in (blank, ink[:, a: b + 1])][1:])
    return cv2.copyMakeBorder(np.where(spread, 0, 255).astype(np.uint8), 16, 16, 16, 16,
                              cv2.BORDER_CONSTANT, value=255)


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
    import pytesseract

    page = _page(image, box)
    if page is None:
        return None
    data = pytesseract.image_to_data(page, lang="eng", config=CONFIG, output_type=pytesseract.Output.DICT)
    best: tuple[bool, float, float] | None = None  # (has a colon, confidence, seconds)
    for text, conf in zip(data["text"], data["conf"], strict=True):
        seconds = parse_clock(text)
        if seconds is not None:
            key = (":" in text, float(conf), seconds)
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
    is dropped, unless ``reseat`` readings in a row agree among themselves (a new round, a pause).
    The estimate never goes up."""

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
        if seconds is not None and not self._accept(now + seconds):
            seconds = None
        estimate = max(0.0, statistics.median(self.ends) - now) if self.ends else None
        if estimate is not None and self.last is not None and not self.reseated:
            estimate = min(estimate, self.last)
        self.last, self.reseated = estimate, False
        return ClockState(estimate, seconds, seconds == 0, self.misses >= self.lost_after)

    def _accept(self, end: float) -> bool:
        if len(self.ends) < 2 or abs(end - statistics.median(self.ends)) <= self.slack:
            self.ends = (self.ends + [end])[-self.keep:]
            self.odd = []
            return True
        self.odd = [e for e in self.odd if abs(e - end) <= self.slack] + [end]
        if len(self.odd) >= self.reseat:
            self.ends, self.odd, self.reseated = self.odd, [], True
            return True
        return False
