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


def check_round(report, subs: list[dict], board_points: int, typed: bool = False, silent: bool = False,
                share: float = 0.3) -> None:
    """What every zero set-up round must show: no error, no wrong word, every word reached the game
    as planned (typed words: the game traces its own path), the bot's count of accepted words is
    the game's (a silent game's words are all unconfirmed), and a share of the board's points."""
    assert not report.failed, report.summary()
    bad = [s for s in subs if not s["accepted"] and s["reason"] != "already found"]
    # a cancelled drag is slid back to its first cell and released there: a game may log that one
    # tile as an entry (too short); nothing else the game did not take is allowed
    taps = [s for s in bad if len(s["path"] or ()) == 1]
    assert len(taps) <= len(report.cancelled) and len(bad) == len(taps), report.summary()
    entered = {(w, tuple(map(tuple, p))) for w, p in report.entered}
    for s in (s for s in subs if s not in taps):
        key = (s["word"], tuple(map(tuple, s["path"] or [])))
        assert key in entered or (typed and s["word"] in {w for w, _ in entered}), s
    took = [s for s in subs if s["accepted"]]
    if silent:
        assert set(report.unconfirmed) == {s["word"] for s in subs} and report.accepted == []
    else:
        counted, taken = sorted(report.accepted), sorted(s["word"] for s in took)
        assert counted == taken, (report.summary(), "counted, not taken:", sorted(set(counted) - set(taken)),
                                  "taken, not counted:", sorted(set(taken) - set(counted)),
                                  "no verdict:", report.unregistered)
    assert sum(s["points"] for s in took) >= share * board_points, report.summary()
