"""Game analysis over the API: the engine's view of a finished game, computed once, kept.

``GET /api/games/{id}/analysis`` refuses a game that is not over (409: no engine help
during a game). For a finished game the first request starts the analysis
(:func:`cuberail.bots.analysis.analyse`, the same as ``cuberail analyse``) in a worker
and answers 202 with its progress; once it is done every request answers 200 with the
stored result, and an ``analysis`` event goes to the game's WebSocket clients.

- **Off the event loop, capped.** Analyses run in their own small pool (worker
  processes under ``cuberail serve``, niced so that bot moves keep priority; threads in
  tests), at most ``workers`` at once; more wait in a queue of at most ``max_queued``
  (past it: 503).
- **Once.** The ``analyses`` row (its key is the game id) is inserted by whoever starts
  the work: of two requests at once, even in two processes, one inserts, the other reads.
- **Kept, resumed.** The result is stored in the database. The process doing the work
  refreshes ``updated`` every ``heartbeat`` seconds; a row left by a stopped server
  (released at shutdown) or silent for ``stale_after`` seconds (a killed one) is taken
  over by the next request, which starts the analysis again.
- **Failures answered.** An analysis that failed (a bug in a view or the search) is
  stored as failed; the next request with ``start`` tries it again, at most
  :data:`ATTEMPTS` times in all; past them the route answers the documented 422
  ``refusal.analysis_failed`` with the reason (never a bare 500).
- **Deterministic.** One search bot with the given seed judges the positions in order,
  so with an iteration budget the result is the same on every run and equals
  ``cuberail analyse RECORD --iterations N --seed S --json``.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import queue
import threading
from collections.abc import Callable
from concurrent.futures import Executor, Future, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from datetime import UTC, datetime
from multiprocessing import get_context
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse
from sqlalchemy.exc import IntegrityError

from cuberail.bots.analysis import Decision, analyse, analysis_bot, positions, swings
from cuberail.core.actions import Action
from cuberail.core.record import Record, start_state
from cuberail.core.state import GameState
from cuberail.core.words import Said
from cuberail.games import get_game, moves_module
from cuberail.server.bots import watch_parent
from cuberail.server.games import GameService, Loaded, Refused
from cuberail.server.history import move_words
from cuberail.server.schemas import GAME_ID, errors
from cuberail.server.storage import now
from cuberail.server.workers import end_pool

log = logging.getLogger("cuberail.server")
NICE = 10  # analysis workers yield the CPU to bot searches and the server itself
ATTEMPTS = 3  # tries of one game's analysis before a failure is its answer (422)
FLAG_NAMES = {"blunder": "blunders", "mistake": "mistakes", "inaccuracy": "inaccuracies"}
Publish = Callable[[str, dict[str, Any]], None]


@dataclass(frozen=True)
class AnalysisSettings:
    """The analysis budget and its limits (``cuberail serve --analysis-...``)."""

    seconds: float | None = 0.1  # search time per position (None: use ``iterations``)
    iterations: int | None = None  # search iterations per position (reproducible)
    seed: int = 1
    workers: int = 1  # analyses at once (0: analysis turned off)
    processes: bool = False  # worker processes (serve) or threads (tests)
    max_queued: int = 50  # analyses waiting for a worker
    heartbeat: float = 5.0  # seconds between signs of life of a running analysis
    stale_after: float = 30.0  # a running analysis silent this long is taken over

    def budget(self) -> dict[str, Any]:
        iterations = self.iterations
        return {"seconds": None if iterations is not None else self.seconds,
                "iterations": iterations, "seed": self.seed}


@dataclass(frozen=True)
class Job:
    """Everything a worker needs to analyse one game (picklable)."""

    game_id: str
    title: str
    rules_version: int
    options: dict[str, Any]
    players: list[str]
    actions: list[str]
    seconds: float | None
    iterations: int | None
    seed: int

    @property
    def total(self) -> int:
        """Positions to judge: before each action, and the last one."""
        return len(self.actions) + 1


class Stopped(Exception):
    """Raised in a worker thread's analysis when the server stops."""


@dataclass
class Progress:
    done: int
    total: int
    future: Future[dict[str, Any]] | None = field(default=None, repr=False)


# ----- the work itself (in a worker) --------------------------------------------------


