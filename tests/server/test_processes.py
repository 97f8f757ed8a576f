"""Real server processes: kill -9 in a busy game loses no accepted move and bots resume;
two processes on one PostgreSQL relay moves to each other's WebSocket clients."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import threading
import time
from pathlib import Path
from typing import Any

import httpx
import procs
import pytest
from pgcluster import free_port, new_database
from websockets.sync.client import connect


def create(base: str, seats: list[dict[str, Any]]) -> dict[str, Any]:
    reply = httpx.post(f"{base}/api/games", json={"title": "chicago-express",
                                                  "players": len(seats), "seats": seats})
    assert reply.status_code == 201, reply.text
    return dict(reply.json())


def seat_client(base: str, game: dict[str, Any], seat: int, accepted: dict[int, str],
                stop: threading.Event) -> None:
    """Play one human seat as fast as possible; note every accepted move (index -> action)."""
    rng, token = random.Random(seat), game["seats"][seat]["token"]
    with httpx.Client(timeout=5) as http:
        while not stop.is_set():
            try:
                v = http.get(f"{base}/api/games/{game['id']}").json()
                if v["over"]:
                    return
                if v["current_player"] != seat:
                    time.sleep(0.005)
                    continue
                action = rng.choice(v["legal"])
                reply = http.post(f"{base}/api/games/{game['id']}/actions",
                                  json={"action": action, "index": v["index"]},
                                  headers={"Authorization": f"Bearer {token}"})
                if reply.status_code == 200:
                    accepted[v["index"]] = action
            except (httpx.HTTPError, ValueError):
                time.sleep(0.05)  # the server is down (killed): keep trying until told to stop


def test_kill_9_in_a_busy_game_loses_no_accepted_move_and_bots_resume(tmp_path: Path) -> None:
    url, port = f"sqlite:///{tmp_path / 'db.sqlite3'}", free_port()
    proc, base = procs.start(url, port)
    try:
        game = create(base, [{}, {}, {}, {"bot": "random"}])
        bots = create(base, [{"bot": "random"}] * 4)
        accepted: dict[int, str] = {}
        stop = threading.Event()
        threads = [threading.Thread(target=seat_client, args=(base, game, s, accepted, stop))
                   for s in range(3)]
        for t in threads:
            t.start()
        deadline = time.monotonic() + 30
        while len(accepted) < 30 and time.monotonic() < deadline:
            time.sleep(0.02)
        procs.kill(proc)  # in the middle of the game, requests in flight
        killed_with = dict(accepted)
        _workers_exit(proc)
        stop.set()
        for t in threads:
            t.join(10)
        proc, base = procs.start(url, port)
        record = httpx.get(f"{base}/api/games/{game['id']}/record").json()
        assert len(killed_with) >= 10
        for index, action in killed_with.items():
            assert record["actions"][index] == action
        _bots_finish(base, bots["id"])
    finally:
        procs.kill(proc)


def _workers_exit(proc: subprocess.Popen[bytes]) -> None:
    """The killed server's bot worker processes exit by themselves (no orphans)."""
    deadline = time.monotonic() + 15
    while procs.workers_of(proc) and time.monotonic() < deadline:
        time.sleep(0.2)
    left = procs.workers_of(proc)
    for pid in left:
        os.kill(pid, signal.SIGKILL)
    assert not left


def _bots_finish(base: str, game_id: str) -> None:
    """The all-bot game continues after the restart, to its end."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if httpx.get(f"{base}/api/games/{game_id}").json()["over"]:
            return
        time.sleep(0.2)
    raise AssertionError("the bots did not resume after the restart")


def test_two_processes_on_one_postgresql_relay_moves_and_refuse_double_moves(
        pg_server: str) -> None:
    url = new_database(pg_server)
    with procs.server(url) as one, procs.server(url) as two:
        game = create(one, [{}, {}, {}])
        token = game["seats"][0]["token"]
        ws_url = two.replace("http", "ws", 1) + f"/api/games/{game['id']}/ws"
        with connect(ws_url, open_timeout=10) as ws:
            assert json.loads(ws.recv(timeout=10))["type"] == "state"
            reply = httpx.post(f"{one}/api/games/{game['id']}/actions",
                               json={"action": "bid 8", "index": 0},
                               headers={"Authorization": f"Bearer {token}"})
            assert reply.status_code == 200
            event = json.loads(ws.recv(timeout=10))
            assert (event["type"], event["seq"], event["action"]) == ("move", 1, "bid 8")
        codes = _race(one, two, game, game["seats"][1]["token"])
        assert sorted(codes) == [200, 409]
        assert httpx.get(f"{two}/api/games/{game['id']}").json()["index"] == 2


def _race(one: str, two: str, game: dict[str, Any], token: str) -> list[int]:
    """The same seat moves at the same index through both processes at once."""
    codes: list[int] = []
    barrier = threading.Barrier(2)

    def go(base: str, action: str) -> None:
        barrier.wait()
        reply = httpx.post(f"{base}/api/games/{game['id']}/actions",
                           json={"action": action, "index": 1},
                           headers={"Authorization": f"Bearer {token}"})
        codes.append(reply.status_code)

    threads = [threading.Thread(target=go, args=(one, "bid 9")),
               threading.Thread(target=go, args=(two, "pass"))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    return codes


@pytest.mark.parametrize("mode", ["socket", "poll"])
def test_bots_of_ours_play_a_server_game_through_join(tmp_path: Path, mode: str) -> None:
    from cuberail.cli.common import make_console
    from cuberail.cli.join import Invite, Remote, join_loop

    with procs.server(f"sqlite:///{tmp_path / 'db.sqlite3'}") as base:
        joined = 3 if mode == "socket" else 1  # the rest: the server's own bots
        game = create(base, [{}] * joined + [{"bot": "random"}] * (3 - joined))
        codes: list[int] = []
        sockets: list[bool] = []

        def play(seat: int) -> None:
            invite = Invite.parse(game["seats"][seat]["invite_url"])
            with httpx.Client(timeout=30) as http:
                remote = Remote(invite, http, use_socket=mode == "socket", poll_every=0.05)
                codes.append(join_loop(remote, None, make_console(), bot="random", wait=2))
                sockets.append(remote.use_socket)  # False if it fell back to polling
                remote.close()

        threads = [threading.Thread(target=play, args=(s,)) for s in range(joined)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(90)
        assert codes == [0] * joined
        assert sockets == [mode == "socket"] * joined  # the socket was used, never given up
        assert httpx.get(f"{base}/api/games/{game['id']}").json()["over"]
