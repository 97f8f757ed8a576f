"""Undo, chat, seat handover, idle timeout, import/export, WebSocket catch-up (webhooks:
test_webhooks.py)."""

from __future__ import annotations

import time
from typing import Any

import pytest
from fastapi.testclient import TestClient
from play import auth, move, new_game, play_until, view, wait_for

from cuberail.core.actions import Action
from cuberail.core.record import new_record
from cuberail.games import get_game


def undo(client: TestClient, game: dict[str, Any], seat: int, index: int) -> Any:
    return client.post(f"/api/games/{game['id']}/undo", json={"index": index},
                       headers=auth(game["seats"][seat]["token"]))


def test_undo_takes_back_your_own_last_action(client: TestClient) -> None:
    game = new_game(client)
    assert move(client, game, 0, "bid 8", 0).status_code == 200
    reply = undo(client, game, 0, 1)
    assert reply.status_code == 200 and reply.json() == {"index": 0, "seq": 2}
    v = view(client, game["id"])
    assert v["index"] == 0 and v["current_player"] == 0 and v["last"] is None
    kinds = [e["kind"] for e in client.get(f"/api/games/{game['id']}/actions").json()["entries"]]
    assert kinds == ["move", "undo"]


def test_undo_is_refused_once_someone_else_has_acted(client: TestClient) -> None:
    game = new_game(client)
    move(client, game, 0, "bid 8", 0)
    move(client, game, 1, "pass", 1)
    assert undo(client, game, 0, 2).status_code == 403
    assert undo(client, game, 1, 1).status_code == 409  # stale index
    assert undo(client, game, 1, 2).status_code == 200  # seat 1's own pass


def test_undo_with_nothing_to_take_back_is_refused(client: TestClient) -> None:
    game = new_game(client)
    assert undo(client, game, 0, 0).status_code == 422


def test_chat_is_stored_broadcast_capped_and_plain_text(client: TestClient) -> None:
    game = new_game(client)
    url = f"/api/games/{game['id']}/chat"
    with client.websocket_connect(f"/api/games/{game['id']}/ws") as ws:
        ws.receive_json()
        reply = client.post(url, json={"text": "<img src=x onerror=alert(1)>\x07 hi " + "y" * 900},
                            headers=auth(game["seats"][1]["token"]))
        assert reply.status_code == 200
        event = ws.receive_json()
    assert event["type"] == "chat" and event["name"] == "P1" and event["seat"] == 1
    assert event["text"].startswith("<img src=x onerror=alert(1)> hi") and len(event["text"]) == 500
    assert view(client, game["id"])["chat"][-1]["text"] == event["text"]
    assert client.post(url, json={"text": "x"}).status_code == 401
    owner = client.post(url, json={"text": "welcome"}, headers=auth(game["owner_token"]))
    assert owner.json()["name"] == "owner"


def test_the_owner_hands_a_seat_to_a_bot_and_back(client: TestClient) -> None:
    game = new_game(client)
    url = f"/api/games/{game['id']}/seats/0"
    assert client.post(url, json={"bot": "random"},
                       headers=auth(game["seats"][1]["token"])).status_code == 403
    reply = client.post(url, json={"bot": "random"}, headers=auth(game["owner_token"]))
    assert reply.status_code == 200
    wait_for(lambda: view(client, game["id"])["index"] >= 1)  # the bot moved for seat 0
    back = client.post(url, json={"bot": None, "new_token": True},
                       headers=auth(game["owner_token"])).json()
    assert back["token"] and back["invite_url"].endswith(back["token"])
    assert view(client, game["id"])["players"][0]["bot"] is None


def test_a_bot_moves_for_a_seat_idle_past_bot_after(client: TestClient) -> None:
    game = new_game(client, bot_after=1)
    start = time.monotonic()
    wait_for(lambda: view(client, game["id"])["index"] >= 1)
    assert time.monotonic() - start >= 0.9
    log = client.get(f"/api/games/{game['id']}/actions").json()["entries"]
    assert log[0]["seat"] == 0


