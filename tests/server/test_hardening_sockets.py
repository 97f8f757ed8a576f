"""A WebSocket's own limits, and events across processes when LISTEN reconnects
(issue 28: a ping flood on one socket slowed everyone; events were lost on the other
processes while their LISTEN connection was down)."""

from __future__ import annotations

import asyncio
import json
import time

import pytest
from fastapi.testclient import TestClient
from pgcluster import new_database
from play import auth, move, new_game
from starlette.websockets import WebSocketDisconnect

from cuberail.server import frames, games
from cuberail.server.broadcast import Hub, listen, psycopg_dsn
from cuberail.server.games import CHANNEL


def test_a_socket_flooding_pings_is_closed_with_1008(client: TestClient) -> None:
    game = new_game(client)
    pongs = 0
    with client.websocket_connect(f"/api/games/{game['id']}/ws") as ws:
        assert ws.receive_json()["type"] == "state"
        sent = frames.MESSAGE_BURST * 3
        for _ in range(sent):
            ws.send_json({"type": "ping"})
        ws.send_json({"type": "hello"})  # one answer more: the reading below never waits
        with pytest.raises(WebSocketDisconnect) as closed:
            for _ in range(sent + 1):
                if ws.receive_json()["type"] == "pong":
                    pongs += 1
    assert closed.value.code == 1008 and "too many messages" in str(closed.value.reason)
    assert frames.MESSAGE_BURST <= pongs < frames.MESSAGE_BURST * 3


def test_pings_at_the_pages_pace_are_all_answered(client: TestClient) -> None:
    game = new_game(client)
    with client.websocket_connect(f"/api/games/{game['id']}/ws") as ws:
        assert ws.receive_json()["type"] == "state"
        for _ in range(frames.MESSAGE_BURST + 10):  # past the burst, at the allowed rate
            ws.send_json({"type": "ping"})
            assert ws.receive_json()["type"] == "pong"
            time.sleep(1.0 / frames.MESSAGE_RATE)


def test_the_budget_refills_at_its_rate(monkeypatch: pytest.MonkeyPatch) -> None:
    clock = [100.0]
    monkeypatch.setattr(frames.time, "monotonic", lambda: clock[0])
    budget = frames.MessageBudget(burst=3, rate=2.0)
    assert [budget.take() for _ in range(4)] == [True, True, True, False]
    clock[0] += 0.5  # one message's worth
    assert [budget.take() for _ in range(2)] == [True, False]


async def _listen_through_a_lost_connection(url: str) -> tuple[object, dict[str, object]]:
    import psycopg

    hub, ready = Hub(), asyncio.Event()
    before = hub.subscribe("g1")
    task = asyncio.create_task(listen(url, "here", hub, ready, retry=0.1))
    try:
        await asyncio.wait_for(ready.wait(), 20)
        async with await psycopg.AsyncConnection.connect(psycopg_dsn(url),
                                                         autocommit=True) as admin:
            # This test's database only: the cluster may be shared with other xdist
            # workers' servers, whose own LISTEN connections must live on.
            await admin.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                                " WHERE query LIKE 'LISTEN%' AND pid <> pg_backend_pid()"
                                " AND datname = current_database()")
            dropped = await asyncio.wait_for(before.get(), 20)  # told to reconnect
            after = hub.subscribe("g1")
            payload = json.dumps({"origin": "there", "game": "g1",
                                  "event": {"type": "chat", "seq": 0}})
            for _ in range(200):  # until the new LISTEN connection is up
                await admin.execute("SELECT pg_notify(%s, %s)", (CHANNEL, payload))
                try:
                    item = await asyncio.wait_for(after.get(), 0.1)
                    break
                except TimeoutError:
                    continue
            else:
                pytest.fail("no notification relayed after LISTEN reconnected")
        return dropped, item.event if item is not None else {}
    finally:
        task.cancel()


def test_a_lost_listen_connection_makes_every_client_catch_up(pg_server: str) -> None:
    url = new_database(pg_server)
    dropped, relayed = asyncio.run(_listen_through_a_lost_connection(url))
    assert dropped is None  # the socket's sender stops: the client reconnects with since
    assert relayed == {"type": "chat", "seq": 0}


def test_a_game_holds_at_most_so_many_undos(client: TestClient,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """Each undo adds two entries to the log for good: without a cap, a player moving and
    undoing would grow it without bound."""
    monkeypatch.setattr(games, "UNDO_MAX", 3)
    game = new_game(client)
    for _ in range(3):
        first = client.get(f"/api/games/{game['id']}").json()["legal"][0]
        assert move(client, game, 0, first, 0).status_code == 200
        reply = client.post(f"/api/games/{game['id']}/undo", json={"index": 1},
                            headers=auth(game["seats"][0]["token"]))
        assert reply.status_code == 200, reply.text
    assert move(client, game, 0, client.get(f"/api/games/{game['id']}").json()["legal"][0],
                0).status_code == 200
    refused = client.post(f"/api/games/{game['id']}/undo", json={"index": 1},
                          headers=auth(game["seats"][0]["token"]))
    assert refused.status_code == 409
    assert refused.json()["detail"] == "this game has used all its 3 undos"


def test_a_game_nobody_is_at_keeps_no_connection_entry(client: TestClient) -> None:
    """A seat's hello counts it as connected; when its socket goes, no empty entry of the
    game stays behind (one per game ever visited would grow without bound)."""
    game = new_game(client)
    server = client.app.state.server  # type: ignore[attr-defined]
    with client.websocket_connect(f"/api/games/{game['id']}/ws") as ws:
        assert ws.receive_json()["type"] == "state"
        ws.send_json({"type": "hello", "token": game["seats"][0]["token"]})
        assert ws.receive_json() == {"type": "hello", "seat": 0}
        assert server.connected[game["id"]] == {0: 1}
    for _ in range(100):  # the server notices the close a moment later
        if game["id"] not in server.connected:
            break
        time.sleep(0.02)
    assert game["id"] not in server.connected
