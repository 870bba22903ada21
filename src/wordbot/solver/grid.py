"""Grid games (Boggle, Wordsmania, Word Hunt, Wordament, Ruzzle): every word on a board."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from wordbot.errors import WordbotError
from wordbot.games import BONUSES, Scoring, game
from wordbot.lexicon import Alphabet, Lexicon
from wordbot.solver.grid_kernel import score_batch, score_batch_parallel, search
from wordbot.solver.tiles import Tile, encode_text, parse_tile


@dataclass(slots=True)
class Found:
    word: str
    path: list[tuple[int, int]]
    score: int


@dataclass(frozen=True)
class BoardGraph:
    """A board as the kernel sees it: vertices (tile spellings) and their neighbour lists."""

    vlet: np.ndarray  # int8[V, K] letter codes of each vertex's spelling
    vlen: np.ndarray  # int8[V] letters in the spelling (0: hole)
    vkind: np.ndarray  # int8[V] ANY / PREFIX / SUFFIX
    vtile: np.ndarray  # int32[V] tile index of the vertex
    vval: np.ndarray  # int32[V] letter values times the tile's letter multiplier
    vwmul: np.ndarray  # int32[V] the tile's word multiplier
    nbr_start: np.ndarray  # int32[V+1]
    nbr: np.ndarray  # int32[E]


@functools.lru_cache(maxsize=16)
def adjacent(a: tuple[int, int], b: tuple[int, int]) -> bool:
    """Tiles that touch by a side or a corner: a grid word's next letter (as ``king_neighbours``)."""
    return max(abs(a[0] - b[0]), abs(a[1] - b[1])) == 1


def king_neighbours(rows: int, cols: int) -> tuple[np.ndarray, np.ndarray]:
    """CSR lists of the 8 neighbours of each tile, row-major (read-only: shared between calls)."""
    r, c = np.divmod(np.arange(rows * cols), cols)
    src, dst = [], []
    for dr, dc in ((-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)):
        ok = (r + dr >= 0) & (r + dr < rows) & (c + dc >= 0) & (c + dc < cols)
        src.append(np.nonzero(ok)[0])
        dst.append((r[ok] + dr) * cols + c[ok] + dc)
    src, dst = np.concatenate(src), np.concatenate(dst)
    order = np.argsort(src, kind="stable")
    start = np.zeros(rows * cols + 1, dtype=np.int32)
    np.cumsum(np.bincount(src, minlength=rows * cols), out=start[1:])
    nbr = dst[order].astype(np.int32)
    start.setflags(write=False)
    nbr.setflags(write=False)
    return start, nbr


def _values(letter_sum: np.ndarray, vtile: np.ndarray, bonuses: Sequence[str] | None):
    """Each vertex's letter value (times its tile's letter multiplier) and word multiplier."""
    if not bonuses:
        return letter_sum.astype(np.int32), np.ones(len(vtile), dtype=np.int32)
    lmul, wmul = np.array([BONUSES[bonuses[t]] for t in vtile.tolist()], dtype=np.int32).reshape(-1, 2).T
    return (letter_sum * lmul).astype(np.int32), np.ascontiguousarray(wmul)


def letter_graph(codes: np.ndarray, rows: int, cols: int, letter_value: np.ndarray,
                 bonuses: Sequence[str] | None = None) -> BoardGraph:
    """``board_graph`` of a board of one-letter tiles given as codes (-1: hole), vectorized: the
    usual board, and the only kind big enough (100x100) for building the graph to matter."""
    start, nbr = king_neighbours(rows, cols)
    letter = codes >= 0
    vlet = np.where(letter, codes, 0).astype(np.int8).reshape(-1, 1)
    vtile = np.arange(rows * cols, dtype=np.int32)
    vval, vwmul = _values(np.where(letter, letter_value[vlet[:, 0]], 0), vtile, bonuses)
    return BoardGraph(vlet, letter.astype(np.int8), np.zeros(len(codes), dtype=np.int8), vtile, vval,
                      vwmul, start, nbr)


def board_graph(tiles: Sequence[Tile | None], rows: int, cols: int, alpha: Alphabet,
                letter_value: np.ndarray, bonuses: Sequence[str] | None = None) -> BoardGraph:
    start, nbr = king_neighbours(rows, cols)
    spellings = [(t, s, tile.kind) for t, tile in enumerate(tiles) if tile for s in tile.spellings]
    holes = [t for t, tile in enumerate(tiles) if tile is None]
    width = max((len(s) for _, s, _ in spellings), default=1)
    count = len(spellings) + len(holes)
    vlet = np.zeros((count, width), dtype=np.int8)
    vlen = np.zeros(count, dtype=np.int8)
    vkind = np.zeros(count, dtype=np.int8)
    vtile = np.array([t for t, _, _ in spellings] + holes, dtype=np.int32)
    for v, (_, s, kind) in enumerate(spellings):
        vlet[v, : len(s)], vlen[v], vkind[v] = [alpha.code(ch) for ch in s], len(s), kind
    letter_sum = np.where(np.arange(width) < vlen[:, None], letter_value[vlet], 0).sum(axis=1)
    vval, vwmul = _values(letter_sum, vtile, bonuses)
    if count == rows * cols:  # one vertex per tile: the tile graph is the vertex graph
        order = np.argsort(vtile, kind="stable")
        return BoardGraph(vlet[order], vlen[order], vkind[order], vtile[order], vval[order],
                          vwmul[order], start, nbr)
    by_tile = [np.nonzero(vtile == t)[0] for t in range(rows * cols)]
    lists = [[v for u in nbr[start[t] : start[t + 1]] for v in by_tile[u]] for t in vtile]
    vstart = np.zeros(count + 1, dtype=np.int32)
    np.cumsum([len(x) for x in lists], out=vstart[1:])
    vnbr = np.array([v for x in lists for v in x], dtype=np.int32)
    return BoardGraph(vlet, vlen, vkind, vtile, vval, vwmul, vstart, vnbr)


