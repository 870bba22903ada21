"""Find the letter grid anywhere in a screenshot, with no help.

Tiles are closed outlines in an edge map: rounded or square cells of about the same size. The
candidates are grouped by size; in each group the cell centres must line up on a regular lattice
(equal column and row pitch). The lattice with the most cells that fit it, at least 3x3 and at
most 15x15, is the board; lattice points without a cell of their own (empty Balda cells drawn
like the background) are filled in from the lattice. Where the clear edges show no board, or
one many of whose cells lack a closed outline, the edges of the image smoothed, then faint edges
with outlines left open (a white-topped tile on a white panel) are looked at, and the look
showing the most outlined cells is taken; a lattice is
grown over the edge rows and columns next to it that have its tiles' fill and gaps (outlines
broken by JPEG or a grainy fill). Where no look shows a lattice, one few of whose cells have a
closed outline is taken when most of its cells have those cells' fill and its gaps another colour.

``detect_board(image) -> BoardGeometry | None``; ``detect_boards(image)``: every lattice, best first.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import cv2
import numpy as np

from wordbot.kept import Kept

MIN_CELLS, MAX_CELLS = 3, 15
MIN_TILE, MAX_TILE = 10, 300  # pixels


@dataclass(frozen=True)
class BoardGeometry:
    """Where the board is: ``box`` = (x, y, w, h) over the tiles' outer edges; ``tile`` = (w, h)
    of one tile; ``centres``: (rows*cols, 2) float x, y of each cell, row-major."""

    rows: int
    cols: int
    box: tuple[int, int, int, int]
    tile: tuple[float, float]
    centres: np.ndarray
    outlined: np.ndarray | None = field(default=None, repr=False, compare=False)  # the cells (indices)
    # where a closed outline was seen, as found

    def cell_box(self, i: int, shrink: float = 0.0) -> tuple[int, int, int, int]:
        """x, y, w, h of cell ``i``, shrunk by ``shrink`` of the tile side on each edge."""
        cx, cy = self.centres[i]
        w, h = self.tile[0] * (1 - 2 * shrink), self.tile[1] * (1 - 2 * shrink)
        return int(round(cx - w / 2)), int(round(cy - h / 2)), int(round(w)), int(round(h))

    def scaled(self, k: float) -> BoardGeometry:
        """The same board in an image scaled by ``k``."""
        return BoardGeometry(self.rows, self.cols, tuple(int(round(v * k)) for v in self.box),
                             (self.tile[0] * k, self.tile[1] * k), self.centres * k)

    def to_dict(self) -> dict:
        return {"rows": self.rows, "cols": self.cols, "box": list(self.box), "tile": list(self.tile)}

    @classmethod
    def from_box(cls, box: tuple[int, int, int, int], rows: int, cols: int,
                 gap: float = 0.1) -> BoardGeometry:
        """The lattice of a box given by hand: ``rows``x``cols`` cells with ``gap`` (a fraction of
        the pitch) between them."""
        x, y, w, h = box
        px, py = w / (cols - gap), h / (rows - gap)
        xs = x + px * (1 - gap) / 2 + px * np.arange(cols)
        ys = y + py * (1 - gap) / 2 + py * np.arange(rows)
        centres = np.stack(np.meshgrid(xs, ys), -1).reshape(-1, 2)
        return cls(rows, cols, tuple(int(v) for v in box), (px * (1 - gap), py * (1 - gap)), centres)


EDGES = (40, 100)  # Canny thresholds of the first look
FAINT = (12, 36)  # and of the second, for pale tiles on a pale panel (a white-topped gradient)


LOOKS = ("clear", "smooth", "faint")  # edge maps tried in turn until one shows a board


def _candidates(image: np.ndarray, look: str = "clear") -> np.ndarray:
    """(n, 4) x, y, w, h of closed, nearly square, well-filled outlines in the edge map; "smooth":
    of the image smoothed first (JPEG ringing breaks outlines into the letters); "faint": in a map
    of fainter edges, with gaps of a few pixels closed (outlines fading into the panel)."""
    faint = look == "faint"
    low, high = FAINT if faint else EDGES
    if look == "smooth":
        image = cv2.GaussianBlur(image, (0, 0), 1.2)
    gray = image if image.ndim == 2 else None
    if gray is None:
        # The strongest edge of the three channels: tiles may differ from their background in
        # colour more than in brightness.
        edges = np.zeros(image.shape[:2], np.uint8)
        for ch in cv2.split(image):
            edges |= cv2.Canny(ch, low, high)
    else:
        edges = cv2.Canny(gray, low, high)
    boxes = []
    # Thin edges keep tiles with narrow gaps apart; thickened ones close outlines broken by blur.
    thick = cv2.dilate(edges, np.ones((3, 3), np.uint8))
    for e in (edges, thick) if not faint else (edges, thick, cv2.morphologyEx(
            thick, cv2.MORPH_CLOSE, np.ones((5, 5), np.uint8))):
        contours, _ = cv2.findContours(e, cv2.RETR_LIST, cv2.CHAIN_APPROX_SIMPLE)
        for c in contours:
            x, y, w, h = cv2.boundingRect(c)
            if not (MIN_TILE <= w <= MAX_TILE and MIN_TILE <= h <= MAX_TILE):
                continue
            if 0.7 <= w / h <= 1.43 and cv2.contourArea(c) >= 0.72 * w * h:
                boxes.append((x, y, w, h))
            elif faint and (frame := _frame(c, x, y, w, h)) is not None:
                boxes.append(frame)
    return np.array(boxes, np.float64).reshape(-1, 4)


def _frame(contour: np.ndarray, x: int, y: int, w: int, h: int) -> tuple[int, int, int, int] | None:
    """The tile box of an outline left open by faint edges, or None: a contour (bounding box x, y,
    w, h) lying along its box's sides only (no stroke inside, as a letter has) and running along
    its bottom and both sides: a tile whose outline breaks where its edge is faint (the tile box is
    its box), or a tile lit from above (a white-topped gradient) whose upper edge fades into a pale
    panel, leaving only its bottom and the lower part of its sides (then the tile is taken square,
    up from its bottom)."""
    if not 0.33 * w <= h <= 1.43 * w:
        return None
    px, py = (contour[:, 0, 0] - x) / w, (contour[:, 0, 1] - y) / h
    side = min(w, h) * 0.15
    near = (px * w < side) | ((1 - px) * w < side) | (py * h < side) | ((1 - py) * h < side)
    if near.mean() < 0.97:
        return None  # strokes inside: a letter, not a tile's outline

    def spans(band: np.ndarray, along: np.ndarray) -> float:
        return float(np.ptp(along[band])) if band.any() else 0.0

    bottom = spans((1 - py) * h < side, px)
    left, right = spans(px * w < side, py), spans((1 - px) * w < side, py)
    if bottom < 0.6 or min(left, right) < 0.3:
        return None
    if spans(py * h < side, px) >= 0.6 and w / h >= 0.7:
        return x, y, w, h
    return (x, y + h - w, w, w) if h <= w else None


def _axis(positions: np.ndarray, size: float) -> tuple[float, float, np.ndarray, np.ndarray] | None:
    """A regular 1-D lattice through most of ``positions``: (origin, pitch, index of each
    position, whether it sits on the lattice); None when they do not space regularly."""
    order = np.sort(positions)
    splits = np.nonzero(np.diff(order) > size / 3)[0] + 1  # one cluster per column (row)
    groups = np.split(order, splits)
    means = np.array([g.mean() for g in groups])
    counts = np.array([len(g) for g in groups])
    steps = np.diff(means)
    steps = steps[(steps >= size * 0.95) & (steps <= size * 1.6)]
    if len(steps) == 0:
        return None
    pitch = float(np.median(steps))
    anchor = means[np.argmax(counts)]
    k = np.round((means - anchor) / pitch)
    fits = np.abs(means - anchor - k * pitch) <= 0.2 * pitch
    # Refine the pitch over the whole span (least squares, each column weighted by its cells, so a
    # stray box beside the board barely pulls it), then again without the columns it leaves off
    # the lattice: a pitch off by a pixel puts the far tiles' crops off by several.
    for tolerance in (0.2, 0.06):
        fits &= np.abs(means - anchor - k * pitch) <= tolerance * pitch
        if fits.sum() < 3:
            break
        pitch, anchor = np.polyfit(k[fits], means[fits], 1, w=np.sqrt(counts[fits]))
    index = np.round((positions - anchor) / pitch).astype(int)
    on = np.abs(positions - anchor - index * pitch) <= 0.2 * pitch
    return float(anchor), float(pitch), index, on


def _clusters(boxes: np.ndarray, reach: float) -> list[np.ndarray]:
    """Boxes linked by centre distances up to ``reach`` (a board's tiles are each other's
    neighbours; clutter elsewhere on the screen is not)."""
    c = boxes[:, :2] + boxes[:, 2:] / 2
    linked = np.abs(c[:, None, :] - c[None, :, :]).max(axis=2) <= reach
    label = np.arange(len(boxes))
    while True:  # each box takes the least label among its links until none changes: a cluster's
        # label is its first box's
        least = np.where(linked, label[None, :], len(boxes)).min(axis=1)
        if np.array_equal(least, label):
            break
        label = least
    return [boxes[label == v] for v in np.unique(label)]


def _trim(ix: np.ndarray, iy: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Cells without the sparse edge rows and columns a stray box next to the board would add."""
    while len(ix):
        cols = np.bincount(ix - ix.min())
        rows = np.bincount(iy - iy.min())
        if cols[0] < 0.35 * cols.max():
            keep = ix != ix.min()
        elif cols[-1] < 0.35 * cols.max():
            keep = ix != ix.max()
        elif rows[0] < 0.35 * rows.max():
            keep = iy != iy.min()
        elif rows[-1] < 0.35 * rows.max():
            keep = iy != iy.max()
        else:
            break
        ix, iy = ix[keep], iy[keep]
    return ix, iy


