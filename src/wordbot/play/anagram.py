"""4 Pics 1 Word / anagram levels live: find the letter pool and the answer slots, click the keys
of the likeliest word, and tell from the screen whether the level advanced (right) or the letters
came back to the pool (wrong: the next candidate is tried).

The pool and the slots are found by their look, not by a layout: rows of same-size tiles side by
side. The pool is the lowest one or two such rows; the slots are the nearest row above it. Only
pool keys (and filled slots, to take letters back) are ever clicked, and never a key read
doubtfully: the words are made from the surely read keys only.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from wordbot.act import Actor, Bounds, Stopped
from wordbot.calibration.detect import BoardGeometry, _candidates, _dedupe
from wordbot.errors import WordbotError
from wordbot.lexicon import Lexicon
from wordbot.ocr import THRESHOLD, BoardReading, read_tiles
from wordbot.ocr.bank import Bank
from wordbot.play.seat import Frame, Seat
from wordbot.solver.anagram import anagrams
from wordbot.solver.grid import Found

Box = tuple[int, int, int, int]
SAME_SIZE = 0.15  # tiles of one row differ in size by at most this share
POLL = 0.1  # seconds between looks at the game while waiting for it


@dataclass
class AnagramView:
    """The pool keys and the answer slots as read from one frame (boxes in window pixels)."""

    keys: BoardReading
    slots: BoardReading
    key_boxes: list[Box]
    slot_boxes: list[Box]

    @property
    def ready(self) -> bool:
        """A level waiting for its answer: every key shows a letter and some slot is empty."""
        return all(self.keys.tiles) and not all(self.slots.tiles)

    @property
    def filled(self) -> dict[int, str]:
        """The letters in the slots: the hints, in a view that is ``ready``."""
        return {i: t for i, t in enumerate(self.slots.tiles) if t}

    def same_level(self, other: AnagramView) -> bool:
        return self.keys.tiles == other.keys.tiles and len(self.slot_boxes) == len(other.slot_boxes)


def tile_rows(image: np.ndarray) -> list[np.ndarray]:
    """Rows of at least three same-size tiles side by side ((n, 4) x, y, w, h each, left to right),
    top to bottom."""
    boxes = _candidates(image)
    if len(boxes) == 0:
        return []
    boxes = _dedupe(boxes)
    rows: list[list[np.ndarray]] = []
    for b in boxes[np.argsort(boxes[:, 1] + boxes[:, 3] / 2)]:
        row = next((r for r in rows if _fits(r[0], b)), None)
        if row is None:
            rows.append([b])
        else:
            row.append(b)
    runs = [_longest_run(np.array(sorted(r, key=lambda b: b[0]))) for r in rows]
    return [r for r in runs if len(r) >= 3]


def _fits(a: np.ndarray, b: np.ndarray) -> bool:
    """Whether ``b`` is the size of ``a`` and level with it."""
    return abs(b[2] - a[2]) <= SAME_SIZE * a[2] and abs(b[3] - a[3]) <= SAME_SIZE * a[3] and \
        abs((b[1] + b[3] / 2) - (a[1] + a[3] / 2)) <= 0.25 * a[3]


def _longest_run(row: np.ndarray) -> np.ndarray:
    """The longest stretch of tiles with gaps under half a tile (the row, not a stray box beside it)."""
    gaps = row[1:, 0] - (row[:-1, 0] + row[:-1, 2])
    parts = np.split(row, np.nonzero(gaps > 0.5 * row[:, 2].mean())[0] + 1)
    return max(parts, key=len)


def find_view(image: np.ndarray, lang: str, bank: Bank | None = None) -> AnagramView | None:
    """The pool (the lowest one or two rows of tiles) and the slots (the row above), read; None
    when the frame shows no such rows."""
    rows = tile_rows(image)
    if len(rows) < 2:
        return None
    bottom, above = rows[-1], rows[-2]
    size = float(np.median(bottom[:, 3]))
    keys = bottom
    if abs(above[0, 3] - size) <= SAME_SIZE * size and bottom[0, 1] - above[0, 1] <= 1.5 * size:
        if len(rows) < 3:  # a second row of keys, and no slots
            return None
        keys, above = np.concatenate([above, bottom]), rows[-3]
    return AnagramView(_read(image, keys, lang, bank), _read(image, above, lang, bank),
                       _boxes(keys), _boxes(above))


def _boxes(rows: np.ndarray) -> list[Box]:
    return [tuple(int(v) for v in b) for b in rows]


def _read(image: np.ndarray, boxes: np.ndarray, lang: str, bank: Bank | None) -> BoardReading:
    """The letter on each box (a one-row 'board' of the boxes' centres)."""
    centres = boxes[:, :2] + boxes[:, 2:] / 2
    x0, y0 = boxes[:, :2].min(axis=0)
    x1, y1 = (boxes[:, :2] + boxes[:, 2:]).max(axis=0)
    tile = (float(np.median(boxes[:, 2])), float(np.median(boxes[:, 3])))
    geometry = BoardGeometry(1, len(boxes), (int(x0), int(y0), int(x1 - x0), int(y1 - y0)), tile, centres)
    return read_tiles(image, geometry, lang, bank)


def candidates(view: AnagramView, lex: Lexicon, threshold: float = THRESHOLD) -> list[tuple[str, list[int]]]:
    """(word, the keys to click in order) for every word the surely read keys and the hints make,
    likeliest first; a letter used twice takes two different keys. A hint read doubtfully may be
    any letter (one at most: with more, nothing is played until a better read)."""
    keys = view.keys
    sure = [i for i, t in enumerate(keys.tiles) if t and keys.confidence[i] >= threshold]
    hints = {i: t for i, t in view.filled.items() if view.slots.confidence[i] >= threshold}
    doubtful = [i for i in view.filled if i not in hints]
    if len(doubtful) > 1:
        return []
    pool = "".join(keys.tiles[i] for i in sure) + "".join(hints.values())
    out = []
    for word in _words(pool, len(view.slot_boxes), lex, doubtful[0] if doubtful else None):
        if any(word[i] != t for i, t in hints.items()):
            continue
        free, picks = list(sure), []
        for i, ch in enumerate(word):
            if i in view.filled:
                continue
            k = next((k for k in free if keys.tiles[k] == ch), None)
            if k is None:
                break
            free.remove(k)
            picks.append(k)
        else:
            out.append((word, picks))
    return out


def _words(pool: str, length: int, lex: Lexicon, unknown: int | None) -> list[str]:
    """The words of ``length`` from the letters of ``pool`` and, when the slot ``unknown`` holds a
    letter not known, any one letter there; likeliest first."""
    if unknown is None:
        return anagrams(pool, length, lex) if pool else []
    found = {w for ch in lex.alphabet.letters for w in anagrams(pool + ch, length, lex) if w[unknown] == ch}
    return sorted(found, key=lambda w: (-float(lex.freq[lex.index(w)]), lex.index(w)))


@dataclass
class AnagramOptions:
    lang: str = "ru"
    auto: bool = False
    duration: float = 120.0
    threshold: float = THRESHOLD
    lost_timeout: float = 8.0  # no level seen this long: the game is over
    verdict_timeout: float = 4.0  # seconds the game may take to judge a word
    bank: Bank | None = None  # learned glyphs of the game


@dataclass
class AnagramReport:
    solved: list[str] = field(default_factory=list)  # the answers the game took
    refused: list[str] = field(default_factory=list)
    skipped: int = 0  # levels left because no candidate was left
    stopped: str = ""
    failed: bool = False  # ended by an error, not by time or the game

    def summary(self) -> dict:
        return {"levels": len(self.solved), "words": self.solved, "wrong": len(self.refused),
                "skipped": self.skipped, "stopped": self.stopped}


class AnagramPlayer(Seat):
    def __init__(self, source, lex: Lexicon, opts: AnagramOptions,
                 actor: Callable[[Bounds], Actor] | None = None, overlay=None,
                 say: Callable[[str], None] = print, stop: threading.Event | None = None):
        super().__init__(source, overlay, stop)
        self.lex, self.opts, self.make_actor, self.say = lex, opts, actor, say
        self.report = AnagramReport()
        self.end = time.monotonic() + opts.duration
        self.seen = False  # a level was seen: a screen without one is the game's end, not an error

    def run(self) -> AnagramReport:
        try:
            done = None
            while time.monotonic() < self.end:
                frame, view = self.level(done)
                done = self.play(frame, view)
            self.report.stopped = self.report.stopped or "time"
        except WordbotError as exc:
            self.report.stopped = str(exc)
            self.report.failed = not isinstance(exc, (Stopped, GameOver))
        return self.report

    # --- looking ---------------------------------------------------------------------------------
    def look(self) -> tuple[Frame, AnagramView | None]:
        frame = self.grab()
        return frame, find_view(frame.image, self.opts.lang, self.opts.bank)

    def level(self, skip: AnagramView | None = None) -> tuple[Frame, AnagramView]:
        """A level ready to play, read the same twice (not mid-redraw), other than ``skip``."""
        lost = time.monotonic() + self.opts.lost_timeout
        last = None
        while True:
            self._check_time()
            frame, view = self.look()
            if view is not None:
                lost = time.monotonic() + self.opts.lost_timeout
            if view is not None and view.ready and not (skip is not None and view.same_level(skip)):
                if last is not None and view.same_level(last) and view.slots.tiles == last.slots.tiles:
                    self.seen = True
                    return frame, view
                last = view
            elif time.monotonic() > lost:
                why = f"no anagram level (letter pool and slots) seen for {self.opts.lost_timeout:.0f} s"
                raise GameOver(why) if self.seen else WordbotError(why)
            self.wait(POLL)

    def _check_time(self) -> None:
        if time.monotonic() >= self.end:
            raise GameOver("time")

    # --- playing ---------------------------------------------------------------------------------
    def play(self, frame: Frame, view: AnagramView) -> AnagramView | None:
        """Try the candidates likeliest first until one is taken; a level with none left, or
        when not playing, is waited out. Returns the level not to play again (None: play on it)."""
        level = view
        tried: set[str] = set()
        while True:
            plans = candidates(view, self.lex, self.opts.threshold)
            plan = next(((w, k) for w, k in plans if w not in tried), None)
            if plan is None:
                self.report.skipped += 1
                self.say("no word left for this level: waiting for the next one")
                return level
            word, keys = plan
            clicks = Found(word, [(0, k) for k in keys], len(word))  # the keys in order, as a path
            self.suggest(frame, view.keys, [clicks], self.opts.threshold)
            self.say(f"answer: {word.upper()}")
            if not self.opts.auto:
                return level
            tried.add(word)
            verdict, frame, view = self.enter(frame, view, keys)
            if verdict == "right":
                self.report.solved.append(word)
                return level
            if verdict != "wrong":
                return None
            self.report.refused.append(word)

    def enter(self, frame: Frame, view: AnagramView, keys: list[int]) -> tuple[str, Frame, AnagramView]:
        """Click ``keys`` and watch: ("right" | "wrong" | "unclear", the frame and view after)."""
        actor = self._actor(frame, view)
        ox, oy = frame.origin
        centres = [view.keys.centres[k] for k in keys]
        actor.taps([(ox + x, oy + y) for x, y in centres])
        deadline = time.monotonic() + self.opts.verdict_timeout
        changed = False
        while time.monotonic() < deadline:
            self.wait(POLL)
            now, seen = self.look()
            if seen is None or not seen.ready:
                changed = True
            elif changed or not seen.same_level(view):
                return ("wrong" if seen.same_level(view) else "right"), now, seen
        self._give_back(view)
        return "unclear", frame, view

    def _give_back(self, view: AnagramView) -> None:
        """Take back the letters left in the slots (a click lost on the way: the word was not
        complete), so the level starts clean again."""
        frame, seen = self.look()
        if seen is None or seen.ready or len(seen.slot_boxes) != len(view.slot_boxes):
            return  # nothing half entered (a new level is not touched)
        filled = [i for i in seen.filled if i not in view.filled]
        if filled:
            ox, oy = frame.origin
            self._actor(frame, seen).taps([(ox + seen.slots.centres[i][0], oy + seen.slots.centres[i][1])
                                           for i in filled])

    def _actor(self, frame: Frame, view: AnagramView) -> Actor:
        """An actor allowed on the pool keys and the slots only."""
        if self.make_actor is None:
            raise WordbotError("no input driver configured")
        ox, oy = frame.origin
        return self.make_actor(Bounds(tuple((ox + x, oy + y, w, h) for x, y, w, h in
                                            view.key_boxes + view.slot_boxes)))


class GameOver(WordbotError):
    """No level shows any more, or the time is up: the end of play, not a failure."""
