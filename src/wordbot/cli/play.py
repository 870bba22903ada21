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
from wordbot.cli.lexicons import load_lexicon
from wordbot.cli.output import print_json
from wordbot.errors import WordbotError
from wordbot.games import game as game_preset
from wordbot.ocr import THRESHOLD

PACES = {"fast": (0.02, 0.012, 0.015, 0.03), "normal": (0.03, 0.015, 0.02, 0.05),
         "human": (0.08, 0.05, 0.05, 0.3)}

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


def _player(source, lex, learned, opts, pacing, overlay, stop, on_plan=None, driver=None):
    """A grid or Balda player wired to the input ``driver`` (default: the real mouse through
    pyautogui) and the stop key."""
    from wordbot.act import Actor, StopHotkey
    from wordbot.act.pyautogui_driver import PyAutoGUIDriver
    from wordbot.lexicon import Lexicon
    from wordbot.play import BaldaOptions, BaldaPlayer, GridPlayer, board_reader
    from wordbot.play.plan import warm_up

    play_lex = lex
    if learned.whitelist:  # words this game accepted beyond the list
        play_lex = Lexicon.from_words(lex.words + sorted(learned.whitelist), lex.lang)
    make_actor = None
    if opts.auto:
        driver = driver or PyAutoGUIDriver()
        make_actor = lambda bounds: Actor(driver, bounds, pacing, stop)  # noqa: E731
        if StopHotkey(stop).available:
            _say("press Pause (or Ctrl-C, or throw the mouse into a screen corner) to stop")
    if isinstance(opts, BaldaOptions):
        return BaldaPlayer(source, board_reader(lex.lang), play_lex, opts, make_actor, overlay, learned,
                           _say, stop)
    warm_up(play_lex, opts.game)
    return GridPlayer(source, board_reader(lex.lang), play_lex, opts, make_actor, overlay, learned,
                      _say, base=lex, stop=stop, on_plan=on_plan)


def _options(game: str, auto: bool, duration: float, threshold: float, pace: str, jitter: float,
             turns: int = 10):
    """The player's options for the preset, and the input pacing."""
    from wordbot.act import Pacing
    from wordbot.play import BaldaOptions, GridOptions

    preset = game_preset(game)
    if preset.kind == "anagram":
        raise WordbotError("wordbot play drives grid and Balda games; use `wordbot solve anagram`")
    if pace not in PACES:
        raise WordbotError(f"unknown --pace {pace!r} (choose {', '.join(PACES)})")
    pacing = Pacing(*PACES[pace], jitter=jitter)
    if preset.kind == "balda":
        mode = "knots" if preset.name == "balda-knots" else "classic"
        return BaldaOptions(auto=auto, mode=mode, turns=turns, threshold=threshold), pacing
    return GridOptions(preset, auto=auto, duration=duration, threshold=threshold, pacing=pacing), pacing


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
    game: Annotated[str, typer.Option("--game", help="preset: boggle, wordhunt, wordsmania, ...")] = "boggle",
    lang: Lang = "ru",
    dict_file: Annotated[Path | None, typer.Option("--dict", help="your own word list")] = None,
    auto: Annotated[bool, typer.Option("--auto", help="swipe the words (default: overlay only)")] = False,
    duration: Annotated[float, typer.Option("--duration", help="seconds the round lasts")] = 120.0,
    threshold: Annotated[float, typer.Option("--threshold", help="tile confidence needed")] = THRESHOLD,
    pace: Annotated[str, typer.Option("--pace", help="fast, normal or human")] = "normal",
    jitter: Annotated[float, typer.Option("--jitter", help="pixels of random offset per cell")] = 0.0,
    turns: Annotated[int, typer.Option("--turns", help="Balda: moves to make")] = 10,
    annotate: Annotated[Path | None, typer.Option("--annotate", help="save the overlay image")] = None,
    json_out: Json = False,
) -> None:
    """The live loop: read the board beside the game, show the best words (Balda: the AI's move);
    with --auto play them."""
    from wordbot.capture import open_source
    from wordbot.overlay import OverlayWindow
    from wordbot.play import Learned

    opts, pacing = _options(game, auto, duration, threshold, pace, jitter, turns)
    driver = None
    if adb is not None:
        from wordbot.act.adb import AdbDriver, AdbScreen

        if window or region:
            raise WordbotError("choose one of --adb, --window and --region")
        driver = AdbDriver(serial=None if adb == "-" else adb)
        source = AdbScreen(driver)
    else:
        source = open_source(window=window, region=_region(region) if region else None)
    lex = load_lexicon(lang, dict_file)
    stop = threading.Event()
    try:
        overlay = OverlayWindow()
    except WordbotError:
        if not auto:
            raise
        overlay = None
        _say("no screen for the overlay: playing without it")
    try:
        with _ctrl_c_stops(stop):
            player = _player(source, lex, Learned.load(game), opts, pacing, overlay, stop, driver=driver)
            report = player.run()
    finally:
        stop.set()
        source.close()
    _finish(report, overlay, annotate, json_out)
    if overlay is not None:
        overlay.close()
    if report.failed:
        fail(report.stopped)


@app.command()
def demo(
    lang: Lang = "ru",
    size: Annotated[int, typer.Option("--size", help="board side")] = 4,
    seed: Annotated[int, typer.Option("--seed", help="board number")] = 1,
    duration: Annotated[float, typer.Option("--duration", help="seconds the round lasts")] = 30.0,
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

    from wordbot.cli.vision import write_image
    from wordbot.overlay import OverlayWindow
    from wordbot.play import Learned
    from wordbot.simgame.gamelog import read_log
    from wordbot.simgame.launch import running

    log = out / "demo-game.jsonl"
    stop = threading.Event()
    args = ["--lang", lang, "--size", str(size), "--seed", str(seed), "--duration", str(duration)]
    with running("grid", *args, log=log, linger=1.0) as (game_proc, source):
        overlay = OverlayWindow()
        opts, pacing = _options("wordsmania", True, duration - 1, THRESHOLD, "normal", 0.0)

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

        lex = load_lexicon(lang, None)
        learned = Learned.load(f"simgame-{lang}")
        player = _player(source, lex, learned, opts, pacing, overlay, stop, on_plan=screenshot)
        with _ctrl_c_stops(stop):
            report = player.run()
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
