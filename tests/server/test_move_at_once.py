"""On an SQLite file without an fsync per commit a move runs on the event loop itself,
never waiting there: a busy lock sends it to a database thread.

In a database thread a move of a fraction of a millisecond waited for the interpreter's
lock behind the event loop each time the thread handed it back for a statement: the load
benchmark's move p99 (docs/speed.md). These tests check where a move runs and that a busy
game lock, the store's writer or another program's write lock never stops the loop.
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from play import auth, new_game, view

from cuberail.server.app import create_app
from cuberail.server.config import Settings
from cuberail.server.keyedlocks import KeyedLocks, WouldWait
from cuberail.server.storage import Store

WAIT = 30.0  # seconds: reached only when something is stuck


def where_moves_run(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The names of the threads that append moves to the log, in order."""
    names: list[str] = []
    real = Store.append

    def append(self: Store, conn: Any, game_id: str, entry: Any) -> None:
        names.append(threading.current_thread().name)
        real(self, conn, game_id, entry)

    monkeypatch.setattr(Store, "append", append)
    return names


def app_client(url: str, **settings: Any) -> TestClient:
    return TestClient(create_app(Settings(url, bot_time_limit=5.0, **settings)))


@pytest.fixture
def client(sqlite_url: str) -> Iterator[TestClient]:
    with app_client(sqlite_url) as c:
        yield c


def post_move(client: TestClient, game: dict[str, Any]) -> Any:
    index, action = (v := view(client, game["id"]))["index"], v["legal"][0]
    return client.post(f"/api/games/{game['id']}/actions",
                       json={"action": action, "index": index},
                       headers=auth(game["seats"][0]["token"]))


def in_background(call: Any) -> tuple[threading.Thread, list[Any]]:
    out: list[Any] = []
    thread = threading.Thread(target=lambda: out.append(call()), daemon=True)
    thread.start()
    return thread, out


def test_a_move_runs_on_the_event_loop(client: TestClient,
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    names = where_moves_run(monkeypatch)
    game = new_game(client)
    assert post_move(client, game).status_code == 200
    assert len(names) == 1
    assert not names[0].startswith("cuberail-db"), names


def held_while_the_loop_answers(client: TestClient, monkeypatch: pytest.MonkeyPatch,
                                hold: Any) -> list[str]:
    """Make a move while ``hold`` (a context manager) is held: the loop answers another
    request meanwhile, and the move is made once ``hold`` is let go."""
    names = where_moves_run(monkeypatch)
    game = new_game(client)
    before = view(client, game["id"])["index"]
    release, holding = threading.Event(), threading.Event()

    def holder() -> None:
        with hold(game["id"]):
            holding.set()
            release.wait(WAIT)

    server = client.app.state.server  # type: ignore[attr-defined]
    sent_on, real_run = threading.Event(), server.run

    async def run(func: Any, *args: Any) -> Any:
        if getattr(func, "__name__", "") == "act":
            sent_on.set()
        return await real_run(func, *args)

    monkeypatch.setattr(server, "run", run)
    held = threading.Thread(target=holder, daemon=True)
    held.start()
    assert holding.wait(WAIT)
    mover, out = in_background(lambda: post_move(client, game))
    try:
        assert sent_on.wait(WAIT)  # the move went on to a database thread, and waits there
        assert client.get("/api/titles").status_code == 200
        assert view(client, game["id"])["index"] == before
        assert not out
    finally:
        release.set()
    mover.join(WAIT)
    held.join(WAIT)
    assert out and out[0].status_code == 200, out
    assert view(client, game["id"])["index"] == before + 1
    return names


def test_a_move_whose_game_is_locked_waits_in_a_thread(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    service = client.app.state.server.service  # type: ignore[attr-defined]
    names = held_while_the_loop_answers(client, monkeypatch, service.lock)
    assert len(names) == 1 and names[0].startswith("cuberail-db"), names


def test_a_move_waits_in_a_thread_while_the_writer_is_busy(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """The store's writer held (as the checkpointer holds it for a reset)."""
    store = client.app.state.server.store  # type: ignore[attr-defined]
    names = held_while_the_loop_answers(client, monkeypatch, lambda _game: store._write_lock)
    assert len(names) == 1 and names[0].startswith("cuberail-db"), names


def test_a_move_waits_in_a_thread_while_another_program_writes(
        client: TestClient, monkeypatch: pytest.MonkeyPatch, sqlite_url: str) -> None:
    """Another program (here a plain sqlite3 connection) holds the file's write lock."""
    path = sqlite_url.removeprefix("sqlite:///")

    class OtherProgram:
        def __init__(self, _game: str) -> None:
            self.conn = sqlite3.connect(path, isolation_level=None)

        def __enter__(self) -> None:
            self.conn.execute("BEGIN IMMEDIATE")

        def __exit__(self, *_exc: object) -> None:
            self.conn.execute("COMMIT")
            self.conn.close()

    names = held_while_the_loop_answers(client, monkeypatch, OtherProgram)
    assert names and names[-1].startswith("cuberail-db"), names


def test_with_an_fsync_per_commit_moves_stay_in_threads(
        sqlite_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    names = where_moves_run(monkeypatch)
    with app_client(sqlite_url, sqlite_sync="FULL") as c:
        game = new_game(c)
        assert post_move(c, game).status_code == 200
    assert len(names) == 1 and names[0].startswith("cuberail-db"), names


def test_which_stores_answer_at_once(sqlite_url: str) -> None:
    normal, full = Store(sqlite_url), Store(sqlite_url, sqlite_sync="FULL")
    remote = Store("postgresql+psycopg://nobody@127.0.0.1:1/none")  # (never connected)
    try:
        assert normal.answers_at_once
        assert not full.answers_at_once
        assert not remote.answers_at_once
    finally:
        for store in (normal, full, remote):
            store.dispose()


def test_a_keyed_lock_refuses_to_wait_and_forgets_the_key() -> None:
    locks = KeyedLocks()
    with locks.hold("g"):
        got: list[BaseException] = []

        def other() -> None:
            try:
                with locks.hold("g", wait=False):
                    pass
            except WouldWait as exc:
                got.append(exc)

        thread = threading.Thread(target=other)
        thread.start()
        thread.join(WAIT)
        assert len(got) == 1
    assert len(locks) == 0
    with locks.hold("g", wait=False):  # free again
        assert len(locks) == 1
