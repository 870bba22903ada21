"""The bot plays Balda against the simulated game's opponent, by taps (Xvfb)."""

import threading

import pytest
from harness import simgame

from wordbot import Lexicon
from wordbot.act import Actor, Pacing
from wordbot.act.pyautogui_driver import PyAutoGUIDriver
from wordbot.play import BaldaOptions, BaldaPlayer, Learned, board_reader
from wordbot.simgame.gamelog import read_log

pytestmark = [pytest.mark.gui, pytest.mark.slow]


def test_bot_makes_legal_moves_the_game_accepts(tmp_path, data_dir):
    log = tmp_path / "balda.jsonl"
    with simgame(log, "balda", "--seed", "1", "--turns", "4") as (proc, source):
        driver, stop = PyAutoGUIDriver(), threading.Event()
        player = BaldaPlayer(source, board_reader("ru"), Lexicon.builtin("ru"),
                             BaldaOptions(auto=True, turns=3, think=0.5),
                             lambda b: Actor(driver, b, Pacing(between=0.08), stop),
                             learned=Learned.load("simgame-balda"), stop=stop)
        report = player.run()
    events = read_log(log)
    mine = [e for e in events if e["event"] == "submit"]
    assert len(mine) == 3, report.summary()
    assert all(e["accepted"] for e in mine), mine
    assert [e["word"] for e in mine] == report.moves
    assert report.opponent == sum(1 for e in events if e["event"] == "opponent" and not e["passed"])
