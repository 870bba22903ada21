"""Writing and reading the files wordbot keeps (caches, profiles, learned data) so that a crash, a
full disk or a second session never leaves a half-written or lost file.

A file is written whole to a temporary name beside it, flushed to the disk, then renamed over the
old one: a reader sees the old file or the new one, never a mix, even after a power cut. A file
that is found broken is moved aside (kept for a look, never deleted) with one line of notice.
"""

from __future__ import annotations

import os
import re
import shutil
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from wordbot.errors import notice

STALE_SECONDS = 60.0  # a temporary file or folder untouched this long belongs to a dead writer


def fsync_dir(folder: Path) -> None:
    """Make a rename or a new entry in ``folder`` durable (a no-op where folders cannot be opened)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def write_atomic(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` through a flushed temporary file renamed over it, so a reader
    never sees half of it; on any failure (full disk, Ctrl-C) the old file is untouched and the
    temporary one removed. OSError when it cannot be written."""
    write_together({path: data})


def write_together(files: dict[Path, bytes]) -> None:
    """Write several files as ``write_atomic`` does, all or none: every one is written and flushed
    under a temporary name before the first rename (a rename needs no space, so a full disk or a
    failed write changes none of them)."""
    temporary: dict[Path, str] = {}
    try:
        for path, data in files.items():
            path.parent.mkdir(parents=True, exist_ok=True)
            sweep_stale(path.parent, re.compile(re.escape(f".{path.name}.") + r"\w{8}\.tmp"))
            fd, temporary[path] = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
            with os.fdopen(fd, "wb") as f:
                f.write(data)
                f.flush()
                os.fchmod(f.fileno(), _mode(path))
                os.fsync(f.fileno())
        for path, tmp in temporary.items():
            os.replace(tmp, path)
    except BaseException:
        for tmp in temporary.values():
            Path(tmp).unlink(missing_ok=True)
        raise
    for folder in {path.parent for path in files}:
        fsync_dir(folder)


@contextmanager
def locked(folder: Path) -> Iterator[None]:
    """Hold an exclusive lock on ``folder`` (flock on the folder itself: no lock file) while a file
    in it is read, merged and written, so two sessions cannot lose each other's changes. Without
    flock (not POSIX) or a folder that cannot be opened, it does not lock."""
    try:
        import fcntl

        fd = os.open(folder, os.O_RDONLY)
    except (ImportError, OSError):
        yield
        return
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)  # releases the lock


def sweep_stale(folder: Path, name: re.Pattern, age: float = STALE_SECONDS) -> None:
    """Remove what dead writers left in ``folder``: the temporary files or folders whose whole
    name matches ``name`` and whose newest content is older than ``age`` seconds (a live writer
    keeps touching its own)."""
    try:
        entries = [e for e in folder.iterdir() if name.fullmatch(e.name)]
    except OSError:
        return
    now = time.time()
    for entry in entries:
        try:
            newest = entry.lstat().st_mtime
            if entry.is_dir() and not entry.is_symlink():
                newest = max([newest, *(p.lstat().st_mtime for p in entry.iterdir())])
            if now - newest < age:
                continue
            if entry.is_dir() and not entry.is_symlink():
                shutil.rmtree(entry, ignore_errors=True)
            else:
                entry.unlink()
        except OSError:  # gone meanwhile (another sweeper) or not ours to remove
            continue


def _mode(path: Path) -> int:
    """The permissions a rewritten file keeps (a new one: readable by all, as most files are)."""
    try:
        return path.stat().st_mode & 0o777
    except OSError:
        return 0o644


def set_aside(path: Path) -> Path:
    """Move the broken file ``path`` to ``path.corrupt`` (kept for a look, never deleted; the newest
    broken copy wins) and return the new name. OSError when it cannot be moved."""
    aside = path.with_name(path.name + ".corrupt")
    os.replace(path, aside)
    return aside


def move_aside(path: Path, what: str, why: str) -> None:
    """``set_aside`` with one line of notice (``what`` names the file, ``why`` the fault); a file
    that cannot be moved is left alone and said to be ignored."""
    try:
        aside = set_aside(path)
    except OSError as exc:
        notice(f"{what} {path} is broken ({why}) and cannot be moved aside ({exc.strerror}); ignored")
        return
    notice(f"{what} {path} is broken ({why}); moved aside to {aside}")
