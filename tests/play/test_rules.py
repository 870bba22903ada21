"""A game's rule on its words' length, as its window states it, is found in the many ways games put
it (and nothing else is taken for one); read from a real window with Tesseract, the board's own
letters left out."""

import shutil

import numpy as np
import pytest
from PIL import Image, ImageDraw, ImageFont

from wordbot.ocr.text import Token
from wordbot.play.rules import lines, minimum_in, minimum_said

FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"


@pytest.mark.parametrize(("text", "length"), [
    ("WORDS · 4+ LETTERS", 4),
    ("Words must be at least 3 letters long", 3),
    ("Find words of four or more letters", 4),
    ("5 letters or more", 5),
    ("Minimum word length: 5", 5),
    ("слова не менее 4 букв", 4),
    ("Составляйте слова от 3-х букв", 3),
    ("слова от четырёх букв", 4),
    ("минимальная длина слова: 4", 4),
    ("4 буквы и более", 4),
])
def test_a_stated_minimum_is_found(text, length):
    assert minimum_in(text) == length


@pytest.mark.parametrize("text", ["100+ points", "SCORE 4", "4 letters", "admin 4 chars", "20+ letters",
                                  "Round 3 · 1:00", "2x letter", "счёт 4 буквы"])
def test_nothing_else_is_taken_for_a_minimum(text):
    assert minimum_in(text) is None


def test_words_read_one_by_one_are_joined_on_their_lines():
    tokens = [Token("LETTERS", 90, (130, 52, 80, 20)), Token("SCORE", 90, (10, 10, 60, 18)),
              Token("4+", 90, (100, 50, 24, 22)), Token("WORDS", 90, (10, 51, 70, 20))]
    assert lines(tokens) == ["SCORE", "WORDS 4+ LETTERS"]


@pytest.mark.skipif(shutil.which("tesseract") is None, reason="tesseract is not installed")
@pytest.mark.parametrize(("lang", "rule", "board", "length"), [
    ("en", "Words of 4+ letters", "ABCD", 4),
    ("ru", "Слова не менее 5 букв", "АБВГ", 5),
    ("en", "Find as many words as you can", "4+ LETTERS", None),  # the board's letters are no rule
])
def test_the_minimum_is_read_from_the_window_outside_the_board(lang, rule, board, length):
    img = Image.new("RGB", (640, 420), (245, 240, 230))
    draw = ImageDraw.Draw(img)
    draw.rectangle((40, 60, 340, 360), fill=(200, 170, 120))
    draw.text((60, 190), board, font=ImageFont.truetype(FONT, 34), fill=(20, 20, 20))
    draw.text((370, 80), "SCORE 120", font=ImageFont.truetype(FONT, 18), fill=(30, 30, 30))
    draw.text((370, 120), rule, font=ImageFont.truetype(FONT, 18), fill=(30, 30, 30))
    image = np.asarray(img)[:, :, ::-1]
    assert minimum_said(image, [(40, 60, 301, 301)], lang) == length
