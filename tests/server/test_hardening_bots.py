"""Bots cannot be starved by one client: the waiting games are served round-robin, a bot's
clock starts when its search starts, a search stops itself at the time limit, and the host
caps bot strength and bot seats per address."""

from __future__ import annotations

import asyncio
import logging
import threading
import time
from typing import Any

import pytest
from fastapi.testclient import TestClient
from play import auth, new_game, view

from cuberail.bots.mcts import MCTSBot
from cuberail.cli.main import main
from cuberail.core.actions import Action
from cuberail.core.state import GameState
from cuberail.games import get_game
from cuberail.server import bots
from cuberail.server.app import create_app
from cuberail.server.botqueue import FairSlots
from cuberail.server.config import Settings


def test_waiting_games_are_served_round_robin() -> None:
    async def scenario() -> list[str]:
        slots, served = FairSlots(1), []
        await slots.acquire("busy")  # one search running

        async def wait(game: str) -> None:
            await slots.acquire(game)
            served.append(game)

        waiters = [asyncio.ensure_future(wait("busy")) for _ in range(5)]
        await asyncio.sleep(0)
        waiters.append(asyncio.ensure_future(wait("other")))
        await asyncio.sleep(0)
        cancelled = asyncio.ensure_future(wait("gone"))
        await asyncio.sleep(0)
        cancelled.cancel()  # a game that stops waiting leaves its place
        await asyncio.sleep(0)
        assert slots.waiting == 6
        for _ in range(6):
            slots.release()
            await asyncio.sleep(0)
        await asyncio.gather(*waiters)
        slots.release()
        assert slots.free == 1 and slots.waiting == 0
        return served

    served = asyncio.run(scenario())
    assert served[:2] == ["busy", "other"]  # not behind all five of the busy game's turns
    assert served.count("busy") == 5 and "gone" not in served


def test_a_search_stops_itself_at_the_time_limit() -> None:
    """The runner's time limit caps the search's own time budget: it stops itself (not
    abandoned, still running), long before the 5000 iterations it was named with."""
    info = get_game("chicago-express")
    state = info.new_game(3, info.record_options(None, {}))
    while len(state.legal_actions()) == 1:
        state.apply(state.legal_actions()[0])
    bot = bots.searcher("mcts:5000", 1, 0.002)
    assert isinstance(bot, MCTSBot) and bot.config.seconds == 0.002
    assert bot.choose(state) in state.legal_actions()
    assert 0 < bot.last_iterations < 5000
    assert bots.searcher("mcts:5000", 1, None).config.seconds is None  # no limit: none set


def test_the_bot_clock_starts_when_its_search_starts(
        sqlite_url: str, monkeypatch: pytest.MonkeyPatch,
        caplog: pytest.LogCaptureFixture) -> None:
    """Six games' bots wait for one worker: each search takes 0.3 s of a 0.6 s limit;
    waiting in line does not count, so none falls back to a random move."""
    searches: list[float] = []

    def search(_bot: str, _seed: int, state: GameState, seconds: float | None) -> Action:
        assert seconds == 0.6
        searches.append(time.monotonic())
        time.sleep(0.3)
        return state.legal_actions()[-1]

    monkeypatch.setattr(bots, "choose", search)
    monkeypatch.setattr(bots, "GRACE_SECONDS", 0.0)
    app = create_app(Settings(sqlite_url, bot_time_limit=0.6, bot_workers=1))
    with caplog.at_level(logging.WARNING, "cuberail.server"), TestClient(app) as client:
        games = [new_game(client, bots={0: "hard", 1: "hard", 2: "hard"}) for _ in range(6)]
        deadline = time.monotonic() + 30
        while min(view(client, g["id"])["index"] for g in games) < 2:
            assert time.monotonic() < deadline
            time.sleep(0.05)
    assert "passed its time limit" not in caplog.text
    assert len(searches) >= 6  # (a decision with one legal action needs no search)


def test_a_search_that_ignores_its_limit_is_given_up_and_keeps_its_worker(
        sqlite_url: str, monkeypatch: pytest.MonkeyPatch,
        caplog: pytest.LogCaptureFixture) -> None:
    release, running = threading.Event(), []

    def stuck(_bot: str, _seed: int, state: GameState, _seconds: float | None) -> Action:
        running.append(1)
        release.wait(30)
        return state.legal_actions()[0]

    monkeypatch.setattr(bots, "choose", stuck)
    monkeypatch.setattr(bots, "GRACE_SECONDS", 0.0)
    app = create_app(Settings(sqlite_url, bot_time_limit=0.2, bot_workers=1))
    try:
        with caplog.at_level(logging.WARNING, "cuberail.server"), TestClient(app) as client:
            game = new_game(client, bots={0: "hard"})
            deadline = time.monotonic() + 10
            while view(client, game["id"])["index"] < 1:  # a random move instead
                assert time.monotonic() < deadline
                time.sleep(0.05)
            assert "passed its time limit" in caplog.text
            assert app.state.server.bots.slots.free == 0  # held until the search ends
            release.set()
            while app.state.server.bots.slots.free != 1:
                assert time.monotonic() < deadline
                time.sleep(0.05)
    finally:
        release.set()


@pytest.fixture
def capped(sqlite_url: str) -> Any:
    app = create_app(Settings(sqlite_url, bot_seats_per_address=4, bot_max_iterations=1000))
    with TestClient(app) as client:
        yield client


def test_a_bot_stronger_than_the_host_allows_is_refused(capped: TestClient) -> None:
    seats = [{"name": "A", "bot": "mcts:2000"}, {"name": "B"}, {"name": "C"}]
    reply = capped.post("/api/games", json={"title": "chicago-express", "players": 3,
                                            "seats": seats})
    assert reply.status_code == 422
    assert "at most mcts:1000" in reply.json()["detail"]
    new_game(capped, bots={0: "mcts:1000"})


def test_bot_seats_per_address_are_capped_until_games_end(capped: TestClient) -> None:
    first = new_game(capped, bots={1: "random", 2: "random"})
    new_game(capped, bots={1: "random", 2: "random"})
    reply = capped.post("/api/games", json={"title": "chicago-express", "players": 3,
                                            "seats": [{"name": "A"}, {"name": "B"},
                                                      {"name": "C", "bot": "random"}]})
    assert reply.status_code == 403
    assert "at most 4 bot seats" in reply.json()["detail"]
    human = new_game(capped)  # games without bots are not capped
    handover = capped.post(f"/api/games/{human['id']}/seats/1", json={"bot": "random"},
                           headers=auth(human["owner_token"]))
    assert handover.status_code == 403 and "at most 4 bot seats" in handover.text
    store = capped.app.state.server.store  # type: ignore[attr-defined]
    with store.write() as conn:
        store.set_over(conn, first["id"], True)
    handover = capped.post(f"/api/games/{human['id']}/seats/1", json={"bot": "random"},
                           headers=auth(human["owner_token"]))
    assert handover.status_code == 200, handover.text


@pytest.mark.parametrize(("args", "said"), [
    (["--bot-max-iterations", "0"], "--bot-max-iterations must be from 1 to 5000"),
    (["--bot-seats-per-address", "-1"], "--bot-seats-per-address must be from 0"),
])
def test_serve_checks_its_bot_caps(args: list[str], said: str,
                                   capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--database-url", "sqlite:///x.db", *args]) == 2
    assert said in capsys.readouterr().err
