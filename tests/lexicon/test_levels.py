"""Built-in list levels: what each holds, how a profile or command line names one, and how many of
the default list's suggestions a word-game list takes on real Boggle boards."""

import pytest
from bench.bench_words import agreement, read_reference, tiles_en
from bench.boards import dice_boards

from wordbot import Lexicon, WordbotError
from wordbot.lexicon.wordlist import LEVELS


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_each_level_holds_the_one_before(lang):
    sets = [set(Lexicon.builtin(lang, level=level).words) for level in LEVELS]
    assert sets[0] < sets[1] < sets[2]
    assert Lexicon.builtin(lang) is Lexicon.builtin(lang, level="standard")


def test_english_has_inflections_but_no_abbreviations_numerals_or_names():
    lex = Lexicon.builtin("en")
    for word in ["cats", "walked", "running", "houses", "bigger", "quickly", "boxes", "quack"]:
        assert word in lex
    for word in ["ltd", "atty", "etc", "ftp", "iii", "lxi", "def", "abbr", "london", "usa", "rte", "est"]:
        assert word not in lex, word
    large = Lexicon.builtin("en", level="large")
    assert "alkahestic" in large and "alkahestic" not in lex  # rare words only at the large level


def test_russian_levels():
    strict, standard, large = (Lexicon.builtin("ru", level=level) for level in LEVELS)
    assert "кот" in strict and "телефон" in strict
    for word in ["ножницы", "бежать", "синий"]:  # plural-only nouns, verbs, adjectives: large only
        assert word in large and word not in standard
    for word in ["москва", "иванович", "ссср"]:
        assert word not in large


def test_a_level_named_where_a_file_goes(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert Lexicon.named("large", "en") is Lexicon.builtin("en", level="large")
    assert Lexicon.named(None, "en") is Lexicon.builtin("en")
    (tmp_path / "large").write_text("kiwi\n")  # a file of that name wins
    assert Lexicon.named("large", "en").words == ["kiwi"]
    with pytest.raises(WordbotError, match="unknown word list level 'huge'"):
        Lexicon.builtin("en", level="huge")
    with pytest.raises(WordbotError, match="does not exist"):
        Lexicon.named("huge", "en")


def test_default_english_suggestions_are_word_game_words():
    # Real solving on shaken Boggle-dice boards, judged by ENABLE (the done-when measure, smaller).
    enable = [w for w in read_reference("enable.txt.gz") if w]
    boards = [tiles_en(b) for b in dice_boards(40, seed=5)]
    a = agreement(Lexicon.builtin("en"), boards, set(enable), Lexicon.from_words(enable, "en"))
    assert a.suggestions > 1000
    assert a.precision >= 0.99 and a.top_precision >= 0.995
    assert a.recall >= 0.70
