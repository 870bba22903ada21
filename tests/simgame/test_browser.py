"""The browser grid game in a real Chromium window: read right, judged and logged by the server,
the path coloured only while the button is held, and what a fast drag looks like to a page."""

import json
import time

import numpy as np
import pytest

import wordbot
from wordbot.act import Actor, Bounds, Pacing
from wordbot.games import game
from wordbot.simgame.browser import browser_game
from wordbot.simgame.gamelog import read_log

pytestmark = [pytest.mark.gui, pytest.mark.slow, pytest.mark.usefixtures("window_manager")]

PLAIN, NEW, FOUND, HELD = (168, 217, 240), (121, 210, 121), (66, 212, 245), (255, 255, 255)  # BGR, style.css
GREY = (158, 158, 158)


class Board:
    """The board as the bot sees it on screen: letters, screen centres, the tile pitch."""

    def __init__(self, source, lang: str):
        frame = source.grab()
        self.source = source
        self.reading = wordbot.read_board(frame, lang)
        ox, oy = source.origin
        self.centres = [(x + ox, y + oy) for x, y in self.reading.centres]
        x, y, w, h = self.reading.board_box
        self.bounds = Bounds(((x + ox, y + oy, w, h),))

    def points(self, path) -> list[tuple[float, float]]:
        return [self.centres[r * self.reading.cols + c] for r, c in path]

    def colours(self, path) -> list[np.ndarray]:
        """Each tile's fill beside its letter (a third of the pitch up and left of its centre)."""
        frame, (ox, oy) = self.source.grab(), self.source.origin
        d = self.reading.tile * 0.33
        return [frame[round(y - d - oy), round(x - d - ox)].astype(int) for x, y in self.points(path)]


def near(colours, bgr) -> bool:
    return all(np.abs(c - bgr).max() < 24 for c in colours)


def wait_for(cond, timeout: float = 10.0):
    """``cond()``'s first true value, polled until the deadline (busy machines paint late)."""
    deadline = time.monotonic() + timeout
    while not (value := cond()):
        if time.monotonic() > deadline:
            raise AssertionError("condition not met in time")
        time.sleep(0.05)
    return value


def logged(log) -> list[dict]:
    """The events of a log the game may be writing: its complete lines only."""
    text = log.read_text(encoding="utf-8")
    return [json.loads(line) for line in text[:text.rfind("\n") + 1].splitlines() if line]


def submits(log, n: int, timeout: float = 10.0) -> list[dict]:
    """The log's submissions once there are at least ``n``."""
    def enough():
        subs = [e for e in logged(log) if e["event"] == "submit"]
        return subs if len(subs) >= n else None
    return wait_for(enough, timeout)


def word_path(tiles, size: int, lang: str, word: str):
    found = wordbot.solve_grid(tiles, size, size, wordbot.Lexicon.builtin(lang), 3, "wordhunt")
    return next(f.path for f in found if f.word == word)


def driver():
    from wordbot.act.pyautogui_driver import PyAutoGUIDriver

    return PyAutoGUIDriver()


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5])
def test_page_reads_right(tmp_path, lang, seed):
    log = tmp_path / "g.jsonl"
    with browser_game(log, lang=lang, seed=seed) as (_, source):
        reading = wordbot.read_board(source.grab(), lang)
    assert reading.tiles == read_log(log)[0]["tiles"]
    assert reading.doubtful == []


def test_five_by_five_reads_right(tmp_path):
    with browser_game(tmp_path / "g.jsonl", lang="en", seed=1, size=5) as (web, source):
        reading = wordbot.read_board(source.grab(), "en")
    assert (reading.rows, reading.cols, reading.doubtful) == (5, 5, [])
    assert reading.tiles == web.game.judge.tiles


def test_drags_are_judged_and_logged(tmp_path):
    log = tmp_path / "g.jsonl"
    with browser_game(log, lang="ru", seed=1) as (web, source):
        board = Board(source, "ru")
        start = logged(log)[0]
        word = start["board_words"][0]
        path = word_path(start["tiles"], 4, "ru", word)
        actor = Actor(driver(), board.bounds, Pacing(step=0.12, between=0.3))
        actor.swipe(board.points(path))
        actor.swipe(board.points(path))  # again: already found
        actor.swipe(board.points([(0, 0), (0, 1), (1, 1), (0, 1)]))  # back onto (0, 1) undoes (1, 1)
        subs = submits(log, 3)
        wait_for(lambda: web.game.judge.score > 0)
    assert [(s["word"], s["path"], s["accepted"], s["reason"]) for s in subs[:2]] == [
        (word, [list(p) for p in path], True, "ok"), (word, [list(p) for p in path], False, "already found")]
    assert subs[2]["path"] == [[0, 0], [0, 1]]
    assert subs[0]["points"] == int(game("wordhunt").scoring.length_table(len(word))[len(word)])
    assert [e["event"] for e in read_log(log)][-2:] == ["end", "summary"]


