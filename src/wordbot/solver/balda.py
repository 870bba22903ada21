"""Balda: every move of a position (classic or «узелки»), ranked; local search and trap check; the
moves after a move derived from those before it (incremental search)."""

from __future__ import annotations

import functools
import threading
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np

from wordbot.errors import WordbotError
from wordbot.lexicon import Lexicon
from wordbot.solver.balda_kernel import merge_after_move, move_keys, rank_moves, search, through_search
from wordbot.solver.gaddag import gaddag
from wordbot.solver.tiles import encode_text

MODES = {"classic": 1, "knots": 2}  # how many times a path may use one cell
EMPTY = "."


@dataclass(frozen=True)
class Move:
    cell: tuple[int, int]
    letter: str
    word: str
    path: list[tuple[int, int]]
    score: int


@dataclass(frozen=True)
class Position:
    """A board as the kernel takes it: letter codes row-major, -1 for an empty cell."""

    rows: int
    cols: int
    codes: np.ndarray  # int8[rows * cols]

    def index(self, rc: tuple[int, int], option: str) -> int:
        r, c = rc
        if not (0 <= r < self.rows and 0 <= c < self.cols):
            raise WordbotError(f"{option} {r},{c} is outside the {self.rows}x{self.cols} board")
        return r * self.cols + c


def parse_board(board: Sequence[str] | str, lex: Lexicon) -> Position:
    """Rows of letters, "." for an empty cell (a string is split into lines; blank lines ignored)."""
    lines = board.splitlines() if isinstance(board, str) else list(board)
    alpha = lex.alphabet
    rows = [alpha.normalize(line) for line in lines]
    rows = [r for r in rows if r]
    if not rows:
        raise WordbotError("the board is empty")
    cols = len(rows[0])
    for i, row in enumerate(rows):
        if len(row) != cols:
            raise WordbotError(f"board row {i + 1} has {len(row)} cells, row 1 has {cols}")
    codes = encode_text("".join(rows), alpha, holes=EMPTY)
    if (codes == -2).any():
        i = int(np.argmax(codes == -2))
        raise WordbotError(f"board row {i // cols + 1}: {rows[i // cols][i % cols]!r} is neither a "
                           f"{lex.lang} letter nor '.'")
    if (codes < 0).all():
        raise WordbotError("the board has no letters (a Balda game starts with a word)")
    return Position(len(rows), cols, codes)


def knots_cap(mode: str) -> int:
    try:
        return MODES[mode]
    except KeyError:
        raise WordbotError(f"unknown Balda mode {mode!r} (choose classic or knots)") from None


def banned_words(lex: Lexicon, used: Iterable[str]) -> np.ndarray:
    """Words already played (the starting word included, when the caller lists it); one string is
    taken as comma-separated words (as ``--used``), not as single letters."""
    if isinstance(used, str):
        used = used.split(",")
    banned = np.zeros(len(lex), dtype=np.bool_)
    for w in used:
        i = lex.index(w)
        if i >= 0:
            banned[i] = True
    return banned


@dataclass(frozen=True)
class Ranks:
    """Per-lexicon ranking keys, computed once: letters by how often they occur in the lexicon
    (a rare letter is the better one to place), words by frequency (a common word is likelier to
    be in the game's dictionary)."""

    letter_commonness: np.ndarray  # occurrences of each letter in the word list
    letter: np.ndarray  # int64: the letter's rank (rarest first) times len(lex)
    word: np.ndarray  # int64: (max_len - length) * letters * len(lex) + the word's rank (commonest
    # first, then alphabetical), so that word[w] + letter[x] orders moves by length, letter, word
    max_len: int  # the longest word (Lexicon.max_len recomputes it on every access)


_RANKS: dict[str, Ranks] = {}


def _ranks(lex: Lexicon) -> Ranks:
    if lex.key not in _RANKS:
        common = np.bincount(lex.codes, minlength=lex.alphabet.size)
        letter = np.empty(len(common), dtype=np.int64)
        letter[np.argsort(common, kind="stable")] = np.arange(len(common))
        word = np.empty(len(lex), dtype=np.int64)
        word[np.lexsort((np.arange(len(lex)), -lex.freq))] = np.arange(len(lex))
        longest = lex.max_len
        word += (longest - lex.lengths).astype(np.int64) * len(common) * len(lex)
        _RANKS[lex.key] = Ranks(common, letter * len(lex), word, longest)
    return _RANKS[lex.key]