FILLED = 0.4  # of a lattice's cells with an outline of their own, at the least
SPARSE = 0.15  # the least where no lattice is found otherwise, its cells checked by their colour


def _lattice(boxes: np.ndarray, least: float = FILLED) -> tuple[float, BoardGeometry] | None:
    """The lattice formed by same-size ``boxes`` lying together: (score, geometry); ``least``:
    the share of its cells that must have a box."""
    w, h = np.median(boxes[:, 2]), np.median(boxes[:, 3])
    cx = boxes[:, 0] + boxes[:, 2] / 2
    cy = boxes[:, 1] + boxes[:, 3] / 2
    ax, ay = _axis(cx, w), _axis(cy, h)
    if ax is None or ay is None:
        return None
    (ox, px, ix, onx), (oy, py, iy, ony) = ax, ay
    on = onx & ony
    if on.sum() < 4:
        return None
    ix, iy = _trim(ix[on], iy[on])
    if len(ix) < 4:
        return None
    cols, rows = ix.max() - ix.min() + 1, iy.max() - iy.min() + 1
    if not (MIN_CELLS <= cols <= MAX_CELLS and MIN_CELLS <= rows <= MAX_CELLS):
        return None
    occupied = len(set(zip(ix.tolist(), iy.tolist(), strict=True)))
    fill = occupied / (rows * cols)
    if fill < least or (least < FILLED and occupied < 5) or not 0.8 <= px / py <= 1.25:  # square tiles:
        return None  # the same pitch both ways
    xs = ox + px * np.arange(ix.min(), ix.max() + 1)
    ys = oy + py * np.arange(iy.min(), iy.max() + 1)
    centres = np.stack(np.meshgrid(xs, ys), -1).reshape(-1, 2)
    box = (int(round(xs[0] - w / 2)), int(round(ys[0] - h / 2)),
           int(round(xs[-1] - xs[0] + w)), int(round(ys[-1] - ys[0] + h)))
    outlined = np.unique((iy - iy.min()) * cols + ix - ix.min())
    return occupied * fill, BoardGeometry(int(rows), int(cols), box, (float(w), float(h)), centres, outlined)


