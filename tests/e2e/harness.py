"""The simulated game in its own process, and the bot wired to the real mouse, for the e2e tests."""

from __future__ import annotations

import threading
from pathlib import Path

from wordbot import Lexicon
from wordbot.act import Actor, Pacing
from wordbot.act.pyautogui_driver import PyAutoGUIDriver
from wordbot.games import game
from wordbot.play import GridOptions, GridPlayer, Learned, board_reader
from wordbot.play.plan import warm_up
from wordbot.simgame.gamelog import read_log
from wordbot.simgame.launch import running


def simgame(log: Path, mode: str, *args: str):
    """The game in its own process: (process, frame source of its window)."""
    return running(mode, *args, log=log)


def player(source, duration: float, reader=None, overlay=None, stop=None, **opts) -> GridPlayer:
    lex = Lexicon.builtin("ru")
    options = GridOptions(game("wordsmania"), auto=True, duration=duration, **opts)
    warm_up(lex, options.game)
    driver = PyAutoGUIDriver()
    stop = stop or threading.Event()
    return GridPlayer(source, reader or board_reader("ru"), lex, options,
                      lambda bounds: Actor(driver, bounds, Pacing(), stop), overlay,
                      Learned.load("simgame-ru"), say=print, stop=stop)


def game_events(log: Path) -> list[dict]:
    return read_log(log)


def submissions(log: Path) -> list[dict]:
    return [e for e in read_log(log) if e["event"] == "submit"]
