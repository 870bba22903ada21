"""The grid game window under a real mouse: it takes words, refuses bad paths, logs everything."""

import time

import numpy as np
import pytest

from wordbot.act import Actor, Bounds, Pacing
from wordbot.simgame.gamelog import read_log
from wordbot.simgame.launch import running

pytestmark = pytest.mark.gui

AT, MARGIN, HEADER, TILE, GAP = (40, 40), 30, 80, 96, 12  # the window's layout (grid_app)


def centre(r: int, c: int, at: tuple[int, int] = AT) -> tuple[int, int]:
    """A tile's centre on screen (``at``: the window's client origin; a window manager shifts it)."""
    return at[0] + MARGIN + c * (TILE + GAP) + TILE // 2, at[1] + HEADER + r * (TILE + GAP) + TILE // 2


def submitted(log, n: int, timeout: float = 5.0) -> list[dict]:
    """The game's submissions once it logged ``n`` (a busy game judges a release late)."""
    deadline = time.monotonic() + timeout
    while True:
        subs = [e for e in read_log(log) if e["event"] == "submit"]
        if len(subs) >= n or time.monotonic() > deadline:
            return subs
        time.sleep(0.05)


def test_drags_are_judged_and_logged(tmp_path):
    from wordbot.act.pyautogui_driver import PyAutoGUIDriver

    log = tmp_path / "g.jsonl"
    with running("grid", "--seed", "1", "--duration", "20", log=log, at=AT) as (_, source):
        start = read_log(log)[0]
        tiles = start["tiles"]
        first = start["board_words"][0]
        import wordbot

        path = next(f.path for f in wordbot.solve_grid(tiles, 4, 4, wordbot.Lexicon.builtin("ru"), 3,
                                                       "wordsmania") if f.word == first)
        at = source.locate()
        actor = Actor(PyAutoGUIDriver(), Bounds(((*at, 480, 590),)), Pacing(between=0.2))
        actor.swipe([centre(*p, at) for p in path])
        actor.finish()  # the pause after it (0.2 s): the game has judged it
        frame = source.grab()  # the word's tiles flash green
        x, y = centre(*path[0], at)
        green = frame[y - source.origin[1] - 35, x - source.origin[0] - 35]
        actor.swipe([centre(*p, at) for p in path])  # again: already found
        actor.swipe([centre(0, 0, at), centre(0, 2, at), centre(1, 2, at)])  # slides over (0, 1) on the way
        subs = submitted(log, 3)
    assert [(s["word"], s["accepted"], s["reason"]) for s in subs[:2]] == [(first, True, "ok"),
                                                                         (first, False, "already found")]
    assert subs[2]["path"] == [[0, 0], [0, 1], [0, 2], [1, 2]]  # a finger cannot skip a tile
    assert (subs[2]["word"], subs[2]["reason"]) == ("ерпо", "not a word")
    assert np.abs(green.astype(int) - (106, 187, 102)).max() < 20  # BGR of the accepted colour
