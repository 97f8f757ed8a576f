"""Storage on SQLite and on a real PostgreSQL: migrations, the append-only log, rebuilding
state from it, and the (game, seq) key that lets only one of two concurrent moves land."""

from __future__ import annotations

import threading

import pytest
from sqlalchemy import inspect, select

from cuberail.server.games import GameService, Refused
from cuberail.server.lobby import create_game, export_record
from cuberail.server.models import entries
from cuberail.server.schemas import CreateGame
from cuberail.server.storage import Store
from cuberail.server.tokens import hash_token


def fresh(url: str) -> GameService:
    store = Store(url)
    store.migrate()
    return GameService(store)


def test_migrations_create_the_tables_and_are_idempotent(db_url: str) -> None:
    service = fresh(db_url)
    service.store.migrate()
    names = set(inspect(service.store.reader).get_table_names())
    assert {"games", "seats", "entries", "chat", "alembic_version"} <= names
    service.store.dispose()


def test_tokens_are_stored_hashed(db_url: str) -> None:
    service = fresh(db_url)
    made = create_game(service, CreateGame(title="ce", players=3))
    with service.store.read() as conn:
        seats = service.store.seats(conn, made.id)
    token = made.tokens[0]
    assert token is not None and seats[0].token_hash == hash_token(token)
    assert all(token not in (s.token_hash or "") for s in seats)
    service.store.dispose()


def test_two_concurrent_moves_from_two_processes_exactly_one_lands(db_url: str) -> None:
    one, two = fresh(db_url), GameService(Store(db_url))  # two caches, two engines
    made = create_game(one, CreateGame(title="ce", players=3))
    one.view(made.id)
    two.view(made.id)  # both have the game cached at seq 0
    results: list[str] = []
    barrier = threading.Barrier(2)

    def move(service: GameService, action: str) -> None:
        barrier.wait()
        try:
            service.act(made.id, made.tokens[0], 0, action)
            results.append("ok")
        except Refused as exc:
            results.append(str(exc.status))

    threads = [threading.Thread(target=move, args=(one, "bid 8")),
               threading.Thread(target=move, args=(two, "bid 9"))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    assert sorted(results) == ["409", "ok"]
    with one.store.read() as conn:
        assert len(conn.execute(select(entries)).all()) == 1
    assert one.view(made.id)["index"] == two.view(made.id)["index"] == 1
    one.store.dispose()
    two.store.dispose()


def test_the_log_is_append_only_and_an_undo_is_an_entry(db_url: str) -> None:
    service = fresh(db_url)
    made = create_game(service, CreateGame(title="ce", players=3))
    service.act(made.id, made.tokens[0], 0, "bid 8")
    service.undo(made.id, made.tokens[0], 1)
    service.act(made.id, made.tokens[0], 0, "bid 10")
    with service.store.read() as conn:
        rows = [(e.seq, e.kind, e.action) for e in service.store.entries(conn, made.id)]
    assert rows == [(1, "move", "bid 8"), (2, "undo", "bid 8"), (3, "move", "bid 10")]
    assert export_record(service, made.id)["actions"] == ["bid 10"]
    service.store.dispose()


def test_a_new_process_rebuilds_the_same_state_from_the_log(db_url: str) -> None:
    service = fresh(db_url)
    made = create_game(service, CreateGame(title="ce", players=3))
    for i, action in enumerate(["bid 8", "pass", "pass"]):
        service.act(made.id, made.tokens[i], i, action)
    other = GameService(Store(db_url))
    assert other.view(made.id)["state"] == service.view(made.id)["state"]
    service.act(made.id, made.tokens[0], 3, service.view(made.id)["legal"][0])
    assert other.view(made.id)["state"] == service.view(made.id)["state"]  # cache checked
    service.store.dispose()
    other.store.dispose()


@pytest.mark.parametrize("title", ["chicago-express", "trans-siberian"])
def test_both_titles_can_be_created_and_played(sqlite_url: str, title: str) -> None:
    service = fresh(sqlite_url)
    made = create_game(service, CreateGame(title=title, players=3))
    view = service.view(made.id)
    seat = view["current_player"]
    out = service.act(made.id, made.tokens[seat], 0, view["legal"][0])
    assert out.index == 1 and out.events[0]["action"] == view["legal"][0]
    service.store.dispose()
