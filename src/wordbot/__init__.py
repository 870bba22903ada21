"""wordbot: plays letter-grid word games beside a game window.

The public interface of shared/CONTRACT.md, re-exported; nothing else lives here.
"""

from wordbot import stopping

stopping.install_while_loading()  # Ctrl-C while the modules below load: one line, not a traceback

from wordbot.errors import WordbotError  # noqa: E402
from wordbot.lexicon import Lexicon  # noqa: E402
from wordbot.ocr import read_board  # noqa: E402
from wordbot.solver.ai import balda_best_move  # noqa: E402
from wordbot.solver.anagram import anagrams  # noqa: E402
from wordbot.solver.balda import balda_moves  # noqa: E402
from wordbot.solver.grid import Found, score_grids, solve_grid  # noqa: E402

__all__ = ["Found", "Lexicon", "WordbotError", "anagrams", "balda_best_move", "balda_moves", "read_board",
           "score_grids", "solve_grid"]
