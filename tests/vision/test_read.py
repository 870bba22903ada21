"""Board detection and reading on labelled synthetic screenshots (development looks)."""

from dataclasses import replace

import numpy as np
import pytest

import wordbot
from wordbot.calibration import detect_board
from wordbot.errors import WordbotError
from wordbot.ocr import THRESHOLD, builtin_bank, read_board
from wordbot.ocr.synthetic import random_screenshot, render

from .conftest import look


def test_clean_board_is_read_exactly(rng):
    shot = render(rng, look(), 4, 4, tile=70)
    reading = wordbot.read_board(shot.image, lang="ru")
    assert (reading.rows, reading.cols) == (4, 4)
    assert reading.tiles == shot.tiles
    assert min(reading.confidence) >= THRESHOLD
    assert np.abs(np.array(reading.centres) - shot.centres).max() < 3
    assert np.abs(np.array(reading.board_box) - np.array(shot.box)).max() <= 4


@pytest.mark.parametrize(("rows", "cols"), [(3, 3), (5, 7), (15, 15)])
def test_board_sizes(rng, rows, cols):
    shot = render(rng, look(shape="square", tile_rgb=(250, 250, 250), text_rgb=(0, 0, 0)), rows, cols,
                  tile=40 if rows < 15 else 34)
    geometry = detect_board(shot.image)
    assert (geometry.rows, geometry.cols) == (rows, cols)
    assert read_board(shot.image).tiles == shot.tiles


def test_corner_numbers_are_ignored(rng):
    shot = render(rng, look(corner_numbers=True, letter_size=0.42), 4, 4, tile=64)
    assert read_board(shot.image).tiles == shot.tiles


def test_light_on_dark_and_balda_empty_cells(rng):
    style = look(tile_rgb=(30, 40, 60), text_rgb=(250, 250, 230), panel_rgb=(10, 10, 10),
                 empty_rgb=(80, 90, 110))
    letters = list("....." ".....") + list("балда") + list("....." ".....")
    letters = [ch if ch != "." else "" for ch in letters]
    shot = render(rng, style, 5, 5, tile=60, letters=letters)
    reading = read_board(shot.image)
    assert reading.tiles == letters
    assert min(reading.confidence) >= THRESHOLD  # empty cells are surely empty


def test_english_and_look_alikes(rng):
    letters = list("ackm" "xetp" "obhy" "zsqu")  # many have Cyrillic twins (А, С, К, М, Х, Е, ...)
    shot = render(rng, look(), 4, 4, lang="en", tile=60, letters=letters)
    assert read_board(shot.image, lang="en").tiles == letters
    assert read_board(shot.image).lang == "en"  # told from the glyphs
    with pytest.raises(WordbotError, match="Latin"):
        read_board(shot.image, lang="ru")


def test_random_development_looks(rng):
    """Many sizes, fonts, colours, shapes (pale gradients too), effects, blur, scaling and JPEG:
    boards found and read (a board whose alphabet cannot be told stops with that error, and is not
    read), every misread doubtful."""
    found = right = total = 0
    sure_misreads = []
    for _ in range(12):
        shot = random_screenshot(rng)
        geometry = detect_board(shot.image)
        if geometry is None or (geometry.rows, geometry.cols) != (shot.rows, shot.cols):
            continue
        try:
            reading = read_board(shot.image)
        except WordbotError as exc:
            assert "cannot tell the board's alphabet" in str(exc)
            continue
        found += 1
        for got, want, conf in zip(reading.tiles, shot.tiles, reading.confidence, strict=True):
            total += 1
            right += got == want
            if got != want and conf >= THRESHOLD:
                sure_misreads.append((want, got, conf))
    assert found >= 10  # pale gradient tiles on a pale panel are still missed now and then
    # Glossy tiles (a development style since 2026-11-25, four of these boards) are read worse, and
    # so is a 13x15 board of thick tiles in Noto Serif Black found since 2026-11-28 (its outlines
    # broken in clear edges, whole in smoothed ones): 77 % of its tiles right, every wrong one doubtful.
    assert right / total >= 0.9
    assert sure_misreads == []


