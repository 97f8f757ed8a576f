"""The running server (storage, game service, hub, bots, pools) and what every route
depends on: the server itself, a checked game id, the caller's token and address.

Routes take these as FastAPI dependencies (:data:`ServerDep`, :data:`GameId`,
:data:`Token`), so no route repeats the checks.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from collections import Counter
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Annotated, Any, TypeVar

from fastapi import Depends, Header, Request

from cuberail.core.words import Said
from cuberail.server import analysis, dbfaults
from cuberail.server.botquota import BotQuota
from cuberail.server.bots import BotRunner
from cuberail.server.broadcast import Hub, listen
from cuberail.server.config import Settings
from cuberail.server.games import GameService, Outcome, Refused
from cuberail.server.gcpause import keep_collections_short
from cuberail.server.keyedlocks import WouldWait
from cuberail.server.notify import Notifier
from cuberail.server.pools import Answers, ExpensivePool
from cuberail.server.schemas import GAME_ID
from cuberail.server.security import bearer_token
from cuberail.server.storage import Store

log = logging.getLogger("cuberail.server")
T = TypeVar("T")
THREADS_SQLITE = 2
THREADS_POSTGRES = 8


class Server:
    """The running parts: storage, game service, broadcast hub, bots, webhooks."""

    def __init__(self, settings: Settings,
                 analysis_settings: analysis.AnalysisSettings | None = None) -> None:
        self.settings = settings
        self.origin = secrets.token_hex(8)
        self.store = Store(settings.database_url, settings.sqlite_sync)
        self.service = GameService(self.store, self.origin)
        self.hub = Hub()
        self.notifier = Notifier(settings.allow_private_webhooks)
        self.bots = BotRunner(self.service, self.deliver, settings.bot_time_limit,
                              settings.bot_workers, settings.bot_processes)
        self.analyses = analysis.Analyses(self.service, self.hub.publish, self.origin,
                                          analysis_settings or analysis.AnalysisSettings())
        self.connected: dict[str, Counter[int]] = {}
        self._tasks: list[asyncio.Task[None]] = []
        # SQLite writers take turns anyway: a few threads keep the GIL from convoying
        # (many runnable threads handing it over every 5 ms cost the loop its latency).
        self.executor = ThreadPoolExecutor(THREADS_SQLITE if not self.store.is_postgres
                                           else THREADS_POSTGRES, "cuberail-db")
        # Drawings and replays: threads of their own (moves never wait behind them), a
        # bounded queue (past it 503) and a cache of finished answers.
        self.expensive = ExpensivePool(settings.drawing_workers, settings.draw_queue,
                                       processes=settings.draws_in_processes)
        self.answers = Answers()
        self.file_lock = dbfaults.file_lock(settings.database_url)
        self.quota = BotQuota(settings.bot_seats_per_address, settings.bot_max_iterations)

    async def start(self) -> None:
        for warning in dbfaults.startup_warnings(self.settings.database_url, self.file_lock):
            log.warning("cuberail: %s", warning)
        await asyncio.to_thread(self.store.migrate)
        if self.store.is_postgres:
            ready = asyncio.Event()
            self._tasks.append(asyncio.create_task(
                listen(self.settings.database_url, self.origin, self.hub, ready)))
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(ready.wait(), 10)
        await self.bots.resume()
        await self.analyses.start()
        self._tasks.append(asyncio.create_task(keep_collections_short()))

    async def stop(self) -> None:
        for task in self._tasks:
            task.cancel()
        await self.bots.close()
        await self.analyses.stop()
        await self.notifier.close()
        self.executor.shutdown(wait=False)
        self.expensive.shutdown()
        self.store.dispose()
        if self.file_lock is not None:
            self.file_lock.release()

    def deliver(self, game_id: str, outcome: Outcome) -> None:
        """After a commit: broadcast the events, call the webhooks, let the bots move."""
        for event in outcome.events:
            self.hub.publish(game_id, event)
        for url, message in outcome.hooks:
            self.notifier.send(url, message)
        if outcome.bot_due:
            self.bots.poke(game_id)

    async def run(self, func: Callable[..., T], *args: Any) -> T:
        """``func(*args)`` in a database thread (the event loop never waits on the database)."""
        return await asyncio.get_running_loop().run_in_executor(self.executor, func, *args)

    async def run_short(self, func: Callable[..., T], *args: Any) -> T:
        """A short job that takes ``wait`` (a move: ``func(*args, wait=False)``) on the event
        loop itself where the database answers at once (an SQLite file without an fsync
        per commit: :attr:`Store.answers_at_once`), else, or when a lock it needs is busy
        (:class:`WouldWait`), as :meth:`run`.

        Why: a move needs a fraction of a millisecond of work, but in a database thread
        it waits for the interpreter's lock (GIL) each time its thread hands it back for
        a statement, behind the event loop's work: that wait, not the database, was the
        load benchmark's move p99 (docs/speed.md).
        """
        if self.store.answers_at_once:
            try:
                return func(*args, wait=False)
            except WouldWait:
                pass
        return await self.run(func, *args)


def get_server(request: Request) -> Server:
    """The app's :class:`Server` (set by ``create_app``)."""
    server: Server = request.app.state.server
    return server


def game_id_ok(game_id: str) -> str:
    """``game_id`` when it has the shape of one; 404 (no such game) otherwise."""
    if GAME_ID.fullmatch(game_id) is None:
        raise Refused(404, Said("refusal.no_such_game"))
    return game_id


def bearer(
    authorization: Annotated[str | None, Header(alias="Authorization",
                                                description="Bearer TOKEN")] = None,
) -> str | None:
    """The Bearer token of the Authorization header (:func:`security.bearer_token`)."""
    return bearer_token(authorization)


def client_of(request: Request) -> str:
    """The client's address (a trusted proxy's X-Forwarded-For already applied)."""
    return request.client.host if request.client else "?"


def base_url(request: Request) -> str:
    """The server's public root (``public_url``, else the request's), without a final /."""
    return (get_server(request).settings.public_url or str(request.base_url)).rstrip("/")


def seat_url(root: str, game_id: str, seat: int, token: str) -> str:
    """A seat's invite link under the server's public root (:func:`base_url`): opened, it
    plays the seat (the token in the fragment, never sent to the server by a browser)."""
    return f"{root}/g/{game_id}#seat={seat}&token={token}"


# The dependencies themselves are coroutines: FastAPI runs a plain function dependency in
# a thread of its pool, so each of these four checks cost a move a thread hop (and the
# event loop a wake-up and the GIL handed over and back) for a few microseconds of work.


async def _server(request: Request) -> Server:
    return get_server(request)


async def _game_id(game_id: str) -> str:
    return game_id_ok(game_id)


async def _bearer(
    authorization: Annotated[str | None, Header(alias="Authorization",
                                                description="Bearer TOKEN")] = None,
) -> str | None:
    return bearer_token(authorization)


async def _client(request: Request) -> str:
    return client_of(request)


ServerDep = Annotated[Server, Depends(_server)]
GameId = Annotated[str, Depends(_game_id)]
Token = Annotated[str | None, Depends(_bearer)]
Client = Annotated[str, Depends(_client)]

__all__ = ["Client", "GameId", "Server", "ServerDep", "Token", "base_url", "bearer",
           "client_of", "game_id_ok", "get_server"]
