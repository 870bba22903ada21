"""Words judged by the board alone, checked later against the game's score.

A game whose score counts up for a while after each word (0.8 s in a browser game) would hold play
to one word a count-up if every word waited for the score to rest before it went in: the last word's
count would otherwise rise through the next one's reply, whatever the game said to it. Where the
board shows an acceptance itself (a flash of its own after the release), the next word goes in while
the score still counts, and is judged by the board. What the board shows is trusted only as far as
the score bears it out: once the score rests, its rise since it last rested must be the points of
the words booked taken in between. One rise that does not match (a game whose refusals flash as its
acceptances do, a scoring other than the one played, a misread score) ends the trust for the round.
"""

from __future__ import annotations

from concurrent.futures import CancelledError, Future
from dataclasses import dataclass, field

import numpy as np

from wordbot.play.score import ScoreReader

AUDIT_WORDS = 20  # words booked by the board alone before the score is waited for to rest and checked


@dataclass
class _Check:
    rise: Future[int | None]
    points: int
    words: list[str]


@dataclass
class ScoreAudit:
    """The score's rests during a round and the words booked taken between them."""

    reader: ScoreReader
    failed: str | None = None  # why the board is no longer trusted alone, once a check failed
    _rest: np.ndarray | None = None  # the window as the score last rested
    _points: int = 0  # the points of the words booked taken since
    _words: list[str] = field(default_factory=list)  # of those, the ones booked while the score moved
    _checks: list[_Check] = field(default_factory=list)

    @property
    def due(self) -> bool:
        """The score is waited for to rest: once before the board is trusted alone, and again once
        enough words were booked by the board alone."""
        return self._rest is None or len(self._words) >= AUDIT_WORDS

    def taken(self, word: str, points: int, unseen: bool) -> None:
        """``word`` was booked taken; ``unseen``: while the score still moved from the word before."""
        self._points += points
        if unseen:
            self._words.append(word)

    def rest(self, image: np.ndarray) -> None:
        """The score rests in ``image``: the words booked by the board alone since it last rested
        are checked against its rise (read in the background)."""
        if self._rest is not None and self._words and self.failed is None:
            self._checks.append(_Check(self.reader.rise_later(self._rest, image), self._points, self._words))
        self._rest, self._points, self._words = image, 0, []

    def check(self, wait: float | None = 0.0) -> str | None:
        """The first failed check that has been read since the last call (waiting up to ``wait``
        seconds for each; None: until all are read), said once."""
        for c in list(self._checks):
            if wait == 0.0 and not c.rise.done():
                continue
            try:
                rise = c.rise.result(wait)
            except (TimeoutError, CancelledError):
                rise = None
            self._checks.remove(c)
            if rise != c.points and self.failed is None:
                shown = "was not read" if rise is None else f"rose {rise}"
                self.failed = (f"the score {shown} where {', '.join(c.words)} and the words booked with "
                               f"them were worth {c.points}: the board's flash is no longer trusted "
                               "alone; the score is waited for before each word")
                return self.failed
        return None
