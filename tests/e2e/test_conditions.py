"""More conditions of a live round: the window moved, a word the game does not know, the stop key."""

import json
import subprocess
import threading
import time

import pytest
from harness import player, simgame, submissions

pytestmark = [pytest.mark.gui, pytest.mark.slow]


@pytest.mark.xfail(strict=False, reason="known limit: a window moved during a drag's few milliseconds "
                   "between two pointer steps can reach the game as a foreign cell (README)")
def test_moved_window_is_followed_without_wrong_swipes(tmp_path, data_dir):
    log = tmp_path / "game.jsonl"
    with simgame(log, "grid", "--seed", "6", "--duration", "30") as (proc, source):
        def move():
            subprocess.run(["xdotool", "search", "--name", "wordbot simgame", "windowmove", "420", "160"],
                           check=False)
        threading.Timer(5.0, move).start()
        report = player(source, duration=14).run()
    subs = submissions(log)
    assert all(s["accepted"] for s in subs), [s for s in subs if not s["accepted"]]
    assert source.origin[0] >= 400, "the window did not move"
    # play went on at the new place: words taken well after the move
    assert sum(s["t"] > subs[0]["t"] + 8 for s in subs) >= 3, report.summary()


EXCLUDE = ("--seed", "1", "--duration", "30", "--exclude", "колибри,криолит")


def test_words_the_game_refuses_are_blacklisted_for_next_time(tmp_path, data_dir):
    log = tmp_path / "game.jsonl"
    with simgame(log, "grid", *EXCLUDE) as (_, source):
        report = player(source, duration=25).run()
    refused = [s["word"] for s in submissions(log) if not s["accepted"]]
    assert set(refused) == {"колибри", "криолит"} and set(report.rejected) == set(refused)
    saved = json.loads((data_dir / "learned" / "simgame-ru.json").read_text(encoding="utf-8"))
    assert set(saved["blacklist"]) == {"колибри", "криолит"}
    log2 = tmp_path / "game2.jsonl"
    with simgame(log2, "grid", *EXCLUDE) as (_, source):
        player(source, duration=6).run()
    assert all(s["accepted"] for s in submissions(log2))


def test_stop_key_stops_a_round_at_once(tmp_path, data_dir):
    from wordbot.act import StopHotkey

    log = tmp_path / "game.jsonl"
    with simgame(log, "grid", "--seed", "7", "--duration", "30") as (proc, source):
        stop = threading.Event()
        hotkey = StopHotkey(stop)
        assert hotkey.available
        threading.Timer(2.5, lambda: subprocess.run(["xdotool", "key", "Pause"], check=False)).start()
        t0 = time.monotonic()
        report = player(source, duration=25, stop=stop).run()
        took = time.monotonic() - t0
        hotkey.close()
        subprocess.run(["xdotool", "mouseup", "1"], check=False)
    assert "stopped" in report.stopped and took < 10
    assert all(s["accepted"] for s in submissions(log))


def test_words_the_game_takes_beyond_the_bundled_list_are_whitelisted(tmp_path, data_dir):
    from wordbot import Lexicon

    bundled = Lexicon.builtin("ru")
    assert "ерпвлоки" not in bundled  # board 1 snakes е р п в / и к о л: 8 points, played after the
    # likeliest words (they teach what an acceptance looks like), which follow a 3 s idle watch
    log = tmp_path / "game.jsonl"
    with simgame(log, "grid", "--seed", "1", "--duration", "40", "--extra", "ерпвлоки") as (_, source):
        p = player(source, duration=15)
        p.lex = Lexicon.from_words(bundled.words + ["ерпвлоки"], "ru")  # the user's bigger list (--dict)
        p.learned.whitelist.clear()
        p.run()
    took = {s["word"] for s in submissions(log) if s["accepted"]}
    assert "ерпвлоки" in took
    saved = json.loads((data_dir / "learned" / "simgame-ru.json").read_text(encoding="utf-8"))
    assert saved["whitelist"] == ["ерпвлоки"]
