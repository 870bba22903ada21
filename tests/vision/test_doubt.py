"""Readings that must be doubtful, never sure and wrong: the kinds of tile that were misread with
confidence on held-out looks, drawn here in development fonts, and the checks behind them."""

from dataclasses import replace

import numpy as np
import pytest

from wordbot.errors import WordbotError
from wordbot.ocr import THRESHOLD, builtin_bank, read, read_board
from wordbot.ocr.bank import ALIKE, CASES, NEAR, NEAR_TWINS, TWINS, Scores
from wordbot.ocr.read import confidence
from wordbot.ocr.synthetic import render

from .conftest import look


def _sure_wrong(reading, letters) -> list[tuple[str, str]]:
    return [(want, got) for got, want, conf in zip(reading.tiles, letters, reading.confidence, strict=True)
            if got != want and conf >= THRESHOLD]


def test_letters_of_the_highlight_colour_are_never_sure_empty_or_wrong():
    """A glossy tile whose highlight nears the letter's colour loses most of the letter's ink: such
    a tile is doubtful, never read as surely empty (its middle is not even along its rows)."""
    style = look(font="dejavu/DejaVuSerifCondensed-Bold.ttf", shape="glossy", tile_rgb=(131, 118, 163),
                 text_rgb=(229, 229, 192), panel_rgb=(110, 12, 122), radius=0.23, gap=0.24,
                 letter_size=0.39, scale=1.064)
    shot = render(np.random.default_rng(0), style, 11, 11, tile=23)
    reading = read_board(shot.image, "ru")
    assert (reading.rows, reading.cols) == (11, 11)
    assert _sure_wrong(reading, shot.tiles) == []


def test_broken_glyphs_do_not_tell_the_language():
    """An English board whose glyphs lost their tops (light letters on a glossy tile of nearly
    their colour) is read as English or not at all: glyphs that read surely in no alphabet, blocks,
    and look-alikes (A and А) tell no language."""
    style = look(font="urw-base35/NimbusRoman-Bold.otf", shape="glossy", tile_rgb=(229, 132, 11),
                 text_rgb=(254, 251, 133), panel_rgb=(230, 237, 114), radius=0.16, gap=0.19,
                 letter_size=0.4, corner_numbers=True, blur=0.39)
    shot = render(np.random.default_rng(0), style, 5, 5, lang="en", tile=63)
    try:
        reading = read_board(shot.image)
    except WordbotError as exc:
        assert "alphabet" in str(exc)
        return
    assert reading.lang == "en" and _sure_wrong(reading, shot.tiles) == []


def _ink(height: int, width: int, side: int = 40) -> np.ndarray:
    ink = np.zeros((side, side), np.float32)
    top, left = (side - height) // 2, (side - width) // 2
    ink[top: top + height, left: left + width] = 1
    return ink


def test_glyph_size_must_fit_the_letter():
    """Matching sees a glyph stretched to a square; its size on the board is checked apart: a wide
    letter (Ш) no wider than the board's usual glyph, a capital taller than the board's capitals
    with nothing over or under the line (Й read as И), a glyph much shorter than the rest."""
    from wordbot.ocr.read import _extent, _misfit, _narrow, _short

    inks = [_ink(20, 12)] * 6 + [_ink(20, 12), _ink(20, 16), _ink(25, 12), _ink(25, 12), _ink(6, 12)]
    size = np.array([_extent(ink) for ink in inks])
    letters = list("нопрст") + ["ш", "ш", "и", "й", "т"]
    assert _misfit(size, letters, "upper").tolist() == [False] * 6 + [True, False, True, False, False]
    assert _narrow(size, letters).tolist() == [False] * 6 + [True] + [False] * 4  # the narrow Ш alone
    assert not _misfit(size, letters, "lower")[8]  # small letters have ascenders
    assert _short(size).tolist() == [False] * 10 + [True]


