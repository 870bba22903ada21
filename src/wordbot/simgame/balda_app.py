"""The Balda window: tap an empty cell, pick a letter, then enter the word through it in one of
three ways (tap its cells and press Submit, tap them and press Return, or drag across them and
release); a built-in opponent replies, or none (practice: the player moves again). It may list the
words played so far beside the board, and may be a game resumed: words played earlier are in that
list (and refused again).

The variants differ in what a bot cannot know beforehand: the keyboard's layout, its 32 or 33
keys (with ё), upper or lower case, how a word is sent, whether anyone replies, and the colours.
"""

from __future__ import annotations

import tkinter as tk
from dataclasses import dataclass

from wordbot.simgame.gamelog import GameLog
from wordbot.simgame.judge import BaldaJudge
from wordbot.simgame.widgets import EMPTY, LOOKS, Look, TileGrid, button, rounded_rect

TITLE = "wordbot simgame — balda"
ENTRIES = ("button", "enter", "drag")  # how a word is sent: Submit button, Return, release of a drag
EMPTY_CELLS = {"classic": EMPTY, "light": "#cfd6e0", "dark": "#2b2f36"}  # an empty cell, per look
KEY, KEY_GAP = 48, 6


@dataclass
class BaldaOptions:
    at: tuple[int, int] = (40, 40)
    tile: int = 80
    turns: int = 10  # the game ends after this many moves of each side
    opponent_delay: float = 0.6
    linger: float = 2.0
    key_cols: int = 8  # keys per keyboard row
    yo: bool = False  # a 33rd key, ё (it places е: the word lists read ё as е)
    lower: bool = False  # letters in lower case, on the keys and on the board
    entry: str = "button"
    opponent: bool = True  # False: practice, the player moves again
    look: str = "classic"
    history: bool = False  # the words played so far, listed beside the board
    used_before: int = 0  # a resumed game: the best moves of the start position were played earlier


HISTORY_W = 220  # the history panel's width


def judge_moves(judge: BaldaJudge) -> list:
    """Every move of the position, best first; none when the move generator is not available in
    this build."""
    try:
        from wordbot import balda_moves
    except ImportError:
        return []
    return list(balda_moves(judge.rows_text(), judge.lex, mode="knots" if judge.knots else "classic",
                            used=tuple(judge.used)))


def opponent_move(judge: BaldaJudge):
    """The opponent's move: the best, or None (it passes) when there is none."""
    moves = judge_moves(judge)
    return moves[0] if moves else None


def resume(judge: BaldaJudge, words: int) -> list[str]:
    """Make ``judge`` a game resumed with the ``words`` best words of its position played earlier
    (elsewhere on the board, in an earlier session): they are used, as a history would show."""
    earlier = list(dict.fromkeys(m.word for m in judge_moves(judge)))[:words]
    judge.used.update(earlier)
    return earlier


def keyboard_letters(letters: str, yo: bool) -> str:
    return letters.replace("е", "её") if yo else letters


