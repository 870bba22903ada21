"""What a benchmark reports, and small timing helpers."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import threading
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


class Load:
    """``busy`` processes spinning on the CPU while the bench runs (the machine as busy as a user's
    with other work on it), and the load average the run saw, to be reported with the figures."""

    EVERY = 5.0  # seconds between samples of the load average

    def __init__(self, busy: int):
        self.busy = busy
        self._procs: list[subprocess.Popen] = []
        self._loads: list[float] = []
        self._done = threading.Event()
        self._sampler = threading.Thread(target=self._sample, daemon=True, name="bench-load")

    def __enter__(self) -> Load:
        # each loop ends by itself once the bench is gone (killed, its exit never run)
        spin = f"import os\nwhile os.getppid() == {os.getpid()}: pass"
        self._procs = [subprocess.Popen([sys.executable, "-c", spin]) for _ in range(self.busy)]
        self._sampler.start()
        return self

    def __exit__(self, *exc) -> None:
        self._done.set()
        self._sampler.join()
        for p in self._procs:
            p.kill()
            p.wait()

    def _sample(self) -> None:
        while True:
            self._loads.append(os.getloadavg()[0])
            if self._done.wait(self.EVERY):
                return

    def conditions(self) -> str:
        loads = sorted(self._loads)
        return (f"{self.busy} busy-loop process(es) beside the bench on {os.cpu_count()} cores; load "
                f"average (1 min) over the run: median {loads[len(loads) // 2]:.1f}, most {loads[-1]:.1f}")
