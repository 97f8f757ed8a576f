"""The HTTP API: creating games, the refusal order of moves, whole games, OpenAPI, pages."""

from __future__ import annotations

import re

from fastapi.testclient import TestClient
from play import auth, move, new_game, play_until, view


def test_create_answers_201_with_a_token_per_human_seat_and_invite_links(
        client: TestClient) -> None:
    game = new_game(client, 3, bots={2: "random"})
    assert set(game) >= {"id", "owner_token", "seats"}
    human, bot = game["seats"][0], game["seats"][2]
    assert len(human["token"]) >= 40
    assert human["invite_url"] == (f"http://testserver/g/{game['id']}"
                                   f"#seat=0&token={human['token']}")
    assert bot["token"] is None and bot["invite_url"] == f"http://testserver/g/{game['id']}"
    assert game["owner_url"].endswith(f"#owner={game['owner_token']}")


def test_get_game_has_state_legal_moves_with_labels_players_and_chat(
        client: TestClient) -> None:
    game = new_game(client, 4)
    v = view(client, game["id"])
    assert v["index"] == 0 and v["seq"] == 0 and v["current_player"] == 0
    assert v["over"] is False and v["result"] is None and v["title"] == "chicago-express"
    assert v["legal"] == [m["action"] for m in v["moves"]] and "bid 7" in v["legal"]
    assert all(m["label"] for m in v["moves"])
    assert [p["name"] for p in v["players"]] == ["P0", "P1", "P2", "P3"]
    assert isinstance(v["state"], dict) and v["last"] is None and v["chat"] == []


def test_a_move_is_accepted_at_the_current_index_and_answers_the_next(
        client: TestClient) -> None:
    game = new_game(client)
    reply = move(client, game, 0, "bid 8", 0)
    assert reply.status_code == 200 and reply.json() == {"index": 1, "seq": 1}
    v = view(client, game["id"])
    assert v["last"] == {"action": "bid 8", "seat": 0, "name": "P0", "answered_by": None}


def test_refusal_order_404_then_401_403_then_409_then_403_then_422(
        client: TestClient) -> None:
    game = new_game(client)
    gid, t0, t1 = game["id"], game["seats"][0]["token"], game["seats"][1]["token"]

    def post(game_id: str, token: str | None, action: str, index: int) -> int:
        return client.post(f"/api/games/{game_id}/actions", headers=auth(token),
                           json={"action": action, "index": index}).status_code

    assert post("nosuchgame", None, "bid 8", 0) == 404  # before the missing token
    assert post("../../etc", t0, "bid 8", 0) == 404
    assert post(gid, None, "bid 8", 0) == 401
    assert post(gid, "forged-token", "bid 8", 0) == 403
    assert post(gid, t1, "bid 8", 5) == 409  # stale index before the wrong seat
    assert post(gid, t1, "bid 8", 0) == 403  # seat 1 is not on turn
    assert post(gid, t0, "!!!", 0) == 422
    assert post(gid, t0, "bid 3", 0) == 422  # below the opening price
    assert post(gid, t0, "bid 8", 0) == 200
    assert post(gid, t0, "bid 8", 0) == 409  # a duplicate


def test_illegal_move_answers_the_engines_reason(client: TestClient) -> None:
    game = new_game(client)
    reply = move(client, game, 0, "bid 3", 0)
    assert reply.status_code == 422 and "bid 3" in reply.json()["detail"]


def test_a_token_of_another_game_is_refused(client: TestClient) -> None:
    one, two = new_game(client), new_game(client)
    reply = client.post(f"/api/games/{one['id']}/actions", json={"action": "pass", "index": 0},
                        headers=auth(two["seats"][0]["token"]))
    assert reply.status_code == 403


def test_a_whole_game_with_three_clients_and_a_bot(client: TestClient) -> None:
    game = new_game(client, 4, bots={3: "random"})
    with client.websocket_connect(f"/api/games/{game['id']}/ws") as ws:
        assert ws.receive_json()["type"] == "state"
        final = play_until(client, game, seed=3)
        seqs = []
        while len(seqs) < final["seq"]:
            event = ws.receive_json()
            if event["type"] == "move":
                seqs.append(event["seq"])
        assert seqs == list(range(1, final["seq"] + 1))  # every move, in order, no gap
        over = ws.receive_json()
        assert over["type"] == "over" and over["result"] == final["result"]
    assert final["over"] and final["legal"] == []
    log = client.get(f"/api/games/{game['id']}/actions").json()["entries"]
    assert any(e["seat"] == 3 for e in log)  # the bot played its seat
    record = client.get(f"/api/games/{game['id']}/record").json()
    assert len(record["actions"]) == final["index"]


