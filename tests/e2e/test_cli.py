"""``wordbot play`` as a user runs it, against the simulated games (Xvfb)."""

import json
import os
import subprocess
import sys

import pytest
from harness import simgame, submissions

pytestmark = [pytest.mark.gui, pytest.mark.slow]


def wordbot(*args: str, timeout: float = 90) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", "from wordbot.cli import main; main()", *args],
                          capture_output=True, text=True, timeout=timeout, env=os.environ.copy())


def test_play_auto_on_the_grid_game(tmp_path, data_dir):
    log = tmp_path / "game.jsonl"
    with simgame(log, "grid", "--seed", "5", "--duration", "30"):
        done = wordbot("play", "--window", "simgame — grid", "--game", "wordsmania", "--auto",
                       "--duration", "14", "--annotate", str(tmp_path / "overlay.png"), "--json")
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout)
    subs = submissions(log)
    assert summary["accepted"] == len(subs) > 5
    assert all(s["accepted"] for s in subs)
    assert (tmp_path / "overlay.png").stat().st_size > 1000


def test_play_balda_suggests_without_auto_and_touches_nothing(tmp_path, data_dir):
    log = tmp_path / "balda.jsonl"
    with simgame(log, "balda", "--seed", "2"):
        done = wordbot("play", "--window", "simgame — balda", "--game", "balda", "--turns", "1",
                       "--json", timeout=60)
    assert done.returncode == 0, done.stderr
    assert "move:" in done.stderr
    assert [e for e in submissions(log)] == []


def test_bad_game_is_one_line_and_exit_2():
    done = wordbot("play", "--region", "0,0,10,10", "--game", "anagram")
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and "anagram" in done.stderr
    done = wordbot("play", "--region", "0,0,10,10", "--game", "boggle", "--input", "mouse")
    assert done.returncode == 2 and done.stderr.count("\n") == 1 and "--input" in done.stderr


def test_ctrl_c_stops_after_the_swipe_in_progress(tmp_path, data_dir):
    import signal
    import time

    log = tmp_path / "game.jsonl"
    with simgame(log, "grid", "--seed", "8", "--duration", "30"):
        proc = subprocess.Popen([sys.executable, "-c", "from wordbot.cli import main; main()", "play",
                                 "--window", "simgame — grid", "--game", "wordsmania", "--auto", "--json"],
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        deadline = time.monotonic() + 30
        while not any(e["event"] == "submit" for e in submissions(log)) and time.monotonic() < deadline:
            time.sleep(0.1)
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=20)
    assert proc.returncode == 0, err
    assert json.loads(out)["stopped"] == "stopped by the user"
    assert all(s["accepted"] for s in submissions(log))


def test_no_board_on_screen_ends_with_one_line_and_exit_2(data_dir):
    done = wordbot("play", "--region", "0,0,400,400", "--game", "wordsmania", "--auto", "--duration", "3")
    assert done.returncode == 2
    errors = [line for line in done.stderr.splitlines() if line.startswith("wordbot: error:")]
    assert len(errors) == 1 and errors[0].startswith("wordbot: error: no board seen for 8 s"), errors
    assert errors[0].endswith(": stopping")
    assert "Traceback" not in done.stderr
