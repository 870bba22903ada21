"""The simulated game's referee, without a window."""

from wordbot import Lexicon
from wordbot.simgame import BaldaJudge, GridJudge, grid_board

LEX = Lexicon.from_words(["кот", "ток", "рот", "крот", "кто", "ар"], "ru")


def grid() -> GridJudge:
    # к о т
    # р т ы
    # а а а
    return GridJudge(list("котртыааа"), 3, 3, LEX)


def test_grid_accepts_a_word_once():
    g = grid()
    v = g.submit([(0, 0), (0, 1), (0, 2)])
    assert (v.word, v.accepted, v.points) == ("кот", True, 3)
    assert g.submit([(0, 0), (0, 1), (0, 2)]).reason == "already found"
    assert g.score == 3


def test_grid_rejects_bad_paths_and_non_words():
    g = grid()
    assert g.submit([(0, 0), (0, 2), (0, 1)]).reason == "tiles not adjacent"
    assert g.submit([(0, 0), (0, 1), (0, 0)]).reason == "tile used twice"
    assert g.submit([(0, 0), (0, 1)]).reason == "too short"
    assert g.submit([(2, 0), (1, 1), (0, 0)]).reason == "not a word"
    assert g.score == 0


def test_grid_excluded_words_are_refused():
    g = GridJudge(list("котртыааа"), 3, 3, LEX, exclude=frozenset({"кот"}))
    assert g.submit([(0, 0), (0, 1), (0, 2)]).reason == "not a word"


def test_generated_board_is_seeded_and_wordy():
    lex = Lexicon.builtin("ru")
    a, b = grid_board(lex, 4, 4, 3), grid_board(lex, 4, 4, 3)
    assert a == b and len(a) == 16


def test_balda_move_rules():
    lex = Lexicon.from_words(["кот", "крот", "тук", "ток"], "ru")
    j = BaldaJudge.start("кот", 3, lex)
    assert j.rows_text() == ["...", "кот", "..."]
    assert j.play((0, 0), "т", [(0, 0), (1, 0), (1, 1)]).reason == "not a word"  # ткo
    assert j.play((1, 1), "т", [(1, 1)]).reason == "cell not playable"
    assert j.play((0, 0), "р", [(1, 0), (1, 1), (1, 2)]).reason == "word misses the new letter"
    assert j.play((0, 1), "т", [(0, 1), (1, 1), (1, 0)]).accepted  # ток
    assert j.play((2, 0), "т", [(0, 1), (1, 1), (1, 0)]).reason == "word misses the new letter"
    assert j.play((2, 2), "к", [(2, 2), (1, 2), (1, 1), (1, 0)]).reason == "not a word"
    assert "ток" in j.used and j.rows_text()[0] == ".т."


def test_typed_words_are_traced_on_the_board():
    g = grid()
    assert g.trace("крот") == [(0, 0), (1, 0), (0, 1), (0, 2)]
    assert g.trace("ааа") == [(2, 0), (2, 1), (2, 2)] and g.trace("аааа") is None  # each tile once
    v = g.submit_word("КОТ")
    assert (v.word, v.path, v.accepted, v.points) == ("кот", [(0, 0), (0, 1), (0, 2)], True, 3)
    assert g.submit_word("кот").reason == "already found"
    assert g.submit_word("кто").path == [(0, 0), (1, 1), (0, 1)]  # the path found is logged
    off = g.submit_word("слон")
    assert (off.path, off.accepted, off.reason) == (None, False, "not on the board")
    assert g.submit_word("ёж").reason == "not on the board"


def test_check_judges_without_taking_the_word_and_min_len_refuses_short_words():
    g = grid()
    assert g.check([(0, 0), (0, 1), (0, 2)]).accepted and g.found == {}
    g4 = GridJudge(list("котртыааа"), 3, 3, LEX, min_len=4)
    assert g4.submit([(0, 0), (0, 1), (0, 2)]).reason == "too short"
    assert g4.submit_word("крот").accepted
