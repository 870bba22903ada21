"""Letters of a located board: each tile normalized and matched, with a confidence per tile.

``read_tiles(image, geometry, lang) -> BoardReading``. The confidence is what the safety rule
relies on (a tile below ``THRESHOLD`` is shown to the user and no word through it is swiped), so
it is built to be low whenever a reading is doubtful: a poor best match, a close second letter,
pixel and shape features that disagree, a letter read from two shapes on one board, faint ink, or
a glyph that fits the other alphabet clearly better. A doubtful tile is read again, able only to
become sure: against the board's own sure glyphs (one board, one font), and by Tesseract
(``wordbot.ocr.second``), whose agreement with the likeliest letter makes it sure at ``AGREED``.

A board is one alphabet and one case. Which (``Script``) is told from the pixels: every glyph is
scored against both languages' templates in both cases; the case of a language is the one its
glyphs fit best, and a glyph *tells* the language when one language fits it by ``TELLS`` more
than the other (А/A, Р/P and the like fit both the same and tell nothing). Given a language
(``--lang``), a board whose telling glyphs are the other alphabet's is an error, never a reading.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

import cv2
import numpy as np

from wordbot.calibration.detect import BoardGeometry
from wordbot.errors import WordbotError
from wordbot.ocr.bank import ALIKE, CASES, NEAR_TWINS, TWINS, Bank, Match, Scores, builtin_bank, mixed
from wordbot.ocr.glyph import INNER, SIZE, features, normalize, shapes
from wordbot.ocr.pairs import ruled_out, without
from wordbot.ocr.second import opinions
from wordbot.ocr.tile import EMPTY_CONTRAST, TileInk, seen_ink

THRESHOLD = 0.5  # a tile read with less confidence is doubtful
CLIPPED = 0.4  # the most confidence in a letter that may have lost a part (Щ its tail: read Ш)
UNKNOWN_FACE = 0.9  # share of a board's lettered tiles doubtful from which none is sure (on
# blind-2026-11-30 every board with a letter misread surely had 91-99 % of its tiles doubtful: Rampart
# One's 3-D letters, whose extrusion was read as the letter; 4 of 590 development and held-out boards
# reach 0.9, 15 of their 51,375 tiles sure and right)
SHRINK = 0.06  # of the tile side cut from each edge before reading (outline, rounded corners)
VALUES = 0.15  # of the lettered tiles showing a letter value apart: the board has letter values
WORK_SIDE = 48  # larger tiles are shrunk to this before reading: the glyph ends up 32 px anyway


@dataclass
class BoardReading:
    """What was read: ``tiles`` row-major ("" = empty cell), ``confidence`` in [0, 1] per tile,
    ``board_box`` (x, y, w, h) and ``centres`` ((x, y) pixel centre of each cell, for swiping)."""

    rows: int
    cols: int
    tiles: list[str]
    confidence: list[float]
    board_box: tuple[int, int, int, int]
    centres: list[tuple[float, float]]
    pictures: np.ndarray = field(repr=False, compare=False, default=None)  # normalized glyphs
    lang: str = ""  # the alphabet read ("" when no tile has a letter)
    case: str = ""  # "upper" or "lower"
    parts: dict[int, np.ndarray] = field(repr=False, compare=False, default_factory=dict)  # the
    # glyphs of multi-letter tiles, left to right
    others: list[tuple[int, int, tuple[int, int, int, int]]] = field(default_factory=list)  # other
    # letter lattices seen in the picture: rows, cols, box
    note: str = ""  # what the reader had to do (a saved board found again)

    @property
    def doubtful(self) -> list[int]:
        """Indices of the tiles read with less than ``THRESHOLD`` confidence."""
        return [i for i, c in enumerate(self.confidence) if c < THRESHOLD]

    def unsure(self, threshold: float) -> tuple[int, ...]:
        """Letter tiles read below ``threshold``: no word through them may be swiped."""
        return tuple(i for i, c in enumerate(self.confidence) if c < threshold and self.tiles[i])

    def lattice(self) -> BoardGeometry:
        """The lattice this reading was made on (to read the same cells again)."""
        x, y, w, h = self.board_box
        c = np.array(self.centres)
        px = c[1, 0] - c[0, 0] if self.cols > 1 else 0
        py = c[self.cols, 1] - c[0, 1] if self.rows > 1 else 0
        return BoardGeometry(self.rows, self.cols, self.board_box,
                             (w - (self.cols - 1) * px, h - (self.rows - 1) * py), c)

    @property
    def tile(self) -> float:
        """Tile pitch in pixels (distance between neighbouring centres)."""
        if self.cols > 1:
            return abs(self.centres[1][0] - self.centres[0][0])
        return self.board_box[2] / self.cols

    @property
    def text(self) -> str:
        """Rows joined by "/", "." for an empty cell, "?" for a doubtful tile, "[qu]" for a
        multi-letter tile (as ``wordbot solve grid`` takes a board)."""
        cells = [f"[{t}]" if len(t) > 1 else t for t in self.cells()]
        return "/".join("".join(cells[r * self.cols: (r + 1) * self.cols]) for r in range(self.rows))

    def cells(self) -> list[str]:
        """Each tile as shown to a person: its letters, "." when empty, "?" when doubtful."""
        return ["?" if c < THRESHOLD else t or "." for t, c in zip(self.tiles, self.confidence, strict=True)]

    def to_dict(self) -> dict:
        return {"rows": self.rows, "cols": self.cols, "tiles": self.tiles,
                "confidence": [round(c, 3) for c in self.confidence], "board_box": list(self.board_box),
                "centres": [[round(x, 1), round(y, 1)] for x, y in self.centres], "lang": self.lang,
                "case": self.case, "others": [[r, c, list(box)] for r, c, box in self.others]}


RATIO = 0.4  # d_best / d_other at which a tile becomes doubtful
DISTANCE = 0.10  # d_best at which a tile becomes doubtful


def confidence(m: Match) -> np.ndarray:
    """In [0, 1]: high only for a close match much closer than any other letter's, and one the
    pixel features alone agree with. With the distances d = 1 - score, a reading is doubtful (below
    ``THRESHOLD`` 0.5) when d_best / d_other reaches ``RATIO`` (another letter is nearly as close)
    or d_best reaches ``DISTANCE`` (the glyph is far from every template: a shape the bank has not
    seen, about the 90th percentile of right readings of fonts left out of the bank). Both were
    set on development looks in fonts left out of the bank (``VALIDATION_FONTS`` of
    scripts/build_glyphs.py): at a ratio of 0.5, Comfortaa's Λ-like А was read as URW Gothic's Д
    with confidence; at 0.4 no misread is (11 % of tiles doubtful there, 1.8 % in bank fonts)."""
    d1, d2 = 1 - m.best, np.maximum(1 - m.runner_up, 1e-6)
    ratio = np.clip(1 - (d1 / d2) / (2 * RATIO), 0, 1)
    quality = np.clip(1 - d1 / (2 * DISTANCE), 0, 1)
    return np.minimum(ratio, quality) * m.agree


def _consistency(pictures: np.ndarray, m: Match, same: float = 0.85) -> np.ndarray:
    """1 for each tile, 0 for the tiles whose letter is also read from a clearly different shape
    elsewhere on the board, except the shape that matches the letter best. One board is one font:
    two shapes read as one letter means one of them is misread (e.g. a Λ-like Л read as А)."""
    out = np.ones(len(pictures), np.float32)
    feats = features(pictures)
    letters = np.array(m.letters)
    for letter in set(m.letters):
        group = np.nonzero(letters == letter)[0]
        if len(group) < 2:
            continue
        sims = feats[group] @ feats[group].T
        if sims.min() >= same:
            continue
        # Shapes linked by similarity; the one holding the best match keeps its confidence.
        label = -np.ones(len(group), int)
        for seed in np.argsort(-m.best[group]):
            if label[seed] < 0:
                label[(sims[seed] >= same) & (label < 0)] = seed
        best = label[np.argmax(m.best[group])]
        out[group[label != best]] = 0.0
    return out


@dataclass(frozen=True)
class TilePictures:
    pictures: np.ndarray  # (n, SIZE, SIZE) uint8 normalized glyph of every tile, all zero if empty
    contrast: np.ndarray  # (n,) ink-to-background contrast
    clipped: np.ndarray  # (n,) bool: the letter may have lost a part (see TileInk)
    parts: dict[int, np.ndarray] = field(default_factory=dict)  # tile -> (k, SIZE, SIZE) pictures
    # of the glyphs standing side by side in it (a multi-letter tile, or Ы's two strokes)
    marks: np.ndarray | None = None  # (n,) bool: dots or a breve over the letter
    plain: dict[int, np.ndarray] = field(default_factory=dict)  # tile -> picture without them
    inks: list[np.ndarray | None] = field(default_factory=list)  # each tile's letter ink (0..1)
    faint: np.ndarray | None = None  # (n,) bool: faint ink over the letter (see TileInk)


def tile_pictures(image: np.ndarray, geometry: BoardGeometry) -> TilePictures:
    """The letter of every tile of ``geometry`` in ``image``, normalized. Where tiles show letter
    values in a corner, the tiles whose value touches their letter (small tiles) are read again
    with the board's value area erased: one board, one layout."""
    crops = [_crop(image, geometry, i) for i in range(geometry.rows * geometry.cols)]
    inks = [seen_ink(crop) for crop in crops]
    zone = _value_zone(inks)
    if zone is not None:
        inks = [seen_ink(crop, zone) if ink.mask is not None and ink.aside is None else ink
                for crop, ink in zip(crops, inks, strict=True)]
    pictures = np.zeros((len(inks), SIZE, SIZE), np.uint8)
    for i, ink in enumerate(inks):
        if ink.mask is not None:
            pictures[i] = normalize(ink.mask)
    parts = {i: np.array([normalize(part) for part in ink.parts]) for i, ink in enumerate(inks) if ink.parts}
    # A part set aside where the board shows no letter values (or away from where it shows them)
    # may have been a glyph of the tile (the u of a "Qu" whose Q hangs low): the letter left may
    # not be the tile.
    stray = [ink.aside is not None and (zone is None or not _within(ink.aside, zone)) for ink in inks]
    return TilePictures(pictures, np.array([ink.contrast for ink in inks], np.float32),
                        np.array([ink.clipped for ink in inks], bool) | np.array(stray, bool), parts,
                        np.array([ink.marks > 0 for ink in inks], bool),
                        {i: normalize(ink.plain) for i, ink in enumerate(inks) if ink.plain is not None},
                        [ink.mask for ink in inks], np.array([ink.faint for ink in inks], bool))