def _size_groups(boxes: np.ndarray) -> list[np.ndarray]:
    """Boxes grouped by similar size (within 12% of a group's smallest), and each two neighbouring
    groups together (a board whose sizes straddle a group boundary); largest groups first."""
    sizes = np.sqrt(boxes[:, 2] * boxes[:, 3])
    order = np.argsort(sizes)
    groups: list[list[int]] = []
    for i in order:
        if groups and sizes[i] <= sizes[groups[-1][0]] * 1.12:
            groups[-1].append(i)
        else:
            groups.append([i])
    pairs = [a + b for a, b in zip(groups, groups[1:], strict=False) if sizes[b[-1]] <= sizes[a[0]] * 1.3]
    return [boxes[g] for g in sorted(groups + pairs, key=len, reverse=True) if len(g) >= 4]


def _dedupe(boxes: np.ndarray) -> np.ndarray:
    """Only the outermost of boxes with (almost) the same centre: an outline's inside and outside."""
    order = np.argsort(-boxes[:, 2] * boxes[:, 3])
    boxes = boxes[order]
    centres = boxes[:, :2] + boxes[:, 2:] / 2
    # [i, j]: box j, larger, has (almost) box i's centre; a box with none such is kept whatever
    # else is, the others are decided in turn
    near = np.tril(np.abs(centres[:, None] - centres[None]).max(axis=2) < boxes[:, 2:3] / 4, -1)
    kept = ~near.any(axis=1)
    for i in np.nonzero(~kept)[0]:
        kept[i] = not (near[i] & kept).any()
    return boxes[kept]


