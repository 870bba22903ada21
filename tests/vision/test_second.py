"""The second reader (Tesseract) of doubtful tiles: what it reads, that it is asked once per glyph,
and that it only ever confirms the template reader's likeliest letter."""

import numpy as np
import pytest
from PIL import Image, ImageDraw, ImageFont

from wordbot.kept import Kept
from wordbot.ocr import second
from wordbot.ocr.synthetic import font_path

pytestmark = pytest.mark.skipif(not second.available(), reason="tesseract with rus and eng data is needed")


def _ink(letter: str) -> np.ndarray:
    font = ImageFont.truetype(str(font_path("dejavu/DejaVuSans-Bold.ttf")), 40)
    img = Image.new("L", (60, 60), 0)
    ImageDraw.Draw(img).text((8, 4), letter, fill=255, font=font)
    return np.asarray(img, np.float32) / 255


def test_reads_clear_glyphs_in_one_call(monkeypatch):
    calls = []
    real = second._read_page
    monkeypatch.setattr(second, "_read_page", lambda *a: calls.append(a) or real(*a))
    Kept.forget_all()
    said = second.opinions([_ink(ch) for ch in "ЖЯФБМ"], "ru", "upper")
    assert said[1:] == ["я", "ф", "б", "м"] and said[0] in ("", "ж")  # seldom sure of a lone Ж
    assert second.opinions([_ink(ch) for ch in "QRS"], "en", "upper") == ["q", "r", "s"]
    assert len(calls) == 2  # one page per call, the glyphs stacked in it


def test_each_glyph_is_asked_once(monkeypatch):
    Kept.forget_all()
    first = second.opinions([_ink("Ш"), _ink("Б")], "ru", "upper")

    def fail(*_):
        raise AssertionError("Tesseract asked again")

    monkeypatch.setattr(second, "_read_page", fail)
    assert second.opinions([_ink("Б"), _ink("Ш")], "ru", "upper") == first[::-1]


def test_no_tesseract_no_opinion(monkeypatch):
    monkeypatch.setattr(second, "available", lambda: False)
    assert second.opinions([_ink("Ж")], "ru", "upper") == [""]


def test_only_the_likeliest_letter_is_confirmed(monkeypatch):
    """Tesseract's letter makes a doubtful tile sure only when it is the template reader's own
    likeliest letter, and only where no rival letter was nearly as close."""
    from wordbot.ocr import read
    from wordbot.ocr.bank import Scores

    letters = ["б", "в", "г"]
    score = np.array([[0.80, 0.60, 0.1],    # б, far from its templates, rival far: asked
                      [0.80, 0.60, 0.1],    # the same, but Tesseract says в: not taken
                      [0.80, 0.79, 0.1]],   # б and в alike: not asked
                     np.float32)
    scores = Scores(letters, score, score.copy())
    m = scores.match()
    found = read.Script("ru", "lower", scores, np.zeros(3, bool))
    asked = []
    monkeypatch.setattr(read, "opinions", lambda inks, lang, case: asked.append(len(inks)) or ["б", "в"])
    tiles, conf = list(m.letters), np.full(3, 0.1, np.float32)
    read._second_reader([np.ones((9, 9))] * 3, np.zeros((3, 32, 32), np.uint8), found, m, tiles, conf,
                        np.arange(3), np.ones(3, bool))
    assert asked == [2]
    assert list(conf) == pytest.approx([read.AGREED, 0.1, 0.1])
    assert tiles == ["б", "б", "б"]