def _check_shape(count: int, rows: int, cols: int, min_len: int) -> None:
    if rows <= 0 or cols <= 0:
        raise WordbotError(f"rows and cols must be positive (got {rows}x{cols})")
    if count != rows * cols:
        raise WordbotError(f"got {count} tiles, expected {rows}x{cols}={rows * cols}")
    if min_len < 1:
        raise WordbotError(f"min_len must be at least 1 (got {min_len})")


def _kernel_args(lex: Lexicon, scoring: Scoring):
    t = lex.trie
    return t.child0, t.mask, t.word_of, lex.max_len, scoring.length_table(lex.max_len)


class FoundWords(Sequence[Found]):
    """``solve_grid``'s words, best first: the kernel's arrays, each ``Found`` built when read (a
    100x100 board has about 10,000 words, and building them all would cost as much as the search).
    Iterating builds them all in one vectorized pass."""

    def __init__(self, lex: Lexicon, ids: np.ndarray, scores: np.ndarray, tiles: np.ndarray,
                 lengths: np.ndarray, cols: int):
        # ids, scores, lengths: (n,); tiles: (n, longest path) tile indices; all ranked best first
        self._lex, self._ids, self._scores, self._tiles, self._lengths = lex, ids, scores, tiles, lengths
        self._cols = cols

    def __len__(self) -> int:
        return len(self._ids)

    @property
    def scores(self) -> np.ndarray:
        """Each word's score, as an array (best first)."""
        return self._scores

    def __getitem__(self, i):
        if isinstance(i, slice):
            return list(self._build(i))
        k = range(len(self))[i]  # negative indices; IndexError past the end
        return next(self._build(slice(k, k + 1)))

    def __iter__(self):
        return self._build(slice(None))

    @functools.cached_property
    def _cells(self) -> list[tuple[int, int]]:
        """(row, col) of each tile a path may use: looked up, not computed, per step of a path."""
        return [divmod(t, self._cols) for t in range(int(self._tiles.max(initial=0)) + 1)]

    def _build(self, sel: slice):
        cell = self._cells
        words = self._lex.words_at(self._ids[sel])
        for word, path, n, score in zip(words, self._tiles[sel].tolist(), self._lengths[sel].tolist(),
                                        self._scores[sel].tolist(), strict=True):
            yield Found(word, list(map(cell.__getitem__, path[:n])), score)

    def __eq__(self, other) -> bool:
        """Equal to a list (or another result) of the same words, paths and scores, in order."""
        if isinstance(other, list | FoundWords):
            return len(self) == len(other) and list(self) == list(other)
        return NotImplemented  # (defining __eq__ makes it unhashable, as a list is)

    def __repr__(self) -> str:
        return f"FoundWords({len(self)} words)"


def letter_codes(tiles: Sequence[str], alpha: Alphabet) -> np.ndarray | None:
    """Codes of a board whose tiles are all single letters or holes ("", ".", "_": -1), encoded in
    one vectorized pass; None for any other board (``parse_tile`` then reads it tile by tile, and
    names a bad tile)."""
    if any(len(t) > 1 for t in tiles):
        return None
    codes = encode_boards(["".join(t or "." for t in tiles)], alpha, holes="._")
    if codes.shape[1] != len(tiles) or (codes < -1).any():
        return None
    return codes[0]


