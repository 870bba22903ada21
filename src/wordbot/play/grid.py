"""One round of a grid game: read the board, show the best words, and with ``auto`` swipe them
best first, checking after each word that the game took it.

Safety, in the order the loop meets it: a tile read below the threshold is a hole to the planner;
every point is checked against the board box by the actor; before each swipe the window's place
and the board's tiles are checked, and anything unexpected (moved, covered, closed) pauses and
re-reads instead of swiping.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from wordbot.act import Actor, Bounds, Moved, Pacing, Stopped
from wordbot.capture import FrameSource
from wordbot.errors import WordbotError
from wordbot.games import Game
from wordbot.lexicon import Lexicon
from wordbot.ocr import THRESHOLD, BoardReading, read_board
from wordbot.overlay import Scene
from wordbot.play.feedback import FeedbackStyle, classify, tile_colours
from wordbot.play.plan import plan_words
from wordbot.play.seat import Frame, Seat, WindowGone
from wordbot.play.store import Learned
from wordbot.solver.grid import Found

Reader = Callable[[np.ndarray], object]  # frame -> reading (wordbot.read_board's shape) or None


def board_reader(lang: str) -> Reader:
    """The vision stage's ``read_board`` for ``lang``."""
    return lambda image: read_board(image, lang)


@dataclass
class GridOptions:
    game: Game
    auto: bool = False
    duration: float = 120.0
    threshold: float = THRESHOLD  # tiles read with less confidence are never swiped through
    pacing: Pacing = field(default_factory=Pacing)
    reread_every: int = 6  # words between full re-reads of the board
    feedback: FeedbackStyle = field(default_factory=FeedbackStyle)
    feedback_timeout: float = 0.6
    lost_timeout: float = 8.0  # how long a lost board is waited for before giving up
    max_silent: int = 4  # swipes in a row without any reaction before play stops