def compute(job: Job, report: Callable[[int, int], None] | None = None) -> dict[str, Any]:
    """Analyse the game of ``job``: the answer of a done analysis, as stored."""
    record = Record(job.title, job.rules_version, dict(job.options), list(job.players),
                    [Action.from_text(a) for a in job.actions])
    start = start_state(record, get_game)
    decisions = analyse(start, record.actions, analysis_bot(job.seconds, job.iterations,
                                                            job.seed), report)
    states = list(positions(start, record.actions))
    describe = moves_module(job.title).describe_action
    entries = [{**d.to_json(), "label": _label(describe, states[d.index], d.action)}
               for d in decisions]
    return {"status": "done", "game": job.game_id, "title": job.title,
            "seats": list(job.players),
            "budget": {"seconds": job.seconds, "iterations": job.iterations, "seed": job.seed},
            "entries": entries, "summary": summary(decisions, len(job.players)),
            "sentences": [_sentences(job.title, states[d.index], d) for d in decisions]}


def _label(describe: Callable[[GameState, Action], object], state: GameState,
           action: Action) -> str:
    """The action in words, as the terminal game and ``cuberail analyse`` say it."""
    try:
        return str(describe(state, action))
    except Exception:  # a view bug must not lose an analysis
        return action.text()


def _sentences(title: str, state: GameState, d: Decision) -> dict[str, Any]:
    """The played and the best move as sentences (data), as the game's log words them:
    the page says them in its language, places by their names (not board-file ids).
    One per entry, in ``sentences`` beside ``entries`` (whose fields stay the bot's)."""
    out = {"words": move_words(title, state, d.action)}
    if d.best is not None:
        out["best_words"] = move_words(title, state, d.best)
    return out


def summary(decisions: list[Decision], players: int) -> dict[str, Any]:
    """Per seat: flagged moves by kind and the chance lost; the final chances; the
    costliest moves (indices, costliest first)."""
    seats = []
    for seat in range(players):
        mine = [d for d in decisions if d.seat == seat]
        counts = {plural: sum(1 for d in mine if d.flag == flag)
                  for flag, plural in FLAG_NAMES.items()}
        seats.append({"seat": seat, **counts, "loss": round(sum(d.loss for d in mine), 4)})
    final = [round(c, 4) for c in decisions[-1].after] if decisions else []
    return {"seats": seats, "final": final,
            "costliest": [d.index for d in swings(decisions)[:10]]}


_REPORTS: Any = None  # in a worker process: the queue its progress goes to


def _worker_start(parent: int, reports: Any) -> None:
    """A worker process: exit with the server, report through ``reports``, be nice."""
    global _REPORTS
    watch_parent(parent)
    _REPORTS = reports
    with contextlib.suppress(OSError):
        os.nice(NICE)


def _compute_in_worker(job: Job) -> dict[str, Any]:
    reports = _REPORTS
    return compute(job, lambda done, _total: reports.put((job.game_id, done)))


# ----- the service (in the server process) ------------------------------------------------


def _aware(when: datetime) -> datetime:
    return when if when.tzinfo is not None else when.replace(tzinfo=UTC)


