"""The grid game as a web page in Chromium: what the bot meets in a user's browser.

The Tk game sees every motion event and walks between them; a browser does not. Chromium
coalesces pointer moves into one per frame, so a fast drag reaches the page as fewer points and
may skip tiles, and a Word Hunt-style page colours the path only while the button is held. The
page (``data/web``) reports each released path to a stdlib HTTP server on 127.0.0.1, which judges
it with ``GridJudge`` and writes the same JSON-lines log as the Tk game.

    python -m wordbot.simgame.browser --lang en --seed 2 --log game.jsonl
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import subprocess
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from wordbot.errors import WordbotError
from wordbot.lexicon import Lexicon
from wordbot.simgame.boards import grid_board
from wordbot.simgame.gamelog import GameLog
from wordbot.simgame.judge import GridJudge
from wordbot.solver.grid import solve_grid

TITLE = "wordbot webgame — grid"
WEB = Path(__file__).with_name("data") / "web"
TILE, GAP, MARGIN, HEADER, FOOTER = 96, 12, 30, 80, 90  # the page's layout (style.css)
FRAME = 40  # room for the window's title bar: --window-size counts it
# The page's variants (its query: see data/web/game.js): how a word is entered, what shows its fate
# and the look, so play is judged on more than one browser game.
VARIANTS = {
    "wordhunt": "",  # drag; the path coloured by its verdict only while the button is held
    "click-list": "input=click&confirm=last&feedback=list&look=night",  # lower case, round tiles
    "type-score": "input=type&feedback=score&look=paper",  # serif letters, the score alone
    # drag on a gradient; round hit zones; a selected tile shows a ring only; a taken word a toast
    # that fades and a "found / total" counter (no score); a refused path turns red and shakes;
    # at 0:00 a "Time's up!" panel covers the board
    "ring-toast": "feedback=toast&look=ring",
    # click tile by tile, sent by a Submit button under the board (a tap on the last tile takes it
    # back, no keys); dark round tiles with letter values; a side panel with the score and the words
    # found, and a pill under the board for each reply (line-submit's, with a selection that colours
    # the tiles and a clock in digits)
    "submit-undo": "input=click&confirm=button&retap=undo&feedback=panel&look=dusk",
    # a 5x5 board, words of 4+ letters; click tile by tile, a Submit button under the board sends
    # (Clear beside it drops the word, a tap on the last tile takes it back; no keys); the selection
    # is a translucent amber stroke through the tiles' centres (a dot on one tile), the tiles
    # unchanged; dark, round tiles with each letter's Scrabble value in a corner (a look: words score
    # by length); a side panel with the score and the words found, a pill under the board for each
    # reply (green "+3  WORD", red "Not a word") that fades out; the time left a shrinking bar (no
    # digits), at the end "Round over" over the board
    "line-submit": "input=click&confirm=button&retap=undo&mark=line&feedback=panel&clock=bar&look=dusk",
    # click tile by tile, sent by Enter (Ruzzle/Wordament-like): a tap on any tile of the selection
    # trims it back to that tile; a selected tile grows inside an orange ring, its fill unchanged;
    # cream square tiles on teal; "Words: N" in the header (no score) and a line under the board
    # ("Nice!", "Not a word", "Already found") that stays until the next word's first tap
    "tap-trim": "input=click&confirm=enter&retap=trim&mark=grow&feedback=status&look=tide",
    # drag; a replied path bounces for 0.4 s, green if taken, red if refused, then shows plain; the
    # score counts up to its new value over 0.8 s; Lato on pale gradient tiles with a drop shadow
    "drag-bounce": "feedback=bounce&look=light",
    # drag; a taken word a chip in capitals that slides from the board's centre to a "Found" list
    # right of the board over 0.6 s (newest on top, 8 shown), "Score N" in the header at once; a
    # refused path flashes red, one found before grey-blue, for 0.5 s; the time left a ring that
    # empties smoothly with the seconds in its middle, at 0 a "Time's up" panel over the board; a
    # "Hint" button under the board that pulses all round and does nothing; Comfortaa on yellow
    # keys with a darker bottom edge on lavender, a held path light pink
    "pulse-ring": "feedback=fly&clock=ring&idle=pulse&look=candy",
    # drag; the tiles show no selection at all: the word under way grows in capitals ("КОТ") on a
    # line above the board (the header's lower half); on release that line shows the reply, green
    # with "+N" after it if taken, a muted red if refused, grey-blue with "already found" ("уже
    # было") if found before, fading out over 0.8 s; nothing else shows it but the score, "Points
    # 12" ("Очки 12" on a Russian board: the labels follow the board's letters), at once; the clock
    # in digits; C059 (fonts-urw-base35) in dark brown on wooden tiles, on dark green felt
    "word-line": "mark=text&feedback=word&look=felt",
}


@dataclass(frozen=True)
class Page:
    """A variant's board and the room its page takes beyond the board (style.css)."""

    size: int = 4
    min_len: int = 3
    side: int = 0  # a panel right of the board, with its margin
    footer: int = FOOTER


