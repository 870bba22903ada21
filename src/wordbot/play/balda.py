"""Balda turns beside a game: read the board and the on-screen letter keyboard, suggest the AI's
move and, with ``auto``, play it: tap the empty cell, tap the letter's key, then enter the word
through it as the game takes words (its cells tapped and sent by Return or a button, or dragged).

The screen holds two letter grids: the board and the keyboard. The keyboard is the one whose
tiles spell most of the alphabet once each (keys read doubtfully get their letter by
elimination); it is masked out and the board is read from what is left, so a keyboard is never
taken for the board, whatever its layout. Its keys are glyphs in the game's own font and case,
with their letters: the board is read again against them (a lower-case board the built-in glyphs
doubt). How moves are entered, and whether anyone replies (practice modes do not), comes from the
profile or is found on the first move and handed to ``on_learn``.
"""

from __future__ import annotations

import threading
import time
from collections import Counter, deque
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property
from itertools import pairwise

import numpy as np

from wordbot.act import Actor, Bounds, Shown, Stopped
from wordbot.act.base import Check
from wordbot.calibration.profile import check_jitter
from wordbot.errors import WordbotError
from wordbot.games import BaldaSpec
from wordbot.lexicon import Lexicon
from wordbot.lexicon.alphabet import Alphabet
from wordbot.ocr import THRESHOLD, Bank, BoardReading, read_tiles
from wordbot.play.buttons import find_button, find_buttons, safe_buttons
from wordbot.play.feedback import Watch, same_colour
from wordbot.play.grid import Reader
from wordbot.play.history import History
from wordbot.play.seat import Frame, Seat
from wordbot.play.store import Learned
from wordbot.solver.ai import balda_best_move
from wordbot.solver.balda import balda_moves
from wordbot.solver.grid import Found

Box = tuple[int, int, int, int]
KEY_SHARE = 0.85  # of the alphabet read sure and once each: the grid is the keyboard
# Key orders of the usual layouts, for keys read doubtfully: alphabetical and ЙЦУКЕН/QWERTY.
ORDERS = ("абвгдеёжзийклмнопрстуфхцчшщъыьэюя", "ёйцукенгшщзхъфывапролджэячсмитьбю",
          "abcdefghijklmnopqrstuvwxyz", "qwertyuiopasdfghjklzxcvbnm")


@dataclass
class BaldaOptions:
    auto: bool = False
    mode: str = "classic"
    turns: int = 10
    threshold: float = THRESHOLD
    spec: BaldaSpec = field(default_factory=BaldaSpec)  # how moves are entered ("" = find out)
    think: float = 1.0  # seconds the AI may think
    reply_timeout: float = 10.0  # how long to wait for an opponent known to reply
    opponent_wait: float = 4.0  # not known yet whether anyone replies: how long to wait on the first move
    outcome_timeout: float = 2.0  # how long a sent move may take to show as taken or refused
    show_wait: float = 0.8  # how long a tapped cell may take to show selected (a lagging game)
    watch_timeout: float = 600.0  # without auto: how long to wait for the player's next move


@dataclass
class BaldaView:
    board: BoardReading
    keys: dict[str, tuple[float, float]]  # letter -> key centre (frame pixels); ё's key too
    keys_box: Box
    glyphs: Bank  # the keys' glyphs, labelled: the game's own font

    def rows(self) -> list[str]:
        return rows_of(self.board.tiles, self.board.cols)

    @cached_property
    def watch(self) -> Watch:
        """The board's cells, to compare their colours between frames."""
        return Watch(self.board.board_box, self.board.centres, self.board.tile)


def rows_of(tiles: list[str], cols: int) -> list[str]:
    return ["".join(t or "." for t in tiles[r: r + cols]) for r in range(0, len(tiles), cols)]


