"""Zero set-up play on real browser games in Chromium (Xvfb, openbox), which coalesces pointer
moves: a Word Hunt-like page that colours the path only while the button is held, a click game
with lower-case letters on round tiles whose only reply is its list of found words, a typed
game whose only reply is its score, and a drag game on a gradient that shows a selected tile by a
ring alone, a taken word by a fading toast and a "found / total" count (no score), and a click
game sent by a Submit button whose second tap on a tile takes it back, the same on a 5x5 board of
4+ letter words (its rule read from the page) whose selection is a stroke drawn over the tiles and
whose clock is a shrinking bar, a click game sent by Return where a tap on a selected tile trims
the word back to it and a selected tile grows in a ring, a drag game whose replied path
bounces and whose score counts up, and a drag game whose taken word flies to a list beside the
board as a chip, whose clock is a ring that empties smoothly and whose Hint button pulses all
round, and a drag game whose tiles show no selection, the word under way growing on a line above
the board that turns green or red as the game replies, the score over it (also with frames that
take 150 ms). The score the bot reads
is the game's own. A page that shows taps later than play waits
for them, and one that stalls now and then."""

import threading
import time

import pytest
from harness import check_round

from wordbot.act.pyautogui_driver import PyAutoGUIDriver
from wordbot.calibration.profile import Profile, load_profile, save_profile
from wordbot.play.session import Session, player
from wordbot.simgame.browser import VARIANTS, browser_game
from wordbot.simgame.gamelog import read_log

pytestmark = [pytest.mark.gui, pytest.mark.slow]

STYLE = {"wordhunt": "drag", "click-list": "click", "type-score": "type", "ring-toast": "drag",
         "submit-undo": "click", "line-submit": "click", "tap-trim": "click", "drag-bounce": "drag",
         "pulse-ring": "drag", "word-line": "drag"}
# of the board's points in 30 s, on a busy machine (a 5x5 board holds about 2.3 times a 4x4's points)
SHARE = {"line-submit": 0.08, "drag-bounce": 0.2}  # drag-bounce: its score counts up for 0.8 s after each
# word, waited for before the next (its rise is the next word's evidence): 39 words, 44% in 40 s idle
# the others show no score (ring-toast counts words found, tap-trim too)
SCORED = {"wordhunt", "type-score", "submit-undo", "line-submit", "drag-bounce", "pulse-ring", "word-line"}


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_zero_setup_round_in_chromium(tmp_path, data_dir, window_manager, variant):
    log = tmp_path / "web.jsonl"
    prof = Profile.preset("wordhunt", "en")
    prof.name = f"web-{variant}"
    # 40 s of the page's 90: submit-undo's 30 s took 22 words, 27.5 % of the board's points (0.73
    # words/s at a load of 8 on 2 cores; none wrong, the count the game's), under the share asked
    with browser_game(log, lang="en", seed=1, duration=90, variant=variant) as (_, source):
        report = player(prof, source, Session(auto=True, duration=40), driver=PyAutoGUIDriver(),
                        stop=threading.Event()).run()
    events = [e for e in read_log(log) if e["event"] in ("start", "submit")]
    check_round(report, events[1:], events[0]["board_points"], typed=STYLE[variant] == "type",
                share=SHARE.get(variant, 0.3))
    assert report.input == STYLE[variant]
    assert len(report.accepted) > 5
    # the minimum length the page states ("WORDS · 4+ LETTERS") is read and kept in the profile (None:
    # the preset's 3)
    assert prof.min_len == (4 if variant == "line-submit" else None), report.summary()
    # the page's score line is found and read: the game's own total; a count of words is no score
    took = sum(e["points"] for e in events[1:] if e["accepted"])
    assert report.score == (took if variant in SCORED else None), report.summary()
    # where the word under way shows (the tiles, or the line above word-line's board), each dragged
    # cell is waited for; a game that shows it on its tiles gets no line learned
    assert (prof.feedback.echo is not None) == (variant == "word-line"), report.summary()


