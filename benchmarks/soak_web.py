"""Soak of the game server: one process on SQLite for M minutes of mixed traffic.

    python benchmarks/soak_web.py --minutes 30          # the issue's soak
    python benchmarks/soak_web.py --minutes 0.2 --games 3 --sample 2 --stay 2   # smoke

A few dozen games (Chicago Express, three seats each, run by this process with a local
engine for the legal moves). Every ``interval`` seconds or so a game does one of: a
move by the seat on turn, an undo by the seat that made the last move (``POST
/undo`` with its token, while nobody else has moved since), a chat line, a board
drawing (``board.svg`` or ``state`` at a random earlier position, some in another
language), or a look at ``GET /api/games/{id}``; a finished game is replaced by a new
one. Every game also has its three seats' WebSockets (each says hello with its token)
and a spectator's, each staying a random while (about ``stay`` seconds) then leaving,
a third of them without a close handshake (the connection just dropped), and coming
back with ``?since=SEQ``. The server's resident memory (``VmRSS`` of /proc/PID/status),
threads and open files are sampled every ``sample`` seconds. At the end: the RSS at
``baseline`` minutes (5) and at the end and their ratio (the issue's target: within
10%), the requests by kind and status, the socket counts, and the lines the server
logged (a traceback there is a finding). Numbers, not a test; Linux (/proc).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import shlex
import shutil
import signal
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from load_web import Http, build_note, cpu_seconds, start_server, uvloop_run
from websockets.asyncio.client import connect
from websockets.exceptions import WebSocketException

from cuberail.games import get_game

TITLE = "chicago-express"
LANGS = (None, "en", "de", "it", "es", "ca")
# --thaw-every: the server with its hourly thaw (cuberail.server.gcpause: unfreeze, full
# collection) every N freezes of 10 s instead, to tell cyclic garbage waiting for the
# thaw from memory that is really kept. A diagnosis only: the server as shipped thaws
# hourly.
THAW_LAUNCHER = """import sys
import cuberail.server.gcpause as g
g.keep_collections_short.__defaults__ = (g.FREEZE_EVERY, int(sys.argv.pop(1)))
from cuberail.cli.main import main
sys.exit(main(sys.argv[1:]))
"""
NET_ERRORS = (OSError, asyncio.IncompleteReadError, asyncio.LimitOverrunError, ValueError,
              TimeoutError)


class Tally:
    def __init__(self) -> None:
        self.requests: Counter[tuple[str, str]] = Counter()  # (kind, status/error) -> n
        self.sockets: Counter[str] = Counter()
        self.games_made = 0
        self.games_finished = 0
        self.samples: list[dict[str, float]] = []


class Slot:
    """One table: the game in play there now (replaced when it ends), its seat tokens,
    the actions in force (texts) and the last log entry seen."""

    def __init__(self) -> None:
        self.id = ""
        self.tokens: list[str] = []
        self.actions: list[str] = []
        self.index = self.seq = 0
        self.last_seat: int | None = None  # the seat of the last move (its own undo)
        self.state: Any = None
        self.ready = asyncio.Event()

    def rebuild(self) -> None:
        """The local state from the actions in force (after an undo)."""
        state = get_game(TITLE).new_game(3)
        for text in self.actions:
            state.apply(next(a for a in state.legal_actions() if a.text() == text))
        self.state = state


async def call(http: Http, tally: Tally, kind: str, method: str, path: str,
               body: Any = None, token: str | None = None) -> tuple[int, bytes]:
    """One request, counted by kind and status (a network error counts by its type and
    answers status 0)."""
    try:
        status, payload = await http.request(method, path, body, token)
    except NET_ERRORS as exc:
        tally.requests[(kind, type(exc).__name__)] += 1
        await asyncio.sleep(0.5)
        return 0, b""
    tally.requests[(kind, str(status))] += 1
    return status, payload


async def new_game(http: Http, slot: Slot, tally: Tally, stop: asyncio.Event) -> bool:
    for _ in range(20):
        status, payload = await call(http, tally, "create", "POST", "/api/games",
                                     {"title": TITLE, "players": 3})
        if status == 201:
            made = json.loads(payload)
            slot.id, slot.tokens = made["id"], [s["token"] for s in made["seats"]]
            slot.actions, slot.index, slot.seq, slot.last_seat = [], 0, 0, None
            slot.state = get_game(TITLE).new_game(3)
            tally.games_made += 1
            slot.ready.set()
            return True
        if stop.is_set():
            return False
        await asyncio.sleep(1)
    return False


async def play(base: str, slot: Slot, tally: Tally, stop: asyncio.Event,
               rng: random.Random, interval: float) -> None:
    """One table's requests until ``stop``: mostly moves, some undos, chat, drawings."""
    http = Http(base)
    if not await new_game(http, slot, tally, stop):
        return
    lines = 0
    while not stop.is_set():
        try:
            await asyncio.wait_for(stop.wait(), rng.uniform(0.5, 1.5) * interval)
            break
        except TimeoutError:
            pass
        game = f"/api/games/{slot.id}"
        if slot.state.is_terminal():
            tally.games_finished += 1
            if not await new_game(http, slot, tally, stop):
                break
            continue
        roll = rng.random()
        if roll < 0.12 and slot.last_seat is not None:
            status, payload = await call(http, tally, "undo", "POST", game + "/undo",
                                         {"index": slot.index}, slot.tokens[slot.last_seat])
            if status == 200:
                reply = json.loads(payload)
                slot.actions.pop()
                slot.rebuild()
                slot.index, slot.seq = reply["index"], reply["seq"]
            slot.last_seat = None
        elif roll < 0.22:
            lines += 1
            seat = rng.randrange(3)
            await call(http, tally, "chat", "POST", game + "/chat",
                       {"text": f"soak line {lines} from seat {seat}"}, slot.tokens[seat])
        elif roll < 0.34:
            at = rng.randrange(slot.index + 1)
            lang = rng.choice(LANGS)
            path = f"{game}/board.svg?at={at}" + (f"&lang={lang}" if lang else "")
            await call(http, tally, "board.svg", "GET", path)
        elif roll < 0.40:
            at = rng.randrange(slot.index + 1)
            await call(http, tally, "state", "GET", f"{game}/state?at={at}")
        elif roll < 0.43:
            await call(http, tally, "view", "GET", game)
        else:
            action = rng.choice(slot.state.legal_actions())
            seat = slot.state.current_player()
            status, payload = await call(http, tally, "move", "POST", game + "/actions",
                                         {"action": action.text(), "index": slot.index},
                                         slot.tokens[seat])
            if status == 200:
                reply = json.loads(payload)
                slot.state.apply(action)
                slot.actions.append(action.text())
                slot.index, slot.seq, slot.last_seat = reply["index"], reply["seq"], seat
            elif status in (409, 404) and not await new_game(http, slot, tally, stop):
                break  # (409, 404: out of step with the server, a new table)
    http.close()


