import json
import subprocess
import sys

import pytest


def wordbot(*args, stdin: str | None = None):
    return subprocess.run([sys.executable, "-m", "wordbot", *args], capture_output=True, text=True,
                          input=stdin, timeout=120)


def assert_one_line_error(result, needle: str):
    assert result.returncode == 2, result
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert needle in lines[0]
    assert "Traceback" not in result.stderr
    assert result.stdout == ""


def test_solve_grid_prints_words_best_first():
    r = wordbot("solve", "grid", "кото/рыба/слон/мачт", "--rows", "4", "--cols", "4")
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert lines[-1].endswith("points") and "words" in lines[-1]
    assert any(" кобыла " in line for line in lines)


def test_solve_grid_json():
    r = wordbot("solve", "grid", "[qu]ack/erst", "--rows", "2", "--cols", "4", "--lang", "en", "--json")
    doc = json.loads(r.stdout)
    assert r.returncode == 0 and doc["count"] == len(doc["words"])
    top = doc["words"][0]
    assert set(top) == {"word", "path", "score"} and isinstance(top["path"][0], list)
    assert "quack" in {w["word"] for w in doc["words"]}


def test_solve_anagram_json_likeliest_first():
    r = wordbot("solve", "anagram", "tsaehrlmop", "--length", "5", "--lang", "en", "--json")
    words = json.loads(r.stdout)["words"]
    assert "other" in words[:3] and all(len(w) == 5 for w in words)


def test_cp1251_dictionary_is_accepted(tmp_path):
    d = tmp_path / "cp.txt"
    d.write_bytes("кот\nток\nкто\n".encode("cp1251"))
    r = wordbot("solve", "grid", "кот/абв", "--rows", "2", "--cols", "3", "--dict", str(d), "--json")
    assert r.returncode == 0, r.stderr
    assert {w["word"] for w in json.loads(r.stdout)["words"]} == {"кот", "ток"}


@pytest.mark.parametrize(
    "args, needle",
    [
        (["solve", "grid", "abc", "--rows", "2", "--cols", "2"], "3 tiles, expected 2x2=4"),
        (["solve", "grid", "abcж", "--rows", "2", "--cols", "2", "--lang", "en"], "'ж'"),
        (["solve", "grid", "a[bc", "--rows", "2", "--cols", "2"], "unclosed bracket"),
        (["solve", "grid", "abcd", "--rows", "0", "--cols", "4"], "must be positive"),
        (["solve", "grid", "abcd", "--rows", "2", "--cols", "-2"], "must be positive"),
        (["solve", "grid", "abcd", "--rows", "x", "--cols", "2"], "--rows"),
        (["solve", "grid", "abcd", "--rows", "2"], "--cols"),
        (["solve", "grid", "abcd", "--rows", "2", "--cols", "2", "--rules", "chess"], "unknown game"),
        (["solve", "grid", "abcd", "--rows", "2", "--cols", "2", "--lang", "de"], "unknown language"),
        (["solve", "anagram", "abc", "--length", "0"], "--length must be positive"),
        (["solve", "anagram", "abc", "--length", "-3"], "--length must be positive"),
        (["solve", "anagram", "ab1", "--length", "2", "--lang", "en"], "'1'"),
        (["solve", "nothing"], "No such command"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(args, needle):
    assert_one_line_error(wordbot(*args), needle)


@pytest.mark.parametrize(
    "content, needle",
    [(None, "does not exist"), (b"", "has no ru words"), (b"\x7fELF\x00\x00\x01binary", "binary file")],
    ids=["missing", "empty", "binary"],
)
def test_bad_dictionary(tmp_path, content, needle):
    d = tmp_path / "words.txt"
    if content is not None:
        d.write_bytes(content)
    assert_one_line_error(wordbot("solve", "grid", "абвг", "--rows", "2", "--cols", "2", "--dict", str(d)),
                          needle)


def test_dictionary_is_a_directory(tmp_path):
    assert_one_line_error(wordbot("solve", "anagram", "абв", "--length", "2", "--dict", str(tmp_path)),
                          "is a directory")
