"""Grid solver: batch scoring on one core and on every core against a plain C trie walker, and a
100x100 board (results included) against the same walker's search of it."""

from __future__ import annotations

import os
import subprocess
import tempfile
import time
from pathlib import Path

import numpy as np

from bench.boards import dice_boards, frequency_board
from bench.common import Figure, best_of, compile_c, cpu_seconds
from wordbot import Lexicon, score_grids, solve_grid
from wordbot.solver.grid import encode_boards


def _c_walker(lex: Lexicon, boards: np.ndarray, rows: int, cols: int, workdir: Path):
    """(boards per second, [words, points] summed over the boards) of the C walker, best of 3 runs;
    None without a C compiler."""
    exe = compile_c(Path(__file__).parent / "c" / "trie_walker.c", workdir / "trie_walker")
    if exe is None:
        return None
    words = workdir / f"words-{lex.lang}.txt"
    words.write_text("\n".join("".join(chr(97 + c) for c in lex.codes[a:b])
                               for a, b in zip(lex.offsets[:-1], lex.offsets[1:], strict=True)) + "\n",
                     encoding="latin-1")  # one byte a letter, 32-letter alphabets too
    data = workdir / "boards.bin"
    boards.tofile(data)
    args = [str(exe), str(words), str(data), str(rows), str(cols), "3", str(lex.alphabet.size)]
    runs = []
    for _ in range(3):
        out = subprocess.run(args, capture_output=True, text=True, check=True).stdout.split()
        runs.append((int(out[0]) / float(out[1]), [int(out[2]), int(out[3])]))
    return max(runs)


def _load() -> str:
    return f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores"


def _batch(lex: Lexicon, quick: bool, workdir: Path) -> list[Figure]:
    n = 20_000 if quick else 200_000
    boards = dice_boards(n)
    score_grids(boards[:10], 4, 4, lex, threads=1)  # load the kernels outside the timing
    score_grids(boards[:1000], 4, 4, lex)
    one = n / best_of(lambda: score_grids(boards, 4, 4, lex, threads=1), repeat=3)
    every = n / best_of(lambda: score_grids(boards, 4, 4, lex), repeat=3)
    cpu_ratio = cpu_seconds(lambda: score_grids(boards, 4, 4, lex)) / cpu_seconds(
        lambda: score_grids(boards, 4, 4, lex, threads=1))
    totals = score_grids(boards, 4, 4, lex, threads=1)
    same_threads = bool((score_grids(boards, 4, 4, lex) == totals).all())
    totals = totals.sum(axis=0).tolist()
    text_rate = n / best_of(lambda: score_grids(["".join(chr(97 + c) for c in b) for b in boards], 4, 4, lex),
                            repeat=3)
    c = _c_walker(lex, boards, 4, 4, workdir)
    if c is None:
        baseline, c_rate = "no C compiler here: no baseline", 0.0
    else:
        c_rate, c_totals = c
        same = "same" if c_totals == totals else f"DIFFERENT ({c_totals} vs {totals})"
        baseline = f"C trie walker (gcc -O2, same run): {c_rate:,.0f}/s; word/point totals {same}"
    import numba

    threads = numba.get_num_threads()
    return [
        Figure("grid", f"score_grids, 4x4 Boggle-dice boards (en, {len(lex) // 1000}k words), 1 core", one,
               "boards/s", ">= 150,000/s and >= C", one >= 150_000 and one >= c_rate,
               f"{baseline}; {_load()}"),
        Figure("grid", f"score_grids, same boards, every core ({threads} threads)", every, "boards/s",
               ">= 1.8x its 1-core rate", every >= 1.8 * one and same_threads,
               f"x{every / one:.2f} the 1-core rate measured just before; CPU time x{cpu_ratio:.2f} one "
               f"core's (the work added by splitting it); totals "
               f"{'the same' if same_threads else 'DIFFERENT'}; {_load()} (other work shares the cores)"),
        Figure("grid", "score_grids, same boards given as strings", text_rate, "boards/s",
               note="includes encoding the strings; every core"),
    ]


def _big(quick: bool, workdir: Path) -> list[Figure]:
    ru = Lexicon.builtin("ru")
    big = frequency_board(ru, 100 * 100, seed=1)
    solve_grid(big[:16], 4, 4, ru)
    repeat = 3 if quick else 5
    ms = 1000 * best_of(lambda: solve_grid(big, 100, 100, ru), repeat)
    found = solve_grid(big, 100, 100, ru)
    every_ms = 1000 * best_of(lambda: list(solve_grid(big, 100, 100, ru)), repeat)
    search_ms = 1000 * best_of(lambda: score_grids([big], 100, 100, ru), repeat)
    codes = encode_boards(["".join(big)], ru.alphabet)
    c = _c_walker(ru, np.repeat(codes, 3, axis=0), 100, 100, workdir)  # 3 copies: a steadier time
    if c is None:
        c_ms, note = 0.0, "no C compiler: no baseline"
    else:
        c_ms = 1000 / c[0]
        c_words = c[1][0] // 3
        note = (f"C trie walker's search of the board (gcc -O2, same run): {c_ms:.1f} ms, {c_words} words "
                f"({'same' if c_words == len(found) else 'DIFFERENT'}); x{ms / c_ms:.2f}")
    return [
        Figure("grid", "solve_grid 100x100 (ru, letters by frequency), with its results", ms, "ms",
               "<= 1.2x C search", c_ms > 0 and ms <= 1.2 * c_ms,
               f"{note}; {len(found)} words, each Found built when read; {_load()}"),
        Figure("grid", "the same, every result read as a Found object", every_ms, "ms",
               note="word, path and score of all of them built in Python"),
        Figure("grid", "the search alone on that board (score_grids)", search_ms, "ms", "<= 40 ms",
               search_ms <= 40, "no paths or result objects built"),
    ]


def run(quick: bool) -> list[Figure]:
    with tempfile.TemporaryDirectory() as tmp:
        return _batch(Lexicon.builtin("en"), quick, Path(tmp)) + _big(quick, Path(tmp))


if __name__ == "__main__":
    t = time.perf_counter()
    for f in run(quick=True):
        print(f)
    print(time.perf_counter() - t)
