"""A lock per key (a game id) that exists only while someone holds or waits for it.

A table of one lock per game id ever asked for grows with every request naming a new
id, real or not: here a key's lock is counted by its holders and waiters and forgotten
when the last one leaves, so the table holds only the games being written right now.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager


class WouldWait(Exception):
    """A lock (or the database) is busy and the caller asked not to wait: try elsewhere."""


class KeyedLocks:
    """``with locks.hold(key):`` one holder per key at a time; no memory for idle keys."""

    def __init__(self) -> None:
        self._guard = threading.Lock()
        self._locks: dict[str, tuple[threading.Lock, int]] = {}  # key: (lock, users)

    def __len__(self) -> int:
        return len(self._locks)

    @contextmanager
    def hold(self, key: str, wait: bool = True) -> Iterator[None]:
        """Hold ``key``'s lock; with ``wait`` False, :class:`WouldWait` when it is held."""
        lock = self._enter(key)
        try:
            if not lock.acquire(blocking=wait):
                raise WouldWait(key)
            try:
                yield
            finally:
                lock.release()
        finally:
            self._leave(key)

    def _enter(self, key: str) -> threading.Lock:
        with self._guard:
            lock, users = self._locks.get(key) or (threading.Lock(), 0)
            self._locks[key] = (lock, users + 1)
            return lock

    def _leave(self, key: str) -> None:
        with self._guard:
            lock, users = self._locks[key]
            if users <= 1:
                del self._locks[key]
            else:
                self._locks[key] = (lock, users - 1)
