"""The loop's pure parts: word order and safety, the learned lists, the tile feedback."""

import json
import time
from pathlib import Path

import cv2
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image, ImageDraw, ImageFont

from wordbot import Lexicon
from wordbot.act import Pacing
from wordbot.act.base import Shown
from wordbot.calibration.profile import Profile, load_profile, save_profile
from wordbot.games import FeedbackSpec, Signature, game
from wordbot.ocr import BoardReading
from wordbot.play import Learned
from wordbot.play.feedback import CHANGED, Replies, Watch, differs, same_colour, tile_colours
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


GREEN, RED, YELLOW = (102, 187, 106), (239, 83, 80), (255, 213, 79)


def test_replies_learn_what_acceptance_looks_like_from_the_first_words():
    replies = Replies(FeedbackSpec())
    ok = Signature(YELLOW, GREEN, ("above:0", "below:0"))
    assert replies.verdict(ok) == "learning" and replies.verdict(Signature()) == "none"
    assert replies.learn(ok) is None
    assert replies.learn(Signature(YELLOW, RED, ("below:0",))) is None  # one refusal among them
    assert replies.learn(Signature(YELLOW, (100, 190, 100), ("above:0", "below:0"))) is None
    assert replies.learn(ok) == [0, 2, 3]
    assert replies.spec.accepted == ok and replies.spec.min_marks == 2
    assert replies.verdict(Signature(YELLOW, (110, 180, 100), ("above:0", "below:0"))) == "accepted"
    assert replies.verdict(Signature(YELLOW, RED, ("below:0",))) == "refused"
    assert replies.verdict(Signature(YELLOW, None, ("above:0", "below:0"))) == "refused"


def test_a_message_alone_is_not_an_acceptance_where_accepted_words_also_grow_a_list():
    replies = Replies(FeedbackSpec())
    for band in (1, 2, 3):  # the list grows under the message
        replies.learn(Signature(None, None, ("below:0", f"below:{band}")))
    assert replies.spec.accepted.marks == ("below:0",) and replies.spec.min_marks == 2
    assert replies.verdict(Signature(None, None, ("below:0",))) == "refused"
    assert replies.verdict(Signature(None, None, ("below:0", "below:4"))) == "accepted"


def test_part_of_an_acceptance_is_told_from_another_reply():
    """A reply showing only part of what an acceptance shows (its flash, not yet its list) may be
    one whose rest comes late: waited for. A reply with anything else (another colour, another
    mark) is no part of one."""
    replies = Replies(FeedbackSpec(accepted=Signature(YELLOW, GREEN, ("above:0", "below:0")), min_marks=2))
    assert replies.partial(Signature(YELLOW, GREEN, ()))
    assert replies.partial(Signature(YELLOW, None, ("above:0",)))
    assert not replies.partial(Signature(YELLOW, RED, ()))
    assert not replies.partial(Signature(YELLOW, GREEN, ("below:3",)))
    assert not replies.partial(Signature())
    assert not Replies(FeedbackSpec()).partial(Signature(YELLOW, GREEN, ()))  # nothing learned yet


def test_where_the_last_reply_still_fades_its_mark_is_not_asked_for():
    """An accepted word's toast fades out under the board while the next word is sent: a change
    there tells nothing about that word. The rest of an acceptance (its count above the board)
    still takes it; nothing else shown is no verdict; another colour is still a refusal."""
    replies = Replies(FeedbackSpec(accepted=Signature(None, None, ("above:0", "below:0")), min_marks=2))
    fading = ("below:0",)
    assert replies.verdict(Signature(None, None, ("above:0",), fading)) == "accepted"
    assert replies.verdict(Signature(None, None, (), fading)) == "none"
    assert replies.verdict(Signature(None, RED, (), fading)) == "refused"
    assert replies.verdict(Signature(None, None, ("above:0",))) == "refused"  # none fading: a toast was due


def test_a_game_that_never_replies_is_played_on_unconfirmed():
    replies = Replies(FeedbackSpec())
    for _ in range(5):
        assert replies.learn(Signature()) is None
    assert replies.learn(Signature()) == [] and replies.spec.silent and replies.learned


def test_watch_sees_changes_outside_the_board_but_not_its_clock():
    base = np.zeros((300, 300, 3), np.uint8)
    watch = Watch((100, 100, 100, 100), [(150, 150)], 100)
    ticked = base.copy()
    ticked[10:30, 250:260] = 255  # the clock's units
    watch.learn_noise(base, ticked)
    later = base.copy()
    later[10:30, 230:240] = 255  # its tens, later: the same line of text
    later[260:280, 120:180] = 255  # a message under the board
    later[140:160, 140:160] = 255  # inside the board: not an outside change
    assert watch.marks(base, later) == {"below:0"}


def test_a_clock_drawn_as_a_shrinking_bar_is_noise_all_along():
    """A bar clock's end moves on past where it moved while the noise was watched: the rest of the
    bar is noise too; a message in the bar's row and a clock's digits redrawn are not grown so."""
    base = np.full((300, 600, 3), 18, np.uint8)
    watch = Watch((100, 100, 100, 100), [(150, 150)], 100)
    base[20:32, 40:560] = 60  # the bar's track
    base[20:32, 40:500] = (161, 195, 79)  # the time left
    shrunk = base.copy()
    shrunk[20:32, 490:500] = 60
    base[60:80, 300:312] = 255  # a digit: "1" turned "7" (a background turned ink)
    shrunk[60:64, 300:320] = 255
    watch.learn_noise(base, shrunk)
    later = shrunk.copy()
    later[20:32, 200:490] = 60  # the bar's end far on
    assert watch.marks(shrunk, later) == set()
    for rows, cols in ((slice(20, 32), slice(570, 590)),  # a message in the bar's row, right of it
                       (slice(62, 78), slice(450, 470))):  # and one in the digit's row
        message = later.copy()
        message[rows, cols] = 255
        assert watch.marks(later, message) == {"above:0"}


