"""The bot plays Balda against the simulated game's opponent, by taps (Xvfb)."""

import threading

import pytest
from harness import simgame

from wordbot import Lexicon
from wordbot.act import Actor, Pacing
from wordbot.act.pyautogui_driver import PyAutoGUIDriver
from wordbot.games import BaldaSpec
from wordbot.play import BaldaOptions, BaldaPlayer, Learned, board_reader
from wordbot.simgame.gamelog import read_log

pytestmark = [pytest.mark.gui, pytest.mark.slow]


def run(log, spec: BaldaSpec, *game_args: str):
    with simgame(log, "balda", "--seed", "1", "--turns", "4", *game_args) as (proc, source):
        driver, stop = PyAutoGUIDriver(), threading.Event()
        player = BaldaPlayer(source, board_reader("ru"), Lexicon.builtin("ru"),
                             BaldaOptions(auto=True, turns=3, think=0.5, spec=spec),
                             lambda b: Actor(driver, b, Pacing(between=0.08), stop),
                             learned=Learned.load("simgame-balda"), stop=stop)
        return player.run()


def test_bot_makes_legal_moves_the_game_accepts(tmp_path, data_dir):
    log = tmp_path / "balda.jsonl"
    report = run(log, BaldaSpec())
    events = read_log(log)
    mine = [e for e in events if e["event"] == "submit"]
    assert len(mine) == 3, report.summary()
    assert all(e["accepted"] for e in mine), mine
    assert [e["word"] for e in mine] == report.moves
    assert report.entry == "button"
    theirs = [(*e["cell"], e["letter"]) for e in events if e["event"] == "opponent" and not e["passed"]]
    assert report.opponent == theirs[:2]  # the replies before our last move, each letter read right


def test_the_profile_button_colour_finds_the_button(tmp_path, data_dir):
    """A button colour from the profile: the white Submit of the light look, not the built-in green."""
    log = tmp_path / "balda.jsonl"
    report = run(log, BaldaSpec(entry="button", button_rgb=(255, 255, 255), opponent=False),
                 "--look", "light", "--no-opponent")
    mine = [e for e in read_log(log) if e["event"] == "submit"]
    assert [e["word"] for e in mine if e["accepted"]] == report.moves, report.summary()
    assert len(report.moves) == 3


def test_no_keyboard_is_named_as_such(tmp_path, data_dir):
    """A screen with a board but no letter keyboard: the error says so, and nothing is entered."""
    log = tmp_path / "grid.jsonl"
    with simgame(log, "grid", "--duration", "30") as (proc, source):
        player = BaldaPlayer(source, board_reader("ru"), Lexicon.builtin("ru"), BaldaOptions(auto=True),
                             lambda b: pytest.fail("no input may be sent"))
        report = player.run()
    assert report.failed and "no letter keyboard" in report.stopped, report.stopped