PAGES = {"line-submit": Page(size=5, min_len=4, side=250, footer=148),
         "submit-undo": Page(side=250, footer=148),
         "pulse-ring": Page(side=220, footer=160)}  # the Found list; the Hint button above the message
CHROMIUM_FLAGS = ("--no-first-run", "--no-default-browser-check", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync", "--disable-features=Translate",
                  "--password-store=basic", "--no-sandbox", "--disable-gpu", "--disable-quic",
                  "--test-type")  # --test-type: no "unsupported flag" bar over the page


class WebGame:
    """The round behind the page: the judge, the log and the clock (which starts when the page
    first asks for the board, so Chromium's start-up does not eat the round)."""

    def __init__(self, judge: GridJudge, log: GameLog, duration: float):
        self.judge, self.log, self.duration = judge, log, duration
        found = solve_grid(judge.tiles, judge.rows, judge.cols, judge.lex, judge.min_len, judge.rules)
        self.board_words = [f.word for f in found if f.word not in judge.exclude]
        log.write("start", mode="grid", rows=judge.rows, cols=judge.cols, tiles=judge.tiles,
                  board_words=self.board_words,
                  board_points=sum(f.score for f in found if f.word not in judge.exclude))
        self.accepted = self.rejected = 0
        self.deadline: float | None = None
        self.summary: dict | None = None
        self._lock = threading.Lock()
        self._over = threading.Event()

    def state(self) -> dict:
        """The board, its words (the page colours a held path with them) and the time left."""
        with self._lock:
            if self.deadline is None:
                self.deadline = time.monotonic() + self.duration
                timer = threading.Timer(self.duration, self.finish, ("time",))
                timer.daemon = True
                timer.start()
            return {"tiles": self.judge.tiles, "rows": self.judge.rows, "cols": self.judge.cols,
                    "words": self.board_words, "found": sorted(self.judge.found), "score": self.judge.score,
                    "min_len": self.judge.min_len, "remaining": max(0.0, self.deadline - time.monotonic())}

    def submit(self, entry: list[tuple[int, int]] | str) -> dict:
        """Judge and log one released path or typed word; after the round it is ignored, as the Tk
        game does."""
        with self._lock:
            if self.deadline is None or self._over.is_set():
                return {"over": True, "score": self.judge.score}
            v = self.judge.submit_word(entry) if isinstance(entry, str) else self.judge.submit(entry)
            self.log.write("submit", word=v.word, path=v.path, accepted=v.accepted, reason=v.reason,
                           points=v.points)
            self.accepted += v.accepted
            self.rejected += not v.accepted
            return {"word": v.word, "accepted": v.accepted, "points": v.points, "reason": v.reason,
                    "score": self.judge.score, "found": sorted(self.judge.found)}

    def finish(self, reason: str) -> dict:
        """End the round once ("time", or "closed" when the game is shut early): log "end" and
        "summary" as the Tk game does."""
        with self._lock:
            if self.summary is None:
                self._over.set()
                end = self.log.write("end", reason=reason, score=self.judge.score, accepted=self.accepted,
                                     rejected=self.rejected, found=sorted(self.judge.found))
                share = len(set(self.board_words) & set(self.judge.found)) / max(1, len(self.board_words))
                fields = {k: v for k, v in end.items() if k not in ("t", "event", "found")}
                self.summary = self.log.write("summary", **fields, board_words=len(self.board_words),
                                              share=round(share, 4))
            return self.summary

    def wait(self, timeout: float | None = None) -> bool:
        """True once the round is over."""
        return self._over.wait(timeout)


