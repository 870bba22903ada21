"""The anagram window (4 Pics 1 Word): four pictures, a row of answer slots and a pool of letter
keys. A click on a key moves its letter into the next empty slot; a click on a filled slot gives
the letter back. A full row is judged: right shows "level done" and the next level follows; wrong
flashes the slots and gives the letters back.

The bot cannot see the pictures, so each level's spare letters are drawn so that the answer is
the most common word the pool makes (what the pictures would tell a person); with ``rivals`` some
levels' pools make a more common word first, which the game refuses.
"""

from __future__ import annotations

import random
import time
import tkinter as tk
from dataclasses import dataclass, field

from wordbot.lexicon import Lexicon
from wordbot.simgame.gamelog import GameLog
from wordbot.simgame.widgets import LOOKS, Look, rounded_rect
from wordbot.solver.anagram import anagrams

TITLE = "wordbot simgame — anagram"
WIDTH, HEIGHT = 600, 600
SLOT, SLOT_GAP, SLOTS_Y = 56, 8, 300
KEY, KEY_GAP, KEYS_Y = 50, 8, 420
PICTURES = ("#e57373", "#64b5f6", "#81c784", "#ffb74d")
COMMON = 400  # answers are drawn from this many most frequent words of 4-7 letters
Box = tuple[int, int, int, int]


@dataclass
class AnagramOptions:
    at: tuple[int, int] = (40, 40)
    levels: int = 10
    duration: float = 120.0
    hints: bool = False  # every other level opens with its first slot filled
    rivals: int = 0  # every n-th level's pool makes a more common word than the answer
    linger: float = 2.0
    look: str = "classic"
    seed: int = 1


@dataclass
class Level:
    answer: str
    pool: list[str]  # the keys' letters, in screen order
    hint: str = ""  # the first slot's letter when given (its letter is not in the pool)
    slots: list[int | None] = field(default_factory=list)  # the key in each slot (-1: the hint)

    def __post_init__(self) -> None:
        self.slots = [-1 if self.hint else None] + [None] * (len(self.answer) - 1)

    def word(self) -> str:
        return "".join(self.hint if k == -1 else self.pool[k] for k in self.slots if k is not None)


def answers(lex: Lexicon) -> list[str]:
    """The most common words of 4-7 letters of the alphabet (the answers of a real game)."""
    ids = [i for i in range(len(lex)) if 4 <= lex.lengths[i] <= 7]
    ids.sort(key=lambda i: -lex.freq[i])
    letters = set(lex.alphabet.letters)
    return [w for w in (lex.word(i) for i in ids[:COMMON * 2]) if set(w) <= letters][:COMMON]


def make_level(answer: str, hint: bool, lex: Lexicon, rng: random.Random, rank: int = 0,
               tries: int = 30) -> Level:
    """A level whose pool makes ``answer`` its ``rank``-th likeliest word (0: the likeliest), or as
    near as one of ``tries`` draws comes."""
    given = answer[0] if hint else ""
    own = list(answer[1:] if hint else answer)
    best: tuple[int, list[str]] | None = None
    for _ in range(tries):
        pool = own + rng.choices(lex.alphabet.letters, k=rng.randint(10, 14) - len(own))
        rng.shuffle(pool)
        words = [w for w in anagrams(given + "".join(pool), len(answer), lex) if w.startswith(given)]
        off = abs((words.index(answer) if answer in words else len(words)) - rank)
        if best is None or off < best[0]:
            best = off, pool
        if off == 0:
            break
    return Level(answer, best[1], given)


