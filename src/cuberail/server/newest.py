"""A small thread-safe LRU of per-game values that only move forward: a value is replaced
only by one at the same or a later log ``seq`` (a slow reader never puts back an older
state), and the least recently used game goes first past ``kept``."""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Generic, Protocol, TypeVar


class HasSeq(Protocol):
    @property
    def seq(self) -> int: ...


T = TypeVar("T", bound=HasSeq)


class Newest(Generic[T]):
    """Per game, the value at the latest ``seq`` seen; at most ``kept`` games."""

    def __init__(self, kept: int) -> None:
        self.kept = kept
        self._lock = threading.Lock()
        self._values: OrderedDict[str, T] = OrderedDict()

    def get(self, key: str) -> T | None:
        with self._lock:
            return self._values.get(key)

    def put(self, key: str, value: T) -> None:
        with self._lock:
            old = self._values.get(key)
            if old is None or old.seq <= value.seq:
                self._values[key] = value
            self._values.move_to_end(key)
            while len(self._values) > self.kept:
                self._values.popitem(last=False)

    def drop(self, key: str) -> None:
        with self._lock:
            self._values.pop(key, None)

    def __len__(self) -> int:
        return len(self._values)
