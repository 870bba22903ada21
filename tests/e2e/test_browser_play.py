"""Zero set-up play on a real browser game: a Word Hunt-like page in Chromium, which coalesces
pointer moves and colours the path only while the button is held (Xvfb, openbox)."""

import threading

import pytest
from harness import check_round

from wordbot.act.pyautogui_driver import PyAutoGUIDriver
from wordbot.calibration.profile import Profile
from wordbot.play.session import Session, player
from wordbot.simgame.browser import browser_game
from wordbot.simgame.gamelog import read_log

pytestmark = [pytest.mark.gui, pytest.mark.slow]


def test_zero_setup_round_in_chromium(tmp_path, data_dir, window_manager):
    log = tmp_path / "web.jsonl"
    prof = Profile.preset("wordhunt", "en")
    prof.name = "webgame"
    with browser_game(log, lang="en", seed=1, duration=90) as (_, source):
        report = player(prof, source, Session(auto=True, duration=30), driver=PyAutoGUIDriver(),
                        stop=threading.Event()).run()
    events = [e for e in read_log(log) if e["event"] in ("start", "submit")]
    check_round(report, events[1:], events[0]["board_points"])
    assert len(report.accepted) > 5
