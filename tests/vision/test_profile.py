"""Calibration profiles and learned templates: saved atomically, reused, re-detected, learned."""

import cv2
import numpy as np
import pytest

from wordbot.calibration import Profile, detect_board, load_profile, locate, save_profile
from wordbot.calibration.profile import load_learned, profile_dir, save_learned
from wordbot.errors import WordbotError
from wordbot.lexicon.alphabet import alphabet
from wordbot.ocr import THRESHOLD, read_board
from wordbot.ocr.learn import from_reading, from_tesseract, parse_labels
from wordbot.ocr.synthetic import render

from .conftest import look


def test_profile_round_trip(rng):
    shot = render(rng, look(), 4, 5, tile=60)
    geometry = detect_board(shot.image)
    save_profile(Profile.from_geometry("round-trip", geometry, frame_size=(1600, 900), window="Game"))
    again = load_profile("round-trip")
    assert (again.rows, again.cols, again.window) == (4, 5, "Game")
    assert np.abs(again.geometry.centres - geometry.centres).max() < 1
    assert not list(profile_dir().glob("*.tmp"))
    with pytest.raises(WordbotError, match="no game profile"):
        load_profile("never-saved")
    with pytest.raises(WordbotError, match="bad profile name"):
        load_profile("../escape")


def test_locate_reuses_and_redetects(rng):
    first = render(rng, look(), 4, 4, tile=60, screen=(800, 600))
    g1 = locate(first.image, "moving")
    moved = render(rng, look(), 5, 5, tile=50, screen=(900, 700))  # resized window, new layout
    assert locate(first.image, "moving").box == g1.box  # same size: the saved board
    g2 = locate(moved.image, "moving")
    assert (g2.rows, g2.cols) == (5, 5)
    assert load_profile("moving").frame_size == (900, 700)


def test_learning_one_labelled_screenshot_reads_that_look(rng):
    style = look(font="freefont/FreeSerifBold.ttf", tile_rgb=(20, 60, 30), text_rgb=(250, 240, 120))
    letters = list(alphabet("ru").letters) + list("абвг")
    rng.shuffle(letters)
    sheet = render(rng, style, 6, 6, tile=50, letters=letters)
    pictures, labels = from_reading(read_board(sheet.image), sheet.tiles, "ru")
    assert len(labels) == 36
    kept = save_learned("serif-game", pictures, labels)
    assert kept >= 32  # each letter at least once; a picture drawn twice is kept once
    assert len(load_learned("serif-game")[1]) == kept
    save_profile(Profile.from_geometry("serif-game", detect_board(sheet.image)))
    bank = load_profile("serif-game").bank("ru")
    for _ in range(3):
        other = render(rng, style, 5, 5, tile=50)
        reading = read_board(other.image, bank=bank)
        assert reading.tiles == other.tiles
        assert min(reading.confidence) >= THRESHOLD


def test_labels_must_fit_the_board(rng):
    shot = render(rng, look(), 3, 3, tile=60)
    reading = read_board(shot.image)
    with pytest.raises(WordbotError, match="9"):
        from_reading(reading, parse_labels("абв/где"), "ru")
    with pytest.raises(WordbotError, match="alphabet"):
        from_reading(reading, parse_labels("абв/где/жзq"), "ru")


@pytest.mark.slow
def test_tesseract_bootstrap_learns_only_right_letters(rng):
    shot = render(rng, look(tile_rgb=(255, 255, 255), text_rgb=(0, 0, 0)), 4, 4, tile=70)
    pictures, labels = from_tesseract(shot.image, detect_board(shot.image), "ru")
    assert len(labels) >= 4
    truth = dict(zip(map(bytes, read_board(shot.image).pictures), shot.tiles, strict=True))
    assert all(truth[bytes(p)] == label for p, label in zip(pictures, labels, strict=True))


def test_annotated_picture_written(tmp_path, rng):
    from wordbot.ocr.annotate import annotate

    shot = render(rng, look(), 3, 3, tile=60)
    out = annotate(shot.image, read_board(shot.image))
    assert out.shape == shot.image.shape
    assert cv2.absdiff(out, shot.image).any()


def test_locate_follows_a_board_moved_within_the_frame(rng):
    style = look()
    first = render(rng, style, 4, 4, tile=60, screen=(800, 600))
    g1 = locate(first.image, "region-game")
    moved = render(rng, style, 4, 4, tile=60, screen=(800, 600))  # same frame size, board elsewhere
    assert moved.box != first.box
    g2 = locate(moved.image, "region-game")
    assert np.abs(g2.centres - moved.centres).max() <= 4
    assert g2.box != g1.box


def test_a_broken_profile_is_moved_aside_with_one_clear_error():
    save_profile(Profile("broken"))
    path = profile_dir() / "broken.json"
    for text in ("{not json", "[]", '{"name": "broken", "rows": "4"}', '{"name": "broken", "rows": 0, '
                 '"input": {"style": "mouse"}}', '{"name": "broken", "rows": 4, "cols": 4, "box": null}'):
        path.write_text(text)
        with pytest.raises(WordbotError, match="moved aside"):
            load_profile("broken")
        assert not path.exists() and (profile_dir() / "broken.json.corrupt").read_text() == text


def test_presets_are_profiles_and_a_profile_keeps_every_section():
    from wordbot.games import InputSpec, Signature

    prof = Profile.preset("wordhunt", "en")
    assert (prof.rules.name, prof.rules.min_len, prof.lang, prof.geometry) == ("wordhunt", 3, "en", None)
    prof.min_len, prof.input = 4, InputSpec("click", "enter", pace="human")
    flash = (0, 200, 0, 9, 30, 5, 0, 0, 0, 80)  # a look: LOOK values
    prof.feedback.accepted = Signature(held=None, flash=flash, marks=("above:0",))
    prof.feedback.highlight = True
    prof.feedback.score = (108, 52, 30, 16)
    save_profile(prof)
    again = load_profile("wordhunt")
    assert again == prof and again.rules.min_len == 4
    with pytest.raises(WordbotError, match="unknown game"):
        Profile.preset("chess")
