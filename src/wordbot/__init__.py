"""wordbot: plays letter-grid word games beside a game window.

The public interface of shared/CONTRACT.md, re-exported. Imported on first use (PEP 562), so
that ``import wordbot`` (and every ``wordbot`` command's start-up) loads no numba, OpenCV or
glyph bank until a name that needs them is touched.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

from wordbot import stopping

stopping.install_while_loading()  # Ctrl-C while the modules load: one line, not a traceback

_WHERE = {
    "Found": "wordbot.solver.grid",
    "Lexicon": "wordbot.lexicon",
    "WordbotError": "wordbot.errors",
    "anagrams": "wordbot.solver.anagram",
    "balda_best_move": "wordbot.solver.ai",
    "balda_moves": "wordbot.solver.balda",
    "read_board": "wordbot.ocr",
    "score_grids": "wordbot.solver.grid",
    "solve_grid": "wordbot.solver.grid",
}

__all__ = ["Found", "Lexicon", "WordbotError", "anagrams", "balda_best_move", "balda_moves", "read_board",
           "score_grids", "solve_grid"]

if TYPE_CHECKING:
    from wordbot.errors import WordbotError
    from wordbot.lexicon import Lexicon
    from wordbot.ocr import read_board
    from wordbot.solver.ai import balda_best_move
    from wordbot.solver.anagram import anagrams
    from wordbot.solver.balda import balda_moves
    from wordbot.solver.grid import Found, score_grids, solve_grid


def __getattr__(name: str):
    if name not in _WHERE:
        raise AttributeError(f"module 'wordbot' has no attribute {name!r}")
    value = getattr(importlib.import_module(_WHERE[name]), name)
    globals()[name] = value  # later look-ups skip this function
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
