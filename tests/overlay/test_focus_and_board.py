"""The overlay on X11 with a real window manager: it never takes the focus from the game, stays
above it, and in board mode lies on the game's board, lets clicks through and leaves the reading
of the board unchanged. The game is a Tk window in another process that reports its focus and
clicks."""

from __future__ import annotations

import queue
import shutil
import subprocess
import sys
import threading
import time
from collections.abc import Callable

import mss
import numpy as np
import pytest

import wordbot
from wordbot import Found
from wordbot.overlay import OverlayWindow, Scene

pytestmark = [pytest.mark.gui, pytest.mark.skipif(shutil.which("xdotool") is None, reason="no xdotool")]

TITLE = "wordbot focus test game"
GAME = r"""
import sys, tkinter as tk
root = tk.Tk(); root.title(sys.argv[1]); root.geometry("+100+100")
tile, gap, letters = 96, 12, "КОТЫРБАСЛНМЧЕИДУ"
side = 4 * tile + 3 * gap + 60
c = tk.Canvas(root, width=side, height=side, background="#25324a", highlightthickness=0); c.pack()
for i, letter in enumerate(letters):
    x, y = 30 + i % 4 * (tile + gap), 30 + i // 4 * (tile + gap)
    c.create_rectangle(x, y, x + tile, y + tile, fill="#f4e4c1", outline="")
    c.create_text(x + tile / 2, y + tile / 2, text=letter, fill="#1c1c1c", font=("DejaVu Sans", 40, "bold"))
say = lambda *a: print(*a, flush=True)
root.bind("<FocusIn>", lambda e: say("focusin") if e.widget is root else None)
root.bind("<FocusOut>", lambda e: say("focusout") if e.widget is root else None)
c.bind("<Button-1>", lambda e: say("click", e.x_root, e.y_root))
root.after(100, lambda: say("ready", c.winfo_rootx(), c.winfo_rooty(), side))
root.mainloop()
"""


def wait_for(check: Callable[[], object], what: str, timeout: float = 10.0, pump=None):
    """``check()``'s first truthy value, polled until ``timeout`` (a busy machine is slow)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if pump is not None:
            pump()
        value = check()
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what}")


class Game:
    """The game process: its window's canvas on screen and the events it reported."""

    def __init__(self):
        self.proc = subprocess.Popen([sys.executable, "-c", GAME, TITLE], stdout=subprocess.PIPE, text=True)
        self.lines: queue.Queue[str] = queue.Queue()
        self.events: list[str] = []
        threading.Thread(target=lambda: [self.lines.put(s.strip()) for s in self.proc.stdout],
                         daemon=True).start()
        _, x, y, side = wait_for(lambda: self._line("ready"), "the game window").split()
        self.box = (int(x), int(y), int(side), int(side))

    def _line(self, prefix: str) -> str | None:
        self.drain()
        return next((e for e in self.events if e.startswith(prefix)), None)

    def drain(self) -> list[str]:
        while not self.lines.empty():
            self.events.append(self.lines.get())
        return self.events

    def window_id(self) -> str:
        out = subprocess.run(["xdotool", "search", "--name", TITLE], capture_output=True, text=True)
        return out.stdout.split()[0]

    def focus(self) -> None:
        """Give the game the focus as a user would, and wait until it has it."""
        subprocess.run(["xdotool", "windowactivate", "--sync", self.window_id()], capture_output=True,
                       timeout=10)
        wait_for(self.has_focus, "the game to have the focus")
        self.events.clear()

    def has_focus(self) -> bool:
        out = subprocess.run(["xdotool", "getwindowfocus", "getwindowname"], capture_output=True, text=True)
        return out.stdout.strip() == TITLE

    def close(self) -> None:
        self.proc.kill()
        self.proc.wait(10)


@pytest.fixture
def game(window_manager):
    g = Game()
    try:
        g.focus()
        yield g
    finally:
        g.close()


def grab(box: tuple[int, int, int, int]) -> np.ndarray:
    x, y, w, h = box
    with mss.MSS() as sct:
        shot = sct.grab({"left": x, "top": y, "width": w, "height": h})
    return np.ascontiguousarray(np.asarray(shot)[..., :3])