@dataclass
class RoundReport:
    planned: int = 0
    swiped: int = 0
    accepted: list[str] = field(default_factory=list)
    rejected: list[str] = field(default_factory=list)
    repeated: list[str] = field(default_factory=list)
    unregistered: int = 0
    points: int = 0
    unsure_tiles: int = 0
    latency_ms: list[float] = field(default_factory=list)  # capture -> overlay drawn
    swipe_seconds: float = 0.0
    stopped: str = ""
    failed: bool = False  # ended by an error (window gone, no board), not by the user or the game

    def summary(self) -> dict:
        lat = sorted(self.latency_ms)
        return {"planned": self.planned, "swiped": self.swiped, "accepted": len(self.accepted),
                "rejected": len(self.rejected), "repeated": len(self.repeated),
                "unregistered": self.unregistered, "points": self.points, "unsure_tiles": self.unsure_tiles,
                "latency_ms_median": round(lat[len(lat) // 2], 1) if lat else None,
                "words_per_second": round(self.swiped / self.swipe_seconds, 2) if self.swipe_seconds else 0,
                "stopped": self.stopped}


class GridPlayer(Seat):
    def __init__(self, source: FrameSource, reader: Reader, lex: Lexicon, opts: GridOptions,
                 actor: Callable[[Bounds], Actor] | None = None, overlay=None,
                 learned: Learned | None = None, say: Callable[[str], None] = print,
                 base: Lexicon | None = None, stop: threading.Event | None = None,
                 on_plan: Callable[[Frame, list[Found]], None] | None = None):
        super().__init__(source, overlay, stop)
        self.reader, self.lex, self.opts = reader, lex, opts
        self.make_actor, self.say = actor, say
        self.on_plan = on_plan  # called once the first plan is on screen (the demo's screenshot)
        self.learned = learned or Learned(opts.game.name)
        self.base = base or lex  # the bundled list: accepted words outside it are whitelisted
        self.report = RoundReport()
        self.reading: BoardReading | None = None
        self.origin = (0, 0)
        self.idle = np.zeros(3)

    # --- reading -------------------------------------------------------------------------------
    def read(self, stable: bool = False) -> tuple[Frame, BoardReading]:
        """Grab and read the board, waiting (paused, without input) while it cannot be found.
        ``stable``: the same reading at the same place twice in a row (not a half-redrawn window)."""
        deadline = time.monotonic() + self.opts.lost_timeout
        told, last = False, None
        while True:
            frame = self.grab()
            reading = self._read(frame)
            if reading is not None:
                key = (tuple(reading.tiles), reading.board_box, frame.origin)
                if not stable or key == last:
                    if told:
                        self.say("board found again: resuming")
                    return frame, reading
                last = key
                if time.monotonic() < deadline:
                    continue
            if not told:
                self.say("board not visible (covered, moved or changed): paused, looking for it")
                told = True
            if time.monotonic() > deadline:
                raise WordbotError(f"no board seen for {self.opts.lost_timeout:.0f} s: stopping")
            self.wait(0.25)

    def _read(self, frame: Frame) -> BoardReading | None:
        try:
            r = self.reader(frame.image)
        except WordbotError:
            return None
        if r is None or not r.rows or not any(r.tiles):
            return None
        return r

    def calibrate(self, frame: Frame, reading: BoardReading) -> list[Found]:
        """Adopt a reading: where the board is, its idle tile colour, and the words to play."""
        self.reading, self.origin = reading, frame.origin
        colours = tile_colours(frame.image, reading.centres, reading.tile)
        self.idle = np.median(colours, axis=0)
        unsure = reading.unsure(self.opts.threshold)
        self.report.unsure_tiles = len(unsure)
        if unsure:
            cells = ", ".join(f"{i // reading.cols + 1},{i % reading.cols + 1}" for i in unsure)
            self.say(f"{len(unsure)} tile(s) read with low confidence (row,col {cells}): "
                     "no word will be swiped through them")
        r = self.report
        skip = set(r.accepted) | set(r.rejected) | set(r.repeated) | self.learned.blacklist
        return plan_words(reading, self.lex, self.opts.game, self.opts.threshold, self.opts.pacing, skip)

    def show(self, frame: Frame, words: list[Found]) -> None:
        if self.overlay is None or self.reading is None:
            return
        r = self.reading
        scene = Scene(r.rows, r.cols, r.centres, r.tile * 0.9, r.board_box, r.unsure(self.opts.threshold))
        self.overlay.show(frame.image, scene, words, origin=frame.origin, beside=self.window)

    # --- the round -----------------------------------------------------------------------------
    def run(self) -> RoundReport:
        end = time.monotonic() + self.opts.duration
        try:
            t0 = time.perf_counter()
            frame, reading = self.read()
            words = self.calibrate(frame, reading)
            self.show(frame, words)
            self.report.latency_ms.append((time.perf_counter() - t0) * 1000)
            self.report.planned = len(words)
            if self.on_plan is not None:
                self.on_plan(frame, words)
            self.say(f"board {reading.rows}x{reading.cols}: {len(words)} words, "
                     f"{sum(f.score for f in words)} points")
            if self.opts.auto:
                self._swipe_all(words, end)
            else:
                self._watch(end)
            self.report.stopped = self.report.stopped or "round over"
        except WordbotError as exc:  # window gone, user stop, board lost: the round ends cleanly
            self.report.stopped = str(exc)
            self.report.failed = not isinstance(exc, Stopped)
        return self.report

    def _watch(self, end: float) -> None:
        """Overlay only: re-read twice a second and keep the suggestions current."""
        while time.monotonic() < end:
            t0 = time.perf_counter()
            frame, reading = self.read()
            if self.reading is None or list(reading.tiles) != list(self.reading.tiles):
                words = self.calibrate(frame, reading)
                self.show(frame, words)
                self.report.latency_ms.append((time.perf_counter() - t0) * 1000)
            self.wait(0.5)

    def _swipe_all(self, words: list[Found], end: float) -> None:
        actor = self._actor()
        queue, tries, silent, since_read, suspect = list(words), {}, 0, 0, False
        t_swipe = time.perf_counter()
        while queue and time.monotonic() < end:
            window = self.window
            frame = self.grab()
            if since_read >= self.opts.reread_every or self.window != window or suspect:
                frame, reading = self.read(stable=True)
                if (reading.tiles, reading.board_box) != (self.reading.tiles, self.reading.board_box) \
                        or frame.origin != self.origin or suspect:
                    self.say("board changed, moved or covered: re-reading")
                    queue = self.calibrate(frame, reading)
                    actor = self._actor()
                since_read, suspect = 0, False
                if not queue:
                    break
            if self.overlay is not None:
                self.show(frame, queue)
            word = queue.pop(0)
            watch = self._settled_cells(word, frame)
            if watch is None:  # something is over the board
                suspect = True
                queue.insert(0, word)
                self.say("board looks covered: paused")
                self.wait(0.3)
                continue
            try:
                actor.swipe([self._screen(c) for c in word.path])
            except Moved:
                suspect = True
                queue.insert(0, word)
                continue
            self.report.swiped += 1
            since_read += 1
            if self._record(word, self._outcome(watch)):
                silent = 0
                continue
            silent += 1  # no reaction: lag, a lost touch, or the round is over
            tries[word.word] = tries.get(word.word, 0) + 1
            if tries[word.word] < 2:
                queue.insert(min(2, len(queue)), word)
            if silent >= self.opts.max_silent:
                self.report.stopped = f"the game did not react to {silent} swipes in a row: stopping"
                break
            since_read = self.opts.reread_every
        self.report.swipe_seconds = time.perf_counter() - t_swipe
        if not queue:
            self.report.stopped = "every word played"

    # --- helpers -------------------------------------------------------------------------------
    def _record(self, word: Found, outcome: str) -> bool:
        """Book the game's verdict on a word; False when it showed none."""
        r = self.report
        if outcome == "accepted":
            r.accepted.append(word.word)
            r.points += word.score
            if word.word not in self.base:
                self.learned.accept(word.word)
        elif outcome == "repeated":  # the game had it (an earlier swipe we saw no reply to)
            r.repeated.append(word.word)
        elif outcome == "rejected":
            r.rejected.append(word.word)
            self.say(f"the game refused {word.word!r}: blacklisted")
            self.learned.reject(word.word)
        else:
            r.unregistered += 1
            return False
        return True

    def _actor(self) -> Actor:
        x, y, w, h = self.reading.board_box
        bounds = Bounds(((self.origin[0] + x, self.origin[1] + y, w, h),))
        if self.make_actor is None:
            raise WordbotError("no input driver configured")
        actor = self.make_actor(bounds)
        actor.guard = self._offset
        return actor

    def _offset(self) -> tuple[float, float]:
        """How far the window has moved since the board was read: asked of the window system at
        each step of a swipe (no capture, so the answer is at most a millisecond old)."""
        try:
            x, y = self.source.locate()
        except WordbotError as exc:
            raise WindowGone(f"game window lost: {exc}") from None
        return x - self.origin[0], y - self.origin[1]

    def _screen(self, cell: tuple[int, int]) -> tuple[float, float]:
        x, y = self.reading.centres[cell[0] * self.reading.cols + cell[1]]
        return self.origin[0] + x, self.origin[1] + y

    def _board_colours(self, frame: Frame | None = None) -> np.ndarray:
        """Each tile's colour now (from ``frame`` or a fresh grab; frame pixels, so a window
        that moved still shows its tiles where they were read)."""
        frame = frame or self.grab()
        return tile_colours(frame.image, self.reading.centres, self.reading.tile)

    def _covered(self, colours: np.ndarray) -> bool:
        """True when some tile shows neither the idle colour nor a feedback colour."""
        style = self.opts.feedback
        known = [self.idle] + [np.array(c, float) for c in (style.accepted, style.rejected, style.repeated)]
        dist = np.min([np.linalg.norm(colours - k, axis=1) for k in known], axis=0)
        return bool((dist > style.tolerance * 1.5)[[i for i, t in enumerate(self.reading.tiles) if t]].any())

    def _settled_cells(self, word: Found, frame: Frame) -> list[int] | None:
        """The path's tiles that show the idle colour now, so that their next change is the game's
        verdict on this word (the others may still flash from earlier words; if all do, wait for
        them). None when some tile shows an unknown colour: the board may be covered."""
        cells = [c[0] * self.reading.cols + c[1] for c in word.path]
        deadline = time.monotonic() + 1.0
        while True:
            colours = self._board_colours(frame)
            frame = None
            if self._covered(colours):
                return None
            near = np.linalg.norm(colours - self.idle, axis=1) <= self.opts.feedback.tolerance
            idle = [i for i in cells if near[i]]
            if idle or time.monotonic() > deadline:
                return idle or cells
            self.wait(0.03)

    def _outcome(self, cells: list[int]) -> str:
        """Watch the given tiles until they show the game's verdict (or the timeout passes)."""
        deadline = time.monotonic() + self.opts.feedback_timeout
        base = np.tile(self.idle, (len(cells), 1))
        while True:
            colours = self._board_colours()
            verdict = classify(base, colours[cells], self.opts.feedback)
            if verdict in ("accepted", "rejected", "repeated") or time.monotonic() > deadline:
                return verdict
            self.wait(0.01)