def test_a_page_with_slow_frames_spells_each_dragged_cell_before_the_next(tmp_path, data_dir, window_manager):
    """word-line whose frames take 150 ms (a browser on a busy machine: one pointer move a frame,
    the last): a finger that moves on before the next frame skips a tile. Its tiles show no
    selection; each cell is waited for until the word line above the board spells it, so every
    word reaches the game as planned (before, every drag of that round reached it as another path)."""
    log = tmp_path / "web.jsonl"
    prof = Profile.preset("wordhunt", "en")
    prof.name = "web-word-line-slow-frames"
    with browser_game(log, lang="en", seed=2, duration=60, variant="word-line",
                      query="frame=150") as (_, source):
        report = player(prof, source, Session(auto=True, duration=30), driver=PyAutoGUIDriver(),
                        stop=threading.Event()).run()
    events = [e for e in read_log(log) if e["event"] in ("start", "submit")]
    check_round(report, events[1:], events[0]["board_points"], share=0.1)
    assert prof.feedback.echo is not None and len(report.accepted) > 5, report.summary()


def test_a_game_whose_toast_fades_under_the_next_word_and_whose_dictionary_differs(tmp_path, data_dir,
                                                                                     window_manager):
    """ring-toast: a taken word's toast fades for a second while the next words go in, and the game
    refuses some words the bot's list has (a red, shaking path): only those are blacklisted, the
    bot's count is the game's, and the round ends when the game's clock reaches 0:00 (a "Time's
    up!" panel over the board), before the bot's own duration. A word judged as the panel comes
    up is neither counted nor blacklisted unless its reply showed whole: the panel is no reply."""
    log = tmp_path / "web.jsonl"
    refuse = frozenset({"cases", "prices", "secure", "relics", "slices"})  # some of the best words
    prof = Profile.preset("wordhunt", "en")
    prof.name = "web-ring-toast-refusing"
    with browser_game(log, lang="en", seed=1, duration=25, variant="ring-toast",
                      exclude=refuse) as (game, source):
        report = player(prof, source, Session(auto=True, duration=60), driver=PyAutoGUIDriver(),
                        stop=threading.Event()).run()
        left = game.game.deadline - time.monotonic()
    subs = [e for e in read_log(log) if e["event"] == "submit"]
    refused = {s["word"] for s in subs if not s["accepted"]}
    # a refusal judged as the "Time's up!" panel came up may have been the panel: not blacklisted
    assert refused and refused <= refuse and set(report.rejected) <= refused, report.summary()
    assert refused - set(report.rejected) <= set(report.unconfirmed[-1:]), report.summary()
    # the last word, taken as the panel came up, may have had no reply seen: unconfirmed, not counted
    late = {s["word"] for s in subs[-1:] if s["accepted"] and s["word"] in report.unconfirmed}
    took = sorted(s["word"] for s in subs if s["accepted"] and s["word"] not in late)
    assert sorted(report.accepted) == took, report.summary()
    # the game's end (its clock at 0:00, the board covered) ends the round, not the bot's 60 s
    assert not report.failed and report.stopped.startswith("round over:") and left > -5, report.summary()


def test_a_first_word_the_game_shows_nothing_for_does_not_make_it_a_silent_game(tmp_path, data_dir,
                                                                              window_manager):
    """click-list, whose only reply is its list of found words, lacks in its dictionary the first
    word the bot plays on this board ("issue", its likeliest): clicked, that word gets no reply at
    all (nor does it dragged or typed). The next word looks for the input style again and finds the
    clicks: the round is played and counted, not dragged unconfirmed."""
    log = tmp_path / "web.jsonl"
    prof = Profile.preset("wordhunt", "en")
    prof.name = "web-click-list-first-unknown"
    with browser_game(log, lang="en", seed=1, duration=60, variant="click-list",
                      exclude=frozenset({"issue"})) as (_, source):
        # 40 s: the two searches of the input style cost about 20 s on a busy machine (each style
        # tried is watched for a reply); 25 s left 2 words counted at a load of 9 on 2 cores
        report = player(prof, source, Session(auto=True, duration=40), driver=PyAutoGUIDriver(),
                        stop=threading.Event()).run()
    subs = [e for e in read_log(log) if e["event"] == "submit"]
    assert subs and subs[0]["word"] == "issue", "the bot's first word on this board is no longer 'issue'"
    assert report.input == "click" and len(report.accepted) > 5, report.summary()
    assert {s["word"] for s in subs if not s["accepted"] and s["reason"] != "already found"} == {"issue"}
    assert sorted(report.accepted) == sorted(s["word"] for s in subs if s["accepted"]), report.summary()


