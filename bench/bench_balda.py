"""Balda: all-moves search on 9x9 half-filled «узелки» positions against the two-tree algorithm of
article 000 in plain C (compiled in this run), the trap check on the same positions, the AI's speed
and depth (incremental move lists against regenerating them at every node), and arena results."""

from __future__ import annotations

import os
import random
import subprocess
import tempfile
import time
from pathlib import Path

from bench.common import Figure, best_of, compile_c
from wordbot.lexicon import Lexicon
from wordbot.solver.ai import Engine
from wordbot.solver.balda import balda_moves
from wordbot.solver.balda_arena import GreedyPlayer, engine_player, play_match

C_SOURCE = Path(__file__).parent / "c" / "balda_two_tree.c"


def grown_position(lex: Lexicon, size: int, filled: int, mode: str, rng: random.Random):
    """A position reached by legal play: a start word of ``size`` letters in the middle row, then
    moves picked at random among the ten best until ``filled`` cells hold letters."""
    starts = [w for w in lex.words if len(w) == size]
    start = rng.choice(starts)
    board = [["."] * size for _ in range(size)]
    board[size // 2] = list(start)
    used = [start]
    while sum(ch != "." for row in board for ch in row) < filled:
        moves = balda_moves(["".join(r) for r in board], lex, mode, used)
        if not moves:
            break
        m = moves[rng.randrange(min(10, len(moves)))]
        board[m.cell[0]][m.cell[1]] = m.letter
        used.append(m.word)
    return ["".join(r) for r in board], used


def _knots_positions(lex: Lexicon, size: int, count: int) -> list:
    """``size``x``size`` «узелки» positions with half the board filled, the same in every run."""
    rng = random.Random(size)
    return [grown_position(lex, size, size * size // 2 + 1, "knots", rng) for _ in range(count)]


def _all_moves(lex: Lexicon, positions: list, quick: bool) -> list[Figure]:
    """The public call as a game makes it (the position's played words banned) against the C
    two-tree search of the same positions with the same words banned."""
    size = len(positions[0][0])
    name = f"all moves, {size}x{size} knots half-filled, words played banned"

    def ours():
        return [len(balda_moves(b, lex, "knots", used)) for b, used in positions]

    counts = ours()
    letters = sum(m.score for b, used in positions for m in balda_moves(b, lex, "knots", used))
    ms = best_of(ours, 3 if quick else 10) / len(positions) * 1e3
    with tempfile.TemporaryDirectory() as tmp:
        exe = compile_c(C_SOURCE, Path(tmp) / "balda_two_tree")
        if exe is None:
            return [Figure("balda", name, ms, "ms", "<= C two-tree", None, "no C compiler: no baseline")]
        words = Path(tmp) / "words.txt"
        words.write_text("\n".join("".join(chr(65 + int(c)) for c in lex.alphabet.encode(w))
                                   for w in lex.words) + "\n")
        boards = Path(tmp) / "boards.txt"
        boards.write_text("\n".join(
            f"{size} {size} " + " ".join(str(lex.alphabet.code(ch)) for row in b for ch in row)  # ".": -1
            + f" {len(used)} " + " ".join(str(lex.index(w)) for w in used) for b, used in positions))
        out = subprocess.run([str(exe), str(words), str(boards), "2", "2", "3" if quick else "10"],
                             check=True, capture_output=True, text=True).stdout.split()
    c_ms = float(out[1]) / len(positions) * 1e3
    same = int(out[2]) == sum(counts) and int(out[3]) == letters
    note = (f"C two-tree (article 000, -O2, same run): {c_ms:.3f} ms, x{ms / c_ms:.2f}; {len(positions)} "
            f"positions, {sum(counts) / len(positions):.0f} moves and {len(positions[0][1])} words played "
            f"each; results {'equal' if same else 'DIFFER'}; ours = the public balda_moves call (used words "
            f"resolved, ranked, result objects' arrays); load average {os.getloadavg()[0]:.1f}")
    return [Figure("balda", name, ms, "ms", "<= C two-tree", ms <= c_ms and same, note)]


def _trap_check(lex: Lexicon, positions: list, quick: bool) -> list[Figure]:
    """The trap check (words through one filled cell) through every filled cell of each position.
    No baseline: the old way (all-moves search filtered by the cell) no longer exists as code."""
    queries = [(b, (r, c)) for b, _ in positions for r, row in enumerate(b) for c, ch in enumerate(row)
               if ch != "."]

    def ours():
        return [len(balda_moves(b, lex, "knots", through=t)) for b, t in queries]

    moves = sum(ours())
    ms = best_of(ours, 3 if quick else 10) / len(queries) * 1e3
    return [Figure("balda", "trap check (through a letter), 9x9 knots half-filled", ms, "ms per query", "",
                   None, f"{len(queries)} queries (every filled cell of {len(positions)} positions), "
                   f"{moves / len(queries):.0f} moves each; the public balda_moves(through=...) call")]


def _think(lex: Lexicon, board, used, incremental: bool, time_limit: float, max_depth: int | None = None):
    engine = Engine(lex, "classic", incremental=incremental)
    engine.think(board, used, 0.05)  # compile, warm the caches
    return engine.think(board, used, time_limit, max_depth)


def _ai_speed(lex: Lexicon, quick: bool) -> list[Figure]:
    """Depth in 2 s and node rate, incremental move lists against regenerating every node's moves
    (``Engine(incremental=False)``, the baseline, measured in the same run). The rate is compared on
    one fixed-depth search, the same tree for both (equal node counts), so it is the speed-up alone."""
    figures = []
    for size, filled in ((5, 12), (9, 41)):
        board, used = grown_position(lex, size, filled, "classic", random.Random(size))
        new, old = (_think(lex, board, used, inc, 2.0) for inc in (True, False))
        depth = max(old.depth - (1 if quick else 0), 1)
        fixed = {inc: _think(lex, board, used, inc, 600.0, depth) for inc in (True, False)}
        rate = {inc: t.nodes / t.seconds for inc, t in fixed.items()}
        same = fixed[True].nodes == fixed[False].nodes and fixed[True].value == fixed[False].value
        target = ">= 8 plies" if size == 5 else ""
        met = new.depth >= 8 if size == 5 else None
        note = (f"full plies (+1 greedy ply at the horizon); {new.nodes / new.seconds:,.0f} nodes/s, "
                f"{new.nodes} nodes; regenerating every node's moves (same run): {old.depth} plies, "
                f"{old.nodes / old.seconds:,.0f} nodes/s; {filled} cells filled")
        figures.append(Figure("balda", f"AI depth in 2 s, {size}x{size} mid-game", new.depth, "plies", target,
                              met, note))
        figures.append(Figure("balda", f"AI nodes/s, {size}x{size} mid-game, incremental search", rate[True],
                              "nodes/s", "> regenerating", rate[True] > rate[False] and same,
                              f"regenerating every node's moves (same run): {rate[False]:,.0f} nodes/s; "
                              f"x{rate[True] / rate[False]:.2f}; one {depth}-ply search, "
                              f"{'the same tree' if same else 'TREES DIFFER'} ({fixed[True].nodes} nodes)"))
    return figures


def _arena(lex: Lexicon, quick: bool) -> list[Figure]:
    games = 2 if quick else 20
    t = time.perf_counter()
    vs_greedy = play_match(lex, "classic", 5, games, engine_player(lex, "classic", 0.5),
                           GreedyPlayer(lex, "classic"), seed=1)
    vs_shallow = play_match(lex, "classic", 5, games, engine_player(lex, "classic", 0.5),
                            engine_player(lex, "classic", 0.5, max_depth=1), seed=2)
    spent = time.perf_counter() - t
    return [
        Figure("balda", "arena: AI 0.5 s/move vs greedy, 5x5 classic", vs_greedy.win_rate * 100, "% won",
               ">= 80", vs_greedy.win_rate >= 0.8, vs_greedy.summary()),
        Figure("balda", "arena: deep (0.5 s) vs 1-ply engine, 5x5 classic", vs_shallow.win_rate * 100,
               "% won", "> 50", vs_shallow.win_rate > 0.5,
               f"{vs_shallow.summary()}; both arenas {spent:.0f} s"),
    ]


def run(quick: bool) -> list[Figure]:
    lex = Lexicon.builtin("ru")
    positions = _knots_positions(lex, 9, 2 if quick else 6)
    big = _knots_positions(lex, 12, 1 if quick else 4)
    return (_all_moves(lex, positions, quick) + _all_moves(lex, big, quick)
            + _trap_check(lex, positions, quick) + _ai_speed(lex, quick) + _arena(lex, quick))
