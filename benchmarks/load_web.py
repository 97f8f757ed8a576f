"""Load on the game server: N concurrent games of scripted clients over WebSockets.

    python benchmarks/load_web.py --games 500 --interval 2 --duration 60
    python benchmarks/load_web.py --games 500 --postgres URL            # PostgreSQL
    python benchmarks/load_web.py --games 500 --postgres URL --processes 2
    python benchmarks/load_web.py --games 500 --server-args "--http httptools"
    python benchmarks/load_web.py --games 500 --flood 20 --compare-flood
    python benchmarks/load_web.py --games 500 --warmup 90    # measure after 90 s of play

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

``--flood N`` adds N anonymous clients that, during the measured window, ask for
``board.svg?at=K`` and ``state?at=K`` of random games at random earlier positions as
fast as the answers come back (the server draws them in a small pool of its own and
answers 503 with Retry-After past its queue; every status is counted).
``--compare-flood`` measures three windows on the same server and games, ``--settle``
seconds apart (the games go on): without the flood, with it, without it again, and
prints the ratio of the move POST p99 with the flood to the p99 of each window without
and of both pooled (the target: at most 2x).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import resource
import shlex
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import IO, Any

import httpx
from websockets.asyncio.client import connect

from cuberail.games import get_game

START_WAIT = 180.0  # seconds a server may take to start (a busy host, a traced server)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def server_env() -> dict[str, str]:
    """The server's environment: ``PYTHONPATH`` names the folder of the cuberail this
    Python imports, so the server runs the same build as the clients. (It named the
    tree's ``src`` before: run from a checkout beside a compiled, non-editable install,
    the server ran the pure-Python source while the clients reported the compiled build.)"""
    import cuberail

    return {**os.environ, "PYTHONPATH": str(Path(cuberail.__file__).resolve().parents[1])}


def start_server(url: str, extra: Sequence[str] = (), stderr: IO[bytes] | None = None,
                 launcher: Sequence[str] = ("-m", "cuberail.cli.main"),
                 ) -> tuple[subprocess.Popen[bytes], str]:
    """`cuberail serve` on a free port of 127.0.0.1 (``extra``: more of its options, e.g.
    ``--http httptools``), with the Python running this script (``launcher``: what it
    runs, the `cuberail` command line unless told)."""
    port = free_port()
    env = server_env()
    # (no rate limits: the setup creates all the games from one address at once)
    proc = subprocess.Popen([sys.executable, *launcher, "serve", "--port",
                             str(port), "--database-url", url, "--no-rate-limits", *extra],
                            env=env, stdout=subprocess.DEVNULL, stderr=stderr)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + START_WAIT
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise SystemExit(f"the server exited with code {proc.returncode}")
        try:
            if httpx.get(base + "/api/titles", timeout=1).status_code == 200:
                return proc, base
        except httpx.HTTPError:
            time.sleep(0.1)
    proc.kill()
    raise SystemExit("the server did not start")


def build_note() -> str:
    """Which build of cuberail this Python loads (the server runs the same one)."""
    from cuberail import _compiled

    return str(_compiled.build_note())


class ServerLog:
    """The lines a server writes to stderr, each stamped (``time.perf_counter``) when read,
    and passed on to this process's stderr as they come."""

    def __init__(self, stream: IO[bytes]) -> None:
        self.lines: list[tuple[float, str]] = []
        self.thread = threading.Thread(target=self._read, args=(stream,), daemon=True)
        self.thread.start()

    def _read(self, stream: IO[bytes]) -> None:
        for raw in stream:
            line = raw.decode("utf-8", "replace").rstrip()
            self.lines.append((time.perf_counter(), line))
            print(line, file=sys.stderr, flush=True)

    def between(self, start: float, end: float) -> list[str]:
        return [line for at, line in list(self.lines) if start <= at <= end]


