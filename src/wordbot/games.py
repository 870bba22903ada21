"""Game presets as data: a new game is an entry here, not a new module."""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from wordbot.errors import WordbotError
from wordbot.lexicon.alphabet import Alphabet

# Scrabble letter values (English; Russian Scrabble / «Эрудит»), used by letter-value games.
LETTER_VALUES = {
    "en": dict(zip("abcdefghijklmnopqrstuvwxyz",
                   [1, 3, 3, 2, 1, 4, 2, 4, 1, 8, 5, 1, 3, 1, 1, 3, 10, 1, 1, 1, 1, 4, 4, 8, 4, 10],
                   strict=True)),
    "ru": dict(zip("абвгдежзийклмнопрстуфхцчшщъыьэюя",
                   [1, 3, 1, 3, 2, 1, 5, 5, 1, 4, 2, 2, 2, 1, 1, 2, 1, 1, 1, 2, 10, 5, 5, 5, 8, 10,
                    10, 4, 3, 8, 8, 3], strict=True)),
}
BONUSES = {"": (1, 1), "DL": (2, 1), "TL": (3, 1), "DW": (1, 2), "TW": (1, 3)}


@dataclass(frozen=True)
class Scoring:
    """Points of a word: a table by length in letters (then ``extra_per_letter`` for each letter
    past its end) plus, in letter-value games, the letter values times tile multipliers, times the
    word multipliers of the path."""

    by_length: tuple[int, ...] = (0,)
    extra_per_letter: int = 0
    letter_values: bool = False

    def length_table(self, max_len: int) -> np.ndarray:
        table = np.zeros(max_len + 1, dtype=np.int32)
        last = len(self.by_length) - 1
        for n in range(max_len + 1):
            if n <= last:
                table[n] = self.by_length[n]
            else:
                table[n] = self.by_length[last] + self.extra_per_letter * (n - last)
        return table

    def letter_table(self, alpha: Alphabet) -> np.ndarray:
        values = LETTER_VALUES[alpha.lang] if self.letter_values else {}
        return np.array([values.get(ch, 0) for ch in alpha.letters], dtype=np.int32)


@dataclass(frozen=True)
class Game:
    """A game's rules: what kind of game, the shortest word it takes, how words score."""

    name: str
    kind: str  # "grid" | "balda" | "anagram"
    min_len: int = 3
    scoring: Scoring = field(default_factory=Scoring)


GAMES: dict[str, Game] = {
    g.name: g
    for g in (
        Game("boggle", "grid", scoring=Scoring((0, 0, 0, 1, 1, 2, 3, 5, 11))),
        Game("wordhunt", "grid",
             scoring=Scoring((0, 0, 0, 100, 400, 800, 1400, 1800, 2200), extra_per_letter=400)),
        Game("wordsmania", "grid", scoring=Scoring((0, 1), 1)),
        Game("wordament", "grid", scoring=Scoring(letter_values=True)),
        Game("ruzzle", "grid", scoring=Scoring(letter_values=True)),
        Game("balda", "balda", min_len=2, scoring=Scoring((0, 1), 1)),
        Game("balda-knots", "balda", min_len=2, scoring=Scoring((0, 1), 1)),
        Game("anagram", "anagram", min_len=1),
    )
}

INPUT_STYLES = ("drag", "click", "type")  # a path dragged; cells clicked then confirmed; typed + Enter
CONFIRMS = ("last", "enter", "button")  # how a clicked path is submitted
RETAPS = ("keeps", "undoes")  # what a click game sent by Return or a button does with a tap on the
# word's last tile: nothing, or takes the tile back
PACES = {"fast": (0.02, 0.017, 0.015, 0.03), "normal": (0.03, 0.03, 0.02, 0.05),
         "human": (0.08, 0.05, 0.05, 0.3)}  # settle, step, hold, between (wordbot.act.Pacing)
RGB = tuple[int, int, int]
LOOK = 10  # values in a cell's look as the live loop compares cells: fill, rim and ink, RGB each, and
# the share a mark drawn over it covers


@dataclass
class InputSpec:
    """How the game takes a word. ``style`` "" means not known yet: the first word finds it."""

    style: str = ""
    confirm: str = ""  # click style: click the last cell again, press Enter, or a button ("": find it)
    button: tuple[int, int, int, int] | None = None  # the confirm button's box in the window
    retap: str = ""  # RETAPS, learned with the confirm ("": not known; a tap shown late is not tapped
    # again, as a second tap could take it back)
    pace: str = "normal"
    jitter: float = 0.0  # pixels of random offset per cell (human-like)


BALDA_ENTRIES = ("button", "enter", "drag")  # after the cell, the key and the word's cells: how it is sent


@dataclass
class BaldaSpec:
    """How a Balda game takes a move and whether anyone replies. ``entry`` "" and ``opponent`` None
    mean not known yet: the first move finds them. ``entry``: tap the word's cells, then a button
    (``button``, its box in the window, or one of colour ``button_rgb`` found below the keyboard) or
    Return; or drag across them (the release sends the word)."""

    entry: str = ""
    button: tuple[int, int, int, int] | None = None
    button_rgb: RGB | None = None
    opponent: bool | None = None  # False: practice mode, nobody replies


@dataclass
class Signature:
    """What a game shows in reply to a word: the path's look (``LOOK`` values) while the button is
    still held and after release (None: unchanged), and marks where the window changed outside the board
    ("above:1" = above the board, about one tile pitch from it)."""

    held: tuple[int, ...] | None = None
    flash: tuple[int, ...] | None = None
    marks: tuple[str, ...] = ()
    unsure: tuple[str, ...] = ()  # places where the last reply was still changing as the word was
    # sent (a message fading): a change there tells nothing about this word, either way
    text: str | None = None  # what the reply said, its word and numbers left out (``play.message``):
    # read only where the window changes alike for every word (None: not read)

    @property
    def empty(self) -> bool:
        return self.held is None and self.flash is None and not self.marks


@dataclass
class FeedbackSpec:
    """The game's replies as learned from the first words of a round (or set by hand)."""

    accepted: Signature | None = None  # what an accepted word looks like
    min_marks: int = 0  # outside changes every accepted word showed (a message alone is not one)
    highlight: bool | None = None  # whether the game colours the cells of a word being entered
    latency: float | None = None  # seconds from release to the reply, slowest seen
    silent: bool = False  # the game shows nothing at all: words are sent, never confirmed
    score: tuple[int, int, int, int] | None = None  # where the game's score is (x, y, w, h in the
    # window): the number that grew on each of the first accepted words
    echo: tuple[int, int, int, int] | None = None  # where the game spells the word being dragged,
    # outside the board (x, y, w, h in the window), in a game whose tiles show no selection


@dataclass
class RoundSpec:
    duration: float = 120.0  # seconds; the round also ends when the screen says so


def game(name: str, kind: str | None = None) -> Game:
    """The preset called ``name`` (of ``kind`` when given); WordbotError naming the choices."""
    choices = [g for g in GAMES.values() if kind is None or g.kind == kind]
    for g in choices:
        if g.name == name:
            return g
    names = ", ".join(g.name for g in choices)
    raise WordbotError(f"unknown game {name!r} (choose one of: {names})")
