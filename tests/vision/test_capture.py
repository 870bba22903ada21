"""Frame sources: files and folders, change detection, and a real window under Xvfb."""

import base64

import cv2
import numpy as np
import pytest

from wordbot.capture import ChangeDetector, frames, open_source
from wordbot.errors import WordbotError
from wordbot.ocr import read_board
from wordbot.ocr.synthetic import render

from .conftest import look


def test_image_and_folder_sources(tmp_path, rng):
    a = render(rng, look(), 4, 4, tile=50, screen=(640, 400))
    b = render(rng, look(), 4, 4, tile=50, screen=(640, 400))
    for name, shot in (("1.png", a), ("2.png", a), ("3.png", b)):
        cv2.imwrite(str(tmp_path / name), shot.image)
    (tmp_path / "notes.txt").write_text("not a picture")
    with open_source(image=tmp_path / "1.png") as src:
        assert np.array_equal(src.grab(), a.image)
    with open_source(folder=tmp_path) as src:
        got = list(frames(src, interval=0))
    assert len(got) == 2  # the repeated frame is skipped: nothing changed
    assert read_board(got[1]).tiles == b.tiles


def test_change_detection_looks_at_the_board_area_only(rng):
    shot = render(rng, look(), 4, 4, tile=50, screen=(640, 400))
    x, y, w, h = shot.box
    detector = ChangeDetector(area=shot.box)
    assert detector.changed(shot.image)
    outside = shot.image.copy()
    outside[:20, :] = 255 - outside[:20, :] if y > 20 else outside[:20, :]
    assert not detector.changed(outside)
    inside = shot.image.copy()
    inside[y: y + h // 2, x: x + w] = 0
    assert detector.changed(inside)


def test_bad_sources(tmp_path):
    (tmp_path / "bad.png").write_bytes(b"not a png")
    with pytest.raises(WordbotError, match="cannot read"):
        open_source(image=tmp_path / "bad.png")
    with pytest.raises(WordbotError, match="no such"):
        open_source(image=tmp_path / "missing.png")
    with pytest.raises(WordbotError, match="no images"):
        open_source(folder=_empty(tmp_path))
    with pytest.raises(WordbotError, match="choose one"):
        open_source()


def _empty(tmp_path):
    d = tmp_path / "empty"
    d.mkdir()
    return d


@pytest.mark.gui
def test_window_is_found_captured_read_and_followed(rng, display24):
    tk = pytest.importorskip("tkinter")
    shot = render(rng, look(), 4, 4, tile=56, screen=(420, 320))
    root = tk.Tk()
    try:
        root.title("wordbot capture test")
        root.geometry("420x320+60+40")
        ok, png = cv2.imencode(".png", shot.image)
        photo = tk.PhotoImage(data=base64.b64encode(png.tobytes()).decode())
        tk.Label(root, image=photo, borderwidth=0, highlightthickness=0).pack()
        for _ in range(20):
            root.update()
        with open_source(window="capture TEST") as src:
            frame = src.grab()
            assert frame.shape[:2] == (320, 420)
            assert src.origin == (60, 40)
            reading = read_board(frame)
            assert reading.tiles == shot.tiles
            root.geometry("420x320+300+200")  # the window moves: the source follows it
            for _ in range(20):
                root.update()
            assert src.locate() == (300, 200)  # known before any capture (a swipe's guard asks)
            assert src.origin == (60, 40)
            frame = src.grab()
            assert src.origin == (300, 200)
            assert read_board(frame).tiles == shot.tiles
    finally:
        root.destroy()


@pytest.mark.gui
@pytest.mark.parametrize("managed", [False, True], ids=["bare", "openbox"])
def test_a_window_moved_resized_or_hidden_is_followed_at_once(display24, request, managed):
    """The window's place, kept between changes the X server tells of, is its place after each
    change (with a window manager too, which moves its frame around the window): moved, resized,
    hidden (no frame from it) and shown again."""
    tk = pytest.importorskip("tkinter")
    if managed:
        request.getfixturevalue("window_manager")
    root = tk.Tk()

    def settle() -> tuple[int, int, int, int]:
        for _ in range(20):
            root.update()
            root.after(10)
        return root.winfo_rootx(), root.winfo_rooty(), root.winfo_width(), root.winfo_height()

    try:
        root.title("wordbot place test")
        root.geometry("300x200+50+60")
        settle()
        with open_source(window="place TEST") as src:
            for geometry in ("300x200+220+90", "360x240+220+90", "360x240+10+10"):
                root.geometry(geometry)
                x, y, w, h = settle()
                assert src.locate() == (x, y), geometry
                assert src.grab().shape[:2] == (h, w), geometry
            root.withdraw()
            settle()
            with pytest.raises(WordbotError, match="gone"):
                src.grab()
            root.deiconify()
            x, y, w, h = settle()
            assert src.locate() == (x, y) and src.grab().shape[:2] == (h, w)
    finally:
        root.destroy()


@pytest.mark.gui
def test_missing_window(display24):
    with pytest.raises(WordbotError, match="no window"):
        open_source(window="no such window title 4711")
