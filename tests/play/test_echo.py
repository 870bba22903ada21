"""The word under way spelt outside the board (``wordbot.play.echo``): where it is learned from the
first drags, and each dragged cell waited for until the spelt word changes."""

import numpy as np

from wordbot.games import FeedbackSpec
from wordbot.play.echo import Echo
from wordbot.play.feedback import LEARN_WORDS, Watch
from wordbot.play.seat import Frame

BOARD = (100, 120, 200, 200)  # 4x4 tiles of 50 px under a header


def watch() -> Watch:
    return Watch(BOARD, [(125 + 50 * c, 145 + 50 * r) for r in range(4) for c in range(4)], 50)


def window() -> np.ndarray:
    image = np.full((360, 400, 3), 30, np.uint8)
    image[120:320, 100:300] = 180  # the board
    return image


def spelt(letters: int, base: np.ndarray | None = None) -> np.ndarray:
    """The window with ``letters`` block letters on a line centred above the board (rows 70-95)."""
    image = (base if base is not None else window()).copy()
    left = 200 - 12 * letters
    for i in range(letters):
        image[70:95, left + 24 * i: left + 24 * i + 18] = 240
    return image


def frames(*images: np.ndarray):
    """A grab that returns ``images`` in turn, then the last one for ever."""
    queue = list(images)

    def grab() -> Frame:
        return Frame(queue.pop(0) if len(queue) > 1 else queue[0], (0, 0))
    return grab


def test_the_line_every_drag_changed_while_held_is_learned():
    echo, w = Echo(frames(window()), FeedbackSpec(), say=lambda _: None), watch()
    held = [spelt(4), spelt(6), spelt(3)]
    toast = spelt(4)
    toast[330:350, 150:250] = 90  # the last word's toast under the board, in one drag only
    held[0] = toast
    assert [echo.learn(w, window(), h) for h in held] == [False, False, True]
    x, y, width, h = echo.spec.echo
    assert 65 <= y <= 70 and 95 <= y + h <= 100 and width >= 6 * 24 - 6  # the line, not the toast
    assert echo.done and echo.known


def test_a_game_that_shows_nothing_while_held_or_nothing_in_one_place_has_no_line():
    w = watch()
    nothing = Echo(frames(window()), FeedbackSpec(), say=lambda _: None)
    for _ in range(LEARN_WORDS):
        assert not nothing.learn(w, window(), window())
    assert nothing.done and not nothing.known
    scattered = Echo(frames(window()), FeedbackSpec(), say=lambda _: None)
    places = [(slice(10, 30), slice(10, 60)), (slice(330, 350), slice(150, 250)),
              (slice(200, 230), slice(320, 380))]
    for rows, cols in places:  # a clock, a toast, a side panel: a different place each time
        held = window()
        held[rows, cols] = 250
        scattered.learn(w, window(), held)
    assert scattered.done and not scattered.known


def test_a_cell_is_taken_once_the_spelt_word_changed_and_holds_still():
    spec = FeedbackSpec(echo=(128, 70, 144, 25))
    before = spelt(2)
    half = spelt(2)
    half[70:95, 176 + 24: 176 + 24 + 9] = 240  # the third letter half drawn, then whole
    grabbed = []
    grab = frames(before, before, half, spelt(3), spelt(3))
    echo = Echo(lambda: grabbed.append(1) or grab(), spec, say=lambda _: None)
    frame = echo.step(watch(), before, wait=2.0)
    assert frame is not None and np.array_equal(frame.image, spelt(3)) and len(grabbed) == 5


def test_a_line_that_stops_changing_with_the_cells_is_forgotten():
    said = []
    spec = FeedbackSpec(echo=(128, 70, 144, 25))
    busy = window()
    busy[330:350, 150:250] = 90  # something changes, but not on the line
    echo = Echo(frames(busy), spec, say=said.append)
    for i in range(LEARN_WORDS):
        assert echo.step(watch(), window(), wait=0.05) is None
        assert echo.known == (i < LEARN_WORDS - 1)
    assert said and spec.echo is None


def test_the_line_is_no_longer_masked_out_of_the_next_reply():
    """What still changed from the last reply is masked out of the next; the spelt line is the new
    word's (its first cell replaced what the line showed), so its rows stay in."""
    stirred = np.zeros((360, 400), bool)
    stirred[75:90, 150:250] = True  # the last word, fading on the line
    stirred[330:350, 150:250] = True  # a toast under the board, fading
    assert Echo(frames(window()), FeedbackSpec(), say=print).unmask(stirred) is stirred
    kept = Echo(frames(window()), FeedbackSpec(echo=(128, 70, 144, 25)), say=print).unmask(stirred)
    assert not kept[70:95].any() and kept[330:350, 150:250].all() and stirred[75:90].any()
    only_line = np.zeros((360, 400), bool)
    only_line[75:90, 150:250] = True
    assert Echo(frames(window()), FeedbackSpec(echo=(128, 70, 144, 25)), say=print).unmask(only_line) is None
