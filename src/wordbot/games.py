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
    name: str
    kind: str  # "grid" | "balda" | "anagram"
    title: str
    min_len: int = 3
    adjacency: int = 8  # 8: king moves (grid games); 4: orthogonal (Balda)
    scoring: Scoring = field(default_factory=Scoring)
    input_style: str = "drag"  # how a word is entered: "drag" a path, or "tap" tiles then submit


GAMES: dict[str, Game] = {
    g.name: g
    for g in (
        Game("boggle", "grid", "Boggle", scoring=Scoring((0, 0, 0, 1, 1, 2, 3, 5, 11))),
        Game("wordhunt", "grid", "Word Hunt (GamePigeon)",
             scoring=Scoring((0, 0, 0, 100, 400, 800, 1400, 1800, 2200), extra_per_letter=400)),
        Game("wordsmania", "grid", "Wordsmania / Словомания", scoring=Scoring((0, 1), 1)),
        Game("wordament", "grid", "Wordament", scoring=Scoring(letter_values=True)),
        Game("ruzzle", "grid", "Ruzzle", scoring=Scoring(letter_values=True)),
        Game("balda", "balda", "Балда (classic)", min_len=2, adjacency=4, scoring=Scoring((0, 1), 1),
             input_style="tap"),
        Game("balda-knots", "balda", "Балда «узелки»", min_len=2, adjacency=4,
             scoring=Scoring((0, 1), 1), input_style="tap"),
        Game("anagram", "anagram", "4 Pics 1 Word / anagrams", min_len=1, input_style="tap"),
    )
}


def game(name: str, kind: str | None = None) -> Game:
    """The preset called ``name`` (of ``kind`` when given); WordbotError naming the choices."""
    choices = [g for g in GAMES.values() if kind is None or g.kind == kind]
    for g in choices:
        if g.name == name:
            return g
    names = ", ".join(g.name for g in choices)
    raise WordbotError(f"unknown game {name!r} (choose one of: {names})")
