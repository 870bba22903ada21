"""Replies read as text: a game whose only reply is a message in one place, drawn alike for a taken
and a refused word ("КОТ  +3", "КОТ: not a word"), told apart by what it says (real Tesseract)."""

import shutil
from pathlib import Path

import numpy as np
import pytest
from PIL import Image, ImageDraw, ImageFont

from wordbot.games import FeedbackSpec, Signature
from wordbot.play.feedback import Replies, Watch
from wordbot.play.message import common, lists, named, plain, reply_text, says, template

FONTS = Path("/usr/share/fonts/truetype")
BOARD = (40, 40, 320, 320)


def test_a_template_leaves_out_the_word_as_read_and_the_numbers():
    assert named(template("КОТ  +3", "кот")) == named(template("DOG +12", "dog")) == "~+#"
    assert named(template("ра д ио + 3", "радио")) == "~+#"  # a bold word's letters parted
    assert named(template("OOG +3", "dog")) == "~+#"  # its first letter misread
    assert named(template("KOPA: not a word", "кора")) == "~:notaword"  # Latin look-alikes of its letters
    assert named(template("Nice! CAT +4", "cat")) == "nice!~+#"
    # a text that names no word is kept whole where a word is like part of it
    assert plain(template("Score 15", "score")) == "score#" and named(template("Score 15", "score")) == "~#"


def test_a_text_says_the_same_something_else_or_too_little_to_trust():
    assert says("~+#", "~+#") == says("~#", "~+#") == "same"  # a plus sign lost
    assert says("~:notaword", "~+#") == says("~:alreadyfound", "~+#") == "other"
    assert says("~:notамога", "~:notaword") == "unsure"
    assert says(None, "~+#") is None and says("~+#", None) is None
    assert says("", "~+#") == "unsure"  # a change with no text: no verdict, never a blacklisting
    assert says("nice!+#", "nice!+#") == "same" and says("notaword", "nice!+#") == "other"  # naming none
    assert says(template("Score 15", "score"), "score#") == "same"  # "score" is no word of a score line
    assert says("vooo+#", "~+#") == "same"  # "ИОД +3": the word misread past finding, the rest there
    assert says("vooo:notaword", "~+#") == says("vooo+#", "~") == "other"  # the rest missing, or nothing


def test_the_text_most_learning_replies_share_is_the_acceptance():
    assert common(["~+#", "~+#", "~:notaword"]) == "~+#"
    assert common(["~+#", "~:notaword"]) is None  # no majority
    assert common(["~+#", None, None]) is None  # one reading is no agreement
    score = [template(f"Score {n}", w) for n, w in [(12, "secure"), (15, "dog"), (19, "cat")]]
    assert common(score) == "score#", score  # naming no word: as read, "secure" not left out of it
    assert common([template("КОТ  +3", "кот"), template("DOG +12", "dog")]) == "~+#"


def test_a_list_of_the_words_found_is_no_message():
    """A found-words list grows with each word (newest first here): the text read where it changed
    names the earlier words too, so it says nothing of a verdict; a message names only its word."""
    words = ["поток", "порт", "приток", "ректор"]
    listed = ["⟨пotok⟩", "⟨пopt⟩пotok", "⟨пpиtok⟩пoptпotok", "⟨pektop⟩.пpиtokпoptпotok"]  # as read live
    assert lists(listed, words) and common(listed[:3]) == "~пotok"  # taken for a message before
    said = [template(f"{w.upper()}  +{len(w)}", w) for w in words]
    assert not lists(said, words) and common(said) == "~+#"
    score = [template(f"Score {n}", w) for n, w in [(12, "secure"), (15, "sore"), (19, "core")]]
    assert not lists(score, ["secure", "sore", "core"])


def window(message: str, earlier: str = "") -> np.ndarray:
    """A game window: a board and the message under it, centred (the last one's place)."""
    img = Image.new("RGB", (400, 480), (250, 248, 240))
    draw = ImageDraw.Draw(img)
    x, y, w, h = BOARD
    draw.rectangle((x, y, x + w, y + h), fill=(200, 190, 170))
    font = ImageFont.truetype(str(FONTS / "dejavu/DejaVuSans-Bold.ttf"), 20)
    draw.text((200, 410), message, font=font, fill=(40, 40, 40), anchor="mm")
    return np.asarray(img)[:, :, ::-1].copy()