class Stats:
    def __init__(self, sent: dict[tuple[str, int], float] | None = None) -> None:
        self.sent: dict[tuple[str, int], float] = {} if sent is None else sent
        self.post: list[float] = []
        self.broadcast: list[float] = []
        self.refused = 0
        self.errors = 0
        self.elapsed = 0.0
        self.client_cpu = 0.0  # this process (the clients), during the measured window
        self.server_cpu = 0.0  # the server processes, during the measured window
        self.load = 0.0  # the 1-minute load average at the end of the window
        self.flood_clients = 0
        self.flood: Counter[tuple[str, str]] = Counter()  # (what, status or error) -> count
        self.flood_latency: list[float] = []
        self.started = 0.0  # the window's start (time.perf_counter)
        self.log: list[str] = []  # what the servers logged during the window


class Http:
    """A minimal keep-alive HTTP/1.1 client for the hot path (httpx costs the shared
    cores far more per request than the server does): one connection per game."""

    def __init__(self, base: str) -> None:
        host, _, port = base.removeprefix("http://").partition(":")
        self.host, self.port = host, int(port)
        self.streams: tuple[asyncio.StreamReader, asyncio.StreamWriter] | None = None
        self.retry_after: float | None = None  # the last answer's Retry-After, if any

    async def request(self, method: str, path: str, body: Any = None,
                      token: str | None = None) -> tuple[int, bytes]:
        """One request on the kept-alive connection (opened again when the server closed
        it): the status and the body (Content-Length framed; ValueError otherwise)."""
        if self.streams is None:
            self.streams = await asyncio.open_connection(self.host, self.port)
        reader, writer = self.streams
        head = f"{method} {path} HTTP/1.1\r\nHost: {self.host}\r\n"
        if token is not None:
            head += f"Authorization: Bearer {token}\r\n"
        data = b""
        if body is not None:
            data = json.dumps(body).encode()
            head += f"Content-Type: application/json\r\nContent-Length: {len(data)}\r\n"
        try:
            writer.write(head.encode() + b"\r\n" + data)
            raw = await reader.readuntil(b"\r\n\r\n")
            lines = raw.decode("latin-1").split("\r\n")
            length, close, self.retry_after = 0, False, None
            for line in lines[1:]:
                name, _, value = line.partition(":")
                name, value = name.strip().lower(), value.strip().lower()
                if name == "content-length":
                    length = int(value)
                elif name == "connection" and value == "close":
                    close = True
                elif name == "retry-after":
                    self.retry_after = float(value)
                elif name == "transfer-encoding":
                    raise ValueError(f"unexpected Transfer-Encoding: {value}")
            payload = await reader.readexactly(length)
        except (asyncio.IncompleteReadError, asyncio.LimitOverrunError, ConnectionError,
                ValueError):
            self.close()
            raise
        if close:
            self.close()
        return int(lines[0].split()[1]), payload

    async def post(self, path: str, body: dict[str, Any], token: str) -> tuple[int, Any]:
        status, payload = await self.request("POST", path, body, token)
        return status, json.loads(payload)

    def close(self) -> None:
        if self.streams is not None:
            self.streams[1].close()
            self.streams = None


async def watch(ws_url: str, box: list[Stats]) -> None:
    """One seat's socket: time every move event against its POST (cancelled at the end)."""
    async with connect(ws_url, max_size=2**22, compression=None) as ws:
        async for raw in ws:
            event = json.loads(raw)
            if event.get("type") == "move":
                stats = box[0]
                sent = stats.sent.get((event["game"], event["seq"]))
                if sent is not None:
                    stats.broadcast.append(time.perf_counter() - sent)


async def drive(base: str, game: dict[str, Any], interval: float, box: list[Stats],
                stop: asyncio.Event, rng: random.Random, progress: dict[str, int]) -> None:
    """The game's seats take turns: a random legal move every `interval` seconds."""
    state = get_game("chicago-express").new_game(3)
    tokens = [s["token"] for s in game["seats"]]
    index = seq = 0
    http = Http(base)
    path = f"/api/games/{game['id']}/actions"
    await asyncio.sleep(rng.uniform(0, interval))
    while not stop.is_set() and not state.is_terminal():
        action = rng.choice(state.legal_actions())
        box[0].sent[(game["id"], seq + 1)] = t0 = time.perf_counter()
        try:
            status, reply = await http.post(path, {"action": action.text(), "index": index},
                                            tokens[state.current_player()])
        except (OSError, asyncio.IncompleteReadError, ValueError):
            box[0].errors += 1
            await asyncio.sleep(interval)
            continue
        stats = box[0]
        stats.post.append(time.perf_counter() - t0)
        if status == 200:
            state.apply(action)
            index, seq = reply["index"], reply["seq"]
            progress[game["id"]] = index
        else:
            stats.refused += 1
        await asyncio.sleep(interval)
    http.close()


