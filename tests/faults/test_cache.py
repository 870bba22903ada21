"""The compiled cache: damaged in any way it is rebuilt (one line of notice), never trusted; its
writes leave nothing behind on a full or unwritable disk."""

from __future__ import annotations

import json
import os
import time

import numpy as np
import pytest

from wordbot.lexicon import Lexicon, cache
from wordbot.solver import balda, gaddag
from wordbot.solver.balda import balda_moves
from wordbot.solver.grid import solve_grid

from .conftest import one_line, wordbot

WORDS = ["кот", "кто", "ток", "рыба", "слон", "сон", "нос", "оса", "бык", "рык", "балда", "лад", "ад",
         "да", "дал", "бал", "кора", "рок", "стол", "лот", "тол", "кит", "тик", "мост", "том"]
TILES = list("котырбасло.нмтик")
BOARD = [".....", ".....", "балда", ".....", "....."]


def solved() -> list:
    lex = Lexicon.from_words(WORDS)
    return [(f.word, f.score) for f in solve_grid(TILES, 4, 4, lex)]


def folder(dirs, prefix: str):
    (path,) = [p for p in dirs[0].iterdir() if p.name.startswith(prefix)]
    return path


def zero(path) -> None:
    arr = np.load(path, mmap_mode="r+")
    arr[...] = 0
    arr.flush()
    del arr


def cut(path) -> None:
    os.truncate(path, os.path.getsize(path) // 20)


def empty(path) -> None:
    os.truncate(path, 0)


@pytest.mark.parametrize("damage", [zero, cut, empty])
@pytest.mark.parametrize("array", ["child0", "codes", "word_of"])
def test_a_damaged_array_is_rebuilt_with_a_notice(dirs, capfd, damage, array):
    good = solved()
    damage(folder(dirs, "lexicon-") / f"{array}.npy")
    capfd.readouterr()
    assert solved() == good
    err = capfd.readouterr().err
    assert "damaged" in err and "rebuilding" in err and len(err.splitlines()) == 1
    assert solved() == good and capfd.readouterr().err == ""  # repaired: no notice the next time


@pytest.mark.parametrize("meta", ["[]", "null", '{"arrays": []}', '{"arrays": {}}', "{",
                                  '{"meta": {}, "arrays": {"../x": {}}, "crc32": 0}', ""])
def test_broken_metadata_is_rebuilt(dirs, capfd, meta):
    good = solved()
    (folder(dirs, "lexicon-") / "meta.json").write_text(meta)
    assert solved() == good
    assert "rebuilding" in capfd.readouterr().err


def test_edited_metadata_is_caught_by_its_checksum(dirs, capfd):
    good = solved()
    path = folder(dirs, "lexicon-") / "meta.json"
    doc = json.loads(path.read_text())
    doc["meta"]["skipped"] = 7
    path.write_text(json.dumps(doc))
    assert solved() == good
    assert "meta.json checksum" in capfd.readouterr().err


def forget_graphs(monkeypatch) -> None:
    """Drop the in-memory copies, so the next call reads the disk cache."""
    monkeypatch.setattr(gaddag, "_CACHE", {})
    monkeypatch.setattr(balda, "_GRAPHS", {})


def test_the_balda_cache_is_checked_too(dirs, monkeypatch, capfd):
    lex = Lexicon.from_words(WORDS)
    forget_graphs(monkeypatch)
    good = [(m.word, m.cell, m.letter) for m in balda_moves(BOARD, lex)]
    assert good
    zero(folder(dirs, "balda-gaddag-") / "rsep.npy")
    forget_graphs(monkeypatch)
    capfd.readouterr()
    assert [(m.word, m.cell, m.letter) for m in balda_moves(BOARD, lex)] == good
    assert "rebuilding" in capfd.readouterr().err


def test_a_damaged_cache_gives_right_answers_from_the_command_line(dirs):
    args = ["solve", "grid", "кото/рыба/слон/мачт", "--rows", "4", "--cols", "4"]
    first = wordbot(*args)
    assert first.returncode == 0
    zero(folder(dirs, "lexicon-ru-") / "child0.npy")
    again = wordbot(*args)
    assert again.returncode == 0 and again.stdout == first.stdout
    one_line(again, "rebuilding", 0)


def test_stale_temporary_folders_are_swept_and_fresh_ones_kept(dirs):
    root = dirs[0]
    root.mkdir(parents=True)
    old = root / ".lexicon-ru-v2-0123abcd.abcdefgh"
    young = root / ".lexicon-ru-v2-0123abcd.ijklmnop"
    unrelated = root / ".config"  # the cache folder may be shared: only wordbot's names are swept
    for path in (old, young, unrelated):
        path.mkdir()
        (path / "x.npy").write_bytes(b"x" * 100)
    past = time.time() - 120
    for path in (old, old / "x.npy", unrelated, unrelated / "x.npy"):
        os.utime(path, (past, past))
    solved()  # compiles and saves a cache: sweeps first
    assert not old.exists() and young.exists() and unrelated.exists()


def test_a_full_disk_costs_only_the_cache(dirs, tmpfs, monkeypatch, capfd):
    good = solved()
    disk = tmpfs("256k")
    tmpfs.fill(disk)
    monkeypatch.setenv("WORDBOT_CACHE_DIR", str(disk))
    capfd.readouterr()
    assert solved() == good
    assert "cannot be saved" in capfd.readouterr().err
    assert [p.name for p in disk.iterdir()] == ["filler"]  # no temporary folder left


def test_a_cache_folder_that_cannot_be_made_costs_only_the_cache(dirs, tmp_path, monkeypatch, capfd):
    good = solved()
    (tmp_path / "file").write_text("not a folder")
    monkeypatch.setenv("WORDBOT_CACHE_DIR", str(tmp_path / "file" / "cache"))
    assert solved() == good
    assert "cannot be saved" in capfd.readouterr().err


def test_a_read_only_cache_is_still_used(dirs, tmpfs, monkeypatch):
    disk = tmpfs("16m")
    monkeypatch.setenv("WORDBOT_CACHE_DIR", str(disk))
    good = solved()
    tmpfs.read_only(disk)
    assert solved() == good


def test_load_or_build_checks_every_array(dirs):
    arrays = {"a": np.arange(10, dtype=np.int32), "b": np.ones((3, 4), np.uint8)}
    got, meta = cache.load_or_build("t", "k", lambda: (arrays, {"x": 1}))
    again, meta2 = cache.load_or_build("t", "k", lambda: pytest.fail("rebuilt a good cache"))
    assert meta == meta2 == {"x": 1}
    assert all(np.array_equal(again[k], arrays[k]) for k in arrays)


def test_a_disk_that_fills_up_during_the_write_is_left_as_it_was(dirs, tmpfs):
    disk = tmpfs("2m")  # the Russian list's cache is about 4 MB: the write fails half-way
    args = ["solve", "grid", "кото/рыба/слон/мачт", "--rows", "4", "--cols", "4"]
    good = wordbot(*args)
    r = wordbot(*args, env={"WORDBOT_CACHE_DIR": str(disk)})
    assert r.returncode == 0 and r.stdout == good.stdout
    one_line(r, "cannot be saved", 0)
    assert list(disk.iterdir()) == []
