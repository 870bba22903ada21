"""``wordbot solve balda`` / ``wordbot ai balda|arena``: output, and one-line errors with status 2."""

from __future__ import annotations

import io
import json

import pytest

from wordbot.cli import main

BOARD = ".....\n..о..\nбалда\n.р...\n.....\n"


def run(args: list[str], capsys, stdin: str | None = None, monkeypatch=None) -> tuple[int, str, str]:
    if stdin is not None:
        monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    with pytest.raises(SystemExit) as exc:
        main(args)
    out, err = capsys.readouterr()
    return exc.value.code, out, err


@pytest.fixture
def board_file(tmp_path):
    path = tmp_path / "board.txt"
    path.write_text(BOARD, encoding="utf-8")
    return str(path)


def test_solve_json(board_file, capsys):
    code, out, _ = run(["solve", "balda", board_file, "--used", "балда", "--json"], capsys)
    doc = json.loads(out)
    assert code == 0 and doc["count"] == len(doc["moves"]) > 100
    first = doc["moves"][0]
    assert set(first) == {"cell", "letter", "word", "path", "score"} and first["score"] == 5
    assert all(m["word"] != "балда" for m in doc["moves"])


def test_solve_stdin_local_and_trap(capsys, monkeypatch):
    code, out, _ = run(["solve", "balda", "-", "--cell", "4,1", "--json"], capsys, BOARD, monkeypatch)
    assert code == 0 and all(m["cell"] == [4, 1] for m in json.loads(out)["moves"])
    code, out, _ = run(["solve", "balda", "-", "--through", "3,1", "--mode", "knots", "--limit", "3"],
                       capsys, BOARD, monkeypatch)
    assert code == 0 and out.strip().endswith("moves") and len(out.splitlines()) == 4


def test_ai_json(board_file, capsys):
    code, out, _ = run(["ai", "balda", board_file, "--used", "балда", "--time", "0.2", "--json"], capsys)
    doc = json.loads(out)
    assert code == 0 and doc["move"]["score"] >= 2 and doc["depth"] >= 1


@pytest.mark.parametrize(
    ("board", "args", "message"),
    [
        ("аб\nабв\n", [], "row 2 has 3 cells"),
        ("аб?\n", [], "'?' is neither"),
        ("...\n...\n", [], "no letters"),
        (BOARD, ["--cell", "7,0"], "outside the 5x5 board"),
        (BOARD, ["--cell", "2,2"], "not empty"),
        (BOARD, ["--through", "0,0"], "is empty"),
        (BOARD, ["--cell", "x"], "--cell needs R,C"),
        (BOARD, ["--mode", "bogus"], "unknown Balda mode"),
    ],
)
def test_solve_bad_input(tmp_path, capsys, board, args, message):
    path = tmp_path / "b.txt"
    path.write_text(board, encoding="utf-8")
    code, out, err = run(["solve", "balda", str(path), *args], capsys)
    assert code == 2 and out == "" and message in err and len(err.strip().splitlines()) == 1


def test_ai_bad_input(board_file, capsys):
    code, _, err = run(["ai", "balda", board_file, "--time", "-1"], capsys)
    assert code == 2 and "--time" in err and len(err.strip().splitlines()) == 1
    code, _, err = run(["solve", "balda", "/no/such/board.txt"], capsys)
    assert code == 2 and "does not exist" in err
    code, _, err = run(["ai", "arena", "--games", "0"], capsys)
    assert code == 2 and "--games" in err
