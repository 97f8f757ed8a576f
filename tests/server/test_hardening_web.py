"""Headers, docs, WebSocket frames, the paged log, Bearer spelling and webhooks (issue 28)."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from play import auth, move, new_game

from cuberail.server.app import create_app
from cuberail.server.config import Settings
from cuberail.server.notify import Notifier, WebhookRefused, checked_addresses


@pytest.mark.parametrize("path", ["/", "/g/abc", "/api/titles", "/static/js/api.js",
                                  "/static/nothing-here.js", "/openapi.json",
                                  "/api/games/nope"])
def test_every_answer_carries_the_security_headers(client: TestClient, path: str) -> None:
    headers = client.get(path).headers
    csp = dict(part.strip().split(" ", 1) for part in
               headers["content-security-policy"].split(";"))
    assert csp["default-src"] == "'self'" and csp["script-src"] == "'self'"
    assert csp["frame-ancestors"] == "'none'" and csp["base-uri"] == "'none'"
    assert csp["connect-src"] == "'self' ws: wss:" and csp["form-action"] == "'self'"
    assert headers["x-frame-options"] == "DENY"
    assert headers["x-content-type-options"] == "nosniff"
    assert headers["referrer-policy"] == "no-referrer"


def test_the_cdn_api_docs_are_off_and_the_openapi_schema_stays(client: TestClient) -> None:
    assert client.get("/docs").status_code == 404
    assert client.get("/redoc").status_code == 404
    assert "/api/games/{game_id}/actions" in client.get("/openapi.json").json()["paths"]


def closing(ws: Any) -> dict[str, Any]:
    """The close frame the server sends (after the events before it)."""
    while True:
        message = ws.receive()
        if message["type"] == "websocket.close":
            return dict(message)


@pytest.mark.parametrize(("frame", "code"), [
    (b"\x00\x01binary", 1003),
    ("[" * 5000 + "]" * 5000, 1008),
    ('{"type": "ping", "pad": "' + "x" * 100_000 + '"}', 1009),
], ids=["binary", "deep", "oversized"])
def test_a_websocket_frame_the_server_will_not_read_gets_a_close_code(
        client: TestClient, frame: str | bytes, code: int) -> None:
    game = new_game(client)
    with client.websocket_connect(f"/api/games/{game['id']}/ws") as ws:
        assert ws.receive_json()["type"] == "state"
        if isinstance(frame, bytes):
            ws.send_bytes(frame)
        else:
            ws.send_text(frame)
        closed = closing(ws)
    assert closed["code"] == code and closed["reason"]


def test_a_websocket_still_ignores_text_that_is_not_json(client: TestClient) -> None:
    game = new_game(client)
    with client.websocket_connect(f"/api/games/{game['id']}/ws") as ws:
        ws.receive_json()
        ws.send_text("not json")
        ws.send_json({"type": "ping"})
        assert ws.receive_json() == {"type": "pong"}


def test_the_action_log_is_paged_by_limit_with_more(client: TestClient) -> None:
    game = new_game(client)
    for i, action in enumerate(["bid 8", "pass", "pass"]):
        assert move(client, game, i, action, i).status_code == 200
    path = f"/api/games/{game['id']}/actions"
    first = client.get(f"{path}?limit=2").json()
    assert [e["seq"] for e in first["entries"]] == [1, 2] and first["more"] is True
    rest = client.get(f"{path}?since=2&limit=2").json()
    assert [e["seq"] for e in rest["entries"]] == [3] and rest["more"] is False
    assert client.get(f"{path}?limit=0").status_code == 422
    assert client.get(f"{path}?limit=1001").status_code == 422
    spec = client.get("/openapi.json").json()["paths"][
        "/api/games/{game_id}/actions"]["get"]["parameters"]
    limit = next(p for p in spec if p["name"] == "limit")["schema"]
    assert limit["maximum"] == 1000 and limit["minimum"] == 1


@pytest.fixture
def limited(sqlite_url: str) -> Iterator[TestClient]:
    app = create_app(Settings(sqlite_url, bot_time_limit=5.0, rate_limits=True))
    with TestClient(app) as c:
        yield c


def test_the_chat_limit_per_token_ignores_how_bearer_is_spelled(limited: TestClient) -> None:
    game = new_game(limited)
    token, path = game["seats"][0]["token"], f"/api/games/{game['id']}/chat"
    spellings = ["Bearer", "bearer", "BEARER", "bEaReR"]
    for i in range(10):  # the per-token burst
        reply = limited.post(path, json={"text": f"hi {i}"},
                             headers={"Authorization": f"{spellings[i % 4]} {token}"})
        assert reply.status_code == 200, reply.text
    for scheme in ["bearer", "BEARER", "Bearer ", "bearer\t"]:
        reply = limited.post(path, json={"text": "again"},
                             headers={"Authorization": f"{scheme} {token}"})
        assert reply.status_code == 429 and "seat" in reply.json()["detail"]


# ----- webhooks -------------------------------------------------------------------------

def resolve_to(address: str) -> Any:
    async def resolver(_host: str, _port: int) -> list[str]:
        return [address]
    return resolver


@pytest.mark.parametrize("address", [
    "2002:7f00:1::1", "2002:7f00:0001:0:0:0:0:1", "2002:a00:1::1", "2002:c0a8:101::",
    "64:ff9b::7f00:1", "64:ff9b::a00:1", "::ffff:127.0.0.1",
    "2001:0:4136:e378:8000:63bf:80ff:fffe",  # Teredo, client 127.0.0.1
])
def test_ipv6_addresses_carrying_a_private_ipv4_are_refused(address: str) -> None:
    for url, resolver in [(f"http://[{address}]/hook", resolve_to("8.8.8.8")),
                          ("http://hook.example/x", resolve_to(address))]:
        with pytest.raises(WebhookRefused, match=r"loopback|private"):
            asyncio.run(checked_addresses(url, False, resolver))


def test_a_6to4_address_of_a_public_ipv4_stays_allowed() -> None:
    ips = asyncio.run(checked_addresses("http://[2002:808:808::1]/hook", False))
    assert [str(ip) for ip in ips] == ["2002:808:808::1"]


def test_a_webhook_url_is_looked_at_only_after_the_token(client: TestClient) -> None:
    looked_up: list[str] = []

    async def resolver(host: str, _port: int) -> list[str]:
        looked_up.append(host)
        return ["127.0.0.1"]

    client.app.state.server.notifier.resolver = resolver  # type: ignore[attr-defined]
    game = new_game(client)
    path = f"/api/games/{game['id']}/seats/0/webhook"
    for headers in [{}, auth("forged"), auth(game["seats"][1]["token"])]:
        reply = client.put(path, json={"url": "http://hook.example/x"}, headers=headers)
        assert reply.status_code in (401, 403), reply.text
    assert client.put(path, json={"url": "http://127.0.0.1/x"},
                      headers=auth("forged")).status_code == 403
    assert looked_up == []
    mine = client.put(path, json={"url": "http://hook.example/x"},
                      headers=auth(game["seats"][0]["token"]))
    assert mine.status_code == 422 and looked_up == ["hook.example"]


def test_webhook_calls_never_ping_everyone() -> None:
    bodies: list[dict[str, Any]] = []

    def handler(request: httpx.Request) -> httpx.Response:
        bodies.append(json.loads(request.content))
        return httpx.Response(204)

    async def call() -> None:
        notifier = Notifier(resolver=resolve_to("93.184.216.34"))
        notifier._client = httpx.AsyncClient(transport=httpx.MockTransport(handler))
        notifier.send("https://discord.example/api/webhooks/1/x",
                      "it is your turn, @everyone @here <!channel>")
        await notifier.close()

    asyncio.run(call())
    body = bodies[0]
    assert body["allowed_mentions"] == {"parse": []}
    for text in (body["content"], body["text"]):
        assert "@everyone" not in text and "@here" not in text
    assert "<!channel>" not in body["text"]  # Slack's mention
    assert "everyone" in body["content"] and "your turn" in body["text"]
