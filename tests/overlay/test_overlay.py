"""The drawn path and list, checked on pixels: on an image and in the on-screen window."""

import time

import mss
import numpy as np
import pytest

from wordbot import Found
from wordbot.overlay import PATH_COLOUR, UNSURE_COLOUR, OverlayWindow, Scene, annotate

TILE = 80
SCENE = Scene(3, 3, [(60 + 100 * c, 60 + 100 * r) for r in range(3) for c in range(3)], TILE,
              (20, 20, 280, 280), unsure=(8,))
WORDS = [Found("кот", [(0, 0), (1, 1), (1, 2)], 3), Found("ток", [(0, 1), (0, 2), (1, 2)], 3)]


def frame() -> np.ndarray:
    img = np.full((320, 320, 3), (74, 50, 37), np.uint8)
    for cx, cy in SCENE.centres:
        img[int(cy) - 40 : int(cy) + 40, int(cx) - 40 : int(cx) + 40] = (193, 228, 244)
    return img


def is_path(pixel) -> bool:
    return int(pixel[1]) < 80 and int(pixel[0]) > 180 and int(pixel[2]) > 180


def check_path(img: np.ndarray, dx: int = 0, dy: int = 0) -> None:
    """Magenta on each cell of the best word and halfway along each of its steps; not elsewhere."""
    for a, b in [((60, 60), (160, 160)), ((160, 160), (260, 160))]:
        for t in (0.25, 0.5, 0.75):
            x = round(a[0] + (b[0] - a[0]) * t) + dx
            y = round(a[1] + (b[1] - a[1]) * t) + dy
            assert is_path(img[y, x]), (x, y, img[y, x])
    assert not is_path(img[60 + dy, 260 + dx])  # (0, 2): on the second word only
    assert not is_path(img[260 + dy, 60 + dx])


def test_annotate_draws_the_best_path_the_list_and_unsure_tiles():
    out = annotate(frame(), SCENE, WORDS)
    check_path(out)
    assert out.shape[1] > 320  # widened for the list
    assert tuple(out[260, 260 - 40]) == UNSURE_COLOUR
    panel = out[20:300, 310:]
    assert (np.abs(panel.astype(int) - PATH_COLOUR).sum(axis=2) < 60).sum() > 50  # word 1 in magenta


def test_annotate_without_words_leaves_the_board_alone():
    scene = Scene(3, 3, SCENE.centres, TILE, SCENE.board_box)
    out = annotate(frame(), scene, [])
    assert (out[:320, :305] == frame()[:, :305]).all()


@pytest.mark.gui
def shown(win: OverlayWindow) -> np.ndarray:
    """The overlay window's pixels once they are its picture (or after 5 s)."""
    deadline = time.monotonic() + 5
    while True:
        win.pump()
        x, y, w, h = win.geometry()
        with mss.MSS() as sct:
            shot = np.asarray(sct.grab({"left": x, "top": y, "width": w, "height": h}))[:, :, :3]
        if shot.shape[:2] == win.image.shape[:2] and (shot == win.image).all() or time.monotonic() > deadline:
            return shot
        time.sleep(0.05)


def test_side_window_shows_the_path_on_screen():
    win = OverlayWindow(at=(400, 100))
    try:
        win.show(frame(), SCENE, WORDS, beside=(80, 100, 310, 300))
        shot = shown(win)
        assert win.mode == "side"
        # the panel is cropped from 10 px left/above the board box at (20, 20)
        check_path(shot, dx=-10, dy=-10)
        wide = win.image.shape
        # the game window wider: the picture scaled down to the room right of it, drawn in place
        win.show(frame(), SCENE, WORDS[:1], beside=(100, 100, win.root.winfo_screenwidth() - 310, 300))
        shot = shown(win)
        assert win.image.shape[1] < wide[1] and shot.shape == win.image.shape and (shot == win.image).all()
    finally:
        win.close()


def test_a_new_picture_is_shown_whole_where_only_part_of_it_changed():
    """The photo image is updated only where the picture changed (another best word: the path and
    the list): the window shows the new picture exactly, and the same picture again changes
    nothing."""
    win = OverlayWindow(at=(400, 100))
    try:
        win.show(frame(), SCENE, WORDS, beside=(80, 100, 310, 300))
        first = shown(win).copy()
        win.show(frame(), SCENE, WORDS[::-1], beside=(80, 100, 310, 300))
        second = shown(win)
        assert second.shape == win.image.shape and (second == win.image).all()
        assert (first != second).any()
        win.show(frame(), SCENE, WORDS[::-1], beside=(80, 100, 310, 300))
        assert (shown(win) == second).all()
    finally:
        win.close()
