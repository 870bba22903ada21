"""Start-up a user feels, each figure in fresh processes beside a baseline measured in the same run:
``wordbot --help``, a one-shot ``wordbot solve grid``, and the first suggestion (a screenshot read
and its board solved, from process start) on a fresh install without ``wordbot warmup``, on a fresh
install after it (what ``make`` leaves), and with everything warm."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

import wordbot
from bench.common import Figure

SRC = str(Path(wordbot.__file__).resolve().parents[1])  # the wordbot these figures are about
BOARD = "котрыбаслонмачта"  # a 4x4 board, row-major

FIRST_SUGGESTION = """
import sys
import cv2
from wordbot import Lexicon, read_board, solve_grid
reading = read_board(cv2.imread(sys.argv[1]), "ru")
found = solve_grid(reading.tiles, reading.rows, reading.cols, Lexicon.builtin("ru"), 3, "wordsmania")
assert found[0].word, "no suggestion"
"""


def _seconds(args: list[str], env: dict | None = None) -> float:
    """Wall time of one fresh process, from start to exit (it must succeed)."""
    t = time.perf_counter()
    subprocess.run(args, check=True, capture_output=True,
                   env={**os.environ, "PYTHONPATH": SRC, **(env or {})})
    return time.perf_counter() - t


def _best(args: list[str], repeat: int, env: dict | None = None) -> float:
    return min(_seconds(args, env) for _ in range(repeat))


def _load() -> str:
    return f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores"


def _screenshot(folder: Path) -> Path | None:
    """The board drawn as a game shows it (a font of the development pool), saved as a PNG; None
    without the fonts (scripts/setup_system.sh installs them)."""
    import cv2

    from wordbot.ocr.synthetic import DEV_FONTS, Look, available, render

    fonts = available(DEV_FONTS)
    if not fonts:
        return None
    look = Look(fonts[0], (235, 215, 170), (40, 30, 20), (90, 60, 40), "rounded", 0.15, 0.12,
                0.55, False, None, 0.0, 1.0)
    shot = render(np.random.default_rng(0), look, 4, 4, "ru", tile=72, letters=list(BOARD))
    path = folder / "board.png"
    cv2.imwrite(str(path), shot.image)
    return path


def run(quick: bool) -> list[Figure]:
    py = sys.executable
    repeat = 3 if quick else 7
    base_pass = _best([py, "-c", "pass"], repeat)
    base_numpy = _best([py, "-c", "import numpy"], repeat)
    baseline = (f"baselines (same run): python -c pass {base_pass:.3f} s, "
                f"python -c 'import numpy' {base_numpy:.3f} s")
    help_s = _best([py, "-m", "wordbot", "--help"], repeat)
    solve = [py, "-m", "wordbot", "solve", "grid", BOARD, "--rows", "4", "--cols", "4"]
    _seconds(solve)  # the word list and kernels in their caches: "warm"
    solve_s = _best(solve, repeat)
    figures = [
        Figure("startup", "wordbot --help", help_s, "s", "<= 0.3 s", help_s <= 0.3, f"{baseline}; {_load()}"),
        Figure("startup", "one-shot wordbot solve grid (4x4, warm caches)", solve_s, "s", "<= 0.7 s",
               solve_s <= 0.7, f"{baseline}; {_load()}"),
    ]
    with tempfile.TemporaryDirectory() as tmp:
        image = _screenshot(Path(tmp))
        if image is None:
            return figures + [Figure("startup", "first suggestion", 0.0, "s", "<= 1.0 s", None,
                                     "not measured: no font to draw the screenshot with")]
        first = [py, "-c", FIRST_SUGGESTION, str(image)]
        states = [("fresh install after wordbot warmup (make)", "warm", "<= 3 s", 3.0)]
        if not quick:
            states.insert(0, ("fresh install, no warmup (compiles)", "none", "", None))
        for label, state, target, limit in states:
            caches = Path(tempfile.mkdtemp(dir=tmp))
            env = {"NUMBA_CACHE_DIR": str(caches / "numba"), "WORDBOT_CACHE_DIR": str(caches / "wordbot")}
            warm_s = _seconds([py, "-m", "wordbot", "warmup"], env) if state == "warm" else 0.0
            s = _seconds(first, env)
            note = (f"first process after {warm_s:.1f} s of wordbot warmup" if state == "warm" else
                    "empty numba and word-list caches") + f"; {baseline}; {_load()}"
            figures.append(Figure("startup", f"first suggestion (read + solve, from process start), {label}",
                                  s, "s", target, None if limit is None else s <= limit, note))
        warm = _best(first, repeat)
        figures.append(Figure("startup", "first suggestion (read + solve, from process start), warm", warm,
                              "s", "<= 1.0 s", warm <= 1.0, f"{baseline}; {_load()}"))
    return figures
