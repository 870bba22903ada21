"""Start-up: commands import only what they need, and ``wordbot warmup`` leaves nothing for the
first game to compile."""

import json
import os
import subprocess
import sys

import pytest

HEAVY = ("numba", "cv2", "wordbot.ocr.bank", "wordbot.solver.grid_kernel", "wordbot.solver.balda_kernel")


def loaded_after(*args: str) -> set[str]:
    """The heavy modules imported by ``wordbot ARGS`` (run in-process in a fresh interpreter)."""
    code = ("import sys\nfrom wordbot.cli import main\ntry:\n    main(sys.argv[1:])\nexcept SystemExit:\n"
            f"    pass\nprint(sorted(m for m in {HEAVY!r} if m in sys.modules), file=sys.stderr)")
    r = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, timeout=120)
    return set(json.loads(r.stderr.strip().splitlines()[-1].replace("'", '"')))


@pytest.mark.parametrize("args", [
    ["--help"], ["solve", "grid", "--help"], ["play", "--help"], ["read", "--help"],
    ["ai", "balda", "--help"],
    ["solve", "grid", "abcd"],  # missing --rows: an argument error
    ["bench", "--nope"], ["warmup", "--help"],
])
def test_help_and_argument_errors_load_no_numba_opencv_or_glyph_bank(args):
    assert loaded_after(*args) == set()


def test_import_wordbot_is_light_and_names_load_on_use():
    code = ("import sys, wordbot\nlight = not any(m in sys.modules for m in ('numba', 'cv2', 'numpy'))\n"
            "from wordbot import solve_grid, WordbotError\n"
            "print(light, 'numba' in sys.modules, 'cv2' in sys.modules, solve_grid.__module__)")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert r.stdout.split() == ["True", "True", "False", "wordbot.solver.grid"]


FIRST_GAME = """
import numpy as np
from wordbot import Lexicon, balda_moves, score_grids, solve_grid
from wordbot.calibration.detect import BoardGeometry
from wordbot.ocr.read import read_tiles
from wordbot.solver.ai import Engine
ru, en = Lexicon.builtin("ru"), Lexicon.builtin("en")
image = np.full((90, 90, 3), 255, np.uint8)
image[20:70, 40:50] = 0
read_tiles(image, BoardGeometry.from_box((0, 0, 90, 90), 1, 1), "en")  # a bar: I, no Russian letter
solve_grid(list("котрыбаслонмачт") + [""], 4, 4, ru, rules="wordhunt")
solve_grid(["qu", "a", "ck", "s"], 2, 2, en)
score_grids(np.ones((500, 16), np.int8), 4, 4, en)
board = ["......", "......", "кошка.", "......"]
balda_moves(board, ru, "knots", ["кошка"], through=(2, 1))
Engine(ru, "classic").think(board, ["кошка"], 600.0, max_depth=2)
"""


def test_warmup_leaves_nothing_to_compile(tmp_path):
    """On a fresh machine (empty caches), after ``wordbot warmup`` a first game's calls only load
    compiled kernels; and a second warmup is safe and builds nothing either."""
    env = {**os.environ, "NUMBA_CACHE_DIR": str(tmp_path / "numba"),
           "WORDBOT_CACHE_DIR": str(tmp_path / "wb")}
    r = subprocess.run([sys.executable, "-m", "wordbot", "warmup", "--json"], capture_output=True, text=True,
                       env=env, timeout=900)
    assert r.returncode == 0, r.stderr
    assert [s["name"] for s in json.loads(r.stdout)["steps"]][-1] == "board reader"
    for cmd in ([sys.executable, "-c", FIRST_GAME], [sys.executable, "-m", "wordbot", "warmup"]):
        r = subprocess.run(cmd, capture_output=True, text=True, env={**env, "NUMBA_DEBUG_CACHE": "1"},
                           timeout=900)
        assert r.returncode == 0, r.stderr
        log = r.stdout + r.stderr
        assert "data loaded" in log
        assert "saved" not in log, [line for line in log.splitlines() if "saved" in line]
