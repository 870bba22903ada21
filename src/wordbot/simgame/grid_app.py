"""The grid game window: spell words on a letter grid against the clock.

One game in many variants (how words are entered, what feedback shows, the look, whether it pauses
when it loses the focus, the shortest word), so that a bot cannot be tuned to a single one of them.
"""

from __future__ import annotations

import math
import random
import time
import tkinter as tk
from collections import deque
from dataclasses import dataclass

from wordbot.simgame.gamelog import GameLog
from wordbot.simgame.judge import Cell, GridJudge, Verdict, adjacent
from wordbot.simgame.widgets import LOOKS, TileGrid, button
from wordbot.solver.grid import solve_grid

TITLE = "wordbot simgame — grid"
FLASH_MS = 450
PLAIN_SHOWS = 1.0  # seconds a plain message (one that names no word) shows
CHANNELS = ("flash", "held", "score", "list", "message")
DEFAULT_FEEDBACK = frozenset({"flash", "score", "message"})
SPARED = 12  # clicks (keys) that --lose-at-random never loses: about the style search's first word
MARGIN, HEADER, LIST_WIDTH, TYPED_ROW, BUTTON_ROW = 30, 80, 200, 45, 70


def parse_feedback(text: str) -> frozenset[str]:
    """``"flash,score"`` or ``"none"`` as a set of feedback channels; an unknown name raises."""
    names = frozenset(n.strip() for n in text.split(",") if n.strip()) - {"none"}
    unknown = names - set(CHANNELS)
    if unknown:
        raise ValueError(f"unknown feedback channel(s): {', '.join(sorted(unknown))}")
    return names


@dataclass
class GridOptions:
    duration: float = 120.0
    at: tuple[int, int] = (40, 40)
    tile: int = 96
    drop_every: int = 0  # simulate a lagging game: every n-th submission is lost (0: never)
    linger: float = 2.0  # seconds the final screen stays up
    input: str = "drag"  # "drag", "click" (tile by tile) or "type" (the keyboard)
    confirm: str = "last"  # click input: "last" (the last tile clicked again), "enter" (Return) or
    # "button" (a Submit button, beside a Quit button that ends the round)
    feedback: frozenset[str] = DEFAULT_FEEDBACK
    look: str = "classic"
    pause_on_blur: bool = False  # a "Paused" panel hides the board while the window lacks the focus
    raw_motion: bool = False  # drag: select only at the reported points (a fast finger skips tiles)
    keep_selection: bool = False  # click: Escape does not clear; a tile not next to the last starts anew
    lose_click: int = 0  # click: every n-th tile click is lost, as a busy game drops a touch (0: never)
    lose_key: int = 0  # type: every n-th letter key is lost, as a busy game or a keymap race drops one
    lose_at_random: bool = False  # a click or key is lost with odds 1 in n (seeded; none of the first
    # SPARED), not every n-th:
    # a real game's losses fall on no beat, where every n-th can fall on each word's confirm
    reply_delay: tuple[float, float] = (0.0, 0.0)  # seconds (least, most) before a verdict shows, as a
    # network game's server round trip: the word is judged at once, its reply shows later
    score_delay: float = 0.0  # seconds the score line lags the rest of a verdict (a busy page repaints
    # its score late)
    plain_message: bool = False  # the message names no word ("Nice!  +3", "Not a word"), pops up anew
    # and clears after a second, as a toast: its text alone tells a verdict, and only while it shows
    input_lag: tuple[float, float] = (0.0, 0.0)  # seconds (least, most) each input event waits before the
    # game handles it, in order (a busy game: what it shows trails the pointer and the keys, by more or less)
    reset_typed: bool = False  # type: showing a verdict clears what was typed since (a page that resets
    # its input line as it shows a reply)

    def settings(self) -> dict:
        """The variant as the log records it."""
        return {"input": self.input, "confirm": self.confirm if self.input == "click" else None,
                "feedback": sorted(self.feedback), "look": self.look,
                "pause_on_blur": self.pause_on_blur, "raw_motion": self.raw_motion,
                "keep_selection": self.keep_selection, "lose_click": self.lose_click,
                "lose_key": self.lose_key, "lose_at_random": self.lose_at_random,
                "reply_delay": list(self.reply_delay), "score_delay": self.score_delay,
                "plain_message": self.plain_message, "input_lag": list(self.input_lag),
                "reset_typed": self.reset_typed}


