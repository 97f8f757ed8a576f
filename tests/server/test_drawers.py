"""Drawings and replays in worker processes (server.drawers): the same answers as drawn in
a thread, cached per position across later moves, and a crashed or stuck worker answers
503 instead of hanging, with new workers for the next request."""

from __future__ import annotations

import asyncio
import os
import time
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from play import move, new_game, view

from cuberail.server import boards, config
from cuberail.server.config import Settings, drawing_workers_for
from cuberail.server.drawers import NICE, Drawers, offload, serving
from cuberail.server.pools import Answers, Busy, ExpensivePool
from cuberail.server.runtime import Server


def crash() -> int:
    """In a worker: die as a killed process would."""
    os._exit(3)


def pid() -> int:
    return os.getpid()


def buggy() -> None:
    raise RuntimeError("a drawing bug")


@pytest.fixture(scope="module")
def drawers() -> Iterator[Drawers]:
    """Worker processes shared by this module's tests (spawning them takes a while)."""
    made = Drawers(1, timeout=20.0)
    yield made
    made.shutdown()


def test_offload_runs_in_a_worker_only_inside_serving(drawers: Drawers) -> None:
    assert offload(pid) == os.getpid()
    with serving(drawers):
        worker = offload(pid)
    assert worker != os.getpid() and offload(pid) == os.getpid()


def test_a_crashed_worker_answers_busy_and_new_workers_take_over(drawers: Drawers) -> None:
    before = drawers.restarts
    with serving(drawers), pytest.raises(Busy, match="stopped"):
        offload(crash)
    assert drawers.restarts == before + 1
    with serving(drawers):
        assert offload(pid) != os.getpid()  # a new pool, working


def test_a_drawing_that_fails_raises_its_own_error_not_busy(drawers: Drawers) -> None:
    before = drawers.restarts
    with serving(drawers), pytest.raises(RuntimeError, match="a drawing bug"):
        offload(buggy)
    assert drawers.restarts == before  # the workers are fine: kept


def test_a_stuck_worker_answers_busy_in_time_and_is_replaced(drawers: Drawers) -> None:
    before = drawers.restarts
    with serving(drawers):
        first = offload(pid)  # (workers started: spawning is not timed below)
        drawers.timeout = 0.5
        try:
            t0 = time.monotonic()
            with pytest.raises(Busy, match="too long"):
                offload(time.sleep, 30)
            assert time.monotonic() - t0 < 10
        finally:
            drawers.timeout = 20.0
        assert drawers.restarts == before + 1 and offload(pid) != first  # the stuck one went


def test_drawn_in_a_worker_equals_drawn_in_a_thread(client: TestClient) -> None:
    game = new_game(client)
    for _ in range(4):
        v = view(client, game["id"])
        made = move(client, game, v["current_player"], v["legal"][-1], v["index"])
        assert made.status_code == 200
    service = client.app.state.server.service  # type: ignore[attr-defined]
    threads = ExpensivePool(1, 1)
    processes = ExpensivePool(1, 1, processes=True)

    async def both(func: object, *args: object) -> tuple[bytes, bytes]:
        here = await threads.run(func, service, Answers(), game["id"], *args)  # type: ignore[arg-type]
        there = await processes.run(func, service, Answers(), game["id"], *args)  # type: ignore[arg-type]
        return here, there

    try:
        for at, lang in ((2, "de"), (None, "it"), (0, None)):
            here, there = asyncio.run(both(boards.cached_svg, at, lang))
            assert here == there and here.startswith(b"<svg")
            here, there = asyncio.run(both(boards.cached_state, at))
            assert here == there
    finally:
        threads.shutdown()
        processes.shutdown()


def bearer(game: dict[str, Any], seat: int) -> dict[str, str]:
    return {"Authorization": f"Bearer {game['seats'][seat]['token']}"}


