"""Telling the Balda board from the letter keyboard, and finding the Submit button."""

import numpy as np

from wordbot.ocr import BoardReading
from wordbot.play.balda import _is_keyboard, find_button, start_words

LETTERS = "абвгдежзийклмнопрстуфхцчшщъыьэюя"


def reading(tiles: list[str], rows: int, cols: int) -> BoardReading:
    return BoardReading(rows, cols, tiles, [1.0] * len(tiles), (0, 0, 10, 10), [(0.0, 0.0)] * len(tiles))


def test_keyboard_is_the_grid_that_spells_the_alphabet():
    assert _is_keyboard(reading(list(LETTERS), 4, 8), LETTERS)
    board = ["", "", "", "", ""] * 2 + list("сумма") + [""] * 10
    assert not _is_keyboard(reading(board, 5, 5), LETTERS)


def test_button_is_the_largest_blob_of_its_colour_below_the_keyboard():
    img = np.zeros((200, 300, 3), np.uint8)
    img[20:40, 10:60] = (106, 187, 102)  # above the line: ignored
    img[120:164, 80:220] = (106, 187, 102)  # BGR of (102, 187, 106)
    assert find_button(img, (102, 187, 106), below=100) == (80, 120, 140, 44)
    assert find_button(img, (239, 83, 80), below=100) is None


def test_start_word_is_used():
    assert start_words([".....", "сумма", "....."]) == {"сумма"}
