"""On-disk cache of compiled arrays: one folder per (name, key), written atomically, memory-mapped.

Nothing in it is trusted: ``meta.json`` holds the dtype, shape and CRC-32 of every array and a
CRC-32 of itself, all checked on load (a few milliseconds for the Russian list). A cache that is
damaged in any way (a zeroed or cut array, edited metadata) is rebuilt with one line of notice; a
zeroed array would otherwise give wrong answers and a cut one could crash the compiled solvers.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import tempfile
import zlib
from collections.abc import Callable
from pathlib import Path

import numpy as np
import platformdirs

from wordbot.diskio import fsync_dir, sweep_stale
from wordbot.errors import notice

FORMAT_VERSION = 2
_NAME = re.compile(r"\w+")  # array names: file names inside the cache folder
_TEMPORARY = re.compile(r"\.[\w.-]+-v\d+-\w+\.\w{8}")  # a folder being written (mkdtemp's name)


class Damaged(Exception):
    """A cache folder that cannot be used as it is."""


def cache_root() -> Path:
    """``WORDBOT_CACHE_DIR`` when set (tests, read-only homes), else the platform's user cache."""
    env = os.environ.get("WORDBOT_CACHE_DIR")
    return Path(env) if env else Path(platformdirs.user_cache_dir("wordbot"))


def load_or_build(
    name: str, key: str, build: Callable[[], tuple[dict[str, np.ndarray], dict]]
) -> tuple[dict[str, np.ndarray], dict]:
    """Arrays and metadata for ``name``/``key``: memory-mapped from the cache, or built and saved.

    A damaged cache is rebuilt (one line of notice); a cache that cannot be written (read-only or
    full disk) only costs the rebuild next time.
    """
    folder = cache_root() / f"{name}-v{FORMAT_VERSION}-{key}"
    if folder.exists():
        try:
            return _load(folder)
        except Damaged as exc:
            notice(f"the compiled cache {folder.name} is damaged ({exc}); rebuilding it")
            shutil.rmtree(folder, ignore_errors=True)
    shutil.rmtree(folder.with_name(f"{name}-v{FORMAT_VERSION - 1}-{key}"), ignore_errors=True)  # unchecked
    arrays, meta = build()
    arrays = {k: np.ascontiguousarray(v) for k, v in arrays.items()}
    try:
        _save(folder, arrays, meta)
    except OSError as exc:
        notice(f"the compiled cache cannot be saved in {folder.parent} ({exc.strerror or exc}); "
               "it is rebuilt next time")
    return _read_only(arrays), meta


def _checksum(arr: np.ndarray) -> int:
    return zlib.crc32(memoryview(np.ascontiguousarray(arr)).cast("B"))


def _describe(arrays: dict[str, np.ndarray], meta: dict) -> dict:
    """The metadata document: the builder's ``meta``, each array's dtype, shape and CRC-32, and a
    CRC-32 of all that."""
    doc = {"meta": meta, "arrays": {k: {"dtype": a.dtype.str, "shape": list(a.shape), "crc32": _checksum(a)}
                                    for k, a in sorted(arrays.items())}}
    return {**doc, "crc32": zlib.crc32(json.dumps(doc, sort_keys=True).encode())}


def _load(folder: Path) -> tuple[dict[str, np.ndarray], dict]:
    """The checked arrays and metadata in ``folder``; Damaged naming the first thing wrong."""
    try:
        doc = json.loads((folder / "meta.json").read_bytes())
    except (OSError, ValueError) as exc:
        raise Damaged(f"meta.json unreadable: {exc}") from None
    if not isinstance(doc, dict) or not isinstance(doc.get("arrays"), dict) or not doc["arrays"] \
            or not isinstance(doc.get("meta"), dict) or not all(map(_NAME.fullmatch, doc["arrays"])):
        raise Damaged("meta.json is not a cache description")
    body = {"meta": doc["meta"], "arrays": doc["arrays"]}
    if zlib.crc32(json.dumps(body, sort_keys=True).encode()) != doc.get("crc32"):
        raise Damaged("meta.json checksum mismatch")
    arrays = {}
    for k, want in doc["arrays"].items():
        try:
            arr = np.load(folder / f"{k}.npy", mmap_mode="r")
        except (OSError, ValueError, EOFError) as exc:
            raise Damaged(f"{k}.npy unreadable: {exc}") from None
        if arr.dtype.str != want.get("dtype") or list(arr.shape) != want.get("shape"):
            raise Damaged(f"{k}.npy has the wrong type or shape")
        if _checksum(arr) != want.get("crc32"):
            raise Damaged(f"{k}.npy checksum mismatch")
        arrays[k] = arr
    return arrays, doc["meta"]


def _save(folder: Path, arrays: dict[str, np.ndarray], meta: dict) -> None:
    """Write the cache folder whole under a temporary name, flushed to the disk, then rename it;
    temporary folders of dead writers (a full disk, a killed process) are swept first."""
    folder.parent.mkdir(parents=True, exist_ok=True)
    sweep_stale(folder.parent, _TEMPORARY)
    tmp = Path(tempfile.mkdtemp(prefix=f".{folder.name}.", dir=folder.parent))
    try:
        for k, arr in arrays.items():
            with open(tmp / f"{k}.npy", "wb") as f:
                np.save(f, arr)
                f.flush()
                os.fsync(f.fileno())
        # meta.json last: a folder without it is incomplete and never read.
        with open(tmp / "meta.json", "w", encoding="utf-8") as f:
            json.dump(_describe(arrays, meta), f)
            f.flush()
            os.fsync(f.fileno())
        fsync_dir(tmp)
        try:
            tmp.rename(folder)
        except OSError:  # another process finished first: keep its copy
            shutil.rmtree(tmp, ignore_errors=True)
            return
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    fsync_dir(folder.parent)


def _read_only(arrays: dict[str, np.ndarray]) -> dict[str, np.ndarray]:
    """Read-only C-contiguous arrays, like the memory-mapped ones: a numba kernel taking them then
    has one signature, so the first run (which builds) and later runs (which load) share one
    compiled version instead of compiling twice."""
    out = {k: np.ascontiguousarray(a) for k, a in arrays.items()}
    for a in out.values():
        a.setflags(write=False)
    return out