def test_a_tall_capital_ef_is_no_misfit(rng):
    """Ф reaches over and under the line in some faces (Nimbus Sans Narrow's: 1.18 times as tall as
    its Н), as Д, Ц and Щ do: a board of them reads its Ф's sure and right (they were doubtful, at
    0.4, as too tall)."""
    letters = list("фонарьсфеткамфор")
    shot = render(rng, look(font="urw-base35/NimbusSansNarrow-Bold.otf"), 4, 4, lang="ru", tile=64,
                  letters=letters)
    reading = read_board(shot.image, "ru")
    assert reading.tiles == letters
    assert all(reading.confidence[i] >= THRESHOLD for i, ch in enumerate(letters) if ch == "ф")


def test_a_small_ascender_must_rise_above_the_small_letters():
    """A board of capitals whose case was told wrong (OldSlavic's condensed capitals fit the small
    letters better) reads its I as a small l surely, the same stroke: a small l, b, d, h or k no
    taller than the board's x-height letters is doubtful; one rising above them is not."""
    from wordbot.ocr.read import _extent, _misfit

    inks = [_ink(20, 12)] * 5 + [_ink(20, 4), _ink(28, 4), _ink(28, 12)]
    size = np.array([_extent(ink) for ink in inks])
    assert _misfit(size, list("acenolld"), "lower").tolist() == [False] * 5 + [True, False, False]
    assert not _misfit(size[5:], list("lld"), "lower").any()  # no x-height letter to measure by


def test_a_small_letter_taller_than_the_ascenders_must_reach_under_the_line():
    """Unbounded's j, its descender short, was read as i with confidence (blind-2026-11-27-d): the
    pictures matched are stretched to a square, but dot and all an i is no taller than an l. A
    small letter with nothing under the line that stands taller than the board's ascenders is
    doubtful; a j, g or y may."""
    from wordbot.ocr.read import _extent, _misfit

    def dotted(stem: int, gap: int = 3, dot: int = 4) -> np.ndarray:
        ink = _ink(stem, 5)
        top = int(np.nonzero(ink.any(axis=1))[0][0])
        ink[top - gap - dot: top - gap, 18:23] = 1  # the dot, standing apart
        return ink

    inks = [_ink(20, 12)] * 4 + [_ink(27, 5)] * 2 + [dotted(20), dotted(25), dotted(25)]
    size = np.array([_extent(ink) for ink in inks])
    assert size[6, 2] == size[4, 2]  # the dot and the gap under it count in the span: an i as tall as an l
    letters = list("aceollij") + ["i"]
    assert _misfit(size, letters, "lower").tolist() == [False] * 7 + [False, True]


def test_a_solid_block_is_no_letter():
    from wordbot.ocr.read import _solid

    bank = builtin_bank("ru")
    letters = bank.pictures[:200]
    block = np.full((1, 32, 32), 0, np.uint8)
    block[0, 2:30, 2:30] = 255
    assert _solid(np.concatenate([letters, block])).tolist() == [False] * 200 + [True]


def test_a_faint_mark_over_the_letter_is_seen():
    """A breve drawn thinner than the letter's strokes breaks into specks the ink drops: it is still
    seen over the letter (an И under it may be a Й)."""
    from wordbot.ocr.tile import letter_ink

    tile = np.full((48, 48, 3), 230, np.uint8)
    tile[14:38, 14:19] = 40  # a letter: two stems and a bar
    tile[14:38, 29:34] = 40
    tile[33:38, 14:34] = 40
    assert not letter_ink(tile).faint
    tile[8, 18:30:3] = 150  # specks of a faint breve over it
    tile[9, 19:29:3] = 150
    assert letter_ink(tile).faint


