"""SQLite WAL checkpoints in the background: writers never run one, the WAL stays bounded,
the thread stops with the store, and nothing committed is lost (also through kill -9)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from sqlalchemy import text

from cuberail.server import checkpoints
from cuberail.server.storage import Store

SRC = Path(__file__).resolve().parents[2] / "src"
ROW = "x" * 1000


def table_store(path: Path, sqlite_sync: str = "NORMAL", background: bool = True,
                every: float = 1.0, cap: int = 64 * 1024 * 1024) -> Store:
    """A store with one table, its checkpointer (if any) set to pass every ``every`` s."""
    store = Store(f"sqlite:///{path}", sqlite_sync, background_checkpoints=background)
    if store.checkpointer is not None:  # (before the first write starts it)
        store.checkpointer.every, store.checkpointer.cap = every, cap
    with store.write() as conn:
        conn.execute(text("CREATE TABLE IF NOT EXISTS t (id INTEGER PRIMARY KEY, v TEXT)"))
    return store


def insert(store: Store, n: int) -> None:
    for _ in range(n):
        with store.write() as conn:
            conn.execute(text("INSERT INTO t (v) VALUES (:v)"), {"v": ROW})


def count(store: Store) -> int:
    with store.read() as conn:
        return int(conn.execute(text("SELECT count(*) FROM t")).scalar() or 0)


def wal_size(path: Path) -> int:
    wal = path.with_name(path.name + "-wal")
    return wal.stat().st_size if wal.exists() else 0


def pragma(store: Store, name: str) -> int:
    with store.writer.connect() as conn:
        return int(conn.exec_driver_sql(f"PRAGMA {name}").scalar() or 0)


def test_the_server_connections_never_checkpoint_and_keep_their_sync_mode(
        tmp_path: Path) -> None:
    normal = table_store(tmp_path / "a.sqlite3")
    full = table_store(tmp_path / "b.sqlite3", "FULL")
    plain = table_store(tmp_path / "c.sqlite3", background=False)
    assert pragma(normal, "wal_autocheckpoint") == pragma(full, "wal_autocheckpoint") == 0
    assert pragma(plain, "wal_autocheckpoint") == 1000  # SQLite's own default
    assert pragma(normal, "synchronous") == 1 and pragma(full, "synchronous") == 2  # NORMAL, FULL
    with normal.read() as conn:
        assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
    for store in (normal, full, plain):
        store.dispose()


def test_the_wal_stays_bounded_under_a_stream_of_writes(tmp_path: Path) -> None:
    """2,000 commits write at least 8 MB of WAL frames (a 4 KB page or more each): with
    automatic checkpoints off and no checkpointer the file would hold them all."""
    path = tmp_path / "db.sqlite3"
    store = table_store(path, every=0.01, cap=256 * 1024)
    assert store.checkpointer is not None and store.checkpointer.running
    largest = 0
    for _ in range(40):
        insert(store, 50)
        largest = max(largest, wal_size(path))
    assert count(store) == 2000
    assert store.checkpointer.stats.passive + store.checkpointer.stats.truncated > 0
    assert largest < 4 * 1024 * 1024, largest
    store.dispose()


def test_without_a_checkpointer_the_same_stream_grows_the_wal(tmp_path: Path) -> None:
    """The control of the test above: the bound is the checkpointer's doing."""
    path = tmp_path / "db.sqlite3"
    store = table_store(path)
    assert store.checkpointer is not None
    store.checkpointer.stop()  # autocheckpoint stays off on the store's connections
    insert(store, 2000)
    assert wal_size(path) >= 8 * 1024 * 1024
    store.dispose()


