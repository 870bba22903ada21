"""Balda turns beside a game: read the board and the on-screen letter keyboard, suggest the AI's
move and, with ``auto``, play it by taps (cell, letter key, the word's cells, Submit).

The screen holds two letter grids: the board and the keyboard. The keyboard is the one whose
tiles spell the whole alphabet once each; it is masked out and the board is read from what is
left. The keyboard's tiles give the key positions, so no layout is hard-coded; the Submit button
is found by its colour (``BaldaOptions.submit_rgb``).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field

import cv2
import numpy as np

from wordbot.act import Actor, Bounds, Stopped
from wordbot.errors import WordbotError
from wordbot.lexicon import Lexicon
from wordbot.ocr import THRESHOLD, BoardReading
from wordbot.overlay import Scene
from wordbot.play.grid import Reader
from wordbot.play.seat import Frame, Seat
from wordbot.play.store import Learned
from wordbot.solver.ai import balda_best_move
from wordbot.solver.balda import balda_moves
from wordbot.solver.grid import Found

Box = tuple[int, int, int, int]


@dataclass
class BaldaOptions:
    auto: bool = False
    mode: str = "classic"
    turns: int = 10
    threshold: float = THRESHOLD
    submit_rgb: tuple[int, int, int] = (102, 187, 106)  # the simulated game's green button
    think: float = 1.0  # seconds the AI may think
    reply_timeout: float = 10.0  # how long to wait for the game to show a move
    watch_timeout: float = 600.0  # without auto: how long to wait for the player's next move


@dataclass
class BaldaView:
    board: BoardReading
    keys: dict[str, tuple[float, float]]  # letter -> key centre (frame pixels)
    keys_box: Box
    submit: Box | None

    def rows(self) -> list[str]:
        t, c = self.board.tiles, self.board.cols
        return ["".join(t[r * c + k] or "." for k in range(c)) for r in range(self.board.rows)]

    def filled(self) -> int:
        return sum(bool(t) for t in self.board.tiles)


def _is_keyboard(reading: BoardReading, letters: str) -> bool:
    tiles = [t for t in reading.tiles if t]
    return len(tiles) == len(set(tiles)) and len(set(tiles) & set(letters)) >= 0.9 * len(letters)


def _mask(image: np.ndarray, box: Box) -> np.ndarray:
    x, y, w, h = box
    out = image.copy()
    out[max(0, y - 6): y + h + 6, max(0, x - 6): x + w + 6] = image[max(0, y - 12), max(0, x - 12)]
    return out


def find_button(image: np.ndarray, rgb: tuple[int, int, int], below: int, tolerance: int = 25) -> Box | None:
    """The largest blob of colour ``rgb`` under the row ``below``: the game's button."""
    part = image[below:]
    diff = np.abs(part[:, :, :3].astype(int) - np.array(rgb[::-1])).max(axis=2)
    near = (diff <= tolerance).astype(np.uint8)
    n, _, stats, _ = cv2.connectedComponentsWithStats(near)
    if n <= 1:
        return None
    i = 1 + int(np.argmax(stats[1:, cv2.CC_STAT_AREA]))
    x, y, w, h, area = stats[i]
    return (int(x), int(y) + below, int(w), int(h)) if area > 200 else None


def read_view(image: np.ndarray, reader: Reader, letters: str, submit_rgb) -> BaldaView | None:
    """The board, the keyboard and the Submit button of a Balda screen (None if any is missing)."""
    found = []
    for _ in range(2):
        try:
            r = reader(image if not found else _mask(image, found[0].board_box))
        except WordbotError:
            return None
        if r is None:
            return None
        found.append(r)
    keyboard = next((r for r in found if _is_keyboard(r, letters)), None)
    board = next((r for r in found if r is not keyboard), None)
    if keyboard is None or board is None:
        return None
    keys = {t: keyboard.centres[i] for i, t in enumerate(keyboard.tiles) if t}
    x, y, w, h = keyboard.board_box
    return BaldaView(board, keys, keyboard.board_box, find_button(image, submit_rgb, y + h))


def start_words(rows: list[str]) -> set[str]:
    """Words already on a fresh board (the start word): runs of letters along the rows."""
    return {run for row in rows for run in row.split(".") if len(run) >= 2}


@dataclass
class BaldaReport:
    moves: list[str] = field(default_factory=list)  # our words the game took
    rejected: list[str] = field(default_factory=list)
    opponent: int = 0  # opponent moves seen
    stopped: str = ""
    failed: bool = False  # ended by an error (window gone, no board), not by the user or the game

    def summary(self) -> dict:
        return {"moves": len(self.moves), "words": self.moves, "rejected": len(self.rejected),
                "opponent_moves": self.opponent, "stopped": self.stopped}