_GRAPHS: dict[str, tuple] = {}


def _graphs(lex: Lexicon) -> tuple:
    """The kernels' lexicon arguments: forward trie, reversed-prefix graph, longest word."""
    if lex.key not in _GRAPHS:
        g, t = gaddag(lex), lex.trie
        _GRAPHS[lex.key] = (t.child0, t.mask, t.word_of, g.rchild0, g.rmask, g.rsep, _ranks(lex).max_len)
    return _GRAPHS[lex.key]


def letter_commonness(lex: Lexicon) -> np.ndarray:
    return _ranks(lex).letter_commonness


class _Stamps(threading.local):
    """The kernel's per-word stamps, reused call after call (zeroing 2x60k words costs more than
    a 9x9 search's Python side); one set per thread and lexicon."""

    def __init__(self):
        self.by_key: dict[str, list] = {}

    def take(self, lex: Lexicon, cells: int) -> tuple[np.ndarray, np.ndarray, int]:
        if lex.key not in self.by_key or self.by_key[lex.key][2] > 1 << 30:
            self.by_key[lex.key] = [np.zeros(len(lex), np.int32), np.zeros(len(lex), np.uint32), 1]
        entry = self.by_key[lex.key]
        mark = entry[2]
        entry[2] += cells
        return entry[0], entry[1], mark


_STAMPS = _Stamps()


@dataclass(frozen=True)
class RawMoves:
    """The kernel's output, unranked: cell index, letter code, word index, path, path length."""

    cell: np.ndarray
    letter: np.ndarray
    word: np.ndarray
    path: np.ndarray
    plen: np.ndarray


def empty_moves(lex: Lexicon, room: int) -> RawMoves:
    """Output arrays for the kernels, room for ``room`` moves."""
    return RawMoves(np.empty(room, np.int32), np.empty(room, np.int32), np.empty(room, np.int32),
                    np.empty((room, _ranks(lex).max_len + 1), np.int32), np.empty(room, np.int32))


def _grow(lex: Lexicon, run) -> RawMoves:
    """Call ``run(out)`` (a kernel writing into ``out``, returning its move count) with output
    arrays grown until a position's moves all fit."""
    room = 1024
    while True:
        out = empty_moves(lex, room)
        n = run(out)
        if n <= room:
            return RawMoves(out.cell[:n], out.letter[:n], out.word[:n], out.path[:n], out.plen[:n])
        room = int(n)


def find_moves(pos: Position, lex: Lexicon, cap: int, cells: np.ndarray, min_len: int,
               banned: np.ndarray) -> RawMoves:
    """Every move into ``cells``, once each."""
    graphs = _graphs(lex)

    def run(out: RawMoves) -> int:
        seen, seen_x, mark = _STAMPS.take(lex, len(cells))
        return search(*graphs, pos.codes, pos.rows, pos.cols, cells, cap, min_len, banned, seen, seen_x,
                      mark, out.cell, out.letter, out.word, out.path, out.plen)

    return _grow(lex, run)


def through_into(pos: Position, lex: Lexicon, cap: int, anchor: int, min_len: int, banned: np.ndarray,
                 out: RawMoves) -> int:
    """Every move whose word uses filled cell ``anchor``, searched from that cell alone, into
    ``out``; a move may repeat (``rank`` keeps one). Returns the count: more than ``out`` holds means
    call again with more room."""
    return through_search(*_graphs(lex), pos.codes, pos.rows, pos.cols, cap, anchor, min_len, banned,
                          out.cell, out.letter, out.word, out.path, out.plen)


def moves_through(pos: Position, lex: Lexicon, cap: int, anchor: int, min_len: int,
                  banned: np.ndarray) -> RawMoves:
    """``through_into``'s moves, in arrays of their own."""
    return _grow(lex, functools.partial(through_into, pos, lex, cap, anchor, min_len, banned))


def _neighbours(pos: Position, cell: int) -> np.ndarray:
    r, c = divmod(cell, pos.cols)
    return np.array([(r + dr) * pos.cols + c + dc for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
                     if 0 <= r + dr < pos.rows and 0 <= c + dc < pos.cols], dtype=np.int32)


