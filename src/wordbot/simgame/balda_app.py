"""The Balda window: tap an empty cell, pick a letter, tap the word's cells, press Submit;
a built-in opponent replies."""

from __future__ import annotations

import tkinter as tk
from dataclasses import dataclass

from wordbot.simgame.gamelog import GameLog
from wordbot.simgame.judge import BaldaJudge
from wordbot.simgame.widgets import (
    ACCEPTED,
    BACKGROUND,
    EMPTY,
    FONT,
    REJECTED,
    SELECTED,
    TEXT,
    TILE,
    TileGrid,
    rounded_rect,
)

TITLE = "wordbot simgame — balda"
PICKER_COLS = 8


@dataclass
class BaldaOptions:
    at: tuple[int, int] = (40, 40)
    tile: int = 80
    turns: int = 10  # the game ends after this many moves of each side
    opponent_delay: float = 0.6
    linger: float = 2.0


def opponent_move(judge: BaldaJudge):
    """The opponent's move: the move generator's best, or None (it passes) when there is none
    or the generator is not available in this build."""
    try:
        from wordbot import balda_moves
    except ImportError:
        return None
    mode = "knots" if judge.knots else "classic"
    moves = balda_moves(judge.rows_text(), judge.lex, mode=mode, used=tuple(judge.used))
    return moves[0] if len(moves) else None