def page_round(tmp_path, name: str, query: str, duration: float = 25, variant: str = "submit-undo",
               exclude: frozenset[str] = frozenset()):
    """(the profile as play left it, its report, the game's submissions) of a zero set-up round
    of ``variant`` (its dictionary lacking ``exclude``) with the page options ``query``,
    ``duration`` s long."""
    log = tmp_path / "web.jsonl"
    prof = Profile.preset("wordhunt", "en")
    prof.name = name
    with browser_game(log, lang="en", seed=1, duration=60, variant=variant, query=query,
                      exclude=exclude) as (_, source):
        report = player(prof, source, Session(auto=True, duration=duration), driver=PyAutoGUIDriver(),
                        stop=threading.Event()).run()
    return prof, report, [e for e in read_log(log) if e["event"] == "submit"]


def test_a_page_slower_to_show_a_tap_than_play_waits_is_played_at_its_pace(tmp_path, data_dir,
                                                                           window_manager):
    """submit-undo on a page that shows each tap 1.5 s late, later than play waits for a cell of a
    game it knows (0.8 s): the first tap of the input style search is given 3 s, the time it took
    sets the wait for every later one, and the words are clicked one shown cell at a time (before,
    no style was found and no word sent). None is sent wrong, the count is the game's."""
    _, report, subs = page_round(tmp_path, "web-submit-undo-late", "lag=1500", duration=40)
    assert report.input == "click" and len(subs) >= 2, report.summary()
    assert all(s["accepted"] for s in subs), report.summary()
    assert sorted(report.accepted) == sorted(s["word"] for s in subs), report.summary()


def test_a_tile_taken_back_late_is_tapped_again_and_the_word_sent_by_its_button(tmp_path, data_dir,
                                                                                window_manager):
    """submit-undo whose second tap on the last tile (taking it back) shows 2 s late, other taps at
    once: the take-back shows only while Return is tried. Return, which this page ignores, is not
    kept as the confirm (the word's selection shrinking is no reply to it): the tile is tapped
    back, the Submit button found, and the bot's count is the game's."""
    prof, report, subs = page_round(tmp_path, "web-submit-undo-late-undo", "undolag=2000")
    assert prof.input.confirm == "button", report.summary()
    assert len(subs) > 5 and all(s["accepted"] for s in subs), report.summary()
    assert sorted(report.accepted) == sorted(s["word"] for s in subs), report.summary()


def test_a_page_that_stalls_now_and_then_gets_no_word_short_where_a_second_tap_takes_a_tile_back(
        tmp_path, data_dir, window_manager):
    """submit-undo on a page that stalls from every 13th tap on the board for 1 s, handling each
    tap and click that long after it comes (longer than play waits for a cell): a tap that shows
    that late is not tapped again, since the game takes a second tap on a word's last tile as
    taking it back, and Submit would then send the word short (before, it sent a lone "r"). Such a
    word is cancelled, and its tile seen to show late after all sets how long later taps are waited
    for, so a stall costs no more words (before, every word begun in one was cancelled: 8-10 taken
    and 22-24 cancelled in 30 s under two busy loops). The game gets only the paths planned, and
    the bot's count is the game's."""
    prof, report, subs = page_round(tmp_path, "web-submit-undo-stalls", "hitch=13:1000", duration=30)
    assert prof.input.confirm == "button" and prof.input.retap == "undoes", report.summary()
    assert len(subs) >= 5 and len(report.accepted) >= 4 * len(report.cancelled), report.summary()
    planned = {(w, tuple(map(tuple, p))) for w, p in report.entered}
    assert all(s["accepted"] and (s["word"], tuple(map(tuple, s["path"]))) in planned for s in subs), \
        [s for s in subs if (s["word"], tuple(map(tuple, s["path"]))) not in planned]
    assert sorted(report.accepted) == sorted(s["word"] for s in subs), report.summary()


