"""Requests naming game ids that do not exist leave nothing behind: the per-game write
locks exist only while a write holds them (memory stays flat under a flood of ids)."""

from __future__ import annotations

import asyncio
import random
import string
import threading
import time

import httpx

from cuberail.server.app import create_app
from cuberail.server.config import Settings
from cuberail.server.keyedlocks import KeyedLocks


def random_id(rng: random.Random) -> str:
    return "".join(rng.choice(string.ascii_letters + string.digits) for _ in range(11))


async def flood(client: httpx.AsyncClient, seed: int, count: int) -> list[int]:
    """``count`` writes to random game ids (moves, undos, seat changes): their codes."""
    rng = random.Random(seed)
    headers = {"Authorization": "Bearer nothing"}
    codes = []
    for i in range(count):
        game = f"/api/games/{random_id(rng)}"
        if i % 3 == 0:
            reply = await client.post(f"{game}/actions", json={"action": "pass", "index": 0},
                                      headers=headers)
        elif i % 3 == 1:
            reply = await client.post(f"{game}/undo", json={"index": 0}, headers=headers)
        else:
            reply = await client.post(f"{game}/seats/0", json={"bot": "easy"},
                                      headers=headers)
        codes.append(reply.status_code)
    return codes


def test_ten_thousand_unknown_game_ids_leave_no_locks(sqlite_url: str) -> None:
    app = create_app(Settings(sqlite_url))
    server = app.state.server

    async def scenario() -> list[int]:
        async with app.router.lifespan_context(app), httpx.AsyncClient(
                transport=httpx.ASGITransport(app=app), base_url="http://test") as client:
            answers = await asyncio.gather(*(flood(client, seed, 625) for seed in range(16)))
            assert len(server.service._locks) == 0
            return [code for codes in answers for code in codes]

    codes = asyncio.run(scenario())
    assert len(codes) == 10_000 and set(codes) == {404}
    assert len(server.service._cache) == 0
    assert not server.hub._subs and not server.connected


def test_a_key_has_one_holder_at_a_time_and_is_forgotten_after() -> None:
    locks, inside, most = KeyedLocks(), [0], [0]

    def write() -> None:
        for _ in range(200):
            with locks.hold("g"):
                inside[0] += 1
                most[0] = max(most[0], inside[0])
                time.sleep(0)
                inside[0] -= 1

    threads = [threading.Thread(target=write) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert most[0] == 1 and len(locks) == 0
    with locks.hold("a"), locks.hold("b"):  # other keys do not wait
        assert len(locks) == 2
    assert len(locks) == 0
