"""What a benchmark reports, and small timing helpers."""

from __future__ import annotations

import shutil
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Figure:
    area: str  # "grid", "lexicon", "balda", "vision", "play", "startup"
    name: str
    value: float
    unit: str
    target: str = ""  # the goal in words, e.g. ">= 150000"
    met: bool | None = None  # None when there is no target to judge
    note: str = ""  # the baseline measured in the same run, conditions


def best_of(fn, repeat: int = 5) -> float:
    """Fastest wall time of ``repeat`` calls, in seconds (the least disturbed run)."""
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return min(times)


def cpu_seconds(fn) -> float:
    """CPU time of one call, summed over the process's threads: on cores busy with other work the
    wall time says little about a parallel kernel, this says how much work it added."""
    t = time.process_time()
    fn()
    return time.process_time() - t


def compile_c(source: Path, out: Path) -> Path | None:
    """Compile a C baseline with -O2; None when there is no C compiler."""
    cc = shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")
    if cc is None:
        return None
    subprocess.run([cc, "-O2", "-o", str(out), str(source)], check=True)
    return out
