"""Seat webhooks: called on the seat's turn and at the end, and never a way into the server's
network (SSRF): only http(s) URLs without credentials whose host is and resolves to public
addresses, checked again at every call against the address connected to (DNS rebinding),
no redirects followed; `--allow-private-webhooks` opens LAN addresses."""

from __future__ import annotations

import asyncio
import json
import re
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, HTTPServer
from pathlib import Path
from typing import Any, ClassVar

import pytest
from fastapi.testclient import TestClient
from play import auth, move, new_game, view, wait_for

from cuberail.cli.main import build_parser
from cuberail.server.app import create_app
from cuberail.server.config import Settings
from cuberail.server.games import Refused
from cuberail.server.notify import Notifier, WebhookRefused, checked_addresses


class Hook(BaseHTTPRequestHandler):
    """A webhook receiver on 127.0.0.1: notes each body and Host header; /redirect answers
    307 to /hook."""

    bodies: ClassVar[list[dict[str, Any]]] = []
    hosts: ClassVar[list[str]] = []

    def do_POST(self) -> None:
        length = int(self.headers["Content-Length"])
        body = json.loads(self.rfile.read(length))
        if self.path == "/redirect":
            self.send_response(307)
            self.send_header("Location", "/hook")
            self.end_headers()
            return
        Hook.bodies.append(body)
        Hook.hosts.append(self.headers["Host"])
        self.send_response(204)
        self.end_headers()

    def log_message(self, *args: Any) -> None:
        pass


@pytest.fixture
def hook_url() -> Iterator[str]:
    Hook.bodies, Hook.hosts = [], []
    server = HTTPServer(("127.0.0.1", 0), Hook)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/hook"
    server.shutdown()


@pytest.fixture
def lan_client(sqlite_url: str) -> Iterator[TestClient]:
    """The app of a LAN server (webhooks may call private addresses, here the test's)."""
    app = create_app(Settings(sqlite_url, bot_time_limit=5.0, allow_private_webhooks=True))
    with TestClient(app) as c:
        yield c


def put_hook(client: TestClient, game: dict[str, Any], seat: int, url: str | None) -> Any:
    return client.put(f"/api/games/{game['id']}/seats/{seat}/webhook", json={"url": url},
                      headers=auth(game["seats"][seat]["token"]))


# ----- calls -----------------------------------------------------------------------------

def test_a_webhook_is_called_on_the_seats_turn_with_a_discord_and_slack_body(
        lan_client: TestClient, hook_url: str) -> None:
    client = lan_client
    game = new_game(client)
    url = f"/api/games/{game['id']}/seats/1/webhook"
    assert client.put(url, json={"url": "file:///etc/passwd"},
                      headers=auth(game["seats"][1]["token"])).status_code == 422
    assert client.put(url, json={"url": hook_url},
                      headers=auth(game["seats"][0]["token"])).status_code == 403
    assert client.put(url, json={"url": hook_url},
                      headers=auth(game["seats"][1]["token"])).status_code == 204
    move(client, game, 0, "bid 8", 0)
    wait_for(lambda: len(Hook.bodies) == 1)
    body = Hook.bodies[0]
    assert body["content"] == body["text"] and "your turn, P1" in body["text"]


def test_the_webhook_is_called_when_the_game_ends(lan_client: TestClient, hook_url: str) -> None:
    client = lan_client
    game = new_game(client, 3, bots={1: "random", 2: "random"})
    assert put_hook(client, game, 0, hook_url).status_code == 204
    client.post(f"/api/games/{game['id']}/seats/0", json={"bot": "random"},
                headers=auth(game["owner_token"]))  # everyone left: bots finish the game
    wait_for(lambda: view(client, game["id"])["over"], timeout=60)
    wait_for(lambda: any("is over" in b["text"] for b in Hook.bodies))
    ended = next(b for b in Hook.bodies if "is over" in b["text"])
    assert "won" in ended["content"]


# ----- refused URLs ------------------------------------------------------------------------

@pytest.mark.parametrize(("url", "reason"), [
    ("file:///etc/passwd", "http:// or https://"),
    ("gopher://example.com/x", "http:// or https://"),
    ("https://user:secret@example.com/hook", "user name or password"),
    ("https://user@example.com/hook", "user name or password"),
    ("http://127.0.0.1:8000/api/titles", "loopback"),
    ("http://[::1]/hook", "loopback"),
    ("http://localhost/hook", "loopback"),
    ("http://[::ffff:127.0.0.1]/hook", "loopback"),
    ("http://10.0.0.5/hook", "private"),
    ("http://192.168.1.1/hook", "private"),
    ("http://172.16.0.1/hook", "private"),
    ("http://[fd00::1]/hook", "private"),
    ("http://169.254.169.254/latest/meta-data/", "link-local"),
    ("http://[fe80::1]/hook", "link-local"),
    ("http://224.0.0.1/hook", "multicast"),
    ("http://0.0.0.0:8000/hook", "unspecified"),
    ("http://240.0.0.1/hook", "reserved"),
    ("http://100.64.0.1/hook", "non-public"),
])
def test_a_webhook_that_could_reach_the_servers_own_network_is_refused_with_its_reason(
        client: TestClient, url: str, reason: str) -> None:
    game = new_game(client)
    reply = put_hook(client, game, 1, url)
    assert reply.status_code == 422
    assert reason in json.dumps(reply.json()["detail"])
    assert view(client, game["id"])["players"][1]["webhook"] is False


