"""SQLite WAL checkpoints in a background thread, so that no writer ever runs one.

SQLite's automatic checkpoint runs inside the commit that crosses 1,000 WAL pages:
that writer copies the pages into the database file and fsyncs both files while it
holds the (process-wide) write lock, and every move waiting meanwhile takes as long.
Under the 500-game load it was one cause of the p99. Here the server's connections turn automatic
checkpoints off (``PRAGMA wal_autocheckpoint=0``) and this thread, on its own
connection, runs a PASSIVE checkpoint every ``every`` seconds: PASSIVE never waits for
a reader or a writer, and takes no lock a writer needs, so writers go on appending
while it copies.

The WAL file must stay bounded too. SQLite reuses the file from its start (a *WAL
reset*) when a writer begins while every frame has been copied back; under a steady
stream of writes a concurrent checkpoint may never catch up exactly, and the file would
grow. So a pass that finds the file past ``cap`` bytes first copies everything it can
without a lock, then takes the store's write lock (this process's writers wait on it,
as they would on any write) and runs a TRUNCATE checkpoint, which only has the few
frames written meanwhile left to copy, resets the WAL and cuts the file to zero (it
waits at most ``BUSY_MS`` for readers of an older snapshot; if one is still reading,
the next tries wait ``BACK_OFF`` passes, so writers never queue behind it again and
again). The
same TRUNCATE runs (also under the lock, so that a writer arriving meanwhile waits
for it there) once the database has been idle for ``idle_after`` seconds, so an idle
server leaves no big WAL behind.

Durability is unchanged: a commit is in the WAL (fsynced per commit with
``synchronous=FULL``) before it is answered, and a checkpoint only copies committed
frames; a killed process leaves its WAL, which the next opener replays.
"""

from __future__ import annotations

import logging
import sqlite3
import threading
import time
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("cuberail.server")

EVERY = 1.0  # seconds between passes
CAP = 64 * 1024 * 1024  # bytes of WAL past which a pass resets it under the write lock
IDLE_AFTER = 5.0  # seconds without a write after which the WAL is truncated to zero
BUSY_MS = 250  # how long a TRUNCATE waits for readers of an older snapshot
BACK_OFF = 10  # passes without a capped reset after one that found a reader in the way


@dataclass
class CheckpointStats:
    """What the checkpointer did (tests and debugging)."""

    passive: int = 0
    truncated: int = 0  # TRUNCATE checkpoints that reset the WAL (cap or idle)
    busy: int = 0  # checkpoints that could not finish (a reader or another checkpointer)
    largest_wal: int = 0  # the largest WAL file seen, bytes
    errors: list[str] = field(default_factory=list)


class Checkpointer:
    """Runs WAL checkpoints of one SQLite file in a daemon thread until :meth:`stop`."""

    def __init__(self, path: Path, write_lock: AbstractContextManager[object],
                 every: float = EVERY, cap: int = CAP, idle_after: float = IDLE_AFTER) -> None:
        """``write_lock`` is the lock the store's writers take (held for a capped reset)."""
        self.path = path
        self.wal = path.with_name(path.name + "-wal")
        self.write_lock = write_lock
        self.every, self.cap, self.idle_after = every, cap, idle_after
        self.stats = CheckpointStats()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._conn: sqlite3.Connection | None = None
        self._last_change = time.monotonic()
        self._last_seen: tuple[int, int] = (0, 0)  # the WAL's (size, mtime) at the last pass
        self._back_off = 0  # passes left before a capped reset may be tried again

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def start(self) -> None:
        """Start the thread (once; a stopped checkpointer is not restarted)."""
        if self._thread is None and not self._stop.is_set():
            self._thread = threading.Thread(target=self._run, name="cuberail-checkpoint",
                                            daemon=True)
            self._thread.start()

    def stop(self, timeout: float = 10.0) -> None:
        """Stop the thread and close its connection (waits for a pass in progress)."""
        self._stop.set()
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(timeout)
        if not self.running:  # (the thread closes its own connection as it ends)
            self._close()

    def _run(self) -> None:
        try:
            while not self._stop.wait(self.every):
                self.step()
        finally:
            self._close()

    def step(self) -> str:
        """One pass: what it did ("none", "passive", "cap" or "idle"). Errors are logged
        and counted, never raised: a failed checkpoint only leaves the WAL longer."""
        try:
            return self._step()
        except (sqlite3.Error, OSError) as exc:
            self.stats.errors.append(str(exc))
            log.warning("WAL checkpoint failed: %s", exc)
            self._close()  # reconnect on the next pass
            return "error"

    def _step(self) -> str:
        size, mtime = self._wal_state()
        self.stats.largest_wal = max(self.stats.largest_wal, size)
        now = time.monotonic()
        if (size, mtime) != self._last_seen:
            self._last_seen, self._last_change = (size, mtime), now
        if size == 0:
            return "none"
        if now - self._last_change >= self.idle_after:
            with self.write_lock:  # a writer arriving meanwhile waits here, not in SQLite's
                self._truncate()  # busy handler (which sleeps in steps of up to 100 ms)
            return "idle"
        self._checkpoint("PASSIVE")
        self._back_off = max(0, self._back_off - 1)
        if size > self.cap and not self._back_off:
            with self.write_lock:
                if not self._truncate():  # a long reader: writers must not wait on it
                    self._back_off = BACK_OFF  # again and again
            return "cap"
        return "passive"

    def _wal_state(self) -> tuple[int, int]:
        try:
            st = self.wal.stat()
        except FileNotFoundError:
            return 0, 0
        return st.st_size, st.st_mtime_ns

    def _truncate(self) -> bool:
        done = self._checkpoint("TRUNCATE")
        self._last_seen = self._wal_state()
        return done

    def _checkpoint(self, mode: str) -> bool:
        """One checkpoint; False when it could not finish (busy)."""
        conn = self._connection()
        busy, _frames, _copied = conn.execute(f"PRAGMA wal_checkpoint({mode})").fetchone()
        if busy:
            self.stats.busy += 1
        elif mode == "PASSIVE":
            self.stats.passive += 1
        else:
            self.stats.truncated += 1
        return not busy

    def _connection(self) -> sqlite3.Connection:
        if self._conn is None:
            conn = sqlite3.connect(self.path, timeout=BUSY_MS / 1000, isolation_level=None,
                                   check_same_thread=False)
            conn.execute("PRAGMA wal_autocheckpoint=0")
            conn.execute(f"PRAGMA busy_timeout={BUSY_MS}")
            self._conn = conn
        return self._conn

    def _close(self) -> None:
        conn, self._conn = self._conn, None
        if conn is not None:
            conn.close()
