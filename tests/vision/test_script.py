"""The alphabet and case from the pixels, lower case, Ё, multi-letter tiles, shadows and faux bold."""

import numpy as np
import pytest

from wordbot.errors import WordbotError
from wordbot.ocr import THRESHOLD, read, read_board
from wordbot.ocr.bank import Scores
from wordbot.ocr.learn import from_reading, parse_labels
from wordbot.ocr.synthetic import render

from .conftest import look

FONTS = ["dejavu/DejaVuSans-Bold.ttf", "liberation/LiberationSerif-Bold.ttf", "noto/NotoSans-Bold.ttf",
         "urw-base35/NimbusSansNarrow-Bold.otf", "freefont/FreeMonoBold.ttf", "inter/Inter-Bold.otf"]


def _sure_wrong(reading, truth):
    return [(want, got, c) for want, got, c in zip(truth, reading.tiles, reading.confidence, strict=True)
            if got != want and c >= THRESHOLD]


@pytest.mark.parametrize("font", FONTS)
@pytest.mark.parametrize("case", ["upper", "lower"])
def test_the_alphabet_is_told_from_the_pixels(rng, font, case):
    for lang in ("ru", "en"):
        shot = render(rng, look(font=font, case=case), 5, 5, lang=lang, tile=56)
        reading = read_board(shot.image)
        assert (reading.lang, reading.case) == (lang, case)
        assert _sure_wrong(reading, shot.tiles) == []
        assert sum(got == want for got, want in zip(reading.tiles, shot.tiles, strict=True)) >= 23


@pytest.mark.parametrize("font", FONTS)
@pytest.mark.parametrize("case", ["upper", "lower"])
def test_the_other_alphabet_under_lang_is_an_error(rng, font, case):
    """An English board read as Russian (and the other way round) stops with a message naming
    the alphabet: never a confident reading of Cyrillic over Latin letters."""
    for lang, wrong in (("en", "ru"), ("ru", "en")):
        shot = render(rng, look(font=font, case=case), 5, 5, lang=lang, tile=56)
        with pytest.raises(WordbotError, match=f"--lang {lang}"):
            read_board(shot.image, lang=wrong)


def test_a_board_of_look_alikes_only_needs_the_language(rng):
    """С, О, Р, А, Е, Х, К, М, Т: the same shapes in both alphabets: no guess without --lang."""
    letters = list("сорае" "хкмто" "раеск" "мхтор" "кеаос")
    shot = render(rng, look(), 5, 5, lang="ru", tile=56, letters=letters)
    with pytest.raises(WordbotError, match="give the language"):
        read_board(shot.image)
    reading = read_board(shot.image, lang="ru")
    assert reading.tiles == letters
    assert min(reading.confidence) >= THRESHOLD  # nothing on the board speaks against the language given


def test_yo_is_its_own_glyph_read_as_ye(rng):
    letters = list("ёлка" "елка" "ёжик" "еёеё")
    for case in ("upper", "lower"):
        shot = render(rng, look(case=case), 4, 4, lang="ru", tile=64, letters=letters)
        reading = read_board(shot.image)
        assert reading.tiles == [ch.replace("ё", "е") for ch in letters]
        assert min(reading.confidence) >= THRESHOLD


@pytest.mark.parametrize("font", FONTS[:4])
@pytest.mark.parametrize("case", ["upper", "lower"])
def test_multi_letter_tiles(rng, font, case):
    """Boggle's Qu and Wordament's digraphs are read glyph by glyph; where the glyphs touch (or
    "in" looks like an "m") the tile is doubtful, never a confident single letter."""
    letters = ["qu", "a", "th", "e", "in", "s", "er", "t", "o", "an", "r", "he", "d", "k", "n", "qu"]
    shot = render(rng, look(font=font, case=case), 4, 4, lang="en", tile=64, letters=letters)
    reading = read_board(shot.image)
    assert reading.lang == "en"
    assert _sure_wrong(reading, letters) == []
    assert reading.tiles[0] == "qu" or reading.confidence[0] < THRESHOLD
    right = sum(got == want for got, want in zip(reading.tiles, letters, strict=True))
    assert right >= 12


