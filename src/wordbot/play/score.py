"""The game's score, read from its window.

Where it is, is learned, not assumed: of the text outside the board that changed from each of
the first accepted words to the next, the score is the number that grew on every one of them (and
so never went back); of several such (a word count beside it), the largest. A word's part runs to
the next word, not to the end of its reply as watched: that is cut once it looks like an
acceptance, and a score drawn after the rest (a page repainting it when its server answers, late
under load) lands later. A message's "+4" beside a word is no score: it must grow on five words in a
row to pass for one. Its box is saved in the profile's feedback spec. In play its digits are read
with Tesseract (digits only; three reads that vote, side by side; digits the votes agreed on are
learned and read by their pixels: ``DigitGlyphs``) in a background thread,
every few seconds and only when its place changed, and once more at the end of the round; a
word's reply asks for a reading of its own only when the score moved while the other signs say
the word was not taken, or when a word left without a verdict saw it move before the next word.
"""

from __future__ import annotations

import threading
from collections import Counter, deque
from collections.abc import Sequence
from concurrent.futures import Future, ThreadPoolExecutor

import cv2
import numpy as np

from wordbot.ocr.text import (
    DIGITS,
    Box,
    Page,
    Token,
    grown_box,
    line_page,
    read,
    read_pages,
    union,
    word_boxes,
)
from wordbot.play.digits import DigitGlyphs
from wordbot.play.feedback import Watch, differs

Frames = tuple[np.ndarray, np.ndarray]  # (before a word, after its reply) window pixels (BGR)
WORDS = 5  # accepted words the score is found from: a message's "+3" rarely grows five times running
SEARCHES = 3  # searches for the score's place a round, each on the next WORDS + 1 accepted words: one
# misread reading makes a search miss it
HEIGHT = 32  # pixels: the digit height Tesseract is given (238 numbers in 8 looks: 5 misread at 32, 11
# at 48 where serif fives read as 3 or 9; as one word, --psm 8, 17)
ONLY_DIGITS = " -c tessedit_char_whitelist=0123456789"
VOTES = (("--psm 6", HEIGHT), ("--psm 8", 48), ("--psm 13", 32))  # three reads of one number, each
# wrong on other glyphs: of those with the most digits, the two that agree win
MORE_VOTES = (("--psm 8", 64), ("--psm 13", 48), ("--psm 6", 24))  # asked where those three disagree
# (Comfortaa Bold's leading 5 read 9 by the first at 32-48 px while the third lost a digit: "92400",
# "52400", "2400"); of all six, the reading most of those with the most digits gave wins, else the first


def fits(box: Box, image: np.ndarray) -> bool:
    x, y, w, h = box
    return x >= 0 and y >= 0 and w > 0 and h > 0 and x + w <= image.shape[1] and y + h <= image.shape[0]


def score_page(image: np.ndarray, box: Box, height: int = HEIGHT, grown: Box | None = None) -> Page | None:
    """The line of text at ``box`` grown over the whole words it touches (a score may have gained
    a digit since its box was learned; ``grown``: that growth, where the caller has it); None when
    blank or off the image."""
    if not fits(box, image):
        return None
    return line_page(image, grown or grown_box(image, box), height)


def number_at(tokens: Sequence[Token], box: Box) -> int | None:
    """The number among ``tokens`` that overlaps ``box`` the most (a label or a neighbouring
    number beside it does not); None when no token of digits overlaps it. Digits Tesseract gave as
    separate tokens (a widely spaced "9 7") are one number when the gap between them is narrower
    than a digit's height (a space between words is wider)."""
    runs: list[tuple[str, Box]] = []
    for t in sorted((t for t in tokens if t.text.isdigit()), key=lambda t: t.box[0]):
        if runs:
            text, (rx, ry, rw, rh) = runs[-1]
            if t.box[0] - (rx + rw) < max(rh, t.box[3]):
                top, bottom = min(ry, t.box[1]), max(ry + rh, t.box[1] + t.box[3])
                runs[-1] = (text + t.text, (rx, top, t.box[0] + t.box[2] - rx, bottom - top))
                continue
        runs.append((t.text, t.box))
    x, _, w, _ = box
    best, value = 0, None
    for text, (tx, _, tw, _) in runs:
        overlap = min(x + w, tx + tw) - max(x, tx)
        if len(text) <= 9 and overlap > best:
            best, value = overlap, int(text)
    return value


