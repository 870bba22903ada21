"""One glyph as a fixed-size picture: the shared form of the template bank and of a read tile.

A glyph's ink map (0..1, soft anti-aliased edges kept) is cropped to its ink, scaled so its
height fills ``INNER`` pixels and its width is stretched to the same (so narrow and wide fonts
look alike; only a very narrow glyph, I, keeps its narrowness), centred in a ``SIZE``x``SIZE``
square. Matching compares two kinds of unit-length vectors of these pictures (cosines): blurred,
zero-mean pixels (``features``: where the ink is, tolerating one-pixel shifts) and edge
directions per cell (``shapes``: which way the strokes run, tolerating stroke width). Both are
coarse on purpose (a 1.6-pixel blur, 8-pixel cells): on fonts the bank does not hold, finer ones
(1.2, 4) left a third more tiles doubtful for no fewer misreads.
"""

from __future__ import annotations

import cv2
import numpy as np

SIZE = 32
INNER = 28
BLUR = 1.6
FEATURE = 16
ORIENTATIONS = 6  # edge directions (0..180 degrees) of the shape features
CELL = 8  # pixels a side of the cells the edge directions are counted in


def normalize(mask: np.ndarray) -> np.ndarray:
    """``SIZE``x``SIZE`` uint8 picture (0..255 ink) of the ink in ``mask`` (bool or 0..1 float);
    all zero when empty."""
    ys, xs = np.nonzero(mask >= 0.25)  # faint parts too (a blurred breve is pale)
    out = np.zeros((SIZE, SIZE), np.uint8)
    if len(ys) == 0:
        return out
    crop = mask[ys.min(): ys.max() + 1, xs.min(): xs.max() + 1].astype(np.float32) * 255
    h, w = crop.shape
    k = INNER / max(h, w)
    # Width is stretched to a square, except for very narrow glyphs (I, the stem of a tile)
    nh = INNER
    nw = INNER if w >= 0.4 * h else max(1, int(round(w * k * 2)))
    interp = cv2.INTER_AREA if k < 1 else cv2.INTER_LINEAR
    small = cv2.resize(crop, (nw, nh), interpolation=interp)
    y0, x0 = (SIZE - nh) // 2, (SIZE - nw) // 2
    out[y0: y0 + nh, x0: x0 + nw] = np.clip(small, 0, 255).astype(np.uint8)
    return out


def _blur(sigma: float) -> np.ndarray:
    """(SIZE, SIZE) matrix of a Gaussian blur of one axis (zero border): ``B @ p @ B.T`` blurs p."""
    x = np.arange(SIZE)
    blur = np.exp(-0.5 * ((x[:, None] - x[None, :]) / sigma) ** 2)
    blur[blur < 1e-6] = 0  # no subnormal floats downstream (they make products many times slower)
    return (blur / blur.sum(axis=1, keepdims=True)).astype(np.float32)


# Blur, then halve each axis (pairs averaged): ``REDUCE @ p @ REDUCE.T`` is a picture's feature,
# for a whole batch in one product.
HALVE = np.kron(np.eye(FEATURE), np.full((1, SIZE // FEATURE), FEATURE / SIZE)).astype(np.float32)
REDUCE = HALVE @ _blur(BLUR)
SMOOTH = _blur(1.0)


def features(pictures: np.ndarray) -> np.ndarray:
    """(n, FEATURE**2) float32 rows of unit length: blurred, zero-mean pictures at half size (the
    blur leaves nothing finer), for cosines."""
    pictures = np.asarray(pictures, np.float32).reshape(-1, SIZE, SIZE)
    out = (REDUCE @ pictures @ REDUCE.T).reshape(len(pictures), -1)
    out -= out.mean(axis=1, keepdims=True)
    norms = np.linalg.norm(out, axis=1, keepdims=True)
    return out / np.where(norms > 0, norms, 1)


def shapes(pictures: np.ndarray) -> np.ndarray:
    """(n, (SIZE/CELL)**2 * ORIENTATIONS) float32 rows of unit length, for cosines: which way the
    edges run in each ``CELL``-pixel cell (a histogram of gradient orientations, each edge shared
    between its two nearest directions). Where the pixel features weigh how much ink lies where,
    these weigh the strokes' directions and so mind stroke width and weight much less; a reading
    both agree on is surer than one only one of them makes."""
    p = SMOOTH @ (np.asarray(pictures, np.float32).reshape(-1, SIZE, SIZE) / 255) @ SMOOTH.T
    gy, gx = np.gradient(p, axis=(1, 2))
    magnitude = np.hypot(gx, gy).ravel()
    position = ((np.arctan2(gy, gx) % np.pi) * (ORIENTATIONS / np.pi)).ravel()
    lower = np.floor(position)
    upper_share = position - lower
    lower = lower.astype(np.int64) % ORIENTATIONS
    # The (picture, cell row, cell column) each pixel falls in, as one flat bin index a direction.
    k = SIZE // CELL
    row = np.arange(SIZE) // CELL
    cell = (np.arange(len(p))[:, None, None] * k + row[:, None]) * k + row[None, :]
    cell = cell.ravel() * ORIENTATIONS
    out = np.bincount(np.concatenate([cell + lower, cell + (lower + 1) % ORIENTATIONS]),
                      np.concatenate([magnitude * (1 - upper_share), magnitude * upper_share]),
                      minlength=len(p) * k * k * ORIENTATIONS)
    out = np.sqrt(out.astype(np.float32)).reshape(len(p), -1)
    out -= out.mean(axis=1, keepdims=True)
    norms = np.linalg.norm(out, axis=1, keepdims=True)
    return out / np.where(norms > 0, norms, 1)
