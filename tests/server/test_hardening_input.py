"""Input the API cannot take answers a clean 4xx, never a 500 (issue 28, item 2)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from play import new_game
from pydantic import BaseModel

from cuberail.core.record import new_record
from cuberail.games import get_game
from cuberail.server.app import create_app
from cuberail.server.config import Settings
from cuberail.server.errors import JsonGuard, may_be_refused, parse_checked

JSON = {"Content-Type": "application/json"}


@pytest.fixture
def loose(sqlite_url: str) -> Iterator[TestClient]:
    """A client that answers server errors as 500s instead of raising them."""
    with TestClient(create_app(Settings(sqlite_url)), raise_server_exceptions=False) as c:
        yield c


def raw_post(client: TestClient, path: str, body: bytes) -> Any:
    return client.post(path, content=body, headers=JSON)


def refused_422(reply: Any, field: str | None = None) -> dict[str, Any]:
    assert reply.status_code == 422, reply.text
    body = reply.json()
    errors = body["detail"]
    assert isinstance(errors, list) and errors and "input" not in errors[0]
    if field is not None:
        assert any(field in e["loc"] for e in errors), errors
    return dict(body)


@pytest.mark.parametrize("body", [
    b'{"title": "ce", "players": "\\ud800"}',
    b'{"title": "\\udfff", "players": 3}',
    b'{"title": "ce", "players": 3, "name": "a\\ud800b"}',
    b'{"title": "ce", "players": 3, "\\ud800": 1}',
])
def test_a_lone_surrogate_in_a_body_answers_422_naming_the_field(
        loose: TestClient, body: bytes) -> None:
    body_ = refused_422(raw_post(loose, "/api/games", body))
    assert "body" in body_["detail"][0]["loc"]


@pytest.mark.parametrize("constant", [b"NaN", b"Infinity", b"-Infinity"])
def test_nan_and_infinity_are_refused_not_accepted(loose: TestClient, constant: bytes) -> None:
    made = raw_post(loose, "/api/games",
                    b'{"title": "ce", "players": 3, "bot_after": ' + constant + b"}")
    refused_422(made, "bot_after")
    game = new_game(loose)
    move = raw_post(loose, f"/api/games/{game['id']}/actions",
                    b'{"action": "pass", "index": ' + constant + b"}")
    refused_422(move, "index")


@pytest.mark.parametrize("body", [
    b'{"text": "\\ud800"}', b'{"text": NaN}', b'{"text": "hi", "x": "\\udc00"}',
    b'{"text": 5, "x": Infinity}',
])
def test_chat_without_a_token_refuses_unencodable_input_with_422(
        loose: TestClient, body: bytes) -> None:
    game = new_game(loose)
    refused_422(raw_post(loose, f"/api/games/{game['id']}/chat", body))


def test_deeply_nested_json_answers_422(loose: TestClient) -> None:
    reply = raw_post(loose, "/api/games", b"[" * 20000 + b"]" * 20000)
    refused_422(reply)
    nested = b'{"title": "ce", "players": 3, "options": ' + b"[" * 100 + b"]" * 100 + b"}"
    refused_422(raw_post(loose, "/api/games", nested))


@pytest.mark.parametrize("since", [2**31, 2**63, 2**70, -1])
def test_a_since_out_of_range_answers_422(loose: TestClient, since: int) -> None:
    game = new_game(loose)
    reply = loose.get(f"/api/games/{game['id']}/actions?since={since}")
    refused_422(reply, "since")


@pytest.mark.parametrize("path", ["/static/a%00b.js", "/static/" + "a" * 5000,
                                  "/static/" + "a/" * 3000 + "x.js", "/static/%00"],
                         ids=["nul", "long-name", "deep", "only-nul"])
def test_static_paths_with_nul_or_excessive_length_are_not_found(
        loose: TestClient, path: str) -> None:
    assert loose.get(path).status_code in (400, 404)


def record_json() -> dict[str, Any]:
    return new_record(get_game("chicago-express"), ["Ann", "Bob", "Cy"], {}).to_json()


def test_an_imported_games_name_is_cleaned_and_capped(loose: TestClient) -> None:
    name = "Big \x00game\x1b[2J " + "x" * 100_000
    reply = loose.post("/api/games/import", json={"record": record_json(), "name": name})
    assert reply.status_code == 201, reply.text
    stored = loose.get(f"/api/games/{reply.json()['id']}").json()["name"]
    assert stored.startswith("Big game [2J x") and len(stored) <= 100
    assert all(c.isprintable() for c in stored)


def test_an_imported_games_name_with_nothing_visible_is_refused(loose: TestClient) -> None:
    reply = loose.post("/api/games/import", json={"record": record_json(),
                                                  "name": "\x00\x1b\u202e"})
    body = refused_422(reply, "name")
    assert "visible" in body["detail"][0]["msg"]


def parse_count(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """json.loads calls from now on (the guard's and FastAPI's share the json module)."""
    calls = [0]
    real = json.loads

    def counted(*args: Any, **kwargs: Any) -> Any:
        calls[0] += 1
        return real(*args, **kwargs)

    monkeypatch.setattr(json, "loads", counted)
    return calls


class Echoed(BaseModel):
    text: str
    n: int


def test_an_ordinary_body_is_parsed_once(monkeypatch: pytest.MonkeyPatch) -> None:
    app = FastAPI()
    app.add_middleware(JsonGuard)

    @app.post("/echo")
    async def echo(body: Echoed) -> dict[str, Any]:
        return {"text": body.text}

    with TestClient(app) as client:
        calls = parse_count(monkeypatch)
        reply = raw_post(client, "/echo", b'{"text": "hello [world] \xc3\xa9", "n": 1}')
        assert calls[0] == 1 and reply.status_code == 200
        refused_422(raw_post(client, "/echo", b'{"text": "x", "n": NaN}'), "n")


@pytest.mark.parametrize("body", [
    b'{"a": NaN}', b'[Infinity]', b'[-Infinity]', b'["\\ud800"]', b'["\\uDC00x"]',
    b'{"\\udbff": 1}', b'["\xed\xa0\x80"]', '["\ud800"]'.encode("utf-16-le", "surrogatepass"),
    b"[" * 65 + b"]" * 65, b'{"a": ' + b'{"b": ' * 63 + b"1" + b"}" * 64,
])
def test_the_quick_look_never_waves_through_what_the_check_refuses(body: bytes) -> None:
    assert may_be_refused(body) and parse_checked(body) is not None
    assert may_be_refused(body.decode("utf-8", "surrogatepass")
                          if not body.startswith(b"[\x00") else '["\ud800"]')


def test_the_quick_look_passes_ordinary_bodies() -> None:
    assert not may_be_refused(b'{"action": "build 3 C5", "index": 12}')
    assert not may_be_refused('{"type": "hello", "token": "abc"}')
    deep = b"[" * 63 + b"]" * 63
    assert not may_be_refused(deep) and parse_checked(deep) is None
