"""Pacing, bounds and stops of the input layer, on a recording driver."""

import random
import threading

import pytest

from wordbot.act import Actor, Bounds, Moved, OutOfBounds, Pacing, Shown, Stopped
from wordbot.act.recording import RecordingDriver

FAST = Pacing(settle=0, step=0, hold=0, between=0, glide=1)
BOARD = Bounds(((100, 100, 200, 200), (400, 100, 50, 30)))


def recorder(stop_after: int | None = None, stop: threading.Event | None = None) -> RecordingDriver:
    """A recording driver; with ``stop_after``, ``stop`` is set after that many events."""
    on_event = None if stop_after is None else (lambda n: stop.set() if n >= stop_after else None)
    return RecordingDriver(on_event=on_event)


def test_swipe_presses_moves_through_each_point_and_releases():
    rec = recorder()
    Actor(rec, BOARD, FAST).swipe([(110, 110), (150, 150), (190, 110)])
    assert rec.events == [("move", 110, 110), ("press", 110, 110), ("move", 150, 150),
                          ("move", 190, 110), ("release", 190, 110)]


def test_a_point_outside_the_board_refuses_the_whole_gesture():
    rec = recorder()
    with pytest.raises(OutOfBounds):
        Actor(rec, BOARD, FAST).swipe([(110, 110), (150, 150), (350, 150)])
    with pytest.raises(OutOfBounds):
        Actor(rec, BOARD, FAST).taps([(420, 110), (0, 0)])
    assert rec.events == []


def test_buttons_are_allowed_taps():
    rec = recorder()
    Actor(rec, BOARD, FAST).taps([(420, 110), (120, 120)])
    assert rec.events == [("tap", 420, 110), ("tap", 120, 120)]


def test_stop_mid_swipe_finishes_the_word_then_stops():
    stop = threading.Event()
    rec = recorder(stop_after=3, stop=stop)
    actor = Actor(rec, BOARD, FAST, stop=stop)
    with pytest.raises(Stopped):
        actor.swipe([(110, 110), (150, 150), (190, 110), (190, 190)])
    assert rec.events[-2:] == [("move", 190, 190), ("release", 190, 190)]  # no half word submitted
    with pytest.raises(Stopped):
        actor.swipe([(110, 110), (150, 150)])
    assert len(rec.events) == 6  # nothing more


def test_jitter_stays_near_the_centre_and_inside_the_bounds():
    rec = recorder()
    pacing = Pacing(settle=0, step=0, hold=0, between=0, glide=1, jitter=4)
    Actor(rec, BOARD, pacing, rng=random.Random(1)).swipe([(101, 101), (200, 200)])
    for _, x, y in rec.events:
        assert BOARD.contains((x, y))
    moved = [e for e in rec.events if e[0] == "move"]
    assert abs(moved[1][1] - 200) <= 4 and abs(moved[1][2] - 200) <= 4


def test_a_moved_window_stops_a_swipe_before_the_press():
    rec = recorder()
    with pytest.raises(Moved):
        Actor(rec, BOARD, FAST, guard=lambda: (5, 0)).swipe([(110, 110), (150, 150)])
    assert [e[0] for e in rec.events] == ["move"]


def test_a_swipe_in_progress_follows_its_window():
    rec = recorder()
    offsets = iter([(0, 0), (0, 0), (30, 20)])
    Actor(rec, BOARD, FAST, guard=lambda: next(offsets)).swipe([(110, 110), (150, 150), (190, 110)])
    assert rec.events[2:] == [("move", 150, 150), ("move", 220, 130), ("release", 220, 130)]


def test_a_swipe_glides_so_every_cell_on_the_way_gets_its_own_moves():
    rec = recorder()
    Actor(rec, BOARD, Pacing(settle=0, step=0, hold=0, between=0, glide=4)).swipe([(110, 110), (150, 110)])
    moves = [e[1] for e in rec.events if e[0] == "move"]
    assert moves == [110, 120, 130, 140, 150]


def test_a_path_the_game_does_not_show_is_cancelled_back_along_itself():
    rec = recorder()
    seen = []

    def check(k):  # the game shows the first two cells, then misses the third
        seen.append(k)
        return k < 3

    done = Actor(rec, BOARD, FAST).swipe([(110, 110), (150, 110), (190, 110), (190, 150)], check=check)
    assert not done and seen == [1, 2, 3, 2, 1]
    xs = [(e[0], e[1], e[2]) for e in rec.events]
    assert xs[-4:] == [("move", 190, 110), ("move", 150, 110), ("move", 110, 110), ("release", 110, 110)]
    assert ("move", 190, 150) not in xs


