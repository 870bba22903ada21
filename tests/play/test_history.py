"""Words written beside a board are read on light and dark themes, the board and keys left out,
and Tesseract runs again only when that text changed."""

import shutil

import cv2
import numpy as np
import pytest

import wordbot.play.history as history_module
from wordbot.lexicon import Lexicon
from wordbot.play.history import History, words_on

pytestmark = pytest.mark.skipif(shutil.which("tesseract") is None, reason="tesseract is not installed")


def window(words: list[str], dark: bool) -> np.ndarray:
    back, ink = (30, 30, 30) if dark else (235, 235, 235), (220, 220, 220) if dark else (40, 40, 40)
    img = np.full((400, 600, 3), back, np.uint8)
    cv2.putText(img, "CAT", (60, 120), cv2.FONT_HERSHEY_SIMPLEX, 2.0, ink, 4)  # on the "board"
    for i, w in enumerate(words):
        cv2.putText(img, w, (400, 60 + 34 * i), cv2.FONT_HERSHEY_SIMPLEX, 0.8, ink, 2)
    return img


@pytest.mark.parametrize("dark", [False, True])
def test_listed_words_are_read_and_the_board_is_skipped(dark, monkeypatch):
    reads = []
    monkeypatch.setattr(history_module, "words_on", lambda *a: reads.append(1) or words_on(*a))
    lex = Lexicon.from_words(["cat", "house", "garden", "river", "apple"], "en")
    history = History(lex)
    board = (40, 40, 300, 300)
    assert history.update(window(["HOUSE", "GARDEN", "XQZT"], dark), [board]) == {"house", "garden"}
    assert history.update(window(["HOUSE", "GARDEN", "XQZT"], dark), [board]) == set()
    assert len(reads) == 1  # unchanged: not read again
    assert history.update(window(["HOUSE", "GARDEN", "RIVER"], dark), [board]) == {"river"}
    assert len(reads) == 2
