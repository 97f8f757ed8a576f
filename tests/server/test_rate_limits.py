"""Per-address and per-token limits on writes a stranger could repeat (new games, chat, seat
claims, webhook changes): past a burst, 429 with Retry-After and the reason; moves never."""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import procs
import pytest
from fastapi.testclient import TestClient
from play import auth, new_game

from cuberail.cli.main import build_parser, main
from cuberail.server import limits
from cuberail.server.app import create_app
from cuberail.server.config import Settings
from cuberail.server.limits import Buckets, Rate


@pytest.fixture
def limited(sqlite_url: str) -> Iterator[TestClient]:
    app = create_app(Settings(sqlite_url, bot_time_limit=5.0, rate_limits=True))
    with TestClient(app) as c:
        yield c


def create(client: TestClient) -> int:
    return int(client.post("/api/games", json={"title": "chicago-express",
                                               "players": 3}).status_code)


def test_a_bucket_allows_its_burst_then_refills_at_its_rate() -> None:
    now = [100.0]
    buckets, rate, key = Buckets(lambda: now[0]), Rate(3, 60), ("chat", "address", "1.2.3.4")
    for _ in range(3):
        assert buckets.wait(key, rate) == 0
        buckets.take(key, rate)
    assert buckets.wait(key, rate) == pytest.approx(1.0)  # one a second
    now[0] += 0.5
    assert buckets.wait(key, rate) == pytest.approx(0.5)
    now[0] += 0.5
    assert buckets.wait(key, rate) == 0
    assert buckets.wait(("chat", "address", "5.6.7.8"), rate) == 0  # another address
    now[0] += 3600
    buckets.take(key, rate)
    assert buckets.wait(key, rate) == 0  # refilled to the burst, never past it
    buckets.take(key, rate)
    buckets.take(key, rate)
    assert buckets.wait(key, rate) > 0


def test_forgotten_keys_keep_the_memory_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(limits, "KEYS_MAX", 100)
    buckets, rate = Buckets(lambda: 0.0), Rate(1, 1)
    for i in range(1000):
        buckets.take(("x", "address", str(i)), rate)
    assert len(buckets._state) == 100
    assert buckets.wait(("x", "address", "999"), rate) > 0  # the newest are kept


def test_new_games_past_the_burst_answer_429_with_retry_after_and_the_reason(
        limited: TestClient) -> None:
    assert [create(limited) for _ in range(20)] == [201] * 20
    reply = limited.post("/api/games", json={"title": "chicago-express", "players": 3})
    assert reply.status_code == 429
    assert 1 <= int(reply.headers["Retry-After"]) <= 3
    assert "too many new games from this address" in reply.json()["detail"]
    imported = limited.post("/api/games/import", json={"record": {}})
    assert imported.status_code == 429  # the same bucket


def test_chat_is_limited_per_token_and_moves_are_not_limited(limited: TestClient) -> None:
    game = new_game(limited)
    chat = f"/api/games/{game['id']}/chat"
    one, two = auth(game["seats"][0]["token"]), auth(game["seats"][1]["token"])
    codes = [limited.post(chat, json={"text": f"hi {i}"}, headers=one).status_code
             for i in range(11)]
    assert codes == [200] * 10 + [429]
    refused = limited.post(chat, json={"text": "again"}, headers=one)
    assert "too many chat lines from this seat" in refused.json()["detail"]
    assert limited.post(chat, json={"text": "me too"}, headers=two).status_code == 200
    moves = [limited.post(f"/api/games/{game['id']}/actions", json={"action": "pass",
                                                                     "index": 99},
                          headers=one).status_code for _ in range(40)]
    assert set(moves) == {409}  # refused for its index, never for its rate


def test_without_the_setting_nothing_is_rate_limited(client: TestClient) -> None:
    assert {create(client) for _ in range(25)} == {201}


def test_serve_limits_writes_unless_told_not_to() -> None:
    parser = build_parser()
    assert parser.parse_args(["serve"]).no_rate_limits is False
    assert parser.parse_args(["serve", "--no-rate-limits"]).no_rate_limits is True


def _creates_behind_a_proxy(base: str, client: str, count: int) -> list[int]:
    """``count`` new games asked for by ``client``, as a reverse proxy on 127.0.0.1 names it."""
    with httpx.Client(base_url=base, headers={"X-Forwarded-For": client}) as http:
        return [http.post("/api/games", json={"title": "chicago-express", "players": 3}
                          ).status_code for _ in range(count)]


def test_behind_a_trusted_proxy_each_forwarded_client_has_its_own_limit(sqlite_url: str) -> None:
    # By default a proxy on this machine is trusted: the clients it names are told apart.
    with procs.server(sqlite_url) as base:
        assert _creates_behind_a_proxy(base, "203.0.113.7", 21) == [201] * 20 + [429]
        assert _creates_behind_a_proxy(base, "203.0.113.8", 1) == [201]  # another client


def test_an_untrusted_sender_cannot_choose_its_address_with_the_header(sqlite_url: str) -> None:
    # Trusting only another proxy, the header of a request from 127.0.0.1 is ignored.
    with procs.server(sqlite_url, extra=("--forwarded-allow-ips", "10.0.0.0/8")) as base:
        assert _creates_behind_a_proxy(base, "203.0.113.7", 20) == [201] * 20
        assert _creates_behind_a_proxy(base, "203.0.113.8", 1) == [429]  # the same sender


@pytest.mark.parametrize("value", ["not-an-address", "10.0.0.1,proxy.example", "300.1.1.1"])
def test_serve_refuses_a_trusted_proxy_that_is_not_an_address(
        value: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--forwarded-allow-ips", value]) == 2
    err = capsys.readouterr().err
    assert "--forwarded-allow-ips" in err and "is not an IP address or network" in err
    assert "Traceback" not in err
