"""A seat handed to a bot: the removed player's token stops working at once (issue 28)."""

from __future__ import annotations

from fastapi.testclient import TestClient
from play import auth, new_game, view, wait_for


def test_a_token_of_a_seat_handed_to_a_bot_is_refused_everywhere(client: TestClient) -> None:
    game = new_game(client, 3)
    gid, old = game["id"], game["seats"][0]["token"]
    handed = client.post(f"/api/games/{gid}/seats/0", json={"bot": "random"},
                         headers=auth(game["owner_token"]))
    assert handed.status_code == 200 and handed.json()["token"] is None
    replies = [
        client.post(f"/api/games/{gid}/actions", json={"action": "bid 8", "index": 0},
                    headers=auth(old)),
        client.post(f"/api/games/{gid}/undo", json={"index": 0}, headers=auth(old)),
        client.post(f"/api/games/{gid}/chat", json={"text": "still here"}, headers=auth(old)),
        client.put(f"/api/games/{gid}/seats/0/webhook", json={"url": None},
                   headers=auth(old)),
    ]
    for reply in replies:
        assert reply.status_code in (401, 403), reply.text
        assert reply.json()["detail"] and reply.json()["words"]["key"].startswith("refusal.")
    wait_for(lambda: view(client, gid)["index"] >= 1)  # the bot plays the seat
    log = client.get(f"/api/games/{gid}/actions").json()["entries"]
    assert log[0]["seat"] == 0


def test_a_seat_handed_back_gets_a_fresh_token_not_the_old_one(client: TestClient) -> None:
    game = new_game(client, 3, bots={1: "random", 2: "random"})
    gid, old = game["id"], game["seats"][0]["token"]
    url = f"/api/games/{gid}/seats/0"
    assert client.post(url, json={"bot": "random"},
                       headers=auth(game["owner_token"])).status_code == 200
    back = client.post(url, json={"bot": None}, headers=auth(game["owner_token"])).json()
    assert back["token"] and back["token"] != old
    chat = f"/api/games/{gid}/chat"
    assert client.post(chat, json={"text": "x"}, headers=auth(old)).status_code == 403
    assert client.post(chat, json={"text": "x"}, headers=auth(back["token"])).status_code == 200
