"""Where the board is on the screen.

    geometry = detect_board(image)     # -> BoardGeometry(rows, cols, box, tile, centres) | None
    geometry = BoardGeometry.from_box((x, y, w, h), rows, cols)   # set by hand
    geometry = locate(frame, "wordament")   # a saved profile's board; re-detected on a new size
    profile = load_profile(name); save_profile(profile)            # see calibration.profile
"""

from wordbot.calibration.detect import BoardGeometry, detect_board
from wordbot.calibration.profile import Profile, load_profile, locate, save_profile

__all__ = ["BoardGeometry", "Profile", "detect_board", "load_profile", "locate", "save_profile"]