@pytest.mark.parametrize("shown", [Shown.PATH, Shown.UNSEEN, True])
def test_the_pointer_dwells_on_each_cell_until_the_game_shows_the_path(monkeypatch, shown):
    slept = []
    monkeypatch.setattr("wordbot.act.base.time.sleep", slept.append)
    pacing = Pacing(settle=0, step=0.04, hold=0, between=0, glide=4)
    points = [(110, 110), (150, 110), (190, 110), (190, 150)]
    assert Actor(recorder(), BOARD, pacing).swipe(points, check=lambda k: shown)
    if shown == Shown.PATH:  # the game showed each cell: no dwell, no paced glide, no hold at the end
        assert slept == []
    else:  # a game that shows nothing (True: a plain yes) gets a step on each cell, glides paced
        assert slept.count(pacing.step) == 4 and slept.count(pacing.step / 4) == 3 * 3


def test_click_path_confirms_by_the_last_cell_enter_or_a_button_and_cancels_with_escape():
    rec = recorder()
    actor = Actor(rec, BOARD, FAST)
    assert actor.click_path([(110, 110), (150, 150)], "last")
    assert rec.events == [("tap", 110, 110), ("tap", 150, 150), ("tap", 150, 150)]
    rec.events.clear()
    assert actor.click_path([(110, 110)], "enter") and rec.events[-1] == ("key", "Return")
    rec.events.clear()
    assert actor.click_path([(110, 110)], "button", button=(420, 110)) and rec.events[-1] == ("tap", 420, 110)
    with pytest.raises(OutOfBounds):
        actor.click_path([(110, 110)], "button", button=(0, 0))
    rec.events.clear()
    assert not actor.click_path([(110, 110), (150, 150)], "last", check=lambda k: k < 2)
    assert rec.events == [("tap", 110, 110), ("tap", 150, 150), ("key", "Escape")]


def test_a_tap_the_game_lost_is_tapped_again_once_then_the_word_is_cancelled():
    rec = recorder()
    answers = iter([Shown.PATH, Shown.LOST, Shown.PATH])
    actor = Actor(rec, BOARD, FAST)
    assert actor.click_path([(110, 110), (150, 150)], "enter", check=lambda k: next(answers))
    assert rec.events == [("tap", 110, 110), ("tap", 150, 150), ("tap", 150, 150), ("key", "Return")]
    rec.events.clear()
    answers = iter([Shown.PATH, Shown.LOST, Shown.LOST])
    assert not actor.click_path([(110, 110), (150, 150)], "enter", check=lambda k: next(answers))
    assert rec.events == [("tap", 110, 110), ("tap", 150, 150), ("tap", 150, 150), ("key", "Escape")]


def test_typed_words_end_with_return_or_are_cleared_and_typed_again_when_the_game_got_other_text():
    rec = recorder()
    assert Actor(rec, BOARD, FAST).type_word("кот")
    assert rec.events == [("write", "кот"), ("key", "Return")]
    rec.events.clear()
    cleared = [*[("key", "BackSpace")] * 5, ("key", "Escape")]
    assert not Actor(rec, BOARD, FAST).type_word("кот", ready=lambda: False)
    assert rec.events == [("write", "кот"), *cleared, ("write", "кот"), *cleared]  # twice, then given up
    rec.events.clear()
    answers = iter([False, True])  # a key lost the first time
    assert Actor(rec, BOARD, FAST).type_word("кот", ready=lambda: next(answers))
    assert rec.events == [("write", "кот"), *cleared, ("write", "кот"), ("key", "Return")]


def test_a_word_typed_ahead_is_sent_without_typing_it_again_and_retyped_only_when_the_game_lost_a_key():
    rec = recorder()
    actor = Actor(rec, BOARD, FAST)
    actor.write("кот")
    assert actor.type_word("кот", written=True)
    assert rec.events == [("write", "кот"), ("key", "Return")]
    rec.events.clear()
    answers = iter([False, True])  # the game cleared it (or lost a key) while it showed the last reply
    assert actor.type_word("кот", ready=lambda: next(answers), written=True)
    assert rec.events == [*[("key", "BackSpace")] * 5, ("key", "Escape"), ("write", "кот"), ("key", "Return")]
    rec.events.clear()
    actor.erase("кот")
    assert rec.events == [*[("key", "BackSpace")] * 5, ("key", "Escape")]
