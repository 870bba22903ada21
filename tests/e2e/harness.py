"""The simulated games in their own processes, and the bot wired to the real mouse through the
one wiring function (``wordbot.play.session.player``), as ``wordbot play`` wires it."""

from __future__ import annotations

import threading
from pathlib import Path

from wordbot.act.pyautogui_driver import PyAutoGUIDriver
from wordbot.calibration.profile import Profile
from wordbot.play.session import Session
from wordbot.play.session import player as wire
from wordbot.simgame.gamelog import read_log
from wordbot.simgame.launch import running


def simgame(log: Path, mode: str, *args: str):
    """The game in its own process: (process, frame source of its window)."""
    return running(mode, *args, log=log)


def player(source, duration: float, reader=None, overlay=None, stop=None, profile: Profile | None = None,
           lost_timeout: float = 8.0):
    """The grid player with zero set-up: the wordsmania preset as a profile of its own."""
    prof = profile or Profile.preset("wordsmania", "ru")
    if profile is None:
        prof.name = "simgame-ru"
    return wire(prof, source, Session(auto=True, duration=duration, lost_timeout=lost_timeout),
                driver=PyAutoGUIDriver(), overlay=overlay, stop=stop or threading.Event(), reader=reader)


def game_events(log: Path) -> list[dict]:
    return read_log(log)


def submissions(log: Path) -> list[dict]:
    return [e for e in read_log(log) if e["event"] == "submit"]
