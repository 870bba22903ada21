"""Buttons found by their look are told apart by their text: one that sends a word is pressed,
one that says Quit, Hint or Cancel never (light and dark themes)."""

import shutil

import cv2
import numpy as np
import pytest

from wordbot.play.buttons import find_buttons, safe_buttons, sending_buttons

pytestmark = pytest.mark.skipif(shutil.which("tesseract") is None, reason="tesseract is not installed")
BOARD = (40, 40, 400, 400)


def screen(labels: list[str], dark: bool) -> tuple[np.ndarray, list[tuple[int, int, int, int]]]:
    page, fill, ink = ((30, 30, 30), (70, 70, 70), (235, 235, 235)) if dark else \
        ((235, 235, 235), (255, 255, 255), (30, 30, 30))
    img = np.full((560, 700, 3), page, np.uint8)
    cv2.rectangle(img, BOARD[:2], (BOARD[0] + BOARD[2], BOARD[1] + BOARD[3]), fill, -1)
    boxes = []
    for i, label in enumerate(labels):
        x, y = 40 + 150 * i, 470
        cv2.rectangle(img, (x, y), (x + 140, y + 44), fill, -1)
        cv2.putText(img, label, (x + 14, y + 31), cv2.FONT_HERSHEY_SIMPLEX, 0.8, ink, 2)
        boxes.append((x, y, 141, 45))  # cv2 fills both end rows and columns
    return img, boxes


@pytest.mark.parametrize("dark", [False, True])
def test_submit_is_told_from_quit_hint_and_cancel(dark):
    img, drawn = screen(["Quit", "Hint", "Submit", "Cancel"], dark)
    found = find_buttons(img, [BOARD], 50)
    assert sorted(found) == sorted(drawn)
    assert sending_buttons(img, found) == [drawn[2]]
    assert safe_buttons(img, found) == [drawn[2]]


def test_a_button_without_a_known_word_is_kept_after_the_senders():
    img, drawn = screen(["Words", "OK"], dark=False)
    assert safe_buttons(img, find_buttons(img, [BOARD], 50)) == [drawn[1], drawn[0]]
