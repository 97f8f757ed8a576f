"""Open games (issue 10's lobby): free human seats listed in the lobby and claimed by anyone.

A claim is one conditional UPDATE, so of two racing claims (two engines, two caches, as
two server processes would have) exactly one wins on SQLite and on PostgreSQL.
"""

from __future__ import annotations

import threading
from typing import Any

from fastapi.testclient import TestClient
from play import auth, new_game, play_until, view
from revisions import at_revision
from sqlalchemy import select, text

from cuberail.server.claims import claim_seat, list_open
from cuberail.server.games import GameService, Refused
from cuberail.server.lobby import create_game
from cuberail.server.models import games
from cuberail.server.schemas import CreateGame
from cuberail.server.storage import Store, now
from cuberail.server.tokens import hash_token


def fresh(url: str) -> GameService:
    store = Store(url)
    store.migrate()
    return GameService(store)


def listed(client: TestClient) -> dict[str, dict[str, Any]]:
    reply = client.get("/api/open-games")
    assert reply.status_code == 200, reply.text
    return {g["id"]: g for g in reply.json()}


def claim(client: TestClient, game_id: str, seat: int, name: str = "Zoe") -> Any:
    return client.post(f"/api/games/{game_id}/seats/{seat}/claim", json={"name": name})


def test_an_open_game_keeps_seat_0_and_leaves_the_other_humans_free(client: TestClient) -> None:
    game = new_game(client, 4, bots={3: "random"}, open=True)
    seats = game["seats"]
    assert seats[0]["token"] and not seats[0]["free"]
    assert [s["free"] for s in seats[1:]] == [True, True, False]
    assert seats[1]["token"] is None and seats[3]["token"] is None
    entry = listed(client)[game["id"]]
    assert entry["free"] == [1, 2] and entry["players"] == 4
    assert [t["name"] for t in entry["taken"]] == ["P0", "P3"]
    assert entry["title"] == "chicago-express" and "created" in entry and "options" in entry


def test_a_game_is_closed_by_default_and_not_listed(client: TestClient) -> None:
    game = new_game(client, 3)
    assert all(s["token"] and not s["free"] for s in game["seats"])
    assert game["id"] not in listed(client)
    reply = claim(client, game["id"], 1)
    assert reply.status_code == 403 and "not open" in reply.json()["detail"]


def test_keep_names_the_creators_seats(client: TestClient) -> None:
    game = new_game(client, 3, open=True, keep=[0, 2])
    assert [s["free"] for s in game["seats"]] == [False, True, False]
    reply = client.post("/api/games", json={"title": "ce", "players": 3, "open": True,
                                            "keep": [5]})
    assert reply.status_code == 422 and "seat 5" in reply.json()["detail"]


def test_a_claim_answers_the_token_once_and_a_second_claim_409(client: TestClient) -> None:
    game = new_game(client, 3, open=True)
    reply = claim(client, game["id"], 1, "  Zoe \x1b[2J ")
    assert reply.status_code == 201, reply.text
    got = reply.json()
    assert got["name"] == "Zoe [2J"  # core's clean_name
    assert got["invite_url"].endswith(f"/g/{game['id']}#seat=1&token={got['token']}")
    again = claim(client, game["id"], 1, "Yan")
    assert again.status_code == 409 and "taken" in again.json()["detail"]
    players = view(client, game["id"])["players"]
    assert players[1]["name"] == "Zoe [2J"
    # the claimed token plays the seat: the auction opener is seat 0, then seat 1 passes
    v = view(client, game["id"])
    first = client.post(f"/api/games/{game['id']}/actions", headers=auth(game["seats"][0]["token"]),
                        json={"action": v["legal"][0], "index": 0})
    assert first.status_code == 200, first.text
    v = view(client, game["id"])
    assert v["current_player"] == 1
    second = client.post(f"/api/games/{game['id']}/actions", headers=auth(got["token"]),
                         json={"action": v["legal"][0], "index": v["index"]})
    assert second.status_code == 200, second.text


def test_claims_of_a_bot_seat_a_taken_seat_or_no_seat_are_refused(client: TestClient) -> None:
    game = new_game(client, 3, bots={2: "random"}, open=True)
    bot = claim(client, game["id"], 2)
    assert bot.status_code == 409 and "bot" in bot.json()["detail"]
    kept = claim(client, game["id"], 0)
    assert kept.status_code == 409 and "taken" in kept.json()["detail"]
    missing = claim(client, game["id"], 7)
    assert missing.status_code == 404 and "seat 7" in missing.json()["detail"]
    blank = claim(client, game["id"], 1, " \x00 ")
    assert blank.status_code == 422
    assert claim(client, "nosuchgame", 1).status_code == 404


