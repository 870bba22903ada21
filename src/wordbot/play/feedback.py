"""Did the game take the word? Read from whatever the game shows, learned per game.

Nothing about a game's look is assumed. A reply is observed as a ``Signature``: the colour of the
path's cells while the button is still held and after release, and where the window changed
outside the board (a score, a list of found words, a message), each relative to the frame taken
just before the word. The first words of a round are the likeliest ones, so their common reply is
what "accepted" looks like in this game. Later replies that match it are accepted; a different
reply is a refusal (evidence to blacklist); no reply at all is no verdict (retried, never
blacklisted). Parts of the window that change with no input (a clock, an animation) are noise,
learned by watching, and ignored. Where the game shows a score, its digits are read too
(``wordbot.play.score``): a rise is an acceptance, a still score with an accepted look no verdict.
"""

from __future__ import annotations

import warnings
from collections.abc import Sequence
from functools import lru_cache

import cv2
import numpy as np

from wordbot.games import RGB, FeedbackSpec, Signature
from wordbot.ocr.text import union
from wordbot.play.message import says

COLOUR = 40.0  # RGB distance under which two colours are the same (a generic just-noticeable gap)
CHANGED = 28  # grey-level difference that counts as a changed pixel (above JPEG-like noise)
LEARN_WORDS = 3  # replies of the likeliest words that define "accepted"
MARKED = 0.1  # share of a cell's central pixels changed (by CHANGED) from the board at rest that alone
# changes its look: a dot or a stroke a game draws over a selected tile covers more (a 30 px dot on a
# 96 px tile a fifth), a letter repainted the same none
INK_SHARE = 64  # a cell's ink is the median of its sampled pixels' 1/INK_SHARE farthest from the fill:
# fewer than the solid pixels of a thin lower-case letter (about 3% of the samples at 48 px on 96)


def tile_colours(frame: np.ndarray, centres: Sequence[tuple[float, float]], tile: float,
                 half: float | None = None) -> tuple[np.ndarray, np.ndarray]:
    """Each cell's colours, three RGB colours in a row (nine values): its fill (the per-channel median
    of its central part, which the letter's ink does not dominate), its rim (the mean of a band just
    inside the tile's edge, ``half`` from its centre: a ring or border drawn around a selected tile
    leaves the fill as it was) and its ink (the median of the central pixels farthest from the
    fill: a letter that changes colour); and the central part's samples (cells, rows, columns, RGB),
    to tell a mark drawn over part of it. ``tile``: the pitch; ``half``: half the tile's side (the
    pitch's 0.45 when not known)."""
    central, band = _reaches(tile, half)
    patches = _stacked(frame, centres, central)
    fill, ink = _centre(patches)
    rim = _rim(frame, centres, band)
    return np.concatenate([fill, rim, ink], axis=1), patches


def _reaches(tile: float, half: float | None) -> tuple[int, int]:
    """How far from a cell's centre ``tile_colours`` samples its central part and its rim band."""
    return max(2, int(tile * 0.36)), max(3, int(half if half is not None else tile * 0.45))