def test_export_then_import_continues_the_same_game(client: TestClient) -> None:
    game = new_game(client, 3)
    v = play_until(client, game, stop=12)
    record = client.get(f"/api/games/{game['id']}/record").json()
    assert record["format"] == "cuberail-record" and len(record["actions"]) == v["index"]
    assert [s["name"] for s in record["meta"]["seats"]] == ["P0", "P1", "P2"]
    reply = client.post("/api/games/import", json={"record": record})
    assert reply.status_code == 201
    copy = reply.json()
    w = view(client, copy["id"])
    assert w["index"] == v["index"] and w["state"] == v["state"]
    assert client.get(f"/api/games/{copy['id']}/record").json()["actions"] == record["actions"]
    seat = w["current_player"]
    assert move(client, copy, seat, w["legal"][0], w["index"]).status_code == 200


def test_an_exported_bot_seat_comes_back_as_a_bot(client: TestClient) -> None:
    game = new_game(client, 3, bots={2: "easy"})
    record = client.get(f"/api/games/{game['id']}/record").json()
    assert record["meta"]["seats"][2]["bot"] == "easy"
    copy = client.post("/api/games/import", json={"record": record}).json()
    assert copy["seats"][2]["token"] is None and copy["seats"][0]["token"]


def test_a_terminal_record_is_imported_and_played_on(client: TestClient) -> None:
    info = get_game("chicago-express")
    record = new_record(info, ["Ann", "Bob", "Cy"], {})
    record.actions += [Action.from_text("bid 8"), Action.from_text("pass")]
    record.meta["seats"] = [{"name": "Ann", "bot": None, "seed": None},
                            {"name": "Bob", "bot": "mcts:500:full", "seed": 1},
                            {"name": "Cy", "bot": None, "seed": None}]
    made = client.post("/api/games/import", json={"record": record.to_json()}).json()
    v = view(client, made["id"])
    assert v["index"] == 2 and [p["name"] for p in v["players"]] == ["Ann", "Bob", "Cy"]
    assert v["players"][1]["bot"] is None  # a bot the server may not run: a human seat
    assert move(client, made, v["current_player"], v["legal"][0], 2).status_code == 200


def test_an_import_that_does_not_replay_is_refused_with_its_reason(client: TestClient) -> None:
    record = new_record(get_game("ce"), ["A", "B", "C"], {}).to_json()
    record["actions"] = ["bid 3"]
    reply = client.post("/api/games/import", json={"record": record})
    assert reply.status_code == 422 and "action 0" in reply.json()["detail"]
    assert client.post("/api/games/import", json={"record": {"x": 1}}).status_code == 422


def test_a_reconnecting_client_catches_up_from_its_last_seq(client: TestClient) -> None:
    game = new_game(client)
    for i, action in enumerate(["bid 8", "pass", "pass"]):
        move(client, game, i, action, i)
    with client.websocket_connect(f"/api/games/{game['id']}/ws?since=1") as ws:
        state = ws.receive_json()
        assert state["type"] == "state" and state["seq"] == 3
        missed = [ws.receive_json() for _ in range(2)]
        assert [(e["seq"], e["action"]) for e in missed] == [(2, "pass"), (3, "pass")]
        move(client, game, state["game"]["current_player"], state["game"]["legal"][0], 3)
        live = ws.receive_json()
        assert live["type"] == "move" and live["seq"] == 4 and live["index"] == 4


def test_hello_marks_a_seat_connected(client: TestClient) -> None:
    game = new_game(client)
    with client.websocket_connect(f"/api/games/{game['id']}/ws") as ws:
        ws.receive_json()
        ws.send_json({"type": "hello", "token": game["seats"][2]["token"]})
        assert ws.receive_json() == {"type": "hello", "seat": 2}
        assert view(client, game["id"])["players"][2]["connected"] is True
        ws.send_text("not json")
        ws.send_json({"type": "ping"})
        assert ws.receive_json() == {"type": "pong"}


def test_a_socket_for_an_unknown_game_is_closed(client: TestClient) -> None:
    from starlette.websockets import WebSocketDisconnect

    with pytest.raises(WebSocketDisconnect), \
            client.websocket_connect("/api/games/nope/ws") as ws:
        ws.receive_json()