# --- the keyboard -------------------------------------------------------------------------------------
def keyboard_keys(reading: BoardReading, letters: str, threshold: float = THRESHOLD) -> dict[str, int] | None:
    """The keys of ``reading`` (letter -> tile index) when it is a letter keyboard: at least
    ``KEY_SHARE`` of the alphabet read sure and once each, about one tile per letter; None when
    it is not. Keys read doubtfully or twice (lower-case а/э, е/с, ё/е) get their letter by
    elimination: in a layout of a known order the letters missing between two read keys, when as
    many tiles lie between them; else the one key left for the one letter left."""
    lettered = [i for i, t in enumerate(reading.tiles) if t]
    if not 0.9 * len(letters) <= len(lettered) <= len(letters) + 3:
        return None
    sure = [i for i in lettered if reading.confidence[i] >= threshold]
    count = Counter(reading.tiles[i] for i in sure)
    keys = {reading.tiles[i]: i for i in sure if count[reading.tiles[i]] == 1}
    if sum(ch in keys for ch in letters) < KEY_SHARE * len(letters):
        return None
    rest = [i for i in lettered if i not in keys.values()]
    for order in ORDERS:
        if set(letters) <= set(order):
            keys.update(_between(keys, rest, order))
    left = [i for i in rest if i not in keys.values()]
    missing = [ch for ch in letters if ch not in keys]
    if len(left) == len(missing) == 1:
        keys[missing[0]] = left[0]
    return keys


def _between(keys: dict[str, int], rest: list[int], order: str) -> dict[str, int]:
    """Unread keys of a layout in ``order`` (reading order: row by row): each run of unread tiles
    between two read keys holds the letters between them, where the counts agree. Nothing when
    the read keys are not in this order."""
    rank = {ch: k for k, ch in enumerate(order)}
    read = sorted((i, rank[ch]) for ch, i in keys.items() if ch in rank)
    ranks = [r for _, r in read]
    if len(read) < len(keys) or ranks != sorted(ranks):
        return {}
    found = {}
    for (i0, r0), (i1, r1) in pairwise([(-1, -1), *read, (len(rest) + 10 ** 6, len(order))]):
        tiles = [i for i in rest if i0 < i < i1]
        if tiles and len(tiles) == r1 - r0 - 1:
            found.update(zip(order[r0 + 1: r1], tiles, strict=True))
    return found


def _mask(image: np.ndarray, box: Box) -> np.ndarray:
    x, y, w, h = box
    out = image.copy()
    out[max(0, y - 6): y + h + 6, max(0, x - 6): x + w + 6] = image[max(0, y - 12), max(0, x - 12)]
    return out


def key_glyphs(keyboard: BoardReading, keys: dict[str, int], lang: str) -> Bank:
    """The keys' glyphs as templates (ё's key stands for е, as in the word lists)."""
    labels = np.array(["е" if ch == "ё" else ch for ch in keys])
    return Bank(lang, keyboard.pictures[list(keys.values())], labels)


def reread(image: np.ndarray, board: BoardReading, glyphs: Bank) -> BoardReading:
    """``board`` with each tile read again against the keys' glyphs, kept where that is surer."""
    again = read_tiles(image, board.lattice(), glyphs.lang, glyphs)
    best = [(b, cb) if cb > ca else (a, ca) for a, ca, b, cb
            in zip(board.tiles, board.confidence, again.tiles, again.confidence, strict=True)]
    return BoardReading(board.rows, board.cols, [t for t, _ in best], [c for _, c in best], board.board_box,
                        board.centres, board.pictures)