def detect_board(image: np.ndarray, shape: tuple[int, int] | None = None) -> BoardGeometry | None:
    """The letter grid in ``image`` (BGR or gray), or None when there is no board in it: the
    lattice with the most cells, or (``shape`` = (rows, cols), when the caller knows the game, e.g.
    a Balda board beside its letter picker) the best lattice of that shape."""
    boards = detect_boards(image, shape)
    return boards[0] if boards else None


COMPLETE = 0.9  # of a lattice's cells with a closed outline of their own: the board seen whole (fewer:
# outlines broken by JPEG, blur or a pale fill, and another look may show more of it)


def detect_boards(image: np.ndarray, shape: tuple[int, int] | None = None) -> list[BoardGeometry]:
    """Every letter lattice in ``image``, best first (most cells; of two alike, the larger tiles:
    a game's board before the small sample picture of its help), none overlapping a better one.
    Smoothed and faint edges are looked at only when the clear ones show no lattice whose cells
    nearly all have a closed outline (``COMPLETE``); then the look whose best lattice has the most
    outlined cells is taken (a 13x9 board of pale tiles seen as 12x9, half its outlines broken, in
    clear edges and whole in faint ones)."""
    if image is None or image.ndim not in (2, 3) or min(image.shape[:2]) < 3 * MIN_TILE:
        return []
    candidates: list[np.ndarray] = []
    best: list[BoardGeometry] = []
    for look in LOOKS:
        candidates.append(_candidates(image, look))
        found = _lattices(candidates[-1], shape)
        if found and (not best or len(found[0].outlined) > len(best[0].outlined)):
            best = found
        if best and len(best[0].outlined) >= COMPLETE * best[0].rows * best[0].cols:
            break
    if best:
        return [_extend(image, geometry) for geometry in best] if shape is None else best
    # Outlines broken on most tiles (a pale gradient tile through JPEG, a glossy one blurred): a
    # lattice few of whose cells have a closed outline, taken when most of its cells have the
    # fill of those that have (and its gaps another colour), then grown over the rest.
    found = [g for boxes in candidates for g in _lattices(boxes, shape, SPARSE) if _tiled(image, g)]
    if shape is None:
        found = [_extend(image, geometry) for geometry in found]
    found.sort(key=lambda g: g.rows * g.cols, reverse=True)
    kept: list[BoardGeometry] = []
    for geometry in found:
        if not any(_overlap(geometry.box, other.box) for other in kept):
            kept.append(geometry)
    return kept


GROUPS = 8  # size groups of outlines looked at, largest first


def _lattices(boxes: np.ndarray, shape: tuple[int, int] | None, least: float = FILLED) -> list[BoardGeometry]:
    """The lattices of ``boxes`` (of ``shape`` when given), best first, without overlaps; ``least``:
    as ``_lattice``'s."""
    if len(boxes) < 4:
        return []
    found: list[tuple[tuple[float, float], BoardGeometry]] = []
    for group in _size_groups(boxes)[:GROUPS]:
        group = _dedupe(group)
        size = float(np.median(np.maximum(group[:, 2], group[:, 3])))
        for cluster in _clusters(group, 2.7 * size):
            lattice = _lattice(cluster, least) if len(cluster) >= 4 else None
            if lattice is None or (shape is not None and (lattice[1].rows, lattice[1].cols) != tuple(shape)):
                continue
            found.append(((round(lattice[0], 1), lattice[1].tile[0]), lattice[1]))
    found.sort(key=lambda f: f[0], reverse=True)
    kept: list[BoardGeometry] = []
    for _, geometry in found:
        if not any(_overlap(geometry.box, other.box) for other in kept):
            kept.append(geometry)
    return kept


