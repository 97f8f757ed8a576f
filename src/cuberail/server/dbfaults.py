"""Database faults: a short 503 for the client, the details in the log, and recovery.

A read-only file, a full disk, a disk error, a lost PostgreSQL connection: each answers
503 with ``Retry-After`` and a one-line reason (never a traceback), and the connection
that met it is thrown away (:func:`recovering`), with the rest of its pool, so that when
the database comes back the next write works without restarting the server.

At start, :func:`startup_warnings` says so when an SQLite file is read-only or already
used by another server process (a ``FILE.lock`` beside it, held with ``flock``).
"""

from __future__ import annotations

import logging
import os
import sqlite3
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO

from sqlalchemy import Connection, Engine
from sqlalchemy import exc as sa
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse

log = logging.getLogger("cuberail.server")
RETRY_AFTER = 5  # seconds a client is told to wait when the database failed
DISPOSE_EVERY = 1.0  # seconds: a storm of failures empties a pool once a second at most
# Errors that say the request (or the code) is wrong, not that the database is unwell.
NOT_FAULTS: tuple[type[BaseException], ...] = (
    sa.IntegrityError, sa.ProgrammingError, sa.DataError, sa.NotSupportedError,
    sqlite3.IntegrityError, sqlite3.ProgrammingError, sqlite3.DataError,
    sqlite3.NotSupportedError)
FAULTS: tuple[type[BaseException], ...] = (
    sa.DatabaseError, sa.DisconnectionError, sa.TimeoutError, sqlite3.DatabaseError)
REASONS = (  # (words in the driver's message, what the client is told)
    (("readonly", "read-only", "read only"), "the database is read-only"),
    (("disk is full", "no space"), "the database's disk is full"),
    (("disk i/o", "malformed", "corrupt"), "the database had a disk error"),
    (("locked", "busy", "timeout", "timed out"), "the database is too busy"),
)


def is_fault(exc: BaseException) -> bool:
    """Whether ``exc`` is the database being unavailable (not a bad request or a bug)."""
    if isinstance(exc, NOT_FAULTS):
        return False
    if isinstance(exc, FAULTS):
        return True
    return type(exc).__module__.startswith("psycopg") and "OperationalError" in {
        t.__name__ for t in type(exc).__mro__}


def reason(exc: BaseException) -> str:
    """A short reason for the client (no SQL, no file names)."""
    text = str(getattr(exc, "orig", None) or exc).lower()
    why = next((said for words, said in REASONS if any(w in text for w in words)),
               "the database is not available")
    return f"{why}: try again in {RETRY_AFTER} s"


async def database_fault(request: Request, exc: Exception) -> JSONResponse:
    """503 + Retry-After for a database fault, 500 for any other database error; the
    traceback goes to the log only."""
    where = f"{request.method} {request.url.path}"
    if is_fault(exc):
        log.error("database fault in %s: %s", where, exc, exc_info=exc)
        return JSONResponse({"detail": reason(exc)}, 503,
                            headers={"Retry-After": str(RETRY_AFTER)})
    log.error("database error in %s", where, exc_info=exc)
    return JSONResponse({"detail": "the server failed on this request"}, 500)


def install(app: Starlette) -> None:
    """Answer every database error with :func:`database_fault`."""
    app.add_exception_handler(sa.SQLAlchemyError, database_fault)
    app.add_exception_handler(sqlite3.Error, database_fault)
    try:
        import psycopg
    except ImportError:  # SQLite only
        return
    app.add_exception_handler(psycopg.Error, database_fault)


class Recovery:
    """Throws away connections that met a fault (and, once a second, their pools)."""

    def __init__(self) -> None:
        self.faults = 0
        self._last: dict[int, float] = {}
        self._lock = threading.Lock()

    @contextmanager
    def connect(self, engine: Engine) -> Iterator[Connection]:
        """``engine.connect()``; a fault inside invalidates the connection and the pool."""
        with engine.connect() as conn:
            try:
                yield conn
            except Exception as exc:
                if is_fault(exc):
                    self._recover(engine, conn)
                raise

    def _recover(self, engine: Engine, conn: Connection) -> None:
        self.faults += 1
        try:
            conn.invalidate()  # never handed out again
        except Exception:  # closing a broken connection may fail too
            log.debug("invalidating a connection failed", exc_info=True)
        now = time.monotonic()
        with self._lock:
            if now - self._last.get(id(engine), -DISPOSE_EVERY) < DISPOSE_EVERY:
                return
            self._last[id(engine)] = now
        engine.dispose()  # the other idle connections may be as stuck (read-only)


# ----- at start --------------------------------------------------------------------------


def sqlite_path(url: str) -> Path | None:
    """The file of an SQLite URL (None: PostgreSQL or in memory)."""
    from sqlalchemy.engine import make_url

    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite" or parsed.database in (None, "", ":memory:"):
        return None
    return Path(str(parsed.database))


def read_only(path: Path) -> bool:
    """Whether this process may not write the file (or create files beside it)."""
    folder = path.parent if path.parent != Path("") else Path(".")
    if path.exists() and not os.access(path, os.W_OK):
        return True
    return folder.exists() and not os.access(folder, os.W_OK | os.X_OK)


class FileLock:
    """``FILE.lock`` held (``flock``) while this server uses the SQLite file."""

    def __init__(self, path: Path) -> None:
        self.path = path.with_name(path.name + ".lock")
        self._file: IO[bytes] | None = None

    def claim(self) -> bool:
        """Hold the lock; False when another process holds it (or it cannot be made)."""
        if sys.platform == "win32":
            return True
        import fcntl

        try:
            handle = open(self.path, "ab")  # noqa: SIM115 - held until release()
        except OSError:
            return True  # a read-only folder: said by read_only()
        try:
            fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            handle.close()
            return False
        self._file = handle
        return True

    def release(self) -> None:
        if self._file is not None:
            self._file.close()  # closing drops the flock
            self._file = None


def file_lock(url: str) -> FileLock | None:
    """The lock beside an SQLite file (None: PostgreSQL or in memory)."""
    path = sqlite_path(url)
    return None if path is None else FileLock(path)


def startup_warnings(url: str, lock: FileLock | None) -> list[str]:
    """Warnings about an SQLite file: read-only, or used by another server process."""
    path = sqlite_path(url)
    if path is None:
        return []
    out = []
    if read_only(path):
        out.append(f"the database file {path} is read-only for this server: games can be"
                   " read but every write answers 503 until it is writable")
    if lock is not None and not lock.claim():
        out.append(f"the database file {path} is already used by another cuberail server"
                   f" ({lock.path} is locked): two servers on one SQLite file make each"
                   " other wait; stop the other one or use PostgreSQL for several processes")
    return out
