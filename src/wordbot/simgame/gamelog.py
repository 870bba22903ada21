"""The simulated game's record: one JSON object per line, flushed as it happens."""

from __future__ import annotations

import json
import time
from pathlib import Path


class GameLog:
    """Appends events ``{"t": seconds since start, "event": ..., ...}``; a None path logs nothing."""

    def __init__(self, path: Path | None):
        self._file = open(path, "w", encoding="utf-8") if path else None  # noqa: SIM115
        self._t0 = time.monotonic()

    def write(self, event: str, **fields) -> dict:
        record = {"t": round(time.monotonic() - self._t0, 3), "event": event, **fields}
        if self._file:
            self._file.write(json.dumps(record, ensure_ascii=False) + "\n")
            self._file.flush()
        return record

    def close(self) -> None:
        if self._file:
            self._file.close()
            self._file = None


def read_log(path: Path) -> list[dict]:
    """Every event of a log file (for tests, the demo summary and the bench)."""
    return [json.loads(line) for line in Path(path).read_text(encoding="utf-8").splitlines() if line]