@pytest.mark.skipif(shutil.which("tesseract") is None, reason="tesseract is not installed")
def test_a_message_drawn_alike_for_both_verdicts_is_told_by_its_text():
    """The whole line is read, though only the part unlike the last message changed; the word in
    it is left out, so one template says "taken" for every word."""
    watch = Watch(BOARD, [(80 + 80 * i, 80) for i in range(4)], 80)
    spec = FeedbackSpec(accepted=Signature(None, None, ("below:0",)), min_marks=1)
    texts = [reply_text(watch, window(a), [window(b)], word)
             for a, b, word in [("ДОМ  +3", "КОТ  +3", "кот"), ("КОТ  +3", "ЛУНА  +4", "луна"),
                                ("ЛУНА  +4", "СЛОН  +4", "слон")]]
    spec.accepted = Signature(None, None, ("below:0",), text=common(texts))
    assert spec.accepted.text == "~+#", texts
    replies = Replies(spec)
    refused = reply_text(watch, window("СЛОН  +4"), [window("КРОТ: not a word")], "крот")
    taken = reply_text(watch, window("КРОТ: not a word"), [window("РОСА  +4")], "роса")
    assert replies.verdict(Signature(None, None, ("below:0",), text=refused)) == "refused", refused
    assert replies.verdict(Signature(None, None, ("below:0",), text=taken)) == "accepted", taken


@pytest.mark.skipif(shutil.which("tesseract") is None, reason="tesseract is not installed")
def test_a_message_naming_no_word_that_clears_again_is_read_where_it_showed():
    """"Nice!  +3" for a taken word, "Not a word" for a refused one, each cleared a moment later:
    the text most replies share is the acceptance though it names no word, and a reply whose
    message cleared before the reply was cut is read in its first frame that showed it; a change
    that never showed text is no verdict."""
    watch = Watch(BOARD, [(80 + 80 * i, 80) for i in range(4)], 80)
    blank = window("")
    texts = [reply_text(watch, blank, [blank, window(m)], w)
             for m, w in [("Nice!  +3", "кот"), ("Nice!  +4", "луна"), ("Not a word", "крот")]]
    assert common(texts) == texts[0] == texts[1] != texts[2], texts
    replies = Replies(FeedbackSpec(accepted=Signature(None, None, ("below:0",), text=common(texts)),
                                   min_marks=1))
    refused = reply_text(watch, window("Nice!  +3"), [window(""), window("Not a word")], "крот")
    assert replies.verdict(Signature(None, None, ("below:0",), text=refused)) == "refused", refused
    gone = reply_text(watch, window("Nice!  +3"), [window("")], "сон")
    assert gone == "" and replies.verdict(Signature(None, None, ("below:0",), text=gone)) == "none"


def header(score: int, word: str = "", colour: tuple[int, int, int] = (40, 40, 40)) -> np.ndarray:
    """A game window with its score over the line where the word just sent shows its reply (a
    larger face), both above the board: the two change together."""
    img = Image.new("RGB", (400, 480), (250, 248, 240))
    draw = ImageDraw.Draw(img)
    x, y, w, h = 40, 110, 320, 320
    draw.rectangle((x, y, x + w, y + h), fill=(200, 190, 170))
    small = ImageFont.truetype(str(FONTS / "dejavu/DejaVuSans-Bold.ttf"), 16)
    large = ImageFont.truetype(str(FONTS / "dejavu/DejaVuSans-Bold.ttf"), 26)
    draw.text((40, 12), f"Points {score}", font=small, fill=(40, 40, 40), anchor="lm")
    if word:
        draw.text((200, 55), word, font=large, fill=colour, anchor="mm")
    return np.asarray(img)[:, :, ::-1].copy()


@pytest.mark.skipif(shutil.which("tesseract") is None, reason="tesseract is not installed")
def test_a_score_over_the_reply_line_is_read_line_by_line_where_the_reply_says_most():
    """A taken word turns green on its line with "+3" while the score above it rises, then fades:
    a learning word's reply, watched until the window is calm, holds only the score in its last
    frame. Read in the frame that says the most, each line on its own, it reads as a later word's
    reply caught sooner (before: "points#" for the learning words, fragments of both lines for the
    rest, and every later taken word refused); a refusal (the word alone, red, the score still)
    says something else."""
    watch = Watch((40, 110, 320, 320), [(80 + 80 * i, 150) for i in range(4)], 80)
    faded = reply_text(watch, header(0, "DOG"), [header(3), header(3), header(3, "DOG  +3", (30, 160, 60))],
                       "dog")
    later = reply_text(watch, header(3, "CATS"), [header(7, "CATS  +4", (30, 160, 60))], "cats")
    assert named(faded) == named(later) == "points#~+#", (faded, later)
    refused = reply_text(watch, header(7, "TAC"), [header(7, "TAC", (200, 60, 50))], "tac")
    acc = Signature(None, None, ("above:0",), text=common([faded, later]))
    spec = FeedbackSpec(accepted=acc, min_marks=1)
    assert Replies(spec).verdict(Signature(None, None, ("above:0",), text=refused)) == "refused", refused
