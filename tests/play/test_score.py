"""The game's score: its digits read by Tesseract from rendered text in several fonts, sizes and
colours (a label and a word count beside it), its place learned from the frames before and after
accepted words (not a word count, not a message's "+3", not a clock), and the verdict it gives."""

from __future__ import annotations

import shutil
import threading
import time
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np
import pytest
from PIL import Image, ImageDraw, ImageFont

from wordbot.games import GAMES, FeedbackSpec, Signature
from wordbot.ocr.text import word_boxes
from wordbot.play import score as score_module
from wordbot.play.audit import AUDIT_WORDS, ScoreAudit
from wordbot.play.digits import DigitGlyphs
from wordbot.play.feedback import Replies, Watch
from wordbot.play.grid import GridOptions, GridPlayer, Reply
from wordbot.play.score import WORDS, Motion, ScoreReader, changed, find_score, read_numbers
from wordbot.solver.grid import Found

pytestmark = pytest.mark.skipif(shutil.which("tesseract") is None, reason="tesseract is not installed")
FONTS = Path("/usr/share/fonts/truetype")
BOARD = (30, 120, 420, 420)
SIZE = (500, 620)
CREAM, SLATE, WHITE, INK, GOLD = (244, 228, 193), (37, 50, 74), (245, 245, 245), (25, 25, 35), (255, 210, 0)


@dataclass(frozen=True)
class Look:
    font: str
    size: int
    fg: tuple[int, int, int]
    bg: tuple[int, int, int]
    label: str = "Score "  # before the number
    badge: tuple[int, int, int] | None = None
    right: bool = False  # the score line ends at the right edge (the number grows leftwards)


LOOKS = [
    Look("dejavu/DejaVuSans-Bold.ttf", 22, WHITE, (18, 20, 23)),
    Look("liberation/LiberationSerif-Regular.ttf", 26, INK, WHITE, label="Очки: "),
    Look("freefont/FreeMono.ttf", 20, GOLD, (40, 40, 90), label="PTS "),
    Look("noto/NotoSans-Regular.ttf", 30, INK, CREAM, label="", badge=WHITE),
    Look("liberation/LiberationSans-Bold.ttf", 18, (120, 230, 140), SLATE, right=True),
    Look("dejavu/DejaVuSerif-Bold.ttf", 25, INK, (230, 225, 215)),  # the browser game's paper look
]


def font(path: str, size: int) -> ImageFont.FreeTypeFont:
    if not (FONTS / path).exists():
        pytest.skip(f"font {path} is not installed")
    return ImageFont.truetype(str(FONTS / path), size)