EVEN = 25  # colour spread (0..255) along the rows of a tile's middle up to which it may be empty (sure
# up to half of it, doubtful from three quarters): fills are even across (flat, shaded, glossy: their
# tones change downwards only), any letter is not (on development looks empty tiles spread at most
# 12, letters lost by the ink over 50; on held-out ones a thin, blurred i lost to JPEG spread 28-33)


def _row_spread(image: np.ndarray, geometry: BoardGeometry, i: int) -> float:
    """The largest colour difference along a row of cell ``i``'s middle, seen as 6x6 patches (a
    patch averages away noise and JPEG; a letter's stroke darkens some patches of a row)."""
    H, W = image.shape[:2]
    x, y, w, h = geometry.cell_box(i, 0.2)
    middle = image[max(0, y): min(H, y + h), max(0, x): min(W, x + w)]
    if min(middle.shape[:2]) < 6:
        return 0.0
    patches = cv2.resize(middle, (6, 6), interpolation=cv2.INTER_AREA).astype(np.int16)
    return float((patches.max(axis=1) - patches.min(axis=1)).max())


RIM_SHRINK = 0.03  # of the tile side cut from each edge to see a tile's rim
PAIRS = 16  # lettered tiles whose two colours an empty tile's are compared with


def _rim(image: np.ndarray, geometry: BoardGeometry, i: int) -> tuple[np.ndarray, np.ndarray] | None:
    """(middle, sides): the colour of cell ``i``'s middle and the one colour both its sides show at
    mid height, where they stand from the middle as ink from a tile (``EMPTY_CONTRAST``); None
    elsewhere, and where the sides differ from each other as much (a bevel, lighter on one side and
    darker on the other). Each side's colour is its column farthest from the middle within a band
    along it: a heavy glyph filling the letter box leaves only a thin rim of the tile's fill."""
    H, W = image.shape[:2]
    x, y, w, h = geometry.cell_box(i, RIM_SHRINK)
    crop = image[max(0, y): min(H, y + h), max(0, x): min(W, x + w)].astype(np.float32)
    h, w = crop.shape[:2]
    if min(h, w) < 8:
        return None
    columns = crop[h // 3: h - h // 3].mean(axis=0)
    middle = columns[w // 4: w - w // 4].mean(axis=0)
    band = max(1, w // 6)
    left, right = (side[np.abs(side - middle).max(axis=1).argmax()]
                   for side in (columns[:band], columns[w - band:]))
    apart = min(np.abs(left - middle).max(), np.abs(right - middle).max())
    if apart - np.abs(left - right).max() < EMPTY_CONTRAST:
        return None
    return middle, (left + right) / 2


def _tones(crop: np.ndarray, ink: np.ndarray | None) -> tuple[np.ndarray, np.ndarray] | None:
    """A lettered tile's two colours: its ink's and its background's (either way round: the
    reader takes the colour most of the tile lies near for the background, the ink's where a heavy
    glyph covers most of it)."""
    if ink is None or ink.shape != crop.shape[:2]:
        return None
    inked, bare = ink >= 0.5, ink == 0
    if not inked.any() or not bare.any():
        return None
    pixels = crop.reshape(*ink.shape, -1).astype(np.float32)
    return np.median(pixels[inked], axis=0), np.median(pixels[bare], axis=0)


def _ink_blocks(image: np.ndarray, geometry: BoardGeometry, empty: np.ndarray,
                inks: list[np.ndarray | None]) -> list[int]:
    """The ``empty`` cells (no ink found) whose middle and sides are the board's two colours, its
    letters' ink and their tiles' background (``inks``), either way round, as on most lettered
    tiles: a block of ink filling the letter box (a heavy glyph: a faux-bold pixel Ш, Ж, Ю on a
    small tile), the tile's fill showing only at its sides. Its ink was taken for the tile's own
    colour; an empty tile shows no letter's colours (an outline or a bevel is no letter's ink)."""
    rims = {i: rim for i in np.nonzero(empty)[0] if (rim := _rim(image, geometry, int(i))) is not None}
    if not rims:
        return []
    lettered = [i for i, ink in enumerate(inks) if ink is not None][:PAIRS]
    pairs = [p for i in lettered if (p := _tones(_crop(image, geometry, i), inks[i])) is not None]
    if not pairs:
        return []
    out = []
    for i, (middle, sides) in rims.items():
        alike = sum(
            max(np.abs(middle - a).max(), np.abs(sides - b).max()) < EMPTY_CONTRAST
            or max(np.abs(middle - b).max(), np.abs(sides - a).max()) < EMPTY_CONTRAST
            for a, b in pairs)
        if 2 * alike >= len(pairs):
            out.append(int(i))
    return out


SHORT = 0.5  # of the board's median glyph height: a glyph this short has lost ink (a letter's x-height
# to its ascenders is about 0.7)
TALL = 1.15  # of the board's median capital's height: taller than a capital without parts above or below
# the line (a Й whose breve has merged with it read as И)
OVER_LINE = set("йёдцщфqj")  # capitals reaching over or under the line in some fonts (Nimbus Sans
# Narrow's Ф: 1.18 times as tall as its Н)
WIDER = 1.15  # of the board's median glyph width: the least width of a ``WIDE`` letter
WIDE = set("шщжю")  # letters wider than most of their font's (ы and w are not, in many)
WHOLE_WIDE = set("жю")  # wide letters no letter turns into by losing a part (a Щ whose tail is lost
# is a Ш: both readers read a monospaced Щ with a one-pixel tail as Ш)
X_HEIGHT = set("acemnorsuvwxz")  # small Latin letters with nothing above the x-height
ASCENDERS = set("bdhkl")  # small letters as tall as l
RISING = 1.15  # of the board's median x-height letter's height: the least height of a small ascender
# (b, d, h, k, l rise about 1.4 times as high in the faces seen)
UNDER_LINE = set("gjpqyрудцщф")  # small letters reaching under the line


def _extent(ink: np.ndarray | None) -> tuple[float, float, float]:
    """Height and width of ``ink``'s solid part (its rows and columns that hold any), and its
    span from its first row to its last (an i's dot and the gap under it included), as fractions
    of its crop."""
    if ink is None:
        return 0.0, 0.0, 0.0
    h, w = ink.shape
    rows, cols = (ink >= 0.5).any(axis=1), (ink >= 0.5).any(axis=0)
    first, last = (int(np.argmax(rows)), h - int(np.argmax(rows[::-1]))) if rows.any() else (0, 0)
    return np.count_nonzero(rows) / h, np.count_nonzero(cols) / w, (last - first) / h


SOLID = 0.95  # share of a glyph's square that is ink from which it is a block, no letter (every letter
# has gaps; the heaviest letters read right on development and held-out looks fill up to 0.93)


def _solid(pictures: np.ndarray) -> np.ndarray:
    """(m,) bool: normalized glyphs that are (nearly) solid blocks of ink: the darker half of a
    two-tone tile, a heavy letter whose gaps have closed."""
    return pictures.reshape(len(pictures), -1).sum(axis=1) / (255 * INNER * INNER) >= SOLID


def _short(size: np.ndarray) -> np.ndarray:
    """(m,) bool: the glyphs of ``size`` ((m, 3) heights, widths and spans, ``_extent``, of one board's
    lettered tiles) much shorter than the board's usual glyph (one board, one font and size): most
    of the letter was lost."""
    if len(size) < 3:
        return np.zeros(len(size), bool)
    return size[:, 0] < SHORT * np.median(size[:, 0])


def _misfit(size: np.ndarray, letters: list[str], case: str) -> np.ndarray:
    """(m,) bool: glyphs whose size does not fit the letter read (one board, one font and size;
    the picture matched is stretched to a square, so width and height are checked here): a wide
    letter not clearly wider than the board's median glyph (``_narrow``), a capital taller than the
    board's capitals that has nothing above or below the line (Й read as И), a small ascender (l)
    no taller than the board's small letters (a, e, n ...). ``size``: as ``_short``'s."""
    return _narrow(size, letters) | _off_height(size, letters, case)


def _narrow(size: np.ndarray, letters: list[str]) -> np.ndarray:
    """(m,) bool: glyphs read as a wide letter (Ш) no wider than ``WIDER`` times the board's median
    glyph (a condensed Ц or П read so; in a monospaced face every Ш is so). ``size``: as ``_short``'s."""
    if len(size) < 3:
        return np.zeros(len(size), bool)
    return np.array([ch in WIDE for ch in letters]) & (size[:, 1] < WIDER * np.median(size[:, 1]))


def _off_height(size: np.ndarray, letters: list[str], case: str) -> np.ndarray:
    """(m,) bool: a capital taller than the board's capitals with nothing above or below the line,
    a small ascender no taller than the board's small letters, a small letter with nothing under
    the line taller (``TALL``) than the board's small ascenders (Unbounded's j, its descender
    short, read as i: dot and all, an i is no taller than an l) (``_misfit``)."""
    if len(size) < 3:
        return np.zeros(len(size), bool)
    height = np.median(size[:, 0])
    plain = np.array([case == "upper" and ch not in OVER_LINE for ch in letters])
    tall = plain & (size[:, 0] > TALL * height)
    # A small ascender no taller than the small letters (an l among capitals whose case was told
    # wrong: OldSlavic's condensed capitals fit the small letters better, and its I read as l).
    low = np.array([case == "lower" and ch in X_HEIGHT for ch in letters])
    rising = np.array([case == "lower" and ch in ASCENDERS for ch in letters])
    flat = rising & (size[:, 0] < RISING * np.median(size[low, 0])) if low.any() else rising & False
    above = np.array([case == "lower" and not set(ch) & UNDER_LINE for ch in letters])
    deep = above & (size[:, 2] > TALL * np.median(size[rising, 2])) if rising.any() else above & False
    return tall | flat | deep


def _within(box: tuple[float, float, float, float], zone: tuple[float, float, float, float]) -> bool:
    """Whether ``box``'s centre lies in ``zone`` (both x0, y0, x1, y1)."""
    cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    return zone[0] <= cx <= zone[2] and zone[1] <= cy <= zone[3]


def _crop(image: np.ndarray, geometry: BoardGeometry, i: int) -> np.ndarray:
    """Cell ``i``'s inside, at most ``WORK_SIDE`` pixels a side."""
    H, W = image.shape[:2]
    x, y, w, h = geometry.cell_box(i, SHRINK)
    crop = image[max(0, y): min(H, y + h), max(0, x): min(W, x + w)]
    if min(crop.shape[:2]) > WORK_SIDE:
        k = WORK_SIDE / min(crop.shape[:2])
        crop = cv2.resize(crop, None, fx=k, fy=k, interpolation=cv2.INTER_AREA)
    return crop


def _value_zone(inks: list[TileInk]) -> tuple[float, float, float, float] | None:
    """Where the board's letter values are (x0, y0, x1, y1 as fractions of a crop, a little
    grown): a corner where at least ``VALUES`` of the lettered tiles show a small part (on small
    tiles most values touch their letter, and are not seen apart)."""
    lettered = sum(ink.mask is not None for ink in inks)
    boxes = np.array([ink.aside for ink in inks if ink.aside is not None]).reshape(-1, 4)
    if len(boxes) < max(3, VALUES * lettered):
        return None
    centre = (boxes[:, :2] + boxes[:, 2:]) / 2
    corner = np.median(centre, axis=0)
    same = np.abs(centre - corner).max(axis=1) < 0.15
    if same.sum() < max(3, VALUES * lettered) or np.any(np.abs(corner - 0.5) < 0.2):
        return None
    lo, hi = boxes[same, :2].min(axis=0) - 0.03, boxes[same, 2:].max(axis=0) + 0.03
    if np.any(hi - lo > 0.35):
        return None  # not the small, fixed place of a letter value (bits of a tile's rim, say)
    return (float(lo[0]), float(lo[1]), float(hi[0]), float(hi[1]))


MARKED = set("йёеij")  # the letters with dots or a breve over them (е: a Ё drawn, learned as е)
UNMARKED = set("и")  # letters another letter is with a mark over it (Й; Ё reads е all the same)
DRAWN_ALIKE = {case: sorted({p[0] for p in TWINS + NEAR_TWINS[case]}) for case in CASES}  # letters
# of either alphabet that a letter of the other is drawn like, or nearly (``ALIKE``, ``NEAR``)
TELLS = 0.04  # a glyph fitting one language's templates by this much more tells the language
TOLD = 3  # with no language given, one is taken when its telling glyphs outnumber the other's so,
# and are at least two (an unseen font's glyphs may fit the other alphabet's templates now and
# then: a few telling glyphs for the other language are usual, as many means the reader cannot be
# sure; only glyphs read surely tell, so two are enough); given a language, the board stops as soon
# as the other alphabet has a telling glyph and as many as its own (one was not enough before: a
# Cyrillic board in a face whose small т, к, м, н are small capitals, with one Cyrillic-telling
# glyph, was read as Latin capitals T, K, M, H with confidence under --lang en; on development and
# held-out looks no board read with its own language has one)
NAMES = {"ru": "Cyrillic (Russian)", "en": "Latin (English)"}


@dataclass(frozen=True)
class Script:
    """The alphabet and case a board is read in, and how each glyph fits it."""

    lang: str
    case: str
    scores: Scores  # of the board's glyphs in this language and case
    foreign: np.ndarray  # (m,) bool: the glyph fits the other language's templates clearly better
    other_case: Scores | None = None  # of the board's glyphs in this language and the other case
    abroad: Scores | None = None  # of the board's glyphs in the other language, in this case
    kin: tuple[str, ...] = TWINS  # letter pairs of the two alphabets that are no rivals (``Scores.match``):
    # those drawn alike, and the near twins too where the board's glyphs tell its alphabet
    loose: bool = False  # the alphabet was told by glyphs that fit it clearly better, none of them
    # read surely (an unseen face far from every template), or given and told by too few glyphs read
    # surely: a letter drawn alike in the other alphabet is then no sure reading


def script(pictures: np.ndarray, banks: dict[str, Bank], lang: str | None = None,
           voters: np.ndarray | None = None, heights: np.ndarray | None = None) -> Script:
    """The language and case of the glyphs ``pictures`` (one per lettered tile), told from how
    well each fits each language's ``banks``; ``lang`` when given, checked. Only the ``voters``
    (default: all) that fit some language well (a multi-letter tile fits none) tell the language.
    ``heights``: each glyph's ink height (``_extent``), to check a lower case (``_level``).
    WordbotError when the glyphs are the other alphabet's, or (no ``lang``) fit both alike."""
    fits, others, every = {}, {}, {}
    for name, bank in banks.items():
        groups = bank.group_scores(pictures)
        cases = {case: bank.scores(pictures, case, groups) for case in CASES}
        every[name] = cases
        case = max(CASES, key=lambda c: float(np.sum(np.maximum(cases[c].best, 0))))
        if case == "lower" and heights is not None and _level(cases[case], heights, voters, name):
            case = "upper"
        fits[name] = (case, cases[case])
        others[name] = cases[CASES[1 - CASES.index(case)]]
    best = {name: scores.best for name, (_, scores) in fits.items()}
    votes = _votes(fits, every, voters)
    loose = False
    if lang is None:
        lang = max(votes, key=votes.get)
        if not _told(votes, lang):
            # Too few glyphs read surely (a face far from every template): those fitting one
            # alphabet clearly better tell it, as many again against as the sure ones need.
            fitting = _votes(fits, every, voters, sure_only=False)
            lang = max(fitting, key=fitting.get)
            loose = _told(fitting, lang)
            votes = fitting
        if not _told(votes, lang):
            raise WordbotError(f"cannot tell the board's alphabet from its letters ({votes['ru']} look "
                               f"Cyrillic, {votes['en']} Latin): give the language (--lang ru or en)")
    elif votes[_other(lang)] >= max(1, votes[lang]):  # the pixels must not speak against ``lang``
        other = _other(lang)
        raise WordbotError(f"the board's letters are {NAMES[other]}, not {NAMES[lang]}: "
                           f"{votes[other]} tiles fit only {other}, {votes[lang]} only {lang} "
                           f"(read it with --lang {other}, or without --lang)")
    elif not _told(votes, lang):
        # Too few glyphs read surely tell ``lang``: the board may be the other alphabet's in a face
        # read unsurely (blind-2026-11-27-c's Cyrillic У, А, Р read as Y, A, P with confidence under
        # --lang en), so its look-alike letters are not sure where a glyph speaks against ``lang``
        # (fits the other alphabet clearly better, read surely or not) or cannot speak (fits no
        # letter well: a shape of neither bank); elsewhere (СУММА, a Balda start word) nothing
        # speaks against the user's word.
        against = _votes(fits, every, voters, sure_only=False)[_other(lang)]
        unknown = np.max(list(best.values()), axis=0) < 1 - 2 * DISTANCE
        loose = against > 0 or bool(unknown[True if voters is None else voters].any())
    case, scores = fits[lang]
    other = best.get(_other(lang))
    foreign = other - best[lang] >= TELLS if other is not None else np.zeros(len(pictures), bool)
    abroad = _farther(every[_other(lang)][case]) if _other(lang) in every else None
    # The near twin of a glyph's letter (r and г) fits it nearly as well in most fonts: a rival only
    # while the board's alphabet is in doubt (given, not told by its glyphs).
    kin = TWINS + NEAR_TWINS[case] if _told(votes, lang) and not loose else TWINS
    return Script(lang, case, scores, foreign, others[lang], abroad, kin, loose)


LOW = {"ru": set("авгежзиклмнопстхчшыьэюя"), "en": X_HEIGHT}  # small letters with nothing above the
# x-height or below the line (й, ё: marks; д, ц, щ: tails, as their capitals may have)
RISEN = {"ru": set("бруф"), "en": set("bdfghklpqy")}  # small letters reaching above the x-height or
# below the line in every face


def _level(scores: Scores, heights: np.ndarray, voters: np.ndarray | None, lang: str) -> bool:
    """Whether glyphs read in ``lang``'s lower case (``scores``) as letters reaching above the
    x-height or below the line (б, р, у, ф) are mostly no taller (``RISING``) than those read as
    letters that do not: capitals, one height, not small letters. Stretched to a square, a Cyrillic
    capital fits its small letter as well wherever that is a small capital (в, к, м, т ...): the fit
    alone told heavy faux-bold capitals (DejaVu Serif Condensed, Noto Sans Display) lower case, and
    their Б read в."""
    read = [scores.letters[j] for j in scores.score.argmax(axis=1)]
    whole = np.ones(len(read), bool) if voters is None else voters
    low = np.array([ch in LOW[lang] for ch in read]) & whole
    risen = np.array([ch in RISEN[lang] for ch in read]) & whole
    if risen.sum() < 3 or low.sum() < 3:
        return False
    flat = heights[risen] < RISING * np.median(heights[low])
    return 2 * int(flat.sum()) > int(risen.sum())


def _told(votes: dict[str, int], lang: str) -> bool:
    """Whether the glyphs telling ``lang`` (``votes``) are enough to take it with no language given."""
    return votes[lang] >= max(2, TOLD * votes[_other(lang)])


ABROAD = 0.5  # d_best / d_other at which a letter of the other alphabet keeps a glyph doubtful (a letter
# of this one does from ``RATIO``): no board holds both alphabets, so only a letter of the other fitting
# nearly as well says the glyph may be a shape the bank does not know (Triod Postnaja's N, read H:
# d_best / d_И 0.49-0.78); nearer ones are the usual near-twins (A and Д, r and г: on development looks
# right readings at 0.42-0.64, half of them below 0.48); the nearest twins (``NEAR``: r and г) are no
# rivals on a board whose glyphs tell its alphabet


def _votes(fits: dict[str, tuple[str, Scores]], every: dict[str, dict[str, Scores]],
           voters: np.ndarray | None, sure_only: bool = True) -> dict[str, int]:
    """How many glyphs tell each language: those of the ``voters`` (None: all) fitting one language's
    letters (``fits``: its case and scores) by ``TELLS`` more than the other's in either case
    (``every``: each language's scores in each case), and read surely in it."""
    if "ru" not in fits or "en" not in fits:
        return {"ru": 0, "en": 0}
    ru, en = fits["ru"][1].best, fits["en"][1].best
    fit = (np.maximum(ru, en) >= 1 - 2 * DISTANCE) & (True if voters is None else voters)
    # A glyph votes only for a language it reads surely in: broken ink (a letter half lost in
    # a glossy tile's highlight) may fit one alphabet's odd letters (Й) better and tell nothing.
    # Nor does a glyph read as a letter both alphabets draw alike (А and A), whichever fits better.
    matches = {name: scores.match() for name, (_, scores) in fits.items()}
    sure = {name: confidence(match) >= THRESHOLD if sure_only else np.ones(len(match.best), bool)
            for name, match in matches.items()}
    alike = np.array([ALIKE.get(a) == b for a, b in zip(matches["ru"].letters, matches["en"].letters,
                                                          strict=True)], bool).reshape(-1)
    fit &= ~alike
    # The other alphabet in either case: a glyph of one case may be a letter drawn alike in the other's
    # other case (Triod Postnaja's small t, a small capital: т to the Cyrillic capitals, T to the Latin).
    ru_any, en_any = (np.maximum(*(every[name][case].best for case in CASES)) for name in ("ru", "en"))
    return {"ru": int(np.sum(fit & sure["ru"] & (ru - en_any >= TELLS))),
            "en": int(np.sum(fit & sure["en"] & (en - ru_any >= TELLS)))}


def _farther(abroad: Scores) -> Scores:
    """``abroad``'s scores with their distances (1 - score) stretched by ``ABROAD`` / ``RATIO``: as
    rivals, a glyph is doubtful from d_best / d_other = ``ABROAD`` on."""
    return Scores(abroad.letters, 1 - (1 - abroad.score) * (ABROAD / RATIO), abroad.pixel)


def _other(lang: str) -> str:
    return "en" if lang == "ru" else "ru"


def read_tiles(image: np.ndarray, geometry: BoardGeometry, lang: str | None = None,
               bank: Bank | None = None) -> BoardReading:
    """Read every cell of ``geometry`` in ``image`` against ``bank`` (the built-in one of its
    language by default) in the language ``lang`` (None: told from the glyphs; see ``script``)."""
    tiles_seen = tile_pictures(image, geometry)
    pictures, contrast = tiles_seen.pictures, tiles_seen.contrast
    inked = pictures.reshape(len(pictures), -1).any(axis=1)
    tiles = [""] * len(pictures)
    conf = np.zeros(len(pictures), np.float32)
    found = Script(lang or "", "", None, None)
    if inked.any():
        idx = np.nonzero(inked)[0]
        banks = {name: builtin_bank(name) for name in NAMES}
        if bank is not None:
            banks[bank.lang] = bank
        solid = _solid(pictures[idx])
        # Only whole single glyphs tell the language (not a multi-letter tile, a block, a letter
        # that may have lost a part).
        voters = np.array([i not in tiles_seen.parts for i in idx]) & ~solid & ~tiles_seen.clipped[idx]
        size = np.array([_extent(tiles_seen.inks[i]) for i in idx]).reshape(-1, 3)
        found = script(pictures[idx], banks, lang, voters, size[:, 0])
        m = found.scores.match(found.other_case, found.abroad, found.kin)
        # A rival letter differing in one detail the glyph shows as its own letter does is none.
        gone = ruled_out(pictures[idx], found.scores, found.lang, found.case)
        if any(gone):
            found = replace(found, scores=without(found.scores, gone),
                            other_case=without(found.other_case, gone))
            m = found.scores.match(found.other_case, found.abroad, found.kin)
        consistent = _consistency(pictures[idx], m) > 0
        conf[idx] = confidence(m) * consistent * ~found.foreign
        # A letter that may have lost a part, or whose ink does not fit it, is not sure; nor is И
        # with a faint mark over it (perhaps a Й).
        narrow = _narrow(size, m.letters)
        hard = (tiles_seen.clipped[idx] | solid | _short(size) | _off_height(size, m.letters, found.case)
                | tiles_seen.faint[idx] & np.isin(m.letters, list(UNMARKED)))
        # On a board whose alphabet only its glyphs' fit told, a letter the other alphabet draws alike
        # (or nearly) may be that one's: not sure, nor read again.
        hard |= found.loose & np.isin(m.letters, DRAWN_ALIKE[found.case])
        lost = hard | narrow
        conf[idx] = np.where(lost, np.minimum(conf[idx], CLIPPED), conf[idx])
        for k, i in enumerate(idx):
            tiles[i] = m.letters[k]
            if tiles_seen.marks[i] and tiles[i] not in MARKED:
                conf[i] = 0.0  # dots or a breve over a letter that has none: not that letter
        # Read again (the board's own font, Tesseract) only where nothing but the match left a tile
        # doubtful: not a letter also read from a clearly different shape on the board (Okolaks'
        # U-shaped V beside its U's: both readers read U), nor one that a letter of the other
        # alphabet fits nearly as well (Triod Postnaja's N, its thin diagonal blurred: both read H).
        apart = np.array([i in tiles_seen.parts for i in idx])
        unread = tiles_seen.marks[idx] | found.foreign | m.abroad | apart | ~consistent
        plain = ~(lost | unread)
        again = _board_font(pictures[idx], found, m, conf[idx], plain)
        for k, letter, sure in zip(*again, strict=True):
            tiles[idx[k]], conf[idx[k]] = letter, sure
        # Tesseract sees the ink as it is, not stretched to a square: it tells a narrow Ж or Ю (a
        # monospaced face's) from a condensed К or Ы, which the board's own font, matched stretched,
        # does not.
        whole = narrow & np.isin(m.letters, list(WHOLE_WIDE)) & ~(hard | unread)
        _second_reader([tiles_seen.inks[i] for i in idx], pictures[idx], found, m, tiles, conf, idx,
                       plain | whole)
        _read_parts(tiles_seen.parts, banks[found.lang], tiles, conf, tiles_seen.inks)
        _read_plain(tiles_seen.plain, banks[found.lang], found.case, tiles, conf)
        if found.lang == "en" and found.case == "lower":
            _bare_strokes(tiles_seen, tiles, conf, size[:, 0], idx)
        # One board, one font: a reader that doubts nearly every glyph of a board does not know its
        # face, and reads the few others surely by chance, not by knowing it.
        if (conf[idx] < THRESHOLD).mean() >= UNKNOWN_FACE:
            conf[idx] = np.minimum(conf[idx], CLIPPED)
    # An empty tile is sure when the tile is plain; ink faint enough to be doubted is doubtful, and
    # so is a tile whose middle is not even along its rows (a letter the ink was lost of), or is a
    # block of the board's ink with the tile's fill at its sides (a glyph filling the letter box).
    empty = ~inked
    conf[empty] = np.clip((2 * EMPTY_CONTRAST - contrast[empty]) / EMPTY_CONTRAST, 0, 1)
    for i in np.nonzero(empty)[0]:
        conf[i] = min(conf[i], np.clip(2 * (EVEN - _row_spread(image, geometry, i)) / EVEN, 0, 1))
    conf[_ink_blocks(image, geometry, empty, tiles_seen.inks)] = 0.0
    # No letter anywhere: the board's letters were not seen (Poiret One's hairlines on radial tiles:
    # an 11x11 board read empty, 87 tiles surely), or this is no board; a game's board shows letters.
    if empty.all():
        conf = np.minimum(conf, CLIPPED)
    return BoardReading(geometry.rows, geometry.cols, [t.replace("ё", "е") for t in tiles],
                        [float(c) for c in conf], geometry.box,
                        [(float(x), float(y)) for x, y in geometry.centres], pictures, found.lang,
                        found.case, tiles_seen.parts)


AGREED = 0.6  # the confidence of a doubtful tile that Tesseract reads as its likeliest letter
SECOND_RATIO = 0.55  # d_best / d_other below which a doubtful tile is asked of Tesseract (closer rivals:
# both readers may see the same ambiguous ink; at 0.55 and Tesseract's 80 no development tile was
# misread; at 0.7, З/Э, Ь/Ъ, И/Н ..., 318 more right tiles of 600 development screenshots were
# confirmed and none wrong, but on held-out looks both readers agreed on Roboto Slab's faux-bold x as
# z at 0.81 and Triod Postnaja's C as G at 0.90, and on blind-2026-11-26-d on BabelStone Modern's а as
# я and AR PL SungtiL GB's п as н)


def _second_reader(inks: list[np.ndarray | None], glyphs: np.ndarray, found: Script, m: Match,
                   tiles: list[str], conf: np.ndarray, idx: np.ndarray, eligible: np.ndarray) -> None:
    """Doubtful ``eligible`` glyphs (``inks`` and normalized ``glyphs`` of the lettered tiles
    ``idx``, read as ``m``) read by a second, independent reader (``wordbot.ocr.second``:
    Tesseract): a letter it is fairly sure of that is the template reader's likeliest is the tile's,
    at ``AGREED`` confidence (two readers agreeing; neither was sure alone). Only where no other
    letter came very near (``SECOND_RATIO``: where two letters fit nearly alike, a Б whose flag is
    lost and a В, both readers see the same ambiguous ink and agree on the wrong one), and only
    where the glyph is drawn like the board's sure glyphs of that letter (``_two_shapes``: Okolaks'
    U-shaped V beside its sure U's, read U by both readers). In the same page, the sure glyphs
    whose rival came nearly as close are checked (``_vetoed``)."""
    d1, d2 = 1 - m.best, np.maximum(1 - m.runner_up, 1e-6)
    doubtful = [k for k in range(len(idx)) if eligible[k] and conf[idx[k]] < THRESHOLD
                and inks[k] is not None and d1[k] / d2[k] < SECOND_RATIO]
    near = [k for k in range(len(idx)) if conf[idx[k]] >= THRESHOLD and inks[k] is not None
            and d1[k] / d2[k] >= NEARLY and tiles[idx[k]] == m.letters[k]]
    if not doubtful and not near:
        return
    said = opinions([inks[k] for k in doubtful + near], found.lang, found.case)
    _vetoed(found.scores, m, near, said[len(doubtful):], conf, idx)
    said = said[:len(doubtful)]
    letters = [tiles[i] for i in idx]
    agreed = [k for k, letter in zip(doubtful, said, strict=True)
              if letter and letter.replace("ё", "е") == letters[k].replace("ё", "е")]
    for k in _two_shapes(glyphs, letters, conf[idx], agreed):
        conf[idx[k]] = AGREED


NEARLY = 0.3  # d_best / d_other from which a sure reading is checked against Tesseract's (its rival's
# letter named there keeps it doubtful): every confident misread of a face drawing one letter nearly as
# the bank draws another lay there (0.31-0.42), just over the threshold


def _vetoed(scores: Scores, m: Match, near: list[int], said: list[str], conf: np.ndarray,
            idx: np.ndarray) -> None:
    """Sure glyphs ``near`` (of the lettered tiles ``idx``, read as ``m`` from ``scores``) whose
    runner-up letter came nearly as close (``NEARLY``) and which the second reader ``said`` is that
    letter: doubtful (``CLIPPED``). A face drawing one letter nearly as the bank draws another
    (Alumni Sans' condensed D, its square corners blurred, read as O) fits the bank's other letter a
    little better; the second reader, seeing the ink unstretched, may see the letter it is."""
    for k, letter in zip(near, said, strict=True):
        spelt = m.letters[k].replace("ё", "е")
        rivals = [(float(scores.score[k, j]), ch) for j, ch in enumerate(scores.letters)
                  if ch.replace("ё", "е") != spelt]
        if letter and rivals and letter.replace("ё", "е") == max(rivals)[1].replace("ё", "е"):
            conf[idx[k]] = min(float(conf[idx[k]]), CLIPPED)


SOURCE = 0.7  # the confidence of the tiles whose glyphs serve as the board's own templates


def _board_font(glyphs: np.ndarray, found: Script, m: Match, conf: np.ndarray,
                eligible: np.ndarray) -> tuple[list[int], list[str], list[float]]:
    """The doubtful ``eligible`` glyphs read again with the board's sure glyphs (``SOURCE``) as
    templates of their letters too: one board is one font, so a glyph drawn as a sure glyph
    elsewhere on it is that letter. The confidence rules are the same (another letter's templates
    nearly as close keep a glyph doubtful), and an added template only raises scores, so only a
    glyph closest to a sure one of the board can become sure. Returns (glyph index, letter,
    confidence) of those that did."""
    scores, other = found.scores, found.other_case
    sure = np.nonzero(conf >= SOURCE)[0]
    again = np.nonzero((conf < THRESHOLD) & eligible)[0]
    if len(sure) == 0 or len(again) == 0:
        return [], [], []
    both = glyphs[np.concatenate([again, sure])]
    pixel, shape = features(both), shapes(both)
    n = len(again)
    board = mixed(pixel[:n], shape[:n], pixel[n:], shape[n:])
    board_pixel = pixel[:n] @ pixel[n:].T
    column = np.array([scores.letters.index(m.letters[k]) for k in sure])
    # A sure glyph stands for its letter only to glyphs as close to it as the board's other sure
    # glyphs of that letter are (one font draws a letter alike each time; a letter differing in one
    # detail, a Б beside a В, is farther). Only the board's glyphs speak for a letter, none for its
    # rival (a bank of other fonts), so a glyph merely nearer a board glyph than a bank one is no
    # sign. A letter sure only once is measured by the board's other letters (the median of their
    # measures); on a board with no letter sure twice, a sure glyph stands for nothing.
    close = _measures(pixel[n:], shape[n:], column)
    board = np.where(board >= close[None, :], board, -np.inf)
    board_pixel = np.where(np.isfinite(board), board_pixel, -np.inf)
    score, best_pixel = scores.score[again].copy(), scores.pixel[again].copy()
    for j, letter in enumerate(column):
        score[:, letter] = np.maximum(score[:, letter], board[:, j])
        best_pixel[:, letter] = np.maximum(best_pixel[:, letter], board_pixel[:, j])
    rivals, abroad = (Scores(s.letters, s.score[again], s.pixel[again]) if s is not None else None
                      for s in (other, found.abroad))
    second = Scores(scores.letters, score, best_pixel).match(rivals, abroad, found.kin)
    sure_now = confidence(second)
    up = np.nonzero(sure_now >= THRESHOLD)[0]
    return [int(again[k]) for k in up], [second.letters[k] for k in up], [float(sure_now[k]) for k in up]


def _measures(pixel: np.ndarray, shape: np.ndarray, letters: np.ndarray) -> np.ndarray:
    """(n,) for each of a board's sure glyphs (``features`` ``pixel`` and ``shapes`` ``shape``, read
    as ``letters``): the score below which a glyph is not drawn as it is, the least score between
    it and the board's other sure glyphs of its letter (one font draws a letter alike each time; a
    letter differing in one detail, a Б beside a В, is farther). A letter sure only once is measured
    by the board's other letters (the median of their measures); with no letter sure twice, inf."""
    own = mixed(pixel, shape, pixel, shape)
    same = (letters[:, None] == letters[None, :]) & ~np.eye(len(letters), dtype=bool)
    close = np.where(same, own, np.inf).min(axis=1)
    measured = np.isfinite(close)
    close[~measured] = np.median(close[measured]) if measured.any() else np.inf
    return close


def _two_shapes(glyphs: np.ndarray, letters: list[str], conf: np.ndarray, ask: list[int]) -> list[int]:
    """Of the doubtful glyphs ``ask`` (of a board's lettered ``glyphs``, read as ``letters`` with
    ``conf``), those drawn like the board's sure glyphs (``SOURCE``) of their letter, or where it
    has none like every other glyph read as it: as alike as the board's sure glyphs of some letter
    are to each other (the least of ``_measures``). A letter read from two shapes is two letters
    drawn near alike, and which is the letter's neither reader tells where the board shows none
    of them surely. All of ``ask`` where no letter is sure twice (nothing to measure by)."""
    sure = np.nonzero(conf >= SOURCE)[0]
    if len(sure) == 0 or not ask:
        return list(ask)
    pixel, shape = features(glyphs), shapes(glyphs)
    column = np.array(letters)
    measure = float(np.min(_measures(pixel[sure], shape[sure], column[sure])))
    if not np.isfinite(measure):
        return list(ask)
    score = mixed(pixel[ask], shape[ask], pixel, shape)
    kept = []
    for r, k in enumerate(ask):
        same = column == letters[k]
        same[k] = False
        # The board's own templates of the letter where it has them; else every other glyph read
        # as it, sure or not (Cupola's А read Д beside its real Д, zeroed as another shape: both
        # readers read Д).
        sure_same = same & (conf >= SOURCE)
        # (float32 cosines: two glyphs drawn to the same pixels may score a hair under the measure)
        if np.all(score[r, sure_same if sure_same.any() else same] >= measure - 1e-5):
            kept.append(k)
    return kept


BARE = 0.55  # the confidence of a bare stroke read as l on a board whose dots stand apart
FULL = 0.8  # of a bare stroke's median ink (its rows' darkest pixel) every row must show: an l is one
# stroke of one ink all along; an i whose dot merged with its stem (JPEG, blur on small tiles) shows
# weaker ink where the dot and the gap were (a wider pool's Onest i at 26 px through JPEG: 0.55-0.78
# of its stem's there, read as l at 0.55; the l's rows beside it all full)


def _bare_strokes(seen: TilePictures, tiles: list[str], conf: np.ndarray, height: np.ndarray,
                  idx: np.ndarray) -> None:
    """Doubtful tiles of a small-letter English board whose ink is a bare stroke (one straight
    run of even width, nothing above it, nothing cut) as tall as the board's sure ascenders (b, d,
    h, k, l) or sure dotted i's, dot and all, on a board where a sure i or j shows its dot standing
    apart, are l: the only small letter that is a bare stroke. The matching alone leaves such an l
    doubtful (its picture, a bar, is nearly an i's whose dot merged, and the pixel features may
    prefer i). The evidence is the board's own (one font, size and rendering): where an i's dot
    merges (faux bold, blur), no i on the board shows it standing apart, and an i whose dot was
    lost is as short as the small letters. ``height``: each lettered tile's (``idx``) solid ink
    height."""
    at = {int(i): k for k, i in enumerate(idx)}
    dotted = any(seen.marks[i] and tiles[i] in ("i", "j") and conf[i] >= THRESHOLD for i in at)
    tall = [height[k] for i, k in at.items() if conf[i] >= THRESHOLD
            and (tiles[i] in ASCENDERS and not seen.marks[i] or tiles[i] == "i" and seen.marks[i])]
    if not dotted or not tall:
        return
    least = 0.95 * float(np.median(tall))
    for i, k in at.items():
        if (conf[i] < THRESHOLD and tiles[i] in ("l", "i", "j") and not seen.marks[i] and not seen.faint[i]
                and not seen.clipped[i] and i not in seen.parts and height[k] >= least
                and _stroke(seen.inks[i])):
            tiles[i], conf[i] = "l", BARE


def _stroke(ink: np.ndarray | None) -> bool:
    """Whether ``ink``'s solid part is one straight upright bar: in every row but its ends, one
    run of pixels of the same width (to a pixel) at the same place (to a pixel), narrow, and as
    dark as the bar's other rows (``FULL``)."""
    if ink is None:
        return False
    solid = ink >= 0.5
    rows = np.nonzero(solid.any(axis=1))[0]
    if len(rows) < 8:
        return False
    peaks = ink[rows[1]: rows[-1]].max(axis=1)
    if peaks.min() < FULL * float(np.median(peaks)):
        return False
    inner = solid[rows[1]: rows[-1]]
    width = inner.sum(axis=1)
    left = inner.argmax(axis=1)
    right = inner.shape[1] - inner[:, ::-1].argmax(axis=1)
    one_run = bool(np.all(right - left == width))
    return (one_run and int(width.min()) > 0 and int(width.max() - width.min()) <= 1
            and int(left.max() - left.min()) <= 1 and width.max() <= 0.25 * len(rows))


def _read_plain(plain: dict[int, np.ndarray], bank: Bank, case: str, tiles: list[str],
                conf: np.ndarray) -> None:
    """A doubtful Ё (a drawing the templates do not hold) read again without its dots: the words
    spell it Е, so a sure Е there is the tile's letter. (Й without its breve is И, another letter:
    only Ё is read so.)"""
    again = [i for i in plain if tiles[i] == "ё" and conf[i] < THRESHOLD]
    if not again:
        return
    m = bank.match(np.array([plain[i] for i in again]), case)
    sure = confidence(m)
    for k, i in enumerate(again):
        if m.letters[k] == "е" and sure[k] >= THRESHOLD:
            tiles[i], conf[i] = "е", sure[k]


# The multi-letter tiles games print (Boggle's Qu; Wordament's digraphs, prefixes and suffixes):
# glyphs side by side spelling anything else (an "ii" of a narrow letter and its shadow) are
# doubtful.
MULTI = frozenset((
    "qu", "th", "he", "in", "er", "an", "re", "on", "at", "en", "nd", "ti", "es", "or", "te", "of", "ed",
    "is", "it", "al", "ar", "st", "to", "nt", "ng", "se", "ha", "as", "ou", "io", "le", "ve", "co", "me",
    "de", "hi", "ri", "ro", "ic", "ne", "ea", "ra", "ce", "ch", "sh", "wh", "ck", "ing", "ion", "ers", "ly",
))


OFF_CENTRE = 0.06  # of the tile's width: the farthest a multi-letter tile's ink is from its middle
# (games centre a tile's text; a bar of the tile's edge beside a letter is off to one side)


def _read_parts(parts: dict[int, np.ndarray], bank: Bank, tiles: list[str], conf: np.ndarray,
                inks: list[np.ndarray | None]) -> None:
    """A tile whose ink stands as glyphs side by side is read glyph by glyph too (in either case:
    Boggle's "Qu"). When every glyph is sure, they spell a tile games print (``MULTI``) and their
    ink is centred in the tile the tile is their letters, unless the whole was also read sure: then
    it is doubtful (lower-case "in" is nearly an "m"). Otherwise the whole, glyphs standing apart,
    is no sure single letter either ("in" whose i is not sure is still no "m"); Ы, whose second
    stroke is no letter, stays Ы."""
    if not parts:
        return
    order = list(parts)
    glyphs = np.concatenate([parts[i] for i in order])
    m = bank.match(glyphs)
    sure = confidence(m)
    k = 0
    for i in order:
        n = len(parts[i])
        spelt = "".join(m.letters[k: k + n])
        if sure[k: k + n].min() >= THRESHOLD and spelt in MULTI and _centred(inks[i]):
            conf[i] = 0.0 if conf[i] >= THRESHOLD else sure[k: k + n].min()
            tiles[i] = tiles[i] if conf[i] == 0.0 else spelt
        elif tiles[i] != "ы":
            conf[i] = min(conf[i], CLIPPED)
        k += n


def _centred(ink: np.ndarray | None) -> bool:
    """Whether ``ink``'s columns are centred in its crop (to ``OFF_CENTRE``)."""
    if ink is None:
        return False
    xs = np.nonzero((ink >= 0.25).any(axis=0))[0]
    return len(xs) > 0 and abs((xs[0] + xs[-1] + 1) / 2 - ink.shape[1] / 2) <= OFF_CENTRE * ink.shape[1]


MAX_SIDE = 4096  # larger images are read at a reduced size (boards are never that fine)
TINY = 16  # pixels: a lattice of tiles this small with no letter in any is an icon, not a board


def read_board(image: np.ndarray, lang: str | None = None, bank: Bank | None = None,
               geometry: BoardGeometry | None = None, shape: tuple[int, int] | None = None) -> BoardReading:
    """The board in a whole screenshot (numpy BGR, board anywhere in it): found, then read.

    ``geometry``: a calibrated profile's board, used when it still fits the frame (the same
    lattice found again in its place), else the board is found again (``note`` says so);
    ``bank`` adds learned templates; ``shape`` (rows, cols) picks the board of that size when the
    picture holds more than one letter lattice (a Balda board and its letter picker); ``lang``
    None: told from the glyphs. Of several lattices the best one is read, passing over one with
    no letter (an icon, a pattern) or that spells the alphabet (a letter keyboard) while another
    is left; ``others`` names the rest.
    Raises WordbotError when ``image`` is not a picture or holds no board, or when the board's
    letters are not of ``lang``'s alphabet.
    """
    from wordbot.calibration.detect import detect_boards, fits
    from wordbot.lexicon.alphabet import alphabet

    if lang is not None:
        alphabet(lang)  # a clear error for an unknown language
    if not isinstance(image, np.ndarray) or image.ndim not in (2, 3) or image.size == 0:
        raise WordbotError("not an image (expected a numpy BGR array)")
    if image.dtype != np.uint8:
        raise WordbotError(f"image pixels must be 8-bit, got {image.dtype}")
    if image.ndim == 3 and image.shape[2] == 4:
        image = image[..., :3]
    note = ""
    if geometry is not None:
        if fits(image, geometry):
            return read_tiles(image, geometry, lang, bank)
        note = (f"the saved {geometry.rows}x{geometry.cols} board at {geometry.box} is not in this frame: "
                "found again")
        shape = shape or (geometry.rows, geometry.cols)
    k = MAX_SIDE / max(image.shape[:2])
    small = image if k >= 1 else cv2.resize(image, None, fx=k, fy=k, interpolation=cv2.INTER_AREA)
    boards = detect_boards(small, shape)
    if not boards and note:
        boards = detect_boards(small)  # the game now shows another size
    if k < 1:
        boards = [b.scaled(1 / k) for b in boards]
    reading = empty = error = None
    for board in boards:
        try:
            candidate = read_tiles(image, board, lang, bank)
        except WordbotError as exc:  # its glyphs are not of ``lang`` (or of no one language)
            error = error or WordbotError(f"{exc}; read on the {board.rows}x{board.cols} lattice at "
                                          f"{tuple(int(v) for v in board.box)}")  # which one, of several
            continue
        lettered = [t for t in candidate.tiles if t]
        if not lettered:
            empty = empty or (candidate if min(board.tile) >= TINY else None)  # not an icon's pattern
            continue
        reading = reading or candidate
        if not _keyboard(lettered, candidate.lang):
            reading = candidate
            break
    if reading is None and error is not None:
        raise error
    reading = reading or empty
    if reading is None:
        h, w = image.shape[:2]
        raise WordbotError(f"no letter board found in the {w}x{h} image")
    reading.others = [(b.rows, b.cols, tuple(b.box)) for b in boards if tuple(b.box) != reading.board_box]
    reading.note = note
    return reading


def _keyboard(tiles: list[str], lang: str) -> bool:
    """Whether lettered ``tiles`` are a letter keyboard: most of the alphabet, each letter once
    (Ё's key reads е: a repeat or two allowed)."""
    from wordbot.lexicon.alphabet import alphabet

    size = alphabet(lang).size if lang else 0
    return bool(size) and len(set(tiles)) >= 0.85 * size and len(tiles) - len(set(tiles)) <= 2