def solve_grid(tiles: Sequence[str], rows: int, cols: int, lex: Lexicon, min_len: int = 3,
               rules: str = "boggle", bonuses: Sequence[str] | None = None) -> FoundWords:
    """Every dictionary word on the board, once, with a best-scoring path; best first.

    ``bonuses`` (letter-value games): per tile "", "DL", "TL", "DW" or "TW".
    Ties are ranked by word frequency: a common word is likelier to be in the game's dictionary.
    Returns a sequence of ``Found`` (``len``, indexing, slicing, iteration), built as read.
    """
    _check_shape(len(tiles), rows, cols, min_len)
    if bonuses is not None:
        if len(bonuses) != rows * cols:
            raise WordbotError(f"got {len(bonuses)} bonuses, expected {rows * cols}")
        bad = [b for b in bonuses if b not in BONUSES]
        if bad:
            raise WordbotError(f"unknown bonus {bad[0]!r} (choose DL, TL, DW, TW)")
    scoring = game(rules, kind="grid").scoring
    alpha = lex.alphabet
    codes = letter_codes(tiles, alpha)
    if codes is not None:
        g = letter_graph(codes, rows, cols, scoring.letter_table(alpha), bonuses)
    else:
        g = board_graph([parse_tile(t, alpha) for t in tiles], rows, cols, alpha, scoring.letter_table(alpha),
                        bonuses)
    child0, mask, word_of, max_len, len_score = _kernel_args(lex, scoring)
    n = len(lex)
    out_word, out_score = np.empty(n, dtype=np.int32), np.empty(n, dtype=np.int32)
    out_path, out_plen = np.empty((n, max_len), dtype=np.int32), np.empty(n, dtype=np.int32)
    found = search(child0, mask, word_of, max_len, g.vlet, g.vlen, g.vkind, g.vtile, g.vval,
                   g.vwmul, g.nbr_start, g.nbr, rows * cols, min_len, len_score,
                   np.zeros(n, dtype=np.int32), np.zeros(n, dtype=np.int32), 1, out_word,
                   out_score, out_path, out_plen, True)
    ids, scores = out_word[:found], out_score[:found]
    order = np.lexsort((ids, -lex.freq[ids], -scores))
    lengths = out_plen[order]
    steps = np.where(np.arange(max_len) < lengths[:, None], out_path[order], 0)  # past the end: unset
    return FoundWords(lex, ids[order], scores[order], g.vtile[steps], lengths, cols)


def encode_boards(boards: Sequence[str], alpha: Alphabet, holes: str = "") -> np.ndarray:
    """Boards written as strings of one-letter tiles -> int8 codes (n, len); -2 marks a foreign
    character, -1 one of ``holes``. Vectorized over code points, for batches of millions of tiles."""
    return encode_text(alpha.normalize("".join(boards)), alpha, holes).reshape(len(boards), -1)


def score_grids(boards, rows: int, cols: int, lex: Lexicon, min_len: int = 3,
                rules: str = "boggle", threads: int | None = None) -> np.ndarray:
    """(distinct words, total points) of each board -> int64 array (n, 2).

    ``boards``: a list of tile sequences (as ``solve_grid`` takes) or of strings of one-letter
    tiles, or an int array (n, rows*cols) of letter codes (-1 for a hole): the fast path, which
    runs on ``threads`` cores (None: numba's thread count, every core unless NUMBA_NUM_THREADS
    says otherwise).
    """
    _check_shape(rows * cols, rows, cols, min_len)
    if threads is not None and threads < 1:
        raise WordbotError(f"threads must be at least 1 (got {threads})")
    scoring = game(rules, kind="grid").scoring
    codes = boards if isinstance(boards, np.ndarray) else _single_letter_codes(boards, rows, cols,
                                                                               lex.alphabet)
    if codes is None:  # special tiles: board by board through the general path
        return np.array([_totals(solve_grid(list(b), rows, cols, lex, min_len, rules))
                         for b in boards], dtype=np.int64).reshape(-1, 2)
    codes = np.asarray(codes)  # checked before the cast to int8, where 256 would wrap to a letter
    if codes.size and (codes.dtype.kind not in "iu" or (codes < -1).any()
                       or (codes >= lex.alphabet.size).any()):
        raise WordbotError(f"a board has a character outside the {lex.lang} alphabet")
    codes = np.ascontiguousarray(codes, dtype=np.int8).reshape(len(codes), -1)
    if codes.shape[1] != rows * cols:
        raise WordbotError(f"boards have {codes.shape[1]} tiles, expected {rows * cols}")
    start, nbr = king_neighbours(rows, cols)
    child0, mask, word_of, max_len, len_score = _kernel_args(lex, scoring)
    args = (child0, mask, word_of, max_len, codes, start, nbr, min_len, len_score,
            scoring.letter_table(lex.alphabet), len(lex))
    parts = _parts(len(codes), rows * cols, threads)
    return score_batch(*args) if parts == 1 else score_batch_parallel(*args, parts)


PARALLEL_TILES = 2_000  # below this many tiles in a batch, starting threads costs more than it saves


def _parts(boards: int, tiles: int, threads: int | None) -> int:
    """How many ranges to score at once: one per thread, never more than the boards."""
    if threads is None:
        import numba

        threads = numba.get_num_threads()
    return 1 if boards * tiles < PARALLEL_TILES else max(1, min(threads, boards))


def _single_letter_codes(boards, rows: int, cols: int, alpha: Alphabet) -> np.ndarray | None:
    flat = ["".join(b) for b in boards]
    if any(len(b) != rows * cols for b in flat) or any(len(t) != 1 for b in boards for t in b):
        if any(len(b) != rows * cols for b in boards):
            raise WordbotError(f"every board needs {rows * cols} tiles")
        return None
    return encode_boards(flat, alpha) if flat else np.zeros((0, rows * cols), dtype=np.int8)


def _totals(found: FoundWords) -> tuple[int, int]:
    return len(found), int(found.scores.sum())
