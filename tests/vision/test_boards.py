"""Which lattice is the board: icons, letter keyboards, sample pictures, saved geometry, pale tiles."""

import cv2
import numpy as np
import pytest

from wordbot.calibration.detect import BoardGeometry, detect_boards, fits
from wordbot.errors import WordbotError
from wordbot.ocr import read_board
from wordbot.ocr.synthetic import render

from .conftest import look


def test_a_letter_keyboard_beside_a_balda_board_is_passed_over(rng):
    """A 5x5 Balda board (one word) beside a 3x11 keyboard of the alphabet: the keyboard has more
    cells, but spells the alphabet: the board is read, the keyboard named among the others."""
    letters = [""] * 10 + list("песок") + [""] * 10
    board = render(rng, look(empty_rgb=(60, 70, 90)), 5, 5, tile=60, screen=(700, 420), letters=letters)
    alphabet = "абвгдежзийклмнопрстуфхцчшщъыьэюяё"
    keys = render(rng, look(), 3, 11, tile=40, screen=(700, 200),
                  letters=[ch.replace("ё", "е") for ch in alphabet])
    screen = np.vstack([board.image, keys.image])
    reading = read_board(screen, "ru")  # one telling letter (П) on the board: the game's language given
    assert (reading.rows, reading.cols) == (5, 5)
    assert reading.tiles == letters
    assert (3, 11) in [(r, c) for r, c, _ in reading.others]


def test_an_icon_is_not_a_board(rng):
    """A 43-pixel icon of 4x4 little squares, no letters: not read as an empty 4x4 board."""
    image = np.full((400, 600, 3), 235, np.uint8)
    for r in range(4):
        for c in range(4):
            image[100 + r * 11: 109 + r * 11, 100 + c * 11: 109 + c * 11] = (90, 60, 30)
    with pytest.raises(WordbotError, match="no letter board"):
        read_board(image)
    shot = render(rng, look(), 4, 4, tile=60, screen=(600, 400))
    shot.image[10:54, 10:54] = image[98:142, 98:142]  # the icon on the game's screen
    assert read_board(shot.image).tiles == shot.tiles


def test_the_game_board_before_its_small_sample_picture(rng):
    """A "how to play" picture: the same 4x4 drawn small beside the real one."""
    letters = list("котлисадомнеруба")
    big = render(rng, look(), 4, 4, tile=70, screen=(500, 420), letters=letters)
    small = render(rng, look(), 4, 4, tile=30, screen=(300, 420), letters=list("снегдомлесгодрот"))
    reading = read_board(np.hstack([small.image, big.image]))
    assert reading.tiles == letters
    assert len(reading.others) == 1


def test_saved_geometry_is_checked_against_the_frame(rng):
    """A profile's board reused only where it still is; moved or resized, it is found again."""
    first = render(rng, look(), 4, 4, tile=60)
    saved = BoardGeometry(4, 4, first.box, (60.0, 60.0), first.centres)
    assert fits(first.image, saved)
    assert read_board(first.image, geometry=saved).note == ""
    moved = render(rng, look(), 5, 5, tile=50)
    assert not fits(moved.image, saved)
    reading = read_board(moved.image, geometry=saved)
    assert (reading.rows, reading.cols) == (5, 5)
    assert reading.tiles == moved.tiles
    assert "found again" in reading.note


@pytest.mark.parametrize("seed", range(4))
def test_pale_gradient_tiles_are_found(seed):
    rng = np.random.default_rng(seed)
    style = look(shape="pale", tile_rgb=(200, 225, 240), panel_rgb=(244, 246, 250), text_rgb=(30, 60, 120),
                 gap=0.15)
    shot = render(rng, style, 4, 4, tile=int(rng.integers(40, 90)))
    boards = detect_boards(shot.image)
    assert boards and (boards[0].rows, boards[0].cols) == (4, 4)


@pytest.mark.parametrize("seed", [0, 1, 4])
def test_pale_tiles_whose_top_fades_into_a_white_panel_are_found(seed):
    """White-topped gradient tiles on a near-white panel with letter values in a corner: the tiles'
    upper edges vanish (their outlines are open at the top, or broken where a value touches them):
    found all the same, as square tiles up from their bottom edges."""
    rng = np.random.default_rng(seed)
    style = look(shape="pale", tile_rgb=(205, 250, 200), text_rgb=(112, 94, 176), panel_rgb=(255, 254, 248),
                 radius=0.17, gap=0.16, letter_size=0.42, corner_numbers=True, effect="shadow")
    rows, cols, tile = int(rng.integers(3, 9)), int(rng.integers(3, 12)), int(rng.integers(26, 60))
    shot = render(rng, style, rows, cols, tile=tile)
    boards = detect_boards(shot.image)
    assert boards and (boards[0].rows, boards[0].cols) == (rows, cols)
    assert max(abs(a - b) for a, b in zip(boards[0].box, shot.box, strict=True)) <= 0.2 * tile


