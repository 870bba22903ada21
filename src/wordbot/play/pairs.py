"""Two words in flight: which word may go with which, and which of them the game took.

Where a game takes longer to answer than a word takes to enter, the next word goes in before the
last one's reply. The game's score is then the only evidence of which words it took: the count
of its separate changes (one a word, once that proved right on PAIR_CHECKS pairs), else its rise,
read, which names the words whose points add up to it. Pairs go on only while they pay: a game that
answers at once gains nothing from them, and a pair whose words must be told apart by reading the
score costs that reading.
"""

from __future__ import annotations

import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from itertools import combinations

from wordbot.solver.grid import Found

PAIR_CHECKS = 2  # pairs whose score rise, read, must agree with the score's changes before those are
# trusted to count the words taken
PACED = 3  # pairs after those whose median time says whether pairs pay (one slow pair is not enough)


@dataclass(frozen=True)
class Booking:
    """The words of a pair the game took, and those it is not known of (one of two worth the same)."""

    taken: list[Found]
    unknown: list[Found]


@dataclass
class Pairing:
    """The round's state of words entered two at a time: "checking" (each pair's score rise read),
    "on" (its changes counted), "off" (they did not tell the words taken apart)."""

    mode: str = "checking"
    checked: int = 0  # pairs whose score rise agreed with its changes
    solo: set[str] = field(default_factory=set)  # words the game did not take while another was in flight
    seconds: list[float] = field(default_factory=list)  # each pair's, from the board's rest to its booking

    def partner(self, queue: list[Found], word: Found, refused_any: bool) -> Found | None:
        """Of ``queue``, the word to enter with ``word``: one worth other points, so that the score's
        rise alone names the words taken; with none such, the next one, once the score's changes
        count words and the game refused none this round (``refused_any``: a refusal may then leave
        which of the two it took unknown)."""
        if self.mode == "off" or word.word in self.solo:
            return None
        others = [w for w in queue if w is not word and w.word not in self.solo]
        same = self.mode == "on" and not (refused_any or self.solo)
        return next((w for w in others if w.score != word.score), others[0] if same and others else None)

    @property
    def recent(self) -> float:
        """The median seconds of the last PACED pairs after the first PAIR_CHECKS."""
        return statistics.median(self.seconds[PAIR_CHECKS:][-PACED:])

    def pays(self, seconds: float, single: Sequence[float]) -> bool:
        """Book a pair's ``seconds``; False (and no more pairs this round) where the last PACED pairs
        took, by their median, at least as long as two words entered one at a time (``single``:
        the last ones' seconds, their replies known). The first PAIR_CHECKS pairs, whose score rises
        are read to check the score's changes, are not judged."""
        self.seconds.append(seconds)
        if len(self.seconds) < PAIR_CHECKS + PACED or not single \
                or self.recent < 2 * statistics.median(single):
            return True
        self.mode = "off"
        return False

    def counted(self, sent: list[Found], count: int) -> bool:
        """Whether the score's ``count`` changes say every word of ``sent`` was taken (once trusted)."""
        return not sent or self.mode == "on" and count == len(sent)

    def book(self, sent: list[Found], count: int, rise: int | None,
             likelihood: Callable[[Found], float]) -> Booking | None:
        """Which words of ``sent`` the game took, from the score's ``rise`` (None: not read): the set
        of them whose points add up to it. Where several sets of one size do (two words worth the
        same, one taken), the likeliest is booked and the others are not known (neither tried again
        nor blacklisted: a retry of a taken word is refused too). None (and no more pairs this
        round) when the rise is not read or names no set."""
        sets = [] if rise is None else \
            [list(c) for n in range(len(sent) + 1) for c in combinations(sent, n)
             if sum(w.score for w in c) == rise]
        if not sets or len({len(c) for c in sets}) > 1:
            self.mode = "off"
            return None
        taken = max(sets, key=lambda c: sum(likelihood(w) for w in c))
        if self.mode == "checking" and count == len(taken):
            self.checked += 1
            self.mode = "on" if self.checked >= PAIR_CHECKS else "checking"
        elif count > len(taken):  # (fewer: two changes close together counted once)
            self.mode = "off"  # the score changes more than once a word: its changes do not count words
        return Booking(taken, [w for c in sets for w in c if w not in taken])
