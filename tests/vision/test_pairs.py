"""Letters told apart by the one detail they differ in (``wordbot.ocr.pairs``)."""

import numpy as np
import pytest

from wordbot.ocr import THRESHOLD, builtin_bank, pairs, read_board
from wordbot.ocr.synthetic import random_screenshot, render

from .conftest import look


def test_a_pairs_detail_never_rules_out_the_letter_drawn():
    """On development looks (fonts in and out of the bank, effects, blur, JPEG), no glyph's rival
    ruled out by a pair's detail is the letter the tile shows, and some rivals are ruled out."""
    rng = np.random.default_rng(7)
    ruled = 0
    for _ in range(12):
        lang = ("ru", "en")[int(rng.integers(2))]
        shot = random_screenshot(rng, lang=lang, pool="dev")
        reading = read_board(shot.image, lang)
        if (reading.rows, reading.cols) != (shot.rows, shot.cols):
            continue
        lettered = [k for k, t in enumerate(shot.tiles) if len(t) == 1 and reading.tiles[k]]
        scores = builtin_bank(lang).scores(reading.pictures[lettered], reading.case)
        for k, gone in zip(lettered, pairs.ruled_out(reading.pictures[lettered], scores, lang, reading.case),
                           strict=True):
            assert shot.tiles[k] not in {ch.replace("ё", "е") for ch in gone}, (shot.look, k)
            ruled += len(gone)
    assert ruled > 0


def test_a_rival_ruled_out_by_its_detail_leaves_fewer_tiles_doubtful(monkeypatch):
    """Comfortaa (a face the bank does not hold) under JPEG 61: З/Э, И/Н, Ь/Ъ ... read with the pairs'
    details leave fewer tiles doubtful than without them, and none read wrong surely."""
    style = look(font="comfortaa/Comfortaa-Bold.ttf", shape="square", jpeg=61, tile_rgb=(218, 185, 122),
                 text_rgb=(26, 20, 124))

    def doubtful() -> int:
        count = 0
        for seed in range(3):
            rng = np.random.default_rng(seed)
            shot = render(rng, style, 6, 6, letters=list(rng.permutation(list("зэиньъвбшщцмы") * 3)[:36]),
                          tile=40)
            reading = read_board(shot.image, "ru")
            assert [(w, g) for g, w, c in zip(reading.tiles, shot.tiles, reading.confidence, strict=True)
                    if g != w and c >= THRESHOLD] == []
            count += sum(c < THRESHOLD for c in reading.confidence)
        return count

    with_details = doubtful()
    monkeypatch.setattr(pairs, "CLOSE", 0.0)
    assert with_details < doubtful()


@pytest.mark.parametrize("case", ["upper", "lower"])
def test_a_discriminant_puts_the_banks_templates_on_their_letters_side(case):
    """Learned from the bank, each pair's discriminant sides nearly all of its templates rightly."""
    bank = builtin_bank("ru")
    for first, second in ("зэ", "ин", "шщ"):
        d = pairs.discriminant("ru", case, first, second)
        drawn = [ch.upper() if case == "upper" else ch for ch in (first, second)]
        assert np.mean(d.margin(bank.drawn(drawn[0])) > 0) > 0.95
        assert np.mean(d.margin(bank.drawn(drawn[1])) < 0) > 0.95
    assert pairs.discriminant("ru", case, "д", "л") is None  # one face's Д is another's Л


def test_the_bundled_discriminants_are_learned_from_the_bundled_bank():
    """scripts/build_pairs.py was run on the glyph bank as it is (else no detail rules a rival out)."""
    pairs._table.cache_clear()
    assert pairs.discriminant("ru", "upper", "з", "э") is not None
    assert pairs.discriminant("en", "lower", "o", "q") is not None


def test_a_damaged_discriminant_file_is_not_used_and_says_so(tmp_path, monkeypatch, capsys):
    damaged = tmp_path / "pairs.npz"
    damaged.write_bytes(b"PK\x03\x04 not a zip")
    monkeypatch.setattr(pairs, "PAIRS_DATA", damaged)
    pairs._table.cache_clear()
    try:
        assert pairs.discriminant("ru", "upper", "з", "э") is None
        assert "letter-pair discriminants are not used" in capsys.readouterr().err
    finally:
        pairs._table.cache_clear()
