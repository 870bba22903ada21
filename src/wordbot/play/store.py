"""What play learns about a game's own dictionary: words it refused (blacklist) and words it
accepted that the bundled list lacks (whitelist). One JSON file per game, written atomically."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from wordbot.calibration.profile import data_dir
from wordbot.diskio import write_atomic


@dataclass
class Learned:
    game: str
    blacklist: set[str] = field(default_factory=set)
    whitelist: set[str] = field(default_factory=set)

    @property
    def path(self) -> Path:
        return data_dir() / "learned" / f"{self.game}.json"

    @classmethod
    def load(cls, game: str) -> Learned:
        learned = cls(game)
        if learned.path.exists():
            data = json.loads(learned.path.read_text(encoding="utf-8"))
            learned.blacklist, learned.whitelist = set(data["blacklist"]), set(data["whitelist"])
        return learned

    def reject(self, word: str) -> None:
        self.whitelist.discard(word)
        self.blacklist.add(word)
        self.save()

    def forgive(self, words) -> None:
        """Take words off the blacklist (refused for another reason than being no word)."""
        if self.blacklist & set(words):
            self.blacklist -= set(words)
            self.save()

    def accept(self, word: str) -> None:
        if word not in self.whitelist:
            self.blacklist.discard(word)
            self.whitelist.add(word)
            self.save()

    def save(self) -> None:
        doc = {"game": self.game, "blacklist": sorted(self.blacklist), "whitelist": sorted(self.whitelist)}
        write_atomic(self.path, json.dumps(doc, ensure_ascii=False, indent=1).encode("utf-8"))