def read_numbers(jobs: Sequence[tuple[np.ndarray, Box]], batch: bool = False) -> list[int | None]:
    """The number at each (image, box) (None: not read), by three votes. ``batch``: all in one
    Tesseract call, one vote (the process start paid once: the search for the score's place)."""
    if not batch:
        return [_voted(image, box)[0] for image, box in jobs]
    pages = [score_page(image, box) for image, box in jobs]
    tokens = iter(read_pages([p for p in pages if p is not None], config=DIGITS))
    return [None if p is None else number_at(next(tokens), box)
            for p, (_, box) in zip(pages, jobs, strict=True)]


def _voted(image: np.ndarray, box: Box, grown: Box | None = None) -> tuple[int | None, bool]:
    """The number at ``box`` by three votes (six where the three disagree), and whether it won by
    agreement; ``grown``: as ``score_page``'s (grown once for all the votes)."""
    grown = grown or (grown_box(image, box) if fits(box, image) else None)
    values = _votes(image, box, grown, VOTES)
    if values is None:
        return None, False
    value, agreed = _tally(values)
    more = None if agreed else _votes(image, box, grown, MORE_VOTES)
    if more is not None:
        value, agreed = _tally(values + more)
    return value, agreed


def _votes(image: np.ndarray, box: Box, grown: Box | None,
           modes: Sequence[tuple[str, int]]) -> list[int | None] | None:
    """The number at ``box`` read once per mode and digit height, side by side (a process each)."""
    pages = [score_page(image, box, height, grown) for _, height in modes]
    if any(page is None for page in pages):
        return None
    with ThreadPoolExecutor(len(modes), thread_name_prefix="wordbot-score-vote") as votes:
        return list(votes.map(lambda job: number_at(read(job[0], config=job[1][0] + ONLY_DIGITS), box),
                              zip(pages, modes, strict=True)))


def _tally(values: list[int | None]) -> tuple[int | None, bool]:
    """The reading of ``values`` that wins, and whether it won by agreement: more of the readings
    with the most digits gave it than any other, two at least. A misread drops a digit far more
    often than it adds one (two of the reads gave "7" for a shown "97"): only those vote."""
    most = max((len(str(v)) for v in values if v is not None), default=0)
    seen = [v for v in values if v is not None and len(str(v)) == most]
    ranked = Counter(seen).most_common(2)
    if ranked and ranked[0][1] >= 2 and (len(ranked) == 1 or ranked[0][1] > ranked[1][1]):
        return ranked[0][0], True
    return values[0] if values[0] in seen else (seen[0] if seen else None), False


