"""``wordbot play`` (the live loop beside a game window) and ``wordbot demo`` (the whole loop on
the simulated game, on a virtual screen when there is none)."""

from __future__ import annotations

import os
import signal
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated

import typer

from wordbot.cli import app, fail
from wordbot.cli.checks import image_out, pixels, seconds
from wordbot.cli.lexicons import load_lexicon
from wordbot.cli.output import print_json
from wordbot.errors import WordbotError

Lang = Annotated[str, typer.Option("--lang", help="ru or en")]
Json = Annotated[bool, typer.Option("--json", help="print the round's summary as one JSON document")]


def _region(text: str) -> tuple[int, int, int, int]:
    try:
        x, y, w, h = (int(v) for v in text.split(","))
    except ValueError:
        raise WordbotError(f"--region needs X,Y,W,H (four integers), got {text!r}") from None
    return x, y, w, h


@contextmanager
def _ctrl_c_stops(stop: threading.Event) -> Iterator[None]:
    """The first Ctrl-C asks play to stop (after the swipe in progress, so no half word is
    submitted); a second one interrupts at once."""
    def handler(signum, frame) -> None:
        if stop.is_set():
            raise KeyboardInterrupt
        stop.set()
        _say("stopping (Ctrl-C again to interrupt at once)")

    previous = signal.signal(signal.SIGINT, handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


def _say(text: str) -> None:
    print(f"wordbot: {text}", file=sys.stderr)


def _profile(game: str | None, profile: str | None, lang: str | None, dict_file: Path | None,
             min_len: int | None, input_style: str | None, confirm: str | None, pace: str | None,
             jitter: float | None, duration: float | None):
    """The game profile to play: a saved one (``--profile``; made from ``--game`` when it does
    not exist yet) or a bundled preset, with the options given on the command line set on it."""
    from dataclasses import replace

    from wordbot.calibration.profile import Profile, load_profile, profile_dir
    from wordbot.games import CONFIRMS, INPUT_STYLES, PACES

    if profile is not None and (profile_dir() / f"{profile}.json").exists():
        prof = load_profile(profile)
        if game is not None and game != prof.game:
            raise WordbotError(f"profile {profile!r} is for {prof.game!r}, not {game!r}")
    else:
        prof = Profile.preset(game or "boggle", lang or "ru")
        if profile is not None:
            prof.name = profile
    for value, choices, option in ((input_style, INPUT_STYLES, "--input"), (confirm, CONFIRMS, "--confirm"),
                                   (pace, PACES, "--pace")):
        if value is not None and value not in choices:
            raise WordbotError(f"unknown {option} {value!r} (choose {', '.join(choices)})")
    prof = replace(prof, lang=lang or prof.lang, words=str(dict_file) if dict_file else prof.words,
                   min_len=min_len if min_len is not None else prof.min_len,
                   input=replace(prof.input, style=input_style or prof.input.style,
                                 confirm=confirm or prof.input.confirm, pace=pace or prof.input.pace,
                                 jitter=prof.input.jitter if jitter is None else jitter),
                   round=replace(prof.round, duration=prof.round.duration if duration is None else duration))
    prof.validate()
    return prof


def _finish(report, overlay, annotate: Path | None, json_out: bool, extra: dict | None = None) -> dict:
    summary = {**report.summary(), **(extra or {})}
    if annotate is not None and overlay is not None and overlay.image is not None:
        from wordbot.cli.vision import write_image

        write_image(annotate, overlay.image)
    if json_out:
        print_json(summary)
    else:
        for key, value in summary.items():
            print(f"{key:>18}: {value}")
    return summary


@app.command()
def play(
    window: Annotated[str | None, typer.Option("--window", help="title (part) of the game window")] = None,
    region: Annotated[str | None, typer.Option("--region", help="X,Y,W,H screen region")] = None,
    adb: Annotated[str | None, typer.Option("--adb", help="an Android device's serial ('-': the only one)")]
    = None,
    game: Annotated[str | None, typer.Option("--game", help="preset: boggle, wordhunt, wordsmania, ...")]
    = None,
    profile: Annotated[str | None, typer.Option("--profile", help="a game profile (wordbot calibrate); "
                                                "made from --game and kept up to date when new")] = None,
    lang: Annotated[str | None, typer.Option("--lang", help="ru or en")] = None,
    dict_file: Annotated[Path | None, typer.Option(
        "--dict", help="the game's word list: a file, or a level: strict, standard, large")] = None,
    min_len: Annotated[int | None, typer.Option("--min-len", help="the game's shortest word")] = None,
    input_style: Annotated[str | None, typer.Option("--input", help="drag, click or type (default: "
                                                    "the profile's, else found on the first word)")] = None,
    confirm: Annotated[str | None, typer.Option("--confirm", help="click input: last or enter")] = None,
    auto: Annotated[bool, typer.Option("--auto", help="enter the words (default: overlay only)")] = False,
    duration: Annotated[float | None, typer.Option("--duration", callback=seconds,
                                                   help="seconds the round lasts at most")] = None,
    threshold: Annotated[float | None, typer.Option("--threshold", help="tile confidence needed "
                                                    "(default: the reader's own, 0.5)")] = None,
    pace: Annotated[str | None, typer.Option("--pace", help="fast, normal or human")] = None,
    jitter: Annotated[float | None, typer.Option("--jitter", callback=pixels,
                                                 help="pixels of random offset per cell")] = None,
    turns: Annotated[int, typer.Option("--turns", help="Balda: moves to make")] = 10,
    overlay_mode: Annotated[str, typer.Option("--overlay", help="side: a window beside the game; board: "
                                              "arrows on the board itself (X11 SHAPE, click-through)")]
    = "side",
    annotate: Annotated[Path | None, typer.Option("--annotate", callback=image_out,
                                                  help="save the overlay image")] = None,
    json_out: Json = False,
) -> None:
    """The live loop: read the board beside the game, show the best words (Balda: the AI's move);
    with --auto play them."""
    from wordbot.capture import open_source
    from wordbot.ocr import THRESHOLD  # here, not above: --help loads no OpenCV or glyph bank
    from wordbot.overlay import OverlayWindow
    from wordbot.play.session import Session, player

    if overlay_mode not in ("side", "board"):
        raise WordbotError(f"unknown --overlay {overlay_mode!r} (choose side or board)")
    prof = _profile(game, profile, lang, dict_file, min_len, input_style, confirm, pace, jitter, duration)
    if min_len is not None and not 1 <= min_len <= 64:
        raise WordbotError(f"--min-len must be 1..64, got {min_len}")
    driver = None
    if adb is not None:
        from wordbot.act.adb import AdbDriver, AdbScreen

        if window or region:
            raise WordbotError("choose one of --adb, --window and --region")
        driver = AdbDriver(serial=None if adb == "-" else adb)
        source = AdbScreen(driver)
    else:
        source = open_source(window=window, region=_region(region) if region else None)
    if prof.words is None and dict_file is None:
        load_lexicon(prof.lang, None)  # the word list with a progress line on first use
    stop = threading.Event()
    try:
        overlay = OverlayWindow(mode=overlay_mode)
    except WordbotError:
        if not auto:
            raise
        overlay = None
        _say("no screen for the overlay: playing without it")
    session = Session(auto=auto, threshold=THRESHOLD if threshold is None else threshold, turns=turns,
                      save=profile is not None)
    try:
        with _ctrl_c_stops(stop):
            if auto:
                _stop_key_note(stop)
            report = player(prof, source, session, driver=driver, overlay=overlay, stop=stop, say=_say).run()
    finally:
        stop.set()
        source.close()
    _finish(report, overlay, annotate, json_out)
    if overlay is not None:
        overlay.close()
    if report.failed:
        fail(report.stopped)


def _stop_key_note(stop: threading.Event) -> None:
    from wordbot.act import StopHotkey

    if StopHotkey(stop).available:
        _say("press Pause (or Ctrl-C, or throw the mouse into a screen corner) to stop")


@app.command()
def demo(
    lang: Lang = "ru",
    size: Annotated[int, typer.Option("--size", help="board side")] = 4,
    seed: Annotated[int, typer.Option("--seed", help="board number")] = 1,
    duration: Annotated[float, typer.Option("--duration", callback=seconds,
                                            help="seconds the round lasts")] = 30.0,
    out: Annotated[Path, typer.Option("--out", help="folder for the log and screenshots")] = Path("out"),
    json_out: Json = False,
) -> None:
    """The whole loop on the simulated game: open it, play a round with --auto, print a summary,
    save a screenshot of the overlay (a virtual screen is started when there is none)."""
    from wordbot.simgame.display import screen

    out.mkdir(parents=True, exist_ok=True)
    # What the demo learns about the simulated game stays in its own folder, not the user's data.
    os.environ["WORDBOT_DATA_DIR"] = str((out / "data").resolve())
    with screen():
        _demo_round(lang, size, seed, duration, out, json_out)


def _demo_round(lang: str, size: int, seed: int, duration: float, out: Path, json_out: bool) -> None:
    import mss
    import numpy as np

    from wordbot.calibration.profile import Profile
    from wordbot.cli.vision import write_image
    from wordbot.overlay import OverlayWindow
    from wordbot.play.session import Session, player
    from wordbot.simgame.gamelog import read_log
    from wordbot.simgame.launch import running

    log = out / "demo-game.jsonl"
    stop = threading.Event()
    args = ["--lang", lang, "--size", str(size), "--seed", str(seed), "--duration", str(duration)]
    with running("grid", *args, log=log, linger=1.0) as (game_proc, source):
        overlay = OverlayWindow()

        def screenshot(frame, words) -> None:
            overlay.pump()
            x, y, w, h = overlay.geometry()
            left, top = frame.origin
            with mss.MSS() as sct:
                screen_box = sct.monitors[0]
                box = {"left": left, "top": top,
                       "width": min(x + w + 10, screen_box["width"]) - left,
                       "height": min(max(frame.image.shape[0], y + h - top), screen_box["height"] - top)}
                shot = sct.grab(box)
            write_image(out / "demo-overlay.png", np.asarray(shot)[:, :, :3])

        load_lexicon(lang, None)
        prof = Profile.preset("wordsmania", lang)  # zero set-up: input style and replies found in play
        session = Session(auto=True, duration=duration - 1)
        with _ctrl_c_stops(stop):
            report = player(prof, source, session, overlay=overlay, stop=stop, say=_say,
                            on_plan=screenshot).run()
        stop.set()
        game_proc.wait(timeout=duration + 15)  # the game writes its summary at the end of the round
    events = read_log(log)
    final = next((e for e in events if e["event"] == "summary"), {})
    extra = {"game_accepted": final.get("accepted"), "game_rejected": final.get("rejected"),
             "game_score": final.get("score"), "board_words": final.get("board_words"),
             "share_of_board": final.get("share"), "log": str(log),
             "screenshot": str(out / "demo-overlay.png")}
    _finish(report, overlay, out / "demo-annotated.png", json_out, extra)
    overlay.close()
    if report.failed:
        fail(report.stopped)
