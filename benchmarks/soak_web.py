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
# --thaw-every: the server with its thaw (cuberail.server.gcpause: unfreeze, full
# collection) every N freezes of 10 s at the latest instead of THAW_EVERY (360: an hour), to
# tell cyclic garbage waiting for the thaw from memory that is really kept. A diagnosis
# only.
THAW_LAUNCHER = """import sys
import cuberail.server.gcpause as g
g.keep_collections_short.__defaults__ = (g.FREEZE_EVERY, int(sys.argv.pop(1)), g.GROWTH)
from cuberail.cli.main import main
sys.exit(main(sys.argv[1:]))
"""
# --trace DIR: a diagnosis of where the memory goes. The server traces its allocations
# (tracemalloc, 8 frames) and every --sample seconds a thread of its own collects every
# generation with the frozen objects thawed, saving the cyclic garbage found
# (gc.DEBUG_SAVEALL), writes the garbage's types by count (garbage-N.json) and then a
# snapshot of what is still allocated (snapshot-N.tracemalloc): compare two with
# `python benchmarks/soak_web.py --compare DIR/snapshot-2.tracemalloc DIR/snapshot-9...`.
# Slow (tracing costs the server CPU and memory); it also collects the cycles that the
# server as shipped leaves for its periodic thaw.
TRACE_LAUNCHER = """import sys, threading, time, gc, json, tracemalloc, collections
folder, every = sys.argv.pop(1), float(sys.argv.pop(1))
tracemalloc.start(8)
def dump():
    n = 0
    while True:
        time.sleep(every)
        n += 1
        gc.set_debug(gc.DEBUG_SAVEALL)
        gc.unfreeze()
        found = gc.collect()
        kinds = collections.Counter(type(o).__module__ + "." + type(o).__qualname__
                                    for o in gc.garbage)
        gc.garbage.clear()
        gc.set_debug(0)
        gc.collect()
        with open(f"{folder}/garbage-{n}.json", "w") as out:
            json.dump({"t": n * every, "found": found, "kinds": kinds.most_common(60)}, out)
        tracemalloc.take_snapshot().dump(f"{folder}/snapshot-{n}.tracemalloc")
threading.Thread(target=dump, daemon=True).start()
from cuberail.cli.main import main
sys.exit(main(sys.argv[1:]))
"""
# --census DIR: a lighter diagnosis (no tracing): every --sample seconds the server writes
# census-N.json: the blocks Python has allocated (sys.getallocatedblocks), its objects by
# type (those the collector tracks, frozen ones included) and the sizes of its caches
# (answers, states and the actions they hold, replays and their entries, sockets), to
# tell a cache still filling from objects piling up.
CENSUS_LAUNCHER = """import sys, threading, time, gc, json, collections
import cuberail.server.app as app_module
folder, every = sys.argv.pop(1), float(sys.argv.pop(1))
servers = []
made = app_module.Server.__init__
def init(self, *args, **kwargs):
    made(self, *args, **kwargs)
    servers.append(self)
app_module.Server.__init__ = init
def sizes(server):
    service = server.service
    states = list(service._cache._values.values())
    replays = list(service._replays._values.values())
    return {"answers": len(server.answers), "answers_bytes": server.answers.used,
            "states": len(states), "replays": len(replays),
            "actions_in_states": sum(len(s.effective) for s in states),
            "entries_in_replays": sum(len(r.told) for r in replays),
            "games_with_sockets": len(server.connected),
            "hub_games": len(server.hub._subs)}
def census():
    n = 0
    while True:
        time.sleep(every)
        n += 1
        gc.unfreeze()  # (the server freezes its survivors: get_objects skips frozen ones)
        kinds = collections.Counter(f"{type(o).__module__}.{type(o).__qualname__}"
                                    for o in gc.get_objects())
        gc.freeze()
        out = {"t": n * every, "blocks": sys.getallocatedblocks(),
               "caches": [sizes(s) for s in servers], "kinds": kinds.most_common(40)}
        with open(f"{folder}/census-{n}.json", "w") as f:
            json.dump(out, f)
threading.Thread(target=census, daemon=True).start()
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
    """VmRSS and VmHWM (MB), and VmRSS in parts: RssAnon (the heap), RssFile (mapped
    files) and RssShmem (SQLite's WAL index); threads and open files (Linux /proc)."""
    out: dict[str, float] = {}
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            name, _, value = line.partition(":")
            if name in ("VmRSS", "VmHWM", "RssAnon", "RssFile", "RssShmem"):
                out[name] = int(value.split()[0]) / 1024
            elif name == "Threads":
                out[name] = int(value)
        out["fds"] = len(os.listdir(f"/proc/{pid}/fd"))
    except OSError:
        pass
    return out


def proc_pss(pid: int) -> float:
    """A process's proportional set size (MB): shared pages (a fork server's imports)
    counted once among the processes sharing them; 0 when unreadable."""
    try:
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
            if line.startswith("Pss:"):
                return int(line.split()[1]) / 1024
    except (OSError, ValueError, IndexError):
        pass
    return 0.0


def descendants(pid: int) -> list[int]:
    """The processes started by ``pid``, their children and so on (Linux /proc): the
    server's drawing workers (and their fork server), bot and analysis workers."""
    parents: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                ppid = int(Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            parents.setdefault(ppid, []).append(int(entry))
    found, todo = [], [pid]
    while todo:
        children = parents.get(todo.pop(), [])
        found.extend(children)
        todo.extend(children)
    return found


async def sampler(pid: int, tally: Tally, every: float, stop: asyncio.Event,
                  t0: float) -> None:
    cpu0 = cpu_seconds(pid)
    while True:
        workers = [proc_pss(child) for child in descendants(pid)]
        row = {"t": time.perf_counter() - t0, **proc_status(pid),
               "cpu": cpu_seconds(pid) - cpu0, "load": os.getloadavg()[0],
               "workers": len(workers), "workers_rss": sum(workers)}
        tally.samples.append(row)
        print(f"  t {row['t']:7.0f} s  RSS {row.get('VmRSS', 0):7.1f} MB  threads"
              f" {row.get('Threads', 0):3.0f}  fds {row.get('fds', 0):4.0f}  server CPU"
              f" {row['cpu']:7.1f} s  load {row['load']:.2f}  worker processes"
              f" {row['workers']:.0f}: PSS {row['workers_rss']:.1f} MB; server anon/file/shmem"
              f" {row.get('RssAnon', 0):.1f}/{row.get('RssFile', 0):.1f}"
              f"/{row.get('RssShmem', 0):.1f} MB", flush=True)
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


def compare(before: str, after: str, top: int = 25) -> int:
    """The allocations that grew most from one --trace snapshot to another, by traceback."""
    import tracemalloc

    old, new = (tracemalloc.Snapshot.load(path) for path in (before, after))
    print(f"total traced: {sum(s.size for s in old.statistics('filename')) / 2**20:.1f} MB"
          f" -> {sum(s.size for s in new.statistics('filename')) / 2**20:.1f} MB")
    for stat in new.compare_to(old, "traceback")[:top]:
        print(f"{stat.size_diff / 1024:+9.1f} KiB {stat.count_diff:+7d} blocks"
              f" (now {stat.size / 1024:.1f} KiB)")
        for line in stat.traceback.format(limit=4, most_recent_first=True):
            print("    " + line)
    return 0


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
                   " each) at the latest, instead of every hour")
    p.add_argument("--trace", metavar="DIR",
                   help="diagnosis: the server writes its cyclic garbage and tracemalloc"
                   " snapshots here every --sample seconds (see TRACE_LAUNCHER)")
    p.add_argument("--census", metavar="DIR",
                   help="diagnosis: the server writes its objects by type and its caches'"
                   " sizes here every --sample seconds (see CENSUS_LAUNCHER)")
    p.add_argument("--compare", nargs=2, metavar="SNAPSHOT",
                   help="print the 25 largest growths between two --trace snapshots; no soak")
    p.add_argument("--json", metavar="FILE", help="write the samples and counts here")
    args = p.parse_args(argv)
    if args.compare:
        return compare(*args.compare)
    if not 0 < args.minutes <= 24 * 60 or args.games < 1 or args.sample <= 0:
        p.error("--minutes must be in (0, 1440], --games >= 1, --sample > 0")
    extra = shlex.split(args.server_args)
    tmp = tempfile.mkdtemp(prefix="cuberail-soak-")
    log_path = Path(tmp) / "server.log"
    note = build_note()
    thaw = (f"; DIAGNOSIS: full collection every {args.thaw_every * 10} s at the latest,"
            " not every hour" if args.thaw_every else "")
    print(f"build: {note}; server options: {' '.join(extra) or '(defaults)'}{thaw}; load average"
          f" at the start {os.getloadavg()[0]:.2f}", flush=True)
    tally = Tally()
    with log_path.open("wb") as log:
        launcher: tuple[str, ...] = ("-m", "cuberail.cli.main")
        if args.thaw_every:
            launcher = ("-c", THAW_LAUNCHER, str(args.thaw_every))
        if args.census:
            Path(args.census).mkdir(parents=True, exist_ok=True)
            launcher = ("-c", CENSUS_LAUNCHER, str(Path(args.census).resolve()),
                        str(args.sample))
        if args.trace:
            Path(args.trace).mkdir(parents=True, exist_ok=True)
            launcher = ("-c", TRACE_LAUNCHER, str(Path(args.trace).resolve()), str(args.sample))
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
    both = [row.get("VmRSS", 0) + row.get("workers_rss", 0) for row in (first, last)]
    counts = f"{first.get('workers', 0):.0f} -> {last.get('workers', 0):.0f}"
    print(f"  with its worker processes ({counts}: drawings, bots; their PSS): {both[0]:.1f} MB"
          f" -> {both[1]:.1f} MB, ratio"
          f" {both[1] / max(1e-9, both[0]):.3f}")
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
