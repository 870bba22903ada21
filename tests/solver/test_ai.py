"""Balda AI: exact on small endgames (against a brute-force minimax), legal moves, bad input; arena."""

from __future__ import annotations

import functools
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wordbot.errors import WordbotError
from wordbot.lexicon import Lexicon
from wordbot.solver.ai import Engine, Settings, balda_best_move
from wordbot.solver.balda import balda_moves
from wordbot.solver.balda_arena import GreedyPlayer, engine_player, play_game, play_match

LETTERS = "алшко"


def exact_value(board: tuple[str, ...], used: frozenset[str], lex: Lexicon, mode: str) -> int:
    """Full-width minimax by plain recursion over balda_moves: the side to move's final margin."""

    @functools.cache
    def value(board: tuple[str, ...], used: frozenset[str]) -> int:
        best = 0
        moves = balda_moves(list(board), lex, mode, used)
        if moves:
            best = -(1 << 20)
        for m in moves:
            rows = [list(r) for r in board]
            rows[m.cell[0]][m.cell[1]] = m.letter
            after = tuple("".join(r) for r in rows)
            best = max(best, m.score - value(after, used | {m.word}))
        return best

    return value(board, used)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(words=st.lists(st.text(alphabet=LETTERS, min_size=2, max_size=5), min_size=3, max_size=30,
                      unique=True),
       seed=st.integers(0, 2**32 - 1), knots=st.booleans())
def test_full_width_search_is_exact(words, seed, knots):
    rng = random.Random(seed)
    lex = Lexicon.from_words(words)
    mode = "knots" if knots else "classic"
    board = ["...", "".join(rng.choice(LETTERS) for _ in range(3)), "..."]
    board, used = played(board, {board[1]}, lex, mode, rng.randint(0, 3), rng)  # a few legal moves first
    empties = sum(r.count(".") for r in board)
    engine = Engine(lex, mode, Settings(endgame=9))
    thought = engine.think(board, used, time_limit=60.0, max_depth=max(empties, 1))
    want = exact_value(tuple(board), frozenset(used), lex, mode)
    if thought.move is None:
        assert not balda_moves(board, lex, mode, used)
    else:
        assert thought.value == want
        assert (thought.move.cell, thought.move.letter, thought.move.word) in {
            (m.cell, m.letter, m.word) for m in balda_moves(board, lex, mode, used)}


def played(board: list[str], used: set[str], lex: Lexicon, mode: str, plies: int, rng: random.Random):
    """The board and used words after up to ``plies`` random legal moves."""
    for _ in range(plies):
        moves = balda_moves(board, lex, mode, used)
        if not moves:
            break
        m = moves[rng.randrange(len(moves))]
        rows = [list(r) for r in board]
        rows[m.cell[0]][m.cell[1]] = m.letter
        board, used = ["".join(r) for r in rows], used | {m.word}
    return board, used


def same_search(board, used, lex: Lexicon, mode: str, settings: Settings, depth: int,
                min_len: int = 2) -> None:
    """Incremental and regenerated move lists give the same tree: move, value and node count."""
    a, b = (Engine(lex, mode, settings, min_len, incremental=inc).think(board, used, 600.0, max_depth=depth)
            for inc in (True, False))
    assert (a.depth, a.value, a.nodes) == (b.depth, b.value, b.nodes)
    assert (a.move and (a.move.cell, a.move.letter, a.move.word)) == (
        b.move and (b.move.cell, b.move.letter, b.move.word))


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(words=st.lists(st.text(alphabet=LETTERS, min_size=1, max_size=4), min_size=20, max_size=60,
                      unique=True),
       size=st.integers(3, 5), seed=st.integers(0, 2**32 - 1), knots=st.booleans(),
       width=st.integers(1, 4), depth=st.integers(1, 4), min_len=st.integers(1, 3))
def test_incremental_search_is_the_same_search(words, size, seed, knots, width, depth, min_len):
    rng = random.Random(seed)
    lex = Lexicon.from_words(words)
    mode = "knots" if knots else "classic"
    start = "".join(rng.choice(LETTERS) for _ in range(size))
    board = ["." * size] * (size // 2) + [start] + ["." * size] * (size - size // 2 - 1)
    board, used = played(board, {start}, lex, mode, rng.randint(0, 4), rng)
    same_search(board, used, lex, mode, Settings(width=width, endgame=rng.randint(0, 6)), depth, min_len)


def test_incremental_horizon_sees_one_letter_words():
    """After БА the only reply is the one-letter А in the cell БА made playable: not through the new
    letter, so the incremental search must not miss it."""
    lex = Lexicon.from_words(["ба", "а"])
    same_search(["б.."], [], lex, "classic", Settings(), 1, min_len=1)
    assert Engine(lex, "classic", min_len=1).think(["б.."], [], 60.0, max_depth=1).value == 2 - 1


@pytest.fixture(scope="module")
def ru() -> Lexicon:
    return Lexicon.builtin("ru")


def test_best_move_is_legal(ru):
    board = ["..к..", ".сова", "балда", ".р.н.", "..и.."]
    used = ["балда", "сова", "бар"]
    move = balda_best_move(board, ru, used=used, time_limit=0.3)
    legal = {(m.cell, m.letter, m.word, tuple(m.path)) for m in balda_moves(board, ru, used=used)}
    assert (move.cell, move.letter, move.word, tuple(move.path)) in legal


@pytest.mark.parametrize("mode", ["classic", "knots"])
def test_incremental_search_is_the_same_on_a_real_position(ru, mode):
    board, used = played(["....."] * 2 + ["балда"] + ["....."] * 2, {"балда"}, ru, mode, 4, random.Random(5))
    same_search(board, used, ru, mode, Settings(), 3)


def test_no_move_and_bad_input(ru):
    assert balda_best_move(["ъъъ", "ъъъ", "ъъ."], ru, time_limit=0.1) is None
    with pytest.raises(WordbotError, match="non-negative"):
        balda_best_move(["балда"], ru, time_limit=-1)
    with pytest.raises(WordbotError, match="unknown Balda mode"):
        balda_best_move(["балда"], ru, mode="x")


def test_arena_alternates_and_counts():
    lex = Lexicon.from_words(["кол", "колос", "ос", "сок", "лоск", "око", "кок", "лок", "сколок"])
    start = "кок"
    a, b = play_game(lex, "classic", start, GreedyPlayer(lex, "classic"), GreedyPlayer(lex, "classic"))
    assert a + b > 0
    result = play_match(lex, "classic", 3, 4, engine_player(lex, "classic", 0.05),
                        GreedyPlayer(lex, "classic"), seed=3)
    assert len(result.margins) == 4 and result.depths_a and 0 <= result.win_rate <= 1
    assert "4 games" in result.summary()