def test_multi_letter_labels_are_parsed_and_learned(rng):
    assert parse_labels("[Qu]ab/c.d[TH]") == ["qu", "a", "b", "c", "", "d", "th"]
    with pytest.raises(WordbotError, match="multi-letter"):
        parse_labels("ab[qu")
    letters = ["qu", "a", "b", "c", "d", "e", "f", "g", "h"]
    shot = render(rng, look(), 3, 3, lang="en", tile=80, letters=letters, screen=(500, 400))
    reading = read_board(shot.image, lang="en")
    pictures, labels = from_reading(reading, parse_labels("[Qu]ab/cde/fgh"), "en")
    assert sorted(labels) == sorted("abcdefghqu")  # Qu learned glyph by glyph
    assert len(pictures) == 10
    with pytest.raises(WordbotError, match="labels give 8 tiles"):
        from_reading(reading, parse_labels("[Qu]ab/cde/fg"), "en")


@pytest.mark.parametrize("effect", ["shadow", "bold"])
@pytest.mark.parametrize("font", FONTS[:3])
def test_letter_shadows_and_faux_bold(rng, effect, font):
    for lang in ("ru", "en"):
        style = look(font=font, effect=effect, tile_rgb=(230, 120, 40), text_rgb=(250, 250, 240))
        shot = render(rng, style, 5, 5, lang=lang, tile=64)
        reading = read_board(shot.image)
        assert _sure_wrong(reading, shot.tiles) == []
        assert len(reading.doubtful) <= 3


def test_a_shadow_is_not_taken_from_the_letter(rng):
    """Two-colour ink where neither part is the other moved (an outlined letter): nothing dropped."""
    from wordbot.ocr.tile import _shadow

    img = np.zeros((40, 40, 3), np.uint8)
    img[8:32, 8:14] = (255, 255, 255)  # a white stem
    img[8:32, 14:17] = (0, 0, 255)  # a red stripe beside it, longer than any shift
    img[5:8, 8:17] = (0, 0, 255)
    ink = img.any(axis=2)
    dist = np.where(ink, 255, 0).astype(np.uint8)
    assert _shadow(img, ink, dist, 255.0) is None
    cast = np.zeros((40, 40, 3), np.uint8)
    cast[11:35, 11:17] = (0, 0, 120)  # a dark copy of the stem moved 3 px down-right
    cast[8:32, 8:14] = (255, 255, 255)
    ink = cast.any(axis=2)
    found = _shadow(cast, ink, np.where(ink, 255, 0).astype(np.uint8), 255.0)
    assert found is not None and not found[8:32, 8:14].any() and found[33, 15]


def _scores(letters, row):
    score = np.array([row], np.float32)
    return Scores(letters, score, score.copy())


def test_a_glyph_the_other_alphabet_fits_in_its_other_case_tells_nothing():
    """An English board in a face whose small letters are small capitals (Triod Postnaja's t, a
    small T) fits the Cyrillic capitals (т) better than the Latin small letters (f): it must not
    tell Russian when a Latin capital (T) fits it as well; a glyph no Latin letter fits in either
    case (Ж) still does."""
    ru = {"upper": _scores(["ж", "т"], [0.5, 0.922]), "lower": _scores(["ж", "т"], [0.5, 0.85])}
    en = {"upper": _scores(["f", "t"], [0.7, 0.93]), "lower": _scores(["f", "t"], [0.794, 0.7])}
    fits = {"ru": ("upper", ru["upper"]), "en": ("lower", en["lower"])}
    assert read._votes(fits, {"ru": ru, "en": en}, None) == {"ru": 0, "en": 0}
    ru = {"upper": _scores(["ж", "т"], [0.95, 0.5]), "lower": _scores(["ж", "т"], [0.85, 0.5])}
    en["upper"] = _scores(["f", "t"], [0.7, 0.75])
    fits = {"ru": ("upper", ru["upper"]), "en": ("lower", en["lower"])}
    assert read._votes(fits, {"ru": ru, "en": en}, None) == {"ru": 1, "en": 0}


def test_one_glyph_of_the_other_alphabet_and_none_of_its_own_stops_a_given_language(rng, monkeypatch):
    """Under --lang en, a board whose only telling glyph is Cyrillic stops (a Cyrillic board of
    small-capital small letters was read as Latin capitals with confidence); its own alphabet
    telling as much or more reads."""
    shot = render(rng, look(), 3, 3, lang="ru", tile=56)
    monkeypatch.setattr(read, "_votes", lambda *args, **kwargs: {"ru": 1, "en": 0})
    with pytest.raises(WordbotError, match="--lang ru"):
        read_board(shot.image, "en")
    monkeypatch.setattr(read, "_votes", lambda *args, **kwargs: {"ru": 1, "en": 2})
    assert read_board(shot.image, "en").lang == "en"