def magenta(pixels: np.ndarray) -> np.ndarray:
    p = pixels.astype(int)
    return (p[..., 1] < 80) & (p[..., 0] > 180) & (p[..., 2] > 180)


def scene_of(reading, unsure=()) -> Scene:
    """What play hands the overlay for a reading."""
    r = reading
    return Scene(r.rows, r.cols, r.centres, r.tile * 0.9, r.board_box, unsure)


def still_focused(game: Game, overlay: OverlayWindow) -> None:
    """The game has the focus and never lost it, after the overlay had time to handle its events."""
    end = time.monotonic() + 0.5
    while time.monotonic() < end:
        overlay.pump()
        time.sleep(0.05)
    assert game.has_focus()
    assert "focusout" not in game.drain(), game.events


def test_side_overlay_never_takes_the_focus_and_stays_above_the_game(game):
    frame = grab(game.box)
    reading = wordbot.read_board(frame)
    words = [Found("кот", [(0, 0), (0, 1), (1, 1)], 3)]
    win = OverlayWindow(at=(200, 200))
    try:
        still_focused(game, win)
        gx, gy, gw, gh = game.box
        for k in range(4):  # re-placed beside a game that moves, then over it
            beside = (gx + 40 * k, gy, gw, gh) if k < 3 else (gx - 60, gy, 50, 50)
            win.show(frame, scene_of(reading), words, origin=game.box[:2], beside=beside)
            still_focused(game, win)
        assert win.mode == "side"
        subprocess.run(["xdotool", "windowraise", game.window_id()], check=True)
        win.show(frame, scene_of(reading), words, origin=game.box[:2], beside=(gx - 60, gy, 50, 50))
        wait_for(lambda: (grab(win.geometry()) == win.image).all(), "the overlay shown over the game",
                 pump=win.pump)
        x, y, w, h = win.geometry()
        assert x < gx + gw and y < gy + gh  # it is over the game, and the game's pixels do not show
        still_focused(game, win)
    finally:
        win.close()


def test_board_overlay_lies_on_the_board_lets_clicks_through_and_reads_the_same(game):
    frame = grab(game.box)
    before = wordbot.read_board(frame)
    assert before.text == "коты/рбас/лнмч/еиду"
    path = [(0, 0), (1, 1), (1, 2), (2, 2), (3, 3)]
    win = OverlayWindow(mode="board")
    try:
        assert win.mode == "board"
        win.show(frame, scene_of(before, unsure=(4,)), [Found("x", path, 5)], origin=game.box[:2])
        centre = {cell: before.centres[cell[0] * 4 + cell[1]] for cell in path}

        def step_drawn(a, b) -> bool:
            (ax, ay), (bx, by) = centre[a], centre[b]
            return bool(magenta(shot[round((ay + by) / 2), round((ax + bx) / 2)]))

        def shown():
            nonlocal shot
            shot = grab(game.box)
            return all(step_drawn(a, b) for a, b in zip(path, path[1:], strict=False))

        shot = frame
        wait_for(shown, "the path drawn on the board", pump=win.pump)
        still_focused(game, win)
        after = wordbot.read_board(shot)
        assert after.tiles == before.tiles
        assert after.doubtful == before.doubtful
        # Click on an arrow where it crosses into tile (1, 2): the game gets the click.
        tx, ty = centre[(1, 2)]
        half = before.tile * 0.9 / 2
        ys, xs = np.nonzero(magenta(shot[int(ty - half): int(ty + half), int(tx - half): int(tx)]))
        assert len(xs), "no arrow drawn into tile (1, 2)"
        x, y = game.box[0] + int(tx - half) + xs[0], game.box[1] + int(ty - half) + ys[0]
        subprocess.run(["xdotool", "mousemove", "--sync", str(x), str(y), "click", "1"], check=True,
                       timeout=10)
        wait_for(lambda: f"click {x} {y}" in game.drain(), f"the game to get the click at {x},{y}",
                 pump=win.pump)
    finally:
        win.close()
