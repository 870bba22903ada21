"""Suggestions shown to the player: drawn onto an image (``--annotate``, the side window) and on
screen (``OverlayWindow``: a side window beside the game showing the annotated board, or laid on
the board itself and click-through: ``board`` mode on X11, ``transparent`` on Windows)."""

from wordbot.overlay.draw import PATH_COLOUR, UNSURE_COLOUR, Scene, annotate, board_crop
from wordbot.overlay.window import OverlayWindow

__all__ = ["PATH_COLOUR", "UNSURE_COLOUR", "OverlayWindow", "Scene", "annotate", "board_crop"]