class Analyses:
    """Starts, tracks, stores and serves the analyses of one server process."""

    def __init__(self, service: GameService, publish: Publish, origin: str,
                 settings: AnalysisSettings) -> None:
        self.service = service
        self.store = service.store
        self.publish = publish
        self.origin = origin
        self.settings = settings
        self.jobs: dict[str, Progress] = {}  # this process's analyses, running or queued
        self.started = 0  # analyses this process has started (for tests and logs)
        self._lock = threading.Lock()  # one look-up-and-claim at a time in this process
        self._pool: Executor | None = None
        self._reports: Any = None
        self._tasks: set[asyncio.Task[None]] = set()
        self._closed = False

    # ----- the request ------------------------------------------------------------------

    async def answer(self, game_id: str, start: bool = True) -> tuple[int, dict[str, Any]]:
        """The HTTP status and body for ``GET /api/games/{id}/analysis``."""
        found = await asyncio.to_thread(self.lookup, game_id, start)
        if isinstance(found, Job):
            self._launch(found)
            return 202, running(0, found.total)
        return (202 if found["status"] == "running" else 200), found

    def lookup(self, game_id: str, start: bool = True) -> dict[str, Any] | Job:
        """The stored or running analysis, or a Job this process has just claimed
        (``start`` False: ``{"status": "none"}`` instead of starting one)."""
        with self._lock:
            loaded = self._finished(game_id)
            row = self._row(game_id)
            if row is None and not start:
                return {"status": "none"}
            if row is None:
                self._check_room()
                if self._insert(loaded):
                    return self._claimed(loaded)
                row = self._row(game_id)  # another process inserted it first
                if row is None:
                    return running(0, loaded.snap.index + 1)
            return self._from_row(row, loaded, start)

    def _finished(self, game_id: str) -> Loaded:
        if self.settings.workers < 1:
            raise Refused(503, Said("refusal.analysis_off"))
        loaded = self.service.read(game_id)
        if not loaded.snap.state.is_terminal():
            raise Refused(409, Said("refusal.analysis_not_over"))
        return loaded

    def _check_room(self) -> None:
        if len(self.jobs) >= self.settings.workers + self.settings.max_queued:
            raise Refused(503, Said("refusal.analysis_queue_full", {"waiting": len(self.jobs)}))

    def _from_row(self, row: dict[str, Any], loaded: Loaded,
                  start: bool) -> dict[str, Any] | Job:
        if row["status"] == "done":
            return dict(json.loads(row["result"]))
        if row["status"] == "failed":
            return self._failed(row, loaded, start)
        local = self.jobs.get(row["game_id"])
        if local is not None:
            return running(local.done, local.total)
        alive = (now() - _aware(row["updated"])).total_seconds() < self.settings.stale_after
        if row["owner"] and row["owner"] != self.origin and alive:
            return running(row["done"], row["total"])  # another process works on it
        if not start:
            return {"status": "none"}  # left by a stopped server: not started again here
        self._check_room()
        if self._take_over(row):
            return self._claimed(loaded)
        return running(row["done"], row["total"])

    def _failed(self, row: dict[str, Any], loaded: Loaded, start: bool) -> dict[str, Any] | Job:
        """A failed analysis: tried again (``start``) until :data:`ATTEMPTS`, then 422."""
        error = str(row["result"] or "")[:500]
        if row["attempt"] >= ATTEMPTS:
            raise Refused(422, Said("refusal.analysis_failed", {"error": error}))
        if not start:
            return {"status": "none", "failed": error}
        self._check_room()
        if self._take_over(row, "failed"):
            return self._claimed(loaded)
        row = self._row(row["game_id"]) or row  # another request retried it first
        return running(int(row["done"]), int(row["total"]))

    def _claimed(self, loaded: Loaded) -> Job:
        game, cfg = loaded.game, self.settings
        budget = cfg.budget()
        job = Job(game.id, game.title, game.rules_version, dict(game.options),
                  [s.name for s in loaded.seats], [e.action for e in loaded.snap.effective],
                  budget["seconds"], budget["iterations"], cfg.seed)
        self.jobs[game.id] = Progress(0, job.total)
        self.started += 1
        return job

    # ----- the row ---------------------------------------------------------------------

    def _row(self, game_id: str) -> dict[str, Any] | None:
        with self.store.read() as conn:
            return self.store.analysis(conn, game_id)

    def _insert(self, loaded: Loaded) -> bool:
        """Claim the game's analysis; False when another request (any process) did first."""
        try:
            with self.store.write() as conn:
                self.store.add_analysis(conn, loaded.game.id, loaded.snap.index + 1,
                                        self.origin, json.dumps(self.settings.budget()))
        except IntegrityError:
            return False
        return True

    def _take_over(self, row: dict[str, Any], status: str = "running") -> bool:
        """Claim an analysis its owner left (stopped or silent) or that failed (to try it
        again); False if another request did first."""
        with self.store.write() as conn:
            return self.store.take_over_analysis(conn, row["game_id"], status,
                                                 row["attempt"], self.origin,
                                                 json.dumps(self.settings.budget()))

    def _finish(self, game_id: str, status: str, result: str) -> bool:
        """Store the outcome (and, on PostgreSQL, tell the other processes at commit)."""
        with self.store.write() as conn:
            done = self.store.finish_analysis(conn, game_id, status, result)
            if done and status == "done":
                self.service.notify(conn, game_id, [analysis_event(game_id)])
            return done

    def _release(self, game_id: str) -> None:
        """Give up an unfinished analysis: the next request starts it again."""
        with self.store.write() as conn:
            self.store.release_analysis(conn, game_id, self.origin)

    def _beat(self) -> None:
        """A sign of life (and the progress) of every analysis of this process."""
        jobs = list(self.jobs.items())
        if not jobs:
            return
        with self.store.write() as conn:
            for game_id, progress in jobs:
                self.store.beat_analysis(conn, game_id, self.origin, progress.done)

    # ----- running --------------------------------------------------------------------

    def _launch(self, job: Job) -> None:
        task = asyncio.get_running_loop().create_task(self._run(job))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _run(self, job: Job) -> None:
        try:
            result = await asyncio.wrap_future(self._submit(job))
            text = json.dumps(result, separators=(",", ":"))
            if await asyncio.to_thread(self._finish, job.game_id, "done", text):
                self.publish(job.game_id, analysis_event(job.game_id))
        except asyncio.CancelledError:
            raise
        except Stopped:
            return  # the server is stopping: the row was released for the next one
        except BrokenProcessPool:
            log.error("the analysis workers died; starting new ones")
            self._pool = None
            await asyncio.to_thread(self._release, job.game_id)
        except Exception as exc:  # a failed analysis must not take the server down
            log.exception("the analysis of game %s failed", job.game_id)
            await asyncio.to_thread(self._finish, job.game_id, "failed", str(exc)[:500])
        finally:
            self.jobs.pop(job.game_id, None)

    def _submit(self, job: Job) -> Future[dict[str, Any]]:
        pool = self._pool or self._new_pool()
        if self.settings.processes:
            future = pool.submit(_compute_in_worker, job)
        else:
            future = pool.submit(compute, job, self._reporter(job.game_id))
        progress = self.jobs.get(job.game_id)
        if progress is not None:
            progress.future = future
        return future

    def _reporter(self, game_id: str) -> Callable[[int, int], None]:
        def report(done: int, _total: int) -> None:
            if self._closed:  # a worker thread cannot be killed: it stops itself
                raise Stopped("the server stopped")
            progress = self.jobs.get(game_id)
            if progress is not None:
                progress.done = done
        return report

    def _new_pool(self) -> Executor:
        """Worker processes reporting progress through a queue, or threads (tests)."""
        workers = max(1, self.settings.workers)
        if not self.settings.processes:
            self._pool = ThreadPoolExecutor(workers, thread_name_prefix="cuberail-analysis")
            return self._pool
        context = get_context("spawn")
        if self._reports is None:
            self._reports = context.Queue()
            threading.Thread(target=self._read_reports, args=(self._reports,), daemon=True,
                             name="cuberail-analysis-progress").start()
        self._pool = ProcessPoolExecutor(workers, mp_context=context, initializer=_worker_start,
                                         initargs=(os.getpid(), self._reports))
        return self._pool

    def _read_reports(self, reports: Any) -> None:
        """The progress the worker processes send: (game id, positions done)."""
        while True:
            try:
                item = reports.get()
            except (EOFError, OSError, queue.Empty):
                return
            if item is None:
                return
            progress = self.jobs.get(item[0])
            if progress is not None:
                progress.done = int(item[1])

    # ----- start and stop -------------------------------------------------------------

    async def start(self) -> None:
        task = asyncio.get_running_loop().create_task(self._heartbeat())
        self._tasks.add(task)

    async def _heartbeat(self) -> None:
        while True:
            await asyncio.sleep(self.settings.heartbeat)
            try:
                await asyncio.to_thread(self._beat)
            except Exception as exc:  # the database is away for a moment: beat again later
                log.warning("analysis heartbeat failed: %s", exc)

    async def stop(self) -> None:
        """Cancel this process's analyses and release their rows to the next server."""
        unfinished = list(self.jobs)
        self._closed = True
        for task in list(self._tasks):
            task.cancel()
        for game_id in unfinished:
            with contextlib.suppress(Exception):
                await asyncio.to_thread(self._release, game_id)
        self.jobs.clear()
        if self._pool is not None:
            await asyncio.to_thread(end_pool, self._pool, final=True)
        if self._reports is not None:
            with contextlib.suppress(Exception):
                self._reports.put(None)


def running(done: int, total: int) -> dict[str, Any]:
    return {"status": "running", "done": done, "of": total}


def analysis_event(game_id: str) -> dict[str, Any]:
    return {"type": "analysis", "game": game_id, "status": "done"}


router = APIRouter()


@router.get("/api/games/{game_id}/analysis", responses={
    202: {"description": "started or running: `{status: running, done, of}`"},
    **errors(404, said={
        409: "the game is not over (no engine help during a game)",
        422: f"the engine failed to analyse this game ({ATTEMPTS} tries; `detail` says why),"
             " or a parameter that does not validate",
        503: "too many analyses are waiting, analysis is turned off, or the database is"
             " away for a moment"})},
    summary="the engine's analysis of a finished game: winning chances per action and the"
            " costly moves (202 while it runs, then 200)")
async def get_analysis(request: Request, game_id: str, start: bool = True) -> JSONResponse:
    """``start=false``: only look (``{"status": "none"}`` when no analysis was started, with
    ``failed``: the reason, when the last try failed and another may be started)."""
    if GAME_ID.fullmatch(game_id) is None:
        raise Refused(404, Said("refusal.no_such_game"))
    status, body = await request.app.state.server.analyses.answer(game_id, start)
    return JSONResponse(body, status)
