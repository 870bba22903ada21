"""Start the simulated game in its own process and wait for its window (demo, tests, bench)."""

from __future__ import annotations

import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from wordbot.errors import WordbotError

TITLES = {"grid": "wordbot simgame — grid", "balda": "wordbot simgame — balda",
          "anagram": "wordbot simgame — anagram"}


@contextmanager
def running(mode: str, *args: str, log: Path, at: tuple[int, int] = (40, 40), linger: float = 0.5,
            timeout: float = 60.0) -> Iterator[tuple[subprocess.Popen, object]]:
    """Yield (the game's process, a ``wordbot.capture`` source of its window); the game is
    stopped on exit if it is still running."""
    from wordbot.capture import open_source

    proc = subprocess.Popen([sys.executable, "-m", "wordbot.simgame", mode, *args, "--log", str(log),
                             "--at", f"{at[0]},{at[1]}", "--linger", str(linger)], stdout=subprocess.DEVNULL)
    source = None
    try:
        deadline = time.monotonic() + timeout
        while source is None:
            try:
                source = open_source(window=TITLES[mode])
            except WordbotError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    raise WordbotError("the simulated game did not open its window") from None
                time.sleep(0.2)
        time.sleep(0.3)  # let it paint
        yield proc, source
    finally:
        if source is not None:
            source.close()
        if proc.poll() is None:
            proc.terminate()
        proc.wait(10)