def board(look: Look) -> tuple[Image.Image, ImageDraw.ImageDraw, ImageFont.FreeTypeFont]:
    """A window of ``look`` with a 4x4 board drawn, a pen and the look's font."""
    img = Image.new("RGB", SIZE, look.bg)
    d = ImageDraw.Draw(img)
    for i in range(16):
        x, y = BOARD[0] + (i % 4) * 108, BOARD[1] + (i // 4) * 108
        d.rounded_rectangle((x, y, x + 96, y + 96), 12, fill=CREAM if look.bg != CREAM else WHITE)
    return img, d, font(look.font, look.size)


def window(look: Look, score: int, words: int, message: str, clock: int = 59) -> tuple[np.ndarray, tuple]:
    """A game window (board, score line with a word count, a message under the board, a clock) and
    the box of the score's digits."""
    img, d, f = board(look)
    line = f"{look.label}{score}   Words {words}"
    at, anchor = ((470, 60), "rm") if look.right else ((30, 60), "lm")
    if look.badge:
        box = d.textbbox(at, line, font=f, anchor=anchor)
        d.rounded_rectangle((box[0] - 8, box[1] - 8, box[2] + 8, box[3] + 8), 8, fill=look.badge)
    d.text(at, line, font=f, fill=look.fg, anchor=anchor)
    d.text((250, 580), message, font=f, fill=look.fg, anchor="mm")
    d.text((470, 20), f"0:{clock:02d}", font=f, fill=look.fg, anchor="rm")
    start = d.textbbox(at, line, font=f, anchor=anchor)[0] + f.getlength(look.label)
    digits = Image.new("L", SIZE)
    ImageDraw.Draw(digits).text((start, 60), str(score), font=f, fill=255, anchor="lm")
    ys, xs = np.nonzero(np.array(digits) > 100)
    box = (int(xs.min()), int(ys.min()), int(xs.max() - xs.min() + 1), int(ys.max() - ys.min() + 1))
    return cv2.cvtColor(np.array(img), cv2.COLOR_RGB2BGR), box


@pytest.mark.parametrize("look", LOOKS, ids=lambda lk: Path(lk.font).stem)
def test_digits_are_read_beside_a_label_and_a_word_count(look):
    values = [0, 7, 42, 305, 5500, 9081, 55200, 123456]
    shots = [window(look, v, k, "") for k, v in enumerate(values)]
    assert read_numbers(shots) == values
    # a box learned when the score was short still reads it after it grew a few digits
    assert read_numbers([(shots[-1][0], shots[1][1])]) == [values[-1]]
    # read all in one Tesseract call (the score's place is searched so), at most one misread
    assert sum(a != b for a, b in zip(read_numbers(shots, batch=True), values, strict=True)) <= 1


@pytest.mark.parametrize(("size", "bold"), [(16, 0), (18, 1), (22, 1), (26, 1)])
def test_a_label_whose_letters_touch_is_parted_from_the_digits(size, bold):
    """"Очки" in a heavy serif, a blank narrower than a word space before the digits: its letters
    touch into one run as tall as the digits (the capital О), which its small letters tell apart.
    Read with the label, "и" came out as a 4 (448900)."""
    f = font("/usr/share/fonts/opentype/urw-base35/C059-Bold.otf", size)
    img = Image.new("RGB", (400, 60), (222, 190, 140))
    d = ImageDraw.Draw(img)
    ink = {"font": f, "anchor": "lm", "stroke_width": bold}
    d.text((20, 30), "Очки", fill=(60, 30, 10), stroke_fill=(60, 30, 10), **ink)
    _, top, _, bottom = f.getbbox("48900", anchor="lm", stroke_width=bold)
    start = d.textbbox((20, 30), "Очки", **ink)[2] + round(0.35 * (bottom - top))
    d.text((start, 30), "48900", fill=(60, 30, 10), stroke_fill=(60, 30, 10), **ink)
    mask = Image.new("L", img.size)
    ImageDraw.Draw(mask).text((start, 30), "48900", fill=255, **ink)
    where = np.array(mask) > 100
    frame = cv2.cvtColor(np.array(img), cv2.COLOR_RGB2BGR)
    (box,) = word_boxes(frame, where)
    assert abs(box[0] - np.nonzero(where)[1].min()) <= 1
    assert read_numbers([(frame, box)]) == [48900]


def test_a_blank_place_or_one_off_the_window_reads_nothing():
    frame, box = window(LOOKS[0], 12, 1, "")
    assert read_numbers([(frame, (300, 300, 40, 20)), (frame, (480, 600, 40, 40))]) == [None, None]
    assert read_numbers([(frame, box)]) == [12]


def sent(look: Look, scores: list[int]) -> list[np.ndarray]:
    """The window as each accepted word was sent: the score, the word count, the last word's
    message "+n" and the clock changed since the one before."""
    return [window(look, score, k, f"ДОМ +{score - scores[k - 1]}" if k else "", 59 - k)[0]
            for k, score in enumerate(scores)]


def watch() -> Watch:
    return Watch(BOARD, [(BOARD[0] + 48 + 108 * (i % 4), BOARD[1] + 48 + 108 * (i // 4)) for i in range(16)],
                 108)


@pytest.mark.parametrize("look", LOOKS, ids=lambda lk: Path(lk.font).stem)
def test_the_score_is_found_among_what_changed_on_accepted_words(look):
    scores = [0, 3, 7, 12, 18, 25]  # the message's "+n" grows too: the score is still the larger number
    assert len(scores) == WORDS + 1
    box = find_score(ticking(look), sent(look, scores))
    last = window(look, scores[-1], WORDS, "")[1]
    assert box is not None
    assert abs(box[1] - last[1]) <= 3 and box[0] <= last[0] + last[2] and last[0] <= box[0] + box[2]
    assert read_numbers([(window(look, 250, 9, "")[0], box)]) == [250]


def ticking(look: Look) -> Watch:
    """The board's watch, the clock's ticks learned as noise (as play does before the first word)."""
    w = watch()
    for k in range(3):
        w.learn_noise(window(look, 0, 0, "", 59 - k)[0], window(look, 0, 0, "", 58 - k)[0])
    return w


def test_play_finds_a_score_drawn_after_the_rest_of_each_reply():
    """A browser game under load: the typed word's echo clears at once, its score is drawn when the
    server answers, after play took the reply (it looked like an acceptance) and before the next
    word. The search still finds it: a word's part runs to the next word."""
    look = LOOKS[5]
    spec = FeedbackSpec(accepted=Signature(None, None, ("below:0",)), min_marks=1)
    words = [Found(w, [(0, 0)], 1) for w in ("дом", "кот", "сон", "нос", "ток", "ком", "рот")]
    player = GridPlayer(None, None, None, GridOptions(GAMES["wordhunt"], feedback=spec),
                        base={w.word for w in words}, say=lambda _: None)
    player.watch = ticking(look)
    score = 0
    for k, word in enumerate(words):
        typed = window(look, score, k, word.word.upper(), 59 - k)[0]
        looks_whole = window(look, score, k, "", 59 - k)[0]  # the echo gone, the score not drawn yet
        assert player._judge(word, Reply(spec.accepted, (typed, looks_whole))) == "accepted"
        score += 3 + k
    player._adopt_score(wait=30)
    assert spec.score is not None and read_numbers([(window(look, 250, 9, "")[0], spec.score)]) == [250]


def test_a_score_that_rises_only_after_a_reply_was_cut_takes_the_word():
    """Once the score is known, a reply that looks like an acceptance waits for it a while; drawn
    later (a load spike), the word has no verdict. The score rising before the next word is sent
    (nothing entered in between) was its reply: taken. One that never rises stays without one."""
    look = LOOKS[5]
    spec = FeedbackSpec(accepted=Signature(None, None, ("below:0",)), min_marks=1)
    words = [Found(w, [(0, 0)], 1) for w in ("дом", "кот", "сон", "нос")]
    player = GridPlayer(None, None, None, GridOptions(GAMES["wordhunt"], feedback=spec),
                        base={w.word for w in words}, say=lambda _: None)
    player.watch = ticking(look)
    box = window(look, 12, 0, "")[1]
    player.score = ScoreReader(box)

    def reply(word: Found, score: int, after: int) -> str:
        shots = window(look, score, 0, word.word.upper())[0], window(look, after, 0, "")[0]
        return player._judge(word, Reply(spec.accepted, shots))

    assert reply(words[0], 12, 12) == "none"  # its score comes after the reply was cut
    assert reply(words[1], 15, 19) == "accepted"  # ... and is there when the next word is sent
    assert player.report.accepted == ["дом", "кот"] and player.report.unregistered == 0
    assert reply(words[2], 19, 19) == "none"  # refused, looking like an acceptance
    assert reply(words[3], 19, 23) == "accepted"
    assert player.report.accepted == ["дом", "кот", "нос"] and player.report.unregistered == 1
    player.score.close()


def test_a_word_refused_again_after_a_try_the_score_stood_still_through_is_refused(tmp_path, monkeypatch):
    """A word's first try showed no reply (a refusal hidden where the last reply still faded) and
    the score stood still through it and until the next word: refused on its retry, it was not
    taken on the first (blacklisted, not counted). The same without a score where the first try was
    watched while the place a refusal shows in was still changing (masked: a refusal there shows
    no change). Otherwise, without a score, a refusal on the retry may be the game's "already found"
    for a first try it took: counted taken, as before."""
    monkeypatch.setenv("WORDBOT_DATA_DIR", str(tmp_path))  # the blacklist is written there
    look = LOOKS[5]
    spec = FeedbackSpec(accepted=Signature(None, None, ("below:0",)), min_marks=1)
    refused = Signature(None, None, ("below:1",))  # a message in another place
    words = [Found(w, [(0, 0)], 1) for w in ("дом", "кот", "сон")]
    for scored, masked in ((True, False), (False, False), (False, True)):
        player = GridPlayer(None, None, None, GridOptions(GAMES["wordhunt"], feedback=spec),
                            base={w.word for w in words}, say=lambda _: None)
        player.watch = ticking(look)
        if scored:
            player.score = ScoreReader(window(look, 12, 0, "")[1])

        def reply(word: Found, sig: Signature, score: int, after: int, player=player) -> str:
            shots = window(look, score, 0, word.word.upper())[0], window(look, after, 0, "")[0]
            return player._judge(word, Reply(sig, shots))

        assert reply(words[2], refused, 12, 12) == "refused"  # where refusals show
        unseen = Signature(unsure=("below:1",)) if masked else Signature()
        assert reply(words[0], unseen, 12, 12) == "none"  # no reply seen, the score still
        assert reply(words[1], spec.accepted, 12, 15) == "accepted"
        assert reply(words[0], refused, 15, 15) == "refused"  # its retry
        if scored or masked:
            assert player.report.accepted == ["кот"] and player.report.rejected == ["сон", "дом"]
        else:
            assert player.report.accepted == ["кот", "дом"] and player.report.rejected == ["сон"]
        if scored:
            player.score.close()


def test_a_score_found_during_a_reply_does_not_judge_it():
    """The search ends while a word's reply is watched (not waited for the score): that word is
    judged by its look, the score from the next word on."""
    look = LOOKS[5]
    spec = FeedbackSpec(accepted=Signature(None, None, ("below:0",)), min_marks=1)
    player = GridPlayer(None, None, None, GridOptions(GAMES["wordhunt"], feedback=spec),
                        base={"дом"}, say=lambda _: None)
    player.watch = ticking(look)
    player.search._found = window(look, 12, 0, "")[1]
    player.search._thread = threading.Thread(target=lambda: None)
    player.search._thread.start()
    player.search._thread.join()
    shots = window(look, 12, 0, "ДОМ")[0], window(look, 12, 0, "")[0]
    assert player._judge(Found("дом", [(0, 0)], 1), Reply(spec.accepted, shots)) == "accepted"
    assert player.score is not None and player.report.unregistered == 0
    player.score.close()


def test_no_score_where_only_a_message_and_a_list_change():
    look = LOOKS[0]
    shots = [window(look, 0, 0, f"СЛОН +{gain}" if gain else "")[0] for gain in [0, 3, 5, 4, 3, 4]]
    assert find_score(watch(), shots) is None


def test_the_score_place_changed_or_not_and_the_reader_follows_it():
    look = LOOKS[0]
    a, box = window(look, 12, 2, "")
    b, _ = window(look, 12, 2, "КОТ +3")
    c, _ = window(look, 15, 3, "КОТ +3")
    assert not changed(a, b, box) and changed(b, c, box)
    reader = ScoreReader(box, every=0.05)
    assert reader.rose(a, b) is False and reader.rose(b, c) is True and reader.rose(c, b) is False
    assert reader.rise_later(a, c).result(timeout=30) == 3 and reader.rise(c, a) == -3
    reader.feed(a)
    reader.feed(c)
    assert reader.close() == 15


def test_a_misread_high_score_does_not_stick():
    """The round's score is the last frame's reading: one reading taken mid-round that came out
    too high (a repaint caught half done) is not kept against the later ones."""
    look = LOOKS[0]
    high, box = window(look, 4125, 2, "")
    c, _ = window(look, 15, 3, "КОТ +3")
    reader = ScoreReader(box, every=0.05)
    reader.feed(high)
    deadline = time.monotonic() + 20
    while reader.value is None and time.monotonic() < deadline:
        time.sleep(0.05)
    assert reader.value == 4125
    reader.feed(c)
    assert reader.close() == 15


def test_a_score_rise_is_an_acceptance_and_a_still_score_is_no_verdict():
    replies = Replies(FeedbackSpec(accepted=Signature(None, (102, 187, 106), ("above:0",)), min_marks=1))
    taken = Signature(None, (102, 187, 106), ("above:0",))
    assert replies.verdict(taken) == "accepted" and replies.verdict(taken, True) == "accepted"
    assert replies.verdict(Signature(None, None, ("below:0",)), True) == "accepted"  # no flash seen
    assert replies.verdict(Signature(), True) == "accepted"
    assert replies.verdict(taken, False) == "none"  # the signs disagree: retried, not blacklisted
    assert replies.verdict(Signature(None, (239, 83, 80), ()), False) == "refused"


def test_the_score_changes_are_counted_one_per_repaint_never_more():
    """Two words in flight are booked by counting the score's changes: a change split over two
    captures counts once, and two changes with no still frame between them count once too (too
    few sends the bot to read the digits; too many would book a refused word)."""
    look = LOOKS[0]
    a, box = window(look, 12, 2, "")
    b, _ = window(look, 15, 3, "КОТ +3")
    c, _ = window(look, 19, 4, "НОРА +4")
    half = a.copy()
    half[:, : box[0] + box[2] // 2] = b[:, : box[0] + box[2] // 2]  # a capture halfway through the repaint
    counted = Motion(box, a)
    for at, frame in enumerate((a, half, b, b, b, c, c, c)):
        counted.feed(frame, at / 30)
    assert counted.count == 2 and counted.calm
    merged = Motion(box, a)
    for at, frame in enumerate((b, c)):
        merged.feed(frame, at / 30)
    assert merged.count == 1 and not merged.calm
    still = Motion(box, b)
    for at, frame in enumerate((window(look, 15, 3, "ДРУГОЕ")[0], b)):  # a message changing below the score
        still.feed(frame, at / 30)
    assert still.count == 0


def counter(look: Look, found: int, message: str) -> np.ndarray:
    """A window whose only number outside the board is its count of words found, "12 / 87"."""
    img, d, f = board(look)
    d.text((30, 60), f"{found} / 87", font=f, fill=look.fg, anchor="lm")
    d.text((250, 580), message, font=f, fill=look.fg, anchor="mm")
    return cv2.cvtColor(np.array(img), cv2.COLOR_RGB2BGR)


def test_a_count_of_words_found_is_no_score():
    """A game with no score line counts the words found: it rises by one a word whatever the word
    is worth, so it is not taken for the score (its reading would be the round's score)."""
    look = LOOKS[0]
    shots = [counter(look, k, f"WORD{k}!" if k else "") for k in range(WORDS + 1)]
    assert find_score(watch(), shots, [400, 800, 400, 1400, 400]) is None
    # where every word is worth one point, a count and a score look alike: taken
    assert find_score(watch(), shots, [1] * WORDS) is not None


def test_digits_are_read_by_their_pixels_once_agreeing_readings_named_them_twice():
    look = LOOKS[0]

    def crop(n: int) -> np.ndarray:
        img, (x, y, w, h) = window(look, n, 3, "")
        return img[y: y + h, x - 2: x + w + 2]

    digits = DigitGlyphs()
    digits.learn(crop(305), 305)
    assert digits.read(crop(503)) is None  # each digit named once: not trusted yet
    digits.learn(crop(360), 360)
    assert digits.read(crop(503)) is None and digits.read(crop(30)) == 30  # 3 and 0 twice, 5 once
    digits.learn(crop(530), 530)
    assert digits.read(crop(503)) == 503 and digits.read(crop(3)) == 3
    assert digits.read(crop(507)) is None  # a digit never seen is left to Tesseract
    digits.learn(crop(377), 377)
    digits.learn(crop(377), 311)  # the same pixels named otherwise: 7 is no longer trusted
    assert digits.read(crop(7)) is None
    digits.learn(crop(88), 8)  # as many glyphs as digits, or nothing is learned
    digits.learn(crop(8), 8)
    assert digits.read(crop(8)) is None


def test_the_reader_learns_the_games_digits_and_reads_them_without_tesseract(monkeypatch):
    look = LOOKS[0]
    frames = {n: window(look, n, 3, "КОТ +3") for n in (10, 21, 12, 201, 102, 120, 112, 211, 221)}
    reader = ScoreReader(frames[10][1], every=60)
    for n in (10, 21, 12, 201):
        assert reader.at(frames[n][0]) == n
    calls = []
    voted = score_module._voted
    monkeypatch.setattr(score_module, "_voted", lambda *a: calls.append(a) or voted(*a))
    for n in (102, 120, 112, 211, 221):  # 0, 1 and 2 seen twice each
        assert reader.at(frames[n][0]) == n
    assert not calls
    reader.close()


def test_a_score_easing_to_its_value_is_still_only_after_twice_its_longest_pause():
    """A count-up's last steps come frames apart: two grabs alike in the middle of it do not make
    the score's place still; it is still once it held for twice the longest pause between its
    steps (and at least Motion.CALM)."""
    look = LOOKS[0]
    steps = [window(look, value, 2, "")[0] for value in (12, 40, 55, 58)]
    box = window(look, 12, 2, "")[1]
    motion = Motion(box, steps[0])
    assert motion.still(0.0)  # nothing moved yet
    watched = Motion(box, steps[0], since=1.0)  # watched from 1.0 on: still only after CALM of it
    watched.feed(steps[0], 1.1)
    assert not watched.still(1.1) and watched.still(1.0 + 2 * Motion.CALM)
    for at, frame in ((0.00, steps[1]), (0.03, steps[1]), (0.10, steps[2]), (0.13, steps[2]),
                      (0.16, steps[2]), (0.30, steps[3])):
        motion.feed(frame, at)
        assert not motion.still(at + 0.05), at  # each step of the count just seen
    assert not motion.still(0.30 + 0.2 * 1.9)  # the longest pause was 0.2 s: 0.38 s is not enough
    motion.feed(steps[3], 0.30 + 0.4)
    assert motion.still(0.30 + 0.4)


def test_words_judged_by_the_board_alone_are_checked_against_the_score_once_it_rests():
    """A game whose score counts up after each word gets the next word while it still counts, judged
    by the board; the score's rise between two rests must be the points booked in between. A refusal
    booked taken (a game flashing both verdicts alike) shows as a rise short of them, and ends the
    trust in the board for the round."""
    look = LOOKS[0]
    at_12, box = window(look, 12, 2, "")
    at_20, _ = window(look, 20, 4, "СЛОН +5")
    audit = ScoreAudit(ScoreReader(box, every=60))
    assert audit.due  # the score must be seen resting once before the board is trusted alone
    audit.rest(at_12)
    assert not audit.due
    audit.taken("кот", 3, unseen=True)
    audit.taken("слон", 5, unseen=True)
    audit.rest(at_20)
    assert audit.check(wait=None) is None and audit.failed is None
    for k in range(AUDIT_WORDS):
        assert not audit.due
        audit.taken(f"w{k}", 0, unseen=True)
    assert audit.due
    audit.rest(at_20)
    assert audit.check(wait=None) is None
    audit.taken("рот", 3, unseen=True)  # the score stood still: not taken after all
    audit.rest(at_20)
    failed = audit.check(wait=None)
    assert failed is not None and "рот" in failed and "rose 0" in failed and audit.failed == failed
    audit.taken("нос", 3, unseen=True)
    audit.rest(at_12)
    assert audit.check(wait=None) is None  # said once; nothing checked once the board is not trusted


def test_words_booked_while_the_score_rested_are_not_checked():
    """A word sent with the score at rest was judged with the score's own rise: nothing to check
    (here its points differ from the rise, as under another scoring, and no check fails)."""
    look = LOOKS[0]
    at_12, box = window(look, 12, 2, "")
    at_15, _ = window(look, 15, 3, "")
    audit = ScoreAudit(ScoreReader(box, every=60))
    audit.rest(at_12)
    audit.taken("кот", 100, unseen=False)
    audit.rest(at_15)
    assert audit.check(wait=None) is None and audit.failed is None


@pytest.mark.parametrize("value", [52400, 55500, 51600])
def test_a_score_the_three_reads_disagree_on_is_read_by_more(value):
    """The browser game pulse-ring's score line (Comfortaa Bold, 24 px): the first read takes its
    leading 5 for a 9 and the third loses a digit ("92400", "52400", "2400"), so no two agree; the
    three reads asked then settle it, where the first read's guess was the round's score before."""
    look = Look("comfortaa/Comfortaa-Bold.ttf", 24, (74, 31, 110), (239, 230, 251))
    image, box = window(look, value, 0, "")
    assert ScoreReader(box, every=60).at(image) == value
