"""The simulated game: real Tk windows that play like the phone games (a grid game and Balda).

It runs as its own process (``python -m wordbot.simgame grid ...``) so the bot drives it exactly as
it drives a phone emulator: through screen pixels and the real mouse. It logs every submission it
received as JSON lines, which is what the demo and the end-to-end tests judge the bot by.
"""

from wordbot.simgame.boards import balda_start, grid_board
from wordbot.simgame.judge import BaldaJudge, GridJudge, Verdict

__all__ = ["BaldaJudge", "GridJudge", "Verdict", "balda_start", "grid_board"]
