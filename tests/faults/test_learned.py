"""Learned data (black/white lists, profiles, glyphs): checked on load, a broken file moved aside
with one line, saves atomic and merged between sessions, a failing save or command changes nothing."""

from __future__ import annotations

import json
import multiprocessing
import os

import cv2
import numpy as np
import pytest

from wordbot.calibration.profile import (
    Profile,
    check_jitter,
    load_learned,
    load_profile,
    profile_dir,
    save_calibration,
    save_profile,
)
from wordbot.errors import WordbotError
from wordbot.ocr.synthetic import render
from wordbot.play.store import Learned

from ..vision.conftest import look
from .conftest import one_line, wordbot

BROKEN_JSON = ["", "{", "[]", "null", '"x"', '{"blacklist": 5}', '{"blacklist": [1, 2]}',
               '{"whitelist": ["' + "а" * 500 + '"]}', "[" * 100_000, b"\xff\xfe"]


def write(path, content) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(content if isinstance(content, bytes) else content.encode())


@pytest.mark.parametrize("content", BROKEN_JSON)
def test_a_broken_learned_file_is_moved_aside_with_a_notice(dirs, capfd, content):
    path = dirs[1] / "learned" / "boggle.json"
    write(path, content)
    learned = Learned.load("boggle")
    assert learned.blacklist == learned.whitelist == set()
    err = capfd.readouterr().err
    assert len(err.splitlines()) == 1 and "moved aside" in err
    kept = content if isinstance(content, bytes) else content.encode()
    assert path.with_name("boggle.json.corrupt").read_bytes() == kept and not path.exists()
    learned.reject("кот")  # and play goes on, saving a good file again
    assert Learned.load("boggle").blacklist == {"кот"}


def test_a_failed_save_is_a_notice_and_is_tried_again(dirs, tmp_path, monkeypatch, capfd):
    (tmp_path / "file").write_text("not a folder")
    monkeypatch.setenv("WORDBOT_DATA_DIR", str(tmp_path / "file"))
    learned = Learned.load("boggle")
    learned.reject("кот")
    learned.reject("пёс")
    assert learned.blacklist == {"кот", "пёс"}  # kept in memory: this round still skips them
    err = capfd.readouterr().err
    assert err.count("cannot save") == 1  # said once, not at every word
    monkeypatch.setenv("WORDBOT_DATA_DIR", str(dirs[1]))
    learned.accept("тор")
    assert Learned.load("boggle") == Learned("boggle", {"кот", "пёс"}, {"тор"})  # the pending ones too


def test_a_full_disk_leaves_the_good_file_and_no_temporary_one(dirs, tmpfs, monkeypatch, capfd):
    disk = tmpfs("64k")
    monkeypatch.setenv("WORDBOT_DATA_DIR", str(disk))
    Learned.load("boggle").reject("кот")
    good = (disk / "learned" / "boggle.json").read_bytes()
    tmpfs.fill(disk)
    Learned.load("boggle").reject("ток" * 20)
    assert "No space left" in capfd.readouterr().err
    assert (disk / "learned" / "boggle.json").read_bytes() == good
    assert os.listdir(disk / "learned") == ["boggle.json"]


def _session(data: str, words: list[str]) -> None:
    os.environ["WORDBOT_DATA_DIR"] = data
    learned = Learned("boggle")  # as a player starts: without reading first
    for word in words:
        learned.reject(word)


def test_concurrent_sessions_merge_instead_of_overwriting(dirs):
    data = str(dirs[1])
    batches = [[f"{letter}{i:03d}" for i in range(40)] for letter in "абвг"]
    procs = [multiprocessing.get_context("spawn").Process(target=_session, args=(data, b)) for b in batches]
    for p in procs:
        p.start()
    for p in procs:
        p.join(300)
        assert p.exitcode == 0
    assert Learned.load("boggle").blacklist == {w for b in batches for w in b}


