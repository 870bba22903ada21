"""The grid game window: drag across tiles to spell a word, against the clock."""

from __future__ import annotations

import math
import time
import tkinter as tk
from dataclasses import dataclass

from wordbot.simgame.gamelog import GameLog
from wordbot.simgame.judge import GridJudge
from wordbot.simgame.widgets import (
    ACCEPTED,
    BACKGROUND,
    FONT,
    REJECTED,
    REPEATED,
    SELECTED,
    TEXT,
    TILE,
    TileGrid,
)
from wordbot.solver.grid import solve_grid

TITLE = "wordbot simgame — grid"
FLASH_MS = 450


@dataclass
class GridOptions:
    duration: float = 120.0
    at: tuple[int, int] = (40, 40)
    tile: int = 96
    drop_every: int = 0  # simulate a lagging game: every n-th gesture is lost (0: never)
    linger: float = 2.0  # seconds the final screen stays up


class GridApp:
    def __init__(self, root: tk.Tk, judge: GridJudge, log: GameLog, opts: GridOptions):
        self.root, self.judge, self.log, self.opts = root, judge, log, opts
        rows, cols = judge.rows, judge.cols
        margin, header = 30, 80
        root.title(TITLE)
        root.configure(background=BACKGROUND)
        probe = TileGrid(tk.Canvas(root), 0, 0, 0, 0, opts.tile, opts.tile // 8)
        width = 2 * margin + cols * opts.tile + (cols - 1) * probe.gap
        height = header + rows * opts.tile + (rows - 1) * probe.gap + 90
        root.geometry(f"{width}x{height}+{opts.at[0]}+{opts.at[1]}")
        root.resizable(False, False)
        self.canvas = tk.Canvas(root, width=width, height=height, background=BACKGROUND,
                                highlightthickness=0)
        self.canvas.pack()
        self.grid = TileGrid(self.canvas, rows, cols, margin, header, opts.tile, opts.tile // 8)
        for i, letter in enumerate(judge.tiles):
            self.grid.set_letter(*divmod(i, cols), letter)
        font = (FONT, 18, "bold")
        self.score_text = self.canvas.create_text(margin, 40, anchor="w", fill=TEXT, font=font)
        self.timer_text = self.canvas.create_text(width - margin, 40, anchor="e", fill=TEXT, font=font)
        self.feedback = self.canvas.create_text(width / 2, header + self.grid.height + 45, fill=TEXT,
                                                font=(FONT, 20, "bold"), text="")
        self.path: list[tuple[int, int]] = []
        self.last_point: tuple[float, float] | None = None
        self.gestures = self.flashes = 0
        self.flashed: dict[tuple[int, int], int] = {}
        self.accepted = self.rejected = 0
        self.deadline = time.monotonic() + opts.duration
        self.over = False
        self.canvas.bind("<ButtonPress-1>", self.on_press)
        self.canvas.bind("<B1-Motion>", self.on_motion)
        self.canvas.bind("<ButtonRelease-1>", self.on_release)
        root.protocol("WM_DELETE_WINDOW", lambda: self.finish("closed"))
        self.tick()

    # --- input: a finger's path over the tiles -------------------------------------------------
    def on_press(self, event) -> None:
        if self.over:
            return
        self.path, self.last_point = [], (event.x, event.y)
        self.visit(event.x, event.y)

    def on_motion(self, event) -> None:
        if self.over or self.last_point is None:
            return
        # Tk merges motion events when busy; walk the segment so no tile in between is skipped.
        x0, y0 = self.last_point
        steps = max(1, math.ceil(math.hypot(event.x - x0, event.y - y0) / (self.opts.tile / 8)))
        for k in range(1, steps + 1):
            self.visit(x0 + (event.x - x0) * k / steps, y0 + (event.y - y0) * k / steps)
        self.last_point = (event.x, event.y)

    def visit(self, x: float, y: float) -> None:
        cell = self.grid.cell_at(x, y, core=0.8)
        if cell is None or (self.path and self.path[-1] == cell):
            return
        if len(self.path) >= 2 and self.path[-2] == cell:  # sliding back undoes the last tile
            self.grid.paint(*self.path.pop(), TILE)
            return
        self.path.append(cell)
        self.grid.paint(*cell, SELECTED)

    def on_release(self, event) -> None:
        if self.over or self.last_point is None:
            return
        path, self.path, self.last_point = self.path, [], None
        if not path:
            return
        self.gestures += 1
        if self.opts.drop_every and self.gestures % self.opts.drop_every == 0:
            self.log.write("dropped", path=path)
            self.flash(path, TILE, "")
            return
        verdict = self.judge.submit(path)
        self.log.write("submit", word=verdict.word, path=path, accepted=verdict.accepted,
                       reason=verdict.reason, points=verdict.points)
        if verdict.accepted:
            self.accepted += 1
            self.flash(path, ACCEPTED, f"{verdict.word.upper()}  +{verdict.points}")
        else:
            self.rejected += 1
            colour = REPEATED if verdict.reason == "already found" else REJECTED
            self.flash(path, colour, f"{verdict.word.upper()}: {verdict.reason}")

    def flash(self, path, colour: str, message: str) -> None:
        """Colour the word's tiles for a moment (the feedback a bot can see), then restore them."""
        self.flashes += 1
        for cell in path:
            self.grid.paint(*cell, colour)
            self.flashed[cell] = self.flashes
        self.canvas.itemconfigure(self.feedback, text=message)
        self.root.after(FLASH_MS, self.unflash, path, self.flashes)

    def unflash(self, path, flash: int) -> None:
        for cell in path:
            if self.flashed.get(cell) == flash and cell not in self.path:
                self.grid.paint(*cell, TILE)

    # --- clock and the end of the round ----------------------------------------------------------
    def tick(self) -> None:
        if self.over:
            return
        left = max(0.0, self.deadline - time.monotonic())
        self.canvas.itemconfigure(self.score_text,
                                  text=f"Score {self.judge.score}   Words {len(self.judge.found)}")
        self.canvas.itemconfigure(self.timer_text, text=f"{int(left) // 60}:{int(left) % 60:02d}")
        if left <= 0:
            self.finish("time")
            return
        self.root.after(200, self.tick)

    def finish(self, reason: str) -> None:
        if self.over:
            self.root.destroy()
            return
        self.over = True
        self.canvas.itemconfigure(self.feedback, text="Time's up" if reason == "time" else "Closed")
        self.summary = self.log.write("end", reason=reason, score=self.judge.score,
                                      accepted=self.accepted, rejected=self.rejected,
                                      found=sorted(self.judge.found))
        if reason == "closed":
            self.root.destroy()
        else:
            self.root.after(int(self.opts.linger * 1000), self.root.destroy)


def run_grid(judge: GridJudge, log: GameLog, opts: GridOptions) -> dict:
    """Play one round in a window; returns the end-of-round summary."""
    board = solve_grid(judge.tiles, judge.rows, judge.cols, judge.lex, judge.min_len, judge.rules)
    board_words = [f.word for f in board if f.word not in judge.exclude]
    log.write("start", mode="grid", rows=judge.rows, cols=judge.cols, tiles=judge.tiles,
              board_words=board_words, board_points=sum(f.score for f in board
                                                        if f.word not in judge.exclude))
    root = tk.Tk()
    app = GridApp(root, judge, log, opts)
    root.mainloop()
    summary = dict(app.summary)
    share = len(set(board_words) & set(judge.found)) / max(1, len(board_words))
    summary.update(board_words=len(board_words), share=round(share, 4))
    log.write("summary", **{k: v for k, v in summary.items() if k not in ("t", "event", "found")})
    return summary
