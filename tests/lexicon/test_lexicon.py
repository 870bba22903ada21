import gzip

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordbot import Lexicon, WordbotError
from wordbot.lexicon import ALPHABETS
from wordbot.lexicon.cache import cache_root


def write(tmp_path, name, data: bytes):
    p = tmp_path / name
    p.write_bytes(data)
    return p


@pytest.mark.parametrize("alpha", ALPHABETS.values(), ids=lambda a: a.lang)
def test_alphabet_letters_in_code_point_order(alpha):
    # Sorting words as strings must equal sorting them as letter codes (the trie relies on it).
    assert list(alpha.letters) == sorted(alpha.letters)


def test_utf8_list_normalized_deduplicated_and_foreign_words_counted(tmp_path):
    p = write(tmp_path, "w.txt", "Ёж\nежик\n\nкот\nКОТ\ncat\nдом-2\n  мир  \n".encode())
    lex = Lexicon.from_file(p, "ru")
    assert lex.words == ["еж", "ежик", "кот", "мир"]
    assert lex.skipped == 2
    assert "ёж" in lex and "ЁЖ" in lex and "е" not in lex


def test_cp1251_list_is_detected(tmp_path):
    p = write(tmp_path, "w.txt", "балда\nшалаш\nёлка\n".encode("cp1251"))
    assert Lexicon.from_file(p, "ru").words == ["балда", "елка", "шалаш"]


def test_bom_and_gzip_and_frequency_column(tmp_path):
    p = write(tmp_path, "w.txt.gz", gzip.compress("\ufeffcat\t4.5\ndog\t5.25\n".encode()))
    lex = Lexicon.from_file(p, "en")
    assert lex.words == ["cat", "dog"]
    assert lex.freq.tolist() == [4.5, 5.25]


@pytest.mark.parametrize(
    "content, message",
    [
        (None, "does not exist"),
        (b"", "has no en words"),
        (b"\x00\x01\x02binary\x00", "binary"),
        ("кот\nпес\n".encode(), r"has no en words \(2 lines"),
    ],
)
def test_bad_word_lists(tmp_path, content, message):
    p = tmp_path / "w.txt"
    if content is not None:
        p.write_bytes(content)
    with pytest.raises(WordbotError, match=message):
        Lexicon.from_file(p, "en")


def test_unknown_language():
    with pytest.raises(WordbotError, match="unknown language"):
        Lexicon.from_words(["a"], "de")


def test_trie_finds_every_word_and_nothing_else():
    words = ["a", "ab", "abc", "abd", "b", "bcd", "zz", "zzz"]
    lex = Lexicon.from_words(words, "en")
    assert [lex.index(w) for w in words] == list(range(len(words)))
    for absent in ["", "c", "bc", "abcd", "z", "zzzz", "ба"]:
        assert lex.index(absent) == -1
    assert [lex.index(w) for w in [" ABD ", "abd", "Zz"]] == [3, 3, 6]  # normalized; again: remembered
    assert lex.index("abc") == 2 and lex.index("c") == -1
    t = lex.trie
    assert int(t.mask[0]) == (1 << 0) | (1 << 1) | (1 << 25)  # children a, b, z
    assert t.nodes == 1 + len({w[:i] for w in words for i in range(1, len(w) + 1)})


def test_compiled_once_then_memory_mapped(tmp_path):
    p = write(tmp_path, "w.txt", b"apple\nbanana\ncherry\n")
    first = Lexicon.from_file(p, "en")
    folders = list(cache_root().glob(f"lexicon-en-*{first.key}"))
    assert len(folders) == 1
    again = Lexicon.from_file(p, "en")
    assert isinstance(again.trie.child0.base, np.memmap)  # a view of the mapped file
    assert again.words == first.words and again.key == first.key
    # built or mapped, the arrays are read-only alike: one numba signature, compiled once
    assert not first.trie.child0.flags.writeable and not again.trie.child0.flags.writeable


def test_damaged_cache_is_rebuilt(tmp_path):
    p = write(tmp_path, "w.txt", b"kiwi\nlime\n")
    lex = Lexicon.from_file(p, "en")
    (folder,) = cache_root().glob(f"lexicon-en-*{lex.key}")
    (folder / "child0.npy").write_bytes(b"garbage")
    assert Lexicon.from_file(p, "en").words == ["kiwi", "lime"]


def test_builtin_russian_nouns():
    lex = Lexicon.builtin("ru")
    assert 55_000 < len(lex) < 70_000
    for noun in ["балда", "шалаш", "кот", "еж", "сковорода", "телефон"]:
        assert noun in lex
    for not_a_common_noun in ["москва", "иван", "иванович", "ножницы", "бежать", "синий", "ссср"]:
        assert not_a_common_noun not in lex
    assert Lexicon.builtin("ru") is lex  # loaded once per process


def test_builtin_english():
    lex = Lexicon.builtin("en")
    assert 100_000 < len(lex) < 130_000
    assert "quack" in lex and "london" not in lex
    common, rare = lex.freq[lex.index("house")], lex.freq[lex.index("quern")]
    assert common > rare > 0


@settings(max_examples=100, deadline=None)
@given(st.sets(st.text(alphabet="abcz", min_size=1, max_size=12), min_size=1, max_size=60))
def test_trie_of_random_words_matches_a_set(words):
    lex = Lexicon.from_words(sorted(words), "en")
    assert lex.words == sorted(words)
    assert all(lex.index(w) == i for i, w in enumerate(lex.words))
    assert lex.trie.nodes == 1 + len({w[:i] for w in words for i in range(1, len(w) + 1)})
    assert all(lex.index(w + "b") == -1 for w in words if w + "b" not in words)
