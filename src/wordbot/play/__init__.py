"""The live loop: capture -> read -> solve -> overlay, and with ``auto`` the swipes, round by round."""

from wordbot.play.grid import GridOptions, GridPlayer, RoundReport, WindowGone, board_reader
from wordbot.play.store import Learned

__all__ = ["GridOptions", "GridPlayer", "Learned", "RoundReport", "WindowGone", "board_reader"]
