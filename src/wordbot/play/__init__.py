"""The live loop: capture -> read -> solve -> overlay, and with ``auto`` the swipes or taps."""

from wordbot.play.balda import BaldaOptions, BaldaPlayer, BaldaReport
from wordbot.play.grid import GridOptions, GridPlayer, RoundReport, board_reader
from wordbot.play.seat import WindowGone
from wordbot.play.store import Learned

__all__ = ["BaldaOptions", "BaldaPlayer", "BaldaReport", "GridOptions", "GridPlayer", "Learned",
           "RoundReport", "WindowGone", "board_reader"]
