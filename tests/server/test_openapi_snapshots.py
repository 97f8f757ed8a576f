"""The OpenAPI document publishes every title's snapshot, and real answers match it."""

from __future__ import annotations

from typing import Any

import jsonschema
import pytest
from fastapi.testclient import TestClient
from play import new_game, play_until

from cuberail.games import titles


def _resolved(doc: dict[str, Any], name: str) -> dict[str, Any]:
    """Component ``name`` with the document's components beside it, for jsonschema."""
    return {**doc["components"]["schemas"][name], "components": doc["components"]}


def test_every_title_has_a_snapshot_component(client: TestClient) -> None:
    doc = client.get("/openapi.json").json()
    schemas = doc["components"]["schemas"]
    names = {"".join(p.capitalize() for p in t.split("-")) + "Snapshot" for t in titles()}
    assert names <= set(schemas)
    for holder in ("GameView", "StateAt"):
        state = schemas[holder]["properties"]["state"]
        refs = {r["$ref"].rsplit("/", 1)[1] for r in state["oneOf"]}
        assert refs == names


@pytest.mark.parametrize("title", ["chicago-express", "trans-siberian"])
def test_a_game_view_and_its_snapshot_match_the_document(client: TestClient, title: str) -> None:
    doc = client.get("/openapi.json").json()
    game = new_game(client, players=3, title=title)
    for stop in (0, 7, None):
        view = play_until(client, game, stop=stop, seed=2)
        jsonschema.validate(view, _resolved(doc, "GameView"))
    bad = {**view, "state": {**view["state"], "players": "none"}}
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(bad, _resolved(doc, "GameView"))
