"""The grid kernel against its pure-Python twin (as danvk/hybrid-boggle tests C++ against Python),
plus known answers and the batch scorer."""

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wordbot import Lexicon, WordbotError, score_grids, solve_grid
from wordbot.games import BONUSES, LETTER_VALUES, game
from wordbot.solver.grid import _parts, encode_boards, king_neighbours, letter_codes
from wordbot.solver.grid_kernel import score_batch, score_batch_parallel
from wordbot.solver.grid_reference import solve_reference
from wordbot.solver.tiles import PREFIX, SUFFIX, parse_tile, split_letters


def via_kernel(tiles, rows, cols, words, min_len=3, rules="boggle", bonuses=None):
    lex = Lexicon.from_words(words, "en")
    return {f.word: f.score for f in solve_grid(tiles, rows, cols, lex, min_len, rules, bonuses)}


def via_twin(tiles, rows, cols, words, min_len=3, rules="boggle", bonuses=None):
    scoring = game(rules).scoring
    lex = Lexicon.from_words(words, "en")  # normalized word set, as the kernel sees it
    parsed = [parse_tile(t, lex.alphabet) for t in tiles]
    values = LETTER_VALUES["en"] if scoring.letter_values else {}
    mults = [BONUSES[b] for b in bonuses] if bonuses else [(1, 1)] * len(tiles)
    found = solve_reference(parsed, rows, cols, set(lex.words), min_len,
                            scoring.length_table(lex.max_len), values,
                            [m[0] for m in mults], [m[1] for m in mults])
    return {w: score for w, (score, _) in found.items()}


SOLVERS = pytest.mark.parametrize("solve", [via_kernel, via_twin], ids=["kernel", "twin"])
WORDS = ["cat", "cats", "act", "tact", "scat", "taco", "coat", "coats", "ascot", "oat", "oats",
         "stoa", "quack", "queen", "ring", "sing", "rethink", "reading", "redo"]


@SOLVERS
def test_known_board(solve):
    # c a t
    # o s t
    # x y z
    found = solve(list("catostxyz"), 3, 3, WORDS)
    # not: act (no t next to c), ascot/stoa (no t next to o), tact (one t next to a)
    assert found == {"cat": 1, "cats": 1, "scat": 1, "oat": 1, "oats": 1, "coat": 1, "coats": 2,
                     "taco": 1}


@SOLVERS
def test_each_tile_used_once(solve):
    # "tact" needs two t's; this board has one t, next to a and c.
    assert "tact" not in solve(list("tacx"), 2, 2, WORDS)
    assert "tact" in solve(list("tact"), 2, 2, WORDS)


@SOLVERS
def test_multi_letter_suffix_and_either_or_tiles(solve):
    # qu   a  ck
    # e/i  r  -ing
    words = ["quack", "air", "ear", "ring", "airing", "earing", "racking", "inga", "eai"]
    found = solve(["qu", "a", "ck", "e/i", "r", "-ing"], 2, 3, words)
    # inga: the suffix tile cannot start a word; eai: one tile, one spelling per word.
    assert found == {"quack": 2, "air": 1, "ear": 1, "ring": 1, "airing": 3, "earing": 3,
                     "racking": 5}


@SOLVERS
def test_prefix_tile_only_first_suffix_tile_only_last(solve):
    # re-   th  ink
    # -ing  o   t
    words = ["rethink", "thing", "ingot", "tore", "rere"]
    found = solve(["re-", "th", "ink", "-ing", "o", "t"], 2, 3, words)
    # ingot would start with the suffix tile, tore would end with the prefix tile.
    assert found == {"rethink": 5, "thing": 2}


@SOLVERS
def test_holes_are_never_used(solve):
    assert solve(["c", "", "t", "a"], 2, 2, WORDS) == {"act": 1, "cat": 1}
    assert solve(["c", "", "", "a"], 2, 2, WORDS) == {}


@SOLVERS
def test_letter_values_and_multipliers_take_the_best_path(solve):
    # c a c / x t x: "act" via either c; the TL c scores more.
    bonuses = ["", "", "TL", "", "DW", ""]
    found = solve(list("cacxtx"), 2, 3, ["act", "cat"], rules="ruzzle", bonuses=bonuses)
    # act: a1 + c3*3 + t1 = 11, doubled by the DW t = 22; cat the same path reversed.
    assert found == {"act": 22, "cat": 22}


def test_paths_are_best_first_and_spell_the_word():
    lex = Lexicon.builtin("en")
    board = list("serstaetinglmpes")
    found = solve_grid(board, 4, 4, lex)
    assert len(found) > 400
    scores = [f.score for f in found]
    assert scores == sorted(scores, reverse=True)
    for f in found:
        assert "".join(board[r * 4 + c] for r, c in f.path) == f.word
        assert len(set(f.path)) == len(f.path)
        for (r1, c1), (r2, c2) in zip(f.path, f.path[1:], strict=False):
            assert max(abs(r1 - r2), abs(c1 - c2)) == 1


