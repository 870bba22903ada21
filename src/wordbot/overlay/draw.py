"""The next word's path (numbered cells joined by arrows) and the ranked list, drawn on a BGR image.

Shapes are drawn with OpenCV; text with Pillow and DejaVu Sans, because OpenCV's fonts have no
Cyrillic.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from itertools import pairwise

import cv2
import numpy as np
from PIL import Image, ImageDraw, ImageFont

from wordbot.kept import Kept

PATH_COLOUR = (255, 0, 255)  # BGR magenta: rare in games, easy to check in tests
UNSURE_COLOUR = (0, 0, 255)  # red frame around a tile read with low confidence
TEXT_COLOUR = (255, 255, 255)
PANEL_COLOUR = (40, 30, 30)
FONT_FILE = "DejaVuSans-Bold.ttf"


@dataclass(frozen=True)
class Scene:
    """Where the board is in the image: cell centres (row-major), tile side, board box, and the
    cells read with low confidence."""

    rows: int
    cols: int
    centres: Sequence[tuple[float, float]]
    tile: float
    board_box: tuple[int, int, int, int]
    unsure: tuple[int, ...] = ()

    def centre(self, cell: tuple[int, int]) -> tuple[int, int]:
        x, y = self.centres[cell[0] * self.cols + cell[1]]
        return round(x), round(y)

    def lattice(self) -> tuple[float, float]:
        """(pitch, side): the distance between neighbouring centres and a tile's own side, from the
        board box over the tiles' outer edges (``tile`` may be a rough guess at either)."""
        x, y, w, h = self.board_box
        if self.cols > 1:
            pitch = self.centres[1][0] - self.centres[0][0]
            return pitch, w - (self.cols - 1) * pitch
        if self.rows > 1:
            pitch = self.centres[self.cols][1] - self.centres[0][1]
            return pitch, h - (self.rows - 1) * pitch
        return self.tile, self.tile


@cache
def _font(size: int) -> ImageFont.FreeTypeFont:
    try:
        return ImageFont.truetype(FONT_FILE, size)
    except OSError:
        return ImageFont.truetype(f"/usr/share/fonts/truetype/dejavu/{FONT_FILE}", size)


TextItem = tuple[tuple[int, int], str, int, tuple[int, int, int], str]  # drawn right/below of xy


_INKED: Kept[tuple[np.ndarray, int, int]] = Kept(512)


def _inked(text: str, size: int, anchor: str) -> tuple[np.ndarray, int, int]:
    """A text's ink (0..1, h x w x 1) and where its top left stands from the anchor point:
    rendered once (FreeType is most of a frame's drawing; a ranked list mostly repeats)."""
    key = Kept.key(np.frombuffer(text.encode(), np.uint8), size, anchor)
    if (kept := _INKED.get(key)) is not None:
        return kept
    font = _font(size)
    left, top, right, bottom = font.getbbox(text, anchor=anchor)
    mask = Image.new("L", (max(1, right - left), max(1, bottom - top)), 0)
    ImageDraw.Draw(mask).text((-left, -top), text, font=font, fill=255, anchor=anchor)
    inked = np.asarray(mask, np.float32)[:, :, None] / 255, left, top
    _INKED.put(key, inked)
    return inked


def _text(image: np.ndarray, items: list[TextItem]) -> None:
    """Draw (xy, text, size, BGR colour, Pillow anchor) items onto ``image`` in place, each
    rendered text laid on with its antialiased edge."""
    h, w = image.shape[:2]
    for (x, y), text, size, bgr, anchor in items:
        ink, dx, dy = _inked(text, size, anchor)
        x0, y0 = x + dx, y + dy
        cx0, cy0 = max(0, x0), max(0, y0)
        cx1, cy1 = min(w, x0 + ink.shape[1]), min(h, y0 + ink.shape[0])
        if cx0 >= cx1 or cy0 >= cy1:
            continue
        a = ink[cy0 - y0: cy1 - y0, cx0 - x0: cx1 - x0]
        roi = image[cy0:cy1, cx0:cx1]
        roi[:] = (roi * (1 - a) + np.asarray(bgr, np.float32) * a + 0.5).astype(np.uint8)