class GridApp:
    def __init__(self, root: tk.Tk, judge: GridJudge, log: GameLog, opts: GridOptions):
        self.root, self.judge, self.log, self.opts = root, judge, log, opts
        self.look = LOOKS[opts.look]
        self._clearing: str | None = None  # the pending clear of a plain message
        self.selection: list[Cell] = []  # the tiles of the word being entered
        self.selection_colour = self.look.selected
        self.flashed: dict[Cell, tuple[str, int]] = {}  # tile -> (colour, flash number)
        self.submissions = self.flashes = self.accepted = self.rejected = 0
        self.deadline = time.monotonic() + opts.duration
        self.rng = random.Random(1)  # reply delays, input lags
        self.losses = random.Random(20)  # lost clicks and keys, at random
        self.lagged: deque = deque()  # (due, handler, event): input held back by ``input_lag``, in order
        self.shown: list[str] = []  # the accepted words whose verdicts show (a late reply shows late)
        self.points = 0  # their points
        self.scored = (0, 0)  # points and words the score line shows
        self.over = self.paused = False
        self.layout()
        self.typing = INPUTS[opts.input](self)
        if opts.pause_on_blur:
            root.bind("<FocusOut>", lambda e: e.widget is root and self.pause(True))
            root.bind("<FocusIn>", lambda e: e.widget is root and self.pause(False))
        root.protocol("WM_DELETE_WINDOW", lambda: self.finish("closed"))
        self.tick()

    # --- the window ------------------------------------------------------------------------------
    def layout(self) -> None:
        """Board, clock and whichever feedback channels are on; the pause panel, hidden."""
        opts, look, root = self.opts, self.look, self.root
        rows, cols = self.judge.rows, self.judge.cols
        root.title(TITLE)
        root.configure(background=look.background)
        gap = opts.tile // 8
        board_w, board_h = cols * opts.tile + (cols - 1) * gap, rows * opts.tile + (rows - 1) * gap
        typed = TYPED_ROW if opts.input == "type" else 0
        buttons = opts.input == "click" and opts.confirm == "button"
        typed += BUTTON_ROW if buttons else 0
        width = 2 * MARGIN + board_w + (LIST_WIDTH if "list" in opts.feedback else 0)
        height = HEADER + board_h + 90 + typed
        root.geometry(f"{width}x{height}+{opts.at[0]}+{opts.at[1]}")
        root.resizable(False, False)
        self.canvas = c = tk.Canvas(root, width=width, height=height, background=look.background,
                                    highlightthickness=0)
        c.pack()
        self.grid = TileGrid(c, rows, cols, MARGIN, HEADER, opts.tile, gap, look)
        for i, letter in enumerate(self.judge.tiles):
            self.grid.set_letter(*divmod(i, cols), letter)
        below = HEADER + board_h
        self.score_text = self.text(MARGIN, 40, anchor="w") if "score" in opts.feedback else None
        self.timer_text = self.text(MARGIN + board_w, 40, anchor="e")
        self.typed_text = self.text(MARGIN + board_w / 2, below + 40) if opts.input == "type" else None
        self.buttons: dict[str, tuple[int, ...]] = {}
        if buttons:
            right = MARGIN + board_w - 140
            self.buttons = {"quit": button(c, MARGIN, below + 18, "Quit", look.tile, look),
                            "submit": button(c, right, below + 18, "Submit", look.accepted, look)}
        self.message = self.text(MARGIN + board_w / 2, below + 45 + typed)
        c.itemconfigure(self.message, font=(look.font, 20, "bold"))
        self.word_list = (self.text(MARGIN + board_w + 30, HEADER, anchor="nw")
                          if "list" in opts.feedback else None)
        self.list_lines = max(1, board_h // 24)
        self.panel = [c.create_rectangle(0, HEADER - 20, width, height, fill=look.background, outline="",
                                         state="hidden"),
                      self.text(width / 2, HEADER + board_h / 2, state="hidden")]
        c.itemconfigure(self.panel[1], text="Paused", font=(look.font, 32, "bold"))

    def text(self, x: float, y: float, **kw) -> int:
        """A text item in the look's colour and type (empty until a channel writes it)."""
        return self.canvas.create_text(x, y, fill=self.look.text, font=(self.look.font, 18, "bold"), text="",
                                       **kw)

    def say(self, message: str, clear: float = 0.0) -> None:
        """Show ``message`` under the board (``clear``: for that many seconds only)."""
        if "message" not in self.opts.feedback:
            return
        self.canvas.itemconfigure(self.message, text=message)
        if self._clearing is not None:
            self.root.after_cancel(self._clearing)
            self._clearing = None
        if clear:
            self._clearing = self.root.after(int(1000 * clear), self.say, "")

    # --- the selection and the tiles' colours ----------------------------------------------------
    def lost(self, count: int, every: int) -> bool:
        """Whether the ``count``-th click (key) is lost, where one in ``every`` is (0: none). At
        random, none of the first SPARED is: the style search's word, whose lost tap is a known limit
        (README), is not what such a game tests."""
        if not every:
            return False
        if not self.opts.lose_at_random:
            return count % every == 0
        draw = self.losses.random()  # drawn for every click, so the losses after SPARED stay put
        return count > SPARED and draw < 1 / every

    def accepting(self) -> bool:
        """Input counts only while the round runs and the board is showing."""
        return not self.over and not self.paused

    def select(self, path: list[Cell]) -> None:
        """Show ``path`` as the word being entered (with ``held``: coloured by its verdict-to-be)."""
        before, self.selection = self.selection, list(path)
        self.selection_colour = self.held_colour(path)
        for cell in {*before, *path}:
            self.repaint(cell)

    def held_colour(self, path: list[Cell]) -> str:
        if "held" not in self.opts.feedback or not path:
            return self.look.selected
        verdict = self.judge.check(path)
        if verdict.accepted:
            return self.look.accepted
        return self.look.repeated if verdict.reason == "already found" else self.look.selected

    def repaint(self, cell: Cell) -> None:
        if self.over:
            colour = self.look.over
        elif cell in self.selection:
            colour = self.selection_colour
        else:
            colour = self.flashed.get(cell, (self.look.tile, 0))[0]
        self.grid.paint(*cell, colour)

    def flash(self, path: list[Cell], colour: str) -> None:
        """Colour the word's tiles for a moment (the feedback a bot can see), then restore them."""
        self.flashes += 1
        for cell in path:
            self.flashed[cell] = (colour, self.flashes)
            self.repaint(cell)
        self.root.after(FLASH_MS, self.unflash, path, self.flashes)

    def unflash(self, path: list[Cell], flash: int) -> None:
        for cell in path:
            if self.flashed.get(cell, ("", 0))[1] == flash:
                del self.flashed[cell]
                self.repaint(cell)

    # --- submissions -----------------------------------------------------------------------------
    def submit(self, path: list[Cell] | None = None, word: str | None = None) -> None:
        """Judge a finished entry: a path of tiles, or (typed) a word the judge traces itself."""
        self.select([])
        if (not path or len(path) < 2) and not word:
            return  # a tap on one tile is no word: games ignore it
        self.submissions += 1
        if self.opts.drop_every and self.submissions % self.opts.drop_every == 0:
            self.log.write("dropped", path=path, word=word)  # a lost touch: nothing shows
            return
        verdict = self.judge.submit(path) if word is None else self.judge.submit_word(word)
        self.log.write("submit", word=verdict.word, path=verdict.path, accepted=verdict.accepted,
                       reason=verdict.reason, points=verdict.points)
        self.accepted += verdict.accepted
        self.rejected += not verdict.accepted
        least, most = self.opts.reply_delay
        if most > 0:
            self.root.after(int(1000 * self.rng.uniform(least, most)), self.show_verdict, verdict)
        else:
            self.show_verdict(verdict)

    def show_verdict(self, verdict: Verdict) -> None:
        if self.opts.reset_typed and isinstance(self.typing, TypeInput) and self.typing.word:
            self.log.write("typed reset", typed=self.typing.word)
            self.typing.word = ""
            self.typing.show()
        if verdict.accepted:
            self.shown.append(verdict.word)
            self.points += verdict.points
            colour, message = self.look.accepted, f"{verdict.word.upper()}  +{verdict.points}"
            plain = f"Nice!  +{verdict.points}"
            self.show_list()
        else:
            colour = self.look.repeated if verdict.reason == "already found" else self.look.refused
            message, plain = f"{verdict.word.upper()}: {verdict.reason}", verdict.reason.capitalize()
        if "flash" in self.opts.feedback and verdict.path:
            self.flash(verdict.path, colour)
        if self.opts.plain_message:  # pops up anew (a toast), even where it says what it said
            self.say("")
            self.root.after(100, self.say, plain, PLAIN_SHOWS)
        else:
            self.say(message)
        now = (self.points, len(self.shown))
        if self.opts.score_delay:
            self.root.after(int(1000 * self.opts.score_delay), self.show_score, *now)
        else:
            self.show_score(*now)

    def show_list(self) -> None:
        if self.word_list is not None:
            newest_first = [w.upper() for w in reversed(self.shown)][:self.list_lines]
            self.canvas.itemconfigure(self.word_list, text="\n".join(newest_first))

    def show_score(self, points: int | None = None, words: int | None = None) -> None:
        """The score line (``points``, ``words``: as they were a moment ago; else now)."""
        if points is not None:
            self.scored = (points, words)
        if self.score_text is not None:
            points, words = self.scored
            self.canvas.itemconfigure(self.score_text, text=f"Score {points}   Words {words}")

    # --- focus, clock and the end of the round ---------------------------------------------------
    def pause(self, paused: bool) -> None:
        """Cover the board while the window has no focus (input is ignored meanwhile)."""
        if self.over or paused == self.paused:
            return
        self.paused = paused
        self.select([])
        for item in self.panel:
            self.canvas.itemconfigure(item, state="normal" if paused else "hidden")
            self.canvas.tag_raise(item)

    def tick(self) -> None:
        if self.over:
            return
        left = max(0.0, self.deadline - time.monotonic())
        self.show_score()
        self.canvas.itemconfigure(self.timer_text, text=f"{int(left) // 60}:{int(left) % 60:02d}")
        if left <= 0:
            self.finish("time")
            return
        self.root.after(200, self.tick)

    def finish(self, reason: str) -> None:
        if self.over:
            self.root.destroy()
            return
        self.pause(False)
        self.over = True
        self.grid.paint_all(self.look.over)
        ending = {"time": "Time's up", "quit": "You quit"}.get(reason, "Closed")
        self.canvas.itemconfigure(self.message, text=ending)
        self.summary = self.log.write("end", reason=reason, score=self.judge.score,
                                      accepted=self.accepted, rejected=self.rejected,
                                      found=sorted(self.judge.found))
        if reason == "closed":
            self.root.destroy()
        else:
            self.root.after(int(self.opts.linger * 1000), self.root.destroy)


# --- input styles: each binds its events and hands the app selections and submissions ------------
def bind(app: GridApp, widget: tk.Misc, sequence: str, handler) -> None:
    """Bind an input event to ``handler``; a busy game (``input_lag``) handles each later, in order."""
    if app.opts.input_lag[1] <= 0:
        widget.bind(sequence, handler)
        return

    def later(event) -> None:
        now = time.monotonic()
        due = max(app.lagged[-1][0] if app.lagged else 0.0, now + app.rng.uniform(*app.opts.input_lag))
        app.lagged.append((due, handler, event))
        app.root.after(math.ceil(1000 * (due - now)) + 1, handle_due, app)  # never before it is due

    widget.bind(sequence, later)


def handle_due(app: GridApp) -> None:
    """Handle the held-back input events that are due, oldest first (timers may fire out of order)."""
    while app.lagged and app.lagged[0][0] <= time.monotonic():
        _, handler, event = app.lagged.popleft()
        handler(event)


class DragInput:
    """Press, slide over the tiles, release: the finger's path is the word."""

    def __init__(self, app: GridApp):
        self.app = app
        self.last_point: tuple[float, float] | None = None
        bind(app, app.canvas, "<ButtonPress-1>", self.on_press)
        bind(app, app.canvas, "<B1-Motion>", self.on_motion)
        bind(app, app.canvas, "<ButtonRelease-1>", self.on_release)

    def on_press(self, event) -> None:
        if not self.app.accepting():
            return
        self.app.select([])
        self.last_point = (event.x, event.y)
        self.visit(event.x, event.y)

    def on_motion(self, event) -> None:
        if not self.app.accepting() or self.last_point is None:
            return
        x0, y0 = self.last_point
        # Tk merges motion events when busy; unless raw, walk the segment so no tile in between is skipped.
        dist = 0 if self.app.opts.raw_motion else math.hypot(event.x - x0, event.y - y0)
        steps = max(1, math.ceil(dist / (self.app.opts.tile / 8)))
        for k in range(1, steps + 1):
            self.visit(x0 + (event.x - x0) * k / steps, y0 + (event.y - y0) * k / steps)
        self.last_point = (event.x, event.y)

    def visit(self, x: float, y: float) -> None:
        path = self.app.selection
        cell = self.app.grid.cell_at(x, y, core=0.8)
        if cell is None or (path and path[-1] == cell):
            return
        if len(path) >= 2 and path[-2] == cell:  # sliding back undoes the last tile
            self.app.select(path[:-1])
        else:
            self.app.select([*path, cell])

    def on_release(self, event) -> None:
        if not self.app.accepting() or self.last_point is None:
            return
        self.last_point = None
        self.app.submit(self.app.selection)


class ClickInput:
    """Click adjacent tiles one by one; the last tile clicked again (or Return, or Submit) sends the word."""

    def __init__(self, app: GridApp):
        self.app = app
        self.pressed: Cell | None = None
        bind(app, app.canvas, "<ButtonPress-1>", self.on_press)
        bind(app, app.canvas, "<ButtonRelease-1>", self.on_release)
        self.clicks = 0
        if not app.opts.keep_selection:
            bind(app, app.root, "<Escape>", lambda e: app.accepting() and app.select([]))
        if app.opts.confirm == "enter":
            bind(app, app.root, "<Return>", lambda e: app.accepting() and app.submit(app.selection))

    def on_press(self, event) -> None:
        self.pressed = self.app.grid.cell_at(event.x, event.y)

    def on_release(self, event) -> None:
        cell, path = self.app.grid.cell_at(event.x, event.y), self.app.selection
        hit = set(self.app.canvas.find_overlapping(event.x, event.y, event.x, event.y))
        if self.app.accepting() and hit & set(self.app.buttons.get("submit", ())):
            self.app.submit(path)
        elif self.app.accepting() and hit & set(self.app.buttons.get("quit", ())):
            self.app.finish("quit")
        if not self.app.accepting() or cell is None or cell != self.pressed:
            return
        self.clicks += 1
        if self.app.lost(self.clicks, self.app.opts.lose_click):
            self.app.log.write("lost click", cell=cell)
            return
        if path and cell == path[-1]:
            if self.app.opts.confirm == "last":
                self.app.submit(path)
        elif cell not in path and (not path or adjacent(path[-1], cell)):
            self.app.select([*path, cell])
        elif self.app.opts.keep_selection and cell not in path:
            self.app.select([cell])


class TypeInput:
    """Type the word: it shows under the board (its path on the board, if any, as the selection);
    BackSpace deletes, Escape clears, Return sends it."""

    def __init__(self, app: GridApp):
        self.app = app
        self.word = ""
        self.letters = 0
        bind(app, app.root, "<Key>", self.on_key)

    def on_key(self, event) -> None:
        if not self.app.accepting():
            return
        if event.keysym == "Return":
            word, self.word = self.word, ""
            self.show()
            self.app.submit(word=word)
            return
        if event.keysym == "BackSpace":
            self.word = self.word[:-1]
        elif event.keysym == "Escape":
            self.word = ""
        elif len(event.char) == 1 and event.char.isalpha():
            self.letters += 1
            if self.app.lost(self.letters, self.app.opts.lose_key):
                self.app.log.write("lost key", char=event.char)
                return
            self.word += event.char.lower()
        else:
            return
        self.show()

    def show(self) -> None:
        self.app.canvas.itemconfigure(self.app.typed_text, text=self.word.upper())
        self.app.select((self.app.judge.trace(self.word.replace("ё", "е")) or []) if self.word else [])


INPUTS = {"drag": DragInput, "click": ClickInput, "type": TypeInput}


def run_grid(judge: GridJudge, log: GameLog, opts: GridOptions) -> dict:
    """Play one round in a window; returns the end-of-round summary."""
    board = [f for f in solve_grid(judge.tiles, judge.rows, judge.cols, judge.lex, judge.min_len, judge.rules)
             if f.word not in judge.exclude]
    board_words, board_points = [f.word for f in board], sum(f.score for f in board)
    log.write("start", mode="grid", rows=judge.rows, cols=judge.cols, tiles=judge.tiles,
              min_len=judge.min_len, **opts.settings(), board_words=board_words, board_points=board_points)
    root = tk.Tk()
    app = GridApp(root, judge, log, opts)
    root.wait_visibility()
    root.focus_force()  # typed input needs the keyboard; a blur-pausing game starts with the focus
    root.mainloop()
    summary = dict(app.summary)
    share = len(set(board_words) & set(judge.found)) / max(1, len(board_words))
    summary.update(board_words=len(board_words), share=round(share, 4), board_points=board_points)
    log.write("summary", **{k: v for k, v in summary.items() if k not in ("t", "event", "found")})
    return summary