def test_a_rival_letter_of_the_other_case_keeps_a_glyph_doubtful():
    """A board's case told wrong must not make a reading sure: a capital Б read among small letters
    as в has Б as its rival; capital I and small l (one stroke) are no rivals."""
    lower = Scores(["б", "в"], np.array([[0.5, 0.97]], np.float32), np.array([[0.5, 0.97]], np.float32))
    upper = Scores(["б", "в"], np.array([[0.96, 0.9]], np.float32), np.array([[0.96, 0.9]], np.float32))
    assert lower.match().runner_up[0] == pytest.approx(0.5)
    assert lower.match(upper).runner_up[0] == pytest.approx(0.96)
    small = Scores(["i", "l"], np.array([[0.3, 0.97]], np.float32), np.array([[0.3, 0.97]], np.float32))
    capital = Scores(["i", "l"], np.array([[0.97, 0.3]], np.float32), np.array([[0.97, 0.3]], np.float32))
    assert small.match(capital).runner_up[0] == pytest.approx(0.3)


def test_a_letter_of_the_other_alphabet_fitting_nearly_as_well_keeps_a_glyph_doubtful():
    """A glyph that a letter of the other alphabet fits nearly as well is no sure letter (Triod
    Postnaja's N, thin-diagonalled: an H to the Latin templates, an И to the Cyrillic ones, was read
    as H with confidence); the letter drawn alike there (Н for H) is the same glyph, no rival."""
    latin = Scores(["h", "m", "n"], np.array([[0.923, 0.78, 0.77]], np.float32),
                   np.array([[0.97, 0.81, 0.85]], np.float32))
    cyrillic = Scores(["и", "н", "п"], np.array([[0.914, 0.928, 0.89]], np.float32),
                      np.array([[0.95, 0.97, 0.95]], np.float32))
    assert confidence(latin.match())[0] >= THRESHOLD  # alone, H is far ahead of M and N
    m = latin.match(abroad=cyrillic)
    assert m.letters == ["h"] and m.runner_up[0] == pytest.approx(0.914)
    assert confidence(m)[0] < THRESHOLD
    assert m.abroad.tolist() == [True]  # not read again: both readers would see an H
    assert latin.match().abroad.tolist() == [False]
    far = Scores(["и", "н", "п"], np.array([[0.80, 0.95, 0.79]], np.float32),
                 np.array([[0.80, 0.95, 0.79]], np.float32))
    assert confidence(latin.match(abroad=far))[0] >= THRESHOLD


NIGHT = look(font="dejavu/DejaVuSans.ttf", shape="circle", tile_rgb=(43, 58, 103), text_rgb=(242, 242, 242),
             panel_rgb=(20, 27, 45), radius=0.5, gap=0.125, letter_size=0.36, case="lower")  # the browser's


def test_the_near_twin_across_alphabets_is_no_rival_on_a_board_told_by_its_glyphs():
    """The browser game's small r (DejaVu Sans on round tiles): Cyrillic г fits it nearly as well
    (d_r / d_г 0.52), which kept every r doubtful. On a board whose glyphs tell it is Latin, г, r's
    near twin, is no rival; the board read as Cyrillic stops, and a Cyrillic board's г is never a
    sure r."""
    letters = list("rateriorsnowrack")
    shot = render(np.random.default_rng(0), NIGHT, 4, 4, lang="en", tile=96, letters=letters)
    for lang in (None, "en"):
        reading = read_board(shot.image, lang)
        assert reading.tiles == letters
        assert min(reading.confidence) >= THRESHOLD
    with pytest.raises(WordbotError, match="--lang en"):
        read_board(shot.image, "ru")
    cyrillic = list("гора" "грот" "игра" "угол")
    shot = render(np.random.default_rng(0), NIGHT, 4, 4, lang="ru", tile=96, letters=cyrillic)
    reading = read_board(shot.image)
    assert reading.tiles == cyrillic and min(reading.confidence) >= THRESHOLD
    with pytest.raises(WordbotError, match="--lang ru"):
        read_board(shot.image, "en")


