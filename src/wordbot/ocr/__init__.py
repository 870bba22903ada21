"""Letters of a board from pixels.

    reading = read_board(image, lang="ru")        # whole screenshot, board anywhere in it
    reading = read_tiles(image, geometry, lang)   # a board already located (calibration)

``BoardReading``: ``.rows, .cols, .tiles`` (row-major, "" = empty), ``.confidence`` (per tile,
[0, 1]; below ``THRESHOLD`` the tile is doubtful: show it, never swipe through it),
``.board_box`` (x, y, w, h), ``.centres`` ((x, y) of each cell), ``.doubtful``, ``.text``.
"""

from wordbot.ocr.bank import Bank, builtin_bank
from wordbot.ocr.read import THRESHOLD, BoardReading, read_board, read_tiles

__all__ = ["THRESHOLD", "Bank", "BoardReading", "builtin_bank", "read_board", "read_tiles"]
