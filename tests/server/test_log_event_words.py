"""Issue 29: each log entry and each WebSocket `move` event carries what happened as words.

A move's ``words`` (its sentence as data) and ``events`` (what happened by itself when it
was applied: the title's ``event_parts``, seats as seat values) are the engine's own,
computed when the move was applied; an undo carries the words of the move it took back.
"""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from play import auth, move, new_game, play_until, view
from served_words import render

from cuberail.core.actions import Action
from cuberail.core.state import GameState
from cuberail.games import get_game, moves_module


def engine_log(title: str, entries: list[dict[str, Any]]) -> list[tuple[Any, Any]]:
    """(words, events) of every move entry of a log without undos, replayed by the engine."""
    state: GameState = get_game(title).new_game(4)
    words = moves_module(title)
    out = []
    for e in entries:
        action, before = Action.from_text(e["action"]), state.clone()
        state.apply(action)
        out.append((words.describe_parts(before, action).to_json(),
                    [s.to_json() for s in words.event_parts(before, state)]))
    return out


@pytest.mark.parametrize("title", ["chicago-express", "trans-siberian"])
def test_every_log_entry_carries_the_engines_words_and_events(client: TestClient,
                                                              title: str) -> None:
    game = new_game(client, 4, title=title)
    with client.websocket_connect(f"/api/games/{game['id']}/ws") as ws:
        assert ws.receive_json()["type"] == "state"
        final = play_until(client, game, seed=5)
        live = [ws.receive_json() for _ in range(final["seq"])]
    entries = client.get(f"/api/games/{game['id']}/actions").json()["entries"]
    said = [(e["words"], e["events"]) for e in entries]
    assert said == engine_log(title, entries)
    assert [(e["words"], e["events"]) for e in live if e["type"] == "move"] == said
    keys = [ev["key"] for e in entries for ev in e["events"]]
    assert keys[-1] == "event.end" and any(k.endswith("dividend") for k in keys), keys
    english = client.get("/api/words/en").json()["words"]
    assert render(entries[-1]["events"][-1], english).startswith("the game ends: ")


def test_an_undo_says_who_took_back_which_move(client: TestClient) -> None:
    game = new_game(client, 3)
    first = view(client, game["id"])
    seat, legal = first["current_player"], first["moves"][0]
    assert move(client, game, seat, legal["action"], 0).status_code == 200
    token = game["seats"][seat]["token"]
    reply = client.post(f"/api/games/{game['id']}/undo", json={"index": 1}, headers=auth(token))
    assert reply.status_code == 200, reply.text
    entries = client.get(f"/api/games/{game['id']}/actions").json()["entries"]
    assert [e["kind"] for e in entries] == ["move", "undo"]
    assert entries[1]["seat"] == seat and entries[1]["words"] == legal["words"]
    assert entries[0]["words"] == legal["words"]
    late = client.get(f"/api/games/{game['id']}/actions", params={"since": 1}).json()
    assert late["entries"][0]["words"] == legal["words"]