def test_path_is_coloured_only_while_held(tmp_path):
    log = tmp_path / "g.jsonl"
    with browser_game(log, lang="en", seed=2) as (web, source):
        board = Board(source, "en")
        word = web.game.board_words[0]
        path = word_path(web.game.judge.tiles, 4, "en", word)
        actor = Actor(driver(), board.bounds, Pacing(step=0.12, between=0.0))
        seen = []

        def held(cells, expect):
            def check(k: int) -> bool:  # called with the button still down on the k-th tile
                if k == len(cells):
                    seen.append(wait_for(lambda: near(board.colours(cells), expect)))
                return True
            return check

        off = [(0, 0), (0, 1)]  # two letters: never a word of the list
        for cells, expect in ((path, NEW), (path, FOUND), (off, HELD)):  # new, already found, no word
            actor.swipe(board.points(cells), check=held(cells, expect))
            wait_for(lambda cells=cells: near(board.colours(cells), PLAIN))  # plain again after release
    assert len(seen) == 3


def test_times_up_greys_the_board_and_ends_the_round(tmp_path):
    log = tmp_path / "g.jsonl"
    with browser_game(log, lang="ru", seed=1, duration=3) as (web, source):
        board = Board(source, "ru")
        cells = [(0, 0), (0, 1), (0, 2)]
        wait_for(lambda: near(board.colours(cells), GREY) and web.game.wait(0))
        Actor(driver(), board.bounds, Pacing(step=0.12)).swipe(board.points(cells))  # too late
        time.sleep(0.5)  # a submission would take a few ms; give a busy machine more
    events = read_log(log)
    assert [e["event"] for e in events] == ["start", "end", "summary"]
    assert events[1]["reason"] == "time"


@pytest.mark.parametrize("step", [0.0, 0.005, 0.015])
def test_fast_drags_may_skip_tiles(tmp_path, capsys, step):
    """What fast drags become in a browser (15 ms is the Actor's default pace): logged, not
    asserted, since it depends on the load."""
    log = tmp_path / "g.jsonl"
    with browser_game(log, lang="en", seed=3, duration=120) as (web, source):
        board = Board(source, "en")
        tiles = web.game.judge.tiles
        found = wordbot.solve_grid(tiles, 4, 4, wordbot.Lexicon.builtin("en"), 3, "wordhunt")
        paths = [f.path for f in found if len(f.path) >= 5][:10] or [f.path for f in found[:10]]
        actor = Actor(driver(), board.bounds, Pacing(step=step, hold=step, between=0.0))
        outcomes = []
        for path in (paths * 3)[:30]:
            before = len([e for e in logged(log) if e["event"] == "submit"])
            actor.swipe(board.points(path))
            try:
                got = submits(log, before + 1, timeout=3)[before]["path"]
            except AssertionError:
                got = None  # nothing submitted (the press never reached a tile)
            outcomes.append((path, got))
    other = [(p, g) for p, g in outcomes if g != [list(c) for c in p]]
    with capsys.disabled():
        print(f"\nfast drags, {step * 1000:.0f} ms a tile: {len(other)} of {len(outcomes)} reached the page "
              "as another path")
        for p, g in other[:5]:
            print("  sent", "".join(tiles[r * 4 + c] for r, c in p), "got",
                  g and "".join(tiles[r * 4 + c] for r, c in g))
    assert len(outcomes) == 30


def test_line_submit_takes_clicks_sent_by_its_button(tmp_path):
    """line-submit: its 5x5 board reads right beside the letters' values; clicked tiles
    go only by Submit (Return does nothing), a tap on the last tile takes it back, and the words
    are 4 letters or more."""
    log = tmp_path / "g.jsonl"
    with browser_game(log, lang="en", seed=1, variant="line-submit") as (web, source):
        board = Board(source, "en")
        tiles = web.game.judge.tiles
        assert (board.reading.tiles, board.reading.doubtful) == (tiles, [])
        word = web.game.board_words[0]
        path = word_path(tiles, 5, "en", word)
        found = wordbot.solve_grid(tiles, 5, 5, wordbot.Lexicon.builtin("en"), 3, "wordhunt")
        three = next(f.path for f in found if len(f.path) == 3)
        x, y, w, h = board.reading.board_box
        ox, oy = source.origin
        submit = (ox + x + w / 2 + 85, oy + y + h + 91)  # style.css: 20 px apart, 150 x 54, under the pill
        actor = Actor(driver(), board.bounds, Pacing(between=0.2))
        actor.taps(board.points(path))
        actor.taps(board.points(path[-1:]))  # taken back: the word without its last letter is selected
        actor.finish()
        actor.driver.key("Return")
        time.sleep(0.5)
        assert [e for e in logged(log) if e["event"] == "submit"] == []
        actor.driver.tap(*submit)
        actor.taps(board.points(three))
        actor.finish()
        actor.driver.tap(*submit)
        subs = submits(log, 2)
    assert [s["path"] for s in subs] == [[list(p) for p in path[:-1]], [list(p) for p in three]]
    assert subs[1]["reason"] == "too short"
