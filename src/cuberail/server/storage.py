"""The database: engines, migrations, and the few queries the game service needs.

Every SQL statement of the server lives in the storage layer: this module, its
sibling modules named for their tables (``storage_analyses``), the tables (``models``),
the SQLite WAL checkpointer (``checkpoints``) and the migrations; the services call
their methods (``tests/server/test_sql_in_storage.py`` keeps it so).

SQLite (the default) runs in WAL mode with a busy timeout; write transactions start
with ``BEGIN IMMEDIATE`` so that two writers never deadlock upgrading a read lock.
WAL checkpoints run in a background thread (:mod:`cuberail.server.checkpoints`), never
inside a writer's commit.
PostgreSQL is reached through psycopg 3. Every write is one short transaction,
committed before anything is broadcast or answered.
"""

from __future__ import annotations

import json
import threading
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from alembic import command
from alembic.config import Config
from sqlalchemy import (
    Connection,
    Engine,
    bindparam,
    create_engine,
    delete,
    event,
    func,
    insert,
    select,
    text,
    update,
)
from sqlalchemy.engine import make_url
from sqlalchemy.exc import OperationalError

from cuberail.server.checkpoints import Checkpointer
from cuberail.server.dbfaults import Recovery
from cuberail.server.keyedlocks import WouldWait
from cuberail.server.models import analyses, chat, entries, games, seats
from cuberail.server.storage_analyses import AnalysisQueries

if TYPE_CHECKING:
    import psycopg

MIGRATIONS = Path(__file__).resolve().parent / "migrations"
BUSY_MS = 30000  # how long an SQLite statement waits for another writer (in a thread)
WAL_KEEP = 16 * 1024 * 1024  # bytes of WAL file kept for reuse when the WAL resets

# The statements of the move path, built once: building one per call (and its cache key)
# cost more than running it.
_LAST_SEQ = (select(func.max(entries.c.seq)).where(entries.c.game_id == games.c.id)
             .scalar_subquery())
GAME_AND_SEQ = select(games, _LAST_SEQ.label("last_seq")).where(games.c.id == bindparam("gid"))
SEATS = select(seats).where(seats.c.game_id == bindparam("gid")).order_by(seats.c.seat)
LAST_SEQ = select(func.max(entries.c.seq)).where(entries.c.game_id == bindparam("gid"))
ENTRIES = (select(entries.c.seq, entries.c.seat, entries.c.kind, entries.c.action,
                  entries.c.created)
           .where(entries.c.game_id == bindparam("gid"), entries.c.seq > bindparam("after"))
           .order_by(entries.c.seq))
APPEND = insert(entries)
SET_OVER = update(games).where(games.c.id == bindparam("gid")).values(over=bindparam("done"))


def now() -> datetime:
    return datetime.now(UTC)


@dataclass(frozen=True)
class GameRow:
    """One game's fixed facts, as stored."""

    id: str
    title: str
    name: str
    rules_version: int
    options: dict[str, Any]
    owner_hash: str
    seed: int
    bot_after: float | None
    over: bool
    created: datetime
    is_open: bool = False  # free human seats may be claimed (see :meth:`Store.claim_seat`)
    rematch_id: str | None = None  # this game's rematch, once asked (:meth:`Store.set_rematch`)
    hints: bool = True  # the table option: hints answer in this game (off: for nobody)
    bot_delay: float | None = None  # the table option: seconds between a log entry and a bot's move
    undo: str = "free"  # the table option: "free", or "unanswered" (see server/undo.py)


@dataclass(frozen=True)
class SeatRow:
    seat: int
    name: str
    bot: str | None
    token_hash: str | None
    webhook: str | None


@dataclass(frozen=True)
class Entry:
    """One line of the append-only log: a move, or an undo of the last effective move."""

    seq: int
    seat: int
    kind: str
    action: str
    created: datetime