def after_move(raw: RawMoves, pos: Position, lex: Lexicon, cap: int, cell: int, word: int, min_len: int,
               banned: np.ndarray) -> RawMoves:
    """The moves of ``pos`` just after the move into ``cell`` spelling ``word``, from ``raw``, the
    moves before it (``banned`` is the old ban plus ``word``): filled cells never change, so an old
    move stays legal unless its cell got filled or its word got used, and a new word must use the
    new letter. Ranked best first; one path per move, the old one when both lists have it. Paths
    are carried only when ``raw`` has them (a caller that never reads them passes zero columns)."""
    new = moves_through(pos, lex, cap, cell, min_len, banned)
    if min_len < 2:  # a one-letter word in a cell the new letter made playable does not use it
        more = find_moves(pos, lex, cap, _neighbours(pos, cell), min_len, banned)
        new = RawMoves(*(np.concatenate((getattr(new, f), getattr(more, f)))
                         for f in ("cell", "letter", "word", "path", "plen")))
    r = _ranks(lex)
    merged = merge_after_move(raw.cell, raw.letter, raw.word, raw.path, raw.plen, cell, word, new.cell,
                              new.letter, new.word, new.path, new.plen, r.word, r.letter, pos.rows * pos.cols)
    return RawMoves(*merged)


class Moves(Sequence[Move]):
    """Ranked moves, built into ``Move`` objects only when accessed."""

    def __init__(self, raw: RawMoves, order: np.ndarray, lex: Lexicon, cols: int):
        self._raw, self._order, self._lex, self._cols = raw, order, lex, cols

    def __len__(self) -> int:
        return len(self._order)

    def __getitem__(self, i):
        if isinstance(i, slice):
            return [self[k] for k in range(*i.indices(len(self)))]
        k = int(self._order[i])
        raw, cols = self._raw, self._cols
        path = [divmod(int(p), cols) for p in raw.path[k, : raw.plen[k]]]
        word = self._lex.word(int(raw.word[k]))
        return Move(divmod(int(raw.cell[k]), cols), self._lex.alphabet.letters[raw.letter[k]], word,
                    path, len(word))

    def __repr__(self) -> str:
        return f"Moves({len(self)} moves)"


def rank_keys(raw: RawMoves, lex: Lexicon, cells: int) -> np.ndarray:
    """Ranking keys, lowest best, one per (cell, letter, word) for cells below ``cells`` (see
    ``rank``)."""
    r = _ranks(lex)
    return move_keys(raw.cell, raw.letter, raw.word, r.word, r.letter, cells)


def rank(raw: RawMoves, lex: Lexicon) -> np.ndarray:
    """The order of ``raw``'s moves, best first, each (cell, letter, word) once, the first found
    (``moves_through`` reports a move once per path): longest word first; ties: the rarer placed
    letter, then the commoner word (likelier to be in the game's dictionary), then the cell."""
    r = _ranks(lex)
    return rank_moves(raw.cell, raw.letter, raw.word, r.word, r.letter)


def balda_moves(board, lex: Lexicon, mode: str = "classic", used: Iterable[str] = (),
                cell: tuple[int, int] | None = None, through: tuple[int, int] | None = None,
                min_len: int = 2) -> Moves:
    """Every move of the position, best first.

    ``cell``: only moves into that empty cell (local search). ``through``: only words whose path
    uses that filled cell (trap check: what can be made through a letter).
    """
    cap = knots_cap(mode)
    if min_len < 1:
        raise WordbotError(f"min_len must be at least 1 (got {min_len})")
    pos = parse_board(board, lex)
    e = -1 if cell is None else pos.index(cell, "cell")
    if e >= 0 and pos.codes[e] >= 0:
        raise WordbotError(f"cell {cell[0]},{cell[1]} is not empty")
    banned = banned_words(lex, used)
    if through is None:
        cells = np.nonzero(pos.codes < 0)[0] if e < 0 else np.array([e])
        raw = find_moves(pos, lex, cap, cells.astype(np.int32), min_len, banned)
        return Moves(raw, rank(raw, lex), lex, pos.cols)
    t = pos.index(through, "through cell")
    if pos.codes[t] < 0:
        raise WordbotError(f"through cell {through[0]},{through[1]} is empty (it needs a letter)")
    raw = moves_through(pos, lex, cap, t, min_len, banned)  # a one-letter word never uses a filled cell
    order = rank(raw, lex)
    return Moves(raw, order if e < 0 else order[raw.cell[order] == e], lex, pos.cols)