def test_no_board_is_an_error(rng):
    blank = render(rng, look(), 4, 4, tile=60).image.copy()
    blank[:] = (90, 120, 60)
    with pytest.raises(WordbotError, match="no letter board"):
        read_board(blank)
    noise = rng.integers(0, 256, (900, 1600, 3), dtype=np.uint8)
    with pytest.raises(WordbotError, match="no letter board"):
        read_board(noise)


@pytest.mark.parametrize("image", [np.zeros((4, 4, 3), np.uint8), np.zeros((0, 0, 3), np.uint8),
                                   np.zeros((10, 10), np.float32), "picture.png", None])
def test_bad_images(image):
    with pytest.raises(WordbotError):
        read_board(image)


def test_huge_image(rng):
    shot = render(rng, look(), 5, 5, tile=200, screen=(6000, 4000))
    reading = read_board(shot.image)
    assert reading.tiles == shot.tiles
    assert np.abs(np.array(reading.centres) - shot.centres).max() < 8


def test_all_blank_tiles_read_as_empty_not_surely(rng):
    """Blank tiles read as empty; with no letter seen anywhere none is sure: a game's board shows
    letters, and a reader that found none may have missed them all (faint hairlines)."""
    shot = render(rng, look(), 4, 4, tile=60, letters=[""] * 16)
    reading = read_board(shot.image)
    assert reading.tiles == [""] * 16
    assert max(reading.confidence) < THRESHOLD


def test_gray_and_bgra_images(rng):
    import cv2

    shot = render(rng, look(), 4, 4, tile=60)
    gray = cv2.cvtColor(shot.image, cv2.COLOR_BGR2GRAY)
    assert read_board(gray).tiles == shot.tiles
    bgra = cv2.cvtColor(shot.image, cv2.COLOR_BGR2BGRA)
    assert read_board(bgra).tiles == shot.tiles


def test_shape_picks_the_board_beside_a_letter_picker(rng):
    """A Balda screen: a 5x5 board (one word, the rest empty cells) above a 4x8 letter picker."""
    letters = [""] * 10 + list("сумма") + [""] * 10
    board = render(rng, look(empty_rgb=(60, 70, 90)), 5, 5, tile=70, screen=(800, 500), letters=letters)
    picker = render(rng, look(), 4, 8, tile=44, screen=(800, 400),
                    letters=list("абвгдежзийклмнопрстуфхцчшщъыьэюя"))
    screen = np.vstack([board.image, picker.image])
    assert (detect_board(screen).rows, detect_board(screen).cols) == (4, 8)  # the most cells
    reading = read_board(screen, "ru", shape=(5, 5))  # a word of look-alikes: the game's language given
    assert reading.tiles == letters


def test_geometric_font_lambda_shapes(rng):
    """URW Gothic's Л and Д are Λ-shaped like А: the bank holds that font, so they are read right."""
    letters = list("лдал" "адлд" "лала" "дада")
    shot = render(rng, look(font="urw-base35/URWGothic-Demi.otf"), 4, 4, tile=64, letters=letters)
    reading = read_board(shot.image)
    assert reading.tiles == letters
    assert min(reading.confidence) >= THRESHOLD


@pytest.mark.parametrize("font", ["dejavu/DejaVuSans-Bold.ttf", "liberation/LiberationSerif-Bold.ttf",
                                  "urw-base35/NimbusSans-Regular.otf", "noto/NotoSansMono-Bold.ttf"])
def test_shapes_outside_the_alphabet_are_doubtful(rng, font):
    """Latin letters with no Cyrillic twin: read as Russian, the board is an error; a few on a
    Russian board are each doubtful (a shape of the other alphabet must never be swiped)."""
    letters = list("dfgi" "jlns" "rsuv" "wzdg")  # not Q: an O with a tail, nearly О
    shot = render(rng, look(font=font), 4, 4, lang="en", tile=60, letters=letters)
    with pytest.raises(WordbotError, match="not Cyrillic"):
        read_board(shot.image, lang="ru")
    mixed = list("жбдл" "фdцш" "щэюя" "nгпи")
    shot = render(rng, look(font=font), 4, 4, lang="ru", tile=60, letters=mixed)
    reading = read_board(shot.image, lang="ru")
    assert reading.lang == "ru"
    assert {5, 12} <= set(reading.doubtful)



