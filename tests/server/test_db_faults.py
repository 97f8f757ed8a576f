"""Database faults answer 503 with Retry-After and a short reason (no traceback), and the
server recovers by itself when the database comes back; at start, a read-only SQLite
file or one used by another server process is named in a warning."""

from __future__ import annotations

import logging
import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from play import move, new_game, view
from sqlalchemy import event
from sqlalchemy import exc as sa

from cuberail.server import dbfaults
from cuberail.server.app import create_app
from cuberail.server.config import Settings
from cuberail.server.games import GameService


def next_move(client: TestClient, game: dict[str, Any]) -> Any:
    v = view(client, game["id"])
    return move(client, game, v["current_player"], v["legal"][0], v["index"])


def test_a_read_only_episode_answers_503_and_writes_resume_after_it(
        sqlite_url: str, tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """While the file is read-only, the writer's new connections open it read-only (as
    SQLite does when it cannot open a file for writing) and stay so in the pool."""
    app = create_app(Settings(sqlite_url))
    read_only = [False]
    with TestClient(app) as client:
        store = app.state.server.store
        game = new_game(client)

        @event.listens_for(store.writer, "do_connect")
        def _open(_dialect: Any, _record: Any, _args: Any, params: dict[str, Any]) -> Any:
            if not read_only[0]:
                return None
            return sqlite3.connect(f"file:{tmp_path / 'server.sqlite3'}?mode=ro", uri=True,
                                   **params)

        read_only[0] = True
        store.writer.dispose()  # the connections opened from now on are read-only
        with caplog.at_level(logging.ERROR, "cuberail.server"):
            refused = next_move(client, game)
        assert refused.status_code == 503
        assert int(refused.headers["Retry-After"]) >= 1
        assert refused.json() == {"detail": "the database is read-only: try again in 5 s"}
        assert "Traceback" not in refused.text and "INSERT" not in refused.text
        assert "readonly database" in caplog.text  # the details are in the log
        assert next_move(client, game).status_code == 503  # still read-only
        read_only[0] = False  # the file is writable again: no restart needed
        assert next_move(client, game).status_code == 200
        assert view(client, game["id"])["index"] == 1


@pytest.mark.parametrize(("message", "said"), [
    ("database or disk is full", "the database's disk is full"),
    ("disk I/O error", "the database had a disk error"),
    ("connection to server at \"10.0.0.1\", port 5432 failed: Connection refused",
     "the database is not available"),
])
def test_database_faults_answer_503_with_a_short_reason(
        client: TestClient, monkeypatch: pytest.MonkeyPatch, message: str, said: str) -> None:
    game = new_game(client)

    def fail(*_args: Any, **_kwargs: Any) -> Any:
        raise sa.OperationalError("INSERT INTO entries ...", {}, sqlite3.OperationalError(message))

    monkeypatch.setattr(GameService, "act", fail)
    reply = next_move(client, game)
    assert reply.status_code == 503 and reply.headers["Retry-After"] == "5"
    assert reply.json()["detail"] == f"{said}: try again in 5 s"


def test_other_database_errors_answer_500_without_details(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    game = new_game(client)

    def fail(*_args: Any, **_kwargs: Any) -> Any:
        raise sa.ProgrammingError("SELECT secret FROM x", {}, sqlite3.ProgrammingError("bug"))

    monkeypatch.setattr(GameService, "act", fail)
    reply = next_move(client, game)
    assert reply.status_code == 500
    assert reply.json() == {"detail": "the server failed on this request"}


def test_conflicts_are_not_faults() -> None:
    integrity = sa.IntegrityError("INSERT", {}, sqlite3.IntegrityError("UNIQUE"))
    assert not dbfaults.is_fault(integrity)
    assert dbfaults.is_fault(sa.OperationalError("x", {}, sqlite3.OperationalError("locked")))
    assert dbfaults.is_fault(sqlite3.DatabaseError("database disk image is malformed"))
    assert not dbfaults.is_fault(ValueError("no"))


def test_start_on_a_read_only_file_says_so(sqlite_url: str, monkeypatch: pytest.MonkeyPatch,
                                           caplog: pytest.LogCaptureFixture) -> None:
    monkeypatch.setattr(dbfaults, "read_only", lambda _path: True)  # tests run as root
    with caplog.at_level(logging.WARNING, "cuberail.server"), \
            TestClient(create_app(Settings(sqlite_url))):
        pass
    path = sqlite_url.removeprefix("sqlite:///")
    assert f"the database file {path} is read-only" in caplog.text


def _read_only(path: Path) -> bool:
    """``dbfaults.read_only(path)`` in a process without the privilege to ignore file
    permissions: as root, one started by ``setpriv`` without CAP_DAC_OVERRIDE (root may
    write any file, so it would see nothing read-only)."""
    if os.geteuid() != 0:
        return dbfaults.read_only(path)
    setpriv = shutil.which("setpriv")
    if setpriv is None:
        pytest.fail("running as root needs setpriv (util-linux) to drop CAP_DAC_OVERRIDE")
    drop = "-dac_override,-dac_read_search"
    done = subprocess.run(
        [setpriv, f"--bounding-set={drop}", f"--inh-caps={drop}", sys.executable, "-c",
         "import sys; from pathlib import Path; from cuberail.server import dbfaults;"
         " print(dbfaults.read_only(Path(sys.argv[1])))", str(path)],
        capture_output=True, text=True, check=True)
    return done.stdout.strip() == "True"


def test_read_only_sees_a_folder_and_a_file_without_write_permission() -> None:
    folder = Path(tempfile.mkdtemp(prefix="cuberail-ro-"))
    try:
        folder.chmod(0o777)
        db = folder / "x.sqlite3"
        db.write_bytes(b"")
        db.chmod(0o666)
        assert not _read_only(db)
        db.chmod(0o444)
        assert _read_only(db)
        db.unlink()
        folder.chmod(0o555)
        assert _read_only(db)  # no file yet, and none can be made
    finally:
        folder.chmod(0o755)
        shutil.rmtree(folder)


def test_start_on_a_file_another_server_uses_says_so(
        sqlite_url: str, caplog: pytest.LogCaptureFixture) -> None:
    path = Path(sqlite_url.removeprefix("sqlite:///"))
    holder = subprocess.Popen(
        [sys.executable, "-c", "import fcntl, sys, time\n"
         f"f = open({str(path) + '.lock'!r}, 'ab')\n"
         "fcntl.flock(f.fileno(), fcntl.LOCK_EX)\nprint('held', flush=True)\ntime.sleep(60)"],
        stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
        with caplog.at_level(logging.WARNING, "cuberail.server"), \
                TestClient(create_app(Settings(sqlite_url))) as client:
            assert client.get("/api/titles").status_code == 200  # it still serves
        assert f"the database file {path} is already used by another cuberail server" \
            in caplog.text
    finally:
        holder.kill()
        holder.wait()
    caplog.clear()
    with caplog.at_level(logging.WARNING, "cuberail.server"), \
            TestClient(create_app(Settings(sqlite_url))):
        pass
    assert "already used" not in caplog.text  # the other one has stopped


def test_one_server_at_a_time_holds_the_lock_and_frees_it(sqlite_url: str) -> None:
    lock = dbfaults.file_lock(sqlite_url)
    assert lock is not None and lock.claim()
    other = dbfaults.file_lock(sqlite_url)
    assert other is not None and not other.claim()
    lock.release()
    assert other.claim()
    other.release()
    assert dbfaults.file_lock("postgresql+psycopg://u@h/db") is None
