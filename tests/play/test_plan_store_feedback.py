"""The loop's pure parts: word order and safety, the learned lists, the tile feedback."""

import json

import numpy as np

from wordbot import Lexicon
from wordbot.act import Pacing
from wordbot.games import game
from wordbot.ocr import BoardReading
from wordbot.play import Learned
from wordbot.play.feedback import FeedbackStyle, classify, tile_colours
from wordbot.play.plan import plan_words

LEX = Lexicon.from_words(["кот", "крот", "ток", "рот", "тор", "кортик"], "ru")


def reading(conf=None) -> BoardReading:
    tiles = list("крот") + list("ааок")  # к р о т / а а о к
    centres = [(10 + 20 * c, 10 + 20 * r) for r in range(2) for c in range(4)]
    return BoardReading(2, 4, tiles, conf or [1.0] * 8, (0, 0, 80, 40), centres)


def test_plan_orders_by_points_per_second_and_skips_known_words():
    words = plan_words(reading(), LEX, game("wordsmania"), 0.5, Pacing(), skip={"рот"})
    got = [f.word for f in words]
    assert set(got) == {"кот", "крот", "ток", "тор"}
    assert got[0] == "крот"  # 4 points for one more step beats 3


def test_no_word_goes_through_an_unsure_tile():
    conf = [1.0] * 8
    conf[2] = conf[6] = 0.2  # both "о"
    words = plan_words(reading(conf), LEX, game("wordsmania"), 0.5, Pacing())
    assert words == []
    assert reading(conf).unsure(0.5) == (2, 6)


def test_learned_lists_are_saved_atomically(tmp_path, monkeypatch):
    monkeypatch.setenv("WORDBOT_DATA_DIR", str(tmp_path))
    learned = Learned.load("boggle")
    learned.reject("кот")
    learned.accept("тор")
    doc = json.loads((tmp_path / "learned" / "boggle.json").read_text(encoding="utf-8"))
    assert doc["blacklist"] == ["кот"] and doc["whitelist"] == ["тор"]
    again = Learned.load("boggle")
    assert again.blacklist == {"кот"} and again.whitelist == {"тор"}
    assert [p.name for p in (tmp_path / "learned").iterdir()] == ["boggle.json"]  # no temp files left


def test_feedback_colours():
    style = FeedbackStyle()
    idle = np.array([[244, 228, 193]] * 3, float)
    green = np.array([style.accepted] * 3, float)
    assert classify(idle, idle, style) == "none"
    assert classify(idle, green, style) == "accepted"
    assert classify(idle, np.array([style.rejected] * 3, float), style) == "rejected"
    assert classify(idle, np.array([[0, 0, 0]] * 3, float), style) == "unclear"


def test_tile_colour_ignores_the_letter():
    frame = np.zeros((40, 40, 3), np.uint8)
    frame[:] = (193, 228, 244)  # BGR of the idle tile
    frame[15:25, 18:22] = 20  # a letter stroke
    assert tuple(tile_colours(frame, [(20, 20)], 40)[0]) == (244, 228, 193)