def test_shaded_tiles_fade_top_to_bottom(rng):
    shot = render(rng, look(shape="shaded", radius=0.0), 3, 3, tile=60, letters=[""] * 9)
    x, y, w, h = shot.box
    column = shot.image[y + 2: y + 58, x + 5].astype(int).sum(axis=1)
    assert column[0] > column[-1] + 60
    assert np.all(np.diff(column) <= 3)


def test_bevelled_tiles_have_a_light_and_a_dark_rim(rng):
    shot = render(rng, look(shape="bevelled", radius=0.0), 3, 3, tile=60, letters=[""] * 9)
    x, y, w, h = shot.box
    tile = shot.image[y: y + 60, x: x + 60].astype(int).sum(axis=2)
    face = tile[30, 30]
    assert tile[2, 30] > face + 60 and tile[30, 2] > face + 60  # top and left rims lighter
    assert tile[57, 30] < face - 60 and tile[30, 57] < face - 60  # bottom and right rims darker


def test_shadowed_tiles_cast_a_shadow(rng):
    """The held-out tile style (drawn only; reading it is the bench's, to keep it unseen)."""
    style = look(shape="shadowed", radius=0.0, gap=0.2, panel_rgb=(200, 200, 200))
    shot = render(rng, style, 3, 3, tile=60, letters=[""] * 9)
    x, y, w, h = shot.box
    below = shot.image[y + 62, x + 30].astype(int)  # under the first tile, in its shadow
    beside = shot.image[y + 62, x + 1].astype(int)  # under its left edge: the shadow is offset
    assert np.all(below < 130) and np.all(beside > 180)


def test_letter_scores_kernel_matches_numpy(rng):
    """The compiled one-pass scoring equals its numpy twin: mixed cosines, best per letter."""
    from wordbot.ocr.bank import letter_scores

    pixel = rng.standard_normal((7, 256)).astype(np.float32)
    shape = rng.standard_normal((7, 384)).astype(np.float32)
    t_pixel = rng.standard_normal((50, 256)).astype(np.float32)
    t_shape = rng.standard_normal((50, 384)).astype(np.float32)
    starts = np.array([0, 3, 4, 20, 49])
    best, best_pixel = letter_scores(pixel, shape, t_pixel, t_shape, starts, 0.3)
    mixed = 0.3 * pixel @ t_pixel.T + 0.7 * shape @ t_shape.T
    assert np.allclose(best, np.maximum.reduceat(mixed, starts, axis=1), atol=1e-3)
    assert np.allclose(best_pixel, np.maximum.reduceat(pixel @ t_pixel.T, starts, axis=1), atol=1e-3)


def _distance_twin(img: np.ndarray) -> np.ndarray:
    """Plain numpy twin of the compiled background distance: density mode of a sample grid, then a
    least-squares plane per channel through the pixels near it, then through those near that."""
    from wordbot.ocr.tile import REFIT, SAME_COLOUR, SAMPLE

    h, w, c = img.shape
    rows = h // 10 + np.arange(SAMPLE) * (h - 1 - 2 * (h // 10)) // (SAMPLE - 1)
    cols = w // 10 + np.arange(SAMPLE) * (w - 1 - 2 * (w // 10)) // (SAMPLE - 1)
    sample = img[rows[:, None], cols[None, :]].reshape(-1, c).astype(float)
    crowd = (np.abs(sample[:, None] - sample[None]).max(axis=2) < SAME_COLOUR).sum(axis=1)
    pixels = img.reshape(-1, c).astype(float)
    ys, xs = np.divmod(np.arange(h * w), w)
    basis = np.stack([np.ones(h * w), xs, ys], axis=1)
    fitted = np.broadcast_to(sample[crowd.argmax()], pixels.shape)
    for tolerance in (SAME_COLOUR, REFIT):
        near = np.abs(pixels - fitted).max(axis=1) < tolerance
        fitted = basis @ np.linalg.lstsq(basis[near], pixels[near], rcond=None)[0]
    return np.minimum(255, np.abs(pixels - fitted).max(axis=1)).astype(np.uint8).reshape(h, w)


