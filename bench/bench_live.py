"""Balda and anagram live, through real pixels and the real mouse (on a virtual screen when there is
none), each with zero set-up: per Balda variant a game of five moves (moves taken, moves refused,
pointer events outside the board, keys and buttons, the opponent's letters read right); the anagram
game in Russian and English for 60 s (levels, wrong attempts, clicks off the keys and slots)."""

from __future__ import annotations

import tempfile
import threading
from pathlib import Path

from bench.common import Figure
from wordbot.act.pyautogui_driver import PyAutoGUIDriver
from wordbot.act.recording import RecordingDriver
from wordbot.calibration.profile import Profile
from wordbot.play.session import Session, player
from wordbot.simgame.balda_variants import BALDA_VARIANTS
from wordbot.simgame.display import screen
from wordbot.simgame.gamelog import read_log
from wordbot.simgame.launch import running

AREA = "live"


def _inside(x: float, y: float, boxes: list) -> bool:
    return any(bx <= x <= bx + bw and by <= y <= by + bh for bx, by, bw, bh in boxes)


def _balda(log: Path, variant: str, moves: int) -> Figure:
    prof = Profile.preset("balda", "ru")
    prof.name = f"bench-balda-{variant}"
    driver = RecordingDriver(PyAutoGUIDriver())
    with running("balda", "--seed", "2", "--turns", str(moves + 1), *BALDA_VARIANTS[variant], log=log) \
            as (_, source):
        report = player(prof, source, Session(auto=True, turns=moves), driver=driver, stop=threading.Event(),
                        say=lambda _: None).run()
        ox, oy = source.origin
    events = read_log(log)
    layout = next(e for e in events if e["event"] == "layout")
    allowed = [layout[k] for k in ("board", "keys", "submit") if k in layout]
    stray = sum(not _inside(x - ox, y - oy, allowed) for _, x, y in driver.pointer())
    mine = [e for e in events if e["event"] == "submit"]
    taken = sum(e["accepted"] for e in mine)
    theirs = [(*e["cell"], e["letter"]) for e in events if e["event"] == "opponent" and not e["passed"]]
    read_right = report.opponent == theirs[: len(report.opponent)]
    ok = taken == moves and len(mine) == taken and stray == 0 and read_right and not report.failed
    note = (f"{len(mine) - taken} refused, {stray} pointer events off the board, keys and buttons, "
            f"opponent moves seen {len(report.opponent)} of {len(theirs)} "
            f"({'all read right' if read_right else 'MISREAD'}), entry {report.entry}; {report.stopped}")
    return Figure(AREA, f"Balda, variant {variant}: legal moves taken of {moves}", taken, "moves",
                  f"{moves}, 0 refused, 0 stray", ok, note)


def _anagram(log: Path, lang: str, seconds: float) -> Figure:
    prof = Profile.preset("anagram", lang)
    prof.name = f"bench-anagram-{lang}"
    args = ("--lang", lang, "--seed", "5", "--levels", "100", "--duration", str(seconds + 5),
            *(("--hints",) if lang == "ru" else ()))
    with running("anagram", *args, log=log) as (_, source):
        report = player(prof, source, Session(auto=True, duration=seconds), stop=threading.Event(),
                        say=lambda _: None).run()
    events = read_log(log)
    attempts = [e for e in events if e["event"] == "attempt"]
    solved, wrong = sum(e["right"] for e in attempts), sum(not e["right"] for e in attempts)
    level, stray = None, 0
    for e in events:
        if e["event"] == "level":
            level = e
        elif e["event"] == "click":
            stray += not _inside(e["x"], e["y"], level["keys"] + level["slots"])
    ok = solved >= 8 and wrong <= solved / 5 and stray == 0 and not report.failed
    return Figure(AREA, f"anagram ({lang}{', hint letters' if lang == 'ru' else ''}): levels solved in "
                  f"{seconds:.0f} s", solved, "levels", ">= 8, <= 1 wrong per 5, 0 stray clicks", ok,
                  f"{wrong} wrong attempts, {stray} clicks off the keys and slots; {report.stopped}")


def run(quick: bool) -> list[Figure]:
    figures = []
    with screen(), tempfile.TemporaryDirectory() as tmp:
        for variant in (("classic",) if quick else sorted(BALDA_VARIANTS)):
            figures.append(_balda(Path(tmp) / f"balda-{variant}.jsonl", variant, 2 if quick else 5))
        for lang in ("ru", "en"):
            figures.append(_anagram(Path(tmp) / f"anagram-{lang}.jsonl", lang, 15 if quick else 60))
    return figures