async def socket_loop(base: str, slot: Slot, seat: int | None, tally: Tally,
                      stop: asyncio.Event, rng: random.Random, stay: float) -> None:
    """A seat's (or a spectator's) socket: connect, stay a while, leave, come back."""
    await slot.ready.wait()
    while not stop.is_set():
        game, since = slot.id, slot.seq
        url = base.replace("http", "ws", 1) + f"/api/games/{game}/ws?since={since}"
        abrupt = rng.random() < 1 / 3
        try:
            async with asyncio.timeout(rng.uniform(0.5, 1.5) * stay):
                async with connect(url, max_size=2**22, compression=None,
                                   open_timeout=10, close_timeout=5) as ws:
                    tally.sockets["opened"] += 1
                    if seat is not None:
                        await ws.send(json.dumps({"type": "hello", "token": slot.tokens[seat]}))
                    await ws.send(json.dumps({"type": "ping"}))
                    try:
                        async for raw in ws:
                            tally.sockets["events " + json.loads(raw).get("type", "?")] += 1
                            if stop.is_set() or slot.id != game:
                                break
                    finally:
                        if abrupt:
                            ws.transport.abort()  # a dropped connection: no close frame
                            tally.sockets["dropped"] += 1
                        else:
                            tally.sockets["closed"] += 1
        except TimeoutError:
            pass  # its while was over (the normal way to leave)
        except (OSError, WebSocketException) as exc:
            tally.sockets["error " + type(exc).__name__] += 1
            await asyncio.sleep(1)
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), rng.uniform(0.1, 1.0))


