"""The page's board and replay positions: GET /api/games/{id}/board.svg, /state?at=N
and /course."""

from __future__ import annotations

import itertools
import random
import xml.etree.ElementTree as ET

from fastapi.testclient import TestClient
from play import move, new_game, view


def test_state_at_n_is_the_position_after_n_actions_in_force(client: TestClient) -> None:
    game = new_game(client, 3)
    for index, (seat, action) in enumerate([(0, "bid 8"), (1, "pass"), (2, "pass")]):
        assert move(client, game, seat, action, index).status_code == 200
    now = client.get(f"/api/games/{game['id']}/state").json()
    assert now["index"] == 3 and now["state"] == view(client, game["id"])["state"]
    start = client.get(f"/api/games/{game['id']}/state", params={"at": 0}).json()
    assert start["index"] == 0 and "bid 7" in [m["action"] for m in start["moves"]]
    one = client.get(f"/api/games/{game['id']}/state", params={"at": 1}).json()
    assert [m["action"] for m in one["moves"]][:2] == ["pass", "bid 9"]


def test_state_at_refuses_a_position_the_game_does_not_have(client: TestClient) -> None:
    game = new_game(client, 3)
    for at in (-1, 1, 10**6):
        answer = client.get(f"/api/games/{game['id']}/state", params={"at": at})
        assert answer.status_code == 422 and "at must be from 0 to 0" in answer.text
    assert client.get("/api/games/nosuchgame/state").status_code == 404


def test_board_svg_is_the_drawing_with_the_legal_moves_clickable(client: TestClient) -> None:
    game = new_game(client, 3)
    answer = client.get(f"/api/games/{game['id']}/board.svg")
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("image/svg+xml")
    assert ET.fromstring(answer.text).tag.endswith("svg")
    v = view(client, game["id"])
    while not v["legal"][0].startswith("choose"):  # everyone passes the setup auctions
        assert move(client, game, v["current_player"], "pass", v["index"]).status_code == 200
        v = view(client, game["id"])
    root = ET.fromstring(client.get(f"/api/games/{game['id']}/board.svg").text)
    clickable = {e.get("data-action") for e in root.iter() if e.get("data-action")}
    assert clickable == set(v["legal"])  # the gauges: one per action a turn may choose
    past = client.get(f"/api/games/{game['id']}/board.svg", params={"at": v["index"] + 1})
    assert past.status_code == 422


def test_course_is_the_states_along_the_game_in_one_answer(client: TestClient) -> None:
    """A finished game's charts asked 41 states, one a request: a third finished game
    opened within a minute was refused (429) and drew no charts. ``/course`` gives the
    snapshots sampled along the game in one answer, each the one ``/state?at`` gives."""
    game = new_game(client, 3)
    short = client.get(f"/api/games/{game['id']}/course").json()
    assert short["last"] == 0 and [s["index"] for s in short["samples"]] == [0]
    v = view(client, game["id"])
    rng = random.Random(7)
    while v["index"] < 95 and not v["over"]:  # random legal moves
        action = rng.choice(v["legal"])
        assert move(client, game, v["current_player"], action, v["index"]).status_code == 200
        v = view(client, game["id"])
    course = client.get(f"/api/games/{game['id']}/course").json()
    indices = [s["index"] for s in course["samples"]]
    assert course["last"] == v["index"] and indices[0] == 0 and indices[-1] == v["index"]
    assert indices == sorted(set(indices)) and 30 <= len(indices) <= 41
    assert max(b - a for a, b in itertools.pairwise(indices)) <= v["index"] // 40 + 1
    for sample in course["samples"][::7] + course["samples"][-1:]:
        at = client.get(f"/api/games/{game['id']}/state", params={"at": sample["index"]})
        assert sample["state"] == at.json()["state"], sample["index"]
    assert client.get("/api/games/nosuchgame/course").status_code == 404