def test_background_distance_matches_its_twin(rng):
    from wordbot.ocr.tile import _distance

    for side in (8, 23, 48):
        shot = render(rng, look(shape="shaded", blur=0.6), 3, 3, tile=side + 8)
        x, y, w, h = shot.box
        tile = np.ascontiguousarray(shot.image[y + 4: y + 4 + side, x + 4: x + 4 + side])
        noisy = np.clip(tile + rng.integers(-30, 30, tile.shape), 0, 255).astype(np.uint8)
        for img in (tile, noisy, tile[..., :1].copy()):
            assert np.abs(_distance(img).astype(int) - _distance_twin(img)).max() <= 1


def test_two_colours_kernel_matches_numpy(rng):
    """The compiled 2-means of a letter's ink colours (a letter and its shadow) equals its numpy
    twin: seeds an extreme colour and the farthest from it, four rounds under the largest channel
    difference, ties to the first."""
    from wordbot.ocr.tile import _two_colours

    def twin(solid: np.ndarray, apart: float):
        far = solid[np.argmax(np.abs(solid - solid.mean(axis=0)).max(axis=1))]
        centres = np.stack([far, solid[np.argmax(np.abs(solid - far).max(axis=1))]])
        if np.abs(centres[0] - centres[1]).max() < apart:
            return None
        for _ in range(4):
            side = np.abs(solid[:, None, :] - centres[None]).max(axis=2).argmin(axis=1)
            if side.min() == side.max():
                return None
            centres = np.stack([solid[side == k].mean(axis=0) for k in (0, 1)])
        return centres, side

    for n in (20, 60, 256):
        for spread in (5, 40, 120):
            a, b = rng.integers(0, 256, 3), rng.integers(0, 256, 3)
            solid = np.concatenate([a + rng.normal(0, spread, (n // 2, 3)),
                                    b + rng.normal(0, spread, (n - n // 2, 3))])
            solid = solid.clip(0, 255).astype(np.float32)
            want = twin(solid, 30.0)
            centres, side = _two_colours(solid, 30.0)
            if want is None:
                assert len(side) == 0
            else:
                assert np.array_equal(side, want[1]) and np.allclose(centres, want[0], atol=1e-3)


@pytest.mark.parametrize("shape", ["shaded", "outline"])
def test_heavy_wide_letters_fill_the_tile(rng, shape):
    """Big, heavy, wide letters cover more of a tile than its fill does, on a gradient fill and
    inside a tile outline with a corner number: still read, and never read wrong with confidence."""
    letters = list("щшжю" "ыщжш" "юмщф" "шжыщ")
    numbers = shape == "outline"  # games with letter values keep letters a little smaller
    style = look(font="dejavu/DejaVuSans-Bold.ttf", shape=shape, letter_size=0.45 if numbers else 0.58,
                 radius=0.25, corner_numbers=numbers)
    shot = render(rng, style, 4, 4, tile=40, letters=letters)
    reading = read_board(shot.image)
    wrong = [(want, got, c) for want, got, c in zip(letters, reading.tiles, reading.confidence, strict=True)
             if got != want]
    assert len(wrong) <= 1 and all(c < THRESHOLD for _, _, c in wrong)


@pytest.mark.parametrize("font", ["noto/NotoSerif-Bold.ttf", "dejavu/DejaVuSans-Bold.ttf"])
def test_letter_values_touching_small_letters(rng, font):
    """On small tiles most letter values touch their letter; the board's value corner, seen on the
    tiles where they stand apart, is erased on the others. Never a confident misread (Ы's bar
    with a value on top of it is still Ы's bar)."""
    letters = list("жшыи" "нйыж" "шмыщ" "жыпш")
    style = look(font=font, corner_numbers=True, letter_size=0.44, shape="square")
    shot = render(rng, style, 4, 4, tile=27, letters=letters)
    reading = read_board(shot.image)
    right = sum(got == want for got, want in zip(reading.tiles, letters, strict=True))
    assert right >= 14
    assert all(c < THRESHOLD for got, want, c in zip(reading.tiles, letters, reading.confidence, strict=True)
               if got != want)


def test_glossy_tiles_two_tone_background(rng):
    """A glossy tile's lighter top half is background too (a second tone), not part of the letter."""
    style = look(shape="glossy", tile_rgb=(120, 60, 160), text_rgb=(240, 240, 120), radius=0.2)
    letters = list("шрнв" "кгжо" "ябзм" "цуфл")
    shot = render(rng, style, 4, 4, tile=56, letters=letters)
    reading = read_board(shot.image)
    assert reading.tiles == letters
    assert min(reading.confidence) >= THRESHOLD


def test_letter_of_the_highlight_colour_is_never_sure_empty():
    """A light letter on a glossy tile whose highlight nears its colour: the second tone would take
    the letter too, so it is not used; the tile is never read as surely empty."""
    from wordbot.ocr.tile import letter_ink

    tile = np.zeros((48, 48, 3), np.uint8)
    tile[:] = (65, 115, 79)
    tile[:22] = (125, 175, 139)  # the highlight
    tile[10:38, 20:27] = (163, 203, 180)  # a letter (an l) lighter still, along the same direction
    ink = letter_ink(tile)
    assert ink.mask is not None and ink.mask[14:34, 21:26].mean() > 0.5


def test_board_font_reads_a_doubtful_glyph_like_a_sure_one():
    """One board, one font: a doubtful glyph drawn as the board's sure glyphs of a letter (sure
    twice: the board shows how alike it draws a letter) is that letter; a glyph like no sure one
    stays doubtful; nothing read sure changes."""
    from wordbot.ocr.bank import Scores
    from wordbot.ocr.read import Script, _board_font

    bank = builtin_bank("ru")
    pictures = bank.pictures[[np.nonzero(bank.labels == ch)[0][0] for ch in "ЖОЖШЖ"]]
    letters = sorted(set(bank.letters))
    score = np.full((5, len(letters)), 0.5, np.float32)  # every letter far: doubtful but the Ж's sure
    score[[0, 4], letters.index("ж")] = 0.99
    scores = Scores(letters, score, score.copy())
    m = scores.match()
    conf = np.array([0.9, 0.1, 0.1, 0.1, 0.9], np.float32)
    index, read, sure = _board_font(pictures, Script("ru", "upper", scores, np.zeros(5, bool)), m, conf,
                                    np.ones(5, bool))
    assert index == [2] and read == ["ж"] and sure[0] >= THRESHOLD


def test_faint_letter_shadow_is_dropped():
    """A letter shadow fainter than the letter (a dark shade on a mid tile under a light letter) is
    told apart and dropped: the glyph read is the letter's alone."""
    from wordbot.ocr.read import tile_pictures

    style = look(shape="square", tile_rgb=(128, 50, 100), text_rgb=(250, 250, 250), letter_size=0.55)
    letters = list("жбмкаяшэн")
    pictures = []
    for effect in ("", "shadow"):
        shot = render(np.random.default_rng(1), replace(style, effect=effect), 3, 3, tile=64, letters=letters)
        pictures.append(tile_pictures(shot.image, detect_board(shot.image)).pictures.astype(float) / 255)
    plain, shadowed = pictures
    overlap = (np.minimum(plain, shadowed).sum(axis=(1, 2)) / np.maximum(plain, shadowed).sum(axis=(1, 2)))
    assert overlap.min() > 0.8


def test_tile_ink_is_kept_per_tile_picture(rng):
    """A frame read again reuses each tile's ink (the same pixels, the same answer), and a changed
    tile is read afresh."""
    from wordbot.kept import Kept
    from wordbot.ocr import tile

    shot = render(rng, look(), 3, 3, tile=60)
    crop = shot.image[shot.box[1]: shot.box[1] + 50, shot.box[0]: shot.box[0] + 50]
    Kept.forget_all()
    first = tile.seen_ink(crop.copy())
    assert tile.seen_ink(crop.copy()) is first
    assert np.array_equal(first.mask, tile.letter_ink(crop).mask)
    changed = crop.copy()
    changed[20:30, 20:30] = 255 - changed[20:30, 20:30]
    assert tile.seen_ink(changed) is not first
