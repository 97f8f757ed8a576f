"""Rematch (issue 29): a finished game's new game of the same title, options and seats.

The rematch is recorded in the old game's row (``games.rematch_id``, migration 0004) by a
conditional UPDATE: concurrent requests, from threads of one server or from two servers
on one PostgreSQL, make exactly one game.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import httpx
import procs
import pytest
from alembic import command
from fastapi.testclient import TestClient
from pgcluster import new_database
from play import auth, finished_record, new_game, play_until, view
from revisions import at_revision
from sqlalchemy import func, inspect, select, text
from websockets.sync.client import connect

from cuberail.core.words import LANGUAGES, catalog
from cuberail.server import rematch as rematch_module
from cuberail.server.app import create_app
from cuberail.server.config import Settings
from cuberail.server.games import GameService, Refused
from cuberail.server.lobby import NewGame, create_game, import_game
from cuberail.server.models import chat, games, seats
from cuberail.server.schemas import CreateGame, ImportRequest, SeatSpec
from cuberail.server.storage import Store, now

OPTIONS = {"dividend_track": 1}  # a short game: over at the first dividend


def finished(client: TestClient) -> dict[str, Any]:
    game = new_game(client, 3, bots={2: "random"}, title="trans-siberian", options=OPTIONS,
                    name="Friday")
    assert play_until(client, game)["over"]
    return game


def rematch(client: TestClient, game: dict[str, Any], token: str | None) -> Any:
    return client.post(f"/api/games/{game['id']}/rematch", headers=auth(token))


def test_rematch_has_the_same_title_options_and_seats_and_the_asker_keeps_the_seat(
        client: TestClient) -> None:
    game = finished(client)
    reply = rematch(client, game, game["seats"][1]["token"])
    assert reply.status_code == 200, reply.text
    made = reply.json()
    assert made["created"] is True and made["id"] != game["id"] and made["seat"] == 1
    assert made["invite_url"] == f"{made['url']}#seat=1&token={made['token']}"
    new = view(client, made["id"])
    old = view(client, game["id"])
    assert new["title"] == "trans-siberian" and not new["over"] and new["index"] == 0
    assert new["name"] == old["name"] == "Friday"
    assert new["state"]["options"] == old["state"]["options"]
    assert new["state"]["options"]["dividend_track"] == 1
    assert [(p["name"], p["bot"]) for p in new["players"]] == [
        (p["name"], p["bot"]) for p in old["players"]]
    assert new["players"][2]["bot"] == "random"  # a bot stays a bot at its level
    humans = {s["seat"]: s["token"] for s in made["seats"]}
    assert humans[2] is None and humans[0] and humans[1] == made["token"]
    assert {humans[0], humans[1]}.isdisjoint({s["token"] for s in game["seats"]})  # fresh
    assert made["owner_url"].endswith(f"#owner={made['owner_token']}")
    chat = client.post(f"/api/games/{made['id']}/chat", headers=auth(made["token"]),
                       json={"text": "again!"})
    assert chat.status_code == 200 and chat.json()["seat"] == 1  # the asker holds seat 1


def test_a_second_request_answers_the_same_rematch_and_gives_that_player_their_seat(
        client: TestClient) -> None:
    game = finished(client)
    first = rematch(client, game, game["seats"][1]["token"]).json()
    again = rematch(client, game, game["seats"][0]["token"])
    assert again.status_code == 200
    second = again.json()
    assert second["id"] == first["id"] and second["created"] is False
    assert second["seat"] == 0 and "seats" not in second and "owner_token" not in second
    hello = client.post(f"/api/games/{first['id']}/chat", headers=auth(second["token"]),
                        json={"text": "me too"})
    assert hello.status_code == 200 and hello.json()["seat"] == 0
    owner = rematch(client, game, game["owner_token"]).json()
    assert owner["id"] == first["id"] and owner["seat"] is None and owner["token"] is None
    assert client.get(f"/api/games/{game['id']}/rematch").json() == {
        "id": first["id"], "url": first["url"]}
    games = [g for g in client.get("/api/open-games").json() if g.get("id") == first["id"]]
    assert games == []  # not an open game: its seats go by invite


def test_the_old_game_tells_its_watchers_about_the_rematch(client: TestClient) -> None:
    game = finished(client)
    with client.websocket_connect(f"/api/games/{game['id']}/ws") as socket:
        assert socket.receive_json()["type"] == "state"
        made = rematch(client, game, game["seats"][0]["token"]).json()
        event = socket.receive_json()
    old = view(client, game["id"])
    assert event == {"type": "rematch", "game": game["id"], "index": old["index"],
                     "seq": old["seq"], "rematch": made["id"]}
    assert old["chat"] == []  # a record of the game, not a chat line


def test_rematch_refusals(client: TestClient) -> None:
    assert client.get("/api/games/nosuchgame/rematch").status_code == 404
    game = new_game(client, 3, title="trans-siberian")
    assert client.get(f"/api/games/{game['id']}/rematch").json() == {"id": None, "url": None}
    token = game["seats"][0]["token"]
    unknown = rematch(client, {"id": "nosuchgame"}, token)
    assert unknown.status_code == 404 and unknown.json()["words"]["key"] == "refusal.no_game"
    missing = rematch(client, game, None)
    assert missing.status_code == 401
    assert missing.json()["words"]["key"] == "refusal.seat_token_missing"
    forged = rematch(client, game, "forged")
    assert forged.status_code == 403
    assert forged.json()["words"]["key"] == "refusal.token_holds_no_seat"
    not_over = rematch(client, game, token)
    assert not_over.status_code == 409 and "not over" in not_over.json()["detail"]
    assert not_over.json()["words"] == {"key": "refusal.rematch_not_over", "values": {}}
    for lang in ("it", "es", "de", "ca"):  # the page renders it in its language
        words = client.get(f"/api/words/{lang}").json()["words"]
        english = client.get("/api/words/en").json()["words"]
        assert words["refusal.rematch_not_over"] != english["refusal.rematch_not_over"]
    assert client.get(f"/api/games/{game['id']}/rematch").json()["id"] is None


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_rematch_refusal_has_words_in_every_language(lang: str) -> None:
    said = catalog("cuberail.server", lang).get("refusal.rematch_not_over")
    assert said and "{" not in said
    if lang != "en":
        assert said != catalog("cuberail.server", "en")["refusal.rematch_not_over"]


# ----- one rematch, however many ask at once ---------------------------------------------


def count_games(service: GameService) -> int:
    with service.store.read() as conn:
        return int(conn.execute(select(func.count()).select_from(games)).scalar() or 0)


def test_concurrent_requests_make_one_rematch(db_url: str) -> None:
    app = create_app(Settings(db_url, bot_time_limit=5.0))
    with TestClient(app) as client:
        game = finished(client)
        service: GameService = app.state.server.service
        before = count_games(service)
        callers = [game["seats"][0]["token"], game["seats"][1]["token"],
                   game["owner_token"]] * 3
        start = threading.Barrier(len(callers))

        def ask(token: str) -> Any:
            start.wait()
            return rematch(client, game, token)

        with ThreadPoolExecutor(len(callers)) as pool:
            replies = list(pool.map(ask, callers))
        assert all(r.status_code == 200 for r in replies), [r.text for r in replies]
        answers = [r.json() for r in replies]
        assert len({a["id"] for a in answers}) == 1
        assert sum(a["created"] for a in answers) == 1
        assert count_games(service) == before + 1
        new_id = answers[0]["id"]
        assert client.get(f"/api/games/{game['id']}/rematch").json()["id"] == new_id


def test_two_server_processes_on_one_postgresql_make_one_rematch(pg_server: str) -> None:
    """Real processes: requests to both at once make one game, and a watcher of the old
    game on either process hears of it (relayed by PostgreSQL when the other made it)."""
    url = new_database(pg_server)
    record = finished_record().to_json()
    with procs.server(url) as one, procs.server(url) as two:
        game = httpx.post(f"{one}/api/games/import", json={"record": record, "seats": [
            {"name": "Ann"}, {"name": "Bob"}, {"name": "Cy", "bot": "random"}]}).json()
        path = f"/api/games/{game['id']}/ws"
        with connect(one.replace("http", "ws", 1) + path, open_timeout=10) as ws_one, \
                connect(two.replace("http", "ws", 1) + path, open_timeout=10) as ws_two:
            for ws in (ws_one, ws_two):
                assert json.loads(ws.recv(timeout=10))["type"] == "state"
            asks = [(base, game["seats"][seat]["token"]) for base in (one, two)
                    for seat in (0, 1)] * 2
            start = threading.Barrier(len(asks))

            def ask(where: tuple[str, str]) -> httpx.Response:
                start.wait()
                return httpx.post(f"{where[0]}/api/games/{game['id']}/rematch",
                                  headers=auth(where[1]), timeout=30)

            with ThreadPoolExecutor(len(asks)) as pool:
                replies = list(pool.map(ask, asks))
            assert all(r.status_code == 200 for r in replies), [r.text for r in replies]
            answers = [r.json() for r in replies]
            new_ids = {a["id"] for a in answers}
            assert len(new_ids) == 1 and sum(a["created"] for a in answers) == 1
            for ws in (ws_one, ws_two):
                event = json.loads(ws.recv(timeout=10))
                assert (event["type"], event["rematch"]) == ("rematch", *new_ids)
        assert httpx.get(f"{two}/api/games/{game['id']}/rematch").json()["id"] in new_ids
    store = Store(url)
    with store.read() as conn:
        assert set(conn.execute(select(games.c.id)).scalars()) == {game["id"], *new_ids}
    store.dispose()


def finished_game(service: GameService) -> NewGame:
    """A finished game (a record played to its end, imported): seats 0 and 1 human."""
    record = finished_record()
    return import_game(service, ImportRequest(record=record.to_json(), seats=[
        SeatSpec(name="Ann"), SeatSpec(name="Bob"), SeatSpec(name="Cy", bot="random")]))


def two_servers(url: str) -> tuple[GameService, GameService]:
    """Two game services on one database: two server processes (each its own locks)."""
    first = Store(url)
    first.migrate()
    return GameService(first), GameService(Store(url))


def racing(service: GameService, made: list[str],
           both: threading.Barrier) -> Callable[[CreateGame], NewGame]:
    """A create that waits until the other server has created its game too: both reach
    the conditional UPDATE with a game of their own."""
    def create(req: CreateGame) -> NewGame:
        new = create_game(service, req)
        made.append(new.id)
        both.wait(timeout=30)
        return new
    return create


def test_two_servers_racing_on_one_database_record_one_rematch(db_url: str) -> None:
    one, two = two_servers(db_url)
    old = finished_game(one)
    made: list[str] = []
    both = threading.Barrier(2)
    with ThreadPoolExecutor(2) as pool:
        asks = [pool.submit(rematch_module.ask, service, old.id, old.tokens[seat],
                            racing(service, made, both))
                for seat, service in ((0, one), (1, two))]
        answers = [a.result(timeout=60) for a in asks]
    assert len(made) == 2 and made[0] != made[1]  # each server made a game ...
    winner = {a.id for a in answers}
    assert len(winner) == 1 and winner <= set(made)  # ... and both answer the same one
    assert [a.made is not None for a in answers].count(True) == 1
    assert [a.outcome is not None for a in answers].count(True) == 1  # one event
    assert {a.seat for a in answers} == {0, 1} and all(a.token for a in answers)
    loser = (set(made) - winner).pop()
    with one.store.read() as conn:
        ids = set(conn.execute(select(games.c.id)).scalars())
        assert ids == {old.id, *winner}  # the loser's game is gone, with its seats
        assert not conn.execute(select(seats).where(seats.c.game_id == loser)).first()
    assert rematch_module.found(two, old.id) == winner.pop()
    with pytest.raises(Refused) as refused:
        rematch_module.found(one, loser)
    assert refused.value.status == 404
    one.store.dispose()
    two.store.dispose()


def test_one_server_makes_no_game_for_a_rematch_that_exists(db_url: str) -> None:
    one, _two = two_servers(db_url)
    _two.store.dispose()
    old = finished_game(one)
    first = rematch_module.ask(one, old.id, old.tokens[0], lambda req: create_game(one, req))
    calls: list[CreateGame] = []

    def create(req: CreateGame) -> NewGame:
        calls.append(req)
        return create_game(one, req)

    again = rematch_module.ask(one, old.id, old.tokens[1], create)
    assert calls == [] and again.id == first.id and again.made is None and again.seat == 1
    one.store.dispose()


# ----- the record: migration 0004 ---------------------------------------------------------


GAME = ("INSERT INTO games (id, title, name, rules_version, options, owner_hash, seed, over,"
        " created, is_open) VALUES (:id, 'trans-siberian', :name, 1, '{}', 'x', 1, :over, :t,"
        " :f)")
SEAT = "INSERT INTO seats (game_id, seat, name) VALUES (:g, :seat, 'Ann')"
CHAT = ("INSERT INTO chat (game_id, seat, name, text, created) VALUES (:g, :seat, :name,"
        " :text, :t)")


def test_an_existing_database_upgrades_and_keeps_its_games(db_url: str) -> None:
    """From the previous head (0003): the games stay, each old chat line that named a
    rematch becomes the game's record (the first one of a game), a person's lines stay."""
    store, _cfg = at_revision(db_url, "0003")
    t = now()
    with store.writer.connect() as conn:
        for gid, name, over in (("old", "Friday", True), ("new", "", False),
                                ("newer", "", False), ("plain", "Sunday", True)):
            conn.execute(text(GAME), {"id": gid, "name": name, "over": over, "t": t,
                                      "f": False})
            for seat in range(3):
                conn.execute(text(SEAT), {"g": gid, "seat": seat})
        lines = [("old", 0, "Ann", "rematch"), ("old", None, "rematch", "new"),
                 ("old", None, "rematch", "newer"), ("plain", None, "owner", "gg"),
                 ("plain", None, "rematch", "nosuchgame")]
        for gid, seat, name, said in lines:
            conn.execute(text(CHAT), {"g": gid, "seat": seat, "name": name, "text": said,
                                      "t": t})
        conn.commit()
    store.migrate()
    with store.read() as conn:
        rows = dict(conn.execute(select(games.c.id, games.c.rematch_id)).all())
        said = conn.execute(select(chat.c.game_id, chat.c.name, chat.c.text)
                            .order_by(chat.c.id)).all()
        names = dict(conn.execute(select(games.c.id, games.c.name)).all())
    assert rows == {"old": "new", "new": None, "newer": None, "plain": None}
    assert names["old"] == "Friday" and names["plain"] == "Sunday"
    assert [tuple(r) for r in said] == [("old", "Ann", "rematch"), ("plain", "owner", "gg")]
    service = GameService(store)
    assert service.read("old").game.over and service.read("old").game.rematch_id == "new"
    assert rematch_module.found(service, "old") == "new"
    store.dispose()


def test_the_migration_goes_back_to_chat_lines(db_url: str) -> None:
    store, cfg = at_revision(db_url, "head")
    t = now()
    with store.writer.connect() as conn:
        for gid in ("old", "new"):
            conn.execute(text(GAME), {"id": gid, "name": "", "over": gid == "old", "t": t,
                                      "f": False})
            for seat in range(3):
                conn.execute(text(SEAT), {"g": gid, "seat": seat})
        conn.execute(text("UPDATE games SET rematch_id = 'new' WHERE id = 'old'"))
        conn.commit()
        cfg.attributes["connection"] = conn
        command.downgrade(cfg, "0003")
        conn.commit()
        back = conn.execute(text("SELECT game_id, seat, name, text FROM chat")).all()
        columns = [c["name"] for c in inspect(conn).get_columns("games")]
    assert [tuple(r) for r in back] == [("old", None, "rematch", "new")]
    assert "rematch_id" not in columns
    store.dispose()
