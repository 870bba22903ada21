"""The word under way, spelt outside the board: the proof that a drag's cell was taken, in a game
whose tiles show no selection.

A busy browser handles one pointer move a frame, so a finger that moves on before the page's next
frame skips a cell, and the game gets another path (word-line, two busy loops: "suces" sent for a
planned word). Where the tiles show the selection, each cell is waited for until it shows. Some
games show it only as the word itself, growing on a line of its own as each cell is taken: there,
a new steady picture on that line after each cell is the same proof. Where that line is is learned
from the first drags (the place that changed outside the board while the button was held, in each
of them) and kept in the profile (``FeedbackSpec.echo``); it is checked on every drag after, and
forgotten when it stops changing with the cells.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from wordbot.games import FeedbackSpec
from wordbot.ocr.text import Box, union
from wordbot.play.feedback import LEARN_WORDS, Watch
from wordbot.play.seat import Frame

POLL = 0.01  # seconds between two grabs of the line: two alike in a row are a steady picture


@dataclass
class Echo:
    """Learns and watches where the game spells the word being dragged."""

    grab: Callable[[], Frame]  # the whole window, now
    spec: FeedbackSpec
    say: Callable[[str], None] = print
    seen: list[list[Box]] = field(default_factory=list)  # the learning drags' changes while held
    bare: int = 0  # learning drags that showed nothing outside the board while held
    misses: int = 0  # cells in a row after which the line did not change
    done: bool = False  # learned, or known not to be there

    def __post_init__(self) -> None:
        self.done = self.spec.echo is not None

    @property
    def known(self) -> bool:
        return self.spec.echo is not None

    def learn(self, watch: Watch, base: np.ndarray, held: np.ndarray | None) -> bool:
        """Take in one drag: the window before it and as the button was still held on its last
        cell. True once the place is learned: a change every one of LEARN_WORDS drags showed,
        each overlapping one of every other's (a message of an earlier reply still fading, a
        clock, changes in some drags only). A game that showed nothing in LEARN_WORDS drags, or
        no such common place, has none."""
        if self.done or held is None:
            return False
        boxes = watch.changed_boxes(base, held)
        if not boxes:
            self.bare += 1
            self.done = self.bare >= LEARN_WORDS
            return False
        self.seen.append(boxes)
        if len(self.seen) < LEARN_WORDS:
            return False
        self.done = True
        common = [b for b in self.seen[0]
                  if all(any(_rows_meet(b, c) for c in other) for other in self.seen[1:])]
        if not common:
            return False
        shared = [c for boxes in self.seen for c in boxes if any(_rows_meet(c, b) for b in common)]
        self.spec.echo = union(*shared)
        return True

    def step(self, watch: Watch, before: np.ndarray, wait: float) -> Frame | None:
        """The window once the line shows a steady picture unlike ``before`` (the cell just entered
        is taken: the game spelt it), or None after ``wait`` seconds. LEARN_WORDS such misses in a
        row and the place is forgotten: it does not spell the word (a profile from another look)."""
        end = time.monotonic() + wait
        last = None
        while True:
            frame = self.grab()
            image = frame.image
            rows = self._band(image)
            if last is not None and np.array_equal(rows, last) and self._moved(watch, before, image):
                self.misses = 0
                return frame
            if time.monotonic() > end:
                break
            last = rows
            time.sleep(POLL)
        self.misses += 1
        if self.misses >= LEARN_WORDS:
            self.spec.echo = None
            self.say("the line over the board no longer changes as cells are dragged: "
                     "no longer waited for")
        return None

    def unmask(self, stirred: np.ndarray | None) -> np.ndarray | None:
        """``stirred`` (what still changed from the last reply, masked out of the next) without the
        line's rows: the line belongs to the word just dragged (its first cell replaced whatever
        the line showed), so what it shows after the release is that word's reply (word-line's
        refusal is the word turned red there)."""
        if stirred is None or not self.known:
            return stirred
        _, y, _, h = self.spec.echo
        stirred = stirred.copy()
        stirred[y: y + h] = False
        return stirred if stirred.any() else None

    def _band(self, image: np.ndarray) -> np.ndarray:
        """The line's rows, the window's whole width (a longer word spills past the learned box)."""
        _, y, _, h = self.spec.echo
        return image[y: y + h]

    def _moved(self, watch: Watch, before: np.ndarray, image: np.ndarray) -> bool:
        """Whether the window changed on the line's rows since ``before`` (outside the board, noise
        left out)."""
        return any(_rows_meet(b, self.spec.echo) for b in watch.changed_boxes(before, image))


def _rows_meet(a: Box, b: Box) -> bool:
    return a[1] < b[1] + b[3] and b[1] < a[1] + a[3]
