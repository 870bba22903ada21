"""The pure-Python twin of the Balda kernel: try every letter in every empty cell, then plain
recursion over a set of words and prefixes from every filled cell.

Deliberately independent of the tries and the reversed-prefix graph, so the tests check them too.
"""

from __future__ import annotations


def moves_reference(board: list[list[str | None]], words: set[str], letters: str, knots: bool,
                    used: set[str], cell: tuple[int, int] | None, through: tuple[int, int] | None,
                    min_len: int) -> dict[tuple[tuple[int, int], str, str], list[tuple[int, int]]]:
    """(cell, letter, word) -> one path, for every move of the position."""
    rows, cols = len(board), len(board[0])
    prefixes = {w[:i] for w in words for i in range(1, len(w) + 1)}
    cap = 2 if knots else 1
    found: dict[tuple[tuple[int, int], str, str], list[tuple[int, int]]] = {}

    def nbrs(r: int, c: int):
        for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if 0 <= rr < rows and 0 <= cc < cols and board[rr][cc] is not None:
                yield rr, cc

    def walk(at: tuple[int, int], text: str, path: list[tuple[int, int]], e, x) -> None:
        text += board[at[0]][at[1]]
        if text not in prefixes or path.count(at) == cap:
            return
        path.append(at)
        if (text in words and len(text) >= min_len and text not in used and e in path
                and (through is None or through in path)):
            found.setdefault((e, x, text), list(path))
        for nb in nbrs(*at):
            walk(nb, text, path, e, x)
        path.pop()

    empties = [(r, c) for r in range(rows) for c in range(cols) if board[r][c] is None]
    for e in empties if cell is None else [cell]:
        if not any(True for _ in nbrs(*e)):
            continue
        for x in letters:
            board[e[0]][e[1]] = x
            for r in range(rows):
                for c in range(cols):
                    if board[r][c] is not None:
                        walk((r, c), "", [], e, x)
            board[e[0]][e[1]] = None
    return found