def test_a_word_forgiven_in_one_session_and_learned_in_another_is_merged(dirs):
    a, b = Learned.load("g"), Learned.load("g")
    a.reject("кот")
    b.reject("пёс")
    a.forget(["кот"])
    b.accept("тор")
    assert Learned.load("g") == Learned("g", {"пёс"}, {"тор"})


IMPOSSIBLE = ['{"name": "g", "rows": 0, "cols": 0, "box": [1, 2, 3, 4], "tile": [-1, -1]}',
              '{"name": "g", "rows": "4"}',
              '{"name": "g", "rows": 1, "cols": 1, "box": [0, 0, 9, 9], "tile": [9, 9]}',
              '{"name": "g", "rows": 4, "cols": 4, "box": [5000, 5000, 90, 90], "tile": [20, 20], '
              '"frame_size": [800, 600]}',
              '{"name": "g", "feedback": {"score": [10, 10, 0, 20]}}',
              '{"name": "g", "feedback": {"score": [-5, 10, 30, 20]}}',
              '{"name": "g", "feedback": {"score": [790, 10, 30, 20]}, "frame_size": [800, 600]}',
              '{"name": "g", "feedback": {"score": [1, 2, 3]}}']


@pytest.mark.parametrize("content", [*BROKEN_JSON, *IMPOSSIBLE])
def test_a_broken_or_impossible_profile_is_one_error_and_moved_aside(dirs, content):
    path = profile_dir() / "g.json"
    write(path, content)
    with pytest.raises(WordbotError, match="moved aside"):
        load_profile("g")
    assert not path.exists() and path.with_name("g.json.corrupt").exists()


@pytest.mark.parametrize("rows, cols", [(0, 4), (1, 1), (1, 5), (65, 4)])
def test_an_impossible_profile_is_never_saved(dirs, rows, cols):
    with pytest.raises(WordbotError, match="impossible"):
        save_profile(Profile("g", rows, cols, (0, 0, 100, 100), (20, 20)))
    assert not (profile_dir() / "g.json").exists()


def test_jitter_must_stay_within_a_third_of_the_tile():
    check_jitter(6.5, 20)
    for bad in (7, 1000, -1, float("nan")):
        with pytest.raises(WordbotError, match="jitter"):
            check_jitter(bad, 20)
    with pytest.raises(WordbotError, match="jitter"):
        Profile("g", 4, 4, (0, 0, 80, 80), (20, 20), frame_size=(100, 100),
                input=Profile("x").input.__class__(jitter=7)).validate()


GLYPHS_BROKEN = [b"", b"junk", {"pictures": np.zeros((2, 5, 5), np.uint8), "labels": np.array(["а", "б"])},
                 {"pictures": np.zeros((2, 32, 32), np.uint8), "labels": np.array(["аб", "б"])},
                 {"pictures": np.zeros((2, 32, 32), np.float64), "labels": np.array(["а", "б"])},
                 {"pictures": np.zeros((2, 32, 32), np.uint8)}]


@pytest.mark.parametrize("content", GLYPHS_BROKEN, ids=range(len(GLYPHS_BROKEN)))
def test_a_broken_glyphs_file_is_moved_aside_and_reading_goes_on(dirs, capfd, content):
    path = profile_dir() / "g.glyphs.npz"
    path.parent.mkdir(parents=True)
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        with open(path, "wb") as f:
            np.savez(f, **content)
    pictures, labels = load_learned("g")
    assert len(pictures) == len(labels) == 0
    err = capfd.readouterr().err
    assert len(err.splitlines()) == 1 and "moved aside" in err
    assert path.with_name("g.glyphs.npz.corrupt").exists()


def test_a_glyphs_file_that_would_unpack_to_gigabytes_is_not_unpacked(dirs, capfd):
    import zipfile

    path = profile_dir() / "g.glyphs.npz"
    path.parent.mkdir(parents=True)
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z, \
            z.open("pictures.npy", "w", force_zip64=True) as f:
        for _ in range(70):
            f.write(b"\0" * 2**20)  # 70 MB of zeros in a file of a few hundred KB
    assert len(load_learned("g")[0]) == 0
    assert "too large" in capfd.readouterr().err


