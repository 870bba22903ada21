"""Options checked against what they mean and inputs bounded: one line and status 2, never a
traceback, a hang or a silent wrong answer."""

from __future__ import annotations

import json
import os
import struct
import zlib

import cv2
import numpy as np
import pytest

from wordbot.ocr.synthetic import render

from ..vision.conftest import look
from .conftest import one_line, wordbot


def huge_png(path, side: int = 50_000) -> None:
    """A PNG whose header says side x side (a few KB on disk, 7.5 GB unpacked)."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    rows = zlib.compress(b"\0" * (1 + 3 * side) * 20)
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", side, side, 8, 2, 0, 0, 0))
                     + chunk(b"IDAT", rows) + chunk(b"IEND", b""))


@pytest.fixture
def shot(tmp_path):
    path = tmp_path / "shot.png"
    cv2.imwrite(str(path), render(np.random.default_rng(3), look(), 4, 4, tile=60).image)
    return path


def test_images_too_large_or_not_images(dirs, tmp_path):
    huge_png(tmp_path / "huge.png")
    one_line(wordbot("read", tmp_path / "huge.png"), "too large")
    (tmp_path / "fake.png").write_bytes(b"\x89PNG\r\n\x1a\n" + b"\0" * 100)
    one_line(wordbot("read", tmp_path / "fake.png"), "cannot read")
    one_line(wordbot("calibrate", "--name", "x", "--image", tmp_path / "huge.png"), "too large")


@pytest.mark.parametrize("target, needle", [("out.txt", "use .png"), (".", "is a folder"),
                                            ("missing/out.png", "does not exist"), ("out", "use .png")])
def test_annotate_needs_a_writable_image_path_checked_first(dirs, shot, tmp_path, target, needle):
    one_line(wordbot("read", shot, "--annotate", tmp_path / target), needle)
    r = wordbot("read", shot, "--annotate", tmp_path / "out.png")
    assert r.returncode == 0 and cv2.imread(str(tmp_path / "out.png")) is not None


def test_board_files_are_bounded(dirs, tmp_path):
    one_line(wordbot("solve", "balda", "/dev/zero"), "too large")
    one_line(wordbot("ai", "balda", "-", stdin=b"\0" * (2**20 + 10)), "too large")
    (tmp_path / "big.txt").write_bytes(b"." * (2**20 + 1))
    one_line(wordbot("solve", "balda", tmp_path / "big.txt"), "too large")


def test_a_byte_order_mark_is_skipped(dirs, tmp_path):
    board = ".....\n.....\nбалда\n.....\n.....\n"
    (tmp_path / "plain.txt").write_text(board, encoding="utf-8")
    (tmp_path / "bom.txt").write_text(board, encoding="utf-8-sig")
    plain, bom = (wordbot("solve", "balda", tmp_path / name, "--json") for name in ("plain.txt", "bom.txt"))
    assert plain.returncode == bom.returncode == 0 and plain.stdout == bom.stdout
    assert json.loads(bom.stdout)["count"] > 50


def test_bounded_options(dirs):
    one_line(wordbot("ai", "arena", "--size", "30", "--games", "1"), "--size 3 to 15")
    one_line(wordbot("ai", "arena", "--size", "2"), "--size 3 to 15")
    one_line(wordbot("solve", "grid", "[" + "а" * 130 + "]абв", "--rows", "2", "--cols", "2"), "at most 16")
    one_line(wordbot("play", "--duration", "0"), "--duration must be a positive")
    one_line(wordbot("play", "--duration", "-5"), "--duration must be a positive")
    one_line(wordbot("play", "--duration", "nan"), "--duration must be a positive")
    one_line(wordbot("demo", "--duration", "0"), "--duration must be a positive")
    one_line(wordbot("play", "--jitter", "-1"), "--jitter must be zero or more")
    one_line(wordbot("play", "--jitter", "1000", "--region", "0,0,100,100"), "jitter")


def test_jitter_is_checked_against_the_calibrated_tile(dirs, shot):
    assert wordbot("calibrate", "--name", "g", "--image", shot).returncode == 0
    one_line(wordbot("play", "--profile", "g", "--jitter", "30", "--region", "0,0,100,100"),
             "under a third of the")


@pytest.mark.skipif(not os.environ.get("DISPLAY"), reason="needs a display")
def test_a_region_off_the_screen_is_one_line(dirs):
    one_line(wordbot("play", "--region", "5000,5000,100,100"), "not inside the screen")
    one_line(wordbot("calibrate", "--name", "x", "--region", "-50,0,100,100"), "not inside the screen")


def test_piping_into_a_reader_that_stops_early_is_no_error(dirs):
    import subprocess
    import sys

    from .conftest import ROOT

    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    cmd = (f"{sys.executable} -m wordbot solve grid кото/рыба/слон/мачт --rows 4 --cols 4"
           " | head -c 10 >/dev/null; echo ${PIPESTATUS[0]}")
    r = subprocess.run(["bash", "-c", cmd], capture_output=True, text=True, env=env, timeout=300)
    assert r.stdout.strip() in ("0", "141") and "Traceback" not in r.stderr and "Exception" not in r.stderr


def test_used_words_are_checked(dirs, tmp_path):
    (tmp_path / "board.txt").write_text(".....\n.....\nбалда\n.....\n.....\n", encoding="utf-8")
    r = wordbot("solve", "balda", tmp_path / "board.txt", "--used", "сумма,zzz")
    one_line(r, "'zzz' is not a ru word")
    r = wordbot("solve", "balda", tmp_path / "board.txt", "--used", "сумма,ккк")
    assert r.returncode == 0
    one_line(r, "not in the word list", 0)


def test_library_inputs_that_used_to_mislead():
    from wordbot import Lexicon, balda_moves, score_grids

    lex = Lexicon.from_words(["ад", "да", "балда", "а", "у"])
    board = [".....", ".....", "балда", ".....", "....."]
    as_text = [(m.word, m.cell) for m in balda_moves(board, lex, used="ад,да", min_len=1)]
    assert as_text == [(m.word, m.cell) for m in balda_moves(board, lex, used=["ад", "да"], min_len=1)]
    with pytest.raises(Exception, match="outside the ru alphabet"):
        score_grids(np.full((1, 16), 256), 4, 4, lex)


@pytest.mark.skipif(not os.environ.get("DISPLAY"), reason="needs a display")
def test_xlib_warnings_never_reach_stdout(dirs, tmp_path):
    (tmp_path / "xauth").write_bytes(b"\x01\x00\x00\x05junk")  # an unreadable ~/.Xauthority
    r = wordbot("play", "--window", "no such window anywhere", "--json",
                env={"XAUTHORITY": str(tmp_path / "xauth")})
    assert r.returncode == 2 and r.stdout == b""
    assert r.stderr.decode().strip().splitlines()[-1].startswith("wordbot: error: no window")
