"""Play: frame-to-suggestion latency, swipe rate with zero misses, points per round, all on the
simulated game through real pixels and the real mouse (on a virtual screen when there is none)."""

from __future__ import annotations

import statistics
import tempfile
import threading
import time
from pathlib import Path

from bench.common import Figure
from wordbot import Lexicon
from wordbot.act import Actor, Pacing
from wordbot.games import game
from wordbot.overlay import OverlayWindow
from wordbot.play import GridOptions, GridPlayer, Learned, board_reader
from wordbot.play.plan import warm_up
from wordbot.simgame.display import screen
from wordbot.simgame.gamelog import read_log
from wordbot.simgame.launch import running


def _latency(source, lex: Lexicon, opts: GridOptions, frames: int) -> tuple[list[float], dict]:
    """Capture -> read -> plan -> overlay drawn, per frame, in ms; and the median of each stage."""
    overlay = OverlayWindow()
    player = GridPlayer(source, board_reader("ru"), lex, opts, overlay=overlay, say=lambda _: None,
                        learned=Learned("bench"))
    stages: dict[str, list[float]] = {"capture": [], "read": [], "plan": [], "draw": []}
    totals = []
    try:
        for _ in range(frames):
            t0 = time.perf_counter()
            frame = player.grab()
            t1 = time.perf_counter()
            reading = player._read(frame)
            t2 = time.perf_counter()
            words = player.calibrate(frame, reading)
            t3 = time.perf_counter()
            player.show(frame, words)
            t4 = time.perf_counter()
            for name, a, b in (("capture", t0, t1), ("read", t1, t2), ("plan", t2, t3), ("draw", t3, t4)):
                stages[name].append((b - a) * 1000)
            totals.append((t4 - t0) * 1000)
    finally:
        overlay.close()
    return totals, {k: statistics.median(v) for k, v in stages.items()}


def run(quick: bool) -> list[Figure]:
    lex = Lexicon.builtin("ru")
    preset = game("wordsmania")
    warm_up(lex, preset)
    figures = []
    with screen(), tempfile.TemporaryDirectory() as tmp:
        log = Path(tmp) / "latency.jsonl"
        with running("grid", "--seed", "1", "--duration", "60", log=log) as (_, source):
            totals, stages = _latency(source, lex, GridOptions(preset), 10 if quick else 40)
        med = statistics.median(totals)
        note = "median of stages: " + ", ".join(f"{k} {v:.1f} ms" for k, v in stages.items())
        figures.append(Figure("play", "frame-to-suggestion latency, 4x4 (capture to overlay drawn)",
                              round(med, 1), "ms", "<= 50", med <= 50, note))

        round_s = 8.0 if quick else 60.0
        log = Path(tmp) / "round.jsonl"
        from wordbot.act.pyautogui_driver import PyAutoGUIDriver

        with running("grid", "--seed", "1", "--duration", str(round_s + 5), log=log) as (_, source):
            driver, stop = PyAutoGUIDriver(), threading.Event()
            opts = GridOptions(preset, auto=True, duration=round_s)
            player = GridPlayer(source, board_reader("ru"), lex, opts,
                                lambda b: Actor(driver, b, Pacing(), stop), None, Learned("bench"),
                                say=lambda _: None, stop=stop)
            report = player.run()
        subs = [e for e in read_log(log) if e["event"] == "submit"]
        board = next(e for e in read_log(log) if e["event"] == "start")
        misses = sum(not s["accepted"] for s in subs)
        rate = report.swiped / report.swipe_seconds if report.swipe_seconds else 0.0
        took = sum(s["points"] for s in subs if s["accepted"])
        figures.append(Figure("play", "words swiped per second (simulated game, normal pace)", round(rate, 2),
                              "words/s", "zero misses", misses == 0,
                              f"{report.swiped} swipes, {misses} refused by the game, "
                              f"{report.unregistered} unregistered"))
        held = f"board holds {board['board_points']} points in {len(board['board_words'])} words"
        figures.append(Figure("play", f"points per round (4x4, {round_s:.0f} s)", took, "points",
                              note=f"{held}; {report.stopped}"))
    return figures