def test_save_calibration_writes_both_files_or_neither(dirs, tmpfs, monkeypatch):
    disk = tmpfs("256k")
    monkeypatch.setenv("WORDBOT_DATA_DIR", str(disk))
    prof = Profile("g", 4, 4, (0, 0, 80, 80), (20, 20), frame_size=(100, 100))
    pictures = np.random.default_rng(0).integers(0, 255, (40, 32, 32), dtype=np.uint8)
    glyphs = pictures, np.array(list("аб" * 20))
    save_calibration(prof, glyphs)
    before = {p.name: p.read_bytes() for p in profile_dir().iterdir()}
    tmpfs.fill(disk)
    more = np.random.default_rng(1).integers(0, 255, (40, 32, 32), dtype=np.uint8), np.array(list("вг" * 20))
    with pytest.raises(WordbotError, match="No space left"):
        save_calibration(Profile("g", 5, 5, (0, 0, 80, 80), (16, 16), frame_size=(100, 100)), more)
    assert {p.name: p.read_bytes() for p in profile_dir().iterdir()} == before


@pytest.fixture
def shot(tmp_path):
    picture = render(np.random.default_rng(7), look(), 4, 4, tile=60)
    path = tmp_path / "shot.png"
    cv2.imwrite(str(path), picture.image)
    return path, "/".join("".join(picture.tiles[r * 4:(r + 1) * 4]) for r in range(4))


def test_a_failing_calibrate_changes_no_file(dirs, shot, tmp_path):
    path, labels = shot
    assert wordbot("calibrate", "--name", "g", "--image", path, "--learn", labels).returncode == 0
    saved = {p.name: p.read_bytes() for p in profile_dir().iterdir()}
    assert saved.keys() == {"g.json", "g.glyphs.npz"}
    for args, needle in [(["--learn", "абв"], "labels give 3 tiles"),
                         (["--grid", "0x0", "--box", "1,1,50,50"], "--grid must be 2x2"),
                         (["--grid", "1x1", "--box", "1,1,50,50"], "--grid must be 2x2"),
                         (["--grid", "4x4", "--box", "5000,5000,100,100"], "outside the"),
                         (["--game", "nope"], "impossible game")]:
        one_line(wordbot("calibrate", "--name", "g", "--image", path, *args), needle)
        assert {p.name: p.read_bytes() for p in profile_dir().iterdir()} == saved


def test_calibrate_into_an_unusable_data_folder_is_one_line(dirs, shot, tmp_path, tmpfs):
    path, labels = shot
    (tmp_path / "file").write_text("not a folder")
    one_line(wordbot("calibrate", "--name", "g", "--image", path,
                     env={"WORDBOT_DATA_DIR": str(tmp_path / "file")}), "Not a directory")
    disk = tmpfs("64k")
    tmpfs.fill(disk)
    one_line(wordbot("calibrate", "--name", "g", "--image", path, "--learn", labels,
                     env={"WORDBOT_DATA_DIR": str(disk)}), "No space left")
    assert [p.name for p in disk.iterdir()] == ["filler"] or not list((disk / "profiles").iterdir())
    os.remove(disk / "filler")
    tmpfs.read_only(disk)
    one_line(wordbot("calibrate", "--name", "g", "--image", path, env={"WORDBOT_DATA_DIR": str(disk)}),
             "Read-only file system")


def test_read_with_a_broken_profile_or_glyphs_is_one_line_or_the_right_board(dirs, shot):
    path, labels = shot
    assert wordbot("calibrate", "--name", "g", "--image", path, "--learn", labels).returncode == 0
    (profile_dir() / "g.glyphs.npz").write_bytes(b"junk")
    r = wordbot("read", path, "--profile", "g", "--json")
    assert r.returncode == 0 and "".join(json.loads(r.stdout)["tiles"]) == labels.replace("/", "")
    one_line(r, "moved aside", 0)
    (profile_dir() / "g.json").write_text('{"name": "g", "rows": 0, "cols": 0, "tile": [0, 0]}')
    one_line(wordbot("read", path, "--profile", "g"), "moved aside")
