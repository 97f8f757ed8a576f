"""GET /api/games/{id}/board.svg?lang=: the board drawn in the reader's language."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
from fastapi.testclient import TestClient
from play import new_game, play_until

NS = "{http://www.w3.org/2000/svg}"


def board(client: TestClient, game_id: str, **params: object) -> ET.Element:
    answer = client.get(f"/api/games/{game_id}/board.svg", params=params)
    assert answer.status_code == 200, answer.text
    return ET.fromstring(answer.text)


def tips(root: ET.Element) -> str:
    return "\n".join(e.text or "" for e in root.iter(f"{NS}title"))


def test_board_is_drawn_in_the_language_asked_for(client: TestClient) -> None:
    game = new_game(client, 3, title="trans-siberian")
    play_until(client, game, stop=40)
    italian = board(client, game["id"], lang="it")
    assert italian.get("aria-label") == "Tabellone di Trans-Siberian Railroad"
    assert "valore azione" in tips(italian) and "share value" not in tips(italian)
    assert board(client, game["id"], lang="it-IT").get("aria-label") == italian.get("aria-label")
    german = board(client, game["id"], lang="de", at=10)
    assert "Aktienwert" in tips(german)
    english = board(client, game["id"])
    assert "share value" in tips(english)


def test_a_language_cuberail_lacks_gets_english(client: TestClient) -> None:
    game = new_game(client, 3)
    for lang in ("fr", "pt-BR", "zh-Hant-TW"):
        root = board(client, game["id"], lang=lang)
        assert root.get("aria-label") == "Chicago Express board"


@pytest.mark.parametrize("lang", ["", "../../etc/passwd", "it it", "<script>", "x" * 500,
                                  "it\n", "1"])
def test_what_is_not_a_language_tag_is_a_clear_422(client: TestClient, lang: str) -> None:
    game = new_game(client, 3)
    answer = client.get(f"/api/games/{game['id']}/board.svg", params={"lang": lang})
    assert answer.status_code == 422
    assert "is not a language tag; cuberail draws in: en, it, es, de, ca" in answer.text
    assert "<script>" not in answer.text or answer.headers["content-type"].startswith(
        "application/json")