def test_a_bar_first_seen_moving_where_it_is_shaded_is_noise_all_along():
    """The first step seen of a bar's end may cross a shaded part of it (Chromium's bar, a rounded
    or blended edge): no one colour turned into another, so only the room around it is noise.
    The steps after it lie in that room; each is still looked at, and one that turns the bar's
    colour into the track's makes the rest of the bar noise (its end, far on, is no reply)."""
    bar, track, shade = (161, 195, 79), (59, 43, 38), (132, 153, 66)
    watch = Watch((100, 100, 100, 100), [(150, 150)], 100)

    def at(end: int) -> np.ndarray:  # the bar filled up to ``end``; its end column shaded at the start
        frame = np.full((300, 600, 3), 18, np.uint8)
        frame[20:32, 40:560] = track
        frame[20:32, 40:end] = bar
        if end == 500:
            frame[20:23, end - 1] = frame[29:32, end - 1] = shade
        return frame

    frames = [at(500 - i // 2) for i in range(50)]  # a pixel every other frame
    for prev, frame in zip(frames, frames[1:], strict=False):
        watch.learn_noise(prev, frame)
    watch.learn_noise(frames[0], frames[-1])
    assert watch.marks(frames[-1], at(300)) == set()


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from([3, 4]))
def test_changes_are_found_as_a_plain_whole_window_comparison_finds_them(seed, channels):
    """The fast comparison (one OpenCV pass, labelled only around what changed) against its plain
    twin: a NumPy max over the channels and the whole window labelled."""
    rng = np.random.default_rng(seed)
    watch = Watch((60, 80, 140, 140), [(77 + 35 * i, 97 + 35 * j) for j in range(4) for i in range(4)], 35)
    a = rng.integers(0, 256, (300, 260, channels), np.uint8)
    b = a.copy()
    for _ in range(rng.integers(0, 6)):
        y, x, h, w = rng.integers(0, 300), rng.integers(0, 260), *rng.integers(1, 40, 2)
        b[y: y + h, x: x + w] = np.clip(b[y: y + h, x: x + w].astype(int) + rng.integers(-60, 61), 0, 255)
    plain = cv2.absdiff(a[:, :, :3], b[:, :, :3]).max(axis=2) > CHANGED
    assert (differs(a, b) == plain).all()
    x, y, w, h = watch.box
    m = int(watch.pitch * 0.3)
    plain[max(0, y - m): y + h + m, max(0, x - m): x + w + m] = False
    k = max(3, int(watch.pitch * 0.15)) | 1
    grown = cv2.dilate(plain.astype(np.uint8), np.ones((k, k), np.uint8))
    _, _, stats, _ = cv2.connectedComponentsWithStats(grown)
    boxes = [tuple(int(v) for v in s[:4]) for s in stats[1:] if max(s[2], s[3]) - k >= watch.pitch * 0.1]
    assert sorted(box for _, _, box in watch._changes(a, b, None)) == sorted(boxes)


def test_what_changed_since_the_last_reply_is_not_taken_for_the_next_one():
    """A typed word's echo in the header, beside the score: the echo changed while the word was
    typed (after the last reply) and clears on Return; the score changing beside it is still seen."""
    watch = Watch((100, 100, 100, 100), [(150, 150)], 100)
    last = np.zeros((300, 400, 3), np.uint8)
    last[20:40, 20:60] = 255  # the score
    typed = last.copy()
    typed[20:40, 200:260] = 255  # the echo of the word typed since
    stirred = watch.stirred(last, typed)
    refused = last.copy()  # Return: the echo clears, the score stays
    assert watch.marks(typed, refused) == {"above:0"} and watch.marks(typed, refused, stirred) == set()
    taken = refused.copy()
    taken[20:40, 62:80] = 255  # the score gains a digit
    assert watch.marks(typed, taken, stirred) == {"above:0"}


def test_tile_colour_ignores_the_letter():
    frame = np.zeros((40, 40, 3), np.uint8)
    frame[:] = (193, 228, 244)  # BGR of the idle tile
    frame[15:25, 18:22] = 20  # a letter stroke
    assert tuple(tile_colours(frame, [(20, 20)], 40)[0][0][:3]) == (244, 228, 193)


def _tiles(ring: int = 0, ringed: tuple[int, ...] = (1,), ink=(60, 40, 110)) -> np.ndarray:
    """Two rounded 96 px tiles on a gradient, 108 px apart, with two letter-like shapes (an F, an
    I); the ``ringed`` ones have a ``ring`` px ring inside their edge (only the ring: the fill
    stays)."""
    frame = np.zeros((130, 240, 3), np.uint8)
    frame[:] = np.linspace(80, 200, 240, dtype=np.uint8)[None, :, None]
    for x0 in (10, 118):
        frame[10:106, x0 + 8: x0 + 88] = (255, 250, 252)
        frame[18:98, x0: x0 + 96] = (255, 250, 252)
        frame[40:80, x0 + 35: x0 + 45] = ink[::-1]
    frame[40:48, 10 + 35: 10 + 65] = ink[::-1]
    for x0 in (10 + 108 * k for k in ringed if ring):
        frame[10:10 + ring, x0: x0 + 96] = frame[106 - ring:106, x0: x0 + 96] = (164, 179, 0)
        frame[10:106, x0: x0 + ring] = frame[10:106, x0 + 96 - ring: x0 + 96] = (164, 179, 0)
    return frame


def test_a_selection_shown_only_by_a_ring_or_the_letters_colour_is_a_change():
    watch = Watch((10, 10, 204, 96), [(58, 58), (166, 58)], 108)
    idle = watch.colours(_tiles())
    assert watch.changed_cells(idle, watch.colours(_tiles())) == set()
    for ring in (3, 6):  # the fill and the letter as they were
        assert watch.changed_cells(idle, watch.colours(_tiles(ring))) == {1}
    recoloured = _tiles()
    recoloured[40:80, 118 + 35: 118 + 45] = (0, 140, 255)
    assert watch.changed_cells(idle, watch.colours(recoloured)) == {1}


def test_a_ring_or_a_letter_in_one_colour_looks_the_same_on_every_cell():
    """The game's selection colour is one look, whichever cell shows it: a rim band that takes in
    some of the background (a board box found loose) and letters of other shapes do not tell
    the cells apart."""
    watch = Watch((4, 4, 216, 108), [(58, 58), (166, 58)], 108)
    idle = watch.colours(_tiles())
    assert same_colour(tuple(idle[0]), tuple(idle[1]))
    both = watch.colours(_tiles(6, (0, 1)))
    assert watch.changed_cells(idle, both) == {0, 1} and same_colour(tuple(both[0]), tuple(both[1]))
    recoloured = _tiles()
    recoloured[40:80, 10 + 35: 10 + 45] = recoloured[40:48, 10 + 35: 10 + 65] = (0, 140, 255)
    recoloured[40:80, 118 + 35: 118 + 45] = (0, 140, 255)
    inked = watch.colours(recoloured)
    assert watch.changed_cells(idle, inked) == {0, 1} and same_colour(tuple(inked[0]), tuple(inked[1]))


def _dusk(stroke: list[int], dot: int | None = None, width: int = 30) -> np.ndarray:
    """A 2x2 board of dark round tiles (96 px, 108 apart) with light letters, a translucent amber
    stroke through the centres of the ``stroke`` cells and a dot of the stroke's width on ``dot``:
    the tiles themselves unchanged."""
    img = Image.new("RGB", (240, 240), (18, 20, 28))
    d = ImageDraw.Draw(img)
    face = ImageFont.truetype("/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf", 48)
    centres = [(58 + 108 * (i % 2), 58 + 108 * (i // 2)) for i in range(4)]
    for (x, y), letter in zip(centres, "WORD", strict=True):
        d.ellipse((x - 48, y - 48, x + 48, y + 48), fill=(38, 43, 59))
        d.text((x, y), letter, font=face, fill=(233, 236, 245), anchor="mm")
    over = Image.new("RGBA", img.size, (0, 0, 0, 0))
    o = ImageDraw.Draw(over)
    if len(stroke) > 1:
        o.line([centres[c] for c in stroke], fill=(255, 176, 64, 140), width=width, joint="curve")
    for c in ([dot] if dot is not None else []):
        x, y = centres[c]
        o.ellipse((x - width // 2, y - width // 2, x + width // 2, y + width // 2), fill=(255, 176, 64, 140))
    img = Image.alpha_composite(img.convert("RGBA"), over).convert("RGB")
    return cv2.cvtColor(np.array(img), cv2.COLOR_RGB2BGR)


@pytest.mark.parametrize("width", [14, 30])
def test_a_selection_drawn_as_a_stroke_over_the_tiles_is_a_change(width):
    """A game that marks a selection only by a translucent line through the tiles' centres (a dot on
    a lone tile, seen where it covers a tenth of the tile's centre): the marked cells change, alike,
    and the tiles the line passes by do not."""
    watch = Watch((10, 10, 204, 204), [(58 + 108 * (i % 2), 58 + 108 * (i // 2)) for i in range(4)], 108)
    idle = watch.colours(_dusk([]))
    assert watch.changed_cells(idle, watch.colours(_dusk([]))) == set()
    dot = watch.colours(_dusk([], dot=2, width=width))
    assert watch.changed_cells(idle, dot) == ({2} if width > 20 else set())
    across = watch.colours(_dusk([0, 3], width=width))  # a diagonal: it passes between cells 1 and 2
    assert watch.changed_cells(idle, across) == {0, 3}
    assert same_colour(tuple(across[0]), tuple(across[3]))
    assert watch.changed_cells(idle, watch.colours(_dusk([0, 1, 3], width=width))) == {0, 1, 3}


def test_a_board_only_capture_looks_as_the_window_does():
    """Cells polled from a capture of the board alone compare with the window's (the board box and
    the centres at fractions of a pixel): the very same pixels are sampled, so nothing changed, on
    tiles with a grain (wood, paper) too."""
    watch = Watch((10, 10, 204, 204), [(58.5 + 108 * (i % 2), 58.5 + 108 * (i // 2)) for i in range(4)], 108)
    grain = np.random.default_rng(1).integers(-40, 41, (240, 240, 1))
    frame = np.clip(_dusk([]).astype(int) + grain, 0, 255).astype(np.uint8)
    idle = watch.colours(frame)
    for at in ((7, 9), (10, 10), (3, 0)):
        assert watch.changed_cells(idle, watch.colours(frame[at[1]:, at[0]:], at=at)) == set()


@pytest.mark.parametrize("at", [(0, 0), (7, 9)])
def test_a_frame_polled_again_looks_as_it_did(at):
    """Looks reused for a frame whose sampled pixels did not change equal looks made afresh: each
    row and each column of pixels changed in turn (across cells or beside them), then the first
    frame again."""
    centres = [(58.5 + 108 * (i % 2), 58.5 + 108 * (i // 2)) for i in range(4)]
    grain = np.random.default_rng(2).integers(-40, 41, (240, 240, 1))
    rest = np.clip(_dusk([]).astype(int) + grain, 0, 255).astype(np.uint8)
    watch = Watch((10, 10, 204, 204), centres, 108)
    watch.colours(rest)
    for line in [np.s_[k, :] for k in range(240)] + [np.s_[:, k] for k in range(240)]:
        other = rest.copy()
        other[line] = 255 - other[line]
        for frame in (other, rest):
            fresh = Watch((10, 10, 204, 204), centres, 108)
            fresh.colours(np.pad(rest, ((0, 1), (0, 1), (0, 0))))  # at rest, from a frame of another size
            part = frame[at[1]:, at[0]:]
            assert np.array_equal(watch.colours(part, at=at), fresh.colours(part, at=at))


THIN = "islevrcupawm"


def _thin_letters(fill: tuple[int, int, int], round_tiles: bool) -> np.ndarray:
    """Dark tiles (round or square) with thin, anti-aliased light lower-case letters, each tile
    filled with ``fill`` (RGB): a selection colour behind the letters blends into their edges."""
    img = Image.new("RGB", (108 * len(THIN) + 20, 130), (20, 27, 45))
    d = ImageDraw.Draw(img)
    face = ImageFont.truetype("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", 48)
    for k, letter in enumerate(THIN):
        x0 = 10 + 108 * k
        (d.ellipse if round_tiles else d.rectangle)((x0, 10, x0 + 96, 106), fill=fill)
        d.text((x0 + 48, 58), letter, font=face, fill=(242, 242, 242), anchor="mm")
    return cv2.cvtColor(np.array(img), cv2.COLOR_RGB2BGR)


@pytest.mark.parametrize("round_tiles", [True, False])
def test_a_selection_colour_behind_thin_letters_looks_the_same_on_every_cell(round_tiles):
    """A selected cell's look does not depend on its letter: the ink is read from the letter's solid
    strokes, not from its edges blended with the fill (letters differ in their share of edge
    pixels), nor from a round tile's corners."""
    if not Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf").exists():
        pytest.skip("DejaVu Sans is not installed")
    watch = Watch((10, 10, 108 * len(THIN) - 12, 96), [(58 + 108 * k, 58) for k in range(len(THIN))], 108)
    watch.colours(_thin_letters((43, 58, 103), round_tiles))
    held = watch.colours(_thin_letters((109, 134, 214), round_tiles))
    assert all(same_colour(tuple(held[0]), tuple(look)) for look in held)


def test_a_reply_learned_from_fill_colours_alone_is_learned_again(tmp_path, monkeypatch):
    monkeypatch.setenv("WORDBOT_DATA_DIR", str(tmp_path))
    prof = Profile.preset("wordhunt", "en")
    prof.name = "old"
    prof.feedback.accepted, prof.feedback.highlight = Signature(held=(121, 210, 121)), True
    save_profile(prof)
    loaded = load_profile("old")
    assert loaded.feedback.accepted is None and loaded.feedback.highlight


def test_verdicts_read_as_the_round_ends_are_withdrawn(tmp_path, monkeypatch):
    """A word judged just as the game ends its round (a "Time's up" panel over its path, the
    clock's last change) may have been judged by the end's drawing, not by a reply: of the words
    booked since the board was last at rest, a refusal and an acceptance that did not show all an
    acceptance shows are neither counted taken nor blacklisted, and what they put in the learned
    lists is taken back. An acceptance shown whole stands, as do words booked before that rest."""
    from wordbot.games import GAMES
    from wordbot.play.grid import GridOptions, GridPlayer, Reply
    from wordbot.solver.grid import Found

    monkeypatch.setenv("WORDBOT_DATA_DIR", str(tmp_path))
    whole = Signature(None, None, ("above:0", "below:0"))
    spec = FeedbackSpec(accepted=whole, min_marks=2)
    player = GridPlayer(None, None, None, GridOptions(GAMES["wordhunt"], feedback=spec), base={"дом", "нос"},
                        learned=Learned.load("end"), say=lambda _: None)
    before, whole_word, taken, refused = (Found(w, [(0, 0)], 3) for w in ("дом", "нос", "кот", "сон"))
    assert player._judge(before, Reply(Signature(None, None, ("above:0",), ("below:0",)))) == "accepted"
    player._since_rest.clear()  # the board seen at rest after it
    assert player._judge(whole_word, Reply(whole)) == "accepted"
    # the count changed, the toast's place still fading from the last word: accepted on part of it
    assert player._judge(taken, Reply(Signature(None, None, ("above:0",), ("below:0",)))) == "accepted"
    assert player._judge(refused, Reply(Signature(None, (40, 27, 77)))) == "refused"  # the panel's colour
    assert player.learned.whitelist == {"кот"} and player.learned.blacklist == {"сон"}
    player._void()
    r = player.report
    assert (r.accepted, r.rejected, r.unconfirmed, r.points) == (["дом", "нос"], [], ["кот", "сон"], 6)
    again = Learned.load("end")
    assert again.whitelist == set() and again.blacklist == set()


class _Clock:
    """The game's clock as play asks it (``RoundClock``): seconds left, falling in real time; ``later``
    seconds are added at the second question (the clock read again after a misread)."""

    def __init__(self, left: float, later: float = 0.0):
        self.end, self.later, self.over, self.asked = time.monotonic() + left, later, False, 0

    def left(self) -> float:
        self.asked += 1
        if self.asked == 2:
            self.end += self.later
        return self.end - time.monotonic()

    def feed(self, *_, **__) -> None:
        pass


def test_no_word_is_entered_in_the_time_a_word_takes_before_the_game_clock_ends(tmp_path, monkeypatch):
    """A word the game takes in its last moments shows no reply before its end covers the board,
    and one arriving after the end is lost: once the game's clock has less left than the slowest
    of the last words took (plus a second: a clock of whole seconds may show one more), play waits
    for the round's end instead; a clock read again with more time lets play go on."""
    from wordbot.capture.files import ImageFile
    from wordbot.games import GAMES
    from wordbot.play.grid import GridOptions, GridPlayer, RoundOver

    monkeypatch.setenv("WORDBOT_DATA_DIR", str(tmp_path))
    cv2.imwrite(str(tmp_path / "game.png"), np.full((60, 80, 3), 200, np.uint8))
    said: list[str] = []
    player = GridPlayer(ImageFile(tmp_path / "game.png"), None, None, GridOptions(GAMES["wordhunt"]),
                        base=set(), learned=Learned.load("end"), say=said.append)
    player._last_seconds()  # no clock read: nothing to wait for
    player._cycles.extend([0.4, 1.2, 0.5])
    player.clock = _Clock(3.0)  # a word takes at most 1.2 s: play on
    player._last_seconds()
    assert said == []
    player.clock = _Clock(1.5)
    t0 = time.monotonic()
    with pytest.raises(RoundOver):
        player._last_seconds()
    assert time.monotonic() - t0 >= 2.4  # until a second past 0:00, no word entered
    assert "no new word" in said[0]
    player.clock = _Clock(1.0, later=30.0)  # read again: 31 s left
    player._last_seconds()
    assert player.clock.left() > 20


def test_a_word_owed_a_verdict_is_tried_again_once_after_the_time_is_up(tmp_path, monkeypatch):
    """The game showed no reply to a word, which it may have taken: the word is tried again (once)
    even when the round's time ran out meanwhile, so that the bot's count is the game's; no other
    word goes in after the time is up, and a board that never comes to rest again is not waited
    for longer than the slowest word took."""
    from types import SimpleNamespace

    from wordbot.capture.files import ImageFile
    from wordbot.games import GAMES
    from wordbot.play.grid import GridOptions, GridPlayer
    from wordbot.solver.grid import Found

    monkeypatch.setenv("WORDBOT_DATA_DIR", str(tmp_path))
    cv2.imwrite(str(tmp_path / "game.png"), np.full((60, 80, 3), 200, np.uint8))
    spec = FeedbackSpec(accepted=Signature(None, None, ("above:0",)))
    for case, want in (("once", ["дом", "нос", "нос"]), ("twice", ["дом", "нос", "нос"]),
                       ("never at rest", ["дом", "нос"])):
        player = GridPlayer(ImageFile(tmp_path / "game.png"), None, None,
                            GridOptions(GAMES["wordhunt"], feedback=spec), base=set(),
                            learned=Learned.load("owed"), say=lambda _: None)
        entered: list[str] = []

        def enter(actor, word, base, entered=entered, case=case):
            entered.append(word.word)
            if word.word == "нос" and (case == "twice" or entered.count("нос") == 1):
                time.sleep(0.3)  # no reply seen, and the round's time runs out meanwhile
                return "none"
            return "accepted"

        def settle(queue=None, entered=entered, case=case, **_):
            return (None, None) if case == "never at rest" and "нос" in entered else (object(), queue[0])

        monkeypatch.setattr(player, "_actor", lambda: SimpleNamespace(finish=lambda: None))
        monkeypatch.setattr(player, "_learn_noise", lambda: None)
        monkeypatch.setattr(player, "_settle", settle)
        monkeypatch.setattr(player, "_reread", lambda queue, actor: (queue, actor))  # the same board
        monkeypatch.setattr(player, "_enter", enter)
        words = [Found(w, [(0, k)], 3) for k, w in enumerate(("дом", "нос", "кот", "сон"))]
        t0 = time.monotonic()
        player._play_words(words, t0 + 0.2)
        assert entered == want, case
        assert player.report.stopped != "every word played" and time.monotonic() - t0 < 1.5, case


def test_a_reply_whose_text_is_still_read_when_the_time_is_up_is_waited_for_and_owed(tmp_path, monkeypatch):
    """A reply's text is read while the next words go in; when the round's time runs out before it is
    read, it is read then, and a word it leaves without a verdict is tried again like any other owed
    one (the game may have taken it: the bot's count must be the game's)."""
    from types import SimpleNamespace

    from wordbot.capture.files import ImageFile
    from wordbot.games import GAMES
    from wordbot.play.grid import GridOptions, GridPlayer
    from wordbot.solver.grid import Found

    monkeypatch.setenv("WORDBOT_DATA_DIR", str(tmp_path))
    cv2.imwrite(str(tmp_path / "game.png"), np.full((60, 80, 3), 200, np.uint8))
    spec = FeedbackSpec(accepted=Signature(None, None, ("above:0",)))
    player = GridPlayer(ImageFile(tmp_path / "game.png"), None, None,
                        GridOptions(GAMES["wordhunt"], feedback=spec), base=set(),
                        learned=Learned.load("reading"), say=lambda _: None)
    entered: list[str] = []

    def enter(actor, word, base):
        entered.append(word.word)
        if word.word == "нос" and entered.count("нос") == 1:
            player._reading.append((word, None))  # its text is read later
            time.sleep(0.3)  # the round's time runs out meanwhile
            return "reading"
        return "accepted"

    def read_texts(wait=False):
        done = [(w, "none") for w, _ in player._reading] if wait else []
        if wait:
            player._reading.clear()
        return done

    monkeypatch.setattr(player, "_actor", lambda: SimpleNamespace(finish=lambda: None))
    monkeypatch.setattr(player, "_learn_noise", lambda: None)
    monkeypatch.setattr(player, "_settle", lambda queue=None, **_: (object(), queue[0]))
    monkeypatch.setattr(player, "_reread", lambda queue, actor: (queue, actor))
    monkeypatch.setattr(player, "_enter", enter)
    monkeypatch.setattr(player, "_read_texts", read_texts)
    words = [Found(w, [(0, k)], 3) for k, w in enumerate(("дом", "нос", "кот", "сон"))]
    player._play_words(words, time.monotonic() + 0.2)
    assert entered == ["дом", "нос", "нос"]


def test_something_passing_over_the_board_is_no_cell_of_the_selection(tmp_path, monkeypatch):
    """A word's check while something passes over the board (a taken word's chip flying to its
    list): a changed cell off the path that looks neither selected nor like the path is excused,
    one in the selection's look (or the path's verdict colour) is a cell the game added; nothing
    is excused where the path's cells each look their own way. A path cell the passing thing
    covers is not taken for shown, since the game may not have taken it, even where it covers two
    alike."""
    from wordbot.games import GAMES
    from wordbot.play.grid import GridOptions, GridPlayer

    monkeypatch.setenv("WORDBOT_DATA_DIR", str(tmp_path))
    player = GridPlayer(None, None, None, GridOptions(GAMES["wordhunt"]), base=set(),
                        learned=Learned.load("pass"), say=lambda _: None)
    player.watch = Watch((0, 0, 200, 200), [(50, 50), (150, 50), (50, 150), (150, 150)], 100)
    idle, pink, green = (255, 212, 92, 0, 0, 0, 0, 0, 0, 0), (255, 207, 224, 1, -4, 112, 0, 0, 0, 80), \
        (90, 200, 90, 1, -4, 112, 0, 0, 0, 80)
    chip = (255, 212, 92, -20, -3, 21, 2, 150, 135, 80)  # the fill seen, its rim and ink crossed
    player.idle = np.array([idle] * 4, float)

    def looks(*cells) -> np.ndarray:
        return np.array(cells, float)

    assert player._passing(looks(pink, pink, chip, idle), {2}, {0, 1}, pink) == {2}
    assert player._passing(looks(pink, pink, pink, idle), {2}, {0, 1}, pink) == set()  # added by the game
    assert player._passing(looks(green, green, green, idle), {2}, {0, 1}, pink) == set()  # the verdict colour
    assert player._passing(looks(green, green, chip, idle), {2}, {0, 1}, pink) == {2}
    assert player._passing(looks(green, pink, chip, idle), {2}, {0, 1}, pink) == set()  # no one look
    assert player._passing(looks(pink, pink, chip, idle), {2}, {0, 1}, None) == set()  # no selection seen
    assert player._covered(looks(pink, pink, chip, idle), {0, 1, 2}, pink) == {2}
    assert player._covered(looks(green, green, green, idle), {0, 1, 2}, pink) == set()
    assert player._covered(looks(chip, idle, idle, idle), {0}, pink) == {0}
    assert player._covered(looks(pink, chip, chip, idle), {0, 1, 2}, pink) == {1, 2}  # one thing over two
    assert player._covered(looks(chip, chip, idle, idle), {0, 1}, pink) == {0, 1}  # none in the path's look
    assert player._covered(looks(green, green, chip, green), {0, 1, 2, 3}, pink) == {2}  # verdict colour

    # a drag's check once things were seen passing: a chip over the path's second cell and an idle
    # one off the path is waited out, not taken for another path (pulse-ring cancelled 1-7 a round)
    from wordbot.play.grid import Held
    player._passers, player._selection, player.opts.feedback.highlight = True, pink, True
    seen = iter([looks(pink, chip, chip, idle)] * 3 + [looks(pink, pink, idle, idle)])
    monkeypatch.setattr(player, "cell_colours", lambda _: next(seen))
    check = player._checker([0, 1, 3], player.idle.copy(), Held())
    assert check(2) == Shown.PATH
    seen = iter([looks(pink, chip, pink, idle)] * 3)  # a cell off the path in the selection's look
    assert player._checker([0, 1, 3], player.idle.copy(), Held())(2) == Shown.OTHER

    # a cell off the path covered as the word began (not waited for) is left out for its look
    # then, but judged by its idle look once that changes: the game adding it under the chip shows
    seen = iter([looks(pink, idle, chip, idle)] * 3 + [looks(pink, pink, idle, idle)])
    assert player._checker([0, 1, 3], looks(idle, idle, chip, idle), Held())(2) == Shown.PATH
    seen = iter([looks(pink, pink, pink, idle)] * 3)
    assert player._checker([0, 1, 3], looks(idle, idle, chip, idle), Held())(2) == Shown.OTHER


def test_a_tile_doubted_for_a_moment_where_it_was_read_surely_is_read_again(tmp_path, monkeypatch):
    """A re-read of the board caught a taken word's chip flying over a tile in two frames in a
    row, and that tile, read surely before, was then left out of every word: a stable read waits
    (up to PASSING) for such a tile to read surely again, and takes the doubt after that."""
    from wordbot.capture.files import ImageFile
    from wordbot.games import GAMES
    from wordbot.play import grid
    from wordbot.play.grid import GridOptions, GridPlayer

    monkeypatch.setenv("WORDBOT_DATA_DIR", str(tmp_path))
    cv2.imwrite(str(tmp_path / "game.png"), np.full((60, 100, 3), 200, np.uint8))
    covered = reading([1.0, 1.0, 0.0] + [1.0] * 5)
    covered.tiles[2] = "л"  # the chip's edge read as another letter, doubtfully
    readings = iter([covered, covered, covered, reading(), reading()])
    player = GridPlayer(ImageFile(tmp_path / "game.png"), lambda _: next(readings), None,
                        GridOptions(GAMES["wordhunt"]), base=set(), learned=Learned.load("pass"),
                        say=lambda _: None)
    player.reading, player.origin = reading(), (0, 0)
    _, got = player.read(stable=True)
    assert got.tiles == reading().tiles and min(got.confidence) == 1.0

    monkeypatch.setattr(grid, "PASSING", 0.3)  # a tile that stays doubtful is taken so in the end
    readings = iter([covered] * 1000)
    t0 = time.monotonic()
    _, got = player.read(stable=True)
    assert got.confidence[2] == 0.0 and 0.3 <= time.monotonic() - t0 < 2.0
    player.reading = None  # nothing read before: two alike readings in a row are taken at once
    readings = iter([covered, covered])
    assert player.read(stable=True)[1] is covered


def test_a_cancelled_drag_slides_back_step_by_step_as_the_game_shows_it(tmp_path, monkeypatch):
    """Each step of a cancelled drag's slide back waits for the game to show it (a busy page that
    merged two steps would keep the path and take it on release); a game that does not follow is
    waited for once, up to ``hold_wait``, and said."""
    from wordbot.games import GAMES
    from wordbot.play.grid import GridOptions, GridPlayer, Held

    monkeypatch.setenv("WORDBOT_DATA_DIR", str(tmp_path))
    player = GridPlayer(None, None, None, GridOptions(GAMES["wordhunt"], hold_wait=0.3), base=set(),
                        learned=Learned.load("back"), say=lambda _: None)
    player.watch = Watch((0, 0, 200, 200), [(50, 50), (150, 50), (50, 150), (150, 150)], 100)
    idle, pink = (255, 212, 92, 0, 0, 0, 0, 0, 0, 0), (255, 207, 224, 1, -4, 112, 0, 0, 0, 80)
    player.idle, player.opts.feedback.highlight = np.array([idle] * 4, float), True
    looks = {k: np.array([pink] * k + [idle] * (4 - k), float) for k in range(5)}
    shows = iter([looks[1], looks[2], looks[3], looks[3], looks[3], looks[2], looks[2], looks[1]])
    monkeypatch.setattr(player, "cell_colours", lambda _: next(shows))
    held = Held()
    check = player._checker([0, 1, 2, 3], player.idle.copy(), held)
    assert [check(1), check(2), check(3)] == [Shown.PATH] * 3
    assert check(2) == Shown.PATH and check(1) == Shown.PATH  # two frames late each
    assert not held.unfollowed

    monkeypatch.setattr(player, "cell_colours", lambda _: looks[3])  # a game that keeps the path
    check = player._checker([0, 1, 2, 3], player.idle.copy(), held)
    assert check(3) == Shown.PATH
    t0 = time.monotonic()
    assert check(2) == Shown.OTHER and held.unfollowed and time.monotonic() - t0 >= 0.3
    t0 = time.monotonic()
    assert check(1) == Shown.OTHER and time.monotonic() - t0 < 0.1  # not waited for again


def test_a_due_re_read_reads_the_board_at_rest_once_and_in_full_only_where_it_differs(tmp_path, monkeypatch):
    """Every few words the board is read again: from the frame the next word waits for, the board
    at rest, once (a full re-read wants two alike in a row, and waits out what passes over the
    board); only a board that reads otherwise there is read in full and adopted."""
    from types import SimpleNamespace

    from wordbot.capture.files import ImageFile
    from wordbot.games import GAMES
    from wordbot.play.grid import GridOptions, GridPlayer
    from wordbot.solver.grid import Found

    monkeypatch.setenv("WORDBOT_DATA_DIR", str(tmp_path))
    cv2.imwrite(str(tmp_path / "game.png"), np.full((60, 80, 3), 200, np.uint8))
    other = reading()
    other.tiles[0] = "м"
    reads = iter([reading(), other])  # the board as played, then another at the second due re-read
    player = GridPlayer(ImageFile(tmp_path / "game.png"), lambda _: next(reads), None,
                        GridOptions(GAMES["wordhunt"], reread_every=2), base=set(),
                        learned=Learned.load("due"), say=lambda _: None)
    player.reading, player.origin = reading(), (0, 0)
    entered, full = [], []
    monkeypatch.setattr(player, "_actor", lambda: SimpleNamespace(finish=lambda: None))
    monkeypatch.setattr(player, "_learn_noise", lambda: None)
    monkeypatch.setattr(player, "_learning_first", list)
    monkeypatch.setattr(player, "_settle", lambda queue=None, **_: (player.grab(), queue[0]))

    def reread(queue, actor):
        full.append(len(entered))
        return queue, actor

    def enter(actor, word, base):
        entered.append(word.word)
        return "accepted"

    monkeypatch.setattr(player, "_reread", reread)
    monkeypatch.setattr(player, "_enter", enter)
    words = [Found(w, [(0, k)], 3) for k, w in enumerate(("дом", "нос", "кот", "сон", "ток", "рот"))]
    player._play_words(words, time.monotonic() + 5)
    assert len(entered) == 6 and full == [4]  # read once after 2 words (the same), in full after 4


def test_a_click_tile_the_game_does_not_show_in_its_usual_time_cancels_the_word_then(tmp_path, monkeypatch):
    """A click game that drops a tap: once its taps are seen to show fast, a tile not shown in the
    time they take (``_show_wait``) cancels the word there; waiting on to ``hold_wait`` cost
    click-lossy 0.55 s a dropped tap. Where a second tap cannot send the word short, it is tapped
    again instead (LOST)."""
    from wordbot.games import GAMES
    from wordbot.play.grid import GridOptions, GridPlayer, Held

    monkeypatch.setenv("WORDBOT_DATA_DIR", str(tmp_path))
    opts = GridOptions(GAMES["wordhunt"], hold_wait=3.0)
    opts.input.style, opts.input.confirm = "click", "last"
    player = GridPlayer(None, None, None, opts, base=set(), learned=Learned.load("drop"),
                        say=lambda _: None)
    player.watch = Watch((0, 0, 200, 200), [(50, 50), (150, 50), (50, 150), (150, 150)], 100)
    idle, pink = (255, 212, 92, 0, 0, 0, 0, 0, 0, 0), (255, 207, 224, 1, -4, 112, 0, 0, 0, 80)
    player.idle, player.opts.feedback.highlight = np.array([idle] * 4, float), True
    player._shows.extend([0.02] * 10)  # the game's taps show within 20 ms
    one = np.array([pink] + [idle] * 3, float)
    monkeypatch.setattr(player, "cell_colours", lambda _: one)  # the second tap dropped
    check = player._checker([0, 1, 2], player.idle.copy(), Held())
    assert check(1) == Shown.PATH
    t0 = time.monotonic()
    assert check(2) == Shown.OTHER
    assert 0.25 <= time.monotonic() - t0 < 2.0  # the show wait's floor (0.25 s), not hold_wait
    player.opts.input.confirm, player.opts.input.retap = "enter", "keeps"
    assert player._checker([0, 1, 2], player.idle.copy(), Held())(2) == Shown.LOST


def test_the_next_word_goes_in_while_a_flash_or_a_passing_chip_moves_off_its_path(tmp_path, monkeypatch):
    """A taken word's cells bounce in its reply's colour for a while (drag-bounce: 0.4 s): the next
    word, elsewhere, goes in meanwhile, each of its cells still in that colour entered once plain
    (``_fading``). Where things were seen passing over the board, one crossing a cell off the next
    word's path does not hold it either. Before, the settle waited for every cell to stop changing
    (up to CELL_REST)."""
    from wordbot.games import GAMES
    from wordbot.play import grid
    from wordbot.play.grid import GridOptions, GridPlayer
    from wordbot.play.seat import Frame
    from wordbot.solver.grid import Found

    monkeypatch.setenv("WORDBOT_DATA_DIR", str(tmp_path))
    monkeypatch.setattr(grid, "CELL_REST", 1.2)  # waited out or not: far apart on a busy machine
    player = GridPlayer(None, None, None, GridOptions(GAMES["wordhunt"]), base=set(),
                        learned=Learned.load("bounce"), say=lambda _: None)
    board = reading()
    board.centres = [(40 + 40 * c, 40 + 40 * r) for r in range(2) for c in range(4)]
    board.board_box = (20, 20, 160, 80)
    player.reading, player.origin = board, (0, 0)
    player.watch = Watch(board.board_box, board.centres, 40)
    player.opts.feedback.highlight = True

    def window(*greens: tuple[int, int, int]) -> np.ndarray:
        image = np.full((140, 220, 3), 90, np.uint8)
        for i, (x, y) in enumerate(board.centres):
            image[y - 17:y + 17, x - 17:x + 17] = greens[i] if i < len(greens) else (60, 200, 240)
        return image

    player.idle = player.watch.colours(window())
    bright, dim = (40, 210, 40), (50, 200, 50)  # the flash's two shades: one colour, but not still
    player._flash = ({0, 1}, tuple(int(v) for v in player.watch.colours(window(bright, bright))[0]))
    frames = iter([window(bright, dim), window(dim, bright)] * 100)
    monkeypatch.setattr(player, "grab", lambda idle=False: Frame(next(frames), (0, 0)))
    word = Found("тока", ((1, 2), (1, 3), (0, 3), (0, 2)), 2)  # о к т о: clear of the flash
    t0 = time.monotonic()
    base, got = player._settle([word])
    assert got is word and base is not None
    assert time.monotonic() - t0 < 0.8

    # things seen passing over the board (pulse-ring's chips): one crossing a cell off the word's
    # path is waited out by the check before the release, not before the word
    player._flash, chip = None, (200, 200, 200)
    frames = iter([window(chip), window((60, 200, 240), chip)] * 100)
    player._passers = False
    t0 = time.monotonic()
    assert player._settle([word])[1] is word and time.monotonic() - t0 >= grid.CELL_REST
    player._passers = True
    t0 = time.monotonic()
    assert player._settle([word])[1] is word and time.monotonic() - t0 < 0.8
