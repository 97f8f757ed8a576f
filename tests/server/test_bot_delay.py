"""Watchable bot games: the table option ``bot_delay`` (seconds, 0 to 10).

Each bot of the game waits until that many seconds have passed since the game's last log
entry (or its creation) before it moves: an asyncio sleep of the game's bot task, no
thread held. The checks are lower bounds on the log's timestamps (which a slow machine
cannot break), never upper bounds. The option is stored (migration 0006), shown in the
view, kept by the rematch, and refused outside its range with a 422 that names it.
"""

from __future__ import annotations

from datetime import datetime
from itertools import pairwise
from typing import Any

from alembic import command
from fastapi.testclient import TestClient
from play import auth, new_game, view, wait_for
from revisions import at_revision, old_game
from sqlalchemy import select

from cuberail.server.games import GameService
from cuberail.server.models import games

BOTS = {0: "random", 1: "random", 2: "random"}
TS_SHORT = {"dividend_track": 1}  # trans-siberian: over at the first dividend


def times(client: TestClient, game_id: str) -> list[datetime]:
    entries = client.get(f"/api/games/{game_id}/actions").json()["entries"]
    return [datetime.fromisoformat(e["created"]) for e in entries]


def gaps(start: str, stamps: list[datetime]) -> list[float]:
    seq = [datetime.fromisoformat(start), *stamps]
    return [(b - a).total_seconds() for a, b in pairwise(seq)]


def test_a_bots_only_game_spaces_its_moves_by_its_bot_delay(client: TestClient) -> None:
    game = new_game(client, bots=BOTS, bot_delay=0.5)
    wait_for(lambda: view(client, game["id"])["index"] >= 4)
    shown = view(client, game["id"])
    assert shown["bot_delay"] == 0.5
    spaced = gaps(shown["created"], times(client, game["id"])[:4])
    assert len(spaced) == 4 and all(g >= 0.5 for g in spaced), spaced


def test_without_a_delay_bots_move_at_once(client: TestClient) -> None:
    game = new_game(client, bots=BOTS)
    assert view(client, game["id"])["bot_delay"] == 0
    wait_for(lambda: view(client, game["id"])["index"] >= 4)


def test_a_delay_out_of_range_is_refused_naming_the_range(client: TestClient) -> None:
    body = {"title": "chicago-express", "players": 3, "seats": [{"bot": "random"}] * 3}
    for bad in (11, -0.5, 10.01):
        reply = client.post("/api/games", json={**body, "bot_delay": bad})
        assert reply.status_code == 422, reply.text
        problem = reply.json()["detail"][0]
        assert problem["loc"][-1] == "bot_delay", problem
        assert "from 0 to 10" in problem["msg"], problem
    for good in (0, 10, 2.5):
        made = client.post("/api/games", json={**body, "bot_delay": good})
        assert made.status_code == 201, made.text
        assert view(client, made.json()["id"])["bot_delay"] == good


def test_the_openapi_document_names_the_option_and_its_range(client: TestClient) -> None:
    schemas = client.get("/openapi.json").json()["components"]["schemas"]
    option: dict[str, Any] = schemas["CreateGame"]["properties"]["bot_delay"]
    ranged = option.get("anyOf", [option])[0]
    assert ranged["minimum"] == 0 and ranged["maximum"] == 10, option
    assert "bot_delay" in schemas["GameView"]["properties"]


def test_the_rematch_keeps_the_delay(client: TestClient) -> None:
    game = new_game(client, bots={1: "random", 2: "random"}, title="trans-siberian",
                    options=TS_SHORT, bot_delay=0.1)
    token = game["seats"][0]["token"]
    for _ in range(2000):
        v = view(client, game["id"])
        if v["over"]:
            break
        if v["current_player"] != 0:
            at = v["index"]
            wait_for(lambda at=at: view(client, game["id"])["index"] > at)
            continue
        client.post(f"/api/games/{game['id']}/actions", headers=auth(token),
                    json={"action": v["legal"][0], "index": v["index"]})
    assert view(client, game["id"])["over"]
    made = client.post(f"/api/games/{game['id']}/rematch", headers=auth(token)).json()
    assert view(client, made["id"])["bot_delay"] == 0.1


def test_a_database_of_revision_0005_gets_no_delay_for_its_games(db_url: str) -> None:
    store, cfg = at_revision(db_url, "0005")
    old_game(store, is_open=False, hints=True)
    store.migrate()
    with store.read() as conn:
        assert conn.execute(select(games.c.bot_delay)).scalar_one() is None
    assert GameService(store).read("old").game.bot_delay is None
    with store.writer.connect() as conn:
        cfg.attributes["connection"] = conn
        command.downgrade(cfg, "0005")
        conn.commit()
    store.dispose()