def test_a_near_twin_is_a_rival_while_the_alphabet_is_not_told():
    """Given the language and no glyph telling it, r's twin г keeps the glyph doubtful as before
    (the board may be the other alphabet's); Triod Postnaja's H/И are no twins: И stays a rival."""
    latin = Scores(["r", "t"], np.array([[0.966, 0.80]], np.float32), np.array([[0.97, 0.8]], np.float32))
    cyrillic = read._farther(Scores(["г", "т"], np.array([[0.935, 0.8]], np.float32),
                                    np.array([[0.94, 0.8]], np.float32)))
    assert confidence(latin.match(abroad=cyrillic))[0] < THRESHOLD
    assert confidence(latin.match(abroad=cyrillic, kin=TWINS + NEAR_TWINS["lower"]))[0] >= THRESHOLD
    assert "hи" not in NEAR_TWINS["upper"] and "hи" not in NEAR_TWINS["lower"]


@pytest.mark.slow
def test_the_near_twins_are_the_letters_nearest_each_other_across_the_alphabets():
    """``NEAR`` is derived from the bank: pairs of letters not drawn alike (``ALIKE``) of which each
    is, for most of its templates, the best fitting letter of the other alphabet in that case."""
    nearest = {}
    for src, dst in (("ru", "en"), ("en", "ru")):
        mine, theirs = builtin_bank(src), builtin_bank(dst)
        for case in ("upper", "lower"):
            keep = np.array([len(t) == 1 and (t.isupper() if case == "upper" else t.islower())
                             for t in mine.labels])
            labels = np.char.lower(mine.labels[keep])
            scores = theirs.scores(mine.pictures[keep], case)
            best = np.array(scores.letters)[scores.score.argmax(axis=1)]
            for letter in np.unique(labels):
                fits, counts = np.unique(best[labels == letter], return_counts=True)
                nearest[case, str(letter)] = str(fits[counts.argmax()])
    latin = set("abcdefghijklmnopqrstuvwxyz")
    found = {case: sorted(a + b for (c, a), b in nearest.items() if c == case and a in latin
                          and nearest.get((case, b)) == a and ALIKE.get(b) != a) for case in CASES}
    assert found == {case: sorted(pairs) for case, pairs in NEAR.items()}


def test_glyphs_standing_apart_are_no_sure_single_letter():
    """A tile whose ink stands as glyphs side by side is a multi-letter tile when each glyph is sure
    and the ink is centred; otherwise the whole is no sure single letter ("in" is no "m"), and a
    bar at the tile's edge beside a letter makes no "hi"."""
    from wordbot.ocr.read import CLIPPED, _read_parts

    bank = builtin_bank("en")
    glyph = {ch: bank.pictures[np.nonzero(bank.labels == ch)[0][0]] for ch in "hinm"}
    blank = np.zeros((32, 32), np.uint8)
    centred, aside = _ink(20, 20), np.roll(_ink(20, 20), 8, axis=1)
    tiles, conf = ["m", "h", "h"], np.array([0.9, 0.3, 0.3], np.float32)
    parts = {0: np.array([glyph["i"], blank]), 1: np.array([glyph["h"], glyph["i"]]),
             2: np.array([glyph["h"], glyph["i"]])}
    _read_parts(parts, bank, tiles, conf, [centred, aside, centred])
    assert conf[0] <= CLIPPED and conf[1] <= CLIPPED and tiles[1] == "h"
    assert tiles[2] == "hi" and conf[2] >= THRESHOLD


def test_a_ring_printed_inside_the_tile_is_not_the_letter():
    """A tile with a thin ring printed just inside its edge (an inset border): the ring, whole or
    broken into its sides, is no part of the letter (it made Н read as Ж, or T as "It")."""
    for tile in (24, 30, 36):
        shot = render(np.random.default_rng(0), look(shape="inset", radius=0.2, gap=0.19), 4, 4, tile=tile)
        reading = read_board(shot.image, "ru")
        assert _sure_wrong(reading, shot.tiles) == []
        assert sum(got == want for got, want in zip(reading.tiles, shot.tiles, strict=True)) >= 14