def _sample(image: np.ndarray, points: np.ndarray, offsets: np.ndarray) -> np.ndarray | None:
    """(n, channels) median colour of the pixels at ``offsets`` (k, 2: dx, dy) from each of
    ``points`` (n, 2: x, y); None when any falls off the image."""
    at = np.round(points).astype(int)[:, None, :] + offsets[None]
    h, w = image.shape[:2]
    if at.min() < 0 or at[..., 0].max() >= w or at[..., 1].max() >= h:
        return None
    pixels = image[at[..., 1], at[..., 0]].astype(np.float32)
    return np.median(pixels.reshape(len(points), len(offsets), -1), axis=1)


def _ring(w: float, h: float) -> np.ndarray:
    """Offsets of a tile's fill around its letter: the square ring between 0.32 and 0.44 of the
    tile from its centre (inside any outline, outside most letters), at most about 200 of them."""
    step = max(1, int(max(w, h) * 0.88 / 20))
    dx, dy = np.meshgrid(np.arange(-0.44 * w, 0.44 * w, step), np.arange(-0.44 * h, 0.44 * h, step))
    ring = np.maximum(np.abs(dx) / w, np.abs(dy) / h) >= 0.32
    return np.round(np.stack([dx[ring], dy[ring]], -1)).astype(int)


def _line(side: float, across: bool) -> np.ndarray:
    """Offsets along the middle half of a tile's side: a row of them (``across``) or a column."""
    t = np.arange(int(round(-0.25 * side)), int(round(0.25 * side)) + 1)
    return np.stack([t, np.zeros_like(t)] if across else [np.zeros_like(t), t], -1)


def _colours(image: np.ndarray, geometry: BoardGeometry,
             cells: np.ndarray | None = None) -> tuple[np.ndarray, float, np.ndarray] | None:
    """The board's tile fill (the median colour around its letters, over ``cells``, default all),
    how far a tile's fill may be from it, and the colour of its gaps; None when the gaps have the
    tiles' colour (tiles drawn as outlines only) or the lattice runs off the image."""
    grid = geometry.centres.reshape(geometry.rows, geometry.cols, 2)
    w, h = geometry.tile
    fills = _sample(image, geometry.centres if cells is None else geometry.centres[cells], _ring(w, h))
    between = (grid[:-1] + grid[1:]).reshape(-1, 2) / 2, (grid[:, :-1] + grid[:, 1:]).reshape(-1, 2) / 2
    gaps = [_sample(image, points, line)
            for points, line in zip(between, (_line(w, True), _line(h, False)), strict=True)]
    if fills is None or gaps[0] is None or gaps[1] is None:
        return None
    fill = np.median(fills, axis=0)
    near = max(12.0, 2 * float(np.median(np.abs(fills - fill).max(axis=1))))
    gap = np.median(np.concatenate(gaps), axis=0)
    return None if np.abs(gap - fill).max() <= near else (fill, near, gap)


def _tiled(image: np.ndarray, geometry: BoardGeometry, most: float = 0.6) -> bool:
    """Whether ``most`` of a sparse lattice's cells hold tiles: the fill of the cells that showed a
    closed outline (``geometry.outlined``) within ``_colours``' reach, its gaps another colour."""
    colours = _colours(image, geometry, geometry.outlined)
    if colours is None:
        return False
    fill, near, _ = colours
    cells = _sample(image, geometry.centres, _ring(*geometry.tile))
    return cells is not None and float(np.mean(np.abs(cells - fill).max(axis=1) <= near)) >= most


