"""Grid games (Boggle, Wordsmania, Word Hunt, Wordament, Ruzzle): every word on a board."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from wordbot.errors import WordbotError
from wordbot.games import BONUSES, Scoring, game
from wordbot.lexicon import Alphabet, Lexicon
from wordbot.solver.grid_kernel import score_batch, search
from wordbot.solver.tiles import Tile, parse_tile


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


def king_neighbours(rows: int, cols: int) -> tuple[np.ndarray, np.ndarray]:
    """CSR lists of the 8 neighbours of each tile, row-major."""
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
    return start, dst[order].astype(np.int32)


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
    vval = np.zeros(count, dtype=np.int32)
    vwmul = np.ones(count, dtype=np.int32)
    vtile = np.array([t for t, _, _ in spellings] + holes, dtype=np.int32)
    for v, (_, s, kind) in enumerate(spellings):
        vlet[v, : len(s)], vlen[v], vkind[v] = [alpha.code(ch) for ch in s], len(s), kind
    letter_sum = np.where(np.arange(width) < vlen[:, None], letter_value[vlet], 0).sum(axis=1)
    if bonuses:
        lmul, wmul = np.array([BONUSES[bonuses[t]] for t in vtile], dtype=np.int32).reshape(-1, 2).T
        vval[:], vwmul[:] = letter_sum * lmul, wmul
    else:
        vval[:] = letter_sum
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


def solve_grid(tiles: Sequence[str], rows: int, cols: int, lex: Lexicon, min_len: int = 3,
               rules: str = "boggle", bonuses: Sequence[str] | None = None) -> list[Found]:
    """Every dictionary word on the board, once, with a best-scoring path; best first.

    ``bonuses`` (letter-value games): per tile "", "DL", "TL", "DW" or "TW".
    Ties are ranked by word frequency: a common word is likelier to be in the game's dictionary.
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
    parsed = [parse_tile(t, alpha) for t in tiles]
    g = board_graph(parsed, rows, cols, alpha, scoring.letter_table(alpha), bonuses)
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
    steps = np.where(np.arange(max_len) < lengths[:, None], out_path[order], 0)
    cell = [divmod(t, cols) for t in range(rows * cols)]
    return [Found(word, list(map(cell.__getitem__, tiles[:n])), score)
            for word, tiles, n, score in zip(lex.words_at(ids[order]), g.vtile[steps].tolist(),
                                             lengths.tolist(), scores[order].tolist(), strict=True)]


def encode_boards(boards: Sequence[str], alpha: Alphabet) -> np.ndarray:
    """Boards written as strings of one-letter tiles -> int8 codes (n, len); -2 marks a foreign
    character. Vectorized over code points, for batches of millions of tiles."""
    joined = alpha.normalize("".join(boards))
    points = np.frombuffer(joined.encode("utf-32-le"), dtype=np.uint32)
    table = np.full(0x500, -2, dtype=np.int8)
    for code, ch in enumerate(alpha.letters):
        table[ord(ch)] = code
    codes = np.where(points < len(table), table[np.minimum(points, len(table) - 1)], -2)
    return codes.astype(np.int8).reshape(len(boards), -1)


def score_grids(boards, rows: int, cols: int, lex: Lexicon, min_len: int = 3,
                rules: str = "boggle") -> np.ndarray:
    """(distinct words, total points) of each board -> int64 array (n, 2).

    ``boards``: a list of tile sequences (as ``solve_grid`` takes) or of strings of one-letter
    tiles, or an int array (n, rows*cols) of letter codes (-1 for a hole): the fast path.
    """
    _check_shape(rows * cols, rows, cols, min_len)
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
    return score_batch(child0, mask, word_of, max_len, codes, start, nbr, min_len, len_score,
                       scoring.letter_table(lex.alphabet), len(lex))


def _single_letter_codes(boards, rows: int, cols: int, alpha: Alphabet) -> np.ndarray | None:
    flat = ["".join(b) for b in boards]
    if any(len(b) != rows * cols for b in flat) or any(len(t) != 1 for b in boards for t in b):
        if any(len(b) != rows * cols for b in boards):
            raise WordbotError(f"every board needs {rows * cols} tiles")
        return None
    return encode_boards(flat, alpha) if flat else np.zeros((0, rows * cols), dtype=np.int8)


def _totals(found: list[Found]) -> tuple[int, int]:
    return len(found), sum(f.score for f in found)