def test_a_letter_too_faint_to_find_is_no_sure_empty_tile():
    """Letters whose ink is too faint to be taken (light grey on white, blurred) leave the tile
    uneven along its rows: such a tile is doubtful, never surely empty, and doubted more than a
    plain empty tile (which would be sure on a board showing a letter; this one shows none)."""
    style = look(tile_rgb=(240, 240, 240), text_rgb=(205, 205, 205), empty_rgb=(240, 240, 240), blur=0.8)
    shot = render(np.random.default_rng(0), style, 4, 4, tile=28, letters=["и", "", "л", ""] * 4)
    reading = read_board(shot.image, "ru")
    assert _sure_wrong(reading, shot.tiles) == []
    empty = [conf for want, conf in zip(shot.tiles, reading.confidence, strict=True) if not want]
    faint = [conf for want, conf in zip(shot.tiles, reading.confidence, strict=True) if want]
    assert max(faint) < min(empty)


def test_a_heavy_glyph_filling_its_tile_is_never_surely_empty():
    """A faux-bold pixel face's Ш, Щ, Ж, Ю on small tiles is one block of ink filling the letter box:
    the tile's middle is even (all ink) and only a thin rim of the tile's fill shows at its sides.
    Such a tile is never read as surely empty (Amstrad PC1512's, read empty at 0.72-1.0, would let
    a Balda game take it as free)."""
    style = look(font="pc/Px_IBM_CGA.ttf", effect="bold", tile_rgb=(200, 120, 160), text_rgb=(20, 20, 90),
                 panel_rgb=(20, 90, 60), letter_size=0.6, gap=0.15)
    letters = ["ш", "щ", "ж", "ю", "н", "к"] * 6
    shot = render(np.random.default_rng(0), style, 6, 6, tile=20, letters=letters)
    reading = read_board(shot.image, "ru")
    assert (reading.rows, reading.cols) == (6, 6)
    assert _sure_wrong(reading, shot.tiles) == []


@pytest.mark.parametrize("shape", ["bevelled", "shaded", "glossy", "outline"])
def test_plain_empty_tiles_stay_surely_empty(shape):
    """An empty tile's fill may differ at its sides from its middle (a bevel, lighter on one side
    and darker on the other; a gradient; an outline): it is no block of ink, and stays sure."""
    style = look(shape=shape, empty_rgb=(240, 220, 170))
    shot = render(np.random.default_rng(1), style, 4, 4, tile=40, letters=["к", "", "о", ""] * 4)
    reading = read_board(shot.image, "ru")
    assert _sure_wrong(reading, shot.tiles) == []
    empty = [conf for want, conf in zip(shot.tiles, reading.confidence, strict=True) if not want]
    assert min(empty) >= THRESHOLD


def test_a_bare_stroke_is_l_only_where_the_board_shows_its_dots_apart():
    """Small letters on round tiles (the browser game's night look): a bare stroke as tall as the
    board's ascenders is l when a sure i on the board shows its dot standing apart. In faux bold
    the i's dot merges into a bar like l's: there no stroke is a sure l, and no i is read as l."""
    night = NIGHT
    letters = list("lilitlhibdkhfnmo")
    shot = render(np.random.default_rng(0), night, 4, 4, lang="en", tile=96, letters=letters)
    reading = read_board(shot.image, "en")
    assert _sure_wrong(reading, letters) == []
    assert [reading.confidence[i] >= THRESHOLD for i, ch in enumerate(letters) if ch == "l"] == [True] * 3
    bold = render(np.random.default_rng(0), replace(night, effect="bold"), 4, 4, lang="en", tile=96,
                  letters=letters)
    reading = read_board(bold.image, "en")
    assert _sure_wrong(reading, letters) == []
    assert not any(reading.confidence[i] >= THRESHOLD for i, ch in enumerate(letters) if ch == "l")
    # No i on the board: nothing shows that its dots would stand apart.
    plain = [ch if ch != "i" else "n" for ch in letters]
    shot = render(np.random.default_rng(0), night, 4, 4, lang="en", tile=96, letters=plain)
    reading = read_board(shot.image, "en")
    assert _sure_wrong(reading, plain) == []
    assert not any(reading.confidence[i] >= THRESHOLD for i, ch in enumerate(plain) if ch == "l")


