"""``cuberail join`` at the full-screen table, against a real server on 127.0.0.1.

The server (uvicorn, SQLite) runs in a thread of the test; the table follows its
WebSocket, so the bots' moves arrive as they are made, this seat's moves are posted,
and a move against an old state (409) reads the game again.
"""

from __future__ import annotations

import asyncio
import socket
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from cuberail.cli.join import Invite, Remote
from cuberail.cli.remote import ServerLink, fetch_game
from cuberail.cli.table.app import Entry, TableApp
from cuberail.core.words import Said, Value, named
from cuberail.games.words import english
from cuberail.server.app import create_app
from cuberail.server.config import Settings


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """A real game server (uvicorn in a thread, SQLite in a file) that can be stopped and
    started again on the same port and database."""

    def __init__(self, db: Path) -> None:
        self.db, self.port = db, _free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.uvicorn: Any = None
        self.thread: threading.Thread | None = None

    def start(self) -> None:
        import uvicorn

        app = create_app(Settings(f"sqlite:///{self.db}", bot_time_limit=2.0))
        self.uvicorn = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=self.port,
                                                     log_level="warning"))
        self.thread = threading.Thread(target=self.uvicorn.run, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + 30
        while not self.uvicorn.started:
            assert self.thread.is_alive() and time.monotonic() < deadline, "no server"
            time.sleep(0.05)

    def stop(self) -> None:
        if self.thread is not None:
            self.uvicorn.should_exit = True
            self.thread.join(15)
            self.thread = None


@pytest.fixture
def served(tmp_path: Path) -> Iterator[Server]:
    server = Server(tmp_path / "server.sqlite3")
    server.start()
    yield server
    server.stop()


@pytest.fixture
def server(served: Server) -> str:
    """The base URL of a running server."""
    return served.base


def _new_game(http: httpx.Client, base: str) -> dict[str, Any]:
    """Chicago Express: Ann (human, seat 0) and two random bots on the server."""
    reply = http.post(f"{base}/api/games", json={
        "title": "chicago-express", "players": 3,
        "seats": [{"name": "Ann"}, {"name": "Bo", "bot": "random"},
                  {"name": "Cy", "bot": "random"}]})
    assert reply.status_code == 201, reply.text
    return dict(reply.json())


def _said(data: Any) -> Said:
    """The server's sentence data (``Said.to_json``) read back."""
    return Said(data["key"], {k: _value(v) for k, v in data["values"].items()})


def _value(v: Any) -> Value:
    if isinstance(v, dict):
        return _said(v)
    if isinstance(v, list):
        return tuple(_value(x) for x in v)
    return v  # type: ignore[no-any-return]


async def _until(pilot: Any, ok: Callable[[], bool], what: str, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while not ok():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        await pilot.pause(0.05)


def _moves_of(app: TableApp, seat: int) -> list[Entry]:
    return [e for e in app.log_entries if e.seat == seat and e.kind in ("move", "forced")]


async def _type(pilot: Any, text: str) -> None:
    await pilot.press(*text, "enter")


def test_a_human_seat_plays_live_against_the_servers_bots(server: str) -> None:
    with httpx.Client(timeout=30) as http:
        made = _new_game(http, server)
        game_id, token = made["id"], made["seats"][0]["token"]
        remote = Remote(Invite.parse(made["seats"][0]["invite_url"]), http)
        game = fetch_game(remote)
        link = ServerLink(remote, game)
        app = TableApp(game, link)

        def server_view() -> dict[str, Any]:
            return dict(http.get(f"{server}/api/games/{game_id}").json())

        async def run() -> None:
            async with app.run_test(size=(120, 40)) as pilot:
                await _until(pilot, lambda: bool(app.menu), "Ann's choices")
                assert "playing Ann's seat" in app.log_entries[0].text

                # Ann moves: the server accepts it, and the bots' moves appear as they come
                first = app.game.state.legal_actions()[0]
                await _type(pilot, first.text())
                await _until(pilot, lambda: bool(_moves_of(app, 1)), "a bot's move")
                log = http.get(f"{server}/api/games/{game_id}/actions").json()["entries"]
                assert (log[0]["seat"], log[0]["action"]) == (0, first.text())
                bo = next(e for e in log if e["seat"] == 1 and e["kind"] == "move")
                said = english(named(_said(bo["words"]), ["Ann", "Bo", "Cy"]))
                assert _moves_of(app, 1)[0].text.startswith(said)  # the server's sentence
                await _until(pilot, lambda: bool(app.menu), "Ann's turn again")
                assert len(game.record.actions) == server_view()["index"]

                # Ann also plays from another device while this table misses the news:
                # its next move is against an old state (409) and the table reads again
                app.workers.cancel_group(app, "follow")
                await pilot.pause(0.2)
                elsewhere = game.state.legal_actions()[-1]
                reply = http.post(f"{server}/api/games/{game_id}/actions",
                                  json={"action": elsewhere.text(),
                                        "index": len(game.record.actions)},
                                  headers={"Authorization": f"Bearer {token}"})
                assert reply.status_code == 200, reply.text
                before = len(game.record.actions)
                await _type(pilot, app.game.state.legal_actions()[0].text())
                await _until(pilot, lambda: len(game.record.actions) > before, "the resync")
                assert "came too late" in app.message
                assert game.record.actions[before].text() == elsewhere.text()
                await _until(pilot, lambda: server_view()["current_player"] == 0
                             and len(game.record.actions) == server_view()["index"]
                             and bool(app.menu), "the game followed again after the resync")

                # undo takes back Ann's move and the bots' answers after it (free undo),
                # and the table follows the server's undo events (the bots, seeded by the
                # position, may answer the same again at once)
                def undos() -> int:
                    log = http.get(f"{server}/api/games/{game_id}/actions?since=0").json()
                    return sum(e["kind"] == "undo" and e["seat"] == 0 for e in log["entries"])

                assert server_view()["undo_seat"] == 0
                await _type(pilot, "undo")
                await _until(pilot, lambda: undos() >= 2
                             and len(game.record.actions) == server_view()["index"],
                             "the undo's events (Ann's move and a bot's answer)")
        run_in_own_loop(run)


def test_a_lost_connection_says_so_and_the_table_follows_again(served: Server) -> None:
    with httpx.Client(timeout=30) as http:
        made = _new_game(http, served.base)
        remote = Remote(Invite.parse(made["seats"][0]["invite_url"]), http)
        game = fetch_game(remote)
        app = TableApp(game, ServerLink(remote, game))

        async def run() -> None:
            async with app.run_test(size=(80, 24)) as pilot:
                await _until(pilot, lambda: bool(app.menu), "Ann's choices")
                await asyncio.to_thread(served.stop)
                await _until(pilot, lambda: "reconnecting" in app.waiting, "the lost line")
                assert not app.menu  # no move while offline
                await _type(pilot, app.game.state.legal_actions()[0].text())
                assert app.message.startswith("wait: connection to the server lost")
                await asyncio.to_thread(served.start)
                await _until(pilot, lambda: "connection back" in app.message, "the return")
                await _until(pilot, lambda: bool(app.menu), "Ann's choices again")
                first = app.game.state.legal_actions()[0]
                await _type(pilot, first.text())  # the table follows the game again
                await _until(pilot, lambda: bool(_moves_of(app, 1)), "a bot's move")
                assert game.record.actions[0] == first
        run_in_own_loop(run)


def run_in_own_loop(make: Any) -> None:
    """``asyncio.run(make())`` in a thread of its own: a browser test earlier in this
    process (Playwright's sync API) may leave an event loop running in the main thread."""
    errors: list[BaseException] = []

    def target() -> None:
        try:
            asyncio.run(make())
        except BaseException as error:  # re-raised in the test's thread
            errors.append(error)

    thread = threading.Thread(target=target)
    thread.start()
    thread.join()
    if errors:
        raise errors[0]


class _Flow:
    """What :meth:`ServerLink.event` asks of the table, recorded."""

    def __init__(self) -> None:
        self.workers: list[str] = []
        self.said: list[str] = []

    def run_worker(self, work: Any, group: str = "", exclusive: bool = False) -> None:
        work.close()  # not run: only that a read-again was asked
        self.workers.append(group)

    def say(self, text: str) -> None:
        self.said.append(text)

    def advance(self) -> None:
        return None


def test_a_state_event_behind_the_table_reads_again_only_when_the_server_lost_entries(
        server: str) -> None:
    with httpx.Client(timeout=30) as http:
        made = _new_game(http, server)
        remote = Remote(Invite.parse(made["seats"][0]["invite_url"]), http)
        game = fetch_game(remote)
        link, flow = ServerLink(remote, game), _Flow()
        link.since, game.seq = 4, 6  # opened at 4; two answers to moves read since
        assert not link.event(flow, {"type": "state", "seq": 5})  # type: ignore[arg-type]
        assert flow.workers == []
        assert link.event(flow, {"type": "state", "seq": 3})  # type: ignore[arg-type]
        assert flow.workers == ["sync"]