class BaldaApp:
    def __init__(self, root: tk.Tk, judge: BaldaJudge, log: GameLog, opts: BaldaOptions):
        self.root, self.judge, self.log, self.opts = root, judge, log, opts
        n, tile, gap, margin, header = judge.size, opts.tile, opts.tile // 8, 30, 70
        letters = judge.lex.alphabet.letters
        key = 48
        root.title(TITLE)
        self.grid = TileGrid(tk.Canvas(root), 0, 0, 0, 0, tile, gap)  # geometry probe
        board_w = n * tile + (n - 1) * gap
        picker_rows = -(-len(letters) // PICKER_COLS)
        width = 2 * margin + max(board_w, PICKER_COLS * (key + 6))
        height = header + board_w + 30 + picker_rows * (key + 6) + 90
        root.geometry(f"{width}x{height}+{opts.at[0]}+{opts.at[1]}")
        root.resizable(False, False)
        self.canvas = tk.Canvas(root, width=width, height=height, background=BACKGROUND,
                                highlightthickness=0)
        self.canvas.pack()
        self.grid = TileGrid(self.canvas, n, n, (width - board_w) // 2, header, tile, gap)
        self.status = self.canvas.create_text(margin, 35, anchor="w", fill=TEXT, font=(FONT, 16, "bold"))
        self.keys: dict[int, str] = {}
        top = header + board_w + 30
        left = (width - PICKER_COLS * (key + 6)) // 2
        for i, letter in enumerate(letters):
            r, c = divmod(i, PICKER_COLS)
            x, y = left + c * (key + 6), top + r * (key + 6)
            shape = rounded_rect(self.canvas, x, y, x + key, y + key, 8, fill=TILE, outline="")
            label = self.canvas.create_text(x + key / 2, y + key / 2, text=letter.upper(),
                                            font=(FONT, 20, "bold"))
            self.keys[shape] = self.keys[label] = letter
        y = top + picker_rows * (key + 6) + 20
        self.submit_button = self.button(width / 2 - 150, y, "Submit", ACCEPTED)
        self.cancel_button = self.button(width / 2 + 10, y, "Cancel", REJECTED)
        self.feedback = self.canvas.create_text(width / 2, y + 65, fill=TEXT, font=(FONT, 16, "bold"))
        self.scores = {"player": 0, "opponent": 0}
        self.turns = {"player": 0, "opponent": 0}
        self.over = False
        self.opponent_thinking = False  # the player's taps are ignored until the opponent has moved
        self.reset_move()
        self.redraw()
        self.canvas.bind("<ButtonRelease-1>", self.on_tap)
        root.protocol("WM_DELETE_WINDOW", lambda: self.finish("closed"))

    def button(self, x: float, y: float, text: str, colour: str) -> tuple[int, ...]:
        shape = rounded_rect(self.canvas, x, y, x + 140, y + 44, 10, fill=colour, outline="")
        label = self.canvas.create_text(x + 70, y + 22, text=text, fill=TEXT, font=(FONT, 16, "bold"))
        return shape, label

    def reset_move(self) -> None:
        self.cell: tuple[int, int] | None = None
        self.letter = ""
        self.path: list[tuple[int, int]] = []

    def redraw(self) -> None:
        for r, row in enumerate(self.judge.board):
            for c, ch in enumerate(row):
                shown = self.letter if (r, c) == self.cell else ch
                self.grid.set_letter(r, c, shown)
                colour = SELECTED if (r, c) in self.path or (r, c) == self.cell else TILE if ch else EMPTY
                self.grid.paint(r, c, colour)
        self.canvas.itemconfigure(self.status, text=f"You {self.scores['player']}   "
                                                    f"Opponent {self.scores['opponent']}")

    def on_tap(self, event) -> None:
        if self.over or self.opponent_thinking:
            return
        hit = set(self.canvas.find_overlapping(event.x, event.y, event.x, event.y))
        cell = self.grid.cell_at(event.x, event.y)
        if hit & set(self.cancel_button):
            self.reset_move()
        elif hit & set(self.submit_button):
            self.submit()
            return
        elif cell is not None:
            self.tap_cell(cell)
        elif self.cell is not None and hit & set(self.keys):
            self.letter = self.keys[max(hit & set(self.keys))]
        self.redraw()

    def tap_cell(self, cell: tuple[int, int]) -> None:
        if self.cell is None or not self.letter:
            if self.judge.can_place(cell):
                self.cell = cell
        elif self.path and self.path[-1] == cell:
            self.path.pop()
        else:
            self.path.append(cell)

    def submit(self) -> None:
        if self.cell is None or not self.letter or not self.path:
            self.canvas.itemconfigure(self.feedback, text="choose a cell, a letter and a word")
            return
        verdict = self.judge.play(self.cell, self.letter, self.path)
        self.log.write("submit", by="player", cell=self.cell, letter=self.letter, word=verdict.word,
                       path=self.path, accepted=verdict.accepted, reason=verdict.reason,
                       points=verdict.points)
        self.reset_move()
        if not verdict.accepted:
            self.canvas.itemconfigure(self.feedback, text=f"{verdict.word.upper()}: {verdict.reason}")
            self.redraw()
            return
        self.scores["player"] += verdict.points
        self.turns["player"] += 1
        self.canvas.itemconfigure(self.feedback, text=f"{verdict.word.upper()}  +{verdict.points}")
        self.redraw()
        self.opponent_thinking = True
        self.root.after(int(self.opts.opponent_delay * 1000), self.opponent_turn)

    def opponent_turn(self) -> None:
        if self.over or self.judge.full():
            self.finish("board full")
            return
        move = opponent_move(self.judge)
        if move is None:
            self.log.write("opponent", passed=True)
            self.canvas.itemconfigure(self.feedback, text="Opponent passes")
        else:
            verdict = self.judge.play(tuple(move.cell), move.letter, [tuple(p) for p in move.path])
            self.log.write("opponent", passed=False, cell=move.cell, letter=move.letter,
                           word=verdict.word, accepted=verdict.accepted, reason=verdict.reason)
            self.scores["opponent"] += verdict.points
            self.canvas.itemconfigure(self.feedback, text=f"Opponent: {verdict.word.upper()}")
        self.turns["opponent"] += 1
        self.opponent_thinking = False
        self.redraw()
        if self.judge.full() or self.turns["opponent"] >= self.opts.turns:
            self.finish("board full" if self.judge.full() else "turns")

    def finish(self, reason: str) -> None:
        if self.over:
            self.root.destroy()
            return
        self.over = True
        self.summary = self.log.write("end", reason=reason, scores=self.scores, turns=self.turns,
                                      board=self.judge.rows_text())
        if reason == "closed":
            self.root.destroy()
        else:
            self.root.after(int(self.opts.linger * 1000), self.root.destroy)


def run_balda(judge: BaldaJudge, log: GameLog, opts: BaldaOptions) -> dict:
    opponent_move(judge)  # load the move generator now, so the opponent replies promptly
    log.write("start", mode="balda", size=judge.size, board=judge.rows_text(), used=sorted(judge.used))
    root = tk.Tk()
    app = BaldaApp(root, judge, log, opts)
    root.mainloop()
    return app.summary