def test_a_bar_with_weaker_ink_where_a_dot_would_be_is_no_bare_stroke():
    """An i whose dot merged with its stem through JPEG on a small tile is a bar of one width, but
    its ink is weaker where the dot and the gap were; an l's is full all along."""
    bar = np.zeros((19, 18), np.float32)
    bar[4:14, 9:11] = 1.0
    assert read._stroke(bar)
    merged = bar.copy()
    merged[5:7, 9:11] = 0.55
    assert not read._stroke(merged)


def test_a_near_sure_reading_whose_rival_the_second_reader_names_is_doubtful():
    """A glyph read surely as O with D nearly as close (d_best / d_other 0.35: a condensed face's D,
    its square corners blurred) is doubtful when Tesseract reads D; not when it reads O, nothing,
    or a letter that was no rival; a reading far ahead of its rival (0.1) is not checked."""
    score = np.array([[0.80, 0.94, 0.979]] * 4 + [[0.8, 0.8, 0.98]])
    scores = Scores(["b", "d", "o"], score, score)
    m = scores.match()
    conf = np.array([read.confidence(m)[k] for k in range(5)], np.float32)
    assert min(conf) >= THRESHOLD
    near = [k for k in range(5) if (1 - m.best[k]) / (1 - m.runner_up[k]) >= read.NEARLY]
    assert near == [0, 1, 2, 3]
    read._vetoed(scores, m, near, ["d", "o", "", "b"], conf, np.arange(5))
    assert conf[0] < THRESHOLD and min(conf[1:]) >= THRESHOLD


def test_a_board_glyph_stands_only_for_glyphs_drawn_as_alike_as_its_own_letter():
    """One board, one font: a doubtful glyph drawn like the board's sure В's is В; but a Б, nearer
    the board's В's than any bank template of Б (the bank holds other fonts), is not made В: it is
    not as close to them as they are to each other. (A cmunrb Б was read as В this way, 0.52.)"""
    from wordbot.ocr.bank import Match
    from wordbot.ocr.read import Script, _board_font

    letters = list("ВВВБВ") + ["А"] * 4  # small, blurred, faux bold: Б and В differ in a flag only
    style = look(font="noto/NotoSerif-Black.ttf", blur=0.8, effect="bold")
    shot = render(np.random.default_rng(3), style, 3, 3, tile=28, letters=[ch.lower() for ch in letters])
    glyphs = read_board(shot.image, "ru").pictures[[3, 4, 0, 1, 2]]  # Б, a fourth В, then three В's
    # Bank scores as a far-away font would give them: Б and В both doubtful, then three sure В's.
    names = ["б", "в"]
    score = np.array([[0.75, 0.70], [0.70, 0.75], [0.5, 0.95], [0.5, 0.95], [0.5, 0.95]], np.float32)
    scores = Scores(names, score, score.copy())
    m = Match(["б", "в", "в", "в", "в"], score.max(axis=1), score.min(axis=1), np.ones(5, bool))
    conf = np.array([0.2, 0.2, 0.9, 0.9, 0.9], np.float32)
    found = Script("ru", "upper", scores, np.zeros(5, bool), None)
    index, read, sure = _board_font(glyphs, found, m, conf, np.ones(5, bool))
    made = dict(zip(index, read, strict=True))
    assert made.get(1) == "в"  # the fourth В, drawn like the others
    assert 0 not in made  # the Б stays doubtful