def test_a_position_stays_cached_after_later_moves(client: TestClient) -> None:
    game = new_game(client)
    url = f"/api/games/{game['id']}"
    answers = client.app.state.server.answers  # type: ignore[attr-defined]
    v = view(client, game["id"])
    assert move(client, game, v["current_player"], v["legal"][0], 0).status_code == 200
    first = client.get(f"{url}/board.svg", params={"at": 1}).content
    assert first.startswith(b"<svg") and 0 < answers.used < len(first) / 4  # kept compressed
    v = view(client, game["id"])
    assert move(client, game, v["current_player"], v["legal"][0], 1).status_code == 200
    assert client.get(f"{url}/board.svg", params={"at": 1}).content == first
    assert answers.hits == 1  # the log grew: the same position, from the cache
    undone = client.post(f"{url}/undo", json={"index": 2},
                         headers=bearer(game, v["current_player"]))
    assert undone.status_code == 200, undone.text
    assert client.get(f"{url}/board.svg", params={"at": 1}).content == first
    assert answers.hits == 2  # the move after it taken back: position 1 is the same


def test_a_position_changed_by_an_undo_is_not_served_from_the_cache(
        client: TestClient) -> None:
    game = new_game(client)
    url = f"/api/games/{game['id']}"
    v = view(client, game["id"])
    seat, (one, other) = v["current_player"], v["legal"][:2]
    assert move(client, game, seat, one, 0).status_code == 200
    first = client.get(f"{url}/state", params={"at": 1}).json()
    undone = client.post(f"{url}/undo", json={"index": 1}, headers=bearer(game, seat))
    assert undone.status_code == 200, undone.text
    assert move(client, game, seat, other, 0).status_code == 200
    second = client.get(f"{url}/state", params={"at": 1}).json()
    assert second["state"] != first["state"]
    assert second == client.get(f"{url}/state").json()  # the position now, drawn afresh


def test_draw_processes_follow_bot_processes_unless_told(sqlite_url: str) -> None:
    assert not Settings(sqlite_url).draws_in_processes  # tests: threads
    assert Settings(sqlite_url, bot_processes=True).draws_in_processes  # serve
    assert not Settings(sqlite_url, bot_processes=True, draw_processes=False).draws_in_processes
    assert Settings(sqlite_url, draw_processes=True).draws_in_processes


def priority() -> tuple[int, int | None]:
    """In a worker: its nice value and its scheduling policy (None where not reported)."""
    policy = os.sched_getscheduler(0) if hasattr(os, "sched_getscheduler") else None
    return os.nice(0), policy


def test_workers_run_below_every_ordinary_process(drawers: Drawers) -> None:
    """A drawing worker only takes CPU the server leaves: niced and, on Linux, SCHED_IDLE
    (a waking server thread preempts it at once)."""
    with serving(drawers):
        nice, policy = offload(priority)
    assert nice >= min(19, os.nice(0) + NICE)
    if hasattr(os, "SCHED_IDLE"):
        assert policy == os.SCHED_IDLE
    assert priority()[1] != getattr(os, "SCHED_IDLE", -1)  # the server itself is untouched


@pytest.mark.parametrize(("cores", "workers"), [(1, 1), (2, 1), (3, 2), (4, 2), (64, 2)])
def test_one_drawing_at_a_time_on_up_to_two_cores(cores: int, workers: int) -> None:
    assert drawing_workers_for(cores) == workers


def test_the_server_sizes_its_drawing_pool_by_the_cores(
        sqlite_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    assert 1 <= config.usable_cores() <= (os.cpu_count() or 1)
    monkeypatch.setattr(config, "usable_cores", lambda: 2)
    assert Settings(sqlite_url).drawing_workers == 1
    assert Settings(sqlite_url, draw_workers=3).drawing_workers == 3  # told: as told
    for cores, workers in ((2, 1), (8, 2)):
        monkeypatch.setattr(config, "usable_cores", lambda cores=cores: cores)
        made = Server(Settings(sqlite_url))
        assert made.expensive.workers == workers
        made.expensive.shutdown()
        made.store.dispose()