def test_a_claim_broadcasts_a_seat_event(client: TestClient) -> None:
    game = new_game(client, 3, open=True)
    with client.websocket_connect(f"/api/games/{game['id']}/ws") as ws:
        assert ws.receive_json()["type"] == "state"
        assert claim(client, game["id"], 2, "Ivo").status_code == 201
        event = ws.receive_json()
    assert event["type"] == "seat" and event["seat"] == 2 and event["name"] == "Ivo"
    assert event["claimed"] is True and event["bot"] is None


def test_the_listing_excludes_full_and_finished_games(client: TestClient) -> None:
    full = new_game(client, 3, open=True, keep=[0, 1, 2])
    claimed = new_game(client, 3, open=True)
    for seat in (1, 2):
        assert claim(client, claimed["id"], seat).status_code == 201
    ended = new_game(client, 3, open=True, keep=[0, 1])  # no bots: nobody moves meanwhile
    assert listed(client)[ended["id"]]["free"] == [2]
    store = client.app.state.server.store  # type: ignore[attr-defined]
    with store.write() as conn:
        store.set_over(conn, ended["id"], True)
    after = listed(client)
    assert full["id"] not in after and claimed["id"] not in after and ended["id"] not in after
    assert claim(client, claimed["id"], 1).status_code == 409


def test_the_listing_is_newest_first(client: TestClient) -> None:
    ids = [new_game(client, 3, open=True)["id"] for _ in range(3)]
    order = [g for g in listed(client) if g in ids]
    assert order == ids[::-1]


def test_a_finished_open_game_refuses_claims(client: TestClient) -> None:
    game = new_game(client, 3, open=True, keep=[0, 1, 2])
    final = play_until(client, game, seed=2)
    assert final["over"]
    # no API frees a seat, so seat 2 is freed in the database: the refusal names the end
    store = client.app.state.server.store  # type: ignore[attr-defined]
    with store.write() as conn:
        store.update_seat(conn, game["id"], 2, token_hash=None)
    reply = claim(client, game["id"], 2)
    assert reply.status_code == 409 and "over" in reply.json()["detail"]


def test_concurrent_claims_of_one_seat_exactly_one_wins(db_url: str) -> None:
    one, two = fresh(db_url), GameService(Store(db_url))  # two caches, two engines
    made = create_game(one, CreateGame(title="ce", players=3, open=True))
    assert made.free == [1, 2]
    one.view(made.id)
    two.view(made.id)
    results: list[str] = []
    barrier = threading.Barrier(2)

    def take(service: GameService, name: str) -> None:
        barrier.wait()
        try:
            out = claim_seat(service, made.id, 1, name)
            results.append(f"ok {out.token is not None}")
        except Refused as exc:
            results.append(str(exc.status))

    threads = [threading.Thread(target=take, args=(one, "Ann")),
               threading.Thread(target=take, args=(two, "Bob"))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    assert sorted(results) == ["409", "ok True"]
    with one.store.read() as conn:
        seat = one.store.seats(conn, made.id)[1]
    assert seat.name in ("Ann", "Bob") and seat.token_hash is not None
    assert [g["free"] for g in list_open(one) if g["id"] == made.id] == [[2]]
    one.store.dispose()
    two.store.dispose()


def test_claimed_tokens_are_stored_hashed(db_url: str) -> None:
    service = fresh(db_url)
    made = create_game(service, CreateGame(title="ce", players=3, open=True))
    out = claim_seat(service, made.id, 2, "Cy")
    assert out.token is not None
    with service.store.read() as conn:
        seat = service.store.seats(conn, made.id)[2]
    assert seat.token_hash == hash_token(out.token) and out.token not in seat.token_hash
    service.store.dispose()


def test_a_database_of_revision_0001_migrates_and_its_games_stay_closed(db_url: str) -> None:
    store, _ = at_revision(db_url, "0001")
    with store.writer.connect() as conn:
        conn.execute(text("INSERT INTO games (id, title, name, rules_version, options,"
                          " owner_hash, seed, over, created) VALUES ('old',"
                          " 'chicago-express', '', 1, '{}', 'x', 1, :f, :t)"),
                     {"f": False, "t": now()})
        conn.commit()
    store.migrate()
    with store.read() as conn:
        assert conn.execute(select(games.c.is_open).where(games.c.id == "old")).scalar() \
            is False
    store.dispose()
