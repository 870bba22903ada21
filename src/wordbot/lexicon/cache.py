"""On-disk cache of compiled arrays: one folder per (name, key), written atomically, memory-mapped."""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from collections.abc import Callable
from pathlib import Path

import numpy as np
import platformdirs

FORMAT_VERSION = 1


def cache_root() -> Path:
    """``WORDBOT_CACHE_DIR`` when set (tests, read-only homes), else the platform's user cache."""
    env = os.environ.get("WORDBOT_CACHE_DIR")
    return Path(env) if env else Path(platformdirs.user_cache_dir("wordbot"))


def load_or_build(
    name: str, key: str, build: Callable[[], tuple[dict[str, np.ndarray], dict]]
) -> tuple[dict[str, np.ndarray], dict]:
    """Arrays and metadata for ``name``/``key``: memory-mapped from the cache, or built and saved.

    A cache that cannot be written (read-only disk) only costs the rebuild next time.
    """
    folder = cache_root() / f"{name}-v{FORMAT_VERSION}-{key}"
    meta_file = folder / "meta.json"
    if meta_file.exists():
        try:
            meta = json.loads(meta_file.read_text(encoding="utf-8"))
            arrays = {k: np.load(folder / f"{k}.npy", mmap_mode="r") for k in meta["arrays"]}
            return arrays, meta
        except (OSError, ValueError, KeyError):
            shutil.rmtree(folder, ignore_errors=True)
    arrays, meta = build()
    meta = {**meta, "arrays": sorted(arrays)}
    try:
        folder.parent.mkdir(parents=True, exist_ok=True)
        tmp = Path(tempfile.mkdtemp(prefix=f".{folder.name}.", dir=folder.parent))
        for k, arr in arrays.items():
            np.save(tmp / f"{k}.npy", np.ascontiguousarray(arr))
        # meta.json last: a folder without it is incomplete and never read.
        (tmp / "meta.json").write_text(json.dumps(meta), encoding="utf-8")
        try:
            tmp.rename(folder)
        except OSError:  # another process finished first: keep its copy
            shutil.rmtree(tmp, ignore_errors=True)
    except OSError:
        pass
    return _read_only(arrays), meta


def _read_only(arrays: dict[str, np.ndarray]) -> dict[str, np.ndarray]:
    """Read-only C-contiguous arrays, like the memory-mapped ones: a numba kernel taking them then
    has one signature, so the first run (which builds) and later runs (which load) share one
    compiled version instead of compiling twice."""
    out = {k: np.ascontiguousarray(a) for k, a in arrays.items()}
    for a in out.values():
        a.setflags(write=False)
    return out