def test_a_public_address_is_accepted_and_a_webhook_can_be_removed(client: TestClient) -> None:
    game = new_game(client)
    assert put_hook(client, game, 1, "https://93.184.216.34/hook").status_code == 204
    assert view(client, game["id"])["players"][1]["webhook"] is True
    assert put_hook(client, game, 1, None).status_code == 204
    assert view(client, game["id"])["players"][1]["webhook"] is False


def test_a_lan_server_accepts_private_addresses_but_still_refuses_other_schemes_and_credentials(
        lan_client: TestClient) -> None:
    game = new_game(lan_client)
    for url in ("http://127.0.0.1:9/hook", "http://192.168.1.20/hook",
                "http://169.254.169.254/x"):
        assert put_hook(lan_client, game, 1, url).status_code == 204
    assert put_hook(lan_client, game, 1, "ftp://192.168.1.20/x").status_code == 422
    assert put_hook(lan_client, game, 1, "http://a:b@192.168.1.20/x").status_code == 422


def resolver(table: dict[str, list[str]]) -> Any:
    async def lookup(host: str, _port: int) -> list[str]:
        if host not in table:
            raise OSError("no such host")
        return table[host]
    return lookup


def test_a_host_name_is_judged_by_every_address_it_resolves_to() -> None:
    lookup = resolver({"hooks.example": ["93.184.216.34"],
                       "sneaky.example": ["93.184.216.34", "10.1.2.3"]})

    async def scenario() -> None:
        assert [str(a) for a in await checked_addresses("https://hooks.example/x", False,
                                                         lookup)] == ["93.184.216.34"]
        with pytest.raises(WebhookRefused, match=re.escape("'sneaky.example' resolves to"
                                                           " 10.1.2.3, a private address")):
            await checked_addresses("https://sneaky.example/x", False, lookup)
        with pytest.raises(WebhookRefused, match="does not resolve"):
            await checked_addresses("https://nowhere.example/x", False, lookup)
        with pytest.raises(Refused, match="private address"):
            await Notifier(resolver=lookup).check("https://sneaky.example/x")
        await Notifier(allow_private=True, resolver=lookup).check("https://sneaky.example/x")

    asyncio.run(scenario())


# ----- at call time ------------------------------------------------------------------------

def test_a_name_that_resolves_to_a_private_address_by_call_time_is_not_called(
        hook_url: str) -> None:
    """DNS rebinding: public when registered, the server's own address when called."""
    port = hook_url.rsplit(":", 1)[1].split("/")[0]
    table = {"rebind.example": ["93.184.216.34"]}
    url = f"http://rebind.example:{port}/hook"

    async def scenario() -> Notifier:
        notifier = Notifier(resolver=resolver(table))
        await notifier.check(url)  # accepted: public
        table["rebind.example"] = ["127.0.0.1"]
        notifier.send(url, "your turn")
        await notifier.close()
        return notifier

    notifier = asyncio.run(scenario())
    assert (notifier.refused, notifier.sent, Hook.bodies) == (1, 0, [])


def test_the_call_goes_to_the_checked_address_with_the_urls_own_host_name(
        hook_url: str) -> None:
    port = hook_url.rsplit(":", 1)[1].split("/")[0]
    url = f"http://hooks.lan:{port}/hook"

    async def scenario() -> Notifier:
        notifier = Notifier(allow_private=True, resolver=resolver({"hooks.lan": ["127.0.0.1"]}))
        notifier.send(url, "your turn")
        await notifier.close()
        return notifier

    notifier = asyncio.run(scenario())
    assert notifier.sent == 1 and Hook.hosts == [f"hooks.lan:{port}"]
    assert Hook.bodies == [{"content": "your turn", "text": "your turn",
                            "allowed_mentions": {"parse": []}}]


def test_a_redirect_answer_is_not_followed(hook_url: str) -> None:
    async def scenario() -> Notifier:
        notifier = Notifier(allow_private=True)
        notifier.send(hook_url.replace("/hook", "/redirect"), "your turn")
        await notifier.close()
        return notifier

    notifier = asyncio.run(scenario())
    assert notifier.sent == 1 and Hook.bodies == []  # the 307 to /hook was not followed


# ----- the option --------------------------------------------------------------------------

def test_private_webhooks_are_off_unless_the_server_is_started_with_the_option(
        tmp_path: Path) -> None:
    parser = build_parser()
    assert parser.parse_args(["serve"]).allow_private_webhooks is False
    assert parser.parse_args(["serve", "--allow-private-webhooks"]).allow_private_webhooks
    assert Settings(f"sqlite:///{tmp_path / 'x.sqlite3'}").allow_private_webhooks is False