def read_view(image: np.ndarray, reader: Reader, alpha: Alphabet, threshold: float = THRESHOLD) -> BaldaView:
    """The board and the keyboard of a Balda screen, from one frame: the two largest letter grids,
    the keyboard being the one that spells the alphabet. WordbotError saying what is missing."""
    grids: list[BoardReading] = []
    for _ in range(2):
        try:
            r = reader(image if not grids else _mask(image, grids[0].board_box))
        except WordbotError:
            r = None
        if r is None:
            break
        grids.append(r)
    found = [(r, keyboard_keys(r, alpha.letters, threshold)) for r in grids]
    keyboard = next(((r, k) for r, k in found if k is not None), None)
    if keyboard is None:
        raise WordbotError("no letter keyboard seen (no letter grid spells the alphabet)")
    board = next((r for r, _ in found if r is not keyboard[0]), None)
    if board is None:
        raise WordbotError("no Balda board seen beside the keyboard")
    kb, keys = keyboard
    glyphs = key_glyphs(kb, keys, alpha.lang)
    return BaldaView(reread(image, board, glyphs), {ch: kb.centres[i] for ch, i in keys.items()},
                     kb.board_box, glyphs)


def start_words(rows: list[str]) -> set[str]:
    """Words already on a fresh board (the start word): runs of letters along the rows."""
    return {run for row in rows for run in row.split(".") if len(run) >= 2}