def test_a_selection_kept_through_escape_after_a_stall_is_tapped_back_and_costs_no_more_words(
        tmp_path, data_dir, window_manager):
    """line-submit (a stroke through the selected tiles, a Submit button, Escape ignored, a second
    tap on the last tile takes it back) on a page that stalls 0.9 s from every 12th tap: the word
    cancelled in the first stall leaves its tiles selected, and they are tapped back from the last
    before the next word, and later taps are waited for as long as the late one took. Before, the
    kept stroke made every later word another path (1 taken, 12 cancelled in 30 s under two busy
    loops; the board re-read under the stroke, tiles doubted). Only planned paths reach the game,
    and the bot's count is the game's."""
    prof, report, subs = page_round(tmp_path, "web-line-submit-stalls", "hitch=12:900", duration=30,
                                    variant="line-submit")
    assert prof.input.confirm == "button" and prof.input.retap == "undoes", report.summary()
    assert len(report.accepted) >= max(8, 4 * len(report.cancelled)), report.summary()
    planned = {(w, tuple(map(tuple, p))) for w, p in report.entered}
    assert all(s["accepted"] and (s["word"], tuple(map(tuple, s["path"]))) in planned for s in subs), \
        [s for s in subs if (s["word"], tuple(map(tuple, s["path"]))) not in planned]
    assert sorted(report.accepted) == sorted(s["word"] for s in subs), report.summary()


def test_a_refusal_sent_while_the_last_score_counts_up_is_not_booked_as_taken(tmp_path, data_dir,
                                                                              window_manager):
    """drag-bounce, whose score counts up for 0.8 s after each taken word, refuses some of the best
    words: a refused word sent while the last word's count went on was booked as taken (the score
    rose through its reply). A rise counts for a word only where the score held still from before
    it (else the board's red or green decides, checked against the score where it rests), so only
    the refused words are blacklisted, the bot's count is the game's, and the score read at the end
    is the game's total, not a number mid-count."""
    refuse = frozenset({"cases", "prices", "secure", "spices", "surveil"})
    _, report, subs = page_round(tmp_path, "web-drag-bounce-refusing", "", duration=40, variant="drag-bounce",
                                 exclude=refuse)
    refused = {s["word"] for s in subs if not s["accepted"]}
    assert refused and refused <= refuse and set(report.rejected) == refused, report.summary()
    assert sorted(report.accepted) == sorted(s["word"] for s in subs if s["accepted"]), report.summary()
    assert report.score == sum(s["points"] for s in subs if s["accepted"]), report.summary()


def test_a_saved_line_the_game_does_not_spell_on_is_forgotten_in_the_saved_profile(tmp_path, data_dir,
                                                                                   window_manager):
    """A profile whose spelt line is where this page shows nothing that moves (another look of the
    game), all else learned in a round before: three cells in a row without a change there and the
    line is forgotten, the words still sent as planned, and the profile saved without it (a stale line
    would cost every next round its first misses again)."""
    prof = Profile.preset("wordhunt", "en")
    prof.name = "web-word-line-stale-line"
    with browser_game(None, lang="en", seed=3, duration=40, variant="word-line") as (_, source):
        player(prof, source, Session(auto=True, duration=12, save=True), driver=PyAutoGUIDriver(),
               stop=threading.Event()).run()  # learns the page: input, replies, score, line
    prof = load_profile(prof.name)
    # all it learned is saved, though learned after its replies were (before, the round's end did not
    # save what no later learning saved: the line, and that the tiles show no selection)
    spec = prof.feedback
    assert spec.echo is not None and spec.highlight is False, spec
    log = tmp_path / "web.jsonl"
    with browser_game(log, lang="en", seed=4, duration=40, variant="word-line") as (_, source):
        height, width = source.grab().shape[:2]
        prof.feedback.echo = (8, height - 14, width // 4, 10)  # the page's bottom margin: never changes
        save_profile(prof)
        report = player(prof, source, Session(auto=True, duration=12, save=True), driver=PyAutoGUIDriver(),
                        stop=threading.Event()).run()
    events = [e for e in read_log(log) if e["event"] in ("start", "submit")]
    check_round(report, events[1:], events[0]["board_points"], share=0.05)
    assert load_profile(prof.name).feedback.echo is None, report.summary()
