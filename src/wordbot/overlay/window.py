"""The on-screen overlay: a small always-on-top Tk window fed with annotated images.

Three modes. ``side`` (the default everywhere but Windows): the annotated board in a window beside
the game, never over it, so it neither blocks input nor gets captured as part of the board.
``board`` (X11 with the SHAPE extension; ``side`` elsewhere): only the path, its step numbers and
the unsure tiles' frames, laid on the board itself in a window shaped to them that lets every
click through and keeps off the tiles' letters. ``transparent`` (Windows): a colour-keyed,
click-through window over the board showing the path and the list.

On X11 the window is override-redirect: the window manager never manages it, so it can never be
given the keyboard focus (a game that pauses when it loses the focus keeps it). Tk 8.6 rewrites
WM_HINTS with input=True right before it maps a window, and openbox focuses new utility and
notification windows, so hints alone do not keep the focus where it is.
"""

from __future__ import annotations

import sys
import tkinter as tk

import cv2
import numpy as np

from wordbot.errors import WordbotError
from wordbot.overlay.draw import Scene, annotate, board_crop, board_marks
from wordbot.overlay.x11 import Shaper

KEY = "#010203"  # the colour keyed out in transparent mode
KEY_BGR = (3, 2, 1)


def _ppm(image: np.ndarray) -> bytes:
    """BGR image -> binary PPM, which Tk's photo image reads without a PNG encode/decode."""
    h, w = image.shape[:2]
    return f"P6 {w} {h} 255 ".encode() + cv2.cvtColor(image, cv2.COLOR_BGR2RGB).tobytes()  # 30x numpy's


