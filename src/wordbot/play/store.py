"""What play learns about a game's own dictionary: words it refused (blacklist) and words it
accepted that the bundled list lacks (whitelist). One JSON file per game, written atomically."""

from __future__ import annotations

import json
import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

import platformdirs


def data_dir() -> Path:
    """$WORDBOT_DATA_DIR, else the platform's user data directory."""
    env = os.environ.get("WORDBOT_DATA_DIR")
    return Path(env) if env else Path(platformdirs.user_data_dir("wordbot"))


def write_atomic(path: Path, text: str) -> None:
    """Write via a temporary file in the same directory and ``os.replace``: never a torn file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


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

    def accept(self, word: str) -> None:
        if word not in self.whitelist:
            self.blacklist.discard(word)
            self.whitelist.add(word)
            self.save()

    def save(self) -> None:
        doc = {"game": self.game, "blacklist": sorted(self.blacklist), "whitelist": sorted(self.whitelist)}
        write_atomic(self.path, json.dumps(doc, ensure_ascii=False, indent=1))
