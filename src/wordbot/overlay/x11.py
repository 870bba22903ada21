"""The overlay's window cut to its drawing with the X11 SHAPE extension: the bounding shape is the
drawn pixels only (the game shows everywhere else), the input shape is empty (every click and drag
goes through to the game below).

Tk cannot shape a window, so this speaks to the X server over a second connection (python-xlib)
about the Tk toplevel's wrapper window.
"""

from __future__ import annotations

import tkinter as tk
from collections.abc import Iterator

import numpy as np
from Xlib import X, display, error
from Xlib.ext import shape

CHUNK = 8000  # rectangles per request, well under the core protocol's request size limit


def _bands(mask: np.ndarray) -> Iterator[tuple[int, int, int, int]]:
    """``mask`` as rectangles (x, y, w, h): the runs of each row, rows with the same runs merged."""
    padded = np.zeros((mask.shape[0], mask.shape[1] + 2), np.int8)
    padded[:, 1:-1] = mask
    edges = np.diff(padded, axis=1)
    rows = [tuple(np.flatnonzero(row)) for row in edges]
    top = 0
    for y in range(1, len(rows) + 1):
        if y < len(rows) and rows[y] == rows[top]:
            continue
        runs = rows[top]
        for x0, x1 in zip(runs[::2], runs[1::2], strict=True):
            yield int(x0), top, int(x1 - x0), y - top
        top = y


class Shaper:
    """Sets the shape of one Tk toplevel; ``Shaper.attach(root)`` is None where the X server has no
    SHAPE extension with input shapes (1.1)."""

    def __init__(self, conn: display.Display, window):
        self.conn, self.window = conn, window

    @classmethod
    def attach(cls, root: tk.Tk) -> Shaper | None:
        root.update_idletasks()  # the toplevel and its wrapper exist from here on
        try:
            conn = display.Display(root.winfo_screen())
        except (error.DisplayError, OSError):
            return None
        version = conn.shape_query_version() if conn.has_extension("SHAPE") else None
        if version is None or (version.major_version, version.minor_version) < (1, 1):
            conn.close()
            return None
        wrapper = conn.create_resource_object("window", root.winfo_id()).query_tree().parent
        shaper = cls(conn, wrapper)
        shaper.set(np.zeros((1, 1), bool))
        return shaper

    def set(self, mask: np.ndarray) -> None:
        """Show only the pixels of ``mask`` (bool, window coordinates); never take input."""
        rects = list(_bands(mask))
        self._rectangles(shape.SK.Bounding, rects)
        self._rectangles(shape.SK.Input, [])
        self.conn.flush()

    def _rectangles(self, kind: int, rects: list[tuple[int, int, int, int]]) -> None:
        self.window.shape_rectangles(shape.SO.Set, kind, X.YXBanded, 0, 0, rects[:CHUNK])
        for k in range(CHUNK, len(rects), CHUNK):
            self.window.shape_rectangles(shape.SO.Union, kind, X.YXBanded, 0, 0, rects[k: k + CHUNK])

    def close(self) -> None:
        self.conn.close()
