"""Word lists the way they come: dirty lines, other encodings, compression, columns, huge lines."""

import bz2
import gzip
import io
import lzma
import unicodedata

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordbot import Lexicon, WordbotError
from wordbot.lexicon import alphabet, wordlist


def write(tmp_path, name, data: bytes):
    p = tmp_path / name
    p.write_bytes(data)
    return p




def test_stray_byte_costs_its_line_not_the_file(tmp_path):
    words = Lexicon.builtin("ru").words  # 61k words, as in the list this went wrong on
    raw = ("\n".join(words) + "\n").encode()
    bad = raw.index(words[30_000].encode())
    raw = raw[:bad] + b"\xff" + raw[bad:]  # one stray byte at the start of one word's line
    lex = Lexicon.from_file(write(tmp_path, "list.txt", raw), "ru")
    assert lex.words == words[:30_000] + words[30_001:]
    assert lex.skipped == 1
    assert f"{len(words) - 1:,} words from {len(words):,} lines (utf-8)" in lex.report
    assert "1 not utf-8 text" in lex.report


def test_cp1251_list_with_an_undefined_byte(tmp_path):
    raw = "балда\nшалаш\n".encode("cp1251") + b"\x98\n" + "ёлка\n".encode("cp1251")
    lex = Lexicon.from_file(write(tmp_path, "w.txt", raw), "ru")
    assert lex.words == ["балда", "елка", "шалаш"]
    assert "not cp1251 text" in lex.report


def test_word_and_variant_lines_give_the_first_token(tmp_path):
    raw = "fête fete\nnaïve naive\ncolour color\ncat\t4.5\ndog 12345\nox, oxen; kine\n".encode()
    lex = Lexicon.from_file(write(tmp_path, "w.txt", raw), "en")
    assert lex.words == ["cat", "colour", "dog", "fete", "naive", "ox"]
    assert lex.freq[lex.index("cat")] == pytest.approx(4.5)
    assert lex.freq[lex.index("dog")] == 0  # a count, not a Zipf frequency
    assert "3 lines with more columns" in lex.report and "2 words read without accents" in lex.report


def test_stress_marks_and_decomposed_letters(tmp_path):
    raw = "моло\u0301ко\nи\u0306од\nзвёзды\n".encode()
    assert Lexicon.from_file(write(tmp_path, "w.txt", raw), "ru").words == ["звезды", "йод", "молоко"]


@pytest.mark.parametrize("pack", [gzip.compress, bz2.compress, lzma.compress], ids=["gzip", "bzip2", "xz"])
def test_compressed_lists_recognised_by_magic_not_name(tmp_path, pack):
    p = write(tmp_path, "dictionary.txt", pack("кот\nпес\n".encode()))
    assert Lexicon.from_file(p, "ru").words == ["кот", "пес"]


def test_windows_lists_crlf_cp1251_and_utf16(tmp_path):
    words = ["балда", "елка", "шалаш"]
    crlf = "балда\r\nшалаш\r\nёлка\r\n"
    assert Lexicon.from_file(write(tmp_path, "a.txt", crlf.encode("cp1251")), "ru").words == words
    assert Lexicon.from_file(write(tmp_path, "b.txt", crlf.encode("utf-16")), "ru").words == words
    with pytest.raises(WordbotError, match="not a valid utf-16 file"):
        Lexicon.from_file(write(tmp_path, "c.txt", crlf.encode("utf-16") + b"\x00\xd8A\x00"), "ru")


def test_plain_list_named_gz_is_read_as_text(tmp_path):
    assert Lexicon.from_file(write(tmp_path, "w.gz", b"kiwi\n"), "en").words == ["kiwi"]