def test_a_passive_pass_does_not_wait_for_a_writer_in_the_middle_of_a_transaction(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(checkpoints, "BUSY_MS", 5000)  # what a blocking checkpoint would wait
    path = tmp_path / "db.sqlite3"
    store = table_store(path)
    insert(store, 200)
    assert store.checkpointer is not None
    store.checkpointer.stop()
    with store.writer.connect() as conn:  # an open write transaction (BEGIN IMMEDIATE)
        conn.execute(text("INSERT INTO t (v) VALUES ('open')"))
        started = time.monotonic()
        assert store.checkpointer.step() == "passive"
        assert time.monotonic() - started < 2.5  # (a TRUNCATE would wait 5 s for the writer)
        conn.commit()
    assert count(store) == 201
    store.dispose()


def test_a_wal_past_the_cap_is_reset_and_an_idle_one_is_cut_to_zero(tmp_path: Path) -> None:
    path = tmp_path / "db.sqlite3"
    store = table_store(path)
    checkpointer = store.checkpointer
    assert checkpointer is not None
    checkpointer.stop()  # passes run by hand below
    checkpointer.cap, checkpointer.idle_after = 256 * 1024, 0.2
    insert(store, 100)  # about 6 KB of WAL each
    assert wal_size(path) > checkpointer.cap
    assert checkpointer.step() == "cap"
    assert wal_size(path) == 0
    insert(store, 10)
    assert checkpointer.step() == "passive"  # small and fresh: copied, kept
    assert wal_size(path) > 0
    time.sleep(0.3)
    assert checkpointer.step() == "idle"
    assert wal_size(path) == 0
    assert checkpointer.step() == "none"
    assert count(store) == 110
    store.dispose()


def test_a_reader_in_the_way_of_a_capped_reset_makes_the_next_passes_back_off(
        tmp_path: Path) -> None:
    path = tmp_path / "db.sqlite3"
    store = table_store(path)
    checkpointer = store.checkpointer
    assert checkpointer is not None
    checkpointer.stop()
    checkpointer.cap = 64 * 1024
    with store.reader.connect() as reader:
        reader.exec_driver_sql("BEGIN")
        reader.exec_driver_sql("SELECT count(*) FROM t").scalar()  # holds its snapshot
        insert(store, 50)  # past the cap, after the reader's snapshot
        assert checkpointer.step() == "cap" and checkpointer.stats.busy == 1
        assert wal_size(path) > checkpointer.cap
        assert checkpointer.step() == "passive"  # backing off: no write lock taken
        reader.exec_driver_sql("COMMIT")
    for _ in range(checkpoints.BACK_OFF):
        checkpointer.step()
    assert wal_size(path) == 0  # tried again once the back-off ran out, with the reader gone
    assert count(store) == 50
    store.dispose()


def test_the_checkpointer_starts_with_the_first_write_and_stops_with_the_store(
        tmp_path: Path) -> None:
    path = tmp_path / "db.sqlite3"
    store = Store(f"sqlite:///{path}")
    assert store.checkpointer is not None and not store.checkpointer.running
    before = set(threading.enumerate())
    with store.write() as conn:
        conn.execute(text("CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)"))
    started = [t for t in set(threading.enumerate()) - before if t.name == "cuberail-checkpoint"]
    assert len(started) == 1 and store.checkpointer.running
    store.dispose()
    assert not started[0].is_alive() and not store.checkpointer.running
    again = Store(f"sqlite:///{path}")  # data written is there after a restart
    insert(again, 1)
    assert count(again) == 1
    again.dispose()


def test_a_postgres_store_has_no_checkpointer() -> None:
    assert Store("postgresql+psycopg://u@localhost/db").checkpointer is None


WRITER = """
import sys
from sqlalchemy import text
from cuberail.server.storage import Store
store = Store("sqlite:///" + sys.argv[1], sqlite_sync=sys.argv[2])
store.checkpointer.every = 0.005
store.checkpointer.cap = 128 * 1024
with store.write() as conn:
    conn.execute(text("CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)"))
i = 0
while True:
    i += 1
    with store.write() as conn:
        conn.execute(text("INSERT INTO t (id, v) VALUES (:i, :v)"), {"i": i, "v": "x" * 500})
    print(i, flush=True)
"""


def test_every_commit_survives_kill_9_while_checkpoints_run(tmp_path: Path) -> None:
    for mode in ("NORMAL", "FULL"):
        path = tmp_path / f"{mode}.sqlite3"
        env = {**os.environ, "PYTHONPATH": str(SRC)}
        proc = subprocess.Popen([sys.executable, "-c", WRITER, str(path), mode], env=env,
                                stdout=subprocess.PIPE, text=True)
        assert proc.stdout is not None
        committed = 0
        for line in proc.stdout:
            committed = int(line)
            if committed >= 1500:
                break
        os.kill(proc.pid, signal.SIGKILL)  # mid-stream: a commit and a checkpoint may be running
        proc.wait(10)
        proc.stdout.close()
        store = Store(f"sqlite:///{path}")
        with store.read() as conn:
            ids = [r[0] for r in conn.execute(text("SELECT id FROM t ORDER BY id"))]
        store.dispose()
        assert ids[:committed] == list(range(1, committed + 1))  # every acknowledged commit