@pytest.mark.parametrize("seed", range(4))
def test_a_face_far_from_every_template_is_told_by_the_glyphs_fitting_one_alphabet(seed):
    """A light face on small glossy tiles through JPEG: hardly a glyph is read surely, so the sure
    glyphs cannot tell the alphabet (before: "cannot tell the board's alphabet" on every one of these
    boards); the glyphs fitting one alphabet clearly better tell it, and then no letter the other
    alphabet draws alike (or nearly) is sure."""
    rng = np.random.default_rng(seed)
    lang = ("ru", "en")[seed % 2]
    style = look(font="noto/NotoSans-Light.ttf", shape="glossy", tile_rgb=(60, 140, 220),
                 text_rgb=(250, 250, 250), panel_rgb=(30, 30, 60), jpeg=60, letter_size=0.42)
    shot = render(rng, style, 6, 6, lang=lang, tile=30)
    reading = read_board(shot.image)
    assert reading.lang == lang
    assert _sure_wrong(reading, shot.tiles) == []
    alike = read.DRAWN_ALIKE[reading.case]
    assert all(c < THRESHOLD for t, c in zip(reading.tiles, reading.confidence, strict=True) if t in alike)


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("lang, given", [("ru", "en"), ("en", "ru")])
def test_a_face_telling_no_alphabet_surely_reads_no_look_alike_surely_under_the_other_lang(seed, lang, given):
    """A light face on small glossy tiles through JPEG, read with the other --lang: its glyphs
    telling the alphabet are read unsurely, so the board may not stop; then no letter the other
    alphabet draws alike is sure (before: a Cyrillic board's у read as y and а as a, an English
    board's h and e as н and е, at 0.52-0.6)."""
    rng = np.random.default_rng(seed)
    style = look(font="noto/NotoSans-Light.ttf", shape="glossy", tile_rgb=(60, 140, 220),
                 text_rgb=(250, 250, 250), panel_rgb=(30, 30, 60), jpeg=60, letter_size=0.42,
                 case=("upper", "lower")[seed % 2])
    shot = render(rng, style, 6, 6, lang=lang, tile=30)
    try:
        reading = read_board(shot.image, given)
    except WordbotError as error:
        assert f"--lang {lang}" in str(error)
        return
    assert reading.lang == given
    assert _sure_wrong(reading, shot.tiles) == []


def test_capitals_whose_tall_letters_do_not_rise_are_capitals():
    """Heavy faux-bold Cyrillic capitals fit the small letters as well as the capitals (stretched to
    a square, в, к, м, т ... are small capitals): the fit alone told this board lower case, and its Б
    read б. Its glyphs read б, р, у, ф are no taller than the rest: capitals."""
    letters = list("спййбжетикьерыдчуыюляылсзпйвеыэйжодвпужйзйеббдмшдлчкльхклжибжулипнггог")
    shot = render(np.random.default_rng(1), look(
        font="noto/NotoSansDisplay-Bold.ttf", tile_rgb=(41, 118, 251), text_rgb=(195, 250, 126),
        panel_rgb=(197, 155, 1), shape="bevelled", radius=0.26, gap=0.2, letter_size=0.41,
        corner_numbers=True, effect="bold", scale=1.2), 10, 7, lang="ru", tile=30, letters=letters)
    reading = read_board(shot.image)
    assert reading.case == "upper"
    assert _sure_wrong(reading, shot.tiles) == []


def test_a_letter_shadow_of_the_letters_colour_is_read_with_the_letter():
    """A dark shadow on a light tile joins a dark letter: the reader cannot take it apart by colour,
    and reads the letter with its shadow (the bank holds letters so shadowed: before, 6 of these 36
    tiles were doubtful)."""
    dark = look(font="noto/NotoSerif-Bold.ttf", effect="shadow", shape="pale", tile_rgb=(200, 190, 230),
                text_rgb=(80, 20, 110), panel_rgb=(230, 240, 240))
    shot = render(np.random.default_rng(7), dark, 6, 6, lang="ru", tile=48)
    reading = read_board(shot.image)
    assert reading.doubtful == []
    assert reading.tiles == shot.tiles
