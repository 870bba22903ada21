"""Telling the Balda board from the letter keyboard (any layout, 32 or 33 keys, either case, keys
read doubtfully resolved by elimination), and finding the Submit button by its colour or look."""

import os
import random
import time

import numpy as np
import pytest

from wordbot.lexicon.alphabet import alphabet
from wordbot.ocr import BoardReading
from wordbot.play.balda import keyboard_keys, read_view, start_words
from wordbot.play.buttons import find_button, find_buttons
from wordbot.play.grid import board_reader
from wordbot.simgame.balda_app import KEY, KEY_GAP, keyboard_letters
from wordbot.simgame.balda_variants import BALDA_VARIANTS
from wordbot.simgame.gamelog import read_log
from wordbot.simgame.launch import running

LETTERS = "абвгдежзийклмнопрстуфхцчшщъыьэюя"
WITH_YO = "абвгдеёжзийклмнопрстуфхцчшщъыьэюя"


def reading(tiles: list[str], rows: int, cols: int, doubtful: tuple[int, ...] = ()) -> BoardReading:
    conf = [0.2 if i in doubtful else 1.0 for i in range(len(tiles))]
    return BoardReading(rows, cols, tiles, conf, (0, 0, 10, 10), [(float(i), 0.0) for i in range(len(tiles))])


def test_keyboard_is_the_grid_that_spells_the_alphabet():
    assert keyboard_keys(reading(list(LETTERS), 4, 8), LETTERS) == {ch: i for i, ch in enumerate(LETTERS)}
    board = ["", "", "", "", ""] * 2 + list("сумма") + [""] * 10
    assert keyboard_keys(reading(board, 5, 5), LETTERS) is None


def test_lower_case_misreads_are_resolved_by_the_layout_order():
    """33 keys in 3 rows of 11: а read э, е read с, ё read е (all doubtful), б read twice."""
    tiles = list(WITH_YO)
    tiles[0], tiles[5], tiles[6] = "э", "с", "е"
    tiles[1] = "б"
    keys = keyboard_keys(reading(tiles, 3, 11, doubtful=(0, 5, 6)), LETTERS)
    assert keys == {ch: i for i, ch in enumerate(WITH_YO)}


def test_a_key_read_sure_but_twice_is_resolved_too():
    tiles = list(WITH_YO)
    tiles[6] = "о"  # ё read sure as о: neither о key is taken on trust
    keys = keyboard_keys(reading(tiles, 3, 11), LETTERS)
    assert keys["о"] == WITH_YO.index("о") and keys["ё"] == 6


def test_a_qwerty_like_layout_is_resolved_in_its_own_order():
    order = "ёйцукенгшщзхъфывапролджэячсмитьбю"
    tiles = list(order)
    tiles[order.index("а")] = "э"
    keys = keyboard_keys(reading(tiles, 3, 11, doubtful=(order.index("а"),)), LETTERS)
    assert keys["а"] == order.index("а") and keys["э"] == order.index("э")


def test_the_one_key_left_is_the_one_letter_left():
    shuffled = random.Random(3).sample(LETTERS, len(LETTERS))
    tiles = list(shuffled)
    i = shuffled.index("а")
    tiles[i] = "э"
    keys = keyboard_keys(reading(tiles, 4, 8, doubtful=(i,)), LETTERS)
    assert keys["а"] == i and keys["э"] == shuffled.index("э")


def test_too_few_keys_read_is_no_keyboard():
    doubtful = tuple(range(6))  # 26 of 32 read: under 85%
    assert keyboard_keys(reading(list(LETTERS), 4, 8, doubtful=doubtful), LETTERS) is None


def test_button_is_the_largest_blob_of_its_colour_below_the_keyboard():
    img = np.zeros((200, 300, 3), np.uint8)
    img[20:40, 10:60] = (106, 187, 102)  # above the line: ignored
    img[120:164, 80:220] = (106, 187, 102)  # BGR of (102, 187, 106)
    assert find_button(img, (102, 187, 106), below=100) == (80, 120, 140, 44)
    assert find_button(img, (239, 83, 80), below=100) is None


def test_start_word_is_used():
    assert start_words([".....", "сумма", "....."]) == {"сумма"}


# --- screenshots of each variant of the simulated game -----------------------------------------------
@pytest.fixture(scope="module")
def screens(tmp_path_factory):
    """variant -> (its window's pixels, the game's start and layout events)."""
    if not os.environ.get("DISPLAY"):
        pytest.skip("no display")
    out = {}
    for name, args in BALDA_VARIANTS.items():
        log = tmp_path_factory.mktemp("balda") / f"{name}.jsonl"
        with running("balda", *args, log=log) as (_, source):
            deadline = time.monotonic() + 10
            events = read_log(log)
            while not any(e["event"] == "layout" for e in events) and time.monotonic() < deadline:
                time.sleep(0.1)
                events = read_log(log)
            out[name] = (source.grab()[:, :, :3].copy(), *events[:2])
    return out


@pytest.mark.gui
@pytest.mark.parametrize("variant", sorted(BALDA_VARIANTS))
def test_keyboard_and_board_of_each_variant(variant, screens):
    image, start, layout = screens[variant]
    view = read_view(image, board_reader("ru"), alphabet("ru"))
    assert set(LETTERS) <= set(view.keys)
    kx, ky = layout["keys"][:2]
    for i, ch in enumerate(keyboard_letters(LETTERS, start["yo"])):  # each key where the game drew it
        r, c = divmod(i, start["key_cols"])
        x, y = view.keys[ch]
        assert kx + c * (KEY + KEY_GAP) < x < kx + c * (KEY + KEY_GAP) + KEY, ch
        assert ky + r * (KEY + KEY_GAP) < y < ky + r * (KEY + KEY_GAP) + KEY, ch
    assert np.allclose(view.board.board_box, layout["board"], atol=5)  # never the keyboard
    assert view.rows() == start["board"] and not view.board.unsure(0.5)


@pytest.mark.gui
@pytest.mark.parametrize("variant", sorted(BALDA_VARIANTS))
def test_submit_button_found_by_its_look(variant, screens):
    image, _, layout = screens[variant]
    view = read_view(image, board_reader("ru"), alphabet("ru"))
    buttons = find_buttons(image, [view.board.board_box, view.keys_box], KEY + KEY_GAP)
    if "submit" in layout:
        assert np.allclose(buttons[0], layout["submit"], atol=3), buttons  # Submit before Cancel
    else:
        assert buttons == []
