"""Zero set-up Balda on every variant of the simulated game (keyboard layout and case, 33 keys with
ё, Submit button / Return / drag, with or without an opponent, looks), under a real window
manager: the bot makes legal moves the game takes, touches nothing but the board, the keys and the
Submit button, reads the opponent's letters right, and its move count is the game's. Nothing in
the bot knows which variant it plays."""

import os
import signal
import threading

import pytest
from harness import simgame

from wordbot.act.pyautogui_driver import PyAutoGUIDriver
from wordbot.act.recording import RecordingDriver
from wordbot.calibration.profile import Profile, load_profile
from wordbot.play.session import Session, player
from wordbot.simgame.balda_variants import BALDA_VARIANTS
from wordbot.simgame.gamelog import read_log

pytestmark = [pytest.mark.gui, pytest.mark.slow]

MOVES = 3


def play(variant: str, log, moves: int = MOVES, profile: Profile | None = None, mouse=None):
    """One zero set-up game of ``variant`` (``mouse``: the driver, PyAutoGUI's by default): (the bot's
    report, the game's events, stray points, the input sent)."""
    prof = profile or Profile.preset("balda", "ru")
    prof.name = "balda-variant"
    driver = RecordingDriver(mouse or PyAutoGUIDriver())
    with simgame(log, "balda", "--seed", "1", "--turns", str(moves + 1), *BALDA_VARIANTS[variant]) \
            as (_, source):
        bot = player(prof, source, Session(auto=True, turns=moves, save=True), driver=driver,
                     stop=threading.Event(), say=lambda _: None)
        bot.opts.think = 0.5
        report = bot.run()
        ox, oy = source.origin
    events = read_log(log)
    layout = next(e for e in events if e["event"] == "layout")
    allowed = [layout[k] for k in ("board", "keys", "submit") if k in layout]
    stray = [(x, y) for _, x, y in driver.pointer()
             if not any(bx <= x - ox <= bx + bw and by <= y - oy <= by + bh for bx, by, bw, bh in allowed)]
    return report, events, stray, driver.pointer()


def check_game(report, events, stray, moves: int = MOVES) -> None:
    mine = [e for e in events if e["event"] == "submit"]
    assert not report.failed, report.summary()
    assert stray == []
    assert [e for e in mine if not e["accepted"]] == [], report.summary()
    assert [e["word"] for e in mine] == report.moves and len(report.moves) == moves, report.summary()
    theirs = [(*e["cell"], e["letter"]) for e in events if e["event"] == "opponent" and not e["passed"]]
    assert report.opponent == theirs[: len(report.opponent)]  # each letter read right
    assert len(report.opponent) >= min(len(theirs), moves - 1)  # every reply before our last move seen


@pytest.mark.parametrize("variant", sorted(BALDA_VARIANTS))
def test_zero_setup_moves_on_each_variant(variant, tmp_path, data_dir, window_manager):
    report, events, stray, _ = play(variant, tmp_path / "game.jsonl")
    check_game(report, events, stray)
    start = events[0]
    saved = load_profile("balda-variant").balda  # what the first move found is kept
    assert saved.entry == start["entry"] and saved.opponent == start["opponent"]


def test_a_kept_profile_plays_without_trying(tmp_path, data_dir, window_manager):
    """The saved entry and opponent are used as they are: each move is the cell, the key and the
    drag, with no probing tap, and no wait for a reply."""
    report, events, stray, _ = play("practice-drag", tmp_path / "first.jsonl", moves=1)
    check_game(report, events, stray, moves=1)
    kept = load_profile("balda-variant")
    report, events, stray, sent = play("practice-drag", tmp_path / "again.jsonl", profile=kept)
    check_game(report, events, stray)
    assert sum(kind == "tap" for kind, *_ in sent) == 2 * MOVES
    assert max(report.move_seconds) < 2.0, report.move_seconds


def test_words_the_game_lists_beside_the_board_are_never_played(tmp_path, data_dir, window_manager):
    """A resumed game lists the words played in an earlier session (the start position's best):
    they are read from the window and left out."""
    report, events, stray, _ = play("history", tmp_path / "game.jsonl")
    check_game(report, events, stray)
    earlier = set(events[0]["used"]) - {events[0]["used"][0]}
    assert earlier and earlier <= set(report.history), (earlier, report.history)


class HeldPress(PyAutoGUIDriver):
    """The desktop's mouse, with the window manager stopped for 2 s from the first press of a drag:
    it holds that press (openbox takes presses on client windows in a synchronous grab) and the
    game gets it, and the drag's moves in one burst, only afterwards."""

    def __init__(self, wm):
        super().__init__()
        self.wm, self.held = wm, False

    def press(self, x: float, y: float) -> None:
        if not self.held:
            self.held = True
            os.kill(self.wm.pid, signal.SIGSTOP)
            threading.Timer(2.0, os.kill, (self.wm.pid, signal.SIGCONT)).start()
        super().press(x, y)


def test_a_drag_the_game_does_not_show_as_planned_is_cancelled_not_sent(tmp_path, data_dir, window_manager):
    if window_manager is None:
        pytest.skip("another window manager runs on this display")
    try:
        report, events, stray, _ = play("practice-drag", tmp_path / "game.jsonl", moves=2,
                                        mouse=HeldPress(window_manager))
    finally:
        os.kill(window_manager.pid, signal.SIGCONT)
    check_game(report, events, stray, moves=2)
