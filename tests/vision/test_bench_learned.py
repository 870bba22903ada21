"""The bench's learned-templates figure counts only the tiles of boards it found."""

import numpy as np
from bench import bench_vision

from wordbot.errors import WordbotError


def test_learned_figure_leaves_out_boards_not_found(monkeypatch):
    """A board of the learned look that is not found counts as a board missed, not as tiles read
    wrong and sure (the blind-2026-11-26 run's 92.38 % right / 3.4 % doubtful after learning was 115
    tiles of boards not found among 1,522; of the tiles read none was a confident misread)."""
    real = bench_vision.read_board
    calls = []

    def first_only(image, lang=None, bank=None):
        calls.append(bank)
        if len(calls) > 1:
            raise WordbotError("no letter board found")
        return real(image, lang, bank=bank)

    monkeypatch.setattr(bench_vision, "read_board", first_only)
    learned = bench_vision._learned(np.random.default_rng(3), 1, 2, pool="dev")
    assert learned["unlearned"] == 0 and calls[1] is not None  # learned, then read with the bank
    assert (learned["n"], learned["found"], learned["tiles_n"], learned["sure_wrong"]) == (2, 0, 0, 0)
    assert learned["boards"] == 0.0


def test_learned_figure_counts_misreads_of_boards_found():
    learned = bench_vision._learned(np.random.default_rng(3), 1, 1, pool="dev")
    assert learned["found"] == 1 and learned["tiles_n"] >= 16
    assert learned["sure_wrong"] == 0 and learned["tiles"] >= 0.9
