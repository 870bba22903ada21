"""One round of a grid game: read the board, show the best words, and with ``auto`` enter them
best first, reading the game's reply to each.

Safety, in the order the loop meets it: a tile read below the threshold is a hole to the planner;
every point is checked against the board box by the actor; before each word the board must be
still (no reply of an earlier word showing) and in place; where the game colours the cells of a
word being entered, each cell must show before the next is entered, and a path the game shows
otherwise is cancelled, never submitted. Anything unexpected (moved, covered, greyed, gone)
pauses and re-reads instead of entering words.
"""

from __future__ import annotations

import contextlib
import statistics
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from functools import partial

import numpy as np

from wordbot.act import Actor, Bounds, Moved, Pacing, Shown, Stopped
from wordbot.act.base import Check
from wordbot.calibration.profile import check_jitter
from wordbot.capture import FrameSource
from wordbot.errors import WordbotError
from wordbot.games import RGB, FeedbackSpec, Game, InputSpec, Signature
from wordbot.lexicon import Lexicon
from wordbot.ocr import THRESHOLD, BoardReading, read_board
from wordbot.play.audit import ScoreAudit
from wordbot.play.buttons import Box, find_buttons, sending_buttons
from wordbot.play.echo import Echo
from wordbot.play.feedback import COLOUR, LEARN_WORDS, Replies, Watch, same_colour
from wordbot.play.message import common, lists, reply_text
from wordbot.play.pairs import Booking, Pairing
from wordbot.play.plan import plan_words
from wordbot.play.roundclock import RoundClock
from wordbot.play.rules import read_minimum
from wordbot.play.score import Frames, Motion, ScoreReader, ScoreSearch, changed, fits
from wordbot.play.seat import Frame, Seat, WindowGone
from wordbot.play.store import Learned
from wordbot.solver.grid import Found, adjacent

Reader = Callable[[np.ndarray], object]  # frame -> reading (wordbot.read_board's shape) or None
LATE_REPLY = 3.0  # seconds a game that shows its replies after release is watched while nothing at all
# showed (and part of an acceptance, until three were timed): a busy game's late reply would otherwise
# land in the next word's watch (counted for it), and the word be judged without it
SHOWN_WAIT = (10, 4.0, 0.25)  # once this many cells (typed paths) showed selected, a clicked cell (a typed
# path) is waited for this many times the slowest of the last 20, and at least this long: a lost click or
# key costs that, not hold_wait
LATE_DROPS = 2  # late tiles that never showed after which a click game is taken to drop taps, not to
# stall: a word cancelled for a late tile no longer waits to see it show (``_wait_late``)
SLOW_SHOW = 3.0  # seconds a click game not yet seen to show a tap is given for its first (a busy page or
# emulator may take 1.5 s); the time that one takes, doubled, is how long every later tap is waited for
RESEND = 3.0  # a click word still selected with no reply after this many times the game's slowest reply
# yet is confirmed again: a dropped touch of the confirm would cost the whole LATE_REPLY wait
FLASHES = 8  # the last words whose replies' flashes may still show together
SCORE_REST = 1.2  # seconds the score's place is waited for to stop changing before a word (a count-up
# animation: a rise the last word's count goes on with is no rise of this one's); a place that keeps
# changing longer (a clock beside it) is not waited for longer
CELL_REST = 0.5  # seconds the board's cells are waited for to stop changing before a word (a tile still
# shrinking back from the last word's selection, taken as the base halfway, hides its next selection)
OVER_HOLD = 0.2  # seconds a state that ends a reply's wait (a cell taken back) must hold: a verdict's
# animation clearing the cells one by one passes through it faster
LEARN_DWELL = 0.25  # seconds each cell of a drag is dwelt on while it is not known how the game shows a
# dragged cell (on its tiles, spelt outside the board, or not at all): a page on a busy machine handles a
# move a frame, and a finger gone on before that skips the cell
SETTLE = 1.5  # seconds a cell is waited for to show plain before its colour is taken for its own
TEXT_WORDS = 2 * LEARN_WORDS + 2  # learning words whose replies' texts are read, at most, for one they share
TEXT_CALM = 0.3  # seconds of calm that end a reply told by its text: a message popping up is drawn
WHOLE_REPLY = 1.0  # seconds of calm that end a reply while acceptance is still being learned: a game
# may show a reply's parts (score, message, list) frames apart (a busy page repaints its score late),
# and "accepted" is learned from all of them


def board_reader(lang: str) -> Reader:
    """The vision stage's ``read_board`` for ``lang``."""
    return lambda image: read_board(image, lang)


CYCLES = 5  # words whose time, from the board's rest to the verdict, tells how long the next may take
STYLE_WORDS = 3  # words that try every input style before a game that reacts to none is taken for silent
TAPS_HELD = 1.0  # seconds the cells a style-search click word showed as its path must stay so, the next
# tap not showing, for the game to be taken for a click game though the word is cancelled (a lost tap):
# a drag game shows a tapped cell only while pressed, or for its flash (0.5 s on the pages here)
RULE_WAIT = 10.0  # seconds the window's rule on a word's length is waited for before the shortest words
PASSING = 2.0  # seconds a re-read waits for tiles read surely before and doubtfully now at the same place to
# read surely again: something passing over them (a taken word's chip flying to its list) is gone by then
CLOCK_STEP = 1.0  # a clock showing whole seconds may show one more than are left
AHEAD_LOST = 3  # words typed ahead in a row that the game did not show when their turn came: it clears
# what was typed when it shows a verdict (or drops keys meanwhile), and words are typed one at a time


@dataclass
class GridOptions:
    game: Game
    auto: bool = False
    duration: float = 120.0
    threshold: float = THRESHOLD  # tiles read with less confidence are never entered through
    pacing: Pacing = field(default_factory=Pacing)
    input: InputSpec = field(default_factory=InputSpec)
    feedback: FeedbackSpec = field(default_factory=FeedbackSpec)
    reread_every: int = 6  # words between full re-reads of the board
    lost_timeout: float = 8.0  # how long a lost board is waited for before giving up
    noise_watch: float = 2.8  # seconds the idle window is watched for a clock (found, not just
    # masked: it takes two ticks) or animations
    hold_wait: float = 0.8  # how long a cell may take to show as selected (a lagging game)
    retries: int = 1  # more tries of a word the game did not reply to, or that was cancelled
    second_chances: int = 2  # passes, once every word is played with time left, over the words
    # cancelled more often than ``retries`` allows (never sent, so nothing speaks against them)