def changed(a: np.ndarray, b: np.ndarray, box: Box) -> bool:
    """Whether the score's place (grown by half a text height on each side) differs between two
    frames by more than a speck."""
    if a.shape != b.shape or not fits(box, a):
        return False
    x, y, w, h = box
    m = h // 2
    crop = np.s_[y: y + h, max(0, x - m): x + w + m]
    diff = differs(a[crop], b[crop])
    return int(diff.sum()) >= max(3, h // 4)


class Motion:
    """The score's place over a run of frames: its separate changes counted, and when it last moved.

    A change ends only once the place held still for ``CALM_FRAMES`` frames, so one repaint split
    over two captures counts once (two replies that close together count once too: too few, never
    too many). A count-up eases out, its last steps frames apart (more so on a busy page), so two
    grabs alike say little: the place is still once it held for twice the longest pause seen
    between its moves, and at least ``CALM`` seconds after a move, or after ``since`` (when given:
    the time of ``first``) if it never moved."""

    CALM_FRAMES = 2
    CALM = 0.15

    def __init__(self, box: Box, first: np.ndarray, since: float | None = None):
        self.box, self._prev = box, first
        self.count, self._frames_still = 0, self.CALM_FRAMES
        self._since, self._moved = since, None
        self._pause = 0.0

    def feed(self, image: np.ndarray, at: float) -> None:
        if changed(self._prev, image, self.box):
            self.count += self.calm
            self._frames_still = 0
            if self._moved is not None:
                self._pause = max(self._pause, at - self._moved)
            self._moved = at
        else:
            self._frames_still += 1
        self._prev = image

    @property
    def calm(self) -> bool:
        """Held still for ``CALM_FRAMES`` frames: the last change is over."""
        return self._frames_still >= self.CALM_FRAMES

    def still(self, at: float) -> bool:
        """Held still long enough at ``at`` for a count-up's slowest step to have come."""
        last = self._moved if self._moved is not None else self._since
        return last is None or at - last >= max(self.CALM, 2 * self._pause)


def changed_words(watch: Watch, before: np.ndarray, after: np.ndarray) -> list[Box]:
    """The boxes of the words of text outside the board (and its noise) that changed."""
    diff = watch.outside(before, after)
    if not diff.any():
        return []
    n, labels, stats, _ = cv2.connectedComponentsWithStats(cv2.dilate(diff, np.ones((3, 3), np.uint8)))
    boxes = []
    for i in range(1, n):
        if max(stats[i, cv2.CC_STAT_WIDTH], stats[i, cv2.CC_STAT_HEIGHT]) >= watch.pitch * 0.1:
            boxes += word_boxes(after, (labels == i) & (diff > 0), watch.box)
    return boxes


def _same_place(a: Box, b: Box) -> bool:
    """Text of one height on the same line, overlapping sideways (a number that gained a digit is
    the same one; the badge around it, grown with it, is not)."""
    rows = min(a[1] + a[3], b[1] + b[3]) - max(a[1], b[1])
    cols = min(a[0] + a[2], b[0] + b[2]) - max(a[0], b[0])
    return rows >= 0.7 * max(a[3], b[3]) and cols > 0


def _grew(values: list[int | None]) -> bool:
    """Readings of the window as each accepted word was sent: every one read but the first (a
    score may show nothing before the first word) and each above the one before."""
    steps = zip(values, values[1:], strict=False)
    return None not in values[1:] and all(a is None or a < b for a, b in steps)


def find_score(watch: Watch, sent: Sequence[np.ndarray], points: Sequence[int] = ()) -> Box | None:
    """The score's box, from the window as each of ``WORDS`` + 1 accepted words was sent: from one
    to the next, all of a word's reply showed (a part drawn late too); None when no number outside
    the board grew on every word. ``points``: each word's worth by the rules played: a number that
    rose by one on every word worth more is a count of words ("12 / 87"), not a score. One
    Tesseract call."""
    replies = list(zip(sent, sent[1:], strict=False))
    places: list[list[Box]] = []  # a box per word so far, of each place that changed on all of them
    for k, (before, after) in enumerate(replies):
        boxes = changed_words(watch, before, after)
        for box in boxes if k == 0 else ():
            same = [p for p in places if _same_place(p[0], box)]
            if same:
                same[0][0] = union(same[0][0], box)
            else:
                places.append([box])
        for p in places if k else ():
            hit = [b for b in boxes if _same_place(p[-1], b)]
            if hit:
                p.append(union(*hit))
        places = [p for p in places if len(p) == k + 1]
    boxes = [union(*p) for p in places]
    values = read_numbers([(f, box) for box in boxes for f in sent], batch=True)
    best: tuple[int, Box] | None = None
    for i, box in enumerate(boxes):
        seen = values[i * len(sent): (i + 1) * len(sent)]
        if _grew(seen) and not _counts(seen, points) and (best is None or seen[-1] > best[0]):
            best = (seen[-1], box)
    return None if best is None else best[1]


def _counts(values: list[int | None], points: Sequence[int]) -> bool:
    """Whether readings that grew on every word rose by one a word where the words were worth
    more: a count of words found, not their points."""
    steps = [(b - a, p) for a, b, p in zip(values, values[1:], points, strict=False) if a is not None]
    return bool(steps) and all(d == 1 for d, _ in steps) and any(p != 1 for _, p in steps)


class ScoreSearch:
    """The search for the score's place during play: the window as each accepted word was sent is
    kept; at the (WORDS + 1)th the place is searched off the loop (its Tesseract calls take a
    second), and a search that finds nothing starts again on the next words, SEARCHES times."""

    def __init__(self) -> None:
        self._sent: list[tuple[np.ndarray, int]] = []
        self._thread: threading.Thread | None = None
        self._found: Box | None = None
        self._runs = 0

    def offer(self, watch: Watch, sent: np.ndarray, points: int) -> None:
        """The window as an accepted word worth ``points`` was sent."""
        if len(self._sent) > WORDS:  # searched, or being searched
            return
        self._sent.append((sent, points))
        if len(self._sent) > WORDS:
            self._runs += 1
            frames, worth = (list(v) for v in zip(*self._sent, strict=True))
            self._thread = threading.Thread(target=self._run, args=(watch, frames, worth), daemon=True,
                                            name="wordbot-find-score")
            self._thread.start()

    def found(self, wait: float = 0.0) -> Box | None:
        """The score's place, once a search that found it is over (waiting up to ``wait`` s); given
        once."""
        if self._thread is None:
            return None
        self._thread.join(wait)
        if self._thread.is_alive():
            return None
        self._thread = None
        if self._found is None and self._runs < SEARCHES:
            self._sent = []  # the next accepted words are searched again
        return self._found

    def _run(self, watch: Watch, sent: list[np.ndarray], points: list[int]) -> None:
        try:
            self._found = find_score(watch, sent, points)
        except (ImportError, OSError):  # no Tesseract: the score stays unread
            self._found = None


class ScoreReader:
    """Follows the score at ``box`` during a round. Play offers the frames it grabs anyway
    (``feed``, cheap); a daemon thread reads the score when its place changed since the last
    reading, at most every ``every`` seconds, so Tesseract never stalls the loop; a rise play waits
    for is read in a thread of its own (``rise_later``). Digits Tesseract read are learned and, once
    trusted, read by their pixels (``DigitGlyphs``)."""

    def __init__(self, box: Box, every: float = 3.0):
        self.box, self.every = box, every
        self.value: int | None = None
        self._latest: np.ndarray | None = None
        self._last_read: np.ndarray | None = None
        self._seen: deque[tuple[np.ndarray, int]] = deque(maxlen=2)  # the last frames read by ``at``
        self._lock, self._seen_lock = threading.Lock(), threading.Lock()
        self._rises: ThreadPoolExecutor | None = None
        self._digits = DigitGlyphs()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True, name="wordbot-score")
        self._thread.start()

    def feed(self, image: np.ndarray) -> None:
        self._latest = image

    def rose(self, before: np.ndarray, after: np.ndarray) -> bool | None:
        """Whether a word's reply raised the score: False when its place did not change, None when
        it changed but did not read as a number both times."""
        if not changed(before, after, self.box):
            return False
        rise = self.rise(before, after)
        return None if rise is None else rise > 0

    def rise(self, before: np.ndarray, after: np.ndarray) -> int | None:
        """How much the score rose from ``before`` to ``after``; None when either is not read."""
        was, now = self.at(before), self.at(after)
        return None if was is None or now is None else now - was

    def rise_later(self, before: np.ndarray, after: np.ndarray) -> Future[int | None]:
        """``rise``, read in the background: its Tesseract calls take a second or two on a busy
        machine, while play watches the window on."""
        if self._rises is None:
            self._rises = ThreadPoolExecutor(1, thread_name_prefix="wordbot-score-rise")
        return self._rises.submit(self.rise, before, after)

    def at(self, image: np.ndarray) -> int | None:
        """The score shown in ``image`` (Tesseract, about 0.3 s), or a recent reading's where its
        place is unchanged (a frame is often read twice: the end of one reply, the start of the next);
        None when not read."""
        with self._seen_lock:
            for seen, value in self._seen:
                if not changed(seen, image, self.box):
                    return value
        try:
            value = self._read(image)
        except (ImportError, OSError):  # no Tesseract
            return None
        if value is not None:
            with self._seen_lock:
                self._seen.append((image, value))
        return value

    def _read(self, image: np.ndarray) -> int | None:
        """The score in ``image``: by its digits' pixels where they are all known, else by
        Tesseract's votes (whose agreeing readings teach the digits)."""
        if not fits(self.box, image):
            return None
        grown = x, y, w, h = grown_box(image, self.box)
        crop = image[y: y + h, x: x + w]
        value = self._digits.read(crop)
        if value is None:
            value, agreed = _voted(image, self.box, grown)
            if agreed:
                self._digits.learn(crop, value)
        return value

    def close(self) -> int | None:
        """Stop following; the score as last shown, read from the last frame offered (the score
        at rest: a reading taken mid-round may have caught a repaint half done), else the last
        reading."""
        self._stop.set()
        if self._rises is not None:
            self._rises.shutdown(wait=False, cancel_futures=True)
        self._thread.join(timeout=5)
        self._update(final=True)
        return self.value

    def _run(self) -> None:
        while not self._stop.wait(self.every):
            self._update()

    def _update(self, final: bool = False) -> None:
        with self._lock:
            image, last = self._latest, self._last_read
            if image is None or (not final and last is not None and not changed(last, image, self.box)):
                return
            try:
                value = self._read(image)
            except (ImportError, OSError):  # no Tesseract: the score stays unread
                self._stop.set()
                return
            self._last_read = image
            if value is not None:  # never kept against a later reading: a misread high one would stick
                self.value = value