def proc_status(pid: int) -> dict[str, float]:
    """VmRSS and VmHWM (MB), threads and open files of a process (Linux /proc)."""
    out: dict[str, float] = {}
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            name, _, value = line.partition(":")
            if name in ("VmRSS", "VmHWM"):
                out[name] = int(value.split()[0]) / 1024
            elif name == "Threads":
                out[name] = int(value)
        out["fds"] = len(os.listdir(f"/proc/{pid}/fd"))
    except OSError:
        pass
    return out


async def sampler(pid: int, tally: Tally, every: float, stop: asyncio.Event,
                  t0: float) -> None:
    cpu0 = cpu_seconds(pid)
    while True:
        row = {"t": time.perf_counter() - t0, **proc_status(pid),
               "cpu": cpu_seconds(pid) - cpu0, "load": os.getloadavg()[0]}
        tally.samples.append(row)
        print(f"  t {row['t']:7.0f} s  RSS {row.get('VmRSS', 0):7.1f} MB  threads"
              f" {row.get('Threads', 0):3.0f}  fds {row.get('fds', 0):4.0f}  server CPU"
              f" {row['cpu']:7.1f} s  load {row['load']:.2f}", flush=True)
        if stop.is_set():
            return
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), every)


async def soak(base: str, pid: int, args: argparse.Namespace, tally: Tally) -> None:
    stop = asyncio.Event()
    rng = random.Random(args.seed)
    slots = [Slot() for _ in range(args.games)]
    tasks = []
    for slot in slots:
        tasks.append(asyncio.create_task(play(base, slot, tally, stop,
                                              random.Random(rng.random()), args.interval)))
        for seat in (0, 1, 2, None):
            tasks.append(asyncio.create_task(socket_loop(
                base, slot, seat, tally, stop, random.Random(rng.random()), args.stay)))
    t0 = time.perf_counter()
    sampling = asyncio.create_task(sampler(pid, tally, args.sample, stop, t0))
    await asyncio.sleep(args.minutes * 60)
    stop.set()
    # every loop checks `stop` at least once a few seconds; then whatever is left goes
    _, pending = await asyncio.wait(tasks, timeout=20)
    for task in pending:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    # (a socket waiting for its next event may outlast the 20 s: cancelled, not a fault)
    tally.sockets["tasks cancelled at the end"] += len(pending)
    await sampling


