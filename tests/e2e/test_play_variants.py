"""Zero set-up play on every variant of the simulated game (input style x feedback x look x focus),
under a real window manager: no wrong or mis-traced word, and the bot's count of accepted words is
the game's. Nothing in the bot knows which variant it plays."""

import pytest
from harness import check_round, player, simgame, submissions

from wordbot.act.pyautogui_driver import PyAutoGUIDriver
from wordbot.calibration.profile import Profile, load_profile
from wordbot.play import Learned
from wordbot.play.grid import GridOptions
from wordbot.play.session import Session
from wordbot.play.session import player as wire
from wordbot.simgame.gamelog import read_log
from wordbot.simgame.variants import VARIANTS

pytestmark = [pytest.mark.gui, pytest.mark.slow]


def profile_for(args: tuple[str, ...]) -> Profile:
    """What a user sets for the game with zero set-up: the preset, and the game's shortest word
    where it is not the preset's (--min-len)."""
    prof = Profile.preset("wordsmania", "ru")
    prof.name = "variant"
    if "--min-len" in args:
        prof.min_len = int(args[args.index("--min-len") + 1])
    return prof


SHARE = {"click-lossy": 0.15, "type-lossy": 0.15}  # each lost click or key costs a cancelled word


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_zero_setup_round_on_each_variant(variant, tmp_path, data_dir, window_manager):
    args = VARIANTS[variant]
    log = tmp_path / "game.jsonl"
    overlay = None
    if variant == "blur":  # a game that pauses without the focus: the overlay must not take it
        from wordbot.overlay import OverlayWindow

        overlay = OverlayWindow()
    with simgame(log, "grid", "--seed", "3", "--duration", "60", *args) as (_, source):
        report = player(source, duration=36, overlay=overlay, profile=profile_for(args)).run()
    if overlay is not None:
        overlay.close()
    start = next(e for e in read_log(log) if e["event"] == "start")
    subs = submissions(log)
    check_round(report, subs, start["board_points"], typed="type" in args, silent=variant == "silent",
                share=SHARE.get(variant, 0.3))
    if "--reply-delay" in args and "type" in args:  # a typing game answering late: typed on meanwhile,
        # unless the game clears what was typed then (each such word typed again, never cancelled)
        reset = [e for e in read_log(log) if e["event"] == "typed reset"]
        assert (report.typed_ahead == 0 and len(reset) <= 5 if "--reset-typed" in args
                else report.typed_ahead > 0), (report.summary(), len(reset))  # 3 in a row stop it
        assert not report.cancelled, report.summary()
    lost = [e for e in read_log(log) if e["event"] == "lost click"]
    if lost and start["confirm"] != "last":  # a dropped tap is tapped again, not a word cancelled
        assert len(report.cancelled) < len(lost), (len(lost), report.cancelled)
    if "score" in start["feedback"]:  # the game's score line is found and read: the game's own total
        assert report.score == sum(s["points"] for s in subs if s["accepted"]), report.summary()
    else:  # nothing else is taken for a score
        assert report.score is None, report.summary()


def test_a_longer_minimum_is_learned_from_two_refusals_and_kept(tmp_path, data_dir, window_manager):
    log = tmp_path / "game.jsonl"
    prof = Profile.preset("wordsmania", "ru")
    prof.name = "four-letters"  # the game takes 4+ letters; nobody told the bot
    with simgame(log, "grid", "--seed", "3", "--duration", "60", "--min-len", "4") as (_, source):
        report = wire(prof, source, Session(auto=True, duration=24, save=True),
                      driver=PyAutoGUIDriver()).run()
    short = [s for s in submissions(log) if s["reason"] == "too short"]
    assert len(short) == 2 and not report.failed, report.summary()
    assert [s for s in submissions(log) if not s["accepted"] and s["reason"] != "too short"] == []
    assert load_profile("four-letters").min_len == 4
    assert not Learned.load("four-letters").blacklist & {s["word"] for s in short}


def test_the_score_place_is_saved_and_read_from_the_first_word_of_the_next_round(tmp_path, data_dir,
                                                                                  window_manager):
    """Round one learns where the game's score is and saves it in the profile; round two (another
    board) reads it from the start, the score's rise being the sign of every word taken."""
    args = VARIANTS["score"]
    prof = profile_for(args)
    prof.name = "scored"
    for k, duration in enumerate((16, 10)):
        log = tmp_path / f"game{k}.jsonl"
        with simgame(log, "grid", "--seed", str(3 + k), "--duration", "60", *args) as (_, source):
            report = wire(load_profile("scored") if k else prof, source,
                          Session(auto=True, duration=duration, save=True), driver=PyAutoGUIDriver()).run()
        took = [s for s in submissions(log) if s["accepted"]]
        assert not report.failed and len(report.accepted) == len(took), report.summary()
        assert report.score == sum(s["points"] for s in took), report.summary()
        assert load_profile("scored").feedback.score is not None


