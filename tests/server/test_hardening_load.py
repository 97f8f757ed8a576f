"""Expensive reads (board drawings, replays at a position) cannot freeze the games: they
run on a pool of their own with a bounded queue (past it 503 + Retry-After), finished
answers are cached, and one address may only ask so many."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from fastapi.testclient import TestClient
from play import move, new_game, view

from cuberail.server import boards
from cuberail.server.app import create_app
from cuberail.server.config import Settings
from cuberail.server.pools import Answers, Busy, ExpensivePool


def until(check: Callable[[], bool], timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.01)


@pytest.fixture
def blocked(monkeypatch: pytest.MonkeyPatch) -> Iterator[threading.Event]:
    """Every board drawing waits for the event (set at the end of the test)."""
    release = threading.Event()

    def slow(_title: str, _state: Any, _lang: str) -> str:
        release.wait(30)
        return "<svg/>"

    monkeypatch.setattr(boards, "board_svg", slow)
    yield release
    release.set()


def test_moves_answer_while_the_drawing_pool_is_full_and_past_its_queue_is_503(
        sqlite_url: str, blocked: threading.Event) -> None:
    app = create_app(Settings(sqlite_url, draw_workers=2, draw_queue=2))
    with TestClient(app) as client, ThreadPoolExecutor(4) as threads:
        drawn, other = new_game(client), new_game(client)
        pool = app.state.server.expensive
        url = f"/api/games/{drawn['id']}/board.svg"
        waiting = [threads.submit(client.get, url, params={"at": 0, "lang": lang})
                   for lang in ("en", "it", "de", "es")]
        until(lambda: pool.pending == 4)  # two drawing, two queued
        refused = client.get(url, params={"at": 0})
        assert refused.status_code == 503
        assert int(refused.headers["Retry-After"]) >= 1
        assert "busy" in refused.json()["detail"]
        replay = client.get(f"/api/games/{other['id']}/state", params={"at": 0})
        assert replay.status_code == 503  # replays share the drawings' pool
        # ... while a move in another game (and reading it) completes at once:
        v = view(client, other["id"])
        reply = move(client, other, v["current_player"], v["legal"][0], v["index"])
        assert reply.status_code == 200, reply.text
        assert view(client, other["id"])["index"] == 1
        assert not any(f.done() for f in waiting)  # the drawings are still blocked
        blocked.set()
        assert [f.result(timeout=30).status_code for f in waiting] == [200] * 4
        assert pool.pending == 0
        assert client.get(url, params={"at": 0}).status_code == 200  # room again


def test_a_client_that_hangs_up_does_not_free_its_place_in_the_queue() -> None:
    """A job counts until it has run: hanging up cannot pile work behind the bound."""

    async def scenario() -> None:
        pool = ExpensivePool(1, 1)
        gate = threading.Event()
        first = asyncio.ensure_future(pool.run(gate.wait, 30))
        await asyncio.sleep(0.05)
        second = asyncio.ensure_future(pool.run(time.sleep, 0))
        await asyncio.sleep(0.05)
        assert pool.pending == 2
        with pytest.raises(Busy):
            await pool.run(time.sleep, 0)
        second.cancel()  # not started: it never runs, its place is free
        await asyncio.sleep(0.05)
        assert pool.pending == 1
        first.cancel()  # running: it keeps its place until it ends
        await asyncio.sleep(0.05)
        assert pool.pending == 1
        gate.set()
        until(lambda: pool.pending == 0)
        pool.shutdown()

    asyncio.run(scenario())


def test_repeated_drawings_and_replays_come_from_the_cache(client: TestClient) -> None:
    game = new_game(client)
    v = view(client, game["id"])
    assert move(client, game, v["current_player"], v["legal"][0], 0).status_code == 200
    answers = client.app.state.server.answers  # type: ignore[attr-defined]
    url = f"/api/games/{game['id']}"
    first = client.get(f"{url}/board.svg", params={"at": 0, "lang": "it"})
    again = client.get(f"{url}/board.svg", params={"at": 0, "lang": "it"})
    assert first.status_code == again.status_code == 200
    assert first.content == again.content and answers.hits == 1
    assert first.headers["content-type"].startswith("image/svg+xml")
    state = client.get(f"{url}/state", params={"at": 1}).json()
    assert state == client.get(f"{url}/state").json()  # the same position: cached once
    assert answers.hits == 2 and state["index"] == 1
    v = view(client, game["id"])
    assert move(client, game, v["current_player"], v["legal"][0], 1).status_code == 200
    now = client.get(f"{url}/state").json()
    assert now["index"] == 2 and now["state"] == view(client, game["id"])["state"]
    assert client.get(f"{url}/state", params={"at": 3}).status_code == 422


def test_the_answer_cache_is_bounded_by_entries_and_bytes() -> None:
    answers = Answers(entries=3, size=1000)
    for i in range(10):
        answers.put(i, b"x" * 100)
    assert len(answers) == 3 and answers.get(9) is not None and answers.get(0) is None
    for i in range(10, 20):
        answers.put(i, b"y" * 240)
    assert answers.used <= 1000
    answers.put("huge", b"z" * 600)  # over a quarter of the room: not kept
    assert answers.get("huge") is None


def test_one_address_may_only_ask_so_many_drawings(sqlite_url: str) -> None:
    app = create_app(Settings(sqlite_url, rate_limits=True))
    with TestClient(app) as client:
        game = new_game(client)
        url = f"/api/games/{game['id']}/state"
        codes: list[int] = []
        while 429 not in codes and len(codes) < 1000:  # (4 a second come back meanwhile)
            codes.append(client.get(url, params={"at": 0}).status_code)
        assert codes[:120] == [200] * 120 and codes[-1] == 429
        refused = client.get(f"/api/games/{game['id']}/board.svg")
        assert refused.status_code == 429 and "Retry-After" in refused.headers
        assert "board drawings" in refused.json()["detail"]
        assert client.get(f"/api/games/{game['id']}").status_code == 200  # not limited
