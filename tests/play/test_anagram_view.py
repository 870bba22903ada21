"""Finding the letter pool and the answer slots of a 4 Pics 1 Word screen, and choosing the keys
of each candidate word (hints kept, a doubled letter on two keys, doubtful keys never used)."""

import os
import time

import numpy as np
import pytest

from wordbot.lexicon import Lexicon
from wordbot.ocr import BoardReading
from wordbot.play.anagram import AnagramView, candidates, find_view
from wordbot.simgame.gamelog import read_log
from wordbot.simgame.launch import running


def row(letters: list[str], doubtful: tuple[int, ...] = ()) -> BoardReading:
    conf = [0.2 if i in doubtful else 0.9 for i in range(len(letters))]
    centres = [(float(i), 0.0) for i in range(len(letters))]
    return BoardReading(1, len(letters), letters, conf, (0, 0, 10, 10), centres)


def view(keys: str, slots: list[str], doubtful: tuple[int, ...] = (), doubtful_slots: tuple[int, ...] = ()
         ) -> AnagramView:
    boxes = [(i, 0, 1, 1) for i in range(max(len(keys), len(slots)))]
    return AnagramView(row(list(keys), doubtful), row(slots, doubtful_slots), boxes[:len(keys)],
                       boxes[:len(slots)])


def test_keys_spell_the_likeliest_word_a_doubled_letter_on_two_keys():
    lex = Lexicon.from_words(["мама", "мрак", "рама"], "ru")
    plans = dict(candidates(view("амкрмаз", ["", "", "", ""]), lex))
    assert plans == {"мама": [1, 0, 4, 5], "мрак": [1, 3, 0, 2], "рама": [3, 0, 1, 5]}


def test_hints_are_kept_and_not_clicked():
    lex = Lexicon.from_words(["кот", "ток"], "ru")
    assert candidates(view("окз", ["т", "", ""]), lex) == [("ток", [0, 1])]


def test_a_doubtful_hint_may_be_any_letter_and_two_stop_play():
    lex = Lexicon.from_words(["кот", "ток", "сок"], "ru")
    # the hint looks like "с" but was read doubtfully: it may be the "т" of "ток" as well
    assert {w for w, _ in candidates(view("окз", ["с", "", ""], doubtful_slots=(0,)), lex)} == {"сок", "ток"}
    assert candidates(view("окз", ["с", "", ""], doubtful_slots=(0,)), lex)[0][1] == [0, 1]
    assert candidates(view("к", ["с", "о", ""], doubtful_slots=(0, 1)), lex) == []


def test_a_doubtful_key_is_never_used():
    lex = Lexicon.from_words(["кот", "ток", "кто"], "ru")
    assert candidates(view("кото", ["", "", ""], doubtful=(0,)), lex) == []
    plans = candidates(view("котк", ["", "", ""], doubtful=(0,)), lex)
    assert {w for w, _ in plans} == {"кот", "ток", "кто"} and all(0 not in keys for _, keys in plans)


@pytest.mark.gui
@pytest.mark.parametrize("lang", ["ru", "en"])
def test_pool_and_slots_found_where_the_game_drew_them(tmp_path, lang):
    if not os.environ.get("DISPLAY"):
        pytest.skip("no display")
    log = tmp_path / "anagram.jsonl"
    with running("anagram", "--lang", lang, "--seed", "3", "--hints", log=log) as (_, source):
        deadline = time.monotonic() + 10
        while not any(e["event"] == "level" for e in read_log(log)) and time.monotonic() < deadline:
            time.sleep(0.1)
        image = source.grab()[:, :, :3].copy()
    level = next(e for e in read_log(log) if e["event"] == "level")
    found = find_view(image, lang)
    assert found is not None and found.ready
    assert np.allclose(found.key_boxes, level["keys"], atol=4)
    assert np.allclose(found.slot_boxes, level["slots"], atol=4)
    assert "".join(found.keys.tiles) == level["pool"]
    assert found.filled == {0: level["hint"]}