def test_words_entered_two_at_a_time_are_told_apart_by_the_score(tmp_path, data_dir, window_manager):
    """A game whose verdicts come late: words go in two at a time, booked by the score's changes
    and, where those do not tell, by its rise. A word the game did not take in a pair is tried once
    more alone, and only its own refusal blacklists it."""
    refuse = ("облик", "короб", "карбон", "кора")
    args = VARIANTS["laggy"]
    log = tmp_path / "game.jsonl"
    with simgame(log, "grid", "--seed", "3", "--duration", "60", "--exclude", ",".join(refuse), *args) \
            as (_, source):
        report = player(source, duration=36, profile=profile_for(args)).run()
    subs = submissions(log)
    refused = [s["word"] for s in subs if not s["accepted"]]
    assert refused and set(refused) <= set(refuse), report.summary()
    assert all(refused.count(w) <= 2 for w in refused), refused  # in a pair, then alone
    assert {w for w in refused if refused.count(w) == 2} <= set(report.rejected) <= set(refused), refused
    took = [s for s in subs if s["accepted"]]
    assert len(report.accepted) == len(took) and report.paired > 0, report.summary()
    assert report.score == sum(s["points"] for s in took), report.summary()


@pytest.mark.parametrize("variant", ["message", "message-plain"])
def test_a_message_drawn_alike_for_both_verdicts_is_read(tmp_path, data_dir, window_manager, variant):
    """The game's only reply is a message in one place, the same size and colour for a taken and a
    refused word ("КОТ  +3" and "КОТ: not a word"; or "Nice!  +3" and "Not a word", naming no word,
    popping up anew and clearing after a second): its text tells them apart. Exactly the refused
    words are blacklisted, and the bot's count is the game's."""
    refuse = ("облик", "короб", "карбон", "кора")
    log = tmp_path / "game.jsonl"
    args = VARIANTS[variant]
    with simgame(log, "grid", "--seed", "3", "--duration", "60", "--exclude", ",".join(refuse), *args) \
            as (_, source):
        report = player(source, duration=36, profile=profile_for(args)).run()
    subs = submissions(log)
    # a word shown no reply is tried again: the game says "already found" if it took it
    refused = {s["word"] for s in subs if not s["accepted"] and s["reason"] != "already found"}
    assert refused and refused <= set(refuse) and set(report.rejected) == refused, report.summary()
    assert sorted(report.accepted) == sorted(s["word"] for s in subs if s["accepted"]), report.summary()


def test_words_cancelled_past_their_retries_get_second_chances_once_every_word_is_played(
        tmp_path, data_dir, window_manager):
    """A click game losing one tap in six at random (none of its first 12, so the style search's
    word is not hit: a known limit), its 11 words of 6+ letters: most words are cancelled, some
    more often than their retries allow. Once every word is played with time left,
    those are tried again (a cancelled word was never sent: nothing speaks against it), so none is
    left with fewer tries than play allows, and no wrong word goes in."""
    args = ("--input", "click", "--lose-click", "6", "--lose-at-random", "--feedback", "flash,list",
            "--min-len", "6")
    log = tmp_path / "game.jsonl"
    with simgame(log, "grid", "--seed", "3", "--duration", "90", *args) as (_, source):
        report = player(source, duration=70, profile=profile_for(args)).run()
    start = next(e for e in read_log(log) if e["event"] == "start")
    check_round(report, submissions(log), start["board_points"])
    assert report.stopped == "every word played", report.summary()
    retries, chances = (GridOptions.__dataclass_fields__[f].default for f in ("retries", "second_chances"))
    counts = {w: report.cancelled.count(w) for w in report.cancelled}
    assert any(n > 1 + retries for n in counts.values()), report.cancelled  # second chances given
    left = [w for w in counts if w not in report.accepted]
    assert all(counts[w] == 1 + retries + chances for w in left), (counts, report.accepted)


def test_a_click_game_that_loses_a_tap_of_the_first_word_is_still_played_by_clicks(tmp_path, data_dir,
                                                                                   window_manager):
    """A click game losing every 5th tap loses one of the style search's word: the word shows
    another path (cancelled). Its first tapped cells stayed selected, the next not showing, as only
    a click game keeps them: clicking it is. Before, the search went on to typing, then took the
    game for a silent drag game after three such words, and no word went in all round."""
    args = ("--input", "click", "--lose-click", "5", "--feedback", "flash,list")
    log = tmp_path / "game.jsonl"
    with simgame(log, "grid", "--seed", "3", "--duration", "60", *args) as (_, source):
        report = player(source, duration=30, profile=profile_for(args)).run()
    start = next(e for e in read_log(log) if e["event"] == "start")
    check_round(report, submissions(log), start["board_points"], share=0.0)
    assert report.input == "click" and report.accepted and report.cancelled, report.summary()
