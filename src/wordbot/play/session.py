"""The one place the stages are wired: a game profile, a frame source and an input driver in, a
player out. ``wordbot play``, ``wordbot demo``, the benchmark and the end-to-end tests all call
``player``; none wires the stages itself.

Everything about the game comes from the profile: the reader gets its learned glyphs and its
board size as a hint (the board is still found in each frame, never taken on trust), the planner
its rules and word list, the actor its input style and pace, the replies what it learned; what
the round learns (input style, replies) is saved back when ``save`` is set.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass

from wordbot.act import Actor, Driver, Pacing
from wordbot.calibration.detect import BoardGeometry
from wordbot.calibration.profile import Profile, save_profile
from wordbot.errors import WordbotError
from wordbot.games import PACES, FeedbackSpec, InputSpec
from wordbot.lexicon import Lexicon
from wordbot.ocr import THRESHOLD, read_board
from wordbot.play.anagram import AnagramOptions, AnagramPlayer
from wordbot.play.balda import BaldaOptions, BaldaPlayer
from wordbot.play.grid import GridOptions, GridPlayer, Reader
from wordbot.play.store import Learned


@dataclass
class Session:
    """How to play this time, beyond what the profile says."""

    auto: bool = False
    duration: float | None = None  # seconds (None: the profile's round)
    threshold: float = THRESHOLD
    turns: int = 10  # Balda: moves to make
    save: bool = False  # write what the round learns back into the saved profile
    lost_timeout: float = 8.0


def profile_reader(profile: Profile) -> Reader:
    """``read_board`` with the profile's learned glyphs, preferring a board of its calibrated size
    when the window shows more than one letter grid (another size is still found). The lattice
    of the last board read is looked for first, in its place (a crop's check, not the whole
    window searched: most of a live frame's reading time); where it is not there, the board is
    found again."""
    bank = profile.bank(profile.lang) if profile.has_glyphs() else None
    shape = (profile.rows, profile.cols) if profile.rows else None
    last: BoardGeometry | None = None

    def find(image):
        if shape is not None:
            try:
                return read_board(image, profile.lang, bank=bank, shape=shape, geometry=last)
            except WordbotError:  # the game now shows another size: find whatever board there is
                pass
        return read_board(image, profile.lang, bank=bank, geometry=last)

    def read(image):
        nonlocal last
        try:
            reading = find(image)
        except WordbotError:
            last = None
            raise
        last = reading.lattice()
        return reading

    return read


def lexicons(profile: Profile, lex: Lexicon | None = None) -> tuple[Lexicon, Lexicon]:
    """(the list to play, the list it grew from): the profile's word list, plus the words this
    game accepted beyond it."""
    if lex is None:
        lex = Lexicon.named(profile.words or None, profile.lang)
    learned = Learned.load(profile.name)
    if learned.whitelist:
        return Lexicon.from_words(lex.words + sorted(learned.whitelist - set(lex.words)), lex.lang), lex
    return lex, lex


def pacing(spec: InputSpec) -> Pacing:
    return Pacing(*PACES[spec.pace], jitter=spec.jitter)


def player(profile: Profile, source, session: Session, *, driver: Driver | None = None, overlay=None,
           stop: threading.Event | None = None, say: Callable[[str], None] = print,
           lex: Lexicon | None = None, on_plan=None, reader: Reader | None = None):
    """A grid, Balda or anagram player for ``profile`` on frames of ``source``, entering words through
    ``driver`` (the real mouse by default) when ``session.auto``."""
    rules = profile.rules
    stop = stop or threading.Event()
    play_lex, base = lexicons(profile, lex)
    reader = reader or profile_reader(profile)
    pace = pacing(profile.input)
    make_actor = None
    if session.auto:
        if driver is None:
            from wordbot.act.pyautogui_driver import PyAutoGUIDriver

            driver = PyAutoGUIDriver()
        make_actor = lambda bounds: Actor(driver, bounds, pace, stop)  # noqa: E731
    learned = Learned.load(profile.name)

    def remember(*_learned) -> None:
        """Save the profile, which already holds what was learned (Balda learns in its own spec)."""
        if session.save:
            try:
                save_profile(profile)
            except OSError as exc:  # a full or read-only disk must not end the round
                say(f"could not save what was learned in profile {profile.name!r}: {exc}")

    if rules.kind == "anagram":
        bank = profile.bank(profile.lang) if profile.has_glyphs() else None
        opts = AnagramOptions(profile.lang, auto=session.auto, threshold=session.threshold,
                              duration=session.duration or profile.round.duration,
                              lost_timeout=session.lost_timeout, bank=bank)
        return AnagramPlayer(source, play_lex, opts, make_actor, overlay, say, stop)
    if rules.kind == "balda":
        opts = BaldaOptions(auto=session.auto, mode="knots" if rules.name == "balda-knots" else "classic",
                            turns=session.turns, threshold=session.threshold, spec=profile.balda)
        return BaldaPlayer(source, reader, play_lex, opts, make_actor, overlay, learned, say, stop,
                           on_learn=remember)

    def keep(input_spec: InputSpec, feedback: FeedbackSpec, min_len: int) -> None:
        profile.input, profile.feedback = input_spec, feedback
        if min_len != rules.min_len:
            profile.min_len = min_len
        remember()

    opts = GridOptions(rules, auto=session.auto, duration=session.duration or profile.round.duration,
                       threshold=session.threshold, pacing=pace, input=profile.input,
                       feedback=profile.feedback, lost_timeout=session.lost_timeout)
    from wordbot.play.plan import warm_up

    warm_up(play_lex, rules)
    return GridPlayer(source, reader, play_lex, opts, make_actor, overlay, learned, say, base=base,
                      stop=stop, on_plan=on_plan, on_learn=keep)