FLOOD_PATHS = ("board.svg", "state")


async def flood(base: str, progress: dict[str, int], stats: Stats, stop: asyncio.Event,
                rng: random.Random, obey: bool = False) -> None:
    """One anonymous client drawing boards and replaying positions of random games at
    random earlier positions, as fast as the answers come back (503s included; with
    ``obey``, it waits a 503's Retry-After first, at most 5 s)."""
    http = Http(base)
    ids = list(progress)
    while not stop.is_set():
        game = rng.choice(ids)
        at = rng.randrange(max(1, progress[game]))  # below the game's current length
        what = rng.choice(FLOOD_PATHS)
        t0 = time.perf_counter()
        try:
            status, _ = await http.request("GET", f"/api/games/{game}/{what}?at={at}")
        except (OSError, asyncio.IncompleteReadError, asyncio.LimitOverrunError,
                ValueError) as exc:
            stats.flood[(what, type(exc).__name__)] += 1
            await asyncio.sleep(0.05)  # (a refused connection must not spin)
            continue
        stats.flood_latency.append(time.perf_counter() - t0)
        stats.flood[(what, str(status))] += 1
        if obey and status == 503 and http.retry_after:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stop.wait(), min(5.0, http.retry_after))
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
              duration: float, phases: Sequence[int] = (0,),
              obey: bool = False, settle: float = 0.0, warmup: float = 0.0) -> list[Stats]:
    """Set up the games and their sockets, then measure one window of ``duration`` per
    phase, back to back while the games go on; a phase's number is its flood clients."""
    stop = asyncio.Event()
    async with httpx.AsyncClient(timeout=30) as http:  # setup only
        made = []
        for _ in range(games):
            reply = await http.post(f"{bases[0]}/api/games", json={
                "title": "chicago-express", "players": 3})
            made.append(reply.json())
    box = [Stats()]
    progress = {game["id"]: 0 for game in made}
    watchers = []
    for i, game in enumerate(made):
        for seat in range(3):
            base = bases[seat % len(bases)] if len(bases) > 1 else bases[0]
            url = base.replace("http", "ws", 1) + f"/api/games/{game['id']}/ws"
            watchers.append(asyncio.create_task(watch(url, box)))
        if i % 50 == 49:
            await asyncio.sleep(0.2)  # let the sockets open
    await asyncio.sleep(2)
    rng = random.Random(1)
    drivers = [asyncio.create_task(drive(bases[0], g, interval, box, stop,
                                         random.Random(rng.random()), progress))
               for g in made]
    if warmup > 0:  # the games go on, unmeasured: the server's heap and caches settle
        await asyncio.sleep(warmup)
        box[0] = Stats(box[0].sent)
    results = []
    for number, flooders in enumerate(phases):
        if number > 0 and settle > 0:  # the games go on, unmeasured: the backlog drains
            box[0] = Stats(box[0].sent)
            await asyncio.sleep(settle)
        stats = box[0] if number == 0 else Stats(box[0].sent)
        box[0] = stats
        stats.flood_clients = flooders
        done = asyncio.Event()
        floods = [asyncio.create_task(flood(bases[0], progress, stats, done,
                                            random.Random(rng.random()), obey))
                  for _ in range(flooders)]
        start, client0 = time.perf_counter(), own_cpu()
        stats.started = start
        server0 = sum(cpu_seconds(pid) for pid in pids)
        await asyncio.sleep(duration)
        done.set()
        stats.elapsed = time.perf_counter() - start
        stats.client_cpu = own_cpu() - client0
        stats.server_cpu = sum(cpu_seconds(pid) for pid in pids) - server0
        stats.load = os.getloadavg()[0]
        await asyncio.gather(*floods, return_exceptions=True)
        results.append(stats)
    stop.set()
    await asyncio.gather(*drivers, return_exceptions=True)
    for task in watchers:
        task.cancel()
    await asyncio.gather(*watchers, return_exceptions=True)
    return results