@dataclass
class BaldaReport:
    moves: list[str] = field(default_factory=list)  # our words the game took
    rejected: list[str] = field(default_factory=list)
    opponent: list[tuple[int, int, str]] = field(default_factory=list)  # moves seen: row, col, letter
    history: list[str] = field(default_factory=list)  # used words the game showed that nothing else told
    entry: str = ""  # how the game took moves
    move_seconds: list[float] = field(default_factory=list)  # first tap to the move shown as taken
    stopped: str = ""
    failed: bool = False  # ended by an error (window gone, no board), not by the user or the game

    def summary(self) -> dict:
        t = sorted(self.move_seconds)
        return {"moves": len(self.moves), "words": self.moves, "rejected": len(self.rejected),
                "opponent_moves": len(self.opponent), "history_words": len(self.history), "entry": self.entry,
                "seconds_per_move": round(t[len(t) // 2], 2) if t else None, "stopped": self.stopped}


class BaldaPlayer(Seat):
    def __init__(self, source, reader: Reader, lex: Lexicon, opts: BaldaOptions,
                 actor: Callable[[Bounds], Actor] | None = None, overlay=None,
                 learned: Learned | None = None, say: Callable[[str], None] = print,
                 stop: threading.Event | None = None, on_learn: Callable[[BaldaSpec], None] | None = None):
        super().__init__(source, overlay, stop)
        self.reader, self.lex, self.opts = reader, lex, opts
        self.make_actor, self.say, self.on_learn = actor, say, on_learn
        self.spec = opts.spec
        self.learned = learned or Learned("balda")
        self.report = BaldaReport(entry=self.spec.entry)
        self.used: set[str] = set()
        self.history: History | None = History(lex)  # None once Tesseract is found missing
        self.expected: list[str] | None = None  # the board as our last move left it
        self.waited = False  # the whole opponent wait passed after our last move
        self._new_shows = False  # the game showed a new letter's cell selected once: it must each time
        self._shows: deque[float] = deque(maxlen=20)  # seconds the last cells took to show selected
        self._doubted: Counter[str] = Counter()  # words refused once with their new letter unseen entered

    # --- reading -------------------------------------------------------------------------------
    def view(self, timeout: float = 8.0) -> tuple[Frame, BaldaView]:
        """A view read the same twice in a row (the game is not mid-redraw); paused while the
        board cannot be read."""
        deadline = time.monotonic() + timeout
        last, why, reads = None, "no Balda board seen", 0
        while time.monotonic() < deadline or reads < 2:  # a first read may load compiled code
            reads += 1
            frame = self.grab()
            try:
                v = read_view(frame.image, self.reader, self.lex.alphabet, self.opts.threshold)
            except WordbotError as exc:
                v, why = None, str(exc)
            if v is not None and last is not None and v.board.tiles == last.board.tiles:
                return frame, v
            last = v
            self.wait(0.15)
        raise WordbotError(f"{why} for {timeout:.0f} s: stopping")

    def board_now(self, v: BaldaView) -> tuple[Frame, list[str], np.ndarray]:
        """A frame, the letters on the board's cells in it, and the cells' colours (a quick
        read of the known cells, during a move)."""
        frame = self.grab()
        tiles = reread(frame.image, read_tiles(frame.image, v.board.lattice(), v.glyphs.lang), v.glyphs).tiles
        return frame, tiles, v.watch.colours(frame.image)

    def choose(self, v: BaldaView):
        """The AI's move, unless it crosses an unsure tile, needs a key not found, or is a word
        this game refused; then the best move that does none of these (None when there is none)."""
        unsure = set(v.board.unsure(self.opts.threshold))
        cols = v.board.cols
        banned = self.used | self.learned.blacklist

        def ok(m) -> bool:
            return m.word not in banned and m.letter in v.keys and \
                not any(r * cols + c in unsure for r, c in m.path)

        best = balda_best_move(v.rows(), self.lex, self.opts.mode, tuple(banned), self.opts.think)
        if best is None or not ok(best):
            best = next((m for m in balda_moves(v.rows(), self.lex, self.opts.mode, tuple(banned)) if ok(m)),
                        None)
        return best

    # --- the game ------------------------------------------------------------------------------
    def run(self) -> BaldaReport:
        try:
            frame, v = self.view()
            self.used = start_words(v.rows())
            for turn in range(1, 3 * self.opts.turns + 1):  # a move not taken is tried again
                if (len(self.report.moves) if self.opts.auto else turn - 1) >= self.opts.turns:
                    break
                frame, v = self.view()
                self._seen_reply(v)
                self._read_history(frame, v)
                move = self.choose(v)
                if move is None:
                    self.report.stopped = "no move left"
                    break
                found = Found(move.word, list(move.path), move.score)
                self.suggest(frame, v.board, [found], self.opts.threshold)
                self.say(f"move: {move.letter.upper()} at {move.cell[0] + 1},{move.cell[1] + 1} -> "
                         f"{move.word.upper()} (+{move.score})")
                if self.opts.auto:
                    self._play(frame, v, move)
                elif turn < self.opts.turns:  # the player moves (then the opponent, if any)
                    self._wait_for_letter(v, v.board.tiles, self.opts.watch_timeout)
            self.report.stopped = self.report.stopped or "turns played"
        except WordbotError as exc:
            self.report.stopped = str(exc)
            self.report.failed = not isinstance(exc, Stopped)
        return self.report

    def _seen_reply(self, v: BaldaView) -> None:
        """Letters beyond the board our last move left are the opponent's move: every word it
        could have made with that letter counts as used. None after the whole wait for one: the
        game is in practice mode (or the opponent passed), and says so to ``on_learn``."""
        if self.expected is None:
            return
        cols = v.board.cols
        new = [k for k, (a, b) in enumerate(zip(self.expected, v.board.tiles, strict=True)) if b and not a]
        if new:
            cell, letter = divmod(new[0], cols), v.board.tiles[new[0]]
            self.report.opponent.append((*cell, letter))
            for m in balda_moves(rows_of(self.expected, cols), self.lex, self.opts.mode, tuple(self.used),
                                 cell=cell):
                if m.letter == letter:
                    self.used.add(m.word)  # whichever it was, it is used now
        unknown = self.spec.opponent is None
        if (new and self.spec.opponent is not True) or (not new and self.waited and unknown):
            self.spec.opponent = bool(new)
            self.say("an opponent replies" if new else "nobody replies (practice): moving again at once")
            self._learn()
        self.expected = None

    def _read_history(self, frame: Frame, v: BaldaView) -> None:
        """Words the game writes beside the board (the words played, the last move) are used."""
        if self.history is None:
            return
        try:
            new = self.history.update(frame.image, (v.board.board_box, v.keys_box)) - self.used
        except (ImportError, OSError):  # pytesseract or the tesseract program missing
            self.say("tesseract is not installed: words the game lists beside the board are not read")
            self.history = None
            return
        if new:
            self.report.history.extend(sorted(new))
            self.used |= new
            self.say(f"the game shows {len(new)} used word(s) not known here: "
                     f"{', '.join(sorted(new)[:8])}")

    def _play(self, frame: Frame, v: BaldaView, move) -> bool:
        t0 = time.monotonic()
        button = self._button(frame, v)
        actor = self._actor(frame, v, (button,) if button else ())
        if not self._place(actor, frame, v, move):
            self.say("the game did not show the letter: move not entered")
            return False
        placed = self.cell_colours(v.watch)
        if self.spec.entry:
            outcome = self._send(actor, frame, v, move, placed, self.spec.entry, button)
        else:
            outcome = self._find_entry(frame, v, move, placed)
        if outcome != "accepted":
            if outcome == "cancelled":
                actor.driver.key("Escape")
                self.say(f"the game showed another path than {move.word!r}: cancelled, not sent")
            elif outcome == "refused" and self._unseen(move) and not self._doubted[move.word]:
                self._doubted[move.word] += 1  # once: the drag may have missed the new letter
                self.say(f"the game refused {move.word!r}, its new letter not seen entered: tried again")
            elif outcome == "refused":
                self.report.rejected.append(move.word)
                self.learned.reject(move.word)
                self.say(f"the game refused {move.word!r}: blacklisted")
            else:
                actor.driver.key("Escape")  # leave no half-entered move behind
                self.say(f"the game did not take {move.word!r}: retrying from a fresh read")
            return False
        self.report.move_seconds.append(time.monotonic() - t0)
        self.used.add(move.word)
        self.report.moves.append(move.word)
        mine = list(v.board.tiles)
        mine[move.cell[0] * v.board.cols + move.cell[1]] = move.letter
        self.expected = mine
        if self.spec.opponent is not False:
            wait = self.opts.reply_timeout if self.spec.opponent else self.opts.opponent_wait
            self.waited = not self._wait_for_letter(v, mine, wait)
        return True

    # --- entering a move -----------------------------------------------------------------------
    def _actor(self, frame: Frame, v: BaldaView, buttons: tuple[Box, ...] = ()) -> Actor:
        """An actor allowed on the board, the keyboard, and ``buttons``."""
        if self.make_actor is None:
            raise WordbotError("no input driver configured")
        ox, oy = frame.origin
        boxes = (v.board.board_box, v.keys_box, *buttons)
        actor = self.make_actor(Bounds(tuple((ox + x, oy + y, w, h) for x, y, w, h in boxes)))
        check_jitter(actor.pacing.jitter, v.board.tile)  # the tile is known only now
        return actor

    def _points(self, frame: Frame, v: BaldaView, cells) -> list[tuple[float, float]]:
        """Screen points of board cells."""
        centres = [v.board.centres[r * v.board.cols + c] for r, c in cells]
        return [(frame.origin[0] + x, frame.origin[1] + y) for x, y in centres]

    def _place(self, actor: Actor, frame: Frame, v: BaldaView, move) -> bool:
        """Tap the empty cell and the letter's key; True once the game shows a letter there."""
        kx, ky = v.keys[move.letter]
        actor.taps([*self._points(frame, v, [move.cell]), (frame.origin[0] + kx, frame.origin[1] + ky)])
        i = move.cell[0] * v.board.cols + move.cell[1]
        deadline = time.monotonic() + self.opts.outcome_timeout
        while time.monotonic() < deadline:
            if self.board_now(v)[1][i]:
                return True
            self.wait(0.05)
        return False

    def _send(self, actor: Actor, frame: Frame, v: BaldaView, move, placed: np.ndarray, entry: str,
              button: Box | None, tapped: int = 0) -> str:
        """Enter the word's cells (past the first ``tapped``) and send them the ``entry`` way; a
        word is sent (Return, Submit, the drag's release) only once the game shows exactly its
        cells selected (a tap lost or landed elsewhere under load), else it is "cancelled".
        ``placed``: the cells' colours once the new letter showed, before any cell was entered."""
        points = self._points(frame, v, move.path)
        check = self._shows_path(v, placed, move, tapped)
        if entry == "drag":  # a path shown otherwise is slid back and released on its first cell
            return self._outcome(frame, v, move) if actor.swipe(points, check=check) else "cancelled"
        if entry == "button" and button is None:
            raise WordbotError("no Submit button found on the screen")
        target = None
        if button is not None:
            x, y, w, h = button
            target = (frame.origin[0] + x + w / 2, frame.origin[1] + y + h / 2)
        if not points[tapped:]:  # all tapped on an earlier try: sent as they still show
            if check(0) != Shown.PATH:
                return "cancelled"
            actor.confirm(entry, points[-1], target)
        elif not actor.click_path(points[tapped:], entry, target, check=check):
            return "cancelled"
        return self._outcome(frame, v, move)

    def _unseen(self, move) -> bool:
        """Whether the word's new letter was entered without a sign the game took it: its cell
        shows no change selected in this game, and it is not the first (a press is not lost)."""
        return not self._new_shows and tuple(move.path[0]) != tuple(move.cell)

    def _shows_path(self, v: BaldaView, placed: np.ndarray, move, tapped: int) -> Check:
        """``check(k)`` for the actor: PATH once the game shows the word's first ``tapped + k``
        cells selected and no other cell changed since ``placed``; OTHER when another shows, or
        those do not within ``show_wait``. The new letter's cell counts once the game has shown
        it selected: some games draw a new letter in their selection colour already. Where it
        cannot be seen selected, the pointer stays on it for as long as the game took to show the
        slowest of its last cells (twice that): a busy game that handles it late would otherwise
        take the next cell's move first and drop it (a drag from a diagonal neighbour on)."""
        cols = v.board.cols
        cells = [r * cols + c for r, c in move.path]
        new = move.cell[0] * cols + move.cell[1]

        def check(k: int) -> Shown:
            want = set(cells[:tapped + k])
            start = time.monotonic()
            deadline = start + self.opts.show_wait
            while True:
                shown = v.watch.changed_cells(placed, self.cell_colours(v.watch))
                self._new_shows = self._new_shows or new in shown & want
                if shown - {new} == want - {new} and (new in shown or new not in want or not self._new_shows):
                    if not tapped + k or cells[tapped + k - 1] != new or new in shown:
                        self._shows.append(time.monotonic() - start)
                    elif self._shows:  # the new letter's cell, unseen: the game is given time
                        self.wait(max(0.0, 2 * max(self._shows) - (time.monotonic() - start)))
                    return Shown.PATH
                if shown - want or time.monotonic() > deadline:
                    return Shown.OTHER
                self.wait(0.01)

        return check

    def _button(self, frame: Frame, v: BaldaView) -> Box | None:
        """The Submit button of a game known to take moves by one."""
        if self.spec.entry != "button":
            return None
        return next(iter(self._buttons(frame, v)), None)

    def _buttons(self, frame: Frame, v: BaldaView) -> list[Box]:
        """The profile's button, one of its colour below the keyboard, or those found by their look
        (one whose text says Cancel or Quit left out)."""
        if self.spec.button is not None:
            return [self.spec.button]
        if self.spec.button_rgb is not None:
            x, y, w, h = v.keys_box
            box = find_button(frame.image, self.spec.button_rgb, y + h)
            return [box] if box else []
        pitch = abs(v.keys["б"][0] - v.keys["а"][0]) if {"а", "б"} <= v.keys.keys() else v.board.tile
        return safe_buttons(frame.image, find_buttons(frame.image, [v.board.board_box, v.keys_box], pitch))

    def _find_entry(self, frame: Frame, v: BaldaView, move, placed: np.ndarray) -> str:
        """The first move finds how the game takes moves. A tap on a cell of the word that the game
        keeps selected means taps: sent by Return, else by a button (each one found by its look,
        likeliest first; one that clears the move was Cancel: the move is entered again). A tap
        the game ignores means a drag. The way that gets the move taken is kept."""
        buttons = self._buttons(frame, v)
        actor = self._actor(frame, v, tuple(buttons))
        tapped = self._keeps_taps(actor, frame, v, move, placed)
        tries = [("enter", None), *[("button", b) for b in buttons]] if tapped else [("drag", None)]
        outcome = "pending" if self.board_now(v)[1][move.cell[0] * v.board.cols + move.cell[1]] else "refused"
        for entry, button in tries:
            if outcome == "refused":  # the move was cleared: enter it again
                if not self._place(actor, frame, v, move):
                    return "pending"
                tapped = 0
            outcome = self._send(actor, frame, v, move, placed, entry, button, tapped)
            if outcome == "cancelled":
                return outcome
            tapped = len(move.path)
            if outcome == "accepted" or (outcome == "refused" and entry != "button"):
                self.spec.entry, self.spec.button = entry, button
                self.report.entry = entry
                self.say(f"the game takes moves by {entry}" + (f" (button at {button})" if button else ""))
                self._learn()
                return outcome
        return outcome

    def _keeps_taps(self, actor: Actor, frame: Frame, v: BaldaView, move, before: np.ndarray) -> int:
        """Tap the word's cells up to its first old letter: how many were tapped when the game
        shows that cell selected (a tap game), else 0 (a drag game ignores one-cell taps)."""
        k = next(j for j, c in enumerate(move.path) if tuple(c) != tuple(move.cell))
        cell = move.path[k][0] * v.board.cols + move.path[k][1]
        actor.taps(self._points(frame, v, move.path[: k + 1]))
        deadline = time.monotonic() + 0.6
        while time.monotonic() < deadline:
            now = self.cell_colours(v.watch)
            if not same_colour(tuple(now[cell]), tuple(before[cell])):
                return k + 1
            self.wait(0.05)
        return 0

    def _outcome(self, base: Frame, v: BaldaView, move) -> str:
        """What the game made of a sent move, the same in two frames running: "accepted" (its letter
        stays, its cell filled as the cells that held a letter (its letter's ink is new there), and
        none of those is coloured otherwise than before: the word is no longer selected), "refused"
        (the cell is empty again, the board as before), or "pending" (neither in time: the move is
        still being entered)."""
        i = move.cell[0] * v.board.cols + move.cell[1]
        watch = v.watch
        before = watch.colours(base.image)
        old = {k for k, t in enumerate(v.board.tiles) if t}
        deadline = time.monotonic() + self.opts.outcome_timeout
        last = None
        while time.monotonic() < deadline:
            _, tiles, now = self.board_now(v)
            plain = not watch.changed_cells(before, now) & old
            state = "pending"
            if plain and not tiles[i]:
                state = "refused"
            elif plain and any(same_colour(tuple(now[i, :3]), tuple(before[k, :3])) for k in old):
                state = "accepted"
            if state != "pending" and state == last:
                return state
            last = state
            self.wait(0.05)
        return "pending"

    def _wait_for_letter(self, v: BaldaView, tiles: list[str], timeout: float) -> bool:
        """Wait until a letter shows in a cell empty in ``tiles``; False when none did in time."""
        empty = [k for k, t in enumerate(tiles) if not t]
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            now = self.board_now(v)[1]
            if any(now[k] for k in empty):
                return True
            self.wait(0.1)
        return False

    def _learn(self) -> None:
        if self.on_learn is not None:
            self.on_learn(self.spec)