def _sqlite_engine(url: str, immediate: bool, synchronous: str,
                   autocheckpoint: bool) -> Engine:
    # Connections stay open in a pool: closing the last one checkpoints the WAL (slow).
    engine = create_engine(url, connect_args={"timeout": 30, "check_same_thread": False},
                           pool_size=8, max_overflow=24)

    @event.listens_for(engine, "connect")
    def _connect(dbapi_conn: Any, _record: Any) -> None:
        dbapi_conn.isolation_level = None  # we emit BEGIN ourselves
        cur = dbapi_conn.cursor()
        cur.execute("PRAGMA journal_mode=WAL")
        cur.execute(f"PRAGMA synchronous={synchronous}")
        if not autocheckpoint:  # the store's checkpointer thread does it
            cur.execute("PRAGMA wal_autocheckpoint=0")
            cur.execute(f"PRAGMA journal_size_limit={WAL_KEEP}")
        cur.execute(f"PRAGMA busy_timeout={BUSY_MS}")
        cur.execute("PRAGMA foreign_keys=ON")
        cur.close()

    if immediate:  # writers; readers run each statement on its own (always the newest data)
        @event.listens_for(engine, "begin")
        def _begin(conn: Connection) -> None:
            conn.exec_driver_sql("BEGIN IMMEDIATE")

    return engine


def _begin_at_once(conn: Connection) -> None:
    """Begin ``conn``'s write transaction (SQLite's BEGIN IMMEDIATE) without waiting for
    another program's writer: :class:`WouldWait` when the file is locked."""
    raw = conn.connection.driver_connection
    assert raw is not None
    raw.execute("PRAGMA busy_timeout=0")
    try:
        conn.begin()
    except OperationalError as exc:
        if "locked" not in str(exc.orig) and "busy" not in str(exc.orig):
            raise
        conn.rollback()
        raise WouldWait("the database file is locked by another program") from None
    finally:
        raw.execute(f"PRAGMA busy_timeout={BUSY_MS}")


def sqlite_url(path: Path) -> str:
    return f"sqlite:///{path}"


@asynccontextmanager
async def listening(dsn: str, channel: str) -> AsyncIterator[psycopg.AsyncConnection[Any]]:
    """A PostgreSQL connection (psycopg, autocommit) that LISTENs on ``channel``."""
    import psycopg

    async with await psycopg.AsyncConnection.connect(dsn, autocommit=True) as conn:
        await conn.execute(f"LISTEN {channel}")
        yield conn


