"""Expensive reads (board drawings, replays at a position) on their own small pool.

A move runs on the event loop or in a database thread (:meth:`Server.run_short
<cuberail.server.runtime.Server.run_short>`); drawings and replays run here, in a few
threads of their own (each handing the drawing itself to a worker process of
:mod:`cuberail.server.drawers` when ``processes`` is on, so that it does not hold the
server's GIL), with a bounded number waiting: past it
the server answers 503 with ``Retry-After`` (:class:`Busy`) instead of queueing work
that would make every game wait. Finished answers are remembered in a bounded LRU
(:class:`Answers`) keyed by the position (see :func:`cuberail.server.boards.position_key`):
a position of a log never changes, so repeated requests cost a look-up.
"""

from __future__ import annotations

import asyncio
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any, TypeVar

from starlette.requests import Request
from starlette.responses import JSONResponse

from cuberail.server.drawers import Drawers, serving

T = TypeVar("T")
RETRY_AFTER = 2  # seconds a refused client is told to wait


class Busy(Exception):
    """The server is too busy for this request now: 503 with Retry-After and the reason."""

    def __init__(self, reason: str, retry_after: int = RETRY_AFTER) -> None:
        super().__init__(reason)
        self.reason = reason
        self.retry_after = retry_after


async def busy_refused(_request: Request, exc: Busy) -> JSONResponse:
    """The answer to :class:`Busy`: 503, ``Retry-After`` and the reason."""
    return JSONResponse({"detail": exc.reason}, 503,
                        headers={"Retry-After": str(exc.retry_after)})


class ExpensivePool:
    """``workers`` threads for expensive reads; at most ``queued`` more jobs wait.

    A job counts until it has finished (not until its request has gone): a client that
    sends a request and hangs up cannot pile up work behind the bound. With
    ``processes``, as many worker processes do the drawing itself (:func:`drawers.offload
    <cuberail.server.drawers.offload>` in a job), each thread waiting for its own.
    """

    def __init__(self, workers: int = 2, queued: int = 32, what: str = "boards",
                 processes: bool = False) -> None:
        self.workers = max(1, workers)
        self.executor = ThreadPoolExecutor(self.workers, "cuberail-draw")
        self.drawers = Drawers(self.workers) if processes else None
        self.room = self.workers + max(0, queued)
        self.what = what
        self._pending = 0
        self._lock = threading.Lock()

    @property
    def pending(self) -> int:
        """Jobs running or waiting."""
        return self._pending

    def _enter(self) -> None:
        with self._lock:
            if self._pending >= self.room:
                raise Busy(f"the server is busy drawing {self.what} ({self._pending} requests"
                           f" waiting): try again in {RETRY_AFTER} s")
            self._pending += 1

    def _leave(self, _future: Future[Any] | None = None) -> None:
        with self._lock:
            self._pending -= 1

    async def run(self, func: Callable[..., T], *args: Any) -> T:
        """``func(*args)`` in one of the pool's threads (:class:`Busy` when full)."""
        self._enter()
        try:
            future = self.executor.submit(self._call, func, *args)
        except RuntimeError:  # shut down
            self._leave()
            raise Busy("the server is stopping") from None
        future.add_done_callback(self._leave)
        try:
            return await asyncio.wrap_future(future)
        except asyncio.CancelledError:
            future.cancel()  # not started yet: it never runs (and leaves at once)
            raise

    def _call(self, func: Callable[..., T], *args: Any) -> T:
        with serving(self.drawers):
            return func(*args)

    def shutdown(self) -> None:
        self.executor.shutdown(wait=False, cancel_futures=True)
        if self.drawers is not None:
            self.drawers.shutdown()


class Answers:
    """A bounded LRU of finished answers (bytes): at most ``entries`` and ``size`` bytes."""

    def __init__(self, entries: int = 1024, size: int = 32 * 1024 * 1024) -> None:
        self.entries = entries
        self.size = size
        self.used = 0
        self.hits = 0
        self._items: OrderedDict[Hashable, bytes] = OrderedDict()
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._items)

    def get(self, key: Hashable) -> bytes | None:
        with self._lock:
            found = self._items.get(key)
            if found is not None:
                self._items.move_to_end(key)
                self.hits += 1
            return found

    def put(self, key: Hashable, value: bytes) -> None:
        if len(value) > self.size // 4:  # one answer never takes most of the room
            return
        with self._lock:
            old = self._items.pop(key, None)
            self.used -= len(old) if old is not None else 0
            self._items[key] = value
            self.used += len(value)
            while len(self._items) > self.entries or self.used > self.size:
                _, dropped = self._items.popitem(last=False)
                self.used -= len(dropped)
