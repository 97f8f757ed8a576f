"""Load on the game server: N concurrent games of scripted clients over WebSockets.

    python benchmarks/load_web.py --games 500 --interval 2 --duration 60
    python benchmarks/load_web.py --games 500 --postgres URL            # PostgreSQL
    python benchmarks/load_web.py --games 500 --postgres URL --processes 2

Each game has three human seats, each a client holding the game's WebSocket. Every
``interval`` seconds (starts staggered) the seat on turn POSTs a random legal move
(its engine runs locally to know the legal moves). Reported: moves accepted per
second, the POST latency, and the latency from a move's POST being sent to its
broadcast reaching the *other* clients (p50/p99 over all of them). With two
processes, moves go to the first and sockets of the second seat to the other, so every
broadcast crosses PostgreSQL LISTEN/NOTIFY. The clients run in this one process (one
event loop, a raw keep-alive HTTP/1.1 connection per game, uncompressed sockets), on
the same machine as the server: the numbers include their cost, and the CPU of both
sides over the measured window is printed. Numbers, not a test.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import resource
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import connect

from cuberail.games import get_game

SRC = Path(__file__).resolve().parents[1] / "src"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(url: str) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    # (no rate limits: the setup creates all the games from one address at once)
    proc = subprocess.Popen([sys.executable, "-m", "cuberail.cli.main", "serve", "--port",
                             str(port), "--database-url", url, "--no-rate-limits"], env=env,
                            stdout=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    for _ in range(300):
        try:
            if httpx.get(base + "/api/titles", timeout=1).status_code == 200:
                return proc, base
        except httpx.HTTPError:
            time.sleep(0.1)
    proc.kill()
    raise SystemExit("the server did not start")


class Stats:
    def __init__(self) -> None:
        self.sent: dict[tuple[str, int], float] = {}
        self.post: list[float] = []
        self.broadcast: list[float] = []
        self.refused = 0
        self.errors = 0
        self.elapsed = 0.0
        self.client_cpu = 0.0  # this process (the clients), during the measured window
        self.server_cpu = 0.0  # the server processes, during the measured window


class Http:
    """A minimal keep-alive HTTP/1.1 client for the hot path (httpx costs the shared
    cores far more per request than the server does): one connection per game."""

    def __init__(self, base: str) -> None:
        host, _, port = base.removeprefix("http://").partition(":")
        self.host, self.port = host, int(port)
        self.streams: tuple[asyncio.StreamReader, asyncio.StreamWriter] | None = None

    async def post(self, path: str, body: dict[str, Any], token: str) -> tuple[int, Any]:
        if self.streams is None:
            self.streams = await asyncio.open_connection(self.host, self.port)
        reader, writer = self.streams
        data = json.dumps(body).encode()
        writer.write(f"POST {path} HTTP/1.1\r\nHost: {self.host}\r\nAuthorization: Bearer"
                     f" {token}\r\nContent-Type: application/json\r\nContent-Length:"
                     f" {len(data)}\r\n\r\n".encode() + data)
        try:
            head = await reader.readuntil(b"\r\n\r\n")
        except (asyncio.IncompleteReadError, ConnectionError):
            self.close()
            raise
        lines = head.decode("latin-1").split("\r\n")
        length = 0
        for line in lines[1:]:
            name, _, value = line.partition(":")
            if name.lower() == "content-length":
                length = int(value)
        return int(lines[0].split()[1]), json.loads(await reader.readexactly(length))

    def close(self) -> None:
        if self.streams is not None:
            self.streams[1].close()
            self.streams = None


async def watch(ws_url: str, stats: Stats) -> None:
    """One seat's socket: time every move event against its POST (cancelled at the end)."""
    async with connect(ws_url, max_size=2**22, compression=None) as ws:
        async for raw in ws:
            event = json.loads(raw)
            if event.get("type") == "move":
                sent = stats.sent.get((event["game"], event["seq"]))
                if sent is not None:
                    stats.broadcast.append(time.perf_counter() - sent)


async def drive(base: str, game: dict[str, Any], interval: float,
                stats: Stats, stop: asyncio.Event, rng: random.Random) -> None:
    """The game's seats take turns: a random legal move every `interval` seconds."""
    state = get_game("chicago-express").new_game(3)
    tokens = [s["token"] for s in game["seats"]]
    index = seq = 0
    http = Http(base)
    path = f"/api/games/{game['id']}/actions"
    await asyncio.sleep(rng.uniform(0, interval))
    while not stop.is_set() and not state.is_terminal():
        action = rng.choice(state.legal_actions())
        stats.sent[(game["id"], seq + 1)] = t0 = time.perf_counter()
        try:
            status, reply = await http.post(path, {"action": action.text(), "index": index},
                                            tokens[state.current_player()])
        except (OSError, asyncio.IncompleteReadError, ValueError):
            stats.errors += 1
            await asyncio.sleep(interval)
            continue
        stats.post.append(time.perf_counter() - t0)
        if status == 200:
            state.apply(action)
            index, seq = reply["index"], reply["seq"]
        else:
            stats.refused += 1
        await asyncio.sleep(interval)
    http.close()


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process so far (Linux /proc), 0 elsewhere."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000