def test_a_letter_read_from_two_shapes_is_not_read_again(monkeypatch):
    """A tile kept doubtful because its letter is also read from a clearly different shape on the
    board (one of the two is another letter: Okolaks' U-shaped V beside its U's) is neither made
    sure by Tesseract agreeing (both readers read the V as U, 0.6) nor by the board's own font."""
    from wordbot.ocr import read

    letters = list("бвгджзиклмнопрст")
    shot = render(np.random.default_rng(5), look(), 4, 4, tile=60, letters=letters)
    assert min(read_board(shot.image, "ru").confidence) >= THRESHOLD  # plain, sure glyphs
    two_shapes = np.ones(16, np.float32)
    two_shapes[0] = 0.0
    monkeypatch.setattr(read, "_consistency", lambda pictures, m: two_shapes)
    asked = []
    monkeypatch.setattr(read, "opinions", lambda inks, lang, case: asked.extend(inks) or ["б"] * len(inks))
    reading = read_board(shot.image, "ru")
    assert reading.tiles[0] == "б" and reading.confidence[0] == 0.0 and asked == []


def test_tesseract_does_not_confirm_a_letter_the_board_draws_two_ways(monkeypatch):
    """A face drawing V as U with a narrow foot: the template reader and Tesseract both read U
    (Okolaks' V, 0.6). One board, one font: a glyph read U is made sure by Tesseract agreeing only
    where it is as alike the board's sure U's as the board's sure glyphs of a letter are to each
    other."""
    from wordbot.ocr import read
    from wordbot.ocr.bank import Match

    shot = render(np.random.default_rng(5), look(font="pc/Px_IBM_EGA9.ttf"), 3, 3, tile=40,
                  letters=list("vuuuu") + ["a"] * 4)
    glyphs = read_board(shot.image, "en").pictures[:5]  # V, a fourth U, then three U's
    monkeypatch.setattr(read, "opinions", lambda inks, lang, case: ["u"] * len(inks))

    def second(glyphs: np.ndarray, conf: list[float]) -> np.ndarray:
        """Confidences after Tesseract, the bank's scores those of a far font: the doubtful read U."""
        conf = np.array(conf, np.float32)
        score = np.where(conf[:, None] < THRESHOLD, [[0.94, 0.886]], [[0.98, 0.80]]).astype(np.float32)
        m = Match(["u"] * len(conf), score.max(axis=1), score.min(axis=1), np.ones(len(conf), bool))
        found = read.Script("en", "upper", Scores(["u", "v"], score, score.copy()), np.zeros(len(conf), bool))
        read._second_reader([np.ones((9, 9))] * len(conf), glyphs, found, m, ["u"] * len(conf), conf,
                            np.arange(len(conf)), np.ones(len(conf), bool))
        return conf

    # The V stays doubtful; a fourth U, drawn like the sure ones, is confirmed.
    assert list(second(glyphs, [0.2, 0.2, 0.9, 0.9, 0.9])[:2]) == pytest.approx([0.2, read.AGREED])


def test_tesseract_does_not_confirm_a_letter_read_from_two_shapes_none_sure(monkeypatch):
    """Where the board shows no glyph of a letter surely, a doubtful glyph is made sure by Tesseract
    agreeing only where it is drawn like every other glyph read as that letter: Cupola's А read Д
    (0.6, Tesseract agreeing) beside its real Д, zeroed as another shape. With a V read U among
    doubtful U's, none is confirmed; without it, the U's are."""
    from wordbot.ocr import read
    from wordbot.ocr.bank import Match

    shot = render(np.random.default_rng(5), look(font="pc/Px_IBM_EGA9.ttf"), 3, 3, tile=40,
                  letters=list("vuuu") + ["a"] * 5)
    pictures = read_board(shot.image, "en").pictures
    monkeypatch.setattr(read, "opinions", lambda inks, lang, case: ["u"] * len(inks))

    def second(glyphs: np.ndarray, letters: list[str], conf: list[float]) -> np.ndarray:
        conf = np.array(conf, np.float32)
        score = np.where(conf[:, None] < THRESHOLD, [[0.94, 0.886]], [[0.98, 0.80]]).astype(np.float32)
        m = Match(letters, score.max(axis=1), score.min(axis=1), np.ones(len(conf), bool))
        found = read.Script("en", "upper", Scores(["u", "a"], score, score.copy()), np.zeros(len(conf), bool))
        read._second_reader([np.ones((9, 9))] * len(conf), glyphs, found, m, list(letters), conf,
                            np.arange(len(conf)), np.ones(len(conf), bool))
        return conf

    doubtful_u, sure_a = [0.2] * 4, [0.9] * 5
    with_v = second(pictures, ["u"] * 4 + ["a"] * 5, doubtful_u + sure_a)
    assert list(with_v[:4]) == pytest.approx([0.2] * 4)
    without_v = second(pictures[1:], ["u"] * 3 + ["a"] * 5, doubtful_u[1:] + sure_a)
    assert list(without_v[:3]) == pytest.approx([read.AGREED] * 3)


