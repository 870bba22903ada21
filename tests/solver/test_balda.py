"""Balda move generator: the compiled kernel against its pure-Python twin, known answers, bad input."""

from __future__ import annotations

import itertools
import random

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wordbot.errors import WordbotError
from wordbot.lexicon import Lexicon
from wordbot.solver.balda import (
    Moves,
    after_move,
    balda_moves,
    banned_words,
    find_moves,
    letter_commonness,
    moves_through,
    parse_board,
    rank_keys,
)
from wordbot.solver.balda_reference import moves_reference

LETTERS = "алшкот"


@pytest.fixture(scope="module")
def ru() -> Lexicon:
    return Lexicon.builtin("ru")


def as_grid(board: list[str]) -> list[list[str | None]]:
    return [[None if ch == "." else ch for ch in row] for row in board]


def grow(words: list[str], rows: int, cols: int, plies: int, knots: bool, rng: random.Random) -> list[str]:
    """A board grown by legal play: a start word in the middle row, then random moves of the twin."""
    grid = [[None] * cols for _ in range(rows)]
    grid[rows // 2] = [rng.choice(LETTERS) for _ in range(cols)]
    used = {"".join(grid[rows // 2])}
    for _ in range(plies):
        found = moves_reference(grid, set(words), LETTERS, knots, used, None, None, 2)
        if not found:
            break
        (r, c), x, word = rng.choice(sorted(found))
        grid[r][c] = x
        used.add(word)
    return ["".join(ch or "." for ch in row) for row in grid]


def check_path(move, board: list[str], knots: bool, through) -> None:
    """A reported path is legal: adjacent steps, spells the word with the new letter, caps kept."""
    grid = as_grid(board)
    grid[move.cell[0]][move.cell[1]] = move.letter
    assert "".join(grid[r][c] for r, c in move.path) == move.word
    assert move.cell in move.path and board[move.cell[0]][move.cell[1]] == "."
    assert all(abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1 for a, b in itertools.pairwise(move.path))
    assert max(move.path.count(p) for p in move.path) <= (2 if knots else 1)
    assert through is None or through in move.path
    assert move.score == len(move.word)


def compare(board: list[str], words: list[str], knots: bool, used=(), cell=None, through=None,
            min_len: int = 2, letters: str = LETTERS, lex: Lexicon | None = None) -> int:
    lex = lex or Lexicon.from_words(words)
    mode = "knots" if knots else "classic"
    got = balda_moves(board, lex, mode=mode, used=used, cell=cell, through=through, min_len=min_len)
    want = moves_reference(as_grid(board), set(lex.words), letters, knots, set(used), cell, through,
                           min_len)
    assert sorted((m.cell, m.letter, m.word) for m in got) == sorted(want)
    for m in got:
        check_path(m, board, knots, through)
    if through is not None:  # every path the trap check's search finds is legal, repeats included
        through_triples(board, lex, knots, through, used, min_len)
    return len(got)


def through_triples(board: list[str], lex: Lexicon, knots: bool, through, used=(), min_len: int = 2) -> list:
    """``moves_through``'s moves (repeats kept), their paths checked."""
    pos = parse_board(board, lex)
    raw = moves_through(pos, lex, 2 if knots else 1, pos.index(through, "through"), min_len,
                        banned_words(lex, used))
    moves = list(Moves(raw, np.arange(len(raw.word)), lex, pos.cols))
    for m in moves:
        check_path(m, board, knots, through)
    return [(m.cell, m.letter, m.word) for m in moves]


# one-letter words test min_len=1 (a lexicon of one-letter words alone included)
words_st = st.lists(st.text(alphabet=LETTERS, min_size=1, max_size=7), min_size=1, max_size=40,
                    unique=True)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(words=words_st, rows=st.integers(3, 6), cols=st.integers(3, 6), plies=st.integers(0, 12),
       knots=st.booleans(), min_len=st.integers(1, 4), seed=st.integers(0, 2**32 - 1),
       query=st.sampled_from(["all", "cell", "through", "through+cell", "used"]))
def test_kernel_equals_twin_on_grown_boards(words, rows, cols, plies, knots, min_len, seed, query):
    rng = random.Random(seed)
    board = grow(words, rows, cols, plies, knots, rng)
    empties = [(r, c) for r in range(rows) for c in range(cols) if board[r][c] == "."]
    filled = [(r, c) for r in range(rows) for c in range(cols) if board[r][c] != "."]
    kwargs = {}
    if query == "cell" and empties:
        kwargs["cell"] = rng.choice(empties)
    elif query == "through":
        kwargs["through"] = rng.choice(filled)
    elif query == "through+cell" and empties:  # a cell the letter's words reach, or any empty one
        kwargs["through"] = rng.choice(filled)
        trap = moves_reference(as_grid(board), set(words), LETTERS, knots, set(), None, kwargs["through"],
                               min_len)
        kwargs["cell"] = rng.choice(sorted({e for e, _, _ in trap}) + empties)
    elif query == "used":
        kwargs["used"] = rng.sample(words, k=min(3, len(words)))
    compare(board, words, knots, min_len=min_len, **kwargs)


def triples(raw, lex, cols: int) -> list:
    return sorted((m.cell, m.letter, m.word) for m in Moves(raw, np.arange(len(raw.word)), lex, cols))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(words=st.lists(st.text(alphabet=LETTERS[:4], min_size=1, max_size=5), min_size=10, max_size=50,
                      unique=True),
       rows=st.integers(3, 6), cols=st.integers(3, 6), plies=st.integers(0, 8),
       knots=st.booleans(), min_len=st.integers(1, 3), seed=st.integers(0, 2**32 - 1))
def test_incremental_moves_equal_full_regeneration(words, rows, cols, plies, knots, min_len, seed):
    """A random game from a random position: at every ply the list derived from the previous one
    (kept moves plus words through the new letter) is the full search's, ranked, once each, with
    legal paths."""
    rng = random.Random(seed)
    lex = Lexicon.from_words(words)
    board = grow(words, rows, cols, plies, knots, rng)
    pos, cap = parse_board(board, lex), 2 if knots else 1
    banned = banned_words(lex, rng.sample(words, k=min(2, len(words))))

    def full():
        return find_moves(pos, lex, cap, np.nonzero(pos.codes < 0)[0].astype(np.int32), min_len, banned)

    raw = full()
    while len(raw.word):
        i = rng.randrange(len(raw.word))
        cell, word = int(raw.cell[i]), int(raw.word[i])
        pos.codes[cell], banned[word] = raw.letter[i], True
        raw = after_move(raw, pos, lex, cap, cell, word, min_len, banned)
        assert triples(raw, lex, cols) == triples(full(), lex, cols)
        assert (np.diff(rank_keys(raw, lex, rows * cols)) > 0).all()  # ranked, each move once
        now = ["".join(lex.alphabet.letters[c] if c >= 0 else "." for c in pos.codes[r * cols:(r + 1) * cols])
               for r in range(rows)]
        for m in Moves(raw, np.arange(len(raw.word)), lex, cols):
            check_path(m, now, knots, None)


def test_shalash_needs_knots():
    words = ["шалаш", "шал", "лак"]
    board = [".....", ".....", "шал..", ".....", "....."]
    lex = Lexicon.from_words(words)
    knots = {(m.cell, m.letter, m.word) for m in balda_moves(board, lex, mode="knots")}
    classic = {(m.cell, m.letter, m.word) for m in balda_moves(board, lex, mode="classic")}
    assert ((1, 1), "ш", "шалаш") in knots and ((1, 1), "л", "шалаш") in knots
    assert not any(w == "шалаш" for _, _, w in classic)
    assert ((1, 1), "ш", "шал") in classic
    best = balda_moves(board, lex, mode="knots")[0]
    assert best.word == "шалаш" and best.path[0] == best.path[-1]
    assert not any(m.word == "шалаш" for m in balda_moves(board, lex, mode="knots", used=["ШАЛАШ"]))
    compare(board, words, knots=True, letters="шалк")


def test_new_letter_used_twice_in_knots():
    # e is the middle А of ШАЛАШ... here the new cell is visited twice: А-Б-А needs one А cell.
    lex = Lexicon.from_words(["аба"])
    board = ["...", ".б.", "..."]
    found = {(m.cell, m.letter, m.word) for m in balda_moves(board, lex, mode="knots")}
    assert found == {((0, 1), "а", "аба"), ((1, 0), "а", "аба"), ((1, 2), "а", "аба"),
                     ((2, 1), "а", "аба")}
    assert len(balda_moves(board, lex, mode="classic")) == 0
    assert set(through_triples(board, lex, True, (1, 1))) == found


@pytest.fixture(scope="module")
def mid_game() -> list[str]:
    return [".....", "..о..", "балда", ".р...", "....."]


def test_hand_made_position(ru, mid_game):
    moves = balda_moves(mid_game, ru, used=["балда"])
    triples = {(m.cell, m.letter, m.word) for m in moves}
    assert ((1, 1), "х", "халда") in triples
    assert ((4, 1), "к", "барк") in triples
    lengths = [m.score for m in moves]
    assert lengths == sorted(lengths, reverse=True)
    assert all(m.word != "балда" for m in moves)
    local = balda_moves(mid_game, ru, cell=(4, 1))
    assert local and all(m.cell == (4, 1) for m in local)
    assert {(m.letter, m.word) for m in local} == {(m.letter, m.word) for m in moves if m.cell == (4, 1)}
    trap = balda_moves(mid_game, ru, through=(3, 1))
    assert trap and all((3, 1) in m.path for m in trap)


def test_ties_ranked_by_rare_letter(ru, mid_game):
    moves = balda_moves(mid_game, ru)
    common = letter_commonness(ru)
    for a, b in itertools.pairwise(moves):
        if a.score == b.score:
            assert common[ru.alphabet.code(a.letter)] <= common[ru.alphabet.code(b.letter)]


def test_lazy_sequence(ru, mid_game):
    moves = balda_moves(mid_game, ru)
    assert moves[-1] == list(moves)[-1] and moves[:2] == [moves[0], moves[1]]
    with pytest.raises(IndexError):
        moves[len(moves)]


@pytest.mark.parametrize("knots", [False, True])
def test_builtin_lexicon_matches_twin(ru, knots):
    board = [".....", "..о..", "балда", ".р...", "....."]
    assert compare(board, [], knots, used=["балда"], letters=ru.alphabet.letters, lex=ru) > 50


@pytest.mark.parametrize(
    ("board", "kwargs", "message"),
    [
        (["аб", "абв"], {}, "row 2 has 3 cells"),
        (["а1."], {}, "'1' is neither"),
        (["...", "..."], {}, "no letters"),
        ([], {}, "empty"),
        (["аб."], {"cell": (0, 5)}, "outside"),
        (["аб."], {"cell": (0, 0)}, "not empty"),
        (["аб."], {"through": (0, 2)}, "is empty"),
        (["аб."], {"through": (-1, 0)}, "outside"),
        (["аб."], {"mode": "bogus"}, "unknown Balda mode"),
        (["аб."], {"min_len": 0}, "min_len"),
    ],
)
def test_bad_input(ru, board, kwargs, message):
    with pytest.raises(WordbotError, match=message):
        balda_moves(board, ru, **kwargs)


def test_big_board(ru):
    board = ["." * 21] * 10 + ["балдабалдабалдабалдаб"] + ["." * 21] * 10
    moves = balda_moves(board, ru, mode="knots", used=["балда"])
    assert len(moves) > 100
    assert all(m.cell[0] in (9, 11) for m in moves)
