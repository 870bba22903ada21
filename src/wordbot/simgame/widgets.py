"""Drawing shared by the game windows: rounded tiles with big letters, colours, fonts."""

from __future__ import annotations

import tkinter as tk
from dataclasses import dataclass

BACKGROUND = "#25324a"
TILE = "#f4e4c1"
EMPTY = "#3b4a66"
LETTER = "#1c1c1c"
TEXT = "#f0f0f0"
SELECTED = "#ffd54f"
ACCEPTED = "#66bb6a"
REJECTED = "#ef5350"
REPEATED = "#ffa726"
FONT = "DejaVu Sans"


@dataclass(frozen=True)
class Look:
    """A game's palette and type: the variants differ in look so the bot cannot lean on one."""

    background: str = BACKGROUND
    tile: str = TILE
    letter: str = LETTER
    text: str = TEXT
    selected: str = SELECTED
    accepted: str = ACCEPTED
    refused: str = REJECTED
    repeated: str = REPEATED
    over: str = "#9e9e9e"  # every tile once the round has ended
    outline: str = ""
    font: str = FONT


LOOKS = {
    "classic": Look(),
    # White tiles on a pale page; a taken word does not flash at all, a refused one pure red.
    "light": Look(background="#e3e8ef", tile="#ffffff", letter="#202124", text="#202124",
                  selected="#b3d4fc", accepted="#ffffff", refused="#ff0000", repeated="#ffcc80",
                  over="#c8c8c8", outline="#b0b8c4", font="FreeSans"),
    # A dark page with dark tiles and light letters; verdicts in blue, purple and teal.
    "dark": Look(background="#121417", tile="#34383f", letter="#f2f2f2", text="#e8e8e8",
                 selected="#6b6f78", accepted="#1e6fd9", refused="#8e24aa", repeated="#00897b",
                 over="#55585e", font="Noto Sans"),
}


def rounded_rect(canvas: tk.Canvas, x0: float, y0: float, x1: float, y1: float, radius: float,
                 **kw) -> int:
    """A rounded rectangle as a smoothed polygon (Tk has no native one)."""
    r = radius
    points = [x0 + r, y0, x1 - r, y0, x1, y0, x1, y0 + r, x1, y1 - r, x1, y1, x1 - r, y1, x0 + r, y1,
              x0, y1, x0, y1 - r, x0, y0 + r, x0, y0]
    return canvas.create_polygon(points, smooth=True, **kw)


def button(canvas: tk.Canvas, x: float, y: float, text: str, colour: str, look: Look) -> tuple[int, ...]:
    """A 140x44 rounded button with ``text``: its canvas items (a click on any is a click on it)."""
    shape = rounded_rect(canvas, x, y, x + 140, y + 44, 10, fill=colour, outline=look.outline)
    label = canvas.create_text(x + 70, y + 22, text=text, fill=look.text, font=(look.font, 16, "bold"))
    return shape, label


class TileGrid:
    """A rows×cols block of tiles on a canvas, with its geometry (cell at a point, centres)."""

    def __init__(self, canvas: tk.Canvas, rows: int, cols: int, x0: int, y0: int, tile: int, gap: int,
                 look: Look = LOOKS["classic"]):
        self.canvas, self.rows, self.cols, self.look = canvas, rows, cols, look
        self.x0, self.y0, self.tile, self.gap = x0, y0, tile, gap
        self.shapes: list[int] = []
        self.labels: list[int] = []
        for r in range(rows):
            for c in range(cols):
                x, y = self.origin(r, c)
                self.shapes.append(rounded_rect(canvas, x, y, x + tile, y + tile, tile * 0.18,
                                                fill=look.tile, outline=look.outline, width=2))
                self.labels.append(canvas.create_text(x + tile / 2, y + tile / 2, text="", fill=look.letter,
                                                      font=(look.font, int(tile * 0.42), "bold")))

    @property
    def width(self) -> int:
        return self.cols * self.tile + (self.cols - 1) * self.gap

    @property
    def height(self) -> int:
        return self.rows * self.tile + (self.rows - 1) * self.gap

    def origin(self, r: int, c: int) -> tuple[int, int]:
        return self.x0 + c * (self.tile + self.gap), self.y0 + r * (self.tile + self.gap)

    def set_letter(self, r: int, c: int, letter: str) -> None:
        i = r * self.cols + c
        self.canvas.itemconfigure(self.labels[i], text=letter.upper())

    def paint(self, r: int, c: int, colour: str) -> None:
        self.canvas.itemconfigure(self.shapes[r * self.cols + c], fill=colour)

    def paint_all(self, colour: str) -> None:
        for shape in self.shapes:
            self.canvas.itemconfigure(shape, fill=colour)

    def cell_at(self, x: float, y: float, core: float = 1.0) -> tuple[int, int] | None:
        """The cell under a point; with ``core`` < 1 only its central part counts (a finger
        crossing a tile's corner on the way to a diagonal neighbour does not select it)."""
        pitch = self.tile + self.gap
        c, r = int((x - self.x0) // pitch), int((y - self.y0) // pitch)
        if not (0 <= r < self.rows and 0 <= c < self.cols):
            return None
        cx, cy = self.origin(r, c)
        half = self.tile / 2
        if max(abs(x - cx - half), abs(y - cy - half)) > half * core:
            return None
        return r, c
