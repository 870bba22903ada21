"""The simulated game in its own process, and the bot wired to the real mouse, for the e2e tests."""

from __future__ import annotations

import subprocess
import sys
import threading
import time
from contextlib import contextmanager
from pathlib import Path

from wordbot import Lexicon
from wordbot.act import Actor, Pacing
from wordbot.act.pyautogui_driver import PyAutoGUIDriver
from wordbot.capture import open_source
from wordbot.errors import WordbotError
from wordbot.games import game
from wordbot.play import GridOptions, GridPlayer, Learned, board_reader
from wordbot.play.plan import warm_up
from wordbot.simgame.gamelog import read_log

GRID_TITLE = "wordbot simgame — grid"


@contextmanager
def simgame(log: Path, *args: str, title: str = GRID_TITLE):
    """Run ``python -m wordbot.simgame`` and yield (process, frame source of its window)."""
    proc = subprocess.Popen([sys.executable, "-m", "wordbot.simgame", *args, "--log", str(log),
                             "--at", "40,40", "--linger", "0.5"], stdout=subprocess.DEVNULL)
    source = None
    try:
        deadline = time.monotonic() + 30
        while source is None:
            try:
                source = open_source(window=title)
            except WordbotError:
                assert proc.poll() is None and time.monotonic() < deadline, "the game did not open"
                time.sleep(0.2)
        time.sleep(0.3)  # first paint
        yield proc, source
    finally:
        if source is not None:
            source.close()
        if proc.poll() is None:
            proc.terminate()
        proc.wait(10)


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
