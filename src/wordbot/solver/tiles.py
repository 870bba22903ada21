"""Tiles of a grid board: plain letters, multi-letter (``qu``), prefix-only (``re-``),
suffix-only (``-ing``), either/or (``a/e``), and holes (``""``)."""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

import numpy as np

from wordbot.errors import WordbotError
from wordbot.lexicon.alphabet import Alphabet

ANY, PREFIX, SUFFIX = 0, 1, 2  # where in a word a tile may stand: anywhere, first only, last only
MAX_TILE = 16  # letters in one spelling of a tile (stored as int8; real games show up to 4)


@dataclass(frozen=True)
class Tile:
    spellings: tuple[str, ...]  # one per either/or alternative, each one or more letters
    kind: int = ANY


@functools.lru_cache(maxsize=4096)
def parse_tile(text: str, alpha: Alphabet) -> Tile | None:
    """One tile's text as in the API (``"qu"``, ``"re-"``, ``"-ing"``, ``"a/e"``); None for a hole."""
    raw = alpha.normalize(text)
    if raw in ("", ".", "_"):
        return None
    kind = ANY
    if len(raw) > 1 and raw.endswith("-"):
        kind, raw = PREFIX, raw[:-1]
    elif len(raw) > 1 and raw.startswith("-"):
        kind, raw = SUFFIX, raw[1:]
    spellings = tuple(raw.split("/"))
    for s in spellings:
        if len(s) > MAX_TILE:
            raise WordbotError(f"tile {text[:20]!r}... has {len(s)} letters (at most {MAX_TILE})")
        if not alpha.is_word(s):
            raise WordbotError(f"tile {text!r} has a character outside the {alpha.lang} alphabet")
    return Tile(spellings, kind)


@functools.cache
def _code_table(alpha: Alphabet, holes: str) -> np.ndarray:
    """int8 code of each code point below U+0500 (Latin and Cyrillic): -1 for ``holes``, -2 for
    anything else; the last entry (U+04FF, no letter of ours) stands for every higher one."""
    table = np.full(0x500, -2, dtype=np.int8)
    for code, ch in enumerate(alpha.letters):
        table[ord(ch)] = code
    for ch in holes:
        table[ord(ch)] = -1
    table.setflags(write=False)
    return table


def encode_text(text: str, alpha: Alphabet, holes: str = "") -> np.ndarray:
    """int8 codes of a string of already normalized one-letter cells, in one vectorized pass: -1 for
    a character of ``holes``, -2 for a foreign one."""
    table = _code_table(alpha, holes)
    points = np.frombuffer(text.encode("utf-32-le"), dtype=np.uint32)
    return table[np.minimum(points, len(table) - 1)]


_TOKEN = re.compile(r"\[([^\[\]]*)\]|([^\[\]])")


def split_letters(text: str, rows: int, cols: int) -> list[str]:
    """The CLI's LETTERS: rows joined by "/" or one run of rows*cols tiles; ``[qu]`` for a
    multi-letter tile; ``.`` for a hole. Returns rows*cols tile texts."""
    if rows <= 0 or cols <= 0:
        raise WordbotError(f"rows and cols must be positive (got {rows}x{cols})")
    if text.count("[") != text.count("]"):
        raise WordbotError("LETTERS has an unclosed bracket")
    lines = _split_rows(text)
    if len(lines) > 1 and len(lines) != rows:
        raise WordbotError(f"LETTERS has {len(lines)} rows, expected {rows}")
    tiles: list[str] = []
    for line in lines:
        pos, before = 0, len(tiles)
        for m in _TOKEN.finditer(line):
            if m.start() != pos:
                raise WordbotError(f"LETTERS has a stray bracket near {line[pos:]!r}")
            pos = m.end()
            token = m.group(1) if m.group(1) is not None else m.group(2)
            if not token.strip() and m.group(1) is None:
                raise WordbotError("LETTERS has a space; join rows with '/'")
            tiles.append(token)
        if pos != len(line):
            raise WordbotError(f"LETTERS has a stray bracket near {line[pos:]!r}")
        if len(lines) > 1 and len(tiles) - before != cols:
            raise WordbotError(f"row {line!r} has {len(tiles) - before} tiles, expected {cols}")
    if len(tiles) != rows * cols:
        raise WordbotError(f"LETTERS has {len(tiles)} tiles, expected {rows}x{cols}={rows * cols}")
    return tiles


def _split_rows(text: str) -> list[str]:
    """Split on "/" outside brackets (inside, "/" separates either/or spellings)."""
    rows, depth, cur = [], 0, []
    for ch in text:
        depth += ch == "["
        depth -= ch == "]"
        if ch == "/" and depth == 0:
            rows.append("".join(cur))
            cur = []
        else:
            cur.append(ch)
    rows.append("".join(cur))
    return rows
