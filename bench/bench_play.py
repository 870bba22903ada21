"""Play: frame-to-suggestion latency (a board seen the frame before, and one never seen), and per
variant of the simulated game (input style x feedback x look) a zero set-up round through real
pixels and the real mouse: points taken, wrong words, the bot's accepted count against the game's,
and the game's score as the bot read it against the game's own total and the bot's (on a virtual
screen when there is none); the same on the variants of the browser game in Chromium."""

from __future__ import annotations

import json
import shutil
import statistics
import tempfile
import threading
import time
from dataclasses import asdict, replace
from pathlib import Path

from bench.common import Figure
from wordbot.act.pyautogui_driver import PyAutoGUIDriver
from wordbot.calibration.profile import Profile
from wordbot.kept import Kept
from wordbot.overlay import OverlayWindow
from wordbot.play.session import Session, player
from wordbot.simgame.browser import VARIANTS as BROWSER_VARIANTS
from wordbot.simgame.browser import browser_game
from wordbot.simgame.display import screen
from wordbot.simgame.gamelog import read_log
from wordbot.simgame.launch import running
from wordbot.simgame.variants import VARIANTS


def _latency(source, frames: int, fresh: bool = False) -> tuple[list[float], dict]:
    """Capture -> read -> plan -> overlay drawn, per frame, in ms; and the median of each stage.
    ``fresh``: each frame as a board never seen (nothing kept from the frames before: every tile
    read, every text rendered, and the overlay showing another picture before it)."""
    overlay = OverlayWindow()
    prof = Profile.preset("wordsmania", "ru")
    prof.name = "bench-latency"
    seat = player(prof, source, Session(), overlay=overlay, say=lambda _: None)
    stages: dict[str, list[float]] = {"capture": [], "read": [], "plan": [], "draw": []}
    totals = []
    try:
        for _ in range(frames):
            if fresh and seat.reading is not None:
                other = seat.grab()
                seat.show(replace(other, image=255 - other.image), [])
                Kept.forget_all()
            t0 = time.perf_counter()
            frame = seat.grab()
            t1 = time.perf_counter()
            reading = seat._read(frame)
            t2 = time.perf_counter()
            words = seat.calibrate(frame, reading)
            t3 = time.perf_counter()
            seat.show(frame, words)
            t4 = time.perf_counter()
            for name, a, b in (("capture", t0, t1), ("read", t1, t2), ("plan", t2, t3), ("draw", t3, t4)):
                stages[name].append((b - a) * 1000)
            totals.append((t4 - t0) * 1000)
    finally:
        overlay.close()
    return totals, {k: statistics.median(v) for k, v in stages.items()}


def run(quick: bool) -> list[Figure]:
    figures = []
    with screen(), tempfile.TemporaryDirectory() as tmp:
        log = Path(tmp) / "latency.jsonl"
        with running("grid", "--seed", "1", "--duration", "60", log=log) as (_, source):
            for fresh in (False, True):
                totals, stages = _latency(source, 10 if quick else 40, fresh)
                med = statistics.median(totals)
                note = "median of stages: " + ", ".join(f"{k} {v:.1f} ms" for k, v in stages.items())
                what = "a board never seen" if fresh else "the board of the frame before"
                figures.append(Figure("play", f"frame-to-suggestion latency, 4x4 (capture to overlay drawn), "
                                      f"{what}", round(med, 1), "ms", "<= 50", med <= 50, note))

        round_s = 8.0 if quick else 60.0
        for name in (("classic",) if quick else sorted(VARIANTS)):
            figures.append(_round(Path(tmp) / f"{name}.jsonl", name, round_s))
        for name in (() if quick else BROWSER_VARIANTS):
            figures.append(_browser_round(Path(tmp) / f"web-{name}.jsonl", name, round_s))
    return figures


def _round(log: Path, variant: str, round_s: float) -> Figure:
    """One zero set-up round on a variant of the Tk game: the share of the board's points taken."""
    args = VARIANTS[variant]
    prof = Profile.preset("wordsmania", "ru")
    prof.name = f"bench-{variant}"
    if "--min-len" in args:
        prof.min_len = int(args[args.index("--min-len") + 1])
    said = Said()
    with running("grid", "--seed", "1", "--duration", str(round_s + 5), *args, log=log) as (_, source):
        report = player(prof, source, Session(auto=True, duration=round_s), stop=threading.Event(),
                        say=said).run()
    return _figure(f"variant {variant}", log, report, round_s, said, silent=variant == "silent")


def _browser_round(log: Path, variant: str, round_s: float) -> Figure:
    """The same on a variant of the browser game in Chromium (English, Word Hunt scoring), on a 4x4
    board whatever the page's own (line-submit's is 5x5)."""
    prof = Profile.preset("wordhunt", "en")
    prof.name = f"bench-web-{variant}"
    said = Said()
    with browser_game(log, lang="en", seed=1, duration=round_s + 30, variant=variant, size=4) as (_, source):
        report = player(prof, source, Session(auto=True, duration=round_s), driver=PyAutoGUIDriver(),
                        stop=threading.Event(), say=said).run()
    return _figure(f"Chromium game {variant}", log, report, round_s, said)


class Said(list):
    """What the bot said in a round, each line with the seconds since the round began."""

    def __init__(self) -> None:
        super().__init__()
        self.start = time.monotonic()

    def __call__(self, line: str) -> None:
        self.append(f"{time.monotonic() - self.start:7.2f}  {line}")


KEPT = Path(tempfile.gettempdir()) / "wordbot-bench"  # the rounds not met, kept to be looked into


def _keep(name: str, log: Path, report, said: Said) -> Path:
    """A round not met, kept whole (the game's log, what the bot said, its report): a failure of a
    busy hour may not come back when looked for."""
    where = KEPT / f"{time.strftime('%Y%m%d-%H%M%S')}-{name.replace(' ', '-')}"
    where.mkdir(parents=True, exist_ok=True)
    shutil.copy(log, where / "game.jsonl")
    (where / "said.txt").write_text("\n".join(said) + "\n", encoding="utf-8")
    (where / "report.json").write_text(json.dumps(asdict(report), ensure_ascii=False, indent=1),
                                       encoding="utf-8")
    return where


def _figure(name: str, log: Path, report, round_s: float, said: Said, silent: bool = False) -> Figure:
    """Points taken against the board's, wrong words, and the bot's count against the game's; a
    round not met is kept (``_keep``) and its place named."""
    events = read_log(log)
    subs = [e for e in events if e["event"] == "submit"]
    start = next(e for e in events if e["event"] == "start")
    took = [s for s in subs if s["accepted"]]
    wrong = sum(not s["accepted"] and s["reason"] != "already found" for s in subs)
    share = sum(s["points"] for s in took) / max(1, start["board_points"])
    counted = len(report.unconfirmed) if silent else len(report.accepted)
    score = "no score read"
    if report.score is not None:
        score = f"score read {report.score} (game's {sum(s['points'] for s in took)}, bot's {report.points})"
    note = (f"{len(took)} words taken of {len(start['board_words'])}, {wrong} wrong, bot counted {counted} "
            f"(game {len(took)}), {len(report.cancelled)} cancelled, "
            f"{report.summary()['words_per_second']} words/s, input {report.input}; {score}; "
            f"{report.stopped}")
    met = share >= 0.9 and wrong == 0 and counted == len(took)
    if not met:
        note += f"; kept in {_keep(name, log, report, said)}"
    return Figure("play", f"points of the board in a {round_s:.0f} s round, {name}",
                  round(100 * share, 1), "%", ">= 90, 0 wrong, count = game's", met, note)
