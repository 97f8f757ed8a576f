"""The server's refusals in the reader's language: an error answer's ``words``.

A refusal of the server itself (a stale index, a seat not on turn, a taken seat, ...)
answers ``{"detail": English, "words": {"key", "values"}}``: the page renders ``words``
with the catalog of its language (``GET /api/words/{lang}``, which serves the refusals
with the move sentences), and ``detail``, for API clients and logs, is the English
catalog's rendering of the same words. An engine's reason for an illegal action stays
English only (no ``words``). ``render`` (served_words.py) does what web/js/i18n.js
``sayParts`` does.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from play import auth, finished_record, new_game, view
from served_words import render

from cuberail.core.words import LANGUAGES, Said, catalog, placeholders
from cuberail.server.games import Refused, page_words

SERVER = "cuberail.server"
SOURCES = Path(__file__).resolve().parents[2] / "src" / "cuberail" / "server"
KEYS = sorted(catalog(SERVER, "en"))


def served(client: TestClient, lang: str) -> dict[str, str]:
    reply = client.get(f"/api/words/{lang}")
    assert reply.status_code == 200, reply.text
    words: dict[str, str] = reply.json()["words"]
    return words


def refused(client: TestClient, reply: Any, status: int, key: str) -> dict[str, Any]:
    """The answer is a refusal ``key`` whose words, rendered in English, are its detail,
    and render in every other language with every placeholder filled."""
    assert reply.status_code == status, reply.text
    body: dict[str, Any] = reply.json()
    assert body["words"]["key"] == f"refusal.{key}", body
    assert render(body["words"], served(client, "en")) == body["detail"]
    for lang in LANGUAGES[1:]:
        said = render(body["words"], served(client, lang))
        assert said != body["detail"] and not re.search(r"\{\w+\}", said), (lang, said)
    return body


# ----- the catalogs ---------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_refusal_catalog_has_exactly_the_english_keys_and_placeholders(
        lang: str) -> None:
    english, other = catalog(SERVER, "en"), catalog(SERVER, lang)
    assert KEYS and all(k.startswith("refusal.") for k in KEYS)
    assert sorted(other) == KEYS
    for key, text in english.items():
        assert placeholders(other[key]) == placeholders(text), (lang, key)
        assert other[key].strip(), (lang, key)
        if lang != "en":
            assert other[key] != text, (lang, key)  # translated, not copied


def test_every_refusal_key_the_server_raises_is_in_the_catalog_and_none_is_unused() -> None:
    used = set()
    for path in SOURCES.glob("*.py"):
        used.update(re.findall(r'Said\("(refusal\.\w+)"', path.read_text(encoding="utf-8")))
    assert sorted(used) == KEYS


@pytest.mark.parametrize("key", KEYS)
def test_every_refusals_english_detail_is_its_words_in_english(key: str) -> None:
    """One source of wording: ``detail`` is built from the English catalog entry, so the
    words rendered as the page renders them (English) are the detail, for every key."""
    values = {name: 7 for name in placeholders(catalog(SERVER, "en")[key])}
    exc = Refused(409, Said(key, values))
    assert exc.words == Said(key, values) and str(exc) == exc.reason
    english = {**page_words("en").fallback, **page_words("en").own}
    assert render(Said(key, values).to_json(), english) == exc.reason
    for lang in LANGUAGES:
        assert "7" in page_words(lang).render(Said(key, values)) or not values


def test_an_engine_refusal_is_english_only(client: TestClient) -> None:
    game = new_game(client, 3)
    reply = client.post(f"/api/games/{game['id']}/actions", headers=auth(game["seats"][0]["token"]),
                        json={"action": "no-such-action", "index": 0})
    assert reply.status_code == 422 and reply.json()["detail"] and "words" not in reply.json()


# ----- real requests --------------------------------------------------------------------


def test_a_stale_index_is_refused_in_words(client: TestClient) -> None:
    game = new_game(client, 3)
    v = view(client, game["id"])
    token = game["seats"][0]["token"]
    path = f"/api/games/{game['id']}/actions"
    assert client.post(path, headers=auth(token),
                       json={"action": v["legal"][0], "index": 0}).status_code == 200
    reply = client.post(path, headers=auth(token), json={"action": v["legal"][0], "index": 0})
    body = refused(client, reply, 409, "stale_index")
    assert body["words"]["values"] == {"index": 0, "current": 1}
    assert body["detail"] == ("index 0 is not the current index 1 (the game has moved on:"
                              " fetch it again)")
    italian = render(body["words"], served(client, "it"))
    assert italian.startswith("l'indice 0 non è l'indice attuale 1")


def test_a_move_out_of_turn_is_refused_in_words(client: TestClient) -> None:
    game = new_game(client, 3)
    v = view(client, game["id"])
    reply = client.post(f"/api/games/{game['id']}/actions", headers=auth(game["seats"][2]["token"]),
                        json={"action": v["legal"][0], "index": 0})
    body = refused(client, reply, 403, "not_your_turn")
    assert body["words"]["values"] == {"seat": 2, "current": 0}
    assert body["detail"] == "it is not seat 2's turn (seat 0 is on turn)"


def test_a_move_after_the_end_is_refused_in_words(client: TestClient) -> None:
    record = finished_record(5).to_json()
    made = client.post("/api/games/import", json={"record": record})
    assert made.status_code == 201, made.text
    game = made.json()
    reply = client.post(f"/api/games/{game['id']}/actions", headers=auth(game["seats"][0]["token"]),
                        json={"action": "pass", "index": len(record["actions"])})
    assert refused(client, reply, 409, "game_over")["detail"] == "the game is over"
    analysis = client.get(f"/api/games/{game['id']}/state?at=9999")
    assert refused(client, analysis, 422, "at_range")["words"]["values"] == {
        "last": len(record["actions"])}


def test_seat_claims_are_refused_in_words(client: TestClient) -> None:
    closed = new_game(client, 3)
    path = "/api/games/{}/seats/{}/claim"
    reply = client.post(path.format(closed["id"], 1), json={"name": "Zoe"})
    refused(client, reply, 403, "not_open")
    game = new_game(client, 3, bots={2: "random"}, open=True)
    refused(client, client.post(path.format(game["id"], 0), json={"name": "Zoe"}), 409,
            "seat_taken")
    refused(client, client.post(path.format(game["id"], 2), json={"name": "Zoe"}), 409,
            "bot_seat")
    body = refused(client, client.post(path.format(game["id"], 7), json={"name": "Zoe"}), 404,
                   "no_seat")
    assert body["detail"] == "seat 7 does not exist (seats 0..2)"


def test_no_such_game_is_refused_in_words(client: TestClient) -> None:
    body = refused(client, client.get("/api/games/nosuchgame"), 404, "no_game")
    assert body["detail"] == "no game 'nosuchgame' on this server"
    refused(client, client.get("/api/games/no.such"), 404, "no_such_game")
    refused(client, client.get("/api/games/no.such/analysis"), 404, "no_such_game")


def test_tokens_forged_or_missing_are_refused_in_words(client: TestClient) -> None:
    game = new_game(client, 3)
    path = f"/api/games/{game['id']}/actions"
    forged = client.post(path, headers=auth("forged-token"), json={"action": "x", "index": 0})
    refused(client, forged, 403, "token_holds_no_seat")
    missing = client.post(path, json={"action": "x", "index": 0})
    refused(client, missing, 401, "seat_token_missing")
    assert missing.headers["WWW-Authenticate"] == "Bearer"
    owner = client.post(f"/api/games/{game['id']}/seats/1", json={"bot": "random"},
                        headers=auth(game["seats"][0]["token"]))
    refused(client, owner, 403, "owner_only")
    hook = client.put(f"/api/games/{game['id']}/seats/1/webhook", headers=auth(
        game["seats"][0]["token"]), json={"url": None})
    refused(client, hook, 403, "not_token_seat")


def test_take_backs_are_refused_in_words(client: TestClient) -> None:
    game = new_game(client, 3)
    path = f"/api/games/{game['id']}/undo"
    first = client.post(path, headers=auth(game["seats"][0]["token"]), json={"index": 0})
    refused(client, first, 422, "nothing_to_undo")
    v = view(client, game["id"])
    assert client.post(f"/api/games/{game['id']}/actions", headers=auth(game["seats"][0]["token"]),
                       json={"action": v["legal"][0], "index": 0}).status_code == 200
    other = client.post(path, headers=auth(game["seats"][1]["token"]), json={"index": 1})
    body = refused(client, other, 403, "undo_not_yours")
    assert body["words"]["values"] == {"action": v["legal"][0], "seat": 0}


def test_a_bots_move_for_a_human_or_a_seat_off_turn_is_refused_in_words(
        client: TestClient) -> None:
    game = new_game(client, 3)
    service = client.app.state.server.service  # type: ignore[attr-defined]
    legal = view(client, game["id"])["legal"]
    with pytest.raises(Refused) as human:
        service.bot_act(game["id"], 0, 0, legal[0])
    with pytest.raises(Refused) as off_turn:
        service.bot_act(game["id"], 1, 0, legal[0])
    english = served(client, "en")
    for exc, key in ((human.value, "refusal.human_now"),
                     (off_turn.value, "refusal.no_longer_on_turn")):
        assert exc.status == 409 and exc.words is not None and exc.words.key == key
        assert render(exc.words.to_json(), english) == exc.reason


def test_creating_games_is_refused_in_words(client: TestClient) -> None:
    seats = [{"name": f"P{i}"} for i in range(4)]
    reply = client.post("/api/games", json={"title": "chicago-express", "players": 3,
                                            "seats": seats})
    assert refused(client, reply, 422, "seats_count")["detail"] == "4 seats given for 3 players"
    keep = client.post("/api/games", json={"title": "chicago-express", "players": 3,
                                           "open": True, "keep": [5]})
    refused(client, keep, 422, "keep_seat_range")
    bot = client.post("/api/games", json={"title": "chicago-express", "players": 3, "open": True,
                                          "seats": [{"bot": "random"}], "keep": [0]})
    refused(client, bot, 422, "keep_seat_bot")


def test_analysis_of_a_game_not_over_is_refused_in_words(client: TestClient) -> None:
    game = new_game(client, 3)
    refused(client, client.get(f"/api/games/{game['id']}/analysis"), 409, "analysis_not_over")
