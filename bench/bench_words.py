"""Word lists: how many suggestions games take (precision), how many game words we find (recall),
and compiling a big dirty list, against the reader before this one.

Precision and recall use real solving (``solve_grid``) on shaken 4x4 Boggle-dice boards:
English against ENABLE, Russian against Tanglet's own list (a Boggle game's, independent of
OpenCorpora's word set); both lists are in bench/data (see SOURCES.md there).
"""

from __future__ import annotations

import gzip
import io
import os
import subprocess
import sys
import tarfile
import tempfile
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from bench.boards import dice_boards
from bench.common import Figure
from wordbot import Lexicon, solve_grid

DATA = Path(__file__).parent / "data"
ROOT = Path(__file__).resolve().parents[1]
BASELINE_REV = "c13f61d"  # the reader before per-line decoding: read whole, decode whole, split
TOP = 30
# Tanglet's 16 Russian dice for a 4x4 board (tanglet-data, gamedata/ru/dice).
RU_DICE = ["ааеийо", "аазимо", "абикрт", "агдипу", "аенорф", "аийнры", "везоою", "веитць", "велочя",
           "вннопс", "длнтъы", "еиптхь", "жкорья", "иклрсщ", "ймстуэ", "нрсстш"]


@dataclass(frozen=True)
class Agreement:
    """Suggestions of one list on the boards, judged by a reference list."""

    precision: float  # share of all suggestions the reference holds
    top_precision: float  # share of each board's TOP best suggestions the reference holds
    recall: float  # share of the reference's words on the boards that we suggest
    suggestions: int


def tiles_en(board: np.ndarray) -> list[str]:
    return ["qu" if c == ord("q") - ord("a") else chr(ord("a") + c) for c in board.tolist()]


def ru_boards(n: int, seed: int = 0) -> list[list[str]]:
    rng = np.random.default_rng(seed)
    return [[RU_DICE[d][rng.integers(6)] for d in rng.permutation(16)] for _ in range(n)]


def agreement(lex: Lexicon, boards, judge: set[str], target: Lexicon) -> Agreement:
    """``judge``: the words the reference accepts; ``target``: the reference words we should find."""
    held = top_held = tops = found = suggested = 0
    wanted = 0
    for tiles in boards:
        words = [f.word for f in solve_grid(tiles, 4, 4, lex)]
        ours = set(words)
        held += sum(w in judge for w in words)
        top_held += sum(w in judge for w in words[:TOP])
        tops += len(words[:TOP])
        suggested += len(words)
        theirs = {f.word for f in solve_grid(tiles, 4, 4, target)}
        wanted += len(theirs)
        found += len(theirs & ours)
    return Agreement(held / max(suggested, 1), top_held / max(tops, 1), found / max(wanted, 1), suggested)


def read_reference(name: str) -> list[str]:
    return gzip.decompress((DATA / name).read_bytes()).decode("utf-8").split("\n")