def test_a_monospaced_faces_narrow_zhe_is_asked_of_tesseract(monkeypatch):
    """In a monospaced face Ж, Ш and Щ are no wider than the board's other letters, so the size check
    keeps them doubtful; Tesseract, seeing the ink unstretched, is asked about Ж (and its agreement
    makes it sure), but not about Ш or Щ (a Щ whose tail is lost is a Ш to both readers)."""
    letters = list("жжшщ" "нопр" "стук" "жлмв")
    style = look(font="liberation/LiberationMono-Bold.ttf", letter_size=0.5)
    shot = render(np.random.default_rng(3), style, 4, 4, tile=48, letters=letters)

    def told(letter: str):
        monkeypatch.setattr(read, "opinions", lambda inks, lang, case: [letter] * len(inks))
        return read_board(shot.image, "ru")

    alone = told("")
    doubtful = [i for i, c in enumerate(alone.confidence) if c < THRESHOLD]
    assert {0, 1, 2, 3, 12} <= set(doubtful), "the monospaced wide letters are kept doubtful by their width"
    assert [told("ж").confidence[i] for i in (0, 1, 12)] == pytest.approx([read.AGREED] * 3)
    assert told("ш").confidence[2] == alone.confidence[2] and told("щ").confidence[3] == alone.confidence[3]
    assert _sure_wrong(alone, letters) == []


def test_a_board_whose_face_the_reader_does_not_know_has_no_sure_tile():
    """Rampart One draws each letter as an outlined face over a 3-D extrusion of one colour: the
    reader takes the extrusion for the letter and doubts nearly every tile, but read its I's, whose
    extrusion is J-shaped, as J with confidence (blind-2026-11-30). On a board whose tiles it
    doubts nearly all, no tile is sure."""
    style = look(font="rampart/RampartOne-Regular.ttf", tile_rgb=(175, 233, 217), text_rgb=(173, 9, 252),
                 panel_rgb=(252, 83, 201), shape="circle", radius=0.16, gap=0.18, letter_size=0.39,
                 blur=0.7, scale=1.12, effect="shadow")
    for seed in range(2):
        shot = render(np.random.default_rng(seed), style, 6, 6, tile=54,
                      letters=list("iehkpmxrgyotwfabvdinsluqcz" "ieiaioeiai"))
        reading = read_board(shot.image)
        assert (reading.rows, reading.cols) == (6, 6)
        assert _sure_wrong(reading, shot.tiles) == []
        assert max(reading.confidence) < THRESHOLD


def test_a_board_with_no_letter_seen_has_no_surely_empty_tile():
    """Letters too faint for the reader to find (Poiret One's hairlines on small radial tiles, on
    blind-2026-12-01: an 11x11 board read empty, 87 tiles surely): where no tile shows a letter,
    none is surely empty (a Balda player would take them for free cells); a game's board shows
    letters."""
    style = look(font="dejavu/DejaVuSans.ttf", tile_rgb=(225, 145, 111), text_rgb=(215, 140, 108),
                 panel_rgb=(254, 219, 203), shape="radial", radius=0.25, gap=0.16, letter_size=0.38,
                 blur=0.5, case="lower")
    shot = render(np.random.default_rng(0), style, 6, 6, tile=40)
    reading = read_board(shot.image, "en")
    assert (reading.rows, reading.cols) == (6, 6) and not any(reading.tiles)
    assert max(reading.confidence) < THRESHOLD