def test_moves_after_the_end_are_refused(client: TestClient) -> None:
    game = new_game(client, 3, bots={0: "random", 1: "random", 2: "random"})
    final = play_until(client, game)
    reply = client.post(f"/api/games/{game['id']}/actions",
                        json={"action": "pass", "index": final["index"]},
                        headers=auth(game["owner_token"]))
    assert reply.status_code == 403  # the owner token holds no seat


def test_bad_requests_get_4xx_with_reasons(client: TestClient) -> None:
    game = new_game(client)
    url = f"/api/games/{game['id']}/actions"
    bad_json = client.post(url, content=b"{not json", headers={
        "Content-Type": "application/json", **auth(game["seats"][0]["token"])})
    assert bad_json.status_code == 422
    assert client.post("/api/games", json={"title": "chess", "players": 3}).status_code == 422
    assert client.post("/api/games", json={"title": "ce", "players": 9}).status_code == 422
    assert client.post("/api/games", json={"title": "ce", "players": 1}).status_code == 422
    options = {"title": "ce", "players": 3, "options": {"nope": 1}}
    assert "nope" in client.post("/api/games", json=options).json()["detail"]
    huge = client.post(url, content=b"x" * 100_000, headers={"Content-Type": "application/json"})
    assert huge.status_code == 413


def test_bot_names_are_capped_to_the_levels_a_server_runs(client: TestClient) -> None:
    for name in ("mcts:99999", "mcts:1.5s", "mcts:500:full", "rm -rf", "mcts:0"):
        reply = client.post("/api/games", json={"title": "ce", "players": 3,
                                                "seats": [{"bot": name}]})
        assert reply.status_code == 422, name
    for name in ("random", "easy", "medium", "hard", "heuristic", "mcts:5000", "MCTS:20"):
        reply = client.post("/api/games", json={"title": "ce", "players": 3,
                                                "seats": [{"bot": name}]})
        assert reply.status_code == 201, name


def test_names_are_plain_text_capped_and_stripped_of_control_characters(
        client: TestClient) -> None:
    reply = client.post("/api/games", json={"title": "ce", "players": 3, "seats": [
        {"name": "<b>Ann</b>\x00\u202e" + "x" * 100}]})
    name = view(client, reply.json()["id"])["players"][0]["name"]
    assert name.startswith("<b>Ann</b> x") and "\x00" not in name and "\u202e" not in name
    assert len(name) == 40 and name.endswith("…")  # core's one rule for names (clean_name)
    assert client.post("/api/games", json={"title": "ce", "players": 3,
                                           "seats": [{"name": "\x01 "}]}).status_code == 422


def test_titles_list_player_ranges_options_and_bot_levels(client: TestClient) -> None:
    titles = {t["title"]: t for t in client.get("/api/titles").json()}
    ce = titles["chicago-express"]
    assert ce["min_players"] <= 3 and ce["max_players"] >= 5
    assert {"name", "default", "help"} <= set(ce["options"][0])
    assert {"easy", "medium", "hard"} <= {b["name"] for b in ce["bots"]}


def test_openapi_is_served_but_not_the_cdn_docs(client: TestClient) -> None:
    spec = client.get("/openapi.json").json()
    assert "/api/games/{game_id}/actions" in spec["paths"]
    assert client.get("/docs").status_code == 404  # CDN script: see docs/api.md instead


def test_pages_lobby_game_favicon_and_static_files(client: TestClient) -> None:
    assert client.get("/").status_code == 200
    page = client.get("/g/abc")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    assert client.get("/favicon.ico").headers["content-type"] == "image/x-icon"
    assert client.get("/static/..%2F..%2Fpyproject.toml").status_code == 404
    assert client.get("/static/nothing-here.js").status_code == 404


def test_the_action_log_lists_entries_from_seq(client: TestClient) -> None:
    game = new_game(client)
    for i, action in enumerate(["bid 8", "pass", "pass"]):
        assert move(client, game, i, action, i).status_code == 200
    log = client.get(f"/api/games/{game['id']}/actions?since=1").json()
    assert [(e["seq"], e["seat"], e["kind"], e["action"]) for e in log["entries"]] == [
        (2, 1, "move", "pass"), (3, 2, "move", "pass")]
    assert re.fullmatch(r"[A-Za-z0-9_-]+", game["id"])