def uvloop_run(coro: Any) -> Any:
    """The clients on uvloop when it is installed (cheaper per event), else asyncio."""
    try:
        import uvloop
    except ImportError:
        return asyncio.run(coro)
    return uvloop.run(coro)


def report(stats: Stats, title: str) -> None:
    moves = len(stats.post) - stats.refused
    print(title)
    print(f"  moves accepted: {moves} ({moves / stats.elapsed:.1f}/s);"
          f" refused {stats.refused}, errors {stats.errors}")
    per_move = 1000 / max(1, moves)
    print(f"  server CPU: {stats.server_cpu:.1f} s in the measured window,"
          f" {stats.server_cpu * per_move:.2f} ms per accepted move;"
          f" clients' CPU: {stats.client_cpu:.1f} s, {stats.client_cpu * per_move:.2f} ms"
          f" per move; load average {stats.load:.2f}")
    print(f"  POST latency ms: p50 {pct(stats.post, 0.5):.1f}, p99 {pct(stats.post, 0.99):.1f}")
    for line in stats.log:  # a full collection's pause in the window is the p99's first suspect
        print(f"  the server logged in this window: {line}")
    print(f"  POST -> broadcast at each client's socket, ms ({len(stats.broadcast)} deliveries):"
          f" p50 {pct(stats.broadcast, 0.5):.1f}, p99 {pct(stats.broadcast, 0.99):.1f}")
    if stats.flood_clients:
        answered = len(stats.flood_latency)
        counts = ", ".join(f"{what} {status}: {n}"
                           for (what, status), n in sorted(stats.flood.items()))
        print(f"  flood, {stats.flood_clients} clients: {answered} answers"
              f" ({answered / stats.elapsed:.0f}/s), latency ms p50"
              f" {pct(stats.flood_latency, 0.5):.1f}, p99 {pct(stats.flood_latency, 0.99):.1f};"
              f" {counts}")