class AnagramApp:
    def __init__(self, root: tk.Tk, lex: Lexicon, log: GameLog, opts: AnagramOptions):
        self.root, self.lex, self.log, self.opts = root, lex, log, opts
        self.look: Look = LOOKS[opts.look]
        self.rng = random.Random(opts.seed)
        self.words = answers(lex)
        self.rng.shuffle(self.words)
        root.title(TITLE)
        root.geometry(f"{WIDTH}x{HEIGHT}+{opts.at[0]}+{opts.at[1]}")
        root.resizable(False, False)
        self.canvas = tk.Canvas(root, width=WIDTH, height=HEIGHT, background=self.look.background,
                                highlightthickness=0)
        self.canvas.pack()
        for i, colour in enumerate(PICTURES):  # the four pictures: wide, so never taken for tiles
            x, y = 90 + (i % 2) * 215, 60 + (i // 2) * 110
            self.canvas.create_rectangle(x, y, x + 205, y + 100, fill=colour, outline="")
        self.status = self.canvas.create_text(30, 30, anchor="w", fill=self.look.text,
                                              font=(self.look.font, 16, "bold"))
        self.feedback = self.canvas.create_text(WIDTH / 2, 390, fill=self.look.text,
                                                font=(self.look.font, 16, "bold"))
        self.solved = self.wrong = 0
        self.busy = self.over = False
        self.level: Level | None = None
        self.key_boxes: list[Box] = []
        self.slot_boxes: list[Box] = []
        self.t0 = time.monotonic()
        self.canvas.bind("<ButtonPress-1>", self.on_press)
        root.protocol("WM_DELETE_WINDOW", lambda: self.finish("closed"))
        root.after(int(opts.duration * 1000), lambda: self.finish("time"))
        self.next_level()

    # --- drawing ---------------------------------------------------------------------------------
    def next_level(self) -> None:
        if self.over:
            return
        if self.solved >= self.opts.levels:
            self.finish("levels")
            return
        number = self.solved + 1
        answer = self.words[self.solved % len(self.words)]
        rival = bool(self.opts.rivals) and number % self.opts.rivals == 0
        self.level = make_level(answer, self.opts.hints and number % 2 == 1, self.lex, self.rng, int(rival))
        self.slot_boxes = row_boxes(len(answer), SLOT, SLOT_GAP, SLOTS_Y)
        n = len(self.level.pool)
        per_row = -(-n // 2)
        self.key_boxes = row_boxes(per_row, KEY, KEY_GAP, KEYS_Y) + \
            row_boxes(n - per_row, KEY, KEY_GAP, KEYS_Y + KEY + KEY_GAP)
        self.log.write("level", number=number, answer=answer, pool="".join(self.level.pool),
                       hint=self.level.hint, keys=self.key_boxes, slots=self.slot_boxes)
        self.busy = False
        self.canvas.itemconfigure(self.status, text=f"Level {number}")
        self.canvas.itemconfigure(self.feedback, text="")
        self.draw()

    def draw(self, slot_colour: str | None = None) -> None:
        self.canvas.delete("level")
        lv, look = self.level, self.look
        used = {k for k in lv.slots if k is not None}
        for i, box in enumerate(self.key_boxes):
            blank = i in used
            self.tile(box, "" if blank else lv.pool[i], look.over if blank else look.tile)
        for i, box in enumerate(self.slot_boxes):
            k = lv.slots[i]
            letter = "" if k is None else lv.hint if k == -1 else lv.pool[k]
            self.tile(box, letter, slot_colour or (look.tile if letter else look.selected))

    def tile(self, box: Box, letter: str, fill: str) -> None:
        x, y, w, h = box
        rounded_rect(self.canvas, x, y, x + w, y + h, 8, fill=fill, outline=self.look.outline, tags="level")
        self.canvas.create_text(x + w / 2, y + h / 2, text=letter.upper(), fill=self.look.letter,
                                font=(self.look.font, int(h * 0.42), "bold"), tags="level")

    # --- input -----------------------------------------------------------------------------------
    def on_press(self, event) -> None:
        key, slot = hit(self.key_boxes, event.x, event.y), hit(self.slot_boxes, event.x, event.y)
        self.log.write("click", x=event.x, y=event.y, key=key, slot=slot)
        if self.busy or self.over or self.level is None:
            return
        lv = self.level
        if key is not None and key not in lv.slots and None in lv.slots:
            lv.slots[lv.slots.index(None)] = key
        elif slot is not None and lv.slots[slot] not in (None, -1):
            lv.slots[slot] = None
        self.draw()
        if None not in lv.slots:
            self.judge()

    def judge(self) -> None:
        lv = self.level
        word = lv.word()
        right = word == lv.answer
        self.log.write("attempt", word=word, right=right)
        self.busy = True
        if right:
            self.solved += 1
            self.canvas.itemconfigure(self.feedback, text="level done")
            self.draw(self.look.accepted)
            self.root.after(500, self.next_level)
        else:
            self.wrong += 1
            self.draw(self.look.refused)
            self.root.after(400, self.give_back)

    def give_back(self) -> None:
        if self.over:
            return
        self.level.slots = [k if k == -1 else None for k in self.level.slots]
        self.busy = False
        self.draw()

    def finish(self, reason: str) -> None:
        if self.over:
            self.root.destroy()
            return
        self.over = True
        self.canvas.delete("level")
        self.canvas.itemconfigure(self.feedback, text="Game over")
        self.summary = self.log.write("end", reason=reason, solved=self.solved, wrong=self.wrong,
                                      seconds=round(time.monotonic() - self.t0, 2))
        if reason == "closed":
            self.root.destroy()
        else:
            self.root.after(int(self.opts.linger * 1000), self.root.destroy)


def row_boxes(n: int, size: int, gap: int, y: int) -> list[Box]:
    """``n`` boxes of ``size`` in a row centred in the window."""
    x0 = (WIDTH - n * size - (n - 1) * gap) // 2
    return [(x0 + i * (size + gap), y, size, size) for i in range(n)]


def hit(boxes: list[Box], x: float, y: float) -> int | None:
    return next((i for i, (bx, by, w, h) in enumerate(boxes) if bx <= x < bx + w and by <= y < by + h), None)


def run_anagram(lex: Lexicon, log: GameLog, opts: AnagramOptions) -> dict:
    log.write("start", mode="anagram", lang=lex.lang, levels=opts.levels, duration=opts.duration,
              hints=opts.hints, rivals=opts.rivals, look=opts.look, seed=opts.seed)
    root = tk.Tk()
    app = AnagramApp(root, lex, log, opts)
    root.mainloop()
    return app.summary