def _patches(frame: np.ndarray, centres: Sequence[tuple[float, float]], half: int) -> list[np.ndarray]:
    """Sparse samples (a median or a mean needs no more, and they run per frame) of the square of
    side 2 ``half`` around each centre, clipped to the frame."""
    step = max(1, half // 12)
    h, w = frame.shape[:2]
    out = []
    for x, y in centres:
        x, y = int(round(x)), int(round(y))
        rows = slice(max(0, y - half), min(h, y + half), step)
        out.append(frame[rows, max(0, x - half): min(w, x + half): step, :3])
    return out


def _stacked(frame: np.ndarray, centres: Sequence[tuple[float, float]], half: int) -> np.ndarray:
    """``_patches`` as one array (cells, rows, columns, RGB) of floats; a patch clipped by the
    frame's edge is padded with NaN."""
    patches = _patches(frame, centres, half)
    ph, pw = max(p.shape[0] for p in patches), max(p.shape[1] for p in patches)
    if all(p.shape[:2] == (ph, pw) for p in patches):
        return np.stack(patches)[..., ::-1].astype(float)
    out = np.full((len(patches), ph, pw, 3), np.nan)
    for i, p in enumerate(patches):
        out[i, :p.shape[0], :p.shape[1]] = p[..., ::-1]
    return out


def _offsets(ph: int, pw: int) -> tuple[np.ndarray, np.ndarray]:
    """Each sample's distance from a patch's centre, down and across, in halves of its side."""
    dy = np.abs(np.arange(ph) - (ph - 1) / 2)[:, None] / max(1.0, ph / 2)
    dx = np.abs(np.arange(pw) - (pw - 1) / 2)[None, :] / max(1.0, pw / 2)
    return dy, dx


def _centre(patches: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The fill and ink colours (RGB) of each cell's central part (``_stacked``): the per-channel
    medians of its pixels and of the few inside its inscribed disc farthest from the fill (the letter's solid
    strokes: its anti-aliased edges blend with the fill, and a selection colour behind them would
    move them too; a round tile's corners show the background)."""
    pixels = patches.reshape(len(patches), -1, 3)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)  # a cell wholly off the frame: NaN, then 0
        fill = np.median(pixels, axis=1)
        if np.isnan(fill).any():  # a cell clipped by the frame's edge
            fill = np.nan_to_num(np.nanmedian(pixels, axis=1))
    far = np.nan_to_num(((pixels - fill[:, None]) ** 2).sum(axis=2), nan=-1.0)
    far[:, ~_disc(patches).ravel()] = -1.0  # a round tile's corners: background
    k = max(1, pixels.shape[1] // INK_SHARE)
    ends = np.argpartition(-far, k - 1, axis=1)[:, :k]
    ink = np.median(np.take_along_axis(np.nan_to_num(pixels), ends[..., None], axis=1), axis=1)
    return fill, ink


def _disc(patches: np.ndarray) -> np.ndarray:
    """The samples of a patch inside its inscribed disc (a round tile's corners are background)."""
    return _disc_of(*patches.shape[1:3])


@lru_cache(maxsize=8)
def _disc_of(ph: int, pw: int) -> np.ndarray:
    """``_disc`` of a patch of ``ph`` x ``pw`` samples, made once per size (it is asked twice a frame)."""
    dy, dx = _offsets(ph, pw)
    disc = dx ** 2 + dy ** 2 <= 1.0
    disc.flags.writeable = False  # shared by every caller
    return disc


def _marked(patches: np.ndarray, rest: np.ndarray) -> np.ndarray:
    """Each cell's look's tenth value: the share of its central samples (in the disc) that changed
    from ``rest`` by CHANGED in a channel, as a colour distance (COLOUR at MARKED, at most twice
    that: every flash covering a whole tile is alike in it)."""
    if patches.shape != rest.shape:
        return np.zeros(len(patches))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)  # NaN samples (off the frame) never count
        moved = (np.abs(patches - rest) > CHANGED).any(axis=3)[:, _disc(patches)]
    return np.minimum(COLOUR * moved.mean(axis=1) / MARKED, 2 * COLOUR)


def _track(a: np.ndarray, b: np.ndarray, changed: np.ndarray, box: tuple[int, int, int, int]) -> np.ndarray:
    """Where a change that turned one colour into another (most of its pixels from one colour in
    ``a`` to one in ``b``: a bar's end moving, not a digit redrawn) may go on: the pixels of its
    former colour joined to it in ``a``, where they stay within its rows (or columns): a bar, not
    the background around a digit. All False for any other change."""
    out = np.zeros(changed.shape, bool)
    before, after = a[changed][:, :3].astype(float), b[changed][:, :3].astype(float)
    if not all(_one_colour(p) for p in (before, after)):
        return out
    x, y, w, h = box
    ys, xs = np.nonzero(changed)
    k = int(np.argmin(np.linalg.norm(before - np.median(before, axis=0), axis=1)))
    mask = np.zeros((a.shape[0] + 2, a.shape[1] + 2), np.uint8)
    tol = (COLOUR / 4,) * 3
    cv2.floodFill(np.ascontiguousarray(a[:, :, :3]), mask, (int(xs[k]), int(ys[k])), 0, tol, tol,
                  4 | cv2.FLOODFILL_MASK_ONLY | cv2.FLOODFILL_FIXED_RANGE | (1 << 8))
    region = mask[1:-1, 1:-1] > 0
    _, _, rw, rh = cv2.boundingRect(region.astype(np.uint8))
    return region if rh <= h + 2 or rw <= w + 2 else out


def _one_colour(pixels: np.ndarray) -> bool:
    """Whether most of ``pixels`` (RGB rows) are one colour (a bar's anti-aliased end aside)."""
    return bool((np.linalg.norm(pixels - np.median(pixels, axis=0), axis=1) <= COLOUR / 2).mean() >= 0.8)


def _rim(frame: np.ndarray, centres: Sequence[tuple[float, float]], half: int) -> np.ndarray:
    """The mean colour (RGB) of a band just inside each tile's edge, along the middle of its four
    sides (a round tile's corners are background): a ring over part of the band still moves it."""
    patches = _stacked(frame, centres, half)
    dy, dx = _offsets(*patches.shape[1:3])
    band = (np.maximum(dx, dy) >= 0.75) & (np.minimum(dx, dy) <= 0.6)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        return np.nan_to_num(np.nanmean(patches[:, band], axis=1))


def differs(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Pixels of two frames of one shape (BGR or BGRA) whose colour differs by more than CHANGED
    in some channel. One OpenCV pass: a channel slice and a NumPy max over it cost thirty times
    as much on a whole window, which every frame of a reply's watch compares."""
    return cv2.inRange(cv2.absdiff(a, b), (0, 0, 0, 0), (CHANGED, CHANGED, CHANGED, 255)) == 0


def same_colour(a: RGB | None, b: RGB | None) -> bool:
    if a is None or b is None:
        return a is None and b is None
    return float(np.linalg.norm(np.subtract(a, b, dtype=float))) <= COLOUR


class Watch:
    """Compares frames of the game window with a baseline frame: which cells changed colour, and
    where the window changed outside the board. Frames are window pixels (BGR)."""

    def __init__(self, box: tuple[int, int, int, int], centres: Sequence[tuple[float, float]], pitch: float):
        self.box, self.centres, self.pitch = box, list(centres), float(pitch)
        self.noise: np.ndarray | None = None  # pixels that change by themselves
        self._rest: np.ndarray | None = None  # the cells' looks in the first frame seen (at rest)
        self._rest_samples: np.ndarray | None = None  # and their central samples
        # half a tile's side: the board's box holds the tiles, so the first centre is that far in
        # from its edges (bounded: a box found loose or tight)
        edge = min(min(x for x, _ in self.centres) - box[0], min(y for _, y in self.centres) - box[1]) \
            if self.centres else pitch / 2
        self.half = float(np.clip(edge, 0.3 * pitch, 0.5 * pitch))
        # the last frame's pixels that ``colours`` looks at, and what it made of them, per frame
        # shape and origin: a word's checks poll a board that mostly has not changed yet
        self._last: dict[tuple, tuple[np.ndarray, np.ndarray]] = {}

    def colours(self, frame: np.ndarray, at: tuple[int, int] = (0, 0)) -> np.ndarray:
        """Each cell's look (``LOOK`` values): its colours (``tile_colours``: fill, rim and ink), its
        rim and ink as changes from the first frame this watch was given (the board at rest): a
        rim band may take in some of the background and an ink differs from letter to letter, so
        only their changes are alike from cell to cell (a ring of one colour around any tile, any
        letter turned one colour); and how much of it a mark covers that was not there at rest
        (``_marked``: a stroke or a dot over the tile, its fill, rim and ink as they were).
        ``at``: where ``frame`` starts in the window (a board-only capture)."""
        # whole pixels in the window first: a board-only capture samples the very pixels a window's does
        centres = [(round(x) - at[0], round(y) - at[1]) for x, y in self.centres]
        key, seen = (frame.shape, at), self._seen(frame, centres)
        last = self._last.get(key)
        if last is not None and np.array_equal(last[0], seen):  # the same pixels: the same looks
            return last[1].copy()
        looks, samples = tile_colours(frame, centres, self.pitch, self.half)
        if self._rest is None:
            self._rest, self._rest_samples = looks.copy(), samples
        looks[:, 3:] -= self._rest[:, 3:]
        out = np.column_stack([looks, _marked(samples, self._rest_samples)])
        self._last[key] = (seen.copy(), out.copy())
        return out

    def _seen(self, frame: np.ndarray, centres: list[tuple[int, int]]) -> np.ndarray:
        """The part of ``frame`` that ``tile_colours`` samples: every cell's patch and rim band."""
        reach = max(_reaches(self.pitch, self.half)) + 1
        xs, ys = [x for x, _ in centres], [y for _, y in centres]
        h, w = frame.shape[:2]
        return frame[max(0, min(ys) - reach): max(0, min(h, max(ys) + reach + 1)),
                     max(0, min(xs) - reach): max(0, min(w, max(xs) + reach + 1))]

    def changed_cells(self, base: np.ndarray, colours: np.ndarray, by: float = COLOUR) -> set[int]:
        """Cells whose colour moved away from the baseline colours (by more than ``by``)."""
        return {int(i) for i in np.nonzero(np.linalg.norm(colours - base, axis=1) > by)[0]}

    def outside(self, a: np.ndarray, b: np.ndarray, ignore: np.ndarray | None = None,
                noise: bool = True) -> np.ndarray:
        """Pixels that differ between two frames, outside the board, the noise (unless not
        ``noise``) and ``ignore`` (uint8 mask)."""
        if a.shape != b.shape:
            return np.zeros(b.shape[:2], np.uint8)
        diff = differs(a, b)
        x, y, w, h = self.box
        m = int(self.pitch * 0.3)
        diff[max(0, y - m): y + h + m, max(0, x - m): x + w + m] = False
        for mask in (self.noise if noise else None, ignore):
            if mask is not None and mask.shape == diff.shape:
                diff &= ~mask
        return diff.astype(np.uint8)

    def stirred(self, a: np.ndarray, b: np.ndarray) -> np.ndarray | None:
        """What changed outside the board between two frames, grown by a tenth of a pitch (a fading
        text's edges cross the line later, a rising one moves): None when nothing did."""
        diff = self.outside(a, b)
        if not diff.any():
            return None
        k = max(3, int(self.pitch * 0.15)) | 1
        return cv2.dilate(diff, np.ones((k, k), np.uint8)) > 0

    def gone(self, base: np.ndarray, frame: np.ndarray, rest: np.ndarray | None,
             ignore: np.ndarray | None = None) -> bool:
        """Whether all that changed outside the board from ``base`` to ``frame`` looks in
        ``frame`` as it did at ``rest``: something that showed is gone (a message cleared), and
        nothing new shows yet."""
        if rest is None or rest.shape != frame.shape:
            return False
        changed = self.outside(base, frame, ignore)
        return bool(changed.any()) and not (changed & self.outside(rest, frame)).any()

    def learn_noise(self, a: np.ndarray, b: np.ndarray) -> None:
        """Add what changed between two frames taken with no input to the noise, grown to the whole
        line of text (a clock's tens change later than its units) and, where one colour turned into
        another, to the rest of that colour in line with it (a clock drawn as a shrinking bar: the
        rest of the bar goes the same way later). The noise known already is looked at again: the
        first step seen of a bar's end may cross a shaded part of it (no one colour turned into
        another), and every later step lies in the room that first one added."""
        diff = self.outside(a, b, noise=False)
        if not diff.any():
            return
        n, labels, stats, _ = cv2.connectedComponentsWithStats(diff)
        grown = np.zeros_like(diff, dtype=bool)
        for i, (x, y, w, h, _) in enumerate(stats[1:], start=1):
            line = max(h, int(self.pitch * 0.25))
            grown[max(0, y - line // 2): y + h + line // 2, max(0, x - 3 * line): x + w + 3 * line] = True
            grown |= _track(a, b, labels == i, (x, y, w, h))
        self.noise = grown if self.noise is None or self.noise.shape != grown.shape else self.noise | grown

    def _changes(self, base: np.ndarray, frame: np.ndarray,
                 ignore: np.ndarray | None) -> list[tuple[float, float, tuple[int, int, int, int]]]:
        """The places the window changed outside the board (but in ``ignore``): centre and box of
        each; specks smaller than a tenth of a pitch are left out."""
        diff = self.outside(base, frame, ignore)
        x, y, w, h = cv2.boundingRect(diff)
        if not w:
            return []
        k = max(3, int(self.pitch * 0.15)) | 1
        # only around what changed (labelling a whole window costs ten times as much), wide
        # enough that the dilation is whole
        x, y = max(0, x - k), max(0, y - k)
        diff = cv2.dilate(diff[y: y + h + 2 * k, x: x + w + 2 * k], np.ones((k, k), np.uint8))
        n, _, stats, centroids = cv2.connectedComponentsWithStats(diff)
        return [(cx + x, cy + y, (int(bx) + x, int(by) + y, int(bw), int(bh)))
                for (cx, cy), (bx, by, bw, bh, _) in zip(centroids[1:], stats[1:], strict=True)
                if max(bw, bh) - k >= self.pitch * 0.1]

    def changed_boxes(self, base: np.ndarray, frame: np.ndarray,
                      ignore: np.ndarray | None = None) -> list[tuple[int, int, int, int]]:
        """The box of each change ``marks`` sees."""
        return [b for _, _, b in self._changes(base, frame, ignore)]

    def changed_box(self, base: np.ndarray, frame: np.ndarray,
                    ignore: np.ndarray | None = None) -> tuple[int, int, int, int] | None:
        """The box around every change ``marks`` sees (None: nothing changed)."""
        boxes = self.changed_boxes(base, frame, ignore)
        return union(*boxes) if boxes else None

    def marks(self, base: np.ndarray, frame: np.ndarray, ignore: np.ndarray | None = None) -> set[str]:
        """Where the window changed outside the board (but in ``ignore``): side of the board and
        distance from it in tile pitches ("above:0", "right:2")."""
        x, y, w, h = self.box
        out = set()
        for cx, cy, _ in self._changes(base, frame, ignore):
            if cy < y:
                side, gap = "above", y - cy
            elif cy > y + h:
                side, gap = "below", cy - y - h
            elif cx < x:
                side, gap = "left", x - cx
            else:
                side, gap = "right", cx - x - w
            out.add(f"{side}:{int(gap // self.pitch)}")
        return out

    @staticmethod
    def mark_only(base: np.ndarray, look: RGB | None) -> bool:
        """Whether a cell's ``look`` differs from its ``base`` look by a mark drawn over its centre,
        its fill as it was (its ink and rim as the mark crosses them: a translucent stroke over
        the letter): a game that marks a selection so, not by colouring the tile."""
        return look is not None and same_colour(tuple(base[:3]), look[:3]) \
            and not same_colour((base[-1],), look[-1:])

    def path_colour(self, base: np.ndarray, colours: np.ndarray, cells: Sequence[int],
                    always: bool = False) -> RGB | None:
        """The path's colour when most of its cells changed (or ``always``: a game showing its
        selection may give a word its plain colour as a verdict), else None."""
        cells = list(cells)
        moved = np.linalg.norm(colours[cells] - base[cells], axis=1) > COLOUR
        if moved.sum() * 2 <= len(cells):
            return tuple(int(v) for v in np.median(colours[cells], axis=0)) if always else None
        return tuple(int(v) for v in np.median(colours[cells][moved], axis=0))


class Replies:
    """The game's replies: learns what "accepted" looks like, then gives verdicts.

    A verdict is "accepted", "refused" (the game replied otherwise), "none" (no reply) or, while
    still learning, "learning"."""

    def __init__(self, spec: FeedbackSpec):
        self.spec = spec
        self.samples: list[Signature] = []  # replies to the learning words
        self.changed = False  # the spec learned something worth saving

    @property
    def learned(self) -> bool:
        return self.spec.accepted is not None or self.spec.silent

    def verdict(self, sig: Signature, scored: bool | None = None) -> str:
        """``scored``: whether the game's score rose (None: no score read). A rise is an
        acceptance whatever else showed; a reply that looks accepted while the score stood still
        is no verdict (retried, never blacklisted: the signs disagree), and so is one whose text,
        where it is read, is too misread to say. A mark of the acceptance where the last reply was
        still changing (``sig.unsure``) is not asked for."""
        if scored:
            return "accepted"
        if sig.empty:
            return "none"
        acc = self.spec.accepted
        if acc is None:
            return "learning"
        marks, unsure = set(sig.marks), set(acc.marks) & set(sig.unsure)
        said = says(sig.text, acc.text)
        ok = same_colour(sig.held, acc.held) and same_colour(sig.flash, acc.flash) \
            and set(acc.marks) - unsure <= marks and len(marks | unsure) >= self.spec.min_marks \
            and said != "other"
        if ok and (scored is False or said == "unsure"):
            return "none"
        return "accepted" if ok else "refused"

    def partial(self, sig: Signature) -> bool:
        """Whether ``sig`` shows part of what an acceptance shows and nothing else (its flash, not
        yet its list; its message, not yet its score): the rest may come late."""
        acc = self.spec.accepted
        return acc is not None and not sig.empty and same_colour(sig.held, acc.held) \
            and (sig.flash is None or same_colour(sig.flash, acc.flash)) and set(sig.marks) <= set(acc.marks)

    def learn(self, sig: Signature) -> list[int] | None:
        """Take the reply to a learning word. Once enough agree: sets the accepted signature and
        returns the indices (into the replies taken) of those that were acceptances."""
        self.samples.append(sig)
        replies = [s for s in self.samples if not s.empty]
        if len(self.samples) >= 2 * LEARN_WORDS and not replies:
            self.spec.silent = self.changed = True  # the game shows nothing: play on, unconfirmed
            return []
        for lead in replies:
            agree = [i for i, s in enumerate(self.samples) if not s.empty and _alike(s, lead)]
            if len(agree) >= min(LEARN_WORDS, len(replies)) and len(replies) >= LEARN_WORDS - 1 \
                    and len(agree) * 2 > len(replies):
                self._accept([self.samples[i] for i in agree])
                return agree
        return None

    def adopt(self, replies: list[Signature]) -> bool:
        """Fewer replies than learning needs (a short round): taken as acceptances only when they
        all agree."""
        if self.learned or not replies or not all(_alike(s, replies[0]) for s in replies):
            return False
        self._accept(replies)
        return True

    def _accept(self, group: list[Signature]) -> None:
        core = set.intersection(*(set(s.marks) for s in group))
        self.spec.accepted = Signature(group[0].held, group[0].flash, tuple(sorted(core)))
        self.spec.min_marks = min(len(s.marks) for s in group)
        self.changed = True

    def seen_latency(self, seconds: float) -> None:
        if self.spec.latency is None or seconds > self.spec.latency:
            self.spec.latency = round(seconds, 3)
            self.changed = True


def _alike(a: Signature, b: Signature) -> bool:
    """Two replies of the same kind: same colours, and outside changes on the same sides."""
    sides = {m.split(":")[0] for m in a.marks}, {m.split(":")[0] for m in b.marks}
    return same_colour(a.held, b.held) and same_colour(a.flash, b.flash) and sides[0] == sides[1]
