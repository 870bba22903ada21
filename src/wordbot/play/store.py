"""What play learns about a game's own dictionary: words it refused (blacklist) and words it
accepted that the bundled list lacks (whitelist). One JSON file per game, written atomically.

Two sessions of the same game may run at once: a save re-reads the file under a lock and applies
only this session's own changes to it, so neither loses the other's words. A file that is not a
learned-words file is moved aside with one line of notice; a save that fails (full or read-only
disk) is one line of notice and play goes on (the changes are tried again at the next save).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from wordbot.calibration.profile import data_dir
from wordbot.diskio import locked, move_aside, write_atomic
from wordbot.errors import notice

MAX_BYTES = 16 * 2**20  # a learned file is a few KB; a bigger one is not ours
MAX_WORD = 64  # letters: no board holds a longer word


@dataclass
class Learned:
    game: str
    blacklist: set[str] = field(default_factory=set)
    whitelist: set[str] = field(default_factory=set)
    # This session's changes not yet saved, in order: (word, "black" | "white" | "none").
    _pending: list[tuple[str, str]] = field(default_factory=list, repr=False, compare=False)
    _save_failed: bool = field(default=False, repr=False, compare=False)

    @property
    def path(self) -> Path:
        return data_dir() / "learned" / f"{self.game}.json"

    @classmethod
    def load(cls, game: str) -> Learned:
        learned = cls(game)
        learned.blacklist, learned.whitelist = _read(learned.path)
        return learned

    def reject(self, word: str) -> None:
        self.whitelist.discard(word)
        self.blacklist.add(word)
        self._pending.append((word, "black"))
        self.save()

    def forget(self, words) -> None:
        """Take words off both lists (refused for another reason than being no word, or a verdict
        withdrawn)."""
        words = (self.blacklist | self.whitelist) & set(words)
        if words:
            self.blacklist -= words
            self.whitelist -= words
            self._pending += [(w, "none") for w in sorted(words)]
            self.save()

    def accept(self, word: str) -> bool:
        """Whitelist ``word``; False if it already was."""
        if word in self.whitelist:
            return False
        self.blacklist.discard(word)
        self.whitelist.add(word)
        self._pending.append((word, "white"))
        self.save()
        return True

    def save(self) -> None:
        """Merge this session's changes into the file (what other sessions saved is kept). Never
        raises for the disk: a failure is one line of notice, and the changes stay pending."""
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            with locked(self.path.parent):
                black, white = _read(self.path)
                for word, where in self._pending:
                    black.discard(word)
                    white.discard(word)
                    {"black": black, "white": white}.get(where, set()).add(word)
                doc = {"game": self.game, "blacklist": sorted(black), "whitelist": sorted(white)}
                write_atomic(self.path, json.dumps(doc, ensure_ascii=False, indent=1).encode("utf-8"))
        except OSError as exc:
            if not self._save_failed:
                notice(f"cannot save the learned words in {self.path} ({exc.strerror or exc}); "
                       "play goes on and tries again at the next word")
            self._save_failed = True
            return
        self._pending.clear()
        self._save_failed = False
        self.blacklist, self.whitelist = black, white


def _read(path: Path) -> tuple[set[str], set[str]]:
    """The blacklist and whitelist in ``path`` (empty when there is none, or it is unreadable; a
    file that is not a learned-words file is moved aside)."""
    try:
        with open(path, "rb") as f:
            raw = f.read(MAX_BYTES + 1)
    except FileNotFoundError:
        return set(), set()
    except OSError as exc:
        notice(f"cannot read the learned words in {path} ({exc.strerror}); starting without them")
        return set(), set()
    try:
        if len(raw) > MAX_BYTES:
            raise ValueError("too large")
        doc = json.loads(raw.decode("utf-8"))
        if not isinstance(doc, dict):
            raise ValueError("not a JSON object")
        lists = [doc.get("blacklist", []), doc.get("whitelist", [])]
        for words in lists:
            if not isinstance(words, list) or not all(isinstance(w, str) and 0 < len(w) <= MAX_WORD
                                                      for w in words):
                raise ValueError("a list of words is expected")
    except (ValueError, RecursionError) as exc:  # UnicodeDecodeError and JSONDecodeError are ValueErrors
        move_aside(path, "the learned-words file", str(exc).split("\n")[0][:80])
        return set(), set()
    return set(lists[0]), set(lists[1])