def _cell(item: object, rows: int, cols: int) -> tuple[int, int]:
    if not (isinstance(item, list) and len(item) == 2 and all(type(v) is int for v in item)
            and 0 <= item[0] < rows and 0 <= item[1] < cols):
        raise ValueError(f"not a cell: {item!r}")
    return item[0], item[1]


class _Handler(SimpleHTTPRequestHandler):
    """The page's files, ``GET /state`` and ``POST /submit`` (JSON ``{"path": [[r, c], ...]}``, or
    ``{"word": "..."}`` typed)."""

    game: WebGame

    def do_GET(self) -> None:
        if self.path == "/state":
            self._json(self.game.state())
        else:
            super().do_GET()

    def do_POST(self) -> None:
        if self.path != "/submit":
            self.send_error(404)
            return
        try:
            body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", 0))))
            entry = body["word"] if isinstance(body.get("word"), str) else \
                [_cell(p, self.game.judge.rows, self.game.judge.cols) for p in body["path"]]
        except (ValueError, KeyError, TypeError, AttributeError):
            self.send_error(400)
            return
        self._json(self.game.submit(entry))

    def _json(self, data: dict) -> None:
        body = json.dumps(data, ensure_ascii=False).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-store")  # a new round's page never comes from cache
        super().end_headers()

    def log_message(self, *args) -> None:
        pass


@contextmanager
def serving(game: WebGame) -> Iterator[str]:
    """Serve the page for ``game`` on a free port of 127.0.0.1 from a thread; yields its URL."""
    handler = type("Handler", (_Handler,), {"game": game})
    server = ThreadingHTTPServer(("127.0.0.1", 0), partial(handler, directory=str(WEB)))
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, name="webgame", daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(10)


def window_size(size: int, page: Page = Page()) -> tuple[int, int]:
    """The Chromium window that shows a size×size board whole, with the score and the message (and
    ``page``'s panel and footer)."""
    side = size * TILE + (size - 1) * GAP
    return 2 * MARGIN + side + page.side, HEADER + side + page.footer + FRAME


@contextmanager
def chromium(url: str, at: tuple[int, int], size: tuple[int, int]) -> Iterator[subprocess.Popen]:
    """Chromium showing ``url`` as an app window on $DISPLAY, with a fresh profile; on exit its
    whole process group is stopped and the profile removed."""
    exe = shutil.which("chromium") or shutil.which("chromium-browser")
    if exe is None:
        raise WordbotError("Chromium is not installed (scripts/setup_system.sh installs it)")
    profile = tempfile.mkdtemp(prefix="wordbot-chromium-")
    cmd = [exe, f"--app={url}", f"--window-position={at[0]},{at[1]}", f"--window-size={size[0]},{size[1]}",
           f"--user-data-dir={profile}", *CHROMIUM_FLAGS]
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        yield proc
    finally:
        _stop_group(proc)
        shutil.rmtree(profile, ignore_errors=True)


def _stop_group(proc: subprocess.Popen) -> None:
    """SIGTERM to the browser's process group, then SIGKILL to whatever of it is left (its zygotes
    and renderers can outlive the browser process)."""
    with suppress(ProcessLookupError):
        os.killpg(proc.pid, signal.SIGTERM)
    with suppress(subprocess.TimeoutExpired):
        proc.wait(10)
    with suppress(ProcessLookupError):
        os.killpg(proc.pid, signal.SIGKILL)
    proc.wait()


@dataclass
class BrowserGame:
    """A running browser round: its referee, its URL, the Chromium process, and how long the window
    took to show the board."""

    game: WebGame
    url: str
    proc: subprocess.Popen
    startup: float


