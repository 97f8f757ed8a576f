"""Test helpers that play a server game through the API, the way a client does."""

from __future__ import annotations

import random
import time
from typing import Any

from fastapi.testclient import TestClient

from cuberail.core.record import Record, new_record, start_state
from cuberail.games import get_game


def auth(token: str | None) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"} if token else {}


def new_game(client: TestClient, players: int = 3, bots: dict[int, str] | None = None,
             title: str = "chicago-express", **extra: Any) -> dict[str, Any]:
    """Create a game with seats P0, P1, ... (bots where named); returns the 201 answer."""
    seats = [{"name": f"P{i}", **({"bot": bots[i]} if bots and i in bots else {})}
             for i in range(players)]
    reply = client.post("/api/games", json={"title": title, "players": players,
                                            "seats": seats, **extra})
    assert reply.status_code == 201, reply.text
    return dict(reply.json())


def move(client: TestClient, game: dict[str, Any], seat: int, action: str,
         index: int) -> Any:
    """POST a move for a seat (with its token); returns the response."""
    token = game["seats"][seat]["token"]
    return client.post(f"/api/games/{game['id']}/actions",
                       json={"action": action, "index": index}, headers=auth(token))


def view(client: TestClient, game_id: str) -> dict[str, Any]:
    reply = client.get(f"/api/games/{game_id}")
    assert reply.status_code == 200, reply.text
    return dict(reply.json())


def play_until(client: TestClient, game: dict[str, Any], stop: int | None = None,
               seed: int = 1, timeout: float = 60.0) -> dict[str, Any]:
    """Humans play random legal moves (bots play themselves) until the end or index `stop`."""
    rng = random.Random(seed)
    tokens = {s["seat"]: s["token"] for s in game["seats"]}
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        v = view(client, game["id"])
        if v["over"] or (stop is not None and v["index"] >= stop):
            return v
        token = tokens.get(v["current_player"])
        if token is None:  # a bot's turn: it moves by itself
            time.sleep(0.01)
            continue
        move = {"action": rng.choice(v["legal"]), "index": v["index"]}
        reply = client.post(f"/api/games/{game['id']}/actions", json=move, headers=auth(token))
        assert reply.status_code in (200, 409), reply.text
    raise AssertionError("the game did not finish in time")


def wait_for(check: Any, timeout: float = 20.0) -> None:
    """Until ``check()`` is true (polled every 50 ms); AssertionError after ``timeout`` s."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if check():
            return
        time.sleep(0.05)
    raise AssertionError("timed out")


def finished_record(seed: int = 3, title: str = "trans-siberian") -> Record:
    """A game played to its end by random moves (short: TS with 3 players); one name holds
    markup, for the pages that must show it as text."""
    info = get_game(title)
    record = new_record(info, ["Ann", "<b>Bob</b>", "Cy"], {})
    state = start_state(record, get_game)
    rng = random.Random(seed)
    while not state.is_terminal():
        action = rng.choice(state.legal_actions())
        record.actions.append(action)
        state.apply(action)
    return record
