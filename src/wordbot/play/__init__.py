"""The live loop: capture -> read -> solve -> overlay, and with ``auto`` the swipes, round by round."""

from wordbot.play.grid import GridOptions, GridPlayer, RoundReport, board_reader
from wordbot.play.source import RegionSource, WindowGone, WindowSource
from wordbot.play.store import Learned

__all__ = ["GridOptions", "GridPlayer", "Learned", "RegionSource", "RoundReport", "WindowGone",
           "WindowSource", "board_reader"]