def test_hundred_by_hundred_board():
    rng = np.random.default_rng(7)
    lex = Lexicon.builtin("ru")
    letters = rng.choice(list(lex.alphabet.letters), size=100 * 100)
    found = solve_grid(list(letters), 100, 100, lex)
    assert len(found) > 3000
    assert len({f.word for f in found}) == len(found)


# --- property tests: kernel == twin on random boards, tiles and dictionaries -------------------

LETTERS = "abcde"
words_st = st.lists(st.text(LETTERS, min_size=1, max_size=6), min_size=1, max_size=40)
tile_st = st.one_of(
    st.sampled_from(list(LETTERS)),
    st.text(LETTERS, min_size=2, max_size=2),  # multi-letter
    st.builds(lambda s: s + "-", st.text(LETTERS, min_size=1, max_size=2)),  # prefix-only
    st.builds(lambda s: "-" + s, st.text(LETTERS, min_size=1, max_size=2)),  # suffix-only
    st.builds(lambda a, b: f"{a}/{b}", st.sampled_from(LETTERS), st.sampled_from(LETTERS)),
    st.just(""),  # hole
)


@st.composite
def boards(draw):
    rows, cols = draw(st.integers(1, 8)), draw(st.integers(1, 8))
    weights = st.sampled_from(["plain"] * 4 + ["special"])
    tiles = [draw(st.sampled_from(list(LETTERS))) if draw(weights) == "plain" else draw(tile_st)
             for _ in range(rows * cols)]
    rules = draw(st.sampled_from(["boggle", "wordhunt", "ruzzle"]))
    bonuses = draw(st.lists(st.sampled_from(list(BONUSES)), min_size=rows * cols,
                            max_size=rows * cols)) if rules == "ruzzle" else None
    return tiles, rows, cols, rules, bonuses


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(boards(), words_st, st.integers(1, 4))
def test_kernel_equals_twin(board, words, min_len):
    tiles, rows, cols, rules, bonuses = board
    lex = Lexicon.from_words(words, "en")
    assert via_kernel(tiles, rows, cols, words, min_len, rules, bonuses) == via_twin(
        tiles, rows, cols, words, min_len, rules, bonuses)
    for f in solve_grid(tiles, rows, cols, lex, min_len, rules, bonuses):
        assert len(set(f.path)) == len(f.path)
        for (r1, c1), (r2, c2) in zip(f.path, f.path[1:], strict=False):
            assert max(abs(r1 - r2), abs(c1 - c2)) == 1
        first, last = parse_tile(tiles[f.path[0][0] * cols + f.path[0][1]], lex.alphabet), \
            parse_tile(tiles[f.path[-1][0] * cols + f.path[-1][1]], lex.alphabet)
        assert first.kind != SUFFIX and (last.kind != PREFIX or len(f.path) == 1)


@st.composite
def code_batches(draw):
    """Boards as letter codes with holes (-1): small ones take the bitset path, 9x9 the general one."""
    rows, cols = draw(st.sampled_from([(1, 1), (2, 3), (3, 3), (4, 4), (8, 8), (9, 9)]))
    n = draw(st.integers(1, 6))
    cells = st.one_of(st.integers(0, len(LETTERS) - 1), st.just(-1))
    flat = draw(st.lists(st.lists(cells, min_size=rows * cols, max_size=rows * cols), min_size=n,
                         max_size=n))
    return np.array(flat, dtype=np.int8), rows, cols


@settings(max_examples=80, deadline=None)
@given(code_batches(), words_st, st.integers(1, 3), st.sampled_from(["boggle", "wordhunt", "ruzzle"]))
def test_batch_scores_equal_solve_grid(batch, words, min_len, rules):
    codes, rows, cols = batch
    lex = Lexicon.from_words(words, "en")
    totals = score_grids(codes, rows, cols, lex, min_len=min_len, rules=rules)
    for board, (n, points) in zip(codes, totals, strict=True):
        tiles = [LETTERS[c] if c >= 0 else "" for c in board]
        found = solve_grid(tiles, rows, cols, lex, min_len=min_len, rules=rules)
        assert (n, points) == (len(found), sum(f.score for f in found))


@settings(max_examples=40, deadline=None)
@given(code_batches(), words_st, st.integers(1, 3), st.integers(2, 7))
def test_parallel_batch_equals_one_core(batch, words, min_len, parts):
    """The prange kernel, its boards cut into ``parts`` ranges (more than the boards, too), scores
    each board as the one-core kernel does, which the test above checks against solve_grid."""
    codes, rows, cols = batch
    lex = Lexicon.from_words(words, "en")
    scoring = game("wordhunt").scoring
    start, nbr = king_neighbours(rows, cols)
    args = (lex.trie.child0, lex.trie.mask, lex.trie.word_of, lex.max_len, codes, start, nbr, min_len,
            scoring.length_table(lex.max_len), scoring.letter_table(lex.alphabet), len(lex))
    assert (score_batch_parallel(*args, parts) == score_batch(*args)).all()