def _extend(image: np.ndarray, geometry: BoardGeometry) -> BoardGeometry:
    """``geometry`` grown by the rows and columns next to it that hold tiles like its own: outlines
    broken by JPEG or a grainy fill can leave a whole edge row without a closed outline (a 7x11 board
    found as 6x11). A row (column) is added when most of its cells have the fill colour of the
    board's tiles (as near the board's usual fill as its own cells mostly are), most of the gaps
    between them and the line between it and the board have the colour of the board's own gaps, not
    of its tiles (a board drawn on a panel of its tiles' colour, tiles as outlines only, is never
    grown; nor is a board over the panel's margin onto a desktop of its tiles' colour)."""
    colours = _colours(image, geometry)
    if colours is None:
        return geometry
    fill, near, gap = colours
    grid = geometry.centres.reshape(geometry.rows, geometry.cols, 2)
    w, h = geometry.tile
    ring, across, down = _ring(w, h), _line(w, True), _line(h, False)
    while True:
        rows, cols = grid.shape[:2]
        pitch_y, pitch_x = grid[1, 0] - grid[0, 0], grid[0, 1] - grid[0, 0]
        for edge, step, axis, first in ((grid[-1], pitch_y, 0, False), (grid[0], -pitch_y, 0, True),
                                        (grid[:, -1], pitch_x, 1, False), (grid[:, 0], -pitch_x, 1, True)):
            if (rows, cols)[axis] >= MAX_CELLS:
                continue
            cells = _sample(image, edge + step, ring)
            if cells is None or np.mean(np.abs(cells - fill).max(axis=1) <= near) < 0.6:
                continue
            line = _sample(image, edge + step / 2, across if axis == 0 else down)
            if line is None:
                continue
            line = np.median(line, axis=0)
            # The gaps between the new cells have the board's gap colour too (looked for a few
            # pixels either way: a narrow gap off the pitch's estimate): a desktop of the tiles'
            # colour around a board's panel is no row of tiles.
            apart = _gap_distance(image, (edge[1:] + edge[:-1]) / 2 + step, gap,
                                  *((down, w) if axis == 0 else (across, h)))
            if np.mean(apart <= near) < 0.6:
                continue
            if np.abs(line - gap).max() <= near < np.abs(line - fill).max():
                added = (edge + step)[None] if axis == 0 else (edge + step)[:, None]
                grid = np.concatenate([added, grid] if first else [grid, added], axis=axis)
                break
        else:
            break
    rows, cols = grid.shape[:2]
    if (rows, cols) == (geometry.rows, geometry.cols):
        return geometry
    centres = grid.reshape(-1, 2)
    x0, y0 = centres.min(axis=0) - (w / 2, h / 2)
    x1, y1 = centres.max(axis=0) + (w / 2, h / 2)
    box = (int(round(x0)), int(round(y0)), int(round(x1 - x0)), int(round(y1 - y0)))
    return BoardGeometry(rows, cols, box, geometry.tile, centres)


def _gap_distance(image: np.ndarray, points: np.ndarray, gap: np.ndarray, line: np.ndarray,
                  side: float) -> np.ndarray:
    """(n,) how far from the ``gap`` colour the gap at each of ``points`` is, sampled along ``line``
    (a line down between two cells of a row, across between two of a column), the nearest of lines
    up to a tenth of the tile's ``side`` across the line either way (inf where they fall off the
    image)."""
    reach = max(1, int(round(0.1 * side)))
    shift = np.array([0, 1] if line[:, 0].any() else [1, 0])  # a line across is shifted down
    best = np.full(len(points), np.inf)
    for d in range(-reach, reach + 1):
        seen = _sample(image, points + d * shift, line)
        if seen is not None:
            best = np.minimum(best, np.abs(seen - gap).max(axis=1))
    return best


def _overlap(a: tuple[int, int, int, int], b: tuple[int, int, int, int]) -> bool:
    """Whether two boxes share more than a fifth of the smaller one."""
    w = min(a[0] + a[2], b[0] + b[2]) - max(a[0], b[0])
    h = min(a[1] + a[3], b[1] + b[3]) - max(a[1], b[1])
    return w > 0 and h > 0 and w * h > 0.2 * min(a[2] * a[3], b[2] * b[3])


_FITS: Kept[bool] = Kept(64)  # by the pixels looked at: a live board's frames repeat


def fits(image: np.ndarray, geometry: BoardGeometry) -> bool:
    """Whether ``geometry`` (a saved board) is still where it was in ``image``: the same lattice
    found again in its box and a tile's margin around it, within an eighth of a tile."""
    x, y, w, h = geometry.box
    m = int(max(geometry.tile))
    H, W = image.shape[:2]
    if x < 0 or y < 0 or x + w > W or y + h > H:
        return False
    x0, y0 = max(0, x - m), max(0, y - m)
    crop = image[y0: y + h + m, x0: x + w + m]
    key = Kept.key(crop, geometry.rows, geometry.cols, (x - x0, y - y0, w, h), m)
    kept = _FITS.get(key)
    if kept is not None:
        return kept
    found = detect_board(crop, (geometry.rows, geometry.cols))
    fit = found is not None and max(abs(found.box[0] + x0 - x), abs(found.box[1] + y0 - y),
                                    abs(found.box[2] - w), abs(found.box[3] - h)) <= max(3, m // 8)
    _FITS.put(key, fit)
    return fit
