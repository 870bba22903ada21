"""Results kept by their input's pixels: a game's frames are read again and again, and most of
their tiles are the same pixels as a frame before, so each costly step (a tile's ink, its
template scores, Tesseract's opinion) is done once per new picture."""

from __future__ import annotations

import hashlib
import threading
import weakref
from collections import OrderedDict
from collections.abc import Callable, Iterable, Sequence
from typing import Generic, TypeVar

import numpy as np

V = TypeVar("V")


class Kept(Generic[V]):
    """The last ``size`` values, by key (``key``: a digest of an array and what else the value
    depends on); safe across threads (the overlay and play read in their own)."""

    _every: weakref.WeakSet[Kept] = weakref.WeakSet()

    def __init__(self, size: int):
        self.size = size
        self._values: OrderedDict[bytes, V] = OrderedDict()
        self._lock = threading.Lock()
        Kept._every.add(self)

    @staticmethod
    def key(array: np.ndarray, *extra: object) -> bytes:
        about = repr((array.shape, array.dtype.str, *extra)).encode()
        return hashlib.blake2b(np.ascontiguousarray(array).tobytes() + about, digest_size=16).digest()

    def get(self, key: bytes) -> V | None:
        with self._lock:
            value = self._values.get(key)
            if value is not None:
                self._values.move_to_end(key)
            return value

    def put(self, key: bytes, value: V) -> None:
        with self._lock:
            self._values[key] = value
            if len(self._values) > self.size:
                self._values.popitem(last=False)

    def fill(self, keys: Sequence[bytes], make: Callable[[list[int]], Iterable[V]]) -> list[V]:
        """The value of each of ``keys``: those not kept made together by ``make`` (given the index
        of the first of each key not kept, it returns their values in that order), then kept."""
        found: dict[bytes, V] = {}
        first: dict[bytes, int] = {}
        for i, k in enumerate(keys):
            if k not in found and k not in first:
                value = self.get(k)
                if value is None:
                    first[k] = i
                else:
                    found[k] = value
        new = list(first.values())
        if new:
            for i, value in zip(new, make(new), strict=True):
                found[keys[i]] = value
                self.put(keys[i], value)
        return [found[k] for k in keys]

    @classmethod
    def forget_all(cls) -> None:
        """Drop every kept value (a first frame measured, a test's fresh start)."""
        for kept in list(cls._every):
            with kept._lock:
                kept._values.clear()
