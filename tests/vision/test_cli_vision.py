"""``wordbot read`` and ``wordbot calibrate`` end to end (a subprocess, as a user runs them)."""

import json
import subprocess
import sys

import cv2
import numpy as np

from wordbot.ocr.synthetic import render

from .conftest import look


def wordbot(*args):
    return subprocess.run([sys.executable, "-m", "wordbot", *args], capture_output=True, text=True,
                          timeout=120)


def assert_one_line_error(result, needle: str):
    assert result.returncode == 2, result
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and needle in lines[0], result.stderr
    assert result.stdout == ""


def test_read_json_and_annotate(tmp_path, rng):
    shot = render(rng, look(), 4, 4, tile=64)
    cv2.imwrite(str(tmp_path / "shot.png"), shot.image)
    r = wordbot("read", str(tmp_path / "shot.png"), "--json", "--annotate", str(tmp_path / "out.png"))
    assert r.returncode == 0, r.stderr
    doc = json.loads(r.stdout)
    assert (doc["rows"], doc["cols"]) == (4, 4)
    assert doc["tiles"] == shot.tiles
    assert len(doc["confidence"]) == len(doc["centres"]) == 16
    assert doc["doubtful"] == []
    annotated = cv2.imread(str(tmp_path / "out.png"))
    assert annotated.shape == shot.image.shape and not np.array_equal(annotated, shot.image)


def test_read_text(tmp_path, rng):
    shot = render(rng, look(), 3, 3, tile=64)
    cv2.imwrite(str(tmp_path / "shot.png"), shot.image)
    r = wordbot("read", str(tmp_path / "shot.png"))
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert lines[0].startswith("3x3 board at")
    assert lines[1] == " ".join(ch.upper() for ch in shot.tiles[:3])


def test_read_bad_input(tmp_path):
    (tmp_path / "text.png").write_text("hello")
    assert_one_line_error(wordbot("read", str(tmp_path / "text.png")), "cannot read")
    assert_one_line_error(wordbot("read", str(tmp_path / "missing.png")), "no such image")
    cv2.imwrite(str(tmp_path / "plain.png"), np.full((600, 800, 3), 128, np.uint8))
    assert_one_line_error(wordbot("read", str(tmp_path / "plain.png")), "no letter board")
    cv2.imwrite(str(tmp_path / "tiny.png"), np.zeros((3, 3, 3), np.uint8))
    assert_one_line_error(wordbot("read", str(tmp_path / "tiny.png")), "no letter board")


def test_calibrate_learn_and_read_with_profile(tmp_path, rng):
    shot = render(rng, look(font="freefont/FreeSerifBold.ttf"), 6, 6, tile=60)
    cv2.imwrite(str(tmp_path / "shot.png"), shot.image)
    labels = "/".join("".join(shot.tiles[r * 6:(r + 1) * 6]) for r in range(6))
    r = wordbot("calibrate", "--name", "test-game", "--image", str(tmp_path / "shot.png"), "--learn", labels,
                "--json")
    assert r.returncode == 0, r.stderr
    doc = json.loads(r.stdout)
    assert (doc["rows"], doc["cols"]) == (6, 6) and doc["learned_templates"] > 0
    r = wordbot("read", str(tmp_path / "shot.png"), "--profile", "test-game", "--json")
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["tiles"] == shot.tiles
    assert_one_line_error(wordbot("read", str(tmp_path / "shot.png"), "--profile", "nope"), "no game profile")


def test_calibrate_by_hand(tmp_path, rng):
    shot = render(rng, look(), 4, 5, tile=60)
    cv2.imwrite(str(tmp_path / "shot.png"), shot.image)
    x, y, w, h = shot.box
    r = wordbot("calibrate", "--name", "hand", "--image", str(tmp_path / "shot.png"), "--grid", "4x5",
                "--box", f"{x},{y},{w},{h}", "--json")
    assert r.returncode == 0, r.stderr
    r = wordbot("read", str(tmp_path / "shot.png"), "--profile", "hand", "--json")
    assert json.loads(r.stdout)["tiles"] == shot.tiles
    assert_one_line_error(wordbot("calibrate", "--name", "x", "--image", str(tmp_path / "shot.png"),
                                  "--grid", "4by5", "--box", "1,2,3,4"), "--grid")
    assert_one_line_error(wordbot("calibrate", "--name", "x", "--image", str(tmp_path / "shot.png"),
                                  "--box", "1,2,3,4"), "--grid")
