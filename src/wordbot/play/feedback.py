"""Did the game take the word? Read from the colour its tiles flash right after a swipe.

Games colour the swiped tiles for a moment: one colour for a new word, others for a refused or
repeated one. The colours are per game (``FeedbackStyle``); the default is the simulated game's.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

RGB = tuple[int, int, int]


@dataclass(frozen=True)
class FeedbackStyle:
    accepted: RGB = (102, 187, 106)
    rejected: RGB = (239, 83, 80)
    repeated: RGB = (255, 167, 38)
    tolerance: float = 30.0  # colour distance still counted as the same colour


def tile_colours(frame: np.ndarray, centres: Sequence[tuple[float, float]], tile: float) -> np.ndarray:
    """The background colour (RGB) of each cell: the per-channel median of its central part,
    which the letter's ink does not dominate."""
    half = max(2, int(tile * 0.36))
    h, w = frame.shape[:2]
    out = np.zeros((len(centres), 3))
    for i, (x, y) in enumerate(centres):
        x, y = int(round(x)), int(round(y))
        patch = frame[max(0, y - half): min(h, y + half), max(0, x - half): min(w, x + half), :3]
        if patch.size:
            out[i] = np.median(patch.reshape(-1, 3), axis=0)[::-1]
    return out


def classify(before: np.ndarray, after: np.ndarray, style: FeedbackStyle) -> str:
    """"accepted" / "rejected" / "repeated" when every path tile shows that colour; "none" when
    every tile kept its colour (the game has not reacted yet, or lost the swipe); "unclear"
    otherwise (the tiles show something else: the board may be covered)."""
    if (np.linalg.norm(after - before, axis=1) <= style.tolerance).all():
        return "none"
    for name in ("accepted", "rejected", "repeated"):
        target = np.array(getattr(style, name), dtype=float)
        if (np.linalg.norm(after - target, axis=1) <= style.tolerance).all():
            return name
    return "unclear"