def baseline_list(lang: str) -> Lexicon | None:
    """The bundled list at BASELINE_REV (one level then), from git; None where git or it is missing."""
    blob = f"{BASELINE_REV}:src/wordbot/lexicon/data/{lang}.tsv.gz"
    try:
        raw = subprocess.run(["git", "-C", str(ROOT), "show", blob], capture_output=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return None
    return Lexicon.from_bytes(raw, lang, f"{lang} list at {BASELINE_REV}")


def precision_figures(quick: bool) -> list[Figure]:
    n = 60 if quick else 300
    enable = [w for w in read_reference("enable.txt.gz") if w]
    rows = [r.split("\t") for r in read_reference("tanglet-ru.tsv.gz") if r]
    judges = {
        "en": ("ENABLE", [tiles_en(b) for b in dice_boards(n, seed=12)], set(enable),
               Lexicon.from_words(enable, "en")),
        "ru": ("Tanglet ru", ru_boards(n, seed=12), {w for w, _ in rows},
               Lexicon.from_words([w for w, kind in rows if kind == "N"], "ru")),
    }
    tanglet_all = Lexicon.from_words([w for w, _ in rows], "ru")  # what ru large (any word) should find
    figures = []
    for lang, (ref, boards, judge, target) in judges.items():
        old = baseline_list(lang)
        base = agreement(old, boards, judge, target) if old is not None else None
        for level in ("strict", "standard", "large"):
            whole = lang == "ru" and level == "large"
            a = agreement(Lexicon.builtin(lang, level=level), boards, judge, tanglet_all if whole else target)
            figures += _agreement_figures(lang, level, a, ref, base if level == "standard" else None)
    return figures


def _agreement_figures(lang: str, level: str, a: Agreement, ref: str, base: Agreement | None) -> list[Figure]:
    """Three figures; the targets (done-when) are for the default English list only."""
    judged = lang == "en" and level == "standard"
    note = f"{a.suggestions:,} suggestions on shaken Boggle-dice 4x4 boards"
    if lang == "en" and level != "large":
        note += "; the list is where ENABLE and SCOWL agree, so ENABLE holds all of it by construction"

    def was(value: float) -> str:
        return f"list at {BASELINE_REV}: {100 * value:.2f}%" if base is not None else ""

    recall_ref = ("ENABLE's words on the boards" if lang == "en"
                  else "all Tanglet's words" if level == "large"
                  else "Tanglet's words that pymorphy3 reads as a common noun, nominative singular")
    return [
        Figure("words", f"{lang} {level}: suggestions in {ref}", 100 * a.precision, "%",
               ">= 99%" if judged else "", a.precision >= 0.99 if judged else None,
               "; ".join(filter(None, [note, was(base.precision) if base else ""]))),
        Figure("words", f"{lang} {level}: best {TOP} per board in {ref}", 100 * a.top_precision, "%",
               ">= 99.5%" if judged else "", a.top_precision >= 0.995 if judged else None,
               was(base.top_precision) if base else ""),
        Figure("words", f"{lang} {level}: recall of {recall_ref}", 100 * a.recall, "%",
               ">= 70%" if judged else "", a.recall >= 0.70 if judged else None,
               was(base.recall) if base else ""),
    ]


COMPILE_PROBE = """
import resource, sys, time
from wordbot import Lexicon
t = time.perf_counter()
lex = Lexicon.from_file(sys.argv[1], "ru")
print(time.perf_counter() - t, len(lex), resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024)
"""
ENDINGS = ["", "а", "у", "ом", "е", "ы", "ов", "ам", "ами", "ах", "и", "ей", "ю", "ой", "ою", "ям", "ями",
           "ях", "ия", "ий", "ого", "ому", "ым", "ыми", "ых", "ая", "ую", "ее", "ые", "ться", "лся", "вший"]
TAGS = ["NOUN,inan,masc sing,nomn", "NOUN,anim,femn plur,gent", "ADJF,Qual masc,sing,nomn", "INFN,perf,tran"]


def game_list(path: Path, size: int, dirty: bool) -> int:
    """A game-sized dictionary dump of ``size`` bytes: word forms with tags and counts (the first
    token is the word); ``dirty`` adds a stray byte, a foreign word and a 5,000-letter line now and
    then. Returns the lines written."""
    words = Lexicon.builtin("ru", level="large").words
    lines, written = 0, 0
    with open(path, "wb") as out:
        for ending in ENDINGS:
            rows = [f"{w}{ending}\t{TAGS[i % 4]}\t{i % 997}" for i, w in enumerate(words)]
            if dirty:
                for i in range(0, len(rows), 10_000):
                    rows[i] = rows[i][:2] + "\udcff" + rows[i][2:]  # one stray non-UTF-8 byte
                rows[5::20_000] = ["straße"] * len(rows[5::20_000])
                rows[7::50_000] = ["ж" * 5000] * len(rows[7::50_000])
            chunk = ("\n".join(rows) + "\n").encode("utf-8", "surrogateescape")[: size - written]
            out.write(chunk)
            written += len(chunk)
            lines += chunk.count(b"\n")
            if written >= size:
                break
    return lines


def compile_run(src: Path, path: Path, cache: Path) -> tuple[float, int, int] | str:
    """(seconds, words, peak RSS bytes) of compiling ``path`` in a fresh process with ``src``'s
    code, or the error line it ended with."""
    env = {**os.environ, "PYTHONPATH": str(src), "WORDBOT_CACHE_DIR": str(cache)}
    done = subprocess.run([sys.executable, "-c", COMPILE_PROBE, str(path)], capture_output=True, text=True,
                          env=env)
    if done.returncode:
        return done.stderr.strip().splitlines()[-1]
    out = done.stdout.split()
    return float(out[0]), int(out[1]), int(out[2])


def baseline_src(tmp: Path) -> Path | None:
    """The reader before this one, from git; None outside a checkout that has that revision."""
    try:
        archive = subprocess.run(["git", "-C", str(ROOT), "archive", BASELINE_REV, "src/wordbot"],
                                 capture_output=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return None
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(tmp, filter="data")
    return tmp / "src"


def compile_figures(quick: bool) -> list[Figure]:
    size = (10 if quick else 100) * 2**20
    mb = size / 2**20
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        dirty, clean = tmp / "dirty.txt", tmp / "clean.txt"
        lines = game_list(dirty, size, dirty=True)
        game_list(clean, size, dirty=False)
        runs = {(which, kind): None for which in ("new", "old") for kind in ("dirty", "clean")}
        old = baseline_src(tmp / "old")
        for which, kind in runs:
            src = ROOT / "src" if which == "new" else old
            if src is not None:
                runs[which, kind] = compile_run(src, tmp / f"{kind}.txt", tmp / f"cache-{which}-{kind}")
    new_dirty, new_clean = runs["new", "dirty"], runs["new", "clean"]
    if isinstance(new_dirty, str):
        raise RuntimeError(f"the reader failed on the dirty list: {new_dirty}")

    def said(run) -> str:
        if run is None:
            return f"git revision {BASELINE_REV} not available"
        if isinstance(run, str):
            return run
        return f"{run[0]:.1f} s, {run[2] / 2**20:,.0f} MB, {run[1]:,} words"

    seconds, words, rss = new_dirty
    base = (f"this reader on the same list without the dirt: {said(new_clean)}; "
            f"reader at {BASELINE_REV}: without the dirt {said(runs['old', 'clean'])}; "
            f"with it: {said(runs['old', 'dirty'])}")
    judged = not quick
    return [
        Figure("words", f"compile a {mb:.0f} MB dirty list ({lines:,} lines -> {words:,} words)", seconds,
               "s", "<= 20 s" if judged else "", seconds <= 20 if judged else None, base),
        Figure("words", f"peak memory compiling the {mb:.0f} MB dirty list", rss / 2**20, "MB",
               "<= 1024 MB" if judged else "", rss <= 2**30 if judged else None,
               "peak RSS of the whole process: interpreter, numpy, reading, trie"),
    ]


def run(quick: bool) -> list[Figure]:
    return compile_figures(quick) + precision_figures(quick)
