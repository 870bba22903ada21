"""Zero set-up play on real browser games in Chromium (Xvfb, openbox), which coalesces pointer
moves: a Word Hunt-like page that colours the path only while the button is held, a click game
with lower-case letters on round tiles whose only reply is its list of found words, and a typed
game whose only reply is its score. The score the bot reads is the game's own."""

import threading

import pytest
from harness import check_round

from wordbot.act.pyautogui_driver import PyAutoGUIDriver
from wordbot.calibration.profile import Profile
from wordbot.play.session import Session, player
from wordbot.simgame.browser import VARIANTS, browser_game
from wordbot.simgame.gamelog import read_log

pytestmark = [pytest.mark.gui, pytest.mark.slow]

STYLE = {"wordhunt": "drag", "click-list": "click", "type-score": "type"}
SHARE = {"wordhunt": 0.3, "click-list": 0.15, "type-score": 0.3}  # clicks are slower; a tile of the
# round-tile look is read doubtfully and nothing goes through it


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_zero_setup_round_in_chromium(tmp_path, data_dir, window_manager, variant):
    log = tmp_path / "web.jsonl"
    prof = Profile.preset("wordhunt", "en")
    prof.name = f"web-{variant}"
    with browser_game(log, lang="en", seed=1, duration=90, variant=variant) as (_, source):
        report = player(prof, source, Session(auto=True, duration=30), driver=PyAutoGUIDriver(),
                        stop=threading.Event()).run()
    events = [e for e in read_log(log) if e["event"] in ("start", "submit")]
    check_round(report, events[1:], events[0]["board_points"], typed=STYLE[variant] == "type",
                share=SHARE[variant])
    assert report.input == STYLE[variant]
    assert len(report.accepted) > 5
    # the page's score line (all but the list variant) is found and read: the game's own total
    took = sum(e["points"] for e in events[1:] if e["accepted"])
    assert report.score == (None if variant == "click-list" else took), report.summary()