class OverlayWindow:
    """Call ``show(frame, scene, words, origin)`` after each solve; ``origin`` is the screen
    position of the frame's top-left pixel. Keep the Tk loop alive with ``pump()``."""

    def __init__(self, at: tuple[int, int] = (0, 0), mode: str | None = None,
                 title: str = "wordbot overlay"):
        try:
            self.root = tk.Tk()
        except tk.TclError as exc:
            raise WordbotError(f"no screen for the overlay window ({exc})") from None
        self.root.title(title)
        self.root.attributes("-topmost", True)
        self.root.geometry(f"+{at[0]}+{at[1]}")
        x11 = self.root.tk.call("tk", "windowingsystem") == "x11"
        if x11:
            self.root.overrideredirect(True)  # before the first map: never managed, never focused
        self.mode = mode or ("transparent" if sys.platform == "win32" else "side")
        self._shaper: Shaper | None = None
        if self.mode == "board":
            self.root.withdraw()  # shown, shaped, by the first show()
            self._shaper = Shaper.attach(self.root) if x11 else None
            if self._shaper is None:
                self.root.deiconify()
                self.mode = "side"
        if self.mode == "transparent":
            self.root.overrideredirect(True)
            self.root.configure(background=KEY)
            self.root.attributes("-transparentcolor", KEY)
            self._click_through()
        background = {"transparent": KEY, "board": "black"}.get(self.mode)
        self.label = tk.Label(self.root, borderwidth=0, background=background)
        self.label.pack()
        self._photo: tk.PhotoImage | None = None
        self._shown: np.ndarray | None = None  # the picture the photo image holds
        self.image: np.ndarray | None = None  # what is shown now (for --annotate and screenshots)
        self.closed = False
        self.root.protocol("WM_DELETE_WINDOW", self.close)
        self.root.update()

    def _click_through(self) -> None:
        import ctypes

        user32 = ctypes.windll.user32  # type: ignore[attr-defined]
        hwnd = user32.GetParent(self.root.winfo_id())
        gwl_exstyle, ws_ex_layered, ws_ex_transparent = -20, 0x80000, 0x20
        style = user32.GetWindowLongW(hwnd, gwl_exstyle)
        user32.SetWindowLongW(hwnd, gwl_exstyle, style | ws_ex_layered | ws_ex_transparent)

    def show(self, frame: np.ndarray, scene: Scene, words, origin: tuple[int, int] = (0, 0),
             beside: tuple[int, int, int, int] | None = None) -> None:
        """Draw the suggestions. Side mode: the annotated board next to the game window
        ``beside`` (screen x, y, w, h; never over it), or where the window is; board and
        transparent modes: over the board itself."""
        if self.closed:
            return
        if self.mode == "board":
            self._show_on_board(scene, words, origin)
            return
        if self.mode == "transparent":
            x, y, w, h = scene.board_box
            blank = np.empty((h, w, 3), np.uint8)
            blank[:] = KEY_BGR
            shifted = Scene(scene.rows, scene.cols, [(cx - x, cy - y) for cx, cy in scene.centres],
                            scene.tile, (0, 0, w, h), scene.unsure)
            self.image = annotate(blank, shifted, words)
            self.root.geometry(f"+{origin[0] + x}+{origin[1] + y}")
        else:
            self.image = annotate(*board_crop(frame, scene), words)
            if beside is not None:
                self._place_beside(beside)
        self._set_image()
        self.root.lift()  # back above a game raised since
        self.pump()

    def _set_image(self) -> None:
        """The new picture into the photo image shown, in place (a new image object each frame
        made Tk lay the label out again), and only the box where it differs from the picture
        shown: Tk converts and sends all it is given, most of a draw's time, while a live board's
        pictures mostly repeat."""
        shown, self._shown = self._shown, self.image
        if self._photo is None:
            self._photo = tk.PhotoImage(data=_ppm(self.image), format="PPM")
            self.label.configure(image=self._photo)
        elif shown is None or shown.shape != self.image.shape:
            self._photo.configure(data=_ppm(self.image), format="PPM")
        else:
            changed = shown != self.image  # (any over the colour axis last: reductions along it are slow)
            rows = np.flatnonzero(changed.reshape(len(changed), -1).any(axis=1))
            if rows.size:
                y0, y1 = rows[0], rows[-1] + 1
                cols = np.flatnonzero(changed[y0:y1].any(axis=0).any(axis=1))
                x0, x1 = cols[0], cols[-1] + 1
                self.root.tk.call(self._photo.name, "put", _ppm(self.image[y0:y1, x0:x1]), "-format", "ppm",
                                  "-to", int(x0), int(y0))

    def _show_on_board(self, scene: Scene, words, origin: tuple[int, int]) -> None:
        """The marks over the board, the window cut to them. It is emptied while Tk redraws it,
        so the old cut never shows part of the new picture."""
        marks = board_marks(scene, words)
        self.image = marks.image
        self._shaper.set(np.zeros((1, 1), bool))
        h, w = marks.mask.shape
        self.root.geometry(f"{w}x{h}+{origin[0] + marks.origin[0]}+{origin[1] + marks.origin[1]}")
        self._set_image()
        self.root.deiconify()
        self.root.lift()
        self.pump()
        self._shaper.set(marks.mask)

    def _place_beside(self, game: tuple[int, int, int, int], gap: int = 10) -> None:
        """Right of the game if the image fits there, else left of it, else right of it scaled
        down to the room there is: the side window must not cover the game."""
        x, y, w, _ = game
        screen_w = self.root.winfo_screenwidth()
        img_w = self.image.shape[1]
        right, left = screen_w - (x + w + gap), x - gap
        if img_w <= right or img_w > left:
            if img_w > right > 50:
                k = right / img_w
                self.image = cv2.resize(self.image, None, fx=k, fy=k, interpolation=cv2.INTER_AREA)
            self.root.geometry(f"+{x + w + gap}+{y}")
        else:
            self.root.geometry(f"+{x - gap - img_w}+{y}")

    def pump(self) -> None:
        """Let Tk draw and handle its events (call it while waiting)."""
        if not self.closed:
            try:
                self.root.update()
            except tk.TclError:
                self.closed = True

    def geometry(self) -> tuple[int, int, int, int]:
        """x, y, w, h of the window's content on screen."""
        self.root.update_idletasks()
        return (self.label.winfo_rootx(), self.label.winfo_rooty(), self.label.winfo_width(),
                self.label.winfo_height())

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            if self._shaper is not None:
                self._shaper.close()
            self.root.destroy()