def compare_rounds(results: Sequence[Stats]) -> None:
    """Each flood window (odd index) against its two quiet neighbours pooled; the median."""
    ratios = []
    for i in range(1, len(results) - 1, 2):
        loud, quiet = results[i], results[i - 1].post + results[i + 1].post
        ratio = pct(loud.post, 0.99) / pct(quiet, 0.99)
        ratios.append(ratio)
        print(f"round {i // 2 + 1}: flood / no flood (windows {i} and {i + 2} pooled): move"
              f" POST p99 {pct(loud.post, 0.99):.1f} / {pct(quiet, 0.99):.1f} ms ="
              f" {ratio:.2f}x, p50 {pct(loud.post, 0.5) / pct(quiet, 0.5):.2f}x")
    print(f"flood / no flood, median of {len(ratios)} rounds: move POST p99"
          f" {statistics.median(ratios):.2f}x"
          " (target <= 2x)")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--games", type=int, default=500)
    p.add_argument("--interval", type=float, default=2.0, help="seconds between moves per game")
    p.add_argument("--duration", type=float, default=60.0, help="seconds measured (per phase)")
    p.add_argument("--postgres", metavar="URL", help="postgresql+psycopg://... (else SQLite)")
    p.add_argument("--processes", type=int, default=1, choices=[1, 2])
    p.add_argument("--server-args", default="", metavar="ARGS",
                   help="more options for `cuberail serve`, e.g. '--http httptools'")
    p.add_argument("--flood", type=int, default=0, metavar="N",
                   help="N more anonymous clients drawing boards (board.svg, state ?at=K of"
                   " random games) as fast as answered, during the measured window")
    p.add_argument("--compare-flood", action="store_true",
                   help="three windows back to back on the same server: without the flood,"
                   " with it, without again; the p99 ratio is from this one run")
    p.add_argument("--settle", type=float, default=10.0, metavar="S",
                   help="with --compare-flood: S unmeasured seconds between windows, for the"
                   " flood's backlog to drain")
    p.add_argument("--rounds", type=int, default=1, metavar="R",
                   help="with --compare-flood: R flood windows, each between two without"
                   " (2R+1 windows); each flood window's p99 is compared with its two"
                   " neighbours pooled and the median of the R ratios is printed (a noisy,"
                   " shared machine moves single windows)")
    p.add_argument("--warmup", type=float, default=0.0, metavar="S",
                   help="S unmeasured seconds of play before the first window (the server's"
                   " heap grows as the games are made: a full collection may come then)")
    p.add_argument("--flood-obey", action="store_true",
                   help="flood clients wait a 503's Retry-After before asking again")
    args = p.parse_args(argv)
    if args.compare_flood and args.flood < 1:
        p.error("--compare-flood needs --flood N")
    if args.rounds < 1 or (args.rounds > 1 and not args.compare_flood):
        p.error("--rounds needs --compare-flood and is at least 1")
    phases = [0] + [args.flood, 0] * args.rounds if args.compare_flood else [args.flood]
    extra = shlex.split(args.server_args)
    tmp = tempfile.mkdtemp(prefix="cuberail-load-")
    url = args.postgres or f"sqlite:///{tmp}/load.sqlite3"
    note = build_note()
    load0 = os.getloadavg()
    servers = [start_server(url, extra, subprocess.PIPE) for _ in range(args.processes)]
    logs = [ServerLog(proc.stderr) for proc, _ in servers if proc.stderr is not None]
    try:
        results = uvloop_run(run([b for _, b in servers], [p.pid for p, _ in servers],
                                 args.games, args.interval, args.duration, phases,
                                 args.flood_obey, args.settle, args.warmup))
    finally:
        for proc, _ in servers:
            proc.send_signal(signal.SIGTERM)
            proc.wait(timeout=30)
        shutil.rmtree(tmp, ignore_errors=True)
    for log in logs:
        log.thread.join(timeout=5)
    for stats in results:
        stats.log = [line for log in logs
                     for line in log.between(stats.started, stats.started + stats.elapsed)]
    kind = "PostgreSQL" if args.postgres else "SQLite"
    print(f"build: {note}; server options: {' '.join(extra) or '(defaults)'};"
          f" load average before the start {load0[0]:.2f} / {load0[1]:.2f} / {load0[2]:.2f}")
    for number, stats in enumerate(results):
        phase = (f"phase {number + 1} of {len(results)}, " if len(results) > 1 else "")
        flood_note = (f", flood of {stats.flood_clients} clients"
                      + (" (waiting Retry-After)" if args.flood_obey else "")
                      if stats.flood_clients else "")
        report(stats, f"{kind}, {args.processes} process(es), {args.games} games, a move every"
               f" {args.interval:g} s per game, {phase}{stats.elapsed:.0f} s{flood_note}")
    if args.compare_flood and args.rounds > 1:
        compare_rounds(results)
    elif args.compare_flood:
        loud = results[1]
        before, after = results[0], results[2]
        for name, post, sent in (
                ("phase 1", before.post, before.broadcast),
                ("phase 3", after.post, after.broadcast),
                ("phases 1 and 3 pooled", before.post + after.post,
                 before.broadcast + after.broadcast)):
            print(f"flood / no flood ({name}): move POST p99 {pct(loud.post, 0.99):.1f} /"
                  f" {pct(post, 0.99):.1f} ms = {pct(loud.post, 0.99) / pct(post, 0.99):.2f}x"
                  f" (target <= 2x), p50 {pct(loud.post, 0.5) / pct(post, 0.5):.2f}x;"
                  f" broadcast p99 {pct(loud.broadcast, 0.99):.1f} / {pct(sent, 0.99):.1f} ms ="
                  f" {pct(loud.broadcast, 0.99) / pct(sent, 0.99):.2f}x, p50"
                  f" {pct(loud.broadcast, 0.5) / pct(sent, 0.5):.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
