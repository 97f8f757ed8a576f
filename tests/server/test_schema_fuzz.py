"""Schema-driven fuzzing: every operation of /openapi.json, against a live server.

Schemathesis generates requests from the server's own OpenAPI document (valid and
invalid ones) and checks each answer: never a 5xx, a documented status code, a
documented content type, a body that matches the declared schema, the declared headers.
The server runs as it does in production: uvicorn (its lifespan, its middleware, rate
limits on) on a free loopback port, on a fresh SQLite database seeded with real games,
so that game ids and seat tokens hit real games part of the time.

Bounded and reproducible: a fixed number of examples per operation, derandomized.
"""

from __future__ import annotations

import socket
import threading
import time
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

schemathesis = pytest.importorskip(
    "schemathesis", reason="schemathesis is not installed (the `test` extra has it)")

import uvicorn  # noqa: E402
from fastapi.testclient import TestClient  # noqa: E402
from hypothesis import HealthCheck, Phase, settings  # noqa: E402
from schemathesis.checks import not_a_server_error  # noqa: E402
from schemathesis.specs.openapi.checks import (  # noqa: E402
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from cuberail.server.app import create_app  # noqa: E402
from cuberail.server.config import Settings  # noqa: E402

EXAMPLES = 25  # per operation
TITLES = ["chicago-express", "ts", "CE"]
CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance,
          response_schema_conformance, response_headers_conformance]


class Live:
    """The app served by uvicorn in a thread, on a free 127.0.0.1 port."""

    def __init__(self, database: Path) -> None:
        # Rate limits off: past the burst of 20 new games every create would answer 429
        # (test_a_429_matches_the_document checks that answer).
        app = create_app(Settings(f"sqlite:///{database}", bot_time_limit=0.5, bot_workers=1,
                                  bot_max_iterations=50))
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.url = f"http://127.0.0.1:{self.sock.getsockname()[1]}"
        self.server = uvicorn.Server(uvicorn.Config(app, log_level="warning",
                                                    lifespan="on", ws="none"))
        self.thread = threading.Thread(target=self.server.run,
                                       kwargs={"sockets": [self.sock]}, daemon=True)

    def __enter__(self) -> Live:
        self.thread.start()
        deadline = time.monotonic() + 30
        while not self.server.started:
            assert time.monotonic() < deadline and self.thread.is_alive(), "no server"
            time.sleep(0.02)
        return self

    def __exit__(self, *_exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(30)
        self.sock.close()


class Seeds:
    """Real games to aim at: ids and tokens that the generated requests borrow."""

    def __init__(self, url: str) -> None:
        with httpx.Client(base_url=url) as client:
            game = _create(client, {"title": "chicago-express", "players": 3})
            reply = client.post(f"/api/games/{game['id']}/actions",
                                json={"action": "bid 8", "index": 0},
                                headers={"Authorization": f"Bearer {_token(game, 0)}"})
            assert reply.status_code == 200, reply.text
            opened = _create(client, {"title": "trans-siberian", "players": 3, "open": True})
        self.game_ids = [game["id"], opened["id"]]
        self.tokens = [_token(game, 0), _token(game, 1), game["owner_token"],
                       _token(opened, 0), opened["owner_token"]]

    def aim(self, case: Any) -> None:
        """Point a case at a real game, a real token, a real language or title part of the
        time (chosen from the generated values: the same examples make the same choice)."""
        pick = _pick(case)
        _borrow(case.path_parameters, "game_id", self.game_ids, pick)
        _borrow(case.path_parameters, "lang", ["en", "de", "ca", "pt-BR"], pick >> 4)
        _borrow(case.headers, "Authorization", [f"Bearer {t}" for t in self.tokens], pick >> 8)
        if isinstance(case.body, dict) and _borrow(case.body, "title", TITLES, pick >> 12):
            case.body.pop("options", None)  # random options and seat lists: always 422
            case.body.pop("keep", None)


def _pick(case: Any) -> int:
    """A number that the generated values determine (hence reproducible)."""
    body = case.body if isinstance(case.body, dict | list | str | int | float) else None
    seen = (case.path_parameters, case.query, case.headers, body)
    return zlib.crc32(repr(seen).encode("utf-8", "backslashreplace"))


def _borrow(values: dict[str, Any] | None, name: str, real: list[str], pick: int) -> bool:
    """Replace a generated value by one of ``real`` three times out of four."""
    if values is None or name not in values or pick % 4 == 0:
        return False
    values[name] = real[pick // 4 % len(real)]
    return True


def _create(client: httpx.Client, body: dict[str, Any]) -> dict[str, Any]:
    reply = client.post("/api/games", json=body)
    assert reply.status_code == 201, reply.text
    return dict(reply.json())


def _token(game: dict[str, Any], seat: int) -> str:
    return str(game["seats"][seat]["token"])


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Live, Seeds]]:
    with Live(tmp_path_factory.mktemp("fuzz") / "server.sqlite3") as server:
        yield server, Seeds(server.url)


@pytest.fixture(scope="module")
def api_schema(live: tuple[Live, Seeds]) -> Any:
    server, _seeds = live
    return schemathesis.openapi.from_url(f"{server.url}/openapi.json")


schema = schemathesis.pytest.from_fixture("api_schema")


@schema.parametrize()
@settings(max_examples=EXAMPLES, derandomize=True, database=None, deadline=None,
          phases=[Phase.explicit, Phase.generate], suppress_health_check=list(HealthCheck))
def test_every_answer_matches_the_openapi_document(case: Any,
                                                   live: tuple[Live, Seeds]) -> None:
    server, seeds = live
    seeds.aim(case)
    case.call_and_validate(base_url=server.url, checks=CHECKS, timeout=30)


def test_a_429_matches_the_document(tmp_path: Path) -> None:
    """Past the burst of new games, 429 with Retry-After, as /openapi.json declares."""
    app = create_app(Settings(f"sqlite:///{tmp_path / 'server.sqlite3'}", rate_limits=True))
    with TestClient(app) as client:
        document = schemathesis.openapi.from_dict(client.get("/openapi.json").json())
        operation = document["/api/games"]["POST"]
        replies = [client.post("/api/games", json={"title": "ce", "players": 3})
                   for _ in range(21)]
        assert [r.status_code for r in replies] == [201] * 20 + [429]
        for reply in (replies[0], replies[-1]):
            operation.validate_response(reply)
        declared = operation.definition.raw["responses"]["429"]
        assert "Retry-After" in declared["headers"]
        assert int(replies[-1].headers["Retry-After"]) >= 1