def test_score_grids_on_every_core_equals_one_core():
    lex = Lexicon.builtin("en")
    rng = np.random.default_rng(3)
    codes = rng.integers(-1, 26, size=(300, 16)).astype(np.int8)  # 4,800 tiles: the threaded path
    assert _parts(len(codes), 16, 2) == 2
    one = score_grids(codes, 4, 4, lex, threads=1)
    assert (score_grids(codes, 4, 4, lex, threads=2) == one).all()
    assert (score_grids(codes, 4, 4, lex) == one).all()
    with pytest.raises(WordbotError, match="threads must be at least 1"):
        score_grids(codes, 4, 4, lex, threads=0)


def test_batch_with_special_tiles_and_codes():
    lex = Lexicon.from_words(WORDS, "en")
    special = [["qu", "a", "ck", "x"], ["c", "a", "t", ""]]
    assert score_grids(special, 2, 2, lex).tolist() == [[1, 2], [2, 2]]
    codes = encode_boards(["catx"], lex.alphabet)
    assert score_grids(codes, 2, 2, lex).tolist() == [[2, 2]]


def test_encode_boards_cyrillic_and_foreign():
    lex = Lexicon.from_words(["кот"], "ru")
    assert encode_boards(["котЁ"], lex.alphabet).tolist() == [[10, 14, 18, 5]]
    assert encode_boards(["котx"], lex.alphabet)[0, 3] == -2
    with pytest.raises(WordbotError, match="outside the ru alphabet"):
        score_grids(["котx"], 2, 2, lex)


@pytest.mark.parametrize(
    "text, rows, cols, message",
    [
        ("abc", 2, 2, "3 tiles, expected 2x2=4"),
        ("ab/c", 2, 2, "row 'c' has 1 tiles"),
        ("a[bc", 2, 2, "unclosed bracket"),
        ("a]bc[", 2, 2, "stray bracket"),
        ("abcd", 0, 4, "must be positive"),
        ("ab cd", 1, 5, "space"),
    ],
)
def test_bad_letters(text, rows, cols, message):
    with pytest.raises(WordbotError, match=message):
        split_letters(text, rows, cols)


def test_letters_syntax():
    assert split_letters("[qu]ab/[a/e].[-ing]", 2, 3) == ["qu", "a", "b", "a/e", ".", "-ing"]
    assert split_letters("[qu]ab/c[a/e][-ing]", 2, 3) == ["qu", "a", "b", "c", "a/e", "-ing"]
    assert split_letters("abcd", 2, 2) == list("abcd")


def test_unknown_letter_and_rules():
    lex = Lexicon.from_words(WORDS, "en")
    with pytest.raises(WordbotError, match="outside the en alphabet"):
        solve_grid(list("abcж"), 2, 2, lex)
    with pytest.raises(WordbotError, match="unknown game 'scrabble'"):
        solve_grid(list("abcd"), 2, 2, lex, rules="scrabble")
    with pytest.raises(WordbotError, match="unknown bonus"):
        solve_grid(list("abcd"), 2, 2, lex, rules="ruzzle", bonuses=["", "QW", "", ""])


# --- the result sequence and the one-letter fast path ---------------------------------------------

@settings(max_examples=60, deadline=None)
@given(st.integers(1, 6), st.integers(1, 6), st.data(), words_st, st.sampled_from(["boggle", "ruzzle"]))
def test_one_letter_boards_equal_the_general_path(rows, cols, data, words, rules):
    """Boards of one-letter tiles and holes take ``letter_codes``/``letter_graph``; the same board
    with a tile the fast path refuses (a multi-letter hole spelling) takes ``board_graph``."""
    cells = st.one_of(st.sampled_from(list(LETTERS + LETTERS.upper())), st.sampled_from(["", ".", "_"]))
    tiles = data.draw(st.lists(cells, min_size=rows * cols, max_size=rows * cols))
    bonuses = (data.draw(st.lists(st.sampled_from(list(BONUSES)), min_size=rows * cols, max_size=rows * cols))
               if rules == "ruzzle" else None)
    lex = Lexicon.from_words(words, "en")
    assert letter_codes(tiles, lex.alphabet) is not None
    fast = [(f.word, f.path, f.score) for f in solve_grid(tiles, rows, cols, lex, 1, rules, bonuses)]
    general = [(f.word, f.path, f.score) for f in solve_grid(
        [" " + t + " " if t else "" for t in tiles], rows, cols, lex, 1, rules, bonuses)]  # spaces: general
    assert fast == general


def test_found_words_is_a_lazy_sequence():
    lex = Lexicon.from_words(WORDS, "en")
    found = solve_grid(list("catostxyz"), 3, 3, lex)
    every = list(found)
    assert len(found) == len(every) == 8
    assert [found[i] for i in range(len(found))] == every
    assert found[-1] == every[-1] and found[1:4] == every[1:4] and found[::-2] == every[::-2]
    assert found.scores.tolist() == [f.score for f in every]
    assert found == every and found == solve_grid(list("catostxyz"), 3, 3, lex) and found != every[1:]
    with pytest.raises(IndexError):
        found[8]
