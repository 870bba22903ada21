"""Words a game writes beside its board (the words played so far, the opponent's last word): read
with Tesseract, so a Balda bot that joins a game under way, or cannot tell which word the
opponent's letter made, never plays a word the game has seen. Reading too many is harmless (a few
moves are left out); reading too few is what the history is there to prevent."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import cv2
import numpy as np

from wordbot.lexicon import Lexicon
from wordbot.ocr.learn import TESSERACT_LANG
from wordbot.ocr.text import LETTERS, Box, Page, grey_page, read

SCALE = 2.0  # UI text is 12-20 px tall; Tesseract reads best at about twice that
MARGIN = 6  # pixels around a skipped box (its rim and shadow)
CHANGED = 24  # grey levels a thumbnail pixel moves by when text there changed


def page(image: np.ndarray, skip: Sequence[Box]) -> Page:
    """The window in grey, text dark on light whatever the theme, ``skip`` (the board, the keys:
    their letters are no words) blanked with the background."""
    grown = [(x - MARGIN, y - MARGIN, w + 2 * MARGIN, h + 2 * MARGIN) for x, y, w, h in skip]
    return grey_page(image, scale=SCALE, blank=grown)


def words_on(grey: Page, lex: Lexicon) -> set[str]:
    """The words of ``lex`` on a ``page``, normalised (lower case, ё as е)."""
    words = {lex.alphabet.normalize(word) for token in read(grey, TESSERACT_LANG[lex.lang], "--psm 11")
             for word in LETTERS.findall(token.text)}
    return {w for w in words if len(w) >= 2 and w in lex}


@dataclass
class History:
    """The words a game has shown so far. Tesseract (about 0.3 s) runs only when the window
    outside the board and keys looks different from the last time it ran."""

    lex: Lexicon
    seen: set[str] = field(default_factory=set)
    _last: np.ndarray | None = None

    def update(self, image: np.ndarray, skip: Sequence[Box]) -> set[str]:
        """The words shown now that were not seen before."""
        grey = page(image, skip)
        thumb = cv2.resize(grey.image, None, fx=0.125, fy=0.125, interpolation=cv2.INTER_AREA)
        thumb = thumb.astype(np.int16)
        if self._last is not None and self._last.shape == thumb.shape and \
                np.abs(thumb - self._last).max() <= CHANGED:
            return set()
        self._last = thumb
        new = words_on(grey, self.lex) - self.seen
        self.seen |= new
        return new