@dataclass
class RoundReport:
    planned: int = 0
    swiped: int = 0
    accepted: list[str] = field(default_factory=list)
    rejected: list[str] = field(default_factory=list)
    repeated: list[str] = field(default_factory=list)
    unregistered: int = 0  # words the game showed no reply to
    unconfirmed: list[str] = field(default_factory=list)  # sent to a game that never replies, or
    # judged as the game covered its board (the round's end): the verdict is not known
    cancelled: list[str] = field(default_factory=list)  # shown otherwise than planned: not submitted
    entered: list[tuple[str, list[tuple[int, int]]]] = field(default_factory=list)  # submitted, as planned
    resent: int = 0  # click words confirmed a second time (the game showed no reply to the first)
    paired: int = 0  # words entered while another word's reply was on its way
    typed_ahead: int = 0  # words typed while the last word's reply showed, then sent
    cleared: int = 0  # selections a click game kept, untapped or replaced by a tap on a cell apart
    guessed: list[str] = field(default_factory=list)  # booked as taken on the likelier guess: the game
    # took one of two words worth the same, the score does not say which
    points: int = 0
    unsure_tiles: int = 0
    latency_ms: list[float] = field(default_factory=list)  # capture -> overlay drawn
    swipe_seconds: float = 0.0
    input: str = ""
    stopped: str = ""
    failed: bool = False  # ended by an error (window gone, no board), not by the user or the game
    score: int | None = None  # the game's own score as read from its window (None: not read)

    def summary(self) -> dict:
        lat = sorted(self.latency_ms)
        return {"planned": self.planned, "swiped": self.swiped, "accepted": len(self.accepted),
                "rejected": len(self.rejected), "repeated": len(self.repeated),
                "unregistered": self.unregistered, "unconfirmed": len(self.unconfirmed),
                "cancelled": len(self.cancelled), "resent": self.resent, "paired": self.paired,
                "typed_ahead": self.typed_ahead, "cleared": self.cleared,
                "guessed": len(self.guessed), "points": self.points,
                "game_score": self.score,
                "unsure_tiles": self.unsure_tiles,
                "latency_ms_median": round(lat[len(lat) // 2], 1) if lat else None,
                "first_suggestion_ms": round(self.latency_ms[0], 1) if lat else None,
                "words_per_second": round(self.swiped / self.swipe_seconds, 2) if self.swipe_seconds else 0,
                "input": self.input, "stopped": self.stopped}


@dataclass
class Held:
    """What the game showed on the path while the button was held: neither is a reply by itself."""

    colour: RGB | None = None  # the whole path's colour at the last cell (may already be the verdict)
    selection: RGB | None = None  # the game's plain selection colour (one cell is no word)
    frame: Frame | None = None  # the window just before the word was sent: what changes after it is
    # the reply (an earlier reply's late part, shown while this word was entered, is not)
    unfollowed: bool = False  # a cancelled drag's finger slid back, and the game did not show it so
    tapped: int = 0  # the path's first cells a cancelled click word left selected, TAPS_HELD on end
    late: tuple[int, float] | None = None  # the cell whose tap did not show in time, and when it was tapped

    def shown(self, colour: RGB) -> bool:
        return any(c is not None and same_colour(colour, c) for c in (self.colour, self.selection))


@dataclass
class Reply:
    """The game's reply to one word: what it showed, the window before and after (where it was
    watched), and its message's text being read (a Tesseract run, read while the next words go in)."""

    sig: Signature
    frames: Frames | None = None
    text: Future | None = None
    shown: tuple[np.ndarray, ...] = ()  # the frames its message is read in: its last, and the last and
    # first that showed a change outside the board (a message may clear again before the last)

    @property
    def empty(self) -> bool:
        return self.sig.empty

    @property
    def after(self) -> bool:
        """Whether anything showed once the word was sent (its colour while held showed before)."""
        return self.sig.flash is not None or bool(self.sig.marks)

    def said(self, text: str | None) -> Reply:
        """This reply with its message's text read."""
        return replace(self, sig=replace(self.sig, text=text))


@dataclass(frozen=True)
class Unanswered:
    """A word tried once with no verdict, and what that try could not show."""

    unscored: bool  # the game's score stood still through it
    masked: bool  # watched while a place where this round's refusals showed was still changing from
    # the reply before (the same message again shows no change)

    @property
    def maybe_taken(self) -> bool:
        """Whether the game may have taken it unseen: a refusal of its retry then means "already found"."""
        return not (self.unscored or self.masked)


@dataclass
class Ahead:
    """The next word, typed with no Return while the last word's reply showed (a typing game)."""

    word: Found
    colours: np.ndarray  # the cells before it was typed: its path, shown, is told from them


class RoundOver(WordbotError):
    """The screen says the round is over (board greyed out or gone for good)."""


class GridPlayer(Seat):
    def __init__(self, source: FrameSource, reader: Reader, lex: Lexicon, opts: GridOptions,
                 actor: Callable[[Bounds], Actor] | None = None, overlay=None,
                 learned: Learned | None = None, say: Callable[[str], None] = print,
                 base: Lexicon | None = None, stop: threading.Event | None = None,
                 on_plan: Callable[[Frame, list[Found]], None] | None = None,
                 on_learn: Callable[[InputSpec, FeedbackSpec, int], None] | None = None):
        super().__init__(source, overlay, stop)
        self.reader, self.lex, self.opts = reader, lex, opts
        self.make_actor, self.say = actor, say
        self.on_plan = on_plan  # called once the first plan is on screen (the demo's screenshot)
        self.on_learn = on_learn  # called with what was learned: input style, replies, min length
        self.learned = learned or Learned(opts.game.name)
        self.base = base or lex  # the bundled list: accepted words outside it are whitelisted
        self.report = RoundReport(input=opts.input.style)
        self.replies = Replies(opts.feedback)
        self.reading: BoardReading | None = None
        self.watch: Watch | None = None
        self.origin = (0, 0)
        self.idle = np.zeros((0, 3))
        self._pending: list[tuple[Found, Reply]] = []  # learning words waiting for a verdict
        self._texts: ThreadPoolExecutor | None = None  # reads replies' text while the next words go in
        self._reading: list[tuple[Found, Reply]] = []  # words whose verdict
        # waits for their reply's text
        self._no_reply: dict[str, Unanswered] = {}  # words tried once without a verdict
        self._refused_at: set[str] = set()  # the places (marks) refusals showed in this round
        self._since_rest: list[tuple[Found, str, bool]] = []  # words booked since the board was last
        # seen at rest on less than a whole acceptance: (word, verdict, whether this booking listed it
        # in the learned words)
        self.clock: RoundClock | None = None  # the game's own clock, once play starts
        self._unlit = 0  # words whose first cell the game did not show selected
        self._buttons: Future[list[Box]] | None = None  # buttons that say they send a word (click games)
        self._unread = ""  # why the last frame gave no board
        self._stale: set[int] = set()  # cells a cancelled click word left selected (Escape did not clear)
        self._kept: list[int] = []  # the same in the order they were tapped, as far as known
        self._late: tuple[int, float] | None = None  # the tile whose tap did not show in time, cancelling
        # its word, and when it was tapped (``_late_seen``)
        self._dropped = 0  # such tiles that never showed
        self._escape_kept = 0  # cancelled click words whose cells stayed selected after Escape, waited for
        self._selection: RGB | None = None  # the game's plain selection colour, once seen
        self._shows: deque[float] = deque(maxlen=20)  # seconds the game's last cells took to show selected
        self._wholes: deque[float] = deque(maxlen=20)  # seconds the last acceptances took to show whole
        self._entries: deque[float] = deque(maxlen=20)  # seconds the last words took to enter
        self._flash: tuple[set[int], RGB] | None = None  # the last word's cells and its reply's colour
        self._flashes: deque[tuple[set[int], RGB]] = deque(maxlen=FLASHES)  # the same, of the last words
        self.pairing = Pairing()  # words entered two at a time
        self.score: ScoreReader | None = None  # the game's score, once its place is known
        self.audit: ScoreAudit | None = None  # the words the board alone judged, against the score
        self._score_moving = False  # the score still moved from the last word as this one went in
        self.search = ScoreSearch()  # for the score's place, while unknown
        self._at_rest: np.ndarray | None = None  # the window before the first word
        self._last_reply: tuple[np.ndarray, set[str]] | None = None  # the window as the last reply
        # was booked, and where it showed
        self._stood = 0  # words in a row the other signs took while the score stood still
        self._cycles: deque[float] = deque(maxlen=CYCLES)  # seconds the last words took, settle to verdict
        self._single: deque[float] = deque(maxlen=CYCLES)  # the same, of words entered alone, replies known
        self._unsettled: tuple[Found, np.ndarray, bool] | None = None  # the last word, if no verdict while
        # its score stood still, with the window as its reply was cut and whether it looked taken: a rise
        # before the next word takes it
        self._echoes: deque[bool] = deque(maxlen=LEARN_WORDS)  # whether the last words typed one at a time
        # showed nothing outside the board as their path showed
        self._next: Found | None = None  # the word to type while this one's reply shows, if any
        self._ahead: Ahead | None = None  # the word typed so
        self._ahead_lost = 0  # words typed ahead in a row that did not show when their turn came
        self._unmoved = 0  # words the game reacted to in no input style
        self._passers = False  # something was seen passing over the board (see _passing)
        self._rule: Future[int | None] | None = None  # the minimum length the window states, being read
        self._echo = Echo(self.grab, opts.feedback, say)  # where a drag's word is spelt, off the board

    # --- reading -------------------------------------------------------------------------------
    def grab(self, idle: bool = False) -> Frame:
        """A frame; also offered to the round clock (``idle``: no input in flight)."""
        frame = super().grab()
        if self.clock is not None:
            self.clock.feed(frame.image, time.monotonic(), idle)
        if self.score is not None:
            self.score.feed(frame.image)
        return frame

    def read(self, stable: bool = False) -> tuple[Frame, BoardReading]:
        """Grab and read the board, waiting (paused, without input) while it cannot be found.
        ``stable``: the same reading at the same place twice in a row (not a half-redrawn window),
        with no tile doubted that was read surely there before, for up to PASSING seconds (two reads
        in a row caught a chip flying over a tile, which was then left out of every word)."""
        deadline = time.monotonic() + self.opts.lost_timeout
        passed = time.monotonic() + PASSING
        told, last = False, None
        while True:
            frame = self.grab()
            reading = self._read(frame)
            if reading is not None:
                key = (tuple(reading.tiles), reading.board_box, frame.origin)
                if stable and key == last and self._newly_doubted(reading, frame) \
                        and time.monotonic() < passed:
                    self.wait(0.05)
                    continue
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
                why = f" ({self._unread})" if self._unread else ""
                if self.report.swiped:
                    raise RoundOver(f"round over: the board is gone ({self.opts.lost_timeout:.0f} s){why}")
                raise WordbotError(f"no board seen for {self.opts.lost_timeout:.0f} s{why}: stopping")
            self._clock_over()  # a results panel over the board at the round's end
            self.wait(0.25)

    def _newly_doubted(self, reading: BoardReading, frame: Frame) -> bool:
        """Whether ``reading``, at the place of the board's adopted reading, doubts a tile that one
        read surely: more likely covered for a moment than changed."""
        if not self._where_adopted(reading, frame):
            return False
        t, was = self.opts.threshold, self.reading.confidence
        return any(new < t <= old for new, old in zip(reading.confidence, was, strict=True))

    def _where_adopted(self, reading: BoardReading, frame: Frame) -> bool:
        """Whether ``reading`` lies where the adopted reading was: same board box, window place and
        tile count."""
        old = self.reading
        return old is not None and (reading.board_box, frame.origin, len(reading.tiles)) \
            == (old.board_box, self.origin, len(old.tiles))

    def _as_adopted(self, reading: BoardReading, frame: Frame) -> bool:
        """Whether ``reading`` is the adopted reading's board: the same tiles at the same place."""
        return self._where_adopted(reading, frame) and reading.tiles == self.reading.tiles

    def _read(self, frame: Frame) -> BoardReading | None:
        try:
            r = self.reader(frame.image)
        except WordbotError as exc:  # kept to say why, if the board never shows (another alphabet)
            self._unread = str(exc)
            return None
        if r is None or not r.rows or not any(r.tiles):
            self._unread = "no board found" if r is None or not r.rows else "no letter on the board"
            return None
        return r

    def calibrate(self, frame: Frame, reading: BoardReading) -> list[Found]:
        """Adopt a reading: where the board is, its idle cell colours, and the words to play."""
        self.reading, self.origin = reading, frame.origin
        noise = self.watch.noise if self.watch is not None else None  # the clock stays where it was
        self.watch = Watch(reading.board_box, reading.centres, reading.tile)
        self.watch.noise = noise
        self.idle = self.watch.colours(frame.image)
        unsure = reading.unsure(self.opts.threshold)
        self.report.unsure_tiles = len(unsure)
        if unsure:
            cells = ", ".join(f"{i // reading.cols + 1},{i % reading.cols + 1}" for i in unsure)
            self.say(f"{len(unsure)} tile(s) read with low confidence (row,col {cells}): "
                     "no word will be entered through them")
        r = self.report
        skip = {*r.accepted, *r.rejected, *r.repeated, *r.unconfirmed} | self.learned.blacklist
        return plan_words(reading, self.lex, self.opts.game, self.opts.threshold, self.opts.pacing, skip)

    def show(self, frame: Frame, words: list[Found]) -> None:
        if self.reading is not None:
            self.suggest(frame, self.reading, words, self.opts.threshold)

    # --- the round -----------------------------------------------------------------------------
    def run(self) -> RoundReport:
        end = time.monotonic() + self.opts.duration
        try:
            t0 = time.perf_counter()
            frame, reading = self.read()
            words = self.calibrate(frame, reading)
            self.show(frame, words)
            self.report.latency_ms.append((time.perf_counter() - t0) * 1000)
            self._rule = read_minimum(frame.image, [reading.board_box], self.lex.lang)
            self.report.planned = len(words)
            if self.on_plan is not None:
                self.on_plan(frame, words)
            self.say(f"board {reading.rows}x{reading.cols}: {len(words)} words, "
                     f"{sum(f.score for f in words)} points "
                     f"(first suggestion in {self.report.latency_ms[0]:.0f} ms)")
            if self.opts.auto:
                self._play_all(words, end)
            else:
                self._watch(end)
            self.report.stopped = self.report.stopped or "round over"
        except RoundOver as exc:
            self.report.stopped = str(exc)
        except WindowGone as exc:  # after words were played: the game closed at the end of its round
            self.report.stopped = f"round over: {exc}" if self.report.swiped else str(exc)
            self.report.failed = not self.report.swiped
        except WordbotError as exc:  # user stop, board lost: the round ends cleanly
            self.report.stopped = str(exc)
            self.report.failed = not isinstance(exc, Stopped)
        return self.report

    def _watch(self, end: float) -> None:
        """Overlay only: re-read twice a second and keep the suggestions current."""
        while time.monotonic() < end:
            t0 = time.perf_counter()
            frame, reading = self.read()
            fresh = self.reading is None or list(reading.tiles) != list(self.reading.tiles)
            if self._said_minimum() or fresh:
                words = self.calibrate(frame, reading)
                self.show(frame, words)
                self.report.latency_ms.append((time.perf_counter() - t0) * 1000)
            self.wait(0.5)

    def _play_all(self, words: list[Found], end: float) -> None:
        self.clock = RoundClock(self.reading.board_box)
        if self.opts.feedback.score is not None:
            self._follow_score(self.opts.feedback.score)
        t_start = time.perf_counter()
        try:
            self._play_words(words, end)
        finally:
            self.clock.close()
            self.report.swipe_seconds = time.perf_counter() - t_start
            self._read_texts(wait=True)
            if self._texts is not None:
                self._texts.shutdown()
                self._texts = None
            self._flush()  # a round ended by the game still books its learning words
            self._learned()  # and saves what changed since its replies were learned (a forgotten line)
            self._adopt_score(wait=10.0)
            if self.score is not None:
                with contextlib.suppress(WindowGone):
                    self._score_at_rest()
                self._audited(wait=None)
                self.report.score = self.score.close()
                self.score = None

    def _score_at_rest(self) -> None:
        """Grab the window once the score's place held still (a score counting up to the last
        word's points read mid-count would be a number the game never scored), for up to twice
        SCORE_REST: the score's last reading is of that frame."""
        start = time.monotonic()
        motion = Motion(self.score.box, self.grab().image, since=start)
        while time.monotonic() - start < 2 * SCORE_REST:
            self.wait(0.1)
            now = time.monotonic()
            image = self.grab().image
            motion.feed(image, now)
            if motion.still(now):
                self.audit.rest(image)
                return

    def _play_words(self, words: list[Found], end: float) -> None:
        actor = self._actor()
        self._learn_noise()
        queue = self._learning_first(words)
        tries: dict[str, int] = {}
        owed: set[str] = set()  # words to be tried again for want of a reply
        spare: list[Found] = []  # words cancelled past their retries, for the second chances
        since_read, suspect, overtime, chances = 0, False, None, 0
        while (queue or spare) and (time.monotonic() < end or owed or self._reading):
            if time.monotonic() >= end and self._reading:
                # a reply whose text is still being read may owe a verdict: booked before the words
                # owed one are chosen
                counted, moved = self._book_outcomes(self._read_texts(wait=True), queue, tries, owed, spare)
                since_read, suspect = since_read + counted, suspect or moved
            if not queue and spare and chances < self.opts.second_chances and time.monotonic() < end:
                self.say(f"every word played: the {len(spare)} cancelled past their retries tried again")
                queue, spare, chances = spare, [], chances + 1
            taken = set(self.report.accepted)  # a word retried for want of a reply may be taken since
            queue = [w for w in self._shortest_last(queue)
                     if len(w.word) >= self.opts.game.min_len and w.word not in taken]
            if time.monotonic() >= end:  # time is up: only the words owed a verdict go in (the game
                # may have taken them: its count and the bot's must agree), each in the time the
                # slowest of the last words took (a board never at rest again is not waited out)
                queue = [w for w in queue if w.word in owed]
                if overtime is None:
                    overtime = time.monotonic() + len(queue) * max(self._cycles, default=SETTLE)
                if time.monotonic() > overtime:
                    break
            if not queue:
                break
            due = since_read >= self.opts.reread_every
            if self._ahead is not None and (self._ahead.word not in queue or due or suspect):
                self._drop_ahead(actor)
            self._clock_over()
            self._last_seconds()
            self._untap(actor)  # the rest of a kept selection a stall held back, before any read
            if suspect:
                queue, actor = self._reread(queue, actor)
                since_read, suspect, due = 0, False, False
                if not queue:
                    break
            started = time.monotonic()
            ahead = self._ahead
            base, word = self._settle([ahead.word], typed=True) if ahead is not None else self._settle(queue)
            if base is None:  # something is over the board, or the game greyed it out
                suspect = True
                continue
            if due:  # the board at rest read once, and again in full only if it reads otherwise
                since_read, suspect = 0, not self._same_board(base)
                if suspect:
                    continue
            if self._stale and self._in_the_way(word):
                base = self._clear_kept(actor, word) or base
            if self.overlay is not None:
                self.show(base, queue)
            partner = self._partner(queue, word) if ahead is None else None
            batch = [word] if partner is None else [word, partner]
            for w in batch:
                queue.remove(w)
            # typed while this word's reply shows, unless the board is read again before it
            self._next = queue[0] if partner is None and queue and since_read + 1 < self.opts.reread_every \
                else None
            if partner is None:
                try:
                    results = [(word, self._enter(actor, word, base))]
                except Moved:
                    results = [(word, "moved")]
            else:
                results = self._enter_pair(actor, batch, base)
            took = time.monotonic() - started
            self._cycles.append(took)
            if partner is None and self.replies.learned:
                self._single.append(took)
            elif partner is not None and not self.pairing.pays(took, self._single):
                self.say(f"two words in flight took {self.pairing.recent:.2f} s, two entered "
                         f"one after the other {2 * statistics.median(self._single):.2f} s: one at a time")
            # and the words whose reply's text was read since
            counted, moved = self._book_outcomes([*results, *self._read_texts()], queue, tries, owed, spare)
            since_read, suspect = since_read + counted, suspect or moved
        if self._ahead is not None:
            self._drop_ahead(actor)
        actor.finish()
        if not queue and overtime is None:
            self.report.stopped = "every word played"

    def _book_outcomes(self, outcomes: list[tuple[Found, str]], queue: list[Found], tries: dict[str, int],
                       owed: set[str], spare: list[Found]) -> tuple[int, bool]:
        """Book the ``outcomes`` of entered words: a word to enter again goes back in ``queue`` (one
        with no reply is ``owed`` a verdict, up to the retries counted in ``tries``; one cancelled
        past them goes to ``spare``). Returns the words whose verdict is in, and whether the board
        is to be read again."""
        counted, suspect = 0, False
        for w, outcome in outcomes:
            owed.discard(w.word)
            if outcome in ("moved", "unsent"):
                suspect = suspect or outcome == "moved"
                queue.insert(0, w)
                continue
            counted += outcome != "reading"  # counted once its text is read
            if outcome == "cancelled":
                self.report.cancelled.append(w.word)
                self.say(f"the game showed another path than {w.word!r}: cancelled, not submitted")
                suspect = True
            if outcome == "alone":  # not taken while another word was in flight: its own reply tells
                queue.insert(min(2, len(queue)), w)
            if outcome in ("cancelled", "none"):
                tries[w.word] = tries.get(w.word, 0) + 1
                if tries[w.word] <= self.opts.retries:
                    queue.insert(min(2, len(queue)), w)
                    if outcome == "none":
                        owed.add(w.word)
                elif outcome == "cancelled":
                    spare.append(w)
        return counted, suspect

    def _clock_over(self) -> None:
        """RoundOver once the game's clock read 0:00 (or the end it gave is a second past)."""
        left = self.clock.left() if self.clock is not None else None
        if self.clock is not None and (self.clock.over or (left is not None and left < -1.0)):
            self._void()
            raise RoundOver("round over: the game's clock reads 0:00")

    def _last_seconds(self) -> None:
        """Enter no word the game's clock leaves too little time to take and show taken: a word the
        game takes in its last moments shows no reply before its end covers the board (its count
        would not be the game's), and one that arrives after the end is lost. Waits for the end
        instead; should the clock be read again with more time (a misread, a new round), play
        goes on."""
        left = self.clock.left() if self.clock is not None else None
        need = max(self._cycles, default=0.0) + CLOCK_STEP
        if left is None or not self._cycles or left >= need:
            return
        self.say(f"the game's clock has {max(0.0, left):.1f} s left, less than a word takes "
                 f"({need:.1f} s): no new word, waiting for the round's end")
        while (left := self.clock.left()) is not None and left < need:
            self._clock_over()
            self.grab(idle=True)
            self.wait(0.2)

    def _learning_first(self, words: list[Found]) -> list[Found]:
        """While the game's replies are unknown, play the likeliest words first: their replies
        define what "accepted" looks like."""
        if self.replies.learned:
            return list(words)
        freq = self.lex.freq
        likely = sorted(words[:60], key=lambda f: -float(freq[self.lex.index(f.word)]))[: 2 * LEARN_WORDS]
        return likely + [f for f in words if f not in likely]

    def _same_board(self, frame: Frame) -> bool:
        """Whether ``frame``, the board at rest for the next word, reads as the board played: one
        read, where a full re-read wants two alike in a row, waited for while anything passes over
        the board (pulse-ring's taken words' chips made its re-reads, every 6 words, 0.2-0.5 s)."""
        reading = self._read(frame)
        return reading is not None and self._as_adopted(reading, frame) \
            and not self._newly_doubted(reading, frame)

    def _reread(self, queue: list[Found], actor: Actor) -> tuple[list[Found], Actor]:
        window = self.window
        frame, reading = self.read(stable=True)
        if not self._as_adopted(reading, frame) or window != self.window:
            self.say("board changed or moved: re-reading")
            queue = self.calibrate(frame, reading)
            actor = self._actor()
        return queue, actor

    # --- one word ------------------------------------------------------------------------------
    def _enter(self, actor: Actor, word: Found, base: Frame) -> str:
        """Enter one word in the game's input style and book the game's reply to it: "accepted",
        "refused", "none" (no reply), "sent" (a silent game), "learning" or "cancelled"."""
        if not self.opts.input.style:
            return self._find_style(actor, word, base)
        reply = self._attempt(actor, word, base)
        self.report.swiped += 1
        return "cancelled" if reply is None else self._book(word, reply)

    def _attempt(self, actor: Actor, word: Found, base: Frame, selected: int = 0,
                 held: Held | None = None) -> Reply | None:
        """Enter ``word`` and watch the reply; None when the game showed another path (cancelled).
        A click game whose confirm is not known yet gets the last cell clicked again, then Return;
        ``selected``: its first cell already shows selected (clicking it again might send it).
        ``held``: what the game showed while it went in, for the caller."""
        style = self.opts.input.style
        cells = self._cells(word)
        ahead, self._ahead = self._ahead, None
        written = ahead is not None and ahead.word is word
        base_colours = ahead.colours.copy() if written else self.watch.colours(base.image)
        fading = sorted(self._fading(base_colours) & set(cells[selected + 1:]))  # waited for, then entered
        base_colours[fading] = self.idle[fading]
        self._flash = None
        held = held if held is not None else Held()
        prior = self._kept  # a kept selection this word's first tap did not replace goes on
        done = self._send(actor, word, base_colours, held, selected, set(fading), written)
        if style == "click":
            self._stale = set()
        if done and self._unlit_drag and self._echo.learn(self.watch, base.image,
                                                           held.frame and held.frame.image):
            self.replies.changed = True
            self.say("the game spells a dragged word above or beside the board: each cell is waited "
                     "for until it shows there")
        if done and style == "type":
            if not written:
                self._learn_echo(base, held.frame)
            if self._next is not None and self._types_ahead():
                actor.write(self._next.word)
                self._ahead = Ahead(self._next, base_colours)
        board = range(len(self.reading.tiles))  # an earlier cancelled word's cells may be kept too
        if held.unfollowed:
            self.say(f"the game did not show the finger sliding back along {word.word!r} to its first "
                     "cell: released there, the game may have taken another path")
        if not done:
            if style == "click":  # Escape was pressed: given the time a cell takes to show, unless the
                # game proved to keep a selection through Escape (it will not clear by waiting)
                wait = 0.0 if self._escape_kept >= LEARN_WORDS else self._show_wait()
                self._late = held.late
                self._wait_late()
                self._stale = self._still_selected(board, self._selection, wait)
                self._escape_kept += bool(wait and self._stale)
                self._kept = [c for c in dict.fromkeys([*prior, *cells]) if c in self._stale]
                self._untap(actor)
            return None
        points = [self._screen(c) for c in word.path]
        again = None
        if style == "click" and self.opts.input.confirm:
            again = partial(actor.confirm, self.opts.input.confirm, points[-1], self._button_point())

        def took_back(colours: np.ndarray) -> bool:  # the last cell, tapped again, taken back
            return self._shown(base_colours, cells, colours) == set(cells[:-1])

        finding = style == "click" and not self.opts.input.confirm
        reply = self._reply(base, base_colours, cells, held, again, ahead=self._ahead is not None,
                            over=took_back if finding else None)
        if finding:
            reply = self._find_confirm(actor, base, base_colours, cells, held, reply)
        if style == "click" and reply.empty:  # the confirm may be lost: the word still selected
            self._stale = self._still_selected(board, self._selection)
        return reply

    def _send(self, actor: Actor, word: Found, base_colours: np.ndarray, held: Held,
              selected: int = 0, fading: set[int] = frozenset(), written: bool = False) -> bool:
        """Enter ``word`` in the game's input style, each cell checked where the game shows them;
        False when it showed another path (cancelled, not sent). ``fading``: cells still showing
        the last reply, each waited for until plain before it is entered. ``written``: typed
        already (``Ahead``)."""
        style = self.opts.input.style
        cells = self._cells(word)
        t0 = time.monotonic()
        if style == "drag" and self.opts.feedback.highlight is False and self._echo.known:
            check = self._spelt(len(cells), held)
        elif style in ("drag", "click"):
            check = self._checker(cells, base_colours, held, selected, fading)
            if self._unlit_drag and not self._echo.done:
                check = _dwelling(check)
        else:
            check = None
        points = [self._screen(c) for c in word.path]
        if style == "drag":
            done = actor.swipe(points, check=check)
        elif style == "click":
            confirm = self.opts.input.confirm or "last"  # not known yet: the last cell again, then Return
            done = actor.click_path(points[selected:], confirm, self._button_point(),
                                    check=check and (lambda k: check(k + selected)))
        else:
            actor.driver.move(*points[0])  # without a window manager keys go where the pointer is

            tries = []

            def typed() -> bool:  # the path's colour now is the selection: not part of the reply
                held.frame, shown, spelled = self._typed(base_colours, cells)
                self._selection = self._selection or shown
                held.selection = shown or self._selection
                tries.append(spelled)
                return spelled

            done = actor.type_word(word.word, ready=typed, written=written)
            if written:
                self._ahead_lost = 0 if tries[0] else self._ahead_lost + 1
                self.report.typed_ahead += done and tries[0]
        if done:
            self._entries.append(time.monotonic() - t0)
            self.report.entered.append((word.word, list(word.path)))
        return done

    def _typed(self, base_colours: np.ndarray, cells: list[int]) -> tuple[Frame, RGB | None, bool]:
        """The window once the game shows the typed word's path, the path's colour then (the
        selection: a busy game takes the keys late and clears the path only once it takes the
        Return, so the colour may still show after it, and is no reply), and whether the path it
        shows spells the word (any path of its letters: the game traces its own). Where the game
        is known to show typed words, one it does not show so (a lost key) is not sent; where
        that is not known yet, it is learned as the checker learns it."""
        spec = self.opts.feedback
        want = sorted(self.reading.tiles[c] for c in cells)
        start = time.monotonic()
        deadline = start + (self._show_wait() if spec.highlight is not False else 0.0)
        while True:
            frame = self.grab()
            colours = self.watch.colours(frame.image)
            shown = self.watch.changed_cells(base_colours, colours)
            spelled = sorted(self.reading.tiles[c] for c in shown) == want
            if spelled:
                self._showed(time.monotonic() - start)
                break
            if time.monotonic() > deadline:
                break
            time.sleep(0.01)
        colour = self.watch.path_colour(base_colours, colours, cells)
        self._learn_highlight(spelled, not shown)
        return frame, colour, spelled or not spec.highlight

    def _learn_highlight(self, shown: bool, unlit: bool) -> None:
        """Whether the game shows a word being entered, while unknown: it does once a word's path
        showed (``shown``); it does not once LEARN_WORDS words showed nothing where their first
        cell (or typed path) should (``unlit``). A busy game may just be slow to show one."""
        spec = self.opts.feedback
        if spec.highlight is not None:
            return
        if shown:
            spec.highlight = self.replies.changed = True
            return
        self._unlit += unlit
        if self._unlit >= LEARN_WORDS:
            spec.highlight, self.replies.changed = False, True

    @property
    def _unlit_drag(self) -> bool:
        """A drag in a game not seen to show the selection on its tiles: where the spelt word
        (``Echo``) is the proof of each cell, learned, dwelt for until learned, and its own reply."""
        return self.opts.input.style == "drag" and self.opts.feedback.highlight is not True

    def _learn_echo(self, base: Frame, shown: Frame | None) -> None:
        """Whether a typed word showed anything outside the board as its path showed (an input
        line): where it does, the next word cannot be typed while this one's reply shows there."""
        if shown is not None:
            self._echoes.append(not self.watch.marks(base.image, shown.image, self._stirred(shown.image)))

    def _types_ahead(self) -> bool:
        """Whether the next word is typed while this one's reply shows, as a person types on while a
        busy game answers: in a typing game that shows a typed word's path (each word is checked
        before its Return) and nothing else as it is typed (its reply is watched outside the board),
        whose acceptance shows nothing on the board (a path typed there would hide part of it),
        learned, and that keeps what is typed meanwhile (``AHEAD_LOST``). A refusal's colour on a
        cell of the next word's path is not seen; it still shows no acceptance outside the board."""
        spec = self.opts.feedback
        acc = spec.accepted
        return acc is not None and acc.flash is None and acc.held is None and spec.highlight is True \
            and not self._pending and len(self._echoes) == LEARN_WORDS and all(self._echoes) \
            and self._ahead_lost < AHEAD_LOST and 2 * len(self._next.word) < len(self.reading.tiles)

    def _drop_ahead(self, actor: Actor) -> None:
        """Clear the word typed ahead: it is not sent next (the board is read again, the word is
        taken or too short by now)."""
        actor.erase(self._ahead.word.word)
        self._ahead = None

    def _find_confirm(self, actor: Actor, base: Frame, base_colours: np.ndarray, cells: list[int], held: Held,
                      reply: Reply) -> Reply:
        """A click game's confirm, found on a word whose cells show selected: the last cell clicked
        again (done already), else Return, else a button beside the board whose text says it sends
        (Submit, OK, Готово; never one that says Quit or Hint). Return goes first: where the game
        ignores it, its reply's wait gives a second tap shown late (taking the last cell back) the
        time to show before anything can send the word short. Kept once the game reacts; with
        none, the selection is cleared (Escape) and the next word tries again (no reply). The
        word's colour while held is none: it showed before any confirm (a mark over the tiles
        looks one way on one tile, another over several)."""
        if reply.after:
            self.opts.input.confirm = "last"
            return reply
        buttons = self._send_buttons(base)  # read in the background (from the style search's click, if any)
        tries = [("enter", None)]
        void: set[tuple[str, Box | None]] = set()
        whole, undone = set(cells), set(cells[:-1])
        shown = self._shown(base_colours, cells)
        took_back = False  # the second tap on the last cell took it back
        for i, (confirm, box) in enumerate(tries):
            if shown == undone:  # the second tap took the last cell back (an undo, perhaps shown only
                # now on a busy machine): tapped once more, the word is whole
                took_back = True
                actor.taps([self._screen(divmod(cells[-1], self.reading.cols))])
                shown = self._shown(base_colours, cells, self._poll(
                    lambda colours: self._shown(base_colours, cells, colours) == whole, self._show_wait()))
            if shown != whole:
                break  # nothing selected is left to send
            if box is None:
                actor.driver.key("Return")
            else:
                x, y, w, h = box
                actor.bounds = self._bounds(box)
                actor.taps([(self.origin[0] + x + w / 2, self.origin[1] + y + h / 2)])
            reply = self._reply(base, base_colours, cells, held)
            shown = self._shown(base_colours, cells)
            if shown == undone and (confirm, box) not in void:  # the undo showed only now: no try
                took_back = True
                void.add((confirm, box))
                tries.insert(i + 1, (confirm, box))
                actor.bounds = self._bounds()
                continue
            if reply.sig.flash is not None or not shown:  # a reply on the word, or its selection gone
                self.opts.input.confirm, self.opts.input.button = confirm, box
                self.opts.input.retap = "undoes" if took_back else "keeps"
                self.say(f"the game takes a clicked word by {confirm}" + (f": button {box}" if box else "")
                         + (", a second tap on its last tile takes that tile back" if took_back else ""))
                return reply
            actor.bounds = self._bounds()
            if box is None:  # Return did nothing: the buttons beside the board
                tries += [("button", b) for b in buttons.result()]
        if shown == whole:
            actor.driver.key("Escape")
        return Reply(Signature())

    def _still_selected(self, cells: Iterable[int], selection: RGB | None, wait: float = 0.0) -> set[int]:
        """The cells still in the game's selection colour (``wait``: for up to that long) after a
        click word was cancelled (Escape) or got no reply (a lost confirm): the game kept them
        selected. The next word must not extend them: it starts on a cell not next to them,
        and goes on only once they show plain again (the game started a new selection)."""
        if selection is None:
            return set()

        def kept(colours: np.ndarray) -> set[int]:
            return {c for c in cells if self._looks_selected(colours, c, selection)}

        return kept(self._poll(lambda colours: not kept(colours), wait))

    def _late_seen(self, colours: np.ndarray) -> None:
        """Whether the tile whose tap did not show in time, cancelling its word (a game whose second
        tap on a tile takes it back is not tapped again), shows selected after all, within
        ``hold_wait`` more: the game stalls rather than drops taps, and the time it took counts
        among the shows, so that later taps are waited for as long (line-submit stalling 0.9 s from
        every 12th tap cancelled every word begun in a stall). Looked for wherever the board is
        watched after the cancel, and waited for only until LATE_DROPS late tiles never showed
        (click-lossy drops taps and keeps a selection through Escape: waiting for each cost its
        cancels 0.8 s each, 83.2% of the board's points in 60 s against 100%)."""
        if self._late is None or self._selection is None:
            return
        cell, since = self._late
        now = time.monotonic()
        if self._looks_selected(colours, cell, self._selection):
            self._late = None
            self._showed(now - since)
        elif now > since + self._show_wait() + self.opts.hold_wait:
            self._late, self._dropped = None, self._dropped + 1

    def _wait_late(self) -> None:
        """Wait for the late tile to show (``_late_seen``) until LATE_DROPS late tiles never showed:
        a game that stalls shows its first, and later taps are then waited for as long; one that
        drops taps has each cancel cost no wait from then on."""
        if self._late is None or self._dropped >= LATE_DROPS:
            return
        since = self._late[1]
        self._poll(lambda _: self._late is None,
                   since + self._show_wait() + self.opts.hold_wait - time.monotonic())
        if self._late is not None:
            self._late, self._dropped = None, self._dropped + 1

    def _poll(self, done: Callable[[np.ndarray], bool], wait: float, step: float = 0.02) -> np.ndarray:
        """The cells' colours once ``done`` says so of them, or as they are after ``wait`` s (a game
        repaints a click late under load)."""
        deadline = time.monotonic() + wait
        while True:
            colours = self.cell_colours(self.watch)
            self._late_seen(colours)
            if done(colours) or time.monotonic() > deadline:
                return colours
            self.wait(step)

    def _shown(self, base_colours: np.ndarray, cells: list[int],
               colours: np.ndarray | None = None) -> set[int]:
        """The word's cells that show otherwise than before it was entered (``colours``: as
        captured, else now)."""
        now = self.cell_colours(self.watch) if colours is None else colours
        return self.watch.changed_cells(base_colours, now) & set(cells)

    def _send_buttons(self, base: Frame) -> Future[list[Box]]:
        """Buttons beside the board that say they send a word, found once a round, in the background
        (Tesseract reads each button's text in each language: seconds on a busy machine)."""
        if self._buttons is None:
            boxes = find_buttons(base.image, [self.reading.board_box], 0.5 * self.reading.tile)
            self._texts = self._texts or ThreadPoolExecutor(1, thread_name_prefix="reply-text")
            self._buttons = self._texts.submit(sending_buttons, base.image, boxes)
        return self._buttons

    def _find_style(self, actor: Actor, word: Found, base: Frame) -> str:
        """The first word tries each input style until the game reacts: a drag (a click game sees
        a press and a release on different cells: no click), a click on the first cell (kept
        selected only by click games; a word that left its first tapped cells selected, the next
        not showing, is a click game that lost a tap: clicks are kept, the word cancelled), then
        typing. Cells are compared with the board as it was before the first try (a cancelled drag
        may have left its first cell selected). Where no style got a reaction, the next word tries
        again, up to STYLE_WORDS words; then the game is taken for a silent drag game."""
        start = base
        for style in ("drag", "click", "type"):
            self.opts.input.style = style
            selected = 0
            if style == "click":
                self._send_buttons(start)  # read in the background meanwhile, for the confirm
                kept = self._keeps_a_click(actor, word, start)
                if kept is None:
                    continue
                selected = kept
            base = start if selected else self._settle()[0] or base
            held = Held()
            reply = self._attempt(actor, word, base, selected, held)
            if reply is not None and not reply.empty:
                break
            if held.tapped:
                self.say(f"the game kept {held.tapped} tapped cells of {word.word!r} as its path, and "
                         "not the next: a click game that lost a tap")
                break
            # at rest for the next try; a cell the try left selected for longer than a cell takes
            # to show is kept by the game (a click game selecting on a press), not waited for
            base = self._settle(timeout=self.opts.hold_wait)[0] or self.grab()
        else:
            self._unmoved += 1
            if self._unmoved < STYLE_WORDS:  # a refused word a game shows nothing for, a game not started
                self.opts.input.style = ""
                self.report.swiped += 1
                self.say(f"the game did not react to {word.word!r} typed, clicked or dragged: "
                         "the next word tries again")
                return "none"
            self.opts.input.style, reply = "drag", Reply(Signature())
            self.say("the game did not react to typing, clicks or a drag: dragging, unconfirmed")
        self.replies.changed = True
        self.report.input = self.opts.input.style
        self.say(f"the game takes words by {self.opts.input.style}")
        self.report.swiped += 1
        return "cancelled" if reply is None else self._book(word, reply)

    def _keeps_a_click(self, actor: Actor, word: Found, base: Frame) -> int | None:
        """Whether the game keeps a click on the word's first cell selected (a drag game shows a
        tap only while pressed): None when it does not, else how many cells stay selected after
        Escape (1 where Escape does not clear it: the word goes on from there). A game that selects
        on a press has kept the cancelled drag's press already: that cell is not clicked again (a
        second click may send it as a one-letter word)."""
        colours = self.watch.colours(base.image)
        first = self._cells(word)[0]
        if not (self._alone(colours, first) and self._shows_only(colours, first) is not None):
            actor.taps([self._screen(word.path[0])])
            took = self._shows_only(colours, first)
            if took is None:
                return None
            self._showed(took)
        selection = self.watch.path_colour(colours, self.cell_colours(self.watch), [first])
        actor.driver.key("Escape")
        return len(self._still_selected([first], selection, self.opts.hold_wait))

    def _shows_only(self, colours: np.ndarray, cell: int) -> float | None:
        """The seconds until ``cell`` alone showed selected, where it still does a moment later (a
        busy game repaints late; a drag game shows a tap only while pressed); else None."""
        def alone(now: np.ndarray) -> bool:
            return self.watch.changed_cells(colours, now) == {cell}

        start = time.monotonic()
        if not alone(self._poll(alone, self._show_wait(), 0.05)):  # the search tries "click" now
            return None
        took = time.monotonic() - start
        self.wait(0.3)
        return took if alone(self.cell_colours(self.watch)) else None

    def _alone(self, colours: np.ndarray, cell: int) -> bool:
        """Whether ``cell`` is now the one cell whose colour differs from ``colours``."""
        return self.watch.changed_cells(colours, self.cell_colours(self.watch)) == {cell}

    def _checker(self, cells: list[int], base: np.ndarray, held: Held,
                 selected: int = 0, fading: set[int] = frozenset()) -> Check:
        """``check(k)`` for the actor: PATH once the game shows the first k cells of the path
        selected and nothing else (UNSEEN at once where the game shows no selection), and the next
        cell, if ``fading`` (still in the last reply's colour), is plain again; records the
        path's colour while held (for the reply's signature) at the last cell. The first
        ``selected`` cells show selected already (``base`` is from before)."""
        spec = self.opts.feedback
        base = base.copy()
        # still showing an earlier reply
        ignore = self.watch.changed_cells(self.idle, base) - set(cells[:selected])
        # the path's other cells are told selected by their look at rest: one next to a tile still
        # selected may look a little off it (the neighbour's ring reaches into its rim band), and
        # its own ring then moves it less than a colour's gap from that look, not from rest
        plain = [c for c in cells[selected:] if c not in ignore]
        base[plain] = self.idle[plain]
        stale = set(self._stale)
        # kept by the game, though not seen kept after a word (a click that started a selection as a
        # word was cancelled)
        stale |= ignore & self._in_selection(base)
        unlit = False  # while it is not known whether the game shows a selection: this word's first
        # cell did not show in time, so the next ones are not waited for either
        top = 0  # the most cells checked: a check of fewer is the finger sliding back to cancel

        def check(k: int) -> Shown:
            nonlocal unlit, top
            back, top = k < top, max(top, k)
            want = set(cells[:k])
            wait = self._show_wait() if spec.highlight or (spec.highlight is None and not unlit) else 0
            start = time.monotonic()
            deadline = start + wait
            while True:
                if k == len(cells):  # the whole window, kept as it is just before the word is sent
                    held.frame = self.grab()
                    colours = self.watch.colours(held.frame.image)
                else:
                    colours = self.cell_colours(self.watch)
                changed = self.watch.changed_cells(base, colours)
                # a cell left out for its look as the word began may have had something passing over
                # it then (the next word need not wait for that): once its look changes, it is judged
                # by its idle look, so the game adding it shows
                uncovered = sorted(ignore & changed) if self._passers else []
                if uncovered:
                    ignore.difference_update(uncovered)
                    base[uncovered] = self.idle[uncovered]
                    changed = self.watch.changed_cells(base, colours)
                shown = changed - ignore - (fading - want)
                # where things pass over the board, the selection's look as first learned: a one-cell
                # look now may be what passes over that cell
                selection = self._selection if self._passers and self._selection else \
                    held.selection or self._selection
                # where things pass over the board, a path cell one covers is not shown selected (the
                # game may not have taken it), nor does it say what the path looks like
                covered = self._covered(colours, shown & want, selection) if self._passers else set()
                passing = self._passing(colours, shown - want, (shown & want) - covered, selection)
                self._passers = self._passers or bool(passing)
                if passing and k == len(cells) and time.monotonic() < deadline:
                    time.sleep(0.005)  # the word is sent on this check: what passes is waited out, not
                    continue  # excused (a cell the game added may still be turning to the selection's look)
                if k < len(cells):
                    shown -= passing
                shown -= covered
                if back and spec.highlight:  # each step back waited for, so that the game sees the way
                    if shown == want:  # back cell by cell (a busy page merges moves a frame apart)
                        return Shown.PATH
                    if held.unfollowed or time.monotonic() > start + max(wait, self.opts.hold_wait):
                        held.unfollowed = True  # the game keeps slid-back cells: no more waiting
                        return Shown.OTHER
                    time.sleep(0.005)
                    continue
                if (stale - want) & self.watch.changed_cells(self.idle, colours):  # no new selection yet:
                    if time.monotonic() > deadline:  # the game added the cell to the kept one
                        return Shown.OTHER
                    time.sleep(0.005)
                    continue
                if k <= selected + 1:  # one letter is no word: the game's plain selection colour
                    held.selection = self.watch.path_colour(base, colours, cells[:1])
                    if not (self._passers and self._selection):
                        self._selection = held.selection or self._selection
                if k == len(cells):  # where the game shows the selection, its colour now may be a reply
                    colour = self.watch.path_colour(base, colours, cells, always=bool(spec.highlight))
                    # a selection drawn over the tiles (a stroke, a dot) looks one way on one cell and
                    # another on several, and tells no verdict while held
                    plain = k > 1 and same_colour(colour, held.selection) \
                        or self.watch.mark_only(base[cells[0]], held.selection)
                    held.colour = None if plain else colour
                if spec.highlight is None:  # not known yet
                    if shown == want:
                        self._showed(time.monotonic() - start)
                        self._learn_highlight(True, False)
                        return Shown.PATH
                    if shown - want:
                        return Shown.OTHER  # something else lit up: not the path
                    if time.monotonic() > deadline:
                        unlit = unlit or not shown
                        self._learn_highlight(False, k == 1)
                        return Shown.UNSEEN
                elif not spec.highlight:
                    return Shown.UNSEEN
                elif shown == want:
                    self._showed(time.monotonic() - start)
                    if k < len(cells) and cells[k] in fading and self._plain({cells[k]}, SETTLE) is None:
                        return Shown.OTHER  # it keeps the reply's colour: no flash (cancelled; the next
                        # word waits for the board at rest)
                    return Shown.PATH
                elif not shown and k > 1:
                    return Shown.UNSEEN  # the word so far took its verdict colour, here the plain one (a
                    # lost selection would show as a new one-cell selection at the next cell)
                elif shown - want:
                    return Shown.OTHER
                elif time.monotonic() > deadline:
                    late = shown == want - {cells[k - 1]}  # all but the cell just entered
                    if late and k > 2 and not self.report.input and self.opts.input.style == "click" \
                            and self._stays(base, ignore | fading, shown, TAPS_HELD):
                        held.tapped = k - 1
                    if late and self._retaps():
                        return Shown.LOST
                    held.late = (cells[k - 1], start) if late else None
                    return Shown.OTHER
                time.sleep(0.005)

        return check

    def _spelt(self, length: int, held: Held) -> Check:
        """``check(k)`` for a drag in a game whose tiles show no selection but which spells the
        word under way outside the board (``Echo``): PATH once the spelt word changed after the
        k-th cell, the game's proof that it took that cell, else UNSEEN (the drag goes on paced,
        as in a game that shows nothing). The window then is the one the reply is told from."""
        before = self.grab().image

        def check(k: int) -> Shown:
            nonlocal before
            frame = self._echo.step(self.watch, before, self._show_wait()) if self._echo.known else None
            if not self._echo.known:  # forgotten: the saved profile must not keep it
                self.replies.changed = True
            if frame is not None:
                before = frame.image
            if k == length:
                held.frame = frame or self.grab()
            return Shown.PATH if frame is not None else Shown.UNSEEN

        return check

    def _stays(self, base: np.ndarray, ignore: set[int], cells: set[int], seconds: float) -> bool:
        """Whether ``cells``, and no others but ``ignore``, show changed from ``base`` all through
        ``seconds``: a selection the game keeps, not a tap's press or flash fading out."""
        end = time.monotonic() + seconds
        while True:
            if self.watch.changed_cells(base, self.cell_colours(self.watch)) - ignore != cells:
                return False
            if time.monotonic() > end:
                return True
            time.sleep(0.05)

    def _passing(self, colours: np.ndarray, extra: set[int], path: set[int],
                 selection: RGB | None) -> set[int]:
        """The cells off the path that changed but look neither selected nor like any cell of the
        path that shows (``path``): something passing over the board (a taken word's chip flying
        to its list), not a cell the game added to the selection. Only while the path's cells
        that show share one look (the selection's, or one another's: a path coloured by its
        verdict while held), so a game that gives each tile of a path its own colour has no cell
        excused. A path cell covered by what passes says nothing of the path's look: once things
        were seen passing, it is left out of ``path`` (a chip over a path cell and the next made
        pulse-ring's drags cancelled, 1-7 a round)."""
        if not extra or selection is None:
            return set()
        looks = [tuple(colours[c]) for c in path]
        if not all(self._looks_selected(colours, c, selection) for c in path) \
                and not all(same_colour(look, looks[0]) for look in looks):
            return set()
        return {c for c in extra if not self._looks_selected(colours, c, selection)
                and not any(same_colour(tuple(colours[c]), look) for look in looks)}

    def _covered(self, colours: np.ndarray, path: set[int], selection: RGB | None) -> set[int]:
        """The path's cells that show, but not in the path's look: in a game seen to draw things
        across the board, something passing over them, which hides whether the game took them.
        The path's look is the selection's where any cell shows it (a game shows a selection in
        one look), else the one most of its cells share (a path coloured by its verdict while
        held; not told on one or two cells from one thing passing over both)."""
        if selection is None:
            return set()
        chosen = {c for c in path if self._looks_selected(colours, c, selection)}
        if chosen or len(path) < 3:
            return path - chosen
        alike = max(({d for d in path if same_colour(tuple(colours[c]), tuple(colours[d]))} for c in path),
                    key=len)
        return path - alike if 2 * len(alike) > len(path) else set(path)

    def _retaps(self) -> bool:
        """Whether a tap the game did not show in time may be tapped again: in a click game whose
        word is sent by Return or a button and that was seen to ignore a second tap on a word's last
        tile (``InputSpec.retap``). A tap the game took but showed late is its last tile, so where
        that second tap sends the word or takes the tile back, the word would go short; there the
        word is cancelled once the cell has not shown in the time the game's taps take to show
        (``_show_wait``): waiting on for a dropped tap (up to ``hold_wait``, before) cost click-lossy
        0.55 s a dropped tap, more than trying the word again."""
        spec = self.opts.input
        return spec.style == "click" and spec.confirm in ("enter", "button") and spec.retap == "keeps"

    def _fading(self, colours: np.ndarray) -> set[int]:
        """The last word's cells still in its reply's colour: a flash that clears by itself. Where
        the game shows each cell selected as it is entered, the next word need not wait for it:
        it starts elsewhere, and each of its cells is entered once plain."""
        if self._flash is None or not self.opts.feedback.highlight:
            return set()
        return self._flashing(colours, [self._flash])

    def _flashing(self, colours: np.ndarray,
                  flashes: Iterable[tuple[set[int], RGB]] | None = None) -> set[int]:
        """The cells of the last words (``flashes``: of these) still in their reply's colour: quick
        words' flashes that overlap may colour most of the board, which is then neither covered nor
        greyed out."""
        return {c for cells, colour in (self._flashes if flashes is None else flashes) for c in cells
                if same_colour(tuple(colours[c]), colour)}

    def _show_wait(self) -> float:
        """How long a cell (a typed word's path) may take to show selected. A click or typing game
        may drop a tap or a key (then waiting longer gains nothing): learned from its last shows, a
        busy machine's slower ones raising it. A drag's cell can only come late (a skipped one
        shows another cell at once): ``hold_wait``, never more. A click game's first tap (the style
        search's too), while no cell has shown yet: SLOW_SHOW (the wait ends when it shows; only a
        tap the game ignores costs it)."""
        seen, times, least = SHOWN_WAIT
        style = self.opts.input.style
        if style == "click" and not self._shows:
            return max(self.opts.hold_wait, SLOW_SHOW)
        if style == "drag" or len(self._shows) < seen:
            return self.opts.hold_wait
        return min(self.opts.hold_wait, max(least, times * max(self._shows)))

    def _showed(self, seconds: float) -> None:
        """A cell (a typed path) showed selected ``seconds`` after its input. A game slower than
        ``hold_wait`` (seen only within a first tap's SLOW_SHOW) is given twice its time for every
        later one, up to SLOW_SHOW."""
        self._shows.append(seconds)
        if seconds > self.opts.hold_wait:
            self.opts.hold_wait = min(SLOW_SHOW, 2 * seconds)
            self.say(f"the game shows a tap {seconds:.1f} s late: each is waited for "
                     f"{self.opts.hold_wait:.1f} s")

    def _reply(self, base: Frame, base_colours: np.ndarray, cells: list[int], held: Held,
               again: Callable[[], None] | None = None, ahead: bool = False,
               over: Callable[[np.ndarray], bool] | None = None) -> Reply:
        """Watch the window after a word until it shows all an acceptance shows, or (another reply)
        until the wait runs out: a reply's parts may come frames apart, and one cut short would
        be taken for a refusal, its rest for the next word's reply. ``again`` sends the word once
        more when nothing showed for RESEND times the game's slowest reply yet and the word still
        shows selected: its confirm was lost (a second one after a taken word starts a selection).
        ``ahead``: the next word is typed, its path shown in the selection's colour: the word's
        cells showing it are no part of its reply. ``over``: said of the cells' colours, no reply
        is coming once it has held for OVER_HOLD while nothing else showed (a tap that took a cell
        back sent nothing)."""
        spec = self.opts.feedback
        if spec.silent:
            return Reply(Signature())
        acc = spec.accepted
        if acc is not None and acc.flash is None and not acc.marks:
            limit = 0.1  # the reply is all in the held colour
        elif spec.latency is not None and acc is not None:
            limit = min(2.0, max(0.4, 2.5 * spec.latency))
        else:
            limit = 1.2
        late = max(limit, LATE_REPLY) if acc is not None and (acc.flash is not None or acc.marks) else limit
        resend = None if again is None or spec.latency is None else max(limit, RESEND * spec.latency)
        # a reply showing part of what an acceptance shows may be one whose rest comes late: waited
        # for as long as acceptances took to show whole
        rest = max(limit, 2 * max(self._wholes)) if len(self._wholes) >= LEARN_WORDS else late
        before = held.frame or base
        click = self.opts.input.style == "click"
        entered = self.watch.colours(before.image)  # the word's cells as it was entered
        # what changed since the last reply was watched (a message of it fading out, a typed word's
        # echo) is not taken for this word's reply; where the last reply showed, it is not asked of it
        stirred = self._stirred(before.image)
        if self._unlit_drag:
            stirred = self._echo.unmask(stirred)
        unsure = self.watch.marks(self._last_reply[0], before.image) & self._last_reply[1] \
            if self._last_reply is not None else set()
        reads = self._reads_text()  # the reply's text tells: watched until calm (a message redrawn)
        t0 = time.monotonic()
        first, last, calm = None, None, t0
        flash, marks = None, set()
        first_shown, last_shown = None, None  # the first and last frames showing a change outside the board
        over_since = None
        while True:
            frame = self.grab()
            colours = self.watch.colours(frame.image)
            seen = [c for c in cells if not held.shown(tuple(colours[c]))] if ahead else cells
            now_flash = self.watch.path_colour(base_colours, colours, seen) if seen else None
            selected = now_flash is not None and held.shown(now_flash)
            # only cells that took another look since the word was entered show a reply (the rest of
            # a word whose last cell was taken back is no flash: its mark looks another way on fewer cells)
            moved = [c for c in seen if not same_colour(tuple(colours[c]), tuple(entered[c]))]
            if selected or not moved:
                now_flash = None
            elif len(moved) < len(seen):  # most of the word, as for any flash (a lone cell showing
                # selected late on a busy page is none)
                now_flash = None if 2 * len(moved) <= len(seen) \
                    else self.watch.path_colour(base_colours, colours, moved)
            now_marks = self.watch.marks(before.image, frame.image, stirred)
            marks |= now_marks
            if now_marks:
                first_shown = frame.image if first_shown is None else first_shown
                last_shown = frame.image
            state = (now_flash, frozenset(now_marks))
            if (now_flash is not None or now_marks) and first is None:
                first = time.monotonic() - t0
            if now_flash is not None:
                flash = now_flash
            now = time.monotonic()
            if state != last:
                last, calm = state, now
            # a clicked word still showing as it did once entered was not sent (yet): the colour it
            # showed (a game colouring a selection by its verdict-to-be) is no reply by itself
            pending = click and (selected or not self.watch.changed_cells(entered, colours) & set(cells))
            sig = Signature(None if pending else held.colour, flash, tuple(sorted(marks)),
                            tuple(sorted(unsure)))
            looks = self.replies.verdict(sig) == "accepted"
            taken = looks and (self.score is None or changed(before.image, frame.image, self.score.box)) \
                and (not reads or self._calm_enough(now - calm, now_marks, before, frame, stirred))
            if first is not None and (taken or acc is None and now - calm >= WHOLE_REPLY):
                if taken:
                    self._wholes.append(now - t0)
                break  # all an acceptance shows; or, still learning it, the reply is over
            if first is None:
                bound = late
            elif acc is None:  # still learning: the calm ends it (a game's first replies may be slow)
                bound = LATE_REPLY
            else:
                bound = rest if looks or self.replies.partial(sig) else limit
            if now - t0 > bound:
                break
            if over is not None and first is None:
                over_since = (over_since or now) if over(colours) else None
                if over_since is not None and now - over_since >= OVER_HOLD:
                    break
            if first is None and resend is not None and now - t0 > resend and selected:
                again()
                self.report.resent += 1
                resend = None
            time.sleep(0.01)
        # where its message is read: the last frame, and the last and first that showed a change
        earlier = first_shown if first_shown is not last_shown else None
        looks_in = tuple(f for f in (frame.image, last_shown, earlier) if f is not None)
        text = None
        if reads and sig.marks:
            said = "".join(self.reading.tiles[c] for c in cells)
            self._texts = self._texts or ThreadPoolExecutor(1, thread_name_prefix="reply-text")
            text = self._texts.submit(reply_text, self.watch, before.image, looks_in, said, stirred)
        if first is not None and self.replies.verdict(sig) == "accepted":
            self.replies.seen_latency(first)
        self._flash = (set(cells), flash) if flash is not None else None
        if self._flash is not None:
            self._flashes.append(self._flash)
        self._last_reply = (frame.image, marks | unsure)
        return Reply(sig, (before.image, frame.image), text, looks_in)

    def _calm_enough(self, calm: float, marks: set[str], before: Frame, frame: Frame,
                     stirred: np.ndarray | None) -> bool:
        """Whether a reply told by its text has been calm long enough (``calm`` seconds) to be
        read: TEXT_CALM, or WHOLE_REPLY where the last change was a message clearing, back to the
        window at rest (a toast pops up anew, late on a busy machine)."""
        if calm < TEXT_CALM:
            return False
        return calm >= WHOLE_REPLY or not marks \
            or not self.watch.gone(before.image, frame.image, self._at_rest, stirred)

    def _stirred(self, image: np.ndarray) -> np.ndarray | None:
        """What changed in the window since the last reply was watched (its toast still fading):
        masked out of what the next word's reply may show. Not where the window looks as it did
        before the first word again (a toast gone whole while the word went in): a message popping
        up there is the word's reply."""
        stirred = self.watch.stirred(self._last_reply[0], image) if self._last_reply else None
        if stirred is None or self._at_rest is None or self._at_rest.shape != image.shape:
            return stirred
        showing = self.watch.stirred(self._at_rest, image)  # what shows that did not at rest
        stirred = stirred & showing if showing is not None else None
        return stirred if stirred is not None and stirred.any() else None

    def _book(self, word: Found, reply: Reply) -> str:
        """Book the game's reply to ``word``. While the replies are still being learned, the
        learning words wait for a verdict until "accepted" is known."""
        if self.replies.learned and not self._pending:
            if reply.text is not None and self.replies.verdict(reply.sig) == "accepted":
                self._reading.append((word, reply))  # only its text may refuse it
                return "reading"
            return self._judge(word, reply)
        self._pending.append((word, reply))
        if not self.replies.learned:
            self.replies.learn(reply.sig)
            if not self.replies.learned:
                return "none" if reply.empty else "learning"
        pending, agreed = self._learn_text(self._pending)
        if not agreed:
            self._pending = pending  # their texts, read, kept for the next try
            return "learning"
        self._pending = []
        self._learned()
        return [self._judge(*p) for p in pending][-1]

    def _read_texts(self, wait: bool = False) -> list[tuple[Found, str]]:
        """Book the words whose reply's text has been read (``wait``: all of them, once read): the
        text costs a Tesseract run (0.2-0.5 s), so it is read while the next words go in."""
        done, kept = [], []
        for entry in self._reading:
            (done if wait or entry[1].text.done() else kept).append(entry)
        self._reading = kept
        return [(word, self._judge(word, reply.said(reply.text.result()))) for word, reply in done]

    def _reads_text(self) -> bool:
        """Whether replies are read as text: the game's acceptance says something (see _learn_text)
        and no score tells instead."""
        acc = self.opts.feedback.accepted
        return acc is not None and acc.text is not None and self.score is None

    def _learn_text(self, pending: list[tuple[Found, Reply]]) -> tuple[list[tuple[Found, Reply]], bool]:
        """Where an acceptance shows in one place outside the board and nowhere else (a message:
        a refusal may show one there too, where an acceptance showing in two places, a message and
        a count, is told by the count), what the learning words' replies say: the text most of
        them share ("DOG +3" with the word left out, or a "Nice!" naming none) is what "accepted"
        says (``play.message``). The pending replies carry theirs, and whether they agreed: not
        while their texts disagree (a refusal among two or three), and more words are asked, up to
        TEXT_WORDS."""
        acc = self.opts.feedback.accepted
        if acc is None or acc.held is not None or acc.flash is not None or len(acc.marks) != 1 \
                or self.score is not None:
            return pending, True
        texts = [r.sig.text if r.sig.text is not None else
                 reply_text(self.watch, r.frames[0], r.shown, w.word) if r.shown and r.frames else None
                 for w, r in pending]
        pending = [(w, r.said(t)) for (w, r), t in zip(pending, texts, strict=True)]
        if lists(texts, [w.word for w, _ in pending]):  # the words found, listed: no message
            return pending, True
        said = common(texts)
        if said is None and len({t for t in texts if t}) > 1 and len(pending) < TEXT_WORDS:
            return pending, False
        if said is None:  # no text most of them share: the replies' places and colours tell
            return pending, True
        self.opts.feedback.accepted = replace(acc, text=said)
        self.replies.changed = True
        self.say(f"the game's replies are read as text: a taken word's says {said!r}")
        return pending, True

    def _flush(self) -> None:
        """At the end of a round still learning: the likeliest words' replies, if they all agree,
        are acceptances; otherwise their verdict stays unknown (unconfirmed)."""
        pending, self._pending = self._pending, []
        replied = [r.sig for _, r in pending if not r.empty]
        if replied and self.replies.adopt(replied):
            self._learned()
        for word, reply in pending:
            if self.replies.learned and not reply.empty:
                self._judge(word, reply)
            elif not reply.empty:
                self.report.unconfirmed.append(word.word)

    def _judge(self, word: Found, reply: Reply) -> str:
        sig, frames = reply.sig, reply.frames
        if frames is not None:
            self._late_rise(frames[0])
        rose = self._rose(sig, frames)
        verdict = "sent" if self.opts.feedback.silent else self.replies.verdict(sig, rose)
        self._adopt_score()  # after: a reply watched while the score was unknown was not waited for
        r = self.report
        if verdict == "accepted":
            self._learn_score(frames, word.score)
            listed = self._take(word)
            if self.audit is not None:
                self.audit.taken(word.word, word.score, self._score_moving)
            acc = self.opts.feedback.accepted
            if not rose and acc is not None and set(acc.marks) - set(sig.marks):  # not all it shows
                self._since_rest.append((word, verdict, listed))
        elif verdict == "refused" and word.word in self._no_reply and self._no_reply[word.word].maybe_taken:
            # an earlier try counted after all (not where the score stood still through it, nor where
            # a refusal could not show through it: a refusal missed)
            r.repeated.append(word.word)
            self._since_rest.append((word, "repeated", self._take(word)))
        elif verdict == "refused":
            r.rejected.append(word.word)
            self._refused_at |= set(sig.marks)
            self.say(f"the game refused {word.word!r}: blacklisted")
            self.learned.reject(word.word)
            self._since_rest.append((word, verdict, True))
            self._shortest(len(word.word))
        elif verdict == "sent":
            if word.word not in r.unconfirmed:
                r.unconfirmed.append(word.word)
        else:
            r.unregistered += 1
            self._no_reply[word.word] = Unanswered(rose is False, bool(self._refused_at & set(sig.unsure)))
            if rose is False and frames is not None:
                self._unsettled = (word, frames[1], not sig.empty)
        return verdict

    def _take(self, word: Found) -> bool:
        """Book ``word`` as taken by the game (whitelisted when outside the bundled list: True)."""
        self.report.accepted.append(word.word)
        self.report.points += word.score
        return word.word not in self.base and self.learned.accept(word.word)

    def _void(self) -> None:
        """The round ended (the board covered, the game's clock at 0:00) before the board came to
        rest after the last words: the game's end of round (a "Time's up" panel over the path, a
        greyed board, the clock's last change) may have been taken for their reply. A refusal, or
        an acceptance that did not show all an acceptance shows (a mark excused where the last
        reply still changed), is withdrawn, as unknown: a word the game never got is not counted
        taken, one it took is not blacklisted. An acceptance shown whole, or a rise of the score,
        stands."""
        self._read_texts(wait=True)  # booked first, as they would have been without the round's end
        for word, verdict, listed in self._since_rest:
            booked = self.report.rejected if verdict == "refused" else self.report.accepted
            booked.remove(word.word)
            if verdict == "repeated":
                self.report.repeated.remove(word.word)
            if verdict != "refused":
                self.report.points -= word.score
            if listed:
                self.learned.forget([word.word])
            self.report.unconfirmed.append(word.word)
            self.say(f"the round ended before the board came to rest after {word.word!r}: "
                     "its verdict is not known")
        self._since_rest.clear()

    def _late_rise(self, sent: np.ndarray) -> None:
        """The word before got no verdict while the score stood still: if the score rose from the
        end of its reply to ``sent`` (the window as this word was sent; nothing entered in between),
        that was its reply, drawn late (a browser game's score comes when its server answers):
        it was taken. As in ``_rose``, a move of the score is read only if nothing else showed."""
        pending, self._unsettled = self._unsettled, None
        if pending is None or self.score is None:
            return
        word, after, looked = pending
        if changed(after, sent, self.score.box) and (looked or self.score.rose(after, sent)):
            self.say(f"the score rose after the reply to {word.word!r} looked over: taken")
            self.report.unregistered -= 1
            self._no_reply.pop(word.word, None)
            self._stood = 0
            self._take(word)

    def _rose(self, sig: Signature, frames: Frames | None) -> bool | None:
        """Whether the game's score rose on this reply (None: no score known, not read, or still
        moving from the word before as this one went in). Read by Tesseract only when its place
        changed while the other signs say not taken (rare)."""
        if self.score is None or frames is None or not fits(self.score.box, frames[1]) or self._score_moving:
            return None
        looks_taken = self.replies.verdict(sig) == "accepted"
        if changed(*frames, self.score.box):
            self._stood = 0
            return True if looks_taken else self.score.rose(*frames)
        self._stood += looks_taken
        if self._stood >= LEARN_WORDS:  # the place holds no score now (another layout): not used
            self.say(f"the score at {self.score.box} stood still on {self._stood} words the game took "
                     "by its other signs: not read this round")
            self.score.close()
            self.score = None
            return None
        return False

    def _learn_score(self, frames: Frames | None, points: int) -> None:
        """Offer the window as an accepted word was sent to the search for the score's place (where
        acceptance shows outside the board and no score is known)."""
        acc, spec = self.opts.feedback.accepted, self.opts.feedback
        if frames is not None and acc is not None and acc.marks and spec.score is None:
            self.search.offer(self.watch, frames[0], points)

    def _adopt_score(self, wait: float = 0.0) -> None:
        """Take the score's place once the search for it found it (waiting up to ``wait`` s)."""
        box = self.search.found(wait)
        if box is not None:
            self.opts.feedback.score = box
            self.say(f"the game's score is at {box}")
            self._follow_score(box)
            self.replies.changed = True
            self._learned()

    def _follow_score(self, box: Box) -> None:
        self.score = ScoreReader(box)
        self.audit = ScoreAudit(self.score)

    def _learned(self) -> None:
        if self.on_learn is not None and self.replies.changed:
            self.on_learn(self.opts.input, self.opts.feedback, self.opts.game.min_len)
            self.replies.changed = False

    def _shortest_last(self, queue: list[Found]) -> list[Found]:
        """While the window's text is read for the game's minimum length, words of the shortest
        length the bot plays go last; when only they are left, the reading is waited for (once)."""
        short = self.opts.game.min_len
        if self._rule is not None and not self._rule.done():
            if any(len(w.word) > short for w in queue):
                return sorted(queue, key=lambda w: len(w.word) <= short)
            deadline = time.monotonic() + RULE_WAIT
            while not self._rule.done() and time.monotonic() < deadline:
                self.wait(0.1)
            if not self._rule.done():
                self._rule = None  # not waited for again
        self._said_minimum()
        return queue

    def _said_minimum(self) -> bool:
        """Adopt the minimum length the window states, once read, where it is above the bot's
        (a word too short costs a refusal; the profile keeps it). Whether it was adopted."""
        if self._rule is None or not self._rule.done():
            return False
        rule, self._rule = self._rule, None
        said = rule.result() if rule.exception() is None else None  # a failed reading states nothing
        if said is None or said <= self.opts.game.min_len:
            return False
        self.opts.game = replace(self.opts.game, min_len=said)
        self.replies.changed = True
        self.say(f"the game says its words have {said} letters or more: no shorter word is played")
        self._learned()
        return True

    def _shortest(self, length: int) -> None:
        """Two words of one length refused while the game took none that short: its words are
        longer. Shorter words are no longer played, and the refused ones are not blacklisted."""
        refused = [w for w in self.report.rejected if len(w) == length]
        if len(refused) < 2 or length < self.opts.game.min_len or \
                any(len(w) <= length for w in self.report.accepted):
            return
        self.opts.game = replace(self.opts.game, min_len=length + 1)
        self.learned.forget(refused)
        self.replies.changed = True
        self.say(f"the game takes words of {length + 1} letters or more")
        self._learned()

    # --- two words in flight -------------------------------------------------------------------
    def _partner(self, queue: list[Found], word: Found) -> Found | None:
        """A word to enter while ``word``'s reply is on its way, where that pays and the two replies
        can still be told apart: the game sets the pace (its acceptances take longer to show than
        a word to enter), its replies show nothing on the board, and its score is known; words are
        dragged and each cell is seen selected (a late reply that clears the game's input or
        selection is then seen, and the word cancelled, not sent in part)."""
        acc, style = self.opts.feedback.accepted, self.opts.input.style
        if style != "drag" or not self.opts.feedback.highlight or acc is None or acc.flash is not None \
                or self.score is None or not self.replies.learned \
                or min(len(self._wholes), len(self._entries)) < LEARN_WORDS \
                or statistics.median(self._wholes) <= statistics.median(self._entries):
            return None
        return self.pairing.partner(queue, word, bool(self.report.rejected or self.report.guessed))

    def _enter_pair(self, actor: Actor, words: list[Found], base: Frame) -> list[tuple[Found, str]]:
        """Enter ``words`` one after another without waiting for replies, then book them by the
        score: as many separate changes of it as words, all taken (once that proved right); else
        its rise, read, names the words taken. One it did not take is tried again alone: its own
        reply is the evidence a refusal needs."""
        self._late_rise(base.image)  # a word before without a verdict: settled before the pair's changes
        self._last_reply = None  # the pair changes the window: not the fading part of a reply before it
        first, events = base, Motion(self.score.box, base.image)
        sent: list[Found] = []
        results: list[tuple[Found, str]] = []
        for word in words:
            colours = self._plain(self._cells(word), 0.5) if sent else self.watch.colours(base.image)
            if colours is None:
                results.append((word, "unsent"))
                continue
            try:
                done = self._send(actor, word, colours, Held())
            except Moved:
                results.append((word, "moved"))
                continue
            self.report.swiped += 1
            if not done:
                results.append((word, "cancelled"))
                continue
            sent.append(word)
            events.feed(self.grab().image, time.monotonic())
        self.report.paired += len(sent) if len(sent) > 1 else 0
        start, rest = time.monotonic(), 2 * max(self._wholes)
        frame, rise = first, None
        while sent:
            frame = self.grab()
            events.feed(frame.image, time.monotonic())
            waited = time.monotonic() - start
            if events.calm and (events.count >= len(sent) or waited > rest) or waited > rest + LATE_REPLY:
                break
            if events.calm and events.count and rise is None and waited > max(self._wholes):
                # changes too close together count once: the score read may show all taken
                rise = self.score.rise_later(first.image, frame.image)
            if rise is not None and rise.done() and rise.result() == sum(w.score for w in sent):
                break
            time.sleep(0.01)
        if rise is not None and not self.pairing.counted(sent, events.count):
            rise.result()  # its readings, kept by the reader, serve the booking where the score is as read
        booked = self._taken(sent, events.count, first.image, frame.image) or Booking([], sent)
        taken, unknown = booked.taken, booked.unknown
        for word in sent:
            if word in unknown:
                self.report.unconfirmed.append(word.word)
                results.append((word, "unconfirmed"))
            elif word in taken:
                self._take(word)
                results.append((word, "accepted"))
            else:
                self.pairing.solo.add(word.word)
                results.append((word, "alone"))
        return results

    def _taken(self, sent: list[Found], count: int, before: np.ndarray, after: np.ndarray) -> Booking | None:
        """The words of ``sent`` the game took and those it is not known of, from the score's
        ``count`` changes, else its rise from ``before`` to ``after``, read (``Pairing.book``)."""
        if self.pairing.counted(sent, count):
            return Booking(sent, [])
        booking = self.pairing.book(sent, count, self.score.rise(before, after),
                                    lambda w: float(self.lex.freq[self.lex.index(w.word)]))
        if booking is None:
            self.say("the score's rise did not tell which words the game took: one word at a time")
        elif booking.unknown:
            self.report.guessed.append(booking.taken[0].word)
            words = ", ".join(w.word for w in [*booking.taken, *booking.unknown])
            self.say(f"the game took one of {words} (worth the same): booked {booking.taken[0].word!r}, "
                     "the other not known")
        return booking

    def _plain(self, cells: Iterable[int], timeout: float) -> np.ndarray | None:
        """The cells' colours once ``cells`` show idle again (the last reply's flash fading, the word
        entered just before still selected); None if they keep another colour for ``timeout`` s."""
        cells, deadline = set(cells), time.monotonic() + timeout
        while True:
            colours = self.cell_colours(self.watch)
            if not self.watch.changed_cells(self.idle, colours) & cells:
                return colours
            if time.monotonic() > deadline:
                return None
            time.sleep(0.005)

    # --- stillness, noise, the end of the round ------------------------------------------------
    def _learn_noise(self) -> None:
        """Watch the idle window for a moment: what changes now is a clock or an animation, from frame
        to frame and over the whole moment (a bar that shrinks by a fraction of a pixel a frame)."""
        end = time.monotonic() + self.opts.noise_watch
        prev = first = self._at_rest = self.grab(idle=True).image
        while time.monotonic() < end:
            self.wait(0.05)
            frame = self.grab(idle=True).image
            self.watch.learn_noise(prev, frame)
            prev = frame
        self.watch.learn_noise(first, prev)

    def _settle(self, queue: list[Found] | None = None, timeout: float = SETTLE,
                typed: bool = False) -> tuple[Frame | None, Found | None]:
        """A frame with the board at rest for the next word, and that word: the best of ``queue``
        whose cells show no earlier reply (long words cover much of a small board; else the best),
        its cells at their idle colour (all cells without a queue) and nothing changing outside the
        board, so the next change there is the game's reply to it. No frame when (nearly) every
        cell shows another colour: covered or greyed out (the round may be over). ``typed``: the
        word (``queue``'s one) is typed already: its path shows, and only the outside is waited
        for."""
        start = time.monotonic()
        deadline = start + timeout
        lettered = {i for i, t in enumerate(self.reading.tiles) if t}
        prev, motion = None, None  # motion: the score's place (where known) over this wait
        check = self.audit is not None and self.audit.due  # the score must rest: held still from the start
        fast = self._board_tells()  # the score is not waited for; still only if it held still from the start
        # the window as the last reply was booked: unchanged since, it is at rest (one grab, not two)
        booked = self._last_reply[0] if self._last_reply is not None else None
        while True:
            frame = self.grab()
            colours = self.watch.colours(frame.image)
            self._late_seen(colours)
            busy = self.watch.changed_cells(self.idle, colours)
            if len((busy & lettered) - self._flashing(colours)) >= 0.8 * len(lettered):
                self._void()
                self._greyed_or_covered()
                return None, None
            # a first tap on a cell the game shows selected may send what it kept (the last cell
            # tapped again) before any check can stop it: no word starts there
            kept = (set() if typed else busy) | self._stale | self._in_selection(colours)
            safe = [w for w in queue or () if self._cells(w)[0] not in kept]
            if queue and not safe:
                if time.monotonic() > deadline:  # the game keeps these cells coloured: their colour now
                    self._adopt(colours, busy)
                    return None, None
                prev = frame
                self.wait(0.05)
                continue
            # a word through a kept cell is always cancelled (the check cannot see it selected anew)
            clear = [w for w in safe if not self._stale & set(self._cells(w))] or safe
            word = next((w for w in clear if not busy & set(self._cells(w)) and not self._in_the_way(w)),
                        clear[0]) if queue else None
            wanted = set() if typed else set(self._cells(word)) if word is not None else lettered
            # a kept selection does not clear by waiting (a new one clears it); the last reply's flash
            # fading from the word's later cells is waited for as each is entered
            fading = self._fading(colours)
            waiting = busy - self._stale - (fading - {self._cells(word)[0]} if word else set())
            # what still changes since the last reply (its toast fading) is masked out of the next
            # word's reply: not waited for
            stirred = self._stirred(frame.image)
            earlier = prev.image if prev is not None else booked
            if earlier is not None and earlier.shape != frame.image.shape:
                earlier = None
            # against the last reply's window, nothing is masked: anything since is a change
            quiet = earlier is not None and not self.watch.marks(earlier, frame.image,
                                                                 stirred if prev is not None else None)
            # the last word's cells still showing its reply are entered once plain (``_fading``): their
            # animation is not waited for; where things pass over the board, a cell off the word's path
            # that changes is one of them (the check waits it out before the release)
            rest = (wanted or lettered) if self._passers else lettered
            still = self._cells_still(earlier, colours, rest - fading, start)
            if self.score is not None and earlier is not None:
                # a check of the score waits for it to hold still from the start of this wait
                motion = motion or Motion(self.score.box, earlier, since=start if check or fast else None)
                motion.feed(frame.image, time.monotonic())
            scored = fast or self._score_still(motion, start)
            if quiet and still and not waiting & wanted and scored:
                self._rested(frame, motion, check, fast)
                return frame, word
            if time.monotonic() > deadline:
                if prev is not None and not quiet:  # keeps changing by itself: noise
                    self.watch.learn_noise(prev.image, frame.image)
                self._adopt(colours, waiting & wanted)  # the game keeps them coloured: their colour now
                self._rested(frame, motion, check, fast)
                return frame, word
            prev = frame
            self.wait(0.015)

    def _cells_still(self, earlier: np.ndarray | None, colours: np.ndarray, cells: set[int],
                     start: float) -> bool:
        """Whether none of ``cells`` changed its look, by even a quarter of a selection's change,
        since ``earlier`` (the window a moment before, or as the last reply was booked): a tile
        in a transition (shrinking back, fading) is not at rest yet. Waited for up to CELL_REST."""
        if earlier is None or time.monotonic() - start > CELL_REST:
            return True
        return not self.watch.changed_cells(self.watch.colours(earlier), colours, COLOUR / 4) & cells

    def _board_tells(self) -> bool:
        """Whether the next word may go in while the score still counts up from the last (judged by
        the board, checked against the score later: ``ScoreAudit``): the game shows an acceptance on
        the board itself, and the score's rises bore that out so far."""
        acc = self.opts.feedback.accepted
        return self.score is not None and acc is not None and acc.flash is not None \
            and self.audit.failed is None and not self.audit.due

    def _rested(self, frame: Frame, motion: Motion | None, check: bool, fast: bool) -> None:
        """The board is at rest for the next word. Where the score was not waited for (``fast``),
        whether it may still move: unless it held still from the wait's start, its rise is no evidence
        of this word's verdict. Where it was waited for to rest so (``check``), a check of the words the
        board alone judged."""
        self._since_rest.clear()
        still = motion is not None and motion.still(time.monotonic())
        self._score_moving = fast and not still
        if self.score is None:
            return
        if check and still:
            self.audit.rest(frame.image)
        self._audited()

    def _audited(self, wait: float | None = 0.0) -> None:
        failed = self.audit.check(wait) if self.audit is not None else None
        if failed:
            self.say(failed)

    def _score_still(self, motion: Motion | None, start: float) -> bool:
        """Whether the score's place (where known) held still (``Motion``) over this wait: a score
        still counting up to the last word's points would rise through the next word's reply
        whatever the game said to it. Waited for up to SCORE_REST from ``start``; a place that keeps
        changing longer (a clock beside it) is not waited for longer."""
        now = time.monotonic()
        return motion is None or now - start > SCORE_REST or motion.still(now)

    def _adopt(self, colours: np.ndarray, cells: set[int]) -> None:
        """Take ``cells``' colours now for their idle ones, but never a kept selection's: adopted,
        it would look idle, and a word starting next to it would extend it unseen."""
        for c in cells - self._stale - self._in_selection(colours):
            self.idle[c] = colours[c]

    def _in_selection(self, colours: np.ndarray) -> set[int]:
        """Cells in a click game's selection colour (once known)."""
        if self.opts.input.style != "click" or self._selection is None:
            return set()
        return {c for c in range(len(colours)) if self._looks_selected(colours, c, self._selection)}

    def _looks_selected(self, colours: np.ndarray, cell: int, selection: RGB) -> bool:
        """Whether ``cell`` shows the game's selection: its colour, or where the game draws a mark
        over selected tiles (their fill as it was), any such mark (it crosses each tile its own way)."""
        idle = self.idle[cell]
        return same_colour(tuple(colours[cell]), selection) \
            or self.watch.mark_only(idle, selection) and self.watch.mark_only(idle, tuple(colours[cell]))

    def _touch(self, a: int, b: int) -> bool:
        """Whether cells ``a`` and ``b`` (row-major) are one cell or neighbours."""
        cols = self.reading.cols
        return a == b or adjacent(divmod(a, cols), divmod(b, cols))

    def _in_the_way(self, word: Found) -> bool:
        """Whether a selection the game kept would make ``word`` another path: it runs through a
        kept cell or starts next to one."""
        first = self._cells(word)[0]
        return bool(self._stale & set(self._cells(word))) or any(self._touch(first, i) for i in self._stale)

    def _untap(self, actor: Actor) -> bool:
        """Clear a selection the game kept through Escape where a second tap on a selection's last
        tile takes that tile back (``InputSpec.retap`` "undoes"): its tiles tapped again from the
        last, each once the game showed the one before taken back, so the next word starts on a
        plain board (on line-submit, a selection kept after a stall made every later word another
        path). A tap on a tile that is not the last (the order was not as known) starts a selection
        of that tile alone, which the next tap takes back. Stops where a tap does not show (a stall):
        what is left is kept clear of, and untapped before the next word. True when cleared."""
        if self.opts.input.retap != "undoes" or self._selection is None or not self._stale:
            return False
        kept = set(self._stale)
        order = [c for c in kept if c not in self._kept] + [c for c in self._kept if c in kept]
        for _ in range(len(kept) + 2):
            last = order[-1]
            actor.taps([self._screen(divmod(last, self.reading.cols))])
            now = self._in_selection(self._poll(lambda colours, was=kept: self._in_selection(colours) != was,
                                                self._show_wait(), 0.01))
            if now == kept:  # not shown in time: left for later
                break
            order = order[:-1] if now == kept - {last} else [last] if now == {last} else \
                [c for c in order if c in now] + [c for c in now if c not in order]  # a late tap's: last
            kept = now
            if not kept:
                break
        self._stale, self._kept = kept, [c for c in order if c in kept]
        if not kept:
            self.report.cleared += 1
            if self.report.cleared == 1:
                self.say("the game kept a cancelled word's tiles selected through Escape: tapped again "
                         "from the last, each taken back")
        return not kept

    def _clear_kept(self, actor: Actor, word: Found) -> Frame | None:
        """A selection the game kept that ``word`` cannot get clear of (late in a round every word
        left may start next to it or run through it): one tap on a cell apart from it, from the
        word and from its first cell's neighbours starts a selection of that cell alone, which the
        word's first tap then replaces. One tap selects a cell and sends nothing. The window once
        the game shows that cell alone selected; None when no cell is apart or it did not show so."""
        cells = self._cells(word)
        busy = self.watch.changed_cells(self.idle, self.cell_colours(self.watch))  # a cell kept unseen
        apart = [c for c, t in enumerate(self.reading.tiles) if t and c not in cells and c not in busy
                 and not self._touch(c, cells[0]) and not any(self._touch(c, s) for s in self._stale)]
        if not apart or self._selection is None:
            return None
        cell = apart[0]
        actor.taps([self._screen(divmod(cell, self.reading.cols))])
        shown = self._in_selection(self._poll(lambda colours: self._in_selection(colours) == {cell},
                                              self._show_wait(), 0.01))
        if shown != {cell}:
            self._stale |= shown
            return None
        self._stale = {cell}
        self.report.cleared += 1
        return self.grab()

    def _greyed_or_covered(self) -> None:
        """Every cell changed colour: wait a moment; if the board is still there with the same
        letters but another colour, the game greyed it out: the round is over."""
        self.wait(1.0)
        frame = self.grab()
        busy = self.watch.changed_cells(self.idle, self.watch.colours(frame.image))
        if len(busy) < 0.8 * len(self.idle):
            return
        reading = self._read(frame)
        if reading is not None and reading.tiles == self.reading.tiles:
            raise RoundOver("round over: the game greyed out the board")
        self.say("board looks covered: paused")

    # --- geometry ------------------------------------------------------------------------------
    def _cells(self, word: Found) -> list[int]:
        return [r * self.reading.cols + c for r, c in word.path]

    def _bounds(self, button: Box | None = None) -> Bounds:
        """Where input may go: the board and the game's confirm button (``button``: one being tried)."""
        ox, oy = self.origin
        boxes = [self.reading.board_box, *(b for b in (self.opts.input.button, button) if b is not None)]
        return Bounds(tuple((ox + x, oy + y, w, h) for x, y, w, h in boxes))

    def _actor(self) -> Actor:
        if self.make_actor is None:
            raise WordbotError("no input driver configured")
        actor = self.make_actor(self._bounds())
        check_jitter(actor.pacing.jitter, self.reading.tile)  # the tile is known only now
        actor.guard = self._offset
        return actor

    def _button_point(self) -> tuple[float, float] | None:
        if self.opts.input.button is None:
            return None
        x, y, w, h = self.opts.input.button
        return self.origin[0] + x + w / 2, self.origin[1] + y + h / 2

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


def _dwelling(check: Check) -> Check:
    """``check``, with ``LEARN_DWELL`` on each cell it did not see shown."""
    def dwelt(k: int) -> Shown:
        shown = Shown(check(k))
        if shown == Shown.UNSEEN:
            time.sleep(LEARN_DWELL)
        return shown
    return dwelt
