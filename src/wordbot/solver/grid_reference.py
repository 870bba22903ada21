"""The pure-Python twin of the grid kernel: plain recursion over a set of words and prefixes.

Deliberately independent of the packed trie, so the tests check the packing too.
"""

from __future__ import annotations

from wordbot.solver.tiles import PREFIX, SUFFIX, Tile


def solve_reference(tiles: list[Tile | None], rows: int, cols: int, words: set[str],
                    min_len: int, len_table, letter_value: dict[str, int],
                    letter_mul: list[int], word_mul: list[int]) -> dict[str, tuple[int, list[int]]]:
    """word -> (best score, one best path of tile indices)."""
    prefixes = {w[:i] for w in words for i in range(1, len(w) + 1)}
    found: dict[str, tuple[int, list[int]]] = {}

    def walk(t: int, text: str, path: list[int], value: int, mul: int) -> None:
        tile = tiles[t]
        for spelling in tile.spellings:
            s = text + spelling
            if s not in prefixes:
                continue
            path.append(t)
            v = value + letter_mul[t] * sum(letter_value.get(ch, 0) for ch in spelling)
            m = mul * word_mul[t]
            if s in words and len(s) >= min_len:
                points = int(len_table[len(s)]) + v * m
                if s not in found or points > found[s][0]:
                    found[s] = (points, list(path))
            if tile.kind != SUFFIX:
                r, c = divmod(t, cols)
                for dr in (-1, 0, 1):
                    for dc in (-1, 0, 1):
                        rr, cc = r + dr, c + dc
                        u = rr * cols + cc
                        if (dr or dc) and 0 <= rr < rows and 0 <= cc < cols and u not in path:
                            nxt = tiles[u]
                            if nxt is not None and nxt.kind != PREFIX:
                                walk(u, s, path, v, m)
            path.pop()

    for t, tile in enumerate(tiles):
        if tile is not None and tile.kind != SUFFIX:
            walk(t, "", [], 0, 1)
    return found
