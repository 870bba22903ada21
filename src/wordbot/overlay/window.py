"""The on-screen overlay: a small always-on-top Tk window fed with annotated images.

Two modes. ``transparent`` (Windows: a colour-keyed, click-through window laid over the board,
showing only the path and the list) and ``side`` (everywhere else, and on X11 where Tk cannot make
a window click-through: the annotated board in a window beside the game, never over it, so it
neither blocks input nor gets captured as part of the board).
"""

from __future__ import annotations

import sys
import tkinter as tk

import cv2
import numpy as np

from wordbot.errors import WordbotError
from wordbot.overlay.draw import Scene, annotate, board_crop

KEY = "#010203"  # the colour keyed out in transparent mode
KEY_BGR = (3, 2, 1)


def _ppm(image: np.ndarray) -> bytes:
    """BGR image -> binary PPM, which Tk's photo image reads without a PNG encode/decode."""
    h, w = image.shape[:2]
    return f"P6 {w} {h} 255 ".encode() + np.ascontiguousarray(image[:, :, ::-1]).tobytes()


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
        self.mode = mode or ("transparent" if sys.platform == "win32" else "side")
        if self.mode == "transparent":
            self.root.overrideredirect(True)
            self.root.configure(background=KEY)
            self.root.attributes("-transparentcolor", KEY)
            self._click_through()
        background = KEY if self.mode == "transparent" else None
        self.label = tk.Label(self.root, borderwidth=0, background=background)
        self.label.pack()
        self._photo: tk.PhotoImage | None = None
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
        ``beside`` (screen x, y, w, h; never over it), or where the window is; transparent mode:
        path and list over the board itself."""
        if self.closed:
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
        self._photo = tk.PhotoImage(data=_ppm(self.image), format="PPM")
        self.label.configure(image=self._photo)
        self.pump()

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
            self.root.destroy()