def test_damaged_gzip_is_one_clear_error(tmp_path):
    raw = gzip.compress(b"apple\n" * 50_000)
    p = write(tmp_path, "w.txt", raw[: len(raw) // 2])
    with pytest.raises(WordbotError, match="not a valid gzip file"):
        Lexicon.from_file(p, "en")


def test_over_long_lines_are_skipped(tmp_path):
    raw = b"apple\n" + b"a" * 5000 + b"\n" + b"pear\t" + b"x" * 100_000 + b"\nplum\n"
    lex = Lexicon.from_file(write(tmp_path, "w.txt", raw), "en")
    assert lex.words == ["apple", "pear", "plum"]
    assert lex.max_len == 5
    assert f"1 longer than {wordlist.MAX_WORD} letters" in lex.report


def test_lines_across_blocks_keep_bounded_memory(monkeypatch):
    monkeypatch.setattr(wordlist, "BLOCK", 16)
    monkeypatch.setattr(wordlist, "LINE_CAP", 4 * wordlist.MAX_WORD + 1)
    raw = ("кот\n" + "я" * 1000 + "\nслон\tсуществительное " + "x" * 5000 + "\nдом\n").encode()
    blocks = list(wordlist.line_blocks(io.BytesIO(raw)))
    assert all(b.endswith(b"\n") for b in blocks)
    assert max(map(len, blocks)) <= wordlist.LINE_CAP + 2 * 16
    words = wordlist.read(io.BytesIO(raw), alphabet("ru"), "w")
    assert words.report.too_long == 1 and words.report.columns == 1
    assert list(words.offsets) == [0, 3, 6, 10]  # дом, кот, слон


# A pure-Python twin of the reader, line by line, for the property test below.
def is_zipf(token: str) -> bool:
    head, dot, tail = token.partition(".")
    return len(head) == 1 and head in "012345678" and (not dot or (tail.isdigit() and tail.isascii()))


def twin(lines: list[str], lang: str) -> dict[str, float]:
    alpha = alphabet(lang)
    best: dict[str, float] = {}
    for line in lines:
        tokens = line.replace(",", " ").replace(";", " ").split()
        if not tokens:
            continue
        word = alpha.normalize(tokens[0])
        zipf = float(tokens[1]) if len(tokens) > 1 and is_zipf(tokens[1]) else 0.0
        if not alpha.is_word(word):  # accents folded away, and then no frequency is read
            word = "".join(c for c in unicodedata.normalize("NFKD", word) if not unicodedata.combining(c))
            zipf = 0.0
        if alpha.is_word(word) and len(word) <= wordlist.MAX_WORD:
            best[word] = max(best.get(word, 0.0), zipf)
    return best


TOKENS = st.sampled_from(["cat", "Dog", "ox", "cat", "é", "a-b", "q" * 70, "1.5", "3", "7.25", "x", "9"])
SEPARATORS = st.sampled_from([" ", "\t", ", ", ";", "\t "])
ROWS = st.lists(st.tuples(TOKENS, st.lists(TOKENS, max_size=2), SEPARATORS), min_size=1, max_size=40)


@settings(max_examples=200, deadline=None)
@given(ROWS, st.integers(4, 64))
def test_reader_agrees_with_a_line_by_line_twin(rows, block):
    lines = [sep.join([first, *rest]) for first, rest, sep in rows]
    expected = twin(lines, "en")
    raw = ("\n".join(lines) + "\n").encode()
    old, wordlist.BLOCK = wordlist.BLOCK, block
    try:
        got = wordlist.read(io.BytesIO(raw), alphabet("en"), "w")
    except WordbotError:
        assert not expected
        return
    finally:
        wordlist.BLOCK = old
    bounds = zip(got.offsets[:-1], got.offsets[1:], strict=True)
    words = [bytes(97 + got.codes[a:b]).decode() for a, b in bounds]
    assert dict(zip(words, got.freq.tolist(), strict=True)) == pytest.approx(expected)
    assert got.report.lines == len(lines)
    assert got.report.too_long == sum(line.startswith("q" * 70) for line in lines)


def test_endless_and_bomb_lists_end_with_one_line(tmp_path):
    """/dev/zero reads without end and a small gzip unpacks to gigabytes: both are stopped early."""
    with pytest.raises(WordbotError, match="over 512 MB of text"):
        Lexicon.from_file("/dev/zero", "ru")
    bomb = tmp_path / "list.txt"  # no .gz: recognised by its magic bytes
    with gzip.open(bomb, "wb") as f:
        for _ in range(20):
            f.write("кот\n".encode() * (1 << 20))  # 160 MB of one word, about 0.3 MB packed
    with pytest.raises(WordbotError, match="over 100 times its size"):
        Lexicon.from_file(bomb, "ru")