def _badge(out: np.ndarray, p: tuple[int, int], r: int, k: int) -> None:
    """Step number ``k`` in a disc of radius ``r`` at ``p`` (OpenCV's own font will do for digits,
    and is fast)."""
    scale = r / 22
    cv2.circle(out, p, r, PATH_COLOUR, -1, cv2.LINE_AA)
    (tw, th), _ = cv2.getTextSize(str(k), cv2.FONT_HERSHEY_SIMPLEX, scale, 2)
    cv2.putText(out, str(k), (p[0] - tw // 2, p[1] + th // 2), cv2.FONT_HERSHEY_SIMPLEX, scale,
                TEXT_COLOUR, 2, cv2.LINE_AA)


def annotate(image: np.ndarray, scene: Scene, words: Sequence, top: int = 8) -> np.ndarray:
    """A copy of ``image`` with the best word's path on the board, unsure tiles framed in red,
    and the ``top`` words ranked in a panel to the right of the board (the image is widened
    when there is no room)."""
    panel_w = 260
    x, y, w, h = scene.board_box
    out = image.copy()
    if out.shape[1] < x + w + panel_w + 10:
        pad = x + w + panel_w + 10 - out.shape[1]
        out = cv2.copyMakeBorder(out, 0, 0, 0, pad, cv2.BORDER_CONSTANT, value=PANEL_COLOUR)
    half = round(scene.tile / 2)
    for i in scene.unsure:
        cx, cy = scene.centre(divmod(i, scene.cols))
        cv2.rectangle(out, (cx - half, cy - half), (cx + half, cy + half), UNSURE_COLOUR, 4)
    texts = []
    if words:
        pts = [scene.centre(c) for c in words[0].path]
        thick = max(3, round(scene.tile / 14))
        r = max(8, round(scene.tile / 6))
        for a, b in pairwise(pts):
            length = max(1.0, float(np.hypot(b[0] - a[0], b[1] - a[1])))
            end = (round(b[0] - (b[0] - a[0]) * r / length), round(b[1] - (b[1] - a[1]) * r / length))
            tip = 0.25 * scene.tile / length
            cv2.arrowedLine(out, a, end, PATH_COLOUR, thick, cv2.LINE_AA, tipLength=tip)
        for k, p in enumerate(pts, 1):
            _badge(out, p, r, k)
    px = x + w + 10
    cv2.rectangle(out, (px, y), (px + panel_w, y + h), PANEL_COLOUR, -1)
    for k, f in enumerate(words[:top]):
        colour = PATH_COLOUR if k == 0 else TEXT_COLOUR
        texts.append(((px + 12, y + 10 + 30 * k), f"{k + 1}. {f.word.upper()}  {f.score}", 20, colour, "la"))
    if scene.unsure:
        texts.append(((px + 12, y + h - 34), f"{len(scene.unsure)} unsure tile(s)", 18, UNSURE_COLOUR,
                      "la"))
    _text(out, texts)
    return out


def board_crop(frame: np.ndarray, scene: Scene, margin: int = 10) -> tuple[np.ndarray, Scene]:
    """The board and a margin cut out of a frame, with the scene moved to match (for the side
    window: annotating the crop is cheaper than annotating the whole frame)."""
    x, y, w, h = scene.board_box
    x0, y0 = max(0, x - margin), max(0, y - margin)
    crop = frame[y0 : y + h + margin, x0 : x + w + margin]
    moved = Scene(scene.rows, scene.cols, [(cx - x0, cy - y0) for cx, cy in scene.centres], scene.tile,
                  (x - x0, y - y0, w, h), scene.unsure)
    return crop, moved


LETTER_ZONE = 0.8  # of the tile side: the middle of a tile, where its letter is, kept clear on the board
CORNERS = ((-1, -1), (1, -1), (-1, 1), (1, 1))  # where a step number may go, first choice first


@dataclass(frozen=True)
class Marks:
    """What board mode lays over the board: ``image`` (BGR) and ``mask`` (the drawn pixels), over
    the board box grown on every side; ``origin``: the frame position of their top-left pixel."""

    image: np.ndarray
    mask: np.ndarray
    origin: tuple[int, int]


def board_marks(scene: Scene, words: Sequence) -> Marks:
    """The best word's path, its step numbers and the unsure tiles' frames, placed where a capture
    of the board with them on top still reads the same letters: arrows only between the tiles'
    letter zones, numbers on the gap crossings at tile corners, frames in the gaps."""
    pitch, side = scene.lattice()
    gap = max(0.0, pitch - side)
    r = max(8, round(0.15 * side))
    margin = r + round(gap) + 2
    x, y, w, h = scene.board_box
    out = np.zeros((h + 2 * margin, w + 2 * margin, 3), np.uint8)
    centres = [(cx + margin - x, cy + margin - y) for cx, cy in scene.centres]
    for i in scene.unsure:
        _frame(out, centres[i], side, gap)
    if words:
        path = [centres[row * scene.cols + col] for row, col in words[0].path]
        for a, b in pairwise(path):
            _clear_arrow(out, a, b, side)
        for k, p in enumerate(_number_spots(path, pitch), 1):
            _badge(out, p, r, k)
    return Marks(out, out.any(axis=2), (x - margin, y - margin))


def _frame(out: np.ndarray, centre: tuple[float, float], side: float, gap: float) -> None:
    """A frame around a tile, in the gap around it (not on the tile's own edge, which finds it)."""
    half = side / 2 + gap / 2
    (x0, y0), (x1, y1) = ((round(centre[0] + s * half), round(centre[1] + s * half)) for s in (-1, 1))
    cv2.rectangle(out, (x0, y0), (x1, y1), UNSURE_COLOUR, max(1, round(gap / 3)))


def _clear_arrow(out: np.ndarray, a: tuple[float, float], b: tuple[float, float], side: float) -> None:
    """An arrow from tile ``a`` to tile ``b`` that starts and ends outside their letter zones."""
    d = np.subtract(b, a)
    length = float(np.hypot(*d))
    u = d / length
    t = side * LETTER_ZONE / 2 / max(abs(u[0]), abs(u[1]))
    start, end = np.add(a, u * t), np.subtract(b, u * t)
    tip = min(0.5, max(6.0, 0.12 * side) / (length - 2 * t))
    cv2.arrowedLine(out, tuple(np.round(start).astype(int)), tuple(np.round(end).astype(int)), PATH_COLOUR,
                    max(2, round(side / 24)), cv2.LINE_AA, tipLength=tip)


def _number_spots(path: list[tuple[float, float]], pitch: float) -> list[tuple[int, int]]:
    """Where each step's number goes: on a gap crossing at one of its tile's corners, not one a
    diagonal step runs through or another number took, and away from the cell's own arrows."""
    def spot(p, s):
        return round(p[0] + s[0] * pitch / 2), round(p[1] + s[1] * pitch / 2)

    taken = {(round((a[0] + b[0]) / 2), round((a[1] + b[1]) / 2)) for a, b in pairwise(path)}
    spots = []
    for k, p in enumerate(path):
        ways = [np.subtract(q, p) for q in path[max(0, k - 1): k + 2] if q != p]

        def cost(s, p=p, ways=ways):
            x, y = spot(p, s)
            clash = any(abs(x - tx) + abs(y - ty) <= 2 for tx, ty in taken)
            return 1e9 * clash + sum(np.dot(s, w) / np.hypot(*w) for w in ways)

        best = spot(p, min(CORNERS, key=cost))
        taken.add(best)
        spots.append(best)
    return spots