def own_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


async def run(bases: list[str], pids: list[int], games: int, interval: float,
              duration: float) -> Stats:
    stats, stop = Stats(), asyncio.Event()
    async with httpx.AsyncClient(timeout=30) as http:  # setup only
        made = []
        for _ in range(games):
            reply = await http.post(f"{bases[0]}/api/games", json={
                "title": "chicago-express", "players": 3})
            made.append(reply.json())
    watchers = []
    for i, game in enumerate(made):
        for seat in range(3):
            base = bases[seat % len(bases)] if len(bases) > 1 else bases[0]
            url = base.replace("http", "ws", 1) + f"/api/games/{game['id']}/ws"
            watchers.append(asyncio.create_task(watch(url, stats)))
        if i % 50 == 49:
            await asyncio.sleep(0.2)  # let the sockets open
    await asyncio.sleep(2)
    rng = random.Random(1)
    drivers = [asyncio.create_task(drive(bases[0], g, interval, stats, stop,
                                         random.Random(rng.random()))) for g in made]
    start, client0 = time.perf_counter(), own_cpu()
    server0 = sum(cpu_seconds(pid) for pid in pids)
    await asyncio.sleep(duration)
    stop.set()
    stats.elapsed = time.perf_counter() - start
    stats.client_cpu = own_cpu() - client0
    stats.server_cpu = sum(cpu_seconds(pid) for pid in pids) - server0
    await asyncio.gather(*drivers, return_exceptions=True)
    for task in watchers:
        task.cancel()
    await asyncio.gather(*watchers, return_exceptions=True)
    return stats


def uvloop_run(coro: Any) -> Any:
    """The clients on uvloop when it is installed (cheaper per event), else asyncio."""
    try:
        import uvloop
    except ImportError:
        return asyncio.run(coro)
    return uvloop.run(coro)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--games", type=int, default=500)
    p.add_argument("--interval", type=float, default=2.0, help="seconds between moves per game")
    p.add_argument("--duration", type=float, default=60.0, help="seconds measured")
    p.add_argument("--postgres", metavar="URL", help="postgresql+psycopg://... (else SQLite)")
    p.add_argument("--processes", type=int, default=1, choices=[1, 2])
    args = p.parse_args(argv)
    tmp = tempfile.mkdtemp(prefix="cuberail-load-")
    url = args.postgres or f"sqlite:///{tmp}/load.sqlite3"
    servers = [start_server(url) for _ in range(args.processes)]
    try:
        stats = uvloop_run(run([b for _, b in servers], [p.pid for p, _ in servers],
                                args.games, args.interval, args.duration))
    finally:
        for proc, _ in servers:
            proc.send_signal(signal.SIGTERM)
            proc.wait(timeout=30)
        shutil.rmtree(tmp, ignore_errors=True)
    moves = len(stats.post) - stats.refused
    kind = "PostgreSQL" if args.postgres else "SQLite"
    print(f"{kind}, {args.processes} process(es), {args.games} games, a move every"
          f" {args.interval:g} s per game, {stats.elapsed:.0f} s")
    print(f"  moves accepted: {moves} ({moves / stats.elapsed:.1f}/s);"
          f" refused {stats.refused}, errors {stats.errors}")
    per_move = 1000 / max(1, moves)
    print(f"  server CPU: {stats.server_cpu:.1f} s in the measured window,"
          f" {stats.server_cpu * per_move:.2f} ms per accepted move;"
          f" clients' CPU: {stats.client_cpu:.1f} s, {stats.client_cpu * per_move:.2f} ms"
          f" per move; load average {os.getloadavg()[0]:.2f}")
    print(f"  POST latency ms: p50 {pct(stats.post, 0.5):.1f}, p99 {pct(stats.post, 0.99):.1f}")
    print(f"  POST -> broadcast at each client's socket, ms ({len(stats.broadcast)} deliveries):"
          f" p50 {pct(stats.broadcast, 0.5):.1f}, p99 {pct(stats.broadcast, 0.99):.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
