"""Grid solver: batch scoring against a plain C trie walker, and a 100x100 board."""

from __future__ import annotations

import subprocess
import tempfile
import time
from pathlib import Path

from bench.boards import dice_boards, frequency_board
from bench.common import Figure, best_of, compile_c
from wordbot import Lexicon, score_grids, solve_grid


def _c_walker(lex: Lexicon, boards, workdir: Path) -> tuple[float, list[int]] | None:
    exe = compile_c(Path(__file__).parent / "c" / "trie_walker.c", workdir / "trie_walker")
    if exe is None:
        return None
    words = workdir / "words.txt"
    words.write_text("\n".join("".join(chr(97 + c) for c in lex.codes[a:b])
                               for a, b in zip(lex.offsets[:-1], lex.offsets[1:], strict=True)) + "\n")
    data = workdir / "boards.bin"
    boards.tofile(data)
    runs = []
    for _ in range(3):
        out = subprocess.run([str(exe), str(words), str(data), "4", "4", "3", str(lex.alphabet.size)],
                             capture_output=True, text=True, check=True).stdout.split()
        runs.append((int(out[0]) / float(out[1]), [int(out[2]), int(out[3])]))
    return max(runs)


def run(quick: bool) -> list[Figure]:
    lex = Lexicon.builtin("en")
    n = 20_000 if quick else 200_000
    boards = dice_boards(n)
    score_grids(boards[:10], 4, 4, lex)  # compile outside the timing
    seconds = best_of(lambda: score_grids(boards, 4, 4, lex), repeat=3)
    totals = score_grids(boards, 4, 4, lex).sum(axis=0).tolist()
    rate = n / seconds
    texts = ["".join(chr(97 + c) for c in b) for b in boards]
    text_rate = n / best_of(lambda: score_grids(texts, 4, 4, lex), repeat=3)
    with tempfile.TemporaryDirectory() as tmp:
        c = _c_walker(lex, boards, Path(tmp))
    if c is None:
        baseline, c_rate = "no C compiler here: no baseline", 0.0
    else:
        c_rate, c_totals = c
        same = "same" if c_totals == totals else f"DIFFERENT ({c_totals} vs {totals})"
        baseline = f"C trie walker (gcc -O2): {c_rate:,.0f}/s; word/point totals {same}"
    figures = [
        Figure("grid", "score_grids, 4x4 Boggle-dice boards (en, 106k words), 1 core", rate, "boards/s",
               ">= 150,000/s and >= C", rate >= 150_000 and rate >= c_rate, baseline),
        Figure("grid", "score_grids, same boards given as strings", text_rate, "boards/s",
               note="includes encoding the strings"),
    ]
    ru = Lexicon.builtin("ru")
    big = frequency_board(ru, 100 * 100, seed=1)
    solve_grid(big[:16], 4, 4, ru)
    ms = 1000 * best_of(lambda: solve_grid(big, 100, 100, ru), repeat=3)
    words = len(solve_grid(big, 100, 100, ru))
    search_ms = 1000 * best_of(lambda: score_grids([big], 100, 100, ru), repeat=3)
    figures += [
        Figure("grid", "solve_grid 100x100 (ru, letters by frequency)", ms, "ms", "<= 40 ms", ms <= 40,
               f"{words} words, each with its path as Python objects"),
        Figure("grid", "the search alone on that board (score_grids)", search_ms, "ms", "<= 40 ms",
               search_ms <= 40, "no paths or result objects built"),
    ]
    return figures


if __name__ == "__main__":
    t = time.perf_counter()
    for f in run(quick=True):
        print(f)
    print(time.perf_counter() - t)