@pytest.mark.parametrize("seed", [2, 4])
def test_an_edge_row_whose_outlines_jpeg_broke_is_kept(seed):
    """Grainy tiles through JPEG: a whole edge row or column shows no closed outline; it has the
    board's tiles' fill and gaps, so the lattice is grown over it (before: 4x4 of 8x5, 7x10 of 7x11)."""
    rng = np.random.default_rng(seed)
    style = look(shape="grain", tile_rgb=(13, 138, 246), text_rgb=(202, 222, 195), panel_rgb=(250, 198, 181),
                 radius=0.22, gap=0.15, letter_size=0.52, jpeg=81, scale=1.2)
    rows, cols, tile = int(rng.integers(3, 9)), int(rng.integers(3, 12)), int(rng.integers(26, 60))
    shot = render(rng, style, rows, cols, tile=tile)
    boards = detect_boards(shot.image)
    assert boards and (boards[0].rows, boards[0].cols) == (rows, cols)
    assert max(abs(a - b) for a, b in zip(boards[0].box, shot.box, strict=True)) <= 0.2 * tile


def test_a_board_is_not_grown_over_the_panel(rng):
    """Tiles drawn as outlines on a panel of the same colour: the cells next to the board look like
    its tiles' insides, but no gap sets them apart: the board keeps its size."""
    shot = render(rng, look(shape="outline", panel_rgb=(240, 220, 170), tile_rgb=(40, 30, 20)), 4, 5, tile=50)
    boards = detect_boards(shot.image)
    assert boards and (boards[0].rows, boards[0].cols) == (4, 5)


def test_a_board_is_not_grown_onto_a_desktop_of_its_tiles_colour():
    """A board's panel on a desktop of its tiles' colour (a held-out look, 7x7 found as 9x9): the
    desktop past the panel's margin has the tiles' fill and the margin the gaps' colour, but no gap
    parts one cell of it from the next: the board keeps its size."""
    fill, gap = (150, 225, 210), (190, 110, 40)  # BGR: a pale green tile on a blue panel
    image = np.zeros((600, 800, 3), np.uint8)
    image[:] = fill
    tile, pitch, margin, x0, y0 = 50, 60, 14, 200, 120
    image[y0 - margin: y0 + 5 * pitch - 10 + margin, x0 - margin: x0 + 5 * pitch - 10 + margin] = gap
    for r in range(5):
        for c in range(5):
            x, y = x0 + c * pitch, y0 + r * pitch
            cv2.rectangle(image, (x, y), (x + tile - 1, y + tile - 1), fill, -1)
            cv2.rectangle(image, (x + 4, y + 4), (x + tile - 5, y + tile - 5), (60, 60, 200), 2)
            cv2.putText(image, "ZFBKN"[(r + c) % 5], (x + 14, y + 36), cv2.FONT_HERSHEY_SIMPLEX, 0.9,
                        (60, 60, 200), 2)
    boards = detect_boards(image)
    assert boards and (boards[0].rows, boards[0].cols) == (5, 5)


SPARSE_LOOKS = {
    "jpeg": (look(font="comfortaa/Comfortaa-Bold.ttf", tile_rgb=(218, 185, 122), text_rgb=(26, 20, 124),
                  panel_rgb=(49, 52, 130), shape="square", radius=0.0, gap=0.25, letter_size=0.45,
                  jpeg=61), 9, 23),
    "glossy": (look(font="noto/NotoSans-Black.ttf", tile_rgb=(229, 35, 84), text_rgb=(161, 237, 106),
                    panel_rgb=(239, 243, 64), shape="glossy", radius=0.22, gap=0.08, letter_size=0.44,
                    corner_numbers=True, scale=0.93, case="lower"), 11, 27),
}


@pytest.mark.parametrize(("kind", "seed"), [("jpeg", 2), ("jpeg", 3), ("jpeg", 4), ("glossy", 6)])
def test_a_board_few_of_whose_outlines_are_closed_is_found(kind, seed):
    """Small square tiles through heavy JPEG, narrow glossy tiles: most tiles' outlines break, too
    few stay closed for a lattice (before: no board); the lattice they show is taken where most of
    its cells have their fill and its gaps another colour, then grown over the rest."""
    rng = np.random.default_rng(seed)
    style, size, tile = SPARSE_LOOKS[kind]
    if kind == "glossy":
        render(rng, SPARSE_LOOKS["jpeg"][0], 9, 9, tile=23)  # the same screenshot as where it was seen
    shot = render(rng, style, size, size, tile=tile)
    boards = detect_boards(shot.image)
    assert boards and (boards[0].rows, boards[0].cols) == (size, size)
    assert max(abs(a - b) for a, b in zip(boards[0].box, shot.box, strict=True)) <= 0.2 * tile


def test_a_few_same_sized_boxes_on_a_plain_screen_are_no_board():
    """Six window-sized boxes of one colour in a row and a column on a desktop: too few, and the
    lattice's other cells are desktop, not tiles: no board."""
    image = np.full((600, 800, 3), (90, 60, 40), np.uint8)
    for x, y in ((100, 100), (160, 100), (220, 100), (100, 160), (100, 220), (280, 100)):
        image[y: y + 50, x: x + 50] = (200, 200, 210)
    assert detect_boards(image) == []