def nearest(samples: list[dict[str, float]], t: float) -> dict[str, float]:
    return min(samples, key=lambda row: abs(row["t"] - t))


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--minutes", type=float, default=30.0)
    p.add_argument("--games", type=int, default=36, help="tables played at once")
    p.add_argument("--interval", type=float, default=1.0,
                   help="mean seconds between a table's requests")
    p.add_argument("--stay", type=float, default=20.0,
                   help="mean seconds a socket stays before it leaves and comes back")
    p.add_argument("--sample", type=float, default=30.0, help="seconds between RSS samples")
    p.add_argument("--baseline", type=float, default=5.0,
                   help="minutes: the RSS compared with the end's (at most half the run)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--server-args", default="", metavar="ARGS",
                   help="more options for `cuberail serve`, e.g. '--http httptools'")
    p.add_argument("--thaw-every", type=int, metavar="N",
                   help="diagnosis: the server thaws and fully collects every N freezes (10 s"
                   " each) instead of hourly")
    p.add_argument("--json", metavar="FILE", help="write the samples and counts here")
    args = p.parse_args(argv)
    if not 0 < args.minutes <= 24 * 60 or args.games < 1 or args.sample <= 0:
        p.error("--minutes must be in (0, 1440], --games >= 1, --sample > 0")
    extra = shlex.split(args.server_args)
    tmp = tempfile.mkdtemp(prefix="cuberail-soak-")
    log_path = Path(tmp) / "server.log"
    note = build_note()
    thaw = (f"; DIAGNOSIS: full collection every {args.thaw_every * 10} s, not hourly"
            if args.thaw_every else "")
    print(f"build: {note}; server options: {' '.join(extra) or '(defaults)'}{thaw}; load average"
          f" at the start {os.getloadavg()[0]:.2f}", flush=True)
    tally = Tally()
    with log_path.open("wb") as log:
        launcher: tuple[str, ...] = ("-m", "cuberail.cli.main")
        if args.thaw_every:
            launcher = ("-c", THAW_LAUNCHER, str(args.thaw_every))
        proc, base = start_server(f"sqlite:///{tmp}/soak.sqlite3", extra, stderr=log,
                                  launcher=launcher)
        try:
            uvloop_run(soak(base, proc.pid, args, tally))
        finally:
            proc.send_signal(signal.SIGTERM)
            try:
                code = proc.wait(timeout=30)
            except Exception:
                proc.kill()
                code = proc.wait(timeout=30)
    logged = log_path.read_text(errors="replace").splitlines()
    samples = tally.samples
    base_t = min(args.baseline * 60, args.minutes * 60 / 2)
    first, last = nearest(samples, base_t), samples[-1]
    ratio = last.get("VmRSS", 0) / max(1e-9, first.get("VmRSS", 0))
    peak = max(row.get("VmRSS", 0) for row in samples)
    print(f"SQLite, 1 process, {args.games} tables, {args.minutes:g} min; build: {note}")
    print(f"  server RSS: {first.get('VmRSS', 0):.1f} MB at {first['t']:.0f} s,"
          f" {last.get('VmRSS', 0):.1f} MB at the end ({last['t']:.0f} s): ratio {ratio:.3f}"
          f" (target <= 1.10); highest sample {peak:.1f} MB, VmHWM {last.get('VmHWM', 0):.1f}"
          f" MB; threads {first.get('Threads', 0):.0f} -> {last.get('Threads', 0):.0f},"
          f" open files {first.get('fds', 0):.0f} -> {last.get('fds', 0):.0f}")
    print(f"  games made {tally.games_made}, finished {tally.games_finished}; server CPU"
          f" {last['cpu']:.0f} s; load average at the end {last['load']:.2f}")
    by_status: Counter[str] = Counter()
    for (_, status), n in tally.requests.items():
        by_status[status] += n
    print("  requests: " + ", ".join(f"{kind} {status}: {n}"
                                      for (kind, status), n in sorted(tally.requests.items())))
    print("  by status: " + ", ".join(f"{s}: {n}" for s, n in sorted(by_status.items())))
    print("  sockets: " + ", ".join(f"{k}: {n}" for k, n in sorted(tally.sockets.items())))
    errors = [line for line in logged if "Traceback" in line or "ERROR" in line]
    # (-15: uvicorn raises the SIGTERM again after its graceful shutdown)
    print(f"  server exit code {code}; {len(logged)} lines logged, {len(errors)} with"
          f" Traceback/ERROR" + (f"; the log: {log_path}" if logged else ""))
    for line in logged[:20]:
        print("    | " + line)
    if args.json:
        Path(args.json).write_text(json.dumps({
            "build": note, "minutes": args.minutes, "games": args.games,
            "samples": samples, "ratio": ratio,
            "requests": {f"{k} {s}": n for (k, s), n in tally.requests.items()},
            "sockets": dict(tally.sockets), "log": logged[:200]}, indent=1))
    if not logged:
        shutil.rmtree(tmp, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