def _wait_for_board(proc: subprocess.Popen, lang: str, tiles: int, timeout: float):
    """The window's source once ``read_board`` finds all ``tiles`` letters in it."""
    from wordbot.capture import open_source
    from wordbot.ocr.read import read_board

    deadline = time.monotonic() + timeout
    source = None
    while True:
        try:
            source = source or open_source(window=TITLE)
            reading = read_board(source.grab(), lang)
            if len(reading.tiles) == tiles and all(reading.tiles):
                return source
        except WordbotError:
            pass
        if proc.poll() is not None or time.monotonic() > deadline:
            if source is not None:
                source.close()
            raise WordbotError("the browser game did not show its board")
        time.sleep(0.2)


@contextmanager
def browser_game(log: Path | None, lang: str = "ru", seed: int = 1, duration: float = 60.0,
                 at: tuple[int, int] = (40, 40), size: int | None = None, rules: str = "wordhunt",
                 min_len: int | None = None, timeout: float = 60.0, variant: str = "wordhunt",
                 exclude: frozenset[str] = frozenset(),
                 query: str = "") -> Iterator[tuple[BrowserGame, object]]:
    """Yield (the running game, a ``wordbot.capture`` source of its window) once the board shows;
    Chromium, the server and the profile are gone on exit (the round logged as "closed" if early).
    ``size``, ``min_len``: the variant's (``PAGES``) when not given; ``exclude``: words the game's own
    dictionary lacks (refused); ``query``: more of the page's options ("lag=1500")."""
    page = PAGES.get(variant, Page())
    size, min_len = size or page.size, min_len or page.min_len
    lex = Lexicon.builtin(lang)
    game_log = GameLog(log)
    judge = GridJudge(grid_board(lex, size, size, seed), size, size, lex, min_len=min_len, rules=rules,
                      exclude=exclude)
    game = WebGame(judge, game_log, duration)
    try:
        query = "&".join(q for q in (VARIANTS[variant], query) if q)
        with serving(game) as url, chromium(f"{url}?{query}", at, window_size(size, page)) as proc:
            t0 = time.monotonic()
            source = _wait_for_board(proc, lang, size * size, timeout)
            try:
                yield BrowserGame(game, url, proc, time.monotonic() - t0), source
            finally:
                source.close()
    finally:
        game.finish("closed")
        game_log.close()


def main(argv: list[str] | None = None) -> dict:
    """Open a round in Chromium and wait for its end (or for the window to be closed)."""
    ap = argparse.ArgumentParser(prog="python -m wordbot.simgame.browser", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--lang", default="ru", choices=["ru", "en"])
    ap.add_argument("--size", type=int, default=None, choices=[4, 5], help="the variant's when not given")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--duration", type=float, default=80.0)
    ap.add_argument("--rules", default="wordhunt", choices=["wordhunt", "wordsmania"])
    ap.add_argument("--min-len", type=int, default=None, help="the variant's when not given")
    ap.add_argument("--variant", default="wordhunt", choices=list(VARIANTS))
    ap.add_argument("--exclude", default="", help="comma-separated words the game refuses")
    ap.add_argument("--query", default="", help="more page options, e.g. lag=1500 (data/web/game.js)")
    ap.add_argument("--log", type=Path, default=None, help="JSON-lines record of the game")
    ap.add_argument("--at", type=lambda s: tuple(map(int, s.split(","))), default=(40, 40),
                    help="window position X,Y")
    ap.add_argument("--linger", type=float, default=2.0, help="seconds the final screen stays")
    args = ap.parse_args(argv)
    with browser_game(args.log, args.lang, args.seed, args.duration, args.at, args.size, args.rules,
                      args.min_len, variant=args.variant,
                      exclude=frozenset(w for w in args.exclude.split(",") if w),
                      query=args.query) as (running, _):
        print(f"{running.url} ready in {running.startup:.1f} s", flush=True)
        while not running.game.wait(0.5) and running.proc.poll() is None:
            pass
        summary = running.game.finish("closed")
        with suppress(subprocess.TimeoutExpired):
            running.proc.wait(args.linger)  # "Time's up" on screen, unless the window is closed
    print(json.dumps(summary, ensure_ascii=False))
    return summary


if __name__ == "__main__":
    main()