class BaldaPlayer(Seat):
    def __init__(self, source, reader: Reader, lex: Lexicon, opts: BaldaOptions,
                 actor: Callable[[Bounds], Actor] | None = None, overlay=None,
                 learned: Learned | None = None, say: Callable[[str], None] = print,
                 stop: threading.Event | None = None):
        super().__init__(source, overlay, stop)
        self.reader, self.lex, self.opts = reader, lex, opts
        self.make_actor, self.say = actor, say
        self.learned = learned or Learned("balda")
        self.report = BaldaReport()
        self.used: set[str] = set()

    def view(self, timeout: float = 8.0) -> tuple[Frame, BaldaView]:
        """A view read the same twice in a row (the game is not mid-redraw); paused while the
        board cannot be read."""
        deadline = time.monotonic() + timeout
        last = None
        while time.monotonic() < deadline:
            frame = self.grab()
            v = read_view(frame.image, self.reader, self.lex.alphabet.letters, self.opts.submit_rgb)
            if v is not None and last is not None and v.board.tiles == last.board.tiles:
                return frame, v
            last = v
            self.wait(0.15)
        raise WordbotError(f"no Balda board seen for {timeout:.0f} s: stopping")

    def choose(self, v: BaldaView):
        """The AI's move, unless it crosses an unsure tile or a word this game refused; then the
        best move that does neither (None when there is none)."""
        unsure = set(v.board.unsure(self.opts.threshold))
        cols = v.board.cols
        banned = self.used | self.learned.blacklist

        def ok(m) -> bool:
            return m.word not in banned and not any(r * cols + c in unsure for r, c in m.path)

        best = balda_best_move(v.rows(), self.lex, self.opts.mode, tuple(banned), self.opts.think)
        if best is None or not ok(best):
            best = next((m for m in balda_moves(v.rows(), self.lex, self.opts.mode, tuple(banned)) if ok(m)),
                        None)
        return best

    def run(self) -> BaldaReport:
        try:
            frame, v = self.view()
            self.used = start_words(v.rows())
            for turn in range(1, self.opts.turns + 1):
                frame, v = self.view()
                move = self.choose(v)
                if move is None:
                    self.report.stopped = "no move left"
                    break
                self._show(frame, v, Found(move.word, list(move.path), move.score))
                self.say(f"move: {move.letter.upper()} at {move.cell[0] + 1},{move.cell[1] + 1} -> "
                         f"{move.word.upper()} (+{move.score})")
                if self.opts.auto:
                    self._play(frame, v, move)
                elif turn < self.opts.turns:  # the player moves, then the opponent: wait for both
                    self._wait_for_change(v, self.opts.watch_timeout)
            self.report.stopped = self.report.stopped or "turns played"
        except WordbotError as exc:
            self.report.stopped = str(exc)
            self.report.failed = not isinstance(exc, Stopped)
        return self.report

    def _play(self, frame: Frame, v: BaldaView, move) -> bool:
        if v.submit is None:
            raise WordbotError("no Submit button found on the screen")
        if move.letter not in v.keys:
            raise WordbotError(f"no key for the letter {move.letter!r} on the screen")
        ox, oy = frame.origin
        bx, by, bw, bh = v.board.board_box
        kx, ky, kw, kh = v.keys_box
        sx, sy, sw, sh = v.submit
        actor = self.make_actor(Bounds(((ox + bx, oy + by, bw, bh), (ox + kx, oy + ky, kw, kh),
                                        (ox + sx, oy + sy, sw, sh))))
        cols = v.board.cols

        def at(cell):
            x, y = v.board.centres[cell[0] * cols + cell[1]]
            return ox + x, oy + y

        key = v.keys[move.letter]
        actor.taps([at(move.cell), (ox + key[0], oy + key[1]), *[at(c) for c in move.path],
                    (ox + sx + sw / 2, oy + sy + sh / 2)])
        before = v.filled()
        frame, after = self._wait_for_change(v, self.opts.reply_timeout)
        i = move.cell[0] * cols + move.cell[1]
        if after.board.tiles[i] != move.letter:
            self.report.rejected.append(move.word)
            self.learned.reject(move.word)
            self.say(f"the game refused {move.word!r}: blacklisted")
            return False
        self.used.add(move.word)
        self.report.moves.append(move.word)
        # the opponent's reply: wait for one more letter, then count every word it could have made.
        # The board after our move is the one we saw plus our letter: a quick reply may already be
        # on the screen we just read.
        mine = list(v.board.tiles)
        mine[i] = move.letter
        if after.filled() == before + 1:
            frame, after = self._wait_for_change(after, self.opts.reply_timeout)
        new = [k for k, (a, b) in enumerate(zip(mine, after.board.tiles, strict=True)) if b and not a]
        if new:
            self.report.opponent += 1
            rows = ["".join(mine[r * cols + c] or "." for c in range(cols)) for r in range(after.board.rows)]
            cell = divmod(new[0], cols)
            letter = after.board.tiles[new[0]]
            for m in balda_moves(rows, self.lex, self.opts.mode, tuple(self.used), cell=cell):
                if m.letter == letter:
                    self.used.add(m.word)  # whichever it was, it is used now
        return True

    def _wait_for_change(self, v: BaldaView, timeout: float) -> tuple[Frame, BaldaView]:
        deadline = time.monotonic() + timeout
        while True:
            frame, now = self.view()
            if now.board.tiles != v.board.tiles or time.monotonic() > deadline:
                return frame, now
            self.wait(0.1)

    def _show(self, frame: Frame, v: BaldaView, found: Found) -> None:
        if self.overlay is None:
            return
        r = v.board
        scene = Scene(r.rows, r.cols, r.centres, r.tile * 0.9, r.board_box, r.unsure(self.opts.threshold))
        self.overlay.show(frame.image, scene, [found], origin=frame.origin, beside=self.window)
