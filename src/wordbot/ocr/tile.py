"""One tile's picture -> its letter's ink, separated from the tile and from corner numbers.

The tile is binarized against its own background, so any colour scheme works, dark on light or
light on dark: the colour most of the tile lies near, followed across the tile as a plane per
colour channel fitted to the pixels of that colour (a gradient fill then stays background). Of
the ink's connected parts the letter is the largest one plus the parts that belong with it (a
breve or dot centred over it, the bar of Ы); parts touching the crop's edge (tile outline, rounded
corners, neighbours) and small parts off to the side (letter values in Wordament-like games) are
dropped, except small parts over the letter (the dots of Ё and ё, which the bank reads as ё).
Glyphs standing side by side (a multi-letter tile, "Qu"; or Ы's two strokes) are also given one by
one, for the reader to try when the whole does not read.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np
from numba import njit

from wordbot.kept import Kept

EMPTY_CONTRAST = 40  # colour distance (0..255) below which a tile holds no ink at all
RING_BAND = 0.12  # of the tile side: how far in from the crop's edge a tile outline may lie
INSET_BAND = 0.18  # of the tile side: how far in from the crop's edge a ring printed inside the tile may lie


@dataclass(frozen=True)
class TileInk:
    mask: np.ndarray | None  # float 0..1, the letter's ink (soft edges kept); None when empty
    contrast: float  # ink-to-background colour distance (0..255) in the tile's middle
    clipped: bool = False  # the letter may have lost a part: cut free of a tile outline or of a
    # letter value, or wider (taller) than the crop
    aside: tuple[float, float, float, float] | None = None  # where the biggest small part off to
    # the side (a letter value) was: x0, y0, x1, y1 as fractions of the crop
    parts: tuple[np.ndarray, ...] = ()  # the ink of each glyph standing side by side, left to
    # right (empty when there is one)
    marks: int = 0  # small parts kept over the letter: dots or a breve (Й, Ё, i, j have them)
    plain: np.ndarray | None = None  # the letter's ink without them (Ё without its dots is Е)
    faint: bool = False  # faint ink over the letter, too faint to keep (a thin breve: Й may be И)


INKS = 2048  # tiles whose ink is kept (``seen_ink``)
_inks: Kept[TileInk] = Kept(INKS)


def seen_ink(crop: np.ndarray, erase: tuple[float, float, float, float] | None = None) -> TileInk:
    """``letter_ink``, kept for the last ``INKS`` tile pictures (``Kept``)."""
    key = Kept.key(crop, erase)
    ink = _inks.get(key)
    if ink is None:
        ink = letter_ink(crop, erase)
        _inks.put(key, ink)
    return ink


def letter_ink(crop: np.ndarray, erase: tuple[float, float, float, float] | None = None) -> TileInk:
    """The letter's ink in ``crop`` (BGR or gray, the inside of one tile), ignoring any ink in the
    ``erase`` box (x0, y0, x1, y1 as fractions of the crop: where the board's letter values are)."""
    img = np.ascontiguousarray(crop if crop.ndim == 3 else crop[..., None])
    h, w = img.shape[:2]
    if h < 6 or w < 6:
        return TileInk(None, 0.0)
    dist = _distance(img)
    # Contrast where a letter would be (the middle of the tile; corners may show the board).
    core = dist[h // 4: h - h // 4, w // 4: w - w // 4].ravel()
    contrast = float(np.partition(core, int(0.99 * (core.size - 1)))[int(0.99 * (core.size - 1))])
    if contrast < EMPTY_CONTRAST:
        return TileInk(None, contrast)
    # A low threshold: the thin, anti-aliased strokes of a small serif glyph stay connected.
    ink = (dist > contrast * 0.3).astype(np.uint8)
    cut = np.zeros((h, w), bool)  # ink taken away; a letter touching it may have lost a part
    if erase is not None:
        x0, y0, x1, y1 = erase
        cut[int(y0 * h): int(np.ceil(y1 * h)), int(x0 * w): int(np.ceil(x1 * w))] = True
        cut &= ink > 0
        ink[cut] = 0
    n, labels, stats, centroids = cv2.connectedComponentsWithStats(ink, connectivity=8)
    rings = [i for i in range(1, n) if stats[i, 2] > 0.9 * w and stats[i, 3] > 0.9 * h]
    if rings:
        # A tile outline may touch the letter (through a corner number, or a wide letter at a
        # slightly misplaced crop): cut the outline's band off and look again.
        band = max(1, int(round(RING_BAND * min(h, w))))
        ys, xs = np.ogrid[:h, :w]
        edge = np.minimum(np.minimum(ys, h - 1 - ys), np.minimum(xs, w - 1 - xs)) < band
        cut |= edge & np.isin(labels, rings)
        ink[cut] = 0
        n, labels, stats, centroids = cv2.connectedComponentsWithStats(ink, connectivity=8)
    frames = [i for i in range(1, n) if _frame(labels, stats[i], i, RING_BAND * min(h, w))]
    if frames:
        ink[np.isin(labels, frames)] = 0  # a ring printed inside the tile, clear of the letter
        n, labels, stats, centroids = cv2.connectedComponentsWithStats(ink, connectivity=8)
    parts, rim = [], []
    boxes, centres = stats.tolist(), centroids.tolist()  # Python numbers: a faster loop
    for i in range(1, n):
        x, y, cw, ch, area = boxes[i]
        if area < max(3, 0.002 * h * w):
            continue
        if x == 0 or y == 0 or x + cw >= w or y + ch >= h:
            # Touching the rim: a tile outline (as wide and tall as the crop), a rounded corner
            # (off centre both ways) or a strip of the board along one edge is not the letter; a
            # big letter, the bar of Ы or a breve reaching the rim is.
            dx, dy = abs(centres[i][0] - w / 2) / w, abs(centres[i][1] - h / 2) / h
            ring = cw > 0.9 * w and ch > 0.9 * h
            strip = (cw > 0.9 * w and ch < 0.2 * h) or (ch > 0.9 * h and cw < 0.2 * w)
            if ring or strip or min(dx, dy) > 0.22:
                continue
            rim.append(i)
        parts.append(i)
    if not parts:
        return TileInk(None, contrast)
    inner = [i for i in parts if i not in rim] or parts
    main = max(inner, key=lambda i: boxes[i][cv2.CC_STAT_AREA])
    main_x, main_y, main_w, main_h = boxes[main][:4]
    main_cx = main_x + main_w / 2
    # A part reaching the rim belongs to the letter only in the letter's colour (not the board's
    # or the outline's), and only when it does not run along the edge it touches past both ends
    # of the letter (a breve or Щ's tail does not; a strip of the board or an outline's side does).
    ink_colour = _mean_colour(img, labels == main)
    # A thin bar lying wholly in the band along an edge, running past both ends of the letter, is
    # a side of a ring printed just inside the tile's edge (an inset border), never the letter's.
    band = max(1, int(round(INSET_BAND * min(h, w))))
    parts = [i for i in parts if i == main or (i not in rim or (
        np.abs(_mean_colour(img, labels == i) - ink_colour).max() < 0.3 * contrast
        and not _along_edge(boxes[i], w, h, boxes[main])))
        and not _along_edge(boxes[i], w, h, boxes[main], band)]
    keep, aside, marked = [], [], []
    big = [i for i in parts if i == main or boxes[i][3] >= 0.6 * main_h]
    for i in parts:
        x, y, cw, ch = boxes[i][:4]
        if i in big:
            keep.append(i)
            continue
        # A dot or breve over one of the letter's strokes (Ё's dots sit off centre; the dot of
        # the i of "in" over the i, beside the n).
        over = [b for b in big if y + ch <= boxes[b][1] + 0.15 * boxes[b][3]
                and boxes[b][0] - 0.1 * boxes[b][2] <= centres[i][0] <= boxes[b][0] + 1.1 * boxes[b][2]]
        # A glyph of its own beside the letter stands on its baseline (the u of "Qu"); a letter
        # value sits in a corner, or is much smaller.
        beside = abs(y + ch - main_y - main_h) <= 0.2 * main_h and ch >= 0.35 * main_h and i not in rim
        if over or beside or abs(centres[i][0] - main_cx) <= 0.3 * main_w:
            keep.append(i)
            if over:
                marked.append(i)
        else:
            aside.append(i)  # a small part off to the side: a letter value, not a dot or breve
    # Soft ink (the anti-aliased edge kept) of the letter's parts and their one-pixel rim: at small
    # sizes the grey levels carry much of the shape.
    chosen = np.zeros(n, np.uint8)
    chosen[keep] = 1
    letter = chosen[labels]
    near = cv2.dilate(letter, np.ones((3, 3), np.uint8)) > 0
    soft = soft_ink(dist.astype(np.float32), contrast)
    shadow = _shadow(img, letter > 0, dist, contrast)
    if shadow is not None:
        letter[shadow] = 0
        soft[shadow] = 0
    # Solid ink of the letter at two opposite edges: it is wider (taller) than the crop.
    solid = (letter > 0) & (dist > contrast * 0.6)
    clipped = (bool((cut & near).any())
               or (solid[:, 0].any() and solid[:, -1].any()) or (solid[0].any() and solid[-1].any()))
    glyphs = _side_by_side([boxes[i] for i in keep])
    split = ()
    if len(glyphs) > 1:
        split = tuple(np.where(cv2.dilate(np.isin(labels, [keep[k] for k in g]).astype(np.uint8),
                                          np.ones((3, 3), np.uint8)) > 0, soft, 0).astype(np.float32)
                      for g in glyphs)
    value = None
    if aside:
        x, y, cw, ch = boxes[max(aside, key=lambda i: boxes[i][cv2.CC_STAT_AREA])][:4]
        value = (x / w, y / h, (x + cw) / w, (y + ch) / h)
    plain = None
    if marked:
        bare = cv2.dilate(np.isin(labels, [i for i in keep if i not in marked]).astype(np.uint8),
                          np.ones((3, 3), np.uint8)) > 0
        plain = np.where(bare, soft, 0).astype(np.float32)
    return TileInk(np.where(near, soft, 0).astype(np.float32), contrast, clipped, value, split, len(marked),
                   plain, not marked and _faint_over(dist, contrast, letter, boxes[main]))


FAINT = 0.12  # of the contrast: ink this far from the tile, though below the letter's threshold, is seen


def _faint_over(dist: np.ndarray, contrast: float, letter: np.ndarray, box: list[int]) -> bool:
    """Whether ink fainter than the ``letter``'s (from ``FAINT`` of the contrast, clear of the
    letter's own ink) lies over its main part's ``box`` (x, y, w, h), within 0.4 of its height
    above it: a mark drawn thinner than the letter's strokes, dropped as specks."""
    x, y, w, h = box[:4]
    top = max(0, y - int(round(0.4 * h)))
    if y - top < 2:
        return False
    band = dist[top: y - 1, x: x + w].astype(np.float32)
    clear = cv2.dilate(letter, np.ones((5, 5), np.uint8))[top: y - 1, x: x + w] == 0
    faint = (band > FAINT * contrast) & clear
    return int(faint.sum()) >= max(3, 0.02 * w * (y - top))


FRAME = 0.75  # of the crop's sides: the least size of a ring printed inside a tile


def _frame(labels: np.ndarray, box: np.ndarray, label: int, band: float) -> bool:
    """Whether part ``label`` (``box``: x, y, w, h) is a frame: at least ``FRAME`` of the crop
    both ways, all of its pixels within ``band`` of its own box's sides (a ring printed just
    inside a tile's edge, an inset border, not touching the crop's edge as an outline does; no
    letter is that large and hollow: a tall Щ has strokes in its middle)."""
    h, w = labels.shape
    x, y, cw, ch = (int(v) for v in box[:4])
    if cw < FRAME * w or ch < FRAME * h:
        return False
    ys, xs = np.nonzero(labels[y: y + ch, x: x + cw] == label)
    inside = np.minimum(np.minimum(ys, ch - 1 - ys), np.minimum(xs, cw - 1 - xs))
    return bool(inside.max() < band)


def _side_by_side(boxes: list[list[int]]) -> list[list[int]]:
    """The letter's parts (x, y, w, h boxes) grouped into glyphs standing side by side, left to
    right: parts whose columns overlap are one glyph (a letter and its dots); a group lower than
    0.4 of the tallest is no glyph of its own (one group is returned then)."""
    order = sorted(range(len(boxes)), key=lambda k: boxes[k][0])
    groups: list[list[int]] = []
    right = -1
    for k in order:
        x, _, w, _ = boxes[k][:4]
        if groups and x < right - 1:
            groups[-1].append(k)
        else:
            groups.append([k])
        right = max(right, x + w) if len(groups[-1]) > 1 else x + w
    if len(groups) < 2:
        return groups
    tops = [min(boxes[k][1] for k in g) for g in groups]
    bottoms = [max(boxes[k][1] + boxes[k][3] for k in g) for g in groups]
    heights = [b - t for t, b in zip(tops, bottoms, strict=True)]
    # Glyphs stand on one baseline (Q's tail reaches a little below it), or hang from one line
    # with a descender below it (the q of "qu"); the broken-off piece of a faint letter, or a
    # tile outline's side, does neither.
    line = max(bottoms) - min(bottoms) <= 0.3 * max(heights) or (
        max(tops) - min(tops) <= 0.15 * max(heights) and min(heights) >= 0.6 * max(heights))
    return groups if min(heights) >= 0.4 * max(heights) and line else [list(range(len(boxes)))]


SHADOW_COLOUR = 0.4  # of the contrast: two ink colours this far apart may be a letter and its shadow
SHADOW_SHIFT = 0.08  # of the crop side: the farthest a shadow is cast
SHADOW_FIT = 0.85  # share of the shadow's pixels that the letter, shifted, must cover
SHADOW_SOLID = 0.35  # of the contrast: the ink split into the letter and its shadow (a shadow may be fainter
# than the letter)


def _shadow(img: np.ndarray, ink: np.ndarray, dist: np.ndarray, contrast: float) -> np.ndarray | None:
    """The pixels of a letter's cast shadow (a copy of the letter in another colour, shifted a
    few pixels, showing beside it), or None. The colours of the solid ink (far from the tile: not
    the blends of an anti-aliased edge) are split in two (2-means); the shadow is the part that the
    other part, shifted, covers, where the other is not covered so by it (a letter outlined in
    another colour, or a two-tone letter, has no such part)."""
    solid = img[ink & (dist > SHADOW_SOLID * contrast)].astype(np.float32)
    if len(solid) < 20:
        return None
    centres, side = _two_colours(solid[:: max(1, len(solid) // 256)], SHADOW_COLOUR * contrast)
    if len(side) == 0 or np.abs(centres[0] - centres[1]).max() < SHADOW_COLOUR * contrast or \
            np.bincount(side).min() < 0.08 * len(side):
        return None
    # Every ink pixel to its nearer colour; the cores (pixels near the colour itself) are compared.
    colours = img[ink].astype(np.float32)
    gap = np.abs(colours[:, None, :] - centres[None]).max(axis=2)
    nearer = gap.argmin(axis=1)
    if all(np.sum((nearer == k) & (gap[:, k] < 0.25 * contrast)) < 0.6 * np.sum(nearer == k) for k in (0, 1)):
        return None  # neither of one solid colour (blends at the letter's edge): no shadow either way
    parts, cores = [], []
    for k in (0, 1):
        for out, where in ((parts, nearer == k), (cores, (nearer == k) & (gap[:, k] < 0.25 * contrast))):
            mask = np.zeros(ink.shape, bool)
            mask[ink] = where
            out.append(mask)
    reach = max(1, int(round(SHADOW_SHIFT * min(ink.shape))))
    cover = [_cover(parts[1 - k], cores[k], reach) for k in (0, 1)]
    k = int(np.argmax([c for c, _ in cover]))
    if cover[k][0] < SHADOW_FIT or cover[1 - k][0] >= SHADOW_FIT or cores[k].sum() < 0.6 * parts[k].sum():
        return None  # no shadow, or not of one solid colour (blends at the letter's edge)
    # The shadow: that colour's solid pixels where the letter, shifted, lies, and their rim.
    cast = cores[k] & _moved(parts[1 - k], *cover[k][1])
    return parts[k] & cv2.dilate(cast.astype(np.uint8), np.ones((3, 3), np.uint8)).astype(bool)


@njit(cache=True)
def _two_colours(solid: np.ndarray, apart: float) -> tuple[np.ndarray, np.ndarray]:
    """``solid`` (n, c) colours split in two by four rounds of 2-means under the largest channel
    difference, seeded by an extreme colour (the farthest from the mean) and the farthest from it:
    the (2, c) centres and each colour's side (0, 1); no sides when the seeds are not ``apart``
    (one colour: the means of two parts can only be nearer) or a round puts all on one side."""
    n, c = solid.shape
    none = np.empty(0, np.int64)
    mean = np.zeros(c, np.float32)
    for i in range(n):
        mean += solid[i]
    mean /= n
    centres = np.empty((2, c), np.float32)
    centres[0] = solid[_farthest(solid, mean)]
    centres[1] = solid[_farthest(solid, centres[0])]
    if np.abs(centres[0] - centres[1]).max() < apart:
        return centres, none
    side = np.zeros(n, np.int64)
    for _ in range(4):
        for i in range(n):
            side[i] = np.abs(solid[i] - centres[1]).max() < np.abs(solid[i] - centres[0]).max()
        count = side.sum()
        if count == 0 or count == n:
            return centres, none
        sums = np.zeros((2, c), np.float32)
        for i in range(n):
            sums[side[i]] += solid[i]
        centres[0] = sums[0] / (n - count)
        centres[1] = sums[1] / count
    return centres, side


@njit(cache=True)
def _farthest(colours: np.ndarray, colour: np.ndarray) -> int:
    """The row of ``colours`` farthest from ``colour`` (largest channel difference; the first)."""
    best, far = -1.0, 0
    for i in range(len(colours)):
        d = np.abs(colours[i] - colour).max()
        if d > best:
            best, far = d, i
    return far


def _cover(letter: np.ndarray, shadow: np.ndarray, reach: int) -> tuple[float, tuple[int, int]]:
    """The largest share of ``shadow``'s pixels that ``letter`` moved by up to ``reach`` pixels
    each way (not by none) covers, and that move (dy, dx)."""
    padded = cv2.copyMakeBorder(letter.astype(np.float32), reach, reach, reach, reach,
                                cv2.BORDER_CONSTANT, value=0)
    hits = cv2.matchTemplate(padded, shadow.astype(np.float32), cv2.TM_CCORR)
    hits[reach, reach] = -1  # the letter where it is covers only itself
    oy, ox = np.unravel_index(int(np.argmax(hits)), hits.shape)
    # hits[oy, ox] pairs shadow pixel (y, x) with letter pixel (y + oy - reach, x + ox - reach).
    return float(hits[oy, ox]) / max(1, int(shadow.sum())), (int(reach - oy), int(reach - ox))


def _moved(mask: np.ndarray, dy: int, dx: int) -> np.ndarray:
    """``mask`` moved by (dy, dx) pixels, what leaves the frame dropped."""
    h, w = mask.shape
    out = np.zeros_like(mask)
    out[max(0, dy): h + min(0, dy), max(0, dx): w + min(0, dx)] = \
        mask[max(0, -dy): h - max(0, dy), max(0, -dx): w - max(0, dx)]
    return out


def soft_ink(distance: np.ndarray, contrast: float) -> np.ndarray:
    """Ink (0..1) of pixels at ``distance`` from the background of a tile of ``contrast``: the
    faintest anti-aliased edge dropped, the rest stretched (the template bank maps its renderings'
    coverage the same way, with a contrast of 1)."""
    return np.clip((distance - contrast * 0.15) / (contrast * 0.7), 0, 1)


def _along_edge(box: list[int], w: int, h: int, letter: list[int], band: int = 0) -> bool:
    """Whether a part touching the crop's edge (``band`` > 0: lying wholly within ``band`` pixels
    of it) runs along it past both ends of the letter (an outline's side with its corners, a strip
    of the board, an inset ring's side; never the bar of Ы, even with a letter value merged onto
    its top)."""
    x, y, cw, ch = box[:4]
    lx, ly, lw, lh = letter[:4]
    if band:
        top, bottom, left, right = y + ch <= band, y >= h - band, x + cw <= band, x >= w - band
    else:
        top, bottom, left, right = y == 0, y + ch >= h, x == 0, x + cw >= w
    horizontal = (top or bottom) and x < lx - 1 and x + cw > lx + lw + 1
    vertical = (left or right) and y < ly - 1 and y + ch > ly + lh + 1
    return horizontal or vertical


def _mean_colour(img: np.ndarray, where: np.ndarray) -> np.ndarray:
    return np.array(cv2.mean(img, where.astype(np.uint8))[: img.shape[2]])


SAME_COLOUR = 40  # colour distance (0..255) within which a pixel counts as the background
REFIT = 12  # residual (0..255) within which a pixel counts as background in the plane's second fit
SAMPLE = 8  # a SAMPLE x SAMPLE grid of pixels is compared pairwise to find the commonest colour


@njit(cache=True)
def _distance(img: np.ndarray) -> np.ndarray:
    """(h, w) uint8 colour distance (largest channel difference) of each pixel of ``img`` (h, w, c
    uint8) from the tile's background: the colour that most of the tile's pixels lie near (a
    density mode over a grid of samples inside the tile's edge: a gradient fill spreads over many
    colour bins but stays one crowd, and the fill still outnumbers the heaviest letter), followed
    across the tile as a plane a + b*x + c*y per channel fitted by least squares to the pixels near
    that colour (a flat fill gives a flat plane; a gradient fill its slope), then fitted again to
    the pixels near that plane (the light and dark rims of a bevelled tile, near the colour but on
    opposite sides, would otherwise tilt it)."""
    h, w, c = img.shape
    m = SAMPLE * SAMPLE
    sample = np.empty((m, c), np.int32)
    for i in range(m):
        for k in range(c):
            sample[i, k] = img[sample_y(i, h), sample_x(i, w), k]
    _, top = _commonest(sample, np.arange(m))
    coef = np.zeros((3, c))
    for k in range(c):
        coef[0, k] = sample[top, k]
    coef = _fit_plane(img, coef, SAME_COLOUR)
    coef = _fit_plane(img, coef, REFIT)
    out = np.empty((h, w), np.uint8)
    for y in range(h):
        for x in range(w):
            out[y, x] = min(255, int(_off_plane(img, y, x, coef)))
    # A second tone: samples off the plane filling whole rows (columns) of the grid in from one of
    # its edges, most of them of one colour (a glossy tile's lighter top half; a letter never fills
    # the outer rows), is background too, and so are the blends of the two (the highlight fades
    # into the fill): the distance is then to the colour segment between the plane and that tone.
    off = np.zeros((SAMPLE, SAMPLE), np.bool_)
    for i in range(m):
        off[i // SAMPLE, i % SAMPLE] = out[sample_y(i, h), sample_x(i, w)] >= SAME_COLOUR // 2
    # The tone is the commonest colour of the outermost of those rows (a letter may cross the inner ones).
    rows, outer = _edge_block(off)
    if rows >= TONE_ROWS:
        members = np.arange(SAMPLE) + outer * SAMPLE
    else:
        rows, outer = _edge_block(off.T.copy())
        if rows < TONE_ROWS:
            return out
        members = np.arange(SAMPLE) * SAMPLE + outer
    best, second = _commonest(sample, members)
    # Most of the rows of one colour, and one nearer the plane than the farthest ink (the letter's
    # colour, of a letter filling those rows, is as far as ink gets).
    farthest = out.max()
    if best < 0.75 * len(members) or out[sample_y(second, h), sample_x(second, w)] > TONE_SHARE * farthest:
        return out
    tone = np.empty(c)
    for k in range(c):
        tone[k] = sample[second, k]
    two = np.empty((h, w), np.uint8)
    for y in range(h):
        for x in range(w):
            two[y, x] = min(out[y, x], int(_off_segment(img, y, x, coef, tone)))
    # The letter stays far from both tones; where it is not (a letter of the second tone's colour),
    # the tone was the letter's: one tone it is.
    return two if two.max() >= max(TONE_KEEP * farthest, 2 * EMPTY_CONTRAST) else out


TONE_ROWS = 3  # whole sample rows (columns) in from the grid's edge that make a second background tone
TONE_SHARE = 0.8  # of the farthest sample's distance: the farthest a second tone may be from the plane
TONE_KEEP = 0.5  # of the farthest ink: what the letter keeps of it, measured from both tones (and
# twice the contrast of an empty tile: a letter left faint is never taken for no letter)


@njit(cache=True, inline="always")
def sample_y(i: int, h: int) -> int:
    """Row of sample ``i`` of the SAMPLE x SAMPLE grid inside a tile's edge (a tenth of it)."""
    return h // 10 + (i // SAMPLE) * (h - 1 - 2 * (h // 10)) // (SAMPLE - 1)


@njit(cache=True, inline="always")
def sample_x(i: int, w: int) -> int:
    """Column of sample ``i`` of the grid."""
    return w // 10 + (i % SAMPLE) * (w - 1 - 2 * (w // 10)) // (SAMPLE - 1)


@njit(cache=True)
def _commonest(sample: np.ndarray, members: np.ndarray) -> tuple[int, int]:
    """Of the ``members`` rows of ``sample`` (colours), the one with the most members within
    SAME_COLOUR of it (itself included): (how many, which)."""
    best, top = -1, 0
    for i in members:
        crowd = 0
        for j in members:
            d = 0
            for k in range(sample.shape[1]):
                d = max(d, abs(sample[i, k] - sample[j, k]))
            crowd += d < SAME_COLOUR
        if crowd > best:
            best, top = crowd, i
    return best, top


@njit(cache=True)
def _edge_block(off: np.ndarray) -> tuple[int, int]:
    """How many whole rows of ``off`` are all True counted in from the top or from the bottom (the
    longer run), and the outermost row of that run."""
    n = off.shape[0]
    top = 0
    while top < n and off[top].all():
        top += 1
    bottom = 0
    while bottom < n and off[n - 1 - bottom].all():
        bottom += 1
    return (top, 0) if top >= bottom else (bottom, n - 1)


@njit(cache=True, inline="always")
def _off_segment(img: np.ndarray, y: int, x: int, plane: np.ndarray, tone: np.ndarray) -> float:
    """Largest channel difference of pixel (y, x) from the nearest colour between the plane's there
    and ``tone`` (the nearest by least squares)."""
    c = img.shape[2]
    dot, norm = 0.0, 0.0
    for k in range(c):
        a = plane[0, k] + plane[1, k] * x + plane[2, k] * y
        dot += (img[y, x, k] - a) * (tone[k] - a)
        norm += (tone[k] - a) ** 2
    t = min(1.0, max(0.0, dot / norm)) if norm > 0 else 0.0
    d = 0.0
    for k in range(c):
        a = plane[0, k] + plane[1, k] * x + plane[2, k] * y
        d = max(d, abs(img[y, x, k] - (a + t * (tone[k] - a))))
    return d


@njit(cache=True, inline="always")  # called per pixel: a real call doubles _distance
def _off_plane(img: np.ndarray, y: int, x: int, plane: np.ndarray) -> float:
    """Largest channel difference of pixel (y, x) from the (3, c) ``plane`` a + b*x + c*y."""
    d = 0.0
    for k in range(img.shape[2]):
        d = max(d, abs(img[y, x, k] - (plane[0, k] + plane[1, k] * x + plane[2, k] * y)))
    return d


@njit(cache=True)
def _fit_plane(img: np.ndarray, plane: np.ndarray, tolerance: float) -> np.ndarray:
    """(3, c) coefficients of the least-squares plane per channel through the pixels of ``img``
    within ``tolerance`` of ``plane``; ``plane`` itself when too few pixels are."""
    h, w, c = img.shape
    gram = np.zeros((3, 3))
    rhs = np.zeros((3, c))
    for y in range(h):
        for x in range(w):
            if _off_plane(img, y, x, plane) < tolerance:
                basis = (1.0, float(x), float(y))
                for a in range(3):
                    for b in range(3):
                        gram[a, b] += basis[a] * basis[b]
                    for k in range(c):
                        rhs[a, k] += basis[a] * img[y, x, k]
    # Solved by the adjugate (numba's linear algebra needs SciPy).
    inverse = np.empty((3, 3))
    for a in range(3):
        for b in range(3):
            a1, a2, b1, b2 = (b + 1) % 3, (b + 2) % 3, (a + 1) % 3, (a + 2) % 3
            inverse[a, b] = gram[a1, b1] * gram[a2, b2] - gram[a1, b2] * gram[a2, b1]
    det = gram[0, 0] * inverse[0, 0] + gram[0, 1] * inverse[1, 0] + gram[0, 2] * inverse[2, 0]
    if not det > 1e-6 * gram[0, 0] ** 3:
        return plane
    out = np.empty((3, c))
    for k in range(c):
        for a in range(3):
            out[a, k] = (inverse[a, 0] * rhs[0, k] + inverse[a, 1] * rhs[1, k]
                         + inverse[a, 2] * rhs[2, k]) / det
    return out
