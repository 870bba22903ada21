"""The bot plays the simulated 4 Pics 1 Word game with the real mouse (Xvfb): levels solved in
40 s, few wrong attempts, a refused word followed by the next candidate, and no click the game
received outside its keys and slots."""

import threading

import numpy as np
import pytest
from harness import game_events, simgame

from wordbot import Lexicon
from wordbot.act import Actor
from wordbot.act.pyautogui_driver import PyAutoGUIDriver
from wordbot.games import InputSpec
from wordbot.play.anagram import AnagramOptions, AnagramPlayer
from wordbot.play.session import pacing

pytestmark = [pytest.mark.gui, pytest.mark.slow]


def play(log, lang: str, *game_args: str, duration: float = 40):
    """(the bot's report, the game's attempts) of a game of ``duration`` seconds."""
    args = ("--lang", lang, "--seed", "5", "--levels", "100", "--duration", str(duration + 5), *game_args)
    with simgame(log, "anagram", *args) as (_, source):
        driver, stop = PyAutoGUIDriver(), threading.Event()
        pace = pacing(InputSpec())  # the preset's pace, as ``wordbot play`` uses it
        opts = AnagramOptions(lang, auto=True, duration=duration)
        actor = lambda bounds: Actor(driver, bounds, pace, stop)  # noqa: E731
        report = AnagramPlayer(source, Lexicon.builtin(lang), opts, actor, say=str, stop=stop).run()
    events = game_events(log)
    check_clicks(events)
    return report, [e for e in events if e["event"] == "attempt"]


def check_clicks(events: list[dict]) -> None:
    """Every click the game received fell on a key or a slot of the level shown at the time."""
    level = None
    for e in events:
        if e["event"] == "level":
            level = e
        elif e["event"] == "click":
            assert any(bx <= e["x"] < bx + w and by <= e["y"] < by + h
                       for bx, by, w, h in level["keys"] + level["slots"]), e


@pytest.mark.parametrize("lang,extra", [("ru", ("--hints",)), ("en", ())])
def test_bot_solves_levels_with_few_wrong_attempts(tmp_path, data_dir, lang, extra):
    report, attempts = play(tmp_path / "anagram.jsonl", lang, *extra)
    solved = [e["word"] for e in attempts if e["right"]]
    wrong = [e["word"] for e in attempts if not e["right"]]
    assert not report.failed, report.summary()
    assert len(solved) >= 5, report.summary()
    assert len(wrong) <= max(1, len(solved) // 5), (wrong, report.summary())
    assert report.solved == solved and report.refused == wrong


def test_a_refused_word_is_followed_by_the_next_candidate(tmp_path, data_dir):
    """Every third level's letters make a more common word than the answer: the game refuses it,
    the letters come back, and the bot enters the next candidate, the answer."""
    report, attempts = play(tmp_path / "anagram.jsonl", "en", "--rivals", "3", duration=25)
    assert not report.failed, report.summary()
    wrong = [i for i, e in enumerate(attempts) if not e["right"]]
    assert len(wrong) >= 2, report.summary()
    assert all(i + 1 < len(attempts) and attempts[i + 1]["right"] for i in wrong[:-1]), attempts
    assert report.refused == [attempts[i]["word"] for i in wrong]


def test_the_answer_is_drawn_over_the_letter_pool_without_auto(tmp_path, data_dir):
    """Overlay only: the keys of the answer, numbered in click order, over a picture of the pool."""
    from wordbot.overlay import PATH_COLOUR, OverlayWindow

    args = ("--lang", "en", "--seed", "5", "--levels", "3", "--duration", "30")
    overlay = OverlayWindow()
    try:
        with simgame(tmp_path / "anagram.jsonl", "anagram", *args) as (_, source):
            opts = AnagramOptions("en", auto=False, duration=3)
            report = AnagramPlayer(source, Lexicon.builtin("en"), opts, overlay=overlay, say=str).run()
        drawn = overlay.image
    finally:
        overlay.close()
    level = next(e for e in game_events(tmp_path / "anagram.jsonl") if e["event"] == "level")
    assert not report.failed and report.solved == [], report.summary()
    keys = np.array(level["keys"])
    pool_w, pool_h = np.ptp(keys[:, 0]) + keys[0, 2], np.ptp(keys[:, 1]) + keys[0, 3]
    assert drawn is not None and abs(drawn.shape[0] - pool_h) <= 0.2 * pool_h  # the pool, not the window
    assert (np.abs(drawn[:, :pool_w].astype(int) - PATH_COLOUR).sum(axis=2) < 60).sum() > 50  # path over it
