"""Where the board is on the screen.

    geometry = detect_board(image)     # -> BoardGeometry(rows, cols, box, tile, centres) | None
    geometry = BoardGeometry.from_box((x, y, w, h), rows, cols)   # set by hand
"""

from wordbot.calibration.detect import BoardGeometry, detect_board

__all__ = ["BoardGeometry", "detect_board"]
