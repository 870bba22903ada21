"""Fault injection: what a careless or hostile user, a full disk or Ctrl-C does to wordbot.

Each test gets its own cache and data folders (the environment variables wordbot reads), so a
damaged file never leaks into another test. Commands run as a user runs them, in a subprocess.
"""

from __future__ import annotations

import os
import subprocess
import sys
import uuid
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def dirs(tmp_path, monkeypatch):
    """Fresh cache and data folders for this test (also for the subprocesses it starts)."""
    cache, data = tmp_path / "cache", tmp_path / "data"
    monkeypatch.setenv("WORDBOT_CACHE_DIR", str(cache))
    monkeypatch.setenv("WORDBOT_DATA_DIR", str(data))
    return cache, data


def wordbot(*args, stdin: bytes | None = None, env: dict | None = None, timeout: float = 300):
    """``wordbot ARGS`` in a subprocess (generous timeout: the machine may be busy)."""
    environ = {**os.environ, "PYTHONPATH": str(ROOT / "src"), **(env or {})}
    return subprocess.run([sys.executable, "-m", "wordbot", *map(str, args)], input=stdin,
                          capture_output=True, timeout=timeout, env=environ)


def one_line(result, needle: str, code: int = 2) -> str:
    """Assert ``result`` ended with status ``code`` and exactly one stderr line holding ``needle``."""
    err = result.stderr.decode()
    assert result.returncode == code, (result.returncode, err)
    lines = err.strip().splitlines()
    assert len(lines) == 1 and needle in lines[0], err
    assert "Traceback" not in err
    return lines[0]


@pytest.fixture
def tmpfs(tmp_path):
    """A small tmpfs (``mount(size)`` -> its path; ``remount_ro()``), where mounting is allowed
    (root); skipped elsewhere. Unmounted after the test."""
    mounted: list[Path] = []

    class Mount:
        def __call__(self, size: str = "1m") -> Path:
            point = tmp_path / f"tmpfs-{uuid.uuid4().hex[:6]}"
            point.mkdir()
            if os.geteuid() != 0 or subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs",
                                                    str(point)], capture_output=True).returncode != 0:
                pytest.skip("mounting a tmpfs is not permitted here")
            mounted.append(point)
            return point

        @staticmethod
        def fill(point: Path) -> None:
            """Fill the mount to the last byte."""
            with open(point / "filler", "wb", buffering=0) as f:
                try:
                    while True:
                        f.write(b"\0" * 65536)
                except OSError:
                    pass

        @staticmethod
        def read_only(point: Path) -> None:
            subprocess.run(["mount", "-o", "remount,ro", str(point)], check=True)

    yield Mount()
    for point in mounted:
        subprocess.run(["umount", "-l", str(point)], capture_output=True)