class Store(AnalysisQueries):
    """Engines and queries over one database (SQLite file or PostgreSQL)."""

    def __init__(self, url: str, sqlite_sync: str = "NORMAL",
                 background_checkpoints: bool = True) -> None:
        """``sqlite_sync``: NORMAL (in WAL mode a commit survives the process being killed,
        not a power cut; no fsync per move) or FULL (an fsync per commit).

        ``background_checkpoints`` (SQLite files): checkpoint the WAL in a thread of this
        store (started by the first write, stopped by :meth:`dispose`), not in commits.
        """
        self.url = url
        self.sync = sqlite_sync.upper()
        self.dialect = make_url(url).get_backend_name()
        if self.sync not in ("NORMAL", "FULL"):
            raise ValueError(f"sqlite synchronous mode {sqlite_sync!r}: use NORMAL or FULL")
        self.checkpointer: Checkpointer | None = None
        self.recovery = Recovery()  # a fault throws its connection (and pool) away
        self._write_lock = threading.Lock() if self.dialect == "sqlite" else None
        if self.dialect == "sqlite":
            path = make_url(url).database
            if background_checkpoints and path and path != ":memory:" and self._write_lock:
                self.checkpointer = Checkpointer(Path(path), self._write_lock)
            auto = self.checkpointer is None
            self.reader = _sqlite_engine(url, False, self.sync, auto)
            self.writer = _sqlite_engine(url, True, self.sync, auto)
        elif self.dialect == "postgresql":
            self.reader = self.writer = create_engine(url, pool_size=10, max_overflow=20,
                                                      pool_pre_ping=True)
        else:
            raise ValueError(f"database {self.dialect!r} is not supported; use sqlite or"
                             " postgresql+psycopg")

    @property
    def is_postgres(self) -> bool:
        return self.dialect == "postgresql"

    @property
    def answers_at_once(self) -> bool:
        """Whether a short job may run without a thread: an SQLite file written without an
        fsync per commit (``synchronous=NORMAL``), its locks tried without waiting
        (``wait=False`` of :meth:`write`); a job that would wait goes to a thread."""
        return self._write_lock is not None and self.sync == "NORMAL"

    def migrate(self) -> None:
        """Bring the schema to the newest Alembic revision."""
        cfg = Config()
        cfg.set_main_option("script_location", str(MIGRATIONS))
        with self.writer.connect() as conn:
            if self.is_postgres:  # processes starting together migrate one at a time
                conn.execute(text("SELECT pg_advisory_xact_lock(72610901)"))
            cfg.attributes["connection"] = conn
            command.upgrade(cfg, "head")
            conn.commit()

    def dispose(self) -> None:
        """Stop the checkpointer and close every connection."""
        if self.checkpointer is not None:
            self.checkpointer.stop()
        self.reader.dispose()
        self.writer.dispose()

    @contextmanager
    def read(self) -> Iterator[Connection]:
        with self.recovery.connect(self.reader) as conn:
            yield conn
            conn.rollback()

    @contextmanager
    def write(self, wait: bool = True) -> Iterator[Connection]:
        """One write transaction, committed on success (SQLite writers take turns here).

        ``wait`` False (SQLite only, see :attr:`answers_at_once`): :class:`WouldWait`,
        before anything is written, when another writer of this process or another
        program holds the file's write lock.
        """
        if self._write_lock is None:
            with self.recovery.connect(self.writer) as conn:
                yield conn
                conn.commit()
            return
        if not self._write_lock.acquire(blocking=wait):
            raise WouldWait("the database's writer")
        try:
            if self.checkpointer is not None and not self.checkpointer.running:
                self.checkpointer.start()
            with self.recovery.connect(self.writer) as conn:
                if not wait:
                    _begin_at_once(conn)
                yield conn
                conn.commit()
        finally:
            self._write_lock.release()

    # ----- queries ------------------------------------------------------------------

    def game(self, conn: Connection, game_id: str) -> GameRow | None:
        return self.game_and_seq(conn, game_id)[0]

    def game_and_seq(self, conn: Connection, game_id: str) -> tuple[GameRow | None, int]:
        """The game's row and its log's last ``seq`` (0 for none), in one statement."""
        row = conn.execute(GAME_AND_SEQ, {"gid": game_id}).mappings().first()
        if row is None:
            return None, 0
        data = dict(row)
        seq = int(data.pop("last_seq") or 0)
        data["options"] = json.loads(data["options"])
        return GameRow(**data), seq

    def seats(self, conn: Connection, game_id: str) -> list[SeatRow]:
        rows = conn.execute(SEATS, {"gid": game_id}).mappings()
        return [SeatRow(r["seat"], r["name"], r["bot"], r["token_hash"], r["webhook"])
                for r in rows]

    def last_seq(self, conn: Connection, game_id: str) -> int:
        value = conn.execute(LAST_SEQ, {"gid": game_id}).scalar()
        return int(value or 0)

    def entries(self, conn: Connection, game_id: str, after: int = 0,
                limit: int | None = None) -> list[Entry]:
        query = ENTRIES if limit is None else ENTRIES.limit(limit)
        rows = conn.execute(query, {"gid": game_id, "after": after})
        return [Entry(*row) for row in rows]

    def add_game(self, conn: Connection, row: GameRow, seat_rows: list[SeatRow]) -> None:
        data = {**row.__dict__, "options": json.dumps(row.options)}
        conn.execute(insert(games).values(**data))
        for s in seat_rows:
            conn.execute(insert(seats).values(game_id=row.id, **s.__dict__))

    def append(self, conn: Connection, game_id: str, entry: Entry) -> None:
        """Append one log line; a taken (game, seq) raises IntegrityError."""
        conn.execute(APPEND, {"game_id": game_id, **entry.__dict__})

    def set_over(self, conn: Connection, game_id: str, over: bool) -> None:
        conn.execute(SET_OVER, {"gid": game_id, "done": over})

    def update_seat(self, conn: Connection, game_id: str, seat: int, **values: Any) -> None:
        conn.execute(update(seats).where(seats.c.game_id == game_id, seats.c.seat == seat)
                     .values(**values))

    def open_games(self, conn: Connection) -> list[str]:
        rows = conn.execute(select(games.c.id).where(games.c.over.is_(False)))
        return [r[0] for r in rows]

    def unfinished(self, conn: Connection, game_ids: list[str]) -> set[str]:
        """Those of ``game_ids`` that exist and are not over."""
        rows = conn.execute(select(games.c.id).where(games.c.id.in_(game_ids),
                                                     games.c.over.is_(False)))
        return set(rows.scalars())

    def notify(self, conn: Connection, channel: str, payload: str) -> None:
        """PostgreSQL NOTIFY on ``channel``, delivered when ``conn``'s transaction commits."""
        conn.execute(text("SELECT pg_notify(:c, :p)"), {"c": channel, "p": payload})

    def add_chat(self, conn: Connection, game_id: str, seat: int | None, name: str,
                 text: str, when: datetime) -> int:
        result = conn.execute(insert(chat).values(game_id=game_id, seat=seat, name=name,
                                                  text=text, created=when))
        key = result.inserted_primary_key
        return int(key[0]) if key else 0

    def chat(self, conn: Connection, game_id: str, limit: int = 50) -> list[dict[str, Any]]:
        rows = conn.execute(select(chat.c.id, chat.c.seat, chat.c.name, chat.c.text,
                                   chat.c.created).where(chat.c.game_id == game_id)
                            .order_by(chat.c.id.desc()).limit(limit)).mappings()
        out = [dict(r) | {"created": r["created"].isoformat()} for r in rows]
        return out[::-1]

    # ----- rematches -------------------------------------------------------------------

    def set_rematch(self, conn: Connection, game_id: str, rematch_id: str) -> bool:
        """Name ``rematch_id`` the rematch of ``game_id``; False when it already had one.

        The condition is in the UPDATE itself, so of two rematches racing from any number
        of processes exactly one is recorded.
        """
        result = conn.execute(update(games)
                              .where(games.c.id == game_id, games.c.rematch_id.is_(None))
                              .values(rematch_id=rematch_id))
        return result.rowcount == 1

    def rematch_of(self, conn: Connection, game_id: str) -> str | None:
        """The id of ``game_id``'s rematch (None: none yet, or no such game)."""
        value = conn.execute(select(games.c.rematch_id).where(games.c.id == game_id)).scalar()
        return None if value is None else str(value)

    def delete_game(self, conn: Connection, game_id: str) -> None:
        """Delete a game and all its rows: only for a game whose id never left the server
        (a rematch that lost the race to another request)."""
        for table in (entries, chat, analyses, seats):
            conn.execute(delete(table).where(table.c.game_id == game_id))
        conn.execute(delete(games).where(games.c.id == game_id))

    # ----- open games -------------------------------------------------------------------

    def joinable(self, conn: Connection, limit: int) -> list[tuple[GameRow, list[SeatRow]]]:
        """Open games not over with a free human seat (no bot, no token), newest first."""
        free = (select(seats.c.game_id)
                .where(seats.c.bot.is_(None), seats.c.token_hash.is_(None)))
        rows = conn.execute(select(games.c.id)
                            .where(games.c.is_open.is_(True), games.c.over.is_(False),
                                   games.c.id.in_(free))
                            .order_by(games.c.created.desc(), games.c.id)
                            .limit(limit)).scalars().all()
        out = []
        for game_id in rows:
            game = self.game(conn, game_id)
            if game is not None:
                out.append((game, self.seats(conn, game_id)))
        return out

    def claim_seat(self, conn: Connection, game_id: str, seat: int, name: str,
                   token_hash: str) -> bool:
        """Give a free human seat its name and token; False when it was no longer free.

        The condition is in the UPDATE itself, so of two claims racing from any number of
        processes exactly one changes the row.
        """
        result = conn.execute(update(seats)
                              .where(seats.c.game_id == game_id, seats.c.seat == seat,
                                     seats.c.bot.is_(None), seats.c.token_hash.is_(None))
                              .values(name=name, token_hash=token_hash))
        return result.rowcount == 1
