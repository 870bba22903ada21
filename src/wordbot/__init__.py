"""wordbot: plays letter-grid word games beside a game window.

The public interface of shared/CONTRACT.md, re-exported; nothing else lives here.
"""

from wordbot.errors import WordbotError
from wordbot.lexicon import Lexicon
from wordbot.ocr import read_board
from wordbot.solver.ai import balda_best_move
from wordbot.solver.anagram import anagrams
from wordbot.solver.balda import balda_moves
from wordbot.solver.grid import Found, score_grids, solve_grid

__all__ = ["Found", "Lexicon", "WordbotError", "anagrams", "balda_best_move", "balda_moves", "read_board",
           "score_grids", "solve_grid"]