class BaldaApp:
    def __init__(self, root: tk.Tk, judge: BaldaJudge, log: GameLog, opts: BaldaOptions, played: list[str]):
        self.root, self.judge, self.log, self.opts = root, judge, log, opts
        self.look: Look = LOOKS[opts.look]
        self.empty = EMPTY_CELLS[opts.look]
        n, tile, gap, margin, header = judge.size, opts.tile, opts.tile // 8, 30, 70
        letters = keyboard_letters(judge.lex.alphabet.letters, opts.yo)
        root.title(TITLE)
        board_w = n * tile + (n - 1) * gap
        picker_rows = -(-len(letters) // opts.key_cols)
        keys_w = opts.key_cols * (KEY + KEY_GAP) - KEY_GAP
        width = 2 * margin + max(board_w, keys_w) + (HISTORY_W if opts.history else 0)
        height = header + board_w + 30 + picker_rows * (KEY + KEY_GAP) + 90
        root.geometry(f"{width}x{height}+{opts.at[0]}+{opts.at[1]}")
        root.resizable(False, False)
        self.canvas = tk.Canvas(root, width=width, height=height, background=self.look.background,
                                highlightthickness=0)
        self.canvas.pack()
        middle = (width - (HISTORY_W if opts.history else 0)) // 2
        self.grid = TileGrid(self.canvas, n, n, middle - board_w // 2, header, tile, gap, self.look)
        self.played = list(played)  # the history, in the order played
        self.history = self.canvas.create_text(width - HISTORY_W + 10, header, anchor="nw",
                                               fill=self.look.text, font=(self.look.font, 15, "bold"),
                                               state="normal" if opts.history else "hidden")
        self.status = self.canvas.create_text(margin, 35, anchor="w", fill=self.look.text,
                                              font=(self.look.font, 16, "bold"))
        top = header + board_w + 30
        left = middle - keys_w // 2
        self.keys: dict[int, str] = {}
        for i, letter in enumerate(letters):
            r, c = divmod(i, opts.key_cols)
            self.key(left + c * (KEY + KEY_GAP), top + r * (KEY + KEY_GAP), letter)
        self.areas = {"board": (self.grid.x0, self.grid.y0, board_w, board_w),
                      "keys": (left, top, keys_w, picker_rows * (KEY + KEY_GAP) - KEY_GAP)}
        y = top + picker_rows * (KEY + KEY_GAP) + 20
        self.submit_button = self.cancel_button = ()
        if opts.entry == "button":
            self.submit_button = self.button(middle - 150, y, "Submit", self.look.accepted)
            self.cancel_button = self.button(middle + 10, y, "Cancel", self.look.refused)
        self.feedback = self.canvas.create_text(middle, y + 65, fill=self.look.text,
                                                font=(self.look.font, 16, "bold"))
        self.scores = {"player": 0, "opponent": 0}
        self.turns = {"player": 0, "opponent": 0}
        self.over = False
        self.opponent_thinking = False  # the player's taps are ignored until the opponent has moved
        self.dragging = False
        self.reset_move()
        self.redraw()
        self.canvas.bind("<ButtonPress-1>", self.on_press)
        self.canvas.bind("<B1-Motion>", self.on_motion)
        self.canvas.bind("<ButtonRelease-1>", self.on_release)
        root.bind("<Escape>", lambda e: self.cancel())
        if opts.entry == "enter":
            root.bind("<Return>", self.on_return)
        root.protocol("WM_DELETE_WINDOW", lambda: self.finish("closed"))

    def key(self, x: int, y: int, letter: str) -> None:
        shape = rounded_rect(self.canvas, x, y, x + KEY, y + KEY, 8, fill=self.look.tile,
                             outline=self.look.outline)
        label = self.canvas.create_text(x + KEY / 2, y + KEY / 2, text=self.shown(letter),
                                        fill=self.look.letter, font=(self.look.font, 20, "bold"))
        self.keys[shape] = self.keys[label] = "е" if letter == "ё" else letter

    def button(self, x: float, y: float, text: str, colour: str) -> tuple[int, ...]:
        self.areas[text.lower()] = (int(x), int(y), 140, 44)
        return button(self.canvas, x, y, text, colour, self.look)

    def shown(self, letter: str) -> str:
        return letter if self.opts.lower else letter.upper()

    def layout(self) -> dict:
        """Where the board, the keyboard and the buttons are (window pixels): what input may touch."""
        return {name: list(box) for name, box in self.areas.items()}

    def reset_move(self) -> None:
        self.cell: tuple[int, int] | None = None
        self.letter = ""
        self.path: list[tuple[int, int]] = []

    def idle(self) -> bool:
        return not (self.over or self.opponent_thinking)

    def cancel(self) -> None:
        if self.idle():
            self.reset_move()
            self.redraw()

    def redraw(self) -> None:
        for r, row in enumerate(self.judge.board):
            for c, ch in enumerate(row):
                shown = self.letter if (r, c) == self.cell else ch
                self.canvas.itemconfigure(self.grid.labels[r * self.grid.cols + c], text=self.shown(shown))
                selected = (r, c) in self.path or (r, c) == self.cell
                plain = self.look.tile if ch else self.empty
                self.grid.paint(r, c, self.look.selected if selected else plain)
        self.canvas.itemconfigure(self.history, text="\n".join(self.shown(w) for w in self.played))
        self.canvas.itemconfigure(self.status, text=f"You {self.scores['player']}   "
                                                    f"Opponent {self.scores['opponent']}")

    # --- input: taps everywhere; in the drag entry a press on the board, once the letter is chosen,
    # starts the word and its release sends it ------------------------------------------------------
    def on_press(self, event) -> None:
        cell = self.grid.cell_at(event.x, event.y)
        if self.opts.entry == "drag" and self.idle() and self.letter and cell is not None:
            self.dragging = True
            self.path = [cell]
            self.redraw()

    def on_motion(self, event) -> None:
        cell = self.grid.cell_at(event.x, event.y, core=0.8)
        if not self.dragging or cell is None or cell == self.path[-1]:
            return
        if len(self.path) >= 2 and self.path[-2] == cell:  # sliding back undoes the last cell
            self.path.pop()
        else:
            self.path.append(cell)
        self.redraw()

    def on_release(self, event) -> None:
        if not self.dragging:
            self.on_tap(event)
            return
        self.dragging = False
        if len(self.path) >= 2:
            self.submit()
        else:  # a one-cell tap is no word
            self.path = []
            self.redraw()

    def on_tap(self, event) -> None:
        hit = set(self.canvas.find_overlapping(event.x, event.y, event.x, event.y))
        cell = self.grid.cell_at(event.x, event.y)
        self.log.write("tap", at=[event.x, event.y], cell=cell, idle=self.idle())  # what a lost tap hit
        if not self.idle():
            return
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

    def on_return(self, event) -> None:
        self.log.write("key", key="Return", idle=self.idle())
        if self.idle():
            self.submit()

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
        self.played.append(verdict.word)
        self.canvas.itemconfigure(self.feedback, text=f"{verdict.word.upper()}  +{verdict.points}")
        self.redraw()
        if not self.opts.opponent:
            self.end_if_done("player")
            return
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
            self.played.append(verdict.word)
            self.canvas.itemconfigure(self.feedback, text=f"Opponent: {verdict.word.upper()}")
        self.turns["opponent"] += 1
        self.opponent_thinking = False
        self.redraw()
        self.end_if_done("opponent")

    def end_if_done(self, side: str) -> None:
        if self.judge.full() or self.turns[side] >= self.opts.turns:
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
    played = [*sorted(judge.used), *resume(judge, opts.used_before)]
    log.write("start", mode="balda", size=judge.size, board=judge.rows_text(), used=played,
              key_cols=opts.key_cols, yo=opts.yo, lower=opts.lower, entry=opts.entry,
              opponent=opts.opponent, look=opts.look, history=opts.history)
    root = tk.Tk()
    app = BaldaApp(root, judge, log, opts, played)
    log.write("layout", **app.layout())
    root.wait_visibility()
    root.focus_force()  # Return needs the keyboard
    root.mainloop()
    return app.summary
