"""The simulated game's referee: which submissions count, and for how many points.

Kept apart from the windows so the rules are tested without a display.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from itertools import pairwise

from wordbot.games import game
from wordbot.lexicon import Lexicon
from wordbot.solver.grid import adjacent

Cell = tuple[int, int]


@dataclass(frozen=True)
class Verdict:
    word: str
    path: list[Cell] | None  # None: a typed word that cannot be traced on the board
    accepted: bool
    reason: str  # "ok", or why the game refused the word
    points: int = 0


@dataclass
class GridJudge:
    """A grid round: 8-neighbour paths, each tile once, dictionary words, each word once.

    ``exclude``: words the game's own dictionary lacks (the bot's lexicon may still have them);
    ``extra``: words it has beyond the lexicon (slang, names: what a whitelist learns).
    """

    tiles: list[str]
    rows: int
    cols: int
    lex: Lexicon
    min_len: int = 3
    rules: str = "wordsmania"
    exclude: frozenset[str] = frozenset()
    extra: frozenset[str] = frozenset()
    found: dict[str, int] = field(default_factory=dict)

    def submit(self, path: list[Cell]) -> Verdict:
        verdict = self.check(path)
        if verdict.accepted:
            self.found[verdict.word] = verdict.points
        return verdict

    def check(self, path: list[Cell]) -> Verdict:
        """The verdict ``path`` would get, without taking the word (what a held selection shows)."""
        word = "".join(self.tiles[r * self.cols + c] for r, c in path)
        reason = self._refusal(path, word)
        if reason:
            return Verdict(word, path, False, reason)
        points = int(game(self.rules, kind="grid").scoring.length_table(len(word))[len(word)])
        return Verdict(word, path, True, "ok", points)

    def submit_word(self, word: str) -> Verdict:
        """A typed word: taken when it can be traced on the board, judged as that path."""
        word = word.lower().replace("ё", "е")
        path = self.trace(word)
        if path is None:
            return Verdict(word, None, False, "not on the board")
        return self.submit(path)

    def trace(self, word: str) -> list[Cell] | None:
        """A path of 8-neighbour tiles, each used once, that spells ``word``; None when there is none."""
        cells = [divmod(i, self.cols) for i in range(len(self.tiles))]
        return next((p for cell in cells if (p := self._trace_from(cell, word, []))), None) if word else None

    def _trace_from(self, cell: Cell, rest: str, path: list[Cell]) -> list[Cell] | None:
        tile = self.tiles[cell[0] * self.cols + cell[1]]
        if cell in path or not tile or not rest.startswith(tile):
            return None
        path = [*path, cell]
        rest = rest[len(tile):]
        if not rest:
            return path
        r, c = cell
        steps = [(r + dr, c + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if dr or dc]
        return next((p for s in steps if 0 <= s[0] < self.rows and 0 <= s[1] < self.cols
                     and (p := self._trace_from(s, rest, path))), None)

    def _refusal(self, path: list[Cell], word: str) -> str:
        if len(set(path)) != len(path):
            return "tile used twice"
        if not all(adjacent(a, b) for a, b in pairwise(path)):
            return "tiles not adjacent"
        if len(word) < self.min_len:
            return "too short"
        if word in self.found:
            return "already found"
        if (word not in self.lex and word not in self.extra) or word in self.exclude:
            return "not a word"
        return ""

    @property
    def score(self) -> int:
        return sum(self.found.values())


@dataclass
class BaldaJudge:
    """A Balda game: one letter into an empty cell next to a filled one, then a word along
    orthogonal filled cells through it; each word once per game (the start word counts)."""

    board: list[list[str]]  # "" = empty
    lex: Lexicon
    used: set[str]
    min_len: int = 2
    knots: bool = False

    @classmethod
    def start(cls, word: str, size: int, lex: Lexicon, knots: bool = False) -> BaldaJudge:
        board = [[""] * size for _ in range(size)]
        board[size // 2] = list(word)
        return cls(board, lex, {word}, knots=knots)

    @property
    def size(self) -> int:
        return len(self.board)

    def rows_text(self) -> list[str]:
        """The board as Balda row strings ("." = empty), the form the move generator takes."""
        return ["".join(ch or "." for ch in row) for row in self.board]

    def can_place(self, cell: Cell) -> bool:
        r, c = cell
        if self.board[r][c]:
            return False
        return any(self._filled((r + dr, c + dc)) for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)))

    def full(self) -> bool:
        return all(all(row) for row in self.board)

    def play(self, cell: Cell, letter: str, path: list[Cell]) -> Verdict:
        letters = {cell: letter}
        word = "".join(letters.get(p) or self.board[p[0]][p[1]] for p in path)
        reason = self._refusal(cell, letter, path, word)
        if reason:
            return Verdict(word, path, False, reason)
        self.board[cell[0]][cell[1]] = letter
        self.used.add(word)
        return Verdict(word, path, True, "ok", len(word))

    def _refusal(self, cell: Cell, letter: str, path: list[Cell], word: str) -> str:
        if letter not in self.lex.alphabet.letters or len(letter) != 1:
            return "not a letter"
        if not self.can_place(cell):
            return "cell not playable"
        if cell not in path:
            return "word misses the new letter"
        if any(p != cell and not self._filled(p) for p in path):
            return "path crosses an empty cell"
        if any(abs(a[0] - b[0]) + abs(a[1] - b[1]) != 1 for a, b in pairwise(path)):
            return "cells not adjacent"
        if max(Counter(path).values()) > (2 if self.knots else 1):
            return "cell used too often"
        if len(word) < self.min_len:
            return "too short"
        if word in self.used:
            return "word already used"
        if word not in self.lex:
            return "not a word"
        return ""

    def _filled(self, p: Cell) -> bool:
        r, c = p
        return 0 <= r < self.size and 0 <= c < self.size and bool(self.board[r][c])
