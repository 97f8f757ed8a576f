"""Board drawings and replays in worker processes: the server's GIL stays with the moves.

A drawing (or a replay at an earlier position) is pure Python for tens of
milliseconds; in a thread of the server process it holds the GIL the event loop and
the move threads need, and under a flood of drawings every move waited its turn (the
move p99 rose 2.2-2.9x). Here the work runs in a few worker processes
(:class:`Drawers`, forked, below every ordinary process: :func:`yield_cpu`), which get
plain data (a title, its options and the actions up to the position, a language) and
send text back.

A worker that dies (killed, out of memory) breaks the pool: the request answers 503
(:class:`~cuberail.server.pools.Busy`) and the next one starts new workers. A job that
runs past ``timeout`` seconds (plus :data:`START` while new workers have answered
nothing yet) answers 503 too, and its workers are replaced: no request hangs on a
stuck worker.

The pool's threads find their workers through :func:`offload`: a thread of an
:class:`~cuberail.server.pools.ExpensivePool` with processes runs ``offload(func,
*args)`` in a worker; any other thread (tests, the thread-only pool) runs it at once.
"""

from __future__ import annotations

import contextlib
import logging
import os
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from concurrent.futures.process import BrokenProcessPool
from multiprocessing import get_context
from multiprocessing.context import BaseContext
from typing import Any, TypeVar

from cuberail.server.workers import end_pool

log = logging.getLogger("cuberail.server")
T = TypeVar("T")
NICE = 10  # drawing workers yield the CPU to the server process (its moves come first)
TIMEOUT = 30.0  # seconds one drawing may take before its workers are replaced
START = 120.0  # more seconds for the first job of new workers (spawning them, on a busy host)
_local = threading.local()  # .drawers: the Drawers of the pool this thread serves


PRELOAD = ["cuberail.server.boards"]  # imported once, by the fork server


def _context() -> BaseContext:
    """Workers forked from a fork server that has imported the drawing code: a new worker
    (after a crash) starts in milliseconds, and none inherits the server's threads."""
    context = get_context("forkserver")
    context.set_forkserver_preload(PRELOAD)
    return context


def _is_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _watch_server(server: int) -> None:
    """In a worker: exit when the server process is gone (even killed with kill -9). Its
    parent is the fork server, which only ends once every worker has ended."""
    def watch() -> None:
        while _is_alive(server):
            time.sleep(1.0)
        os._exit(0)

    threading.Thread(target=watch, daemon=True, name="cuberail-watch-server").start()


def _worker_start(server: int) -> None:
    """A drawing worker: exit with the server, run only on CPU the server leaves."""
    _watch_server(server)
    yield_cpu()


def yield_cpu() -> None:
    """Lower this process below every ordinary one: niced and, on Linux, ``SCHED_IDLE``.

    Niced alone, a drawing worker keeps a tenth of an ordinary process's weight, and a
    waking server thread is not always run before it (under a drawing flood on 2 cores
    the moves' p50 rose five- to eightfold). A ``SCHED_IDLE`` process runs only when no
    ordinary one is runnable, and a waking one preempts it at once; on a host that other
    programs keep busy, drawings wait (past the timeout: 503). Where the policy is not
    available (not Linux), the nice value stays."""
    with contextlib.suppress(OSError):
        os.nice(NICE)
    if hasattr(os, "sched_setscheduler") and hasattr(os, "SCHED_IDLE"):
        with contextlib.suppress(OSError):
            os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))


class Drawers:
    """``workers`` worker processes, started at the first job, replaced when broken."""

    def __init__(self, workers: int = 2, timeout: float = TIMEOUT) -> None:
        self.workers = max(1, workers)
        self.timeout = timeout
        self.restarts = 0  # pools replaced after a crash or a timeout (tests, logs)
        self._executor: ProcessPoolExecutor | None = None
        self._started = False  # the workers have answered once (spawned and imported)
        self._lock = threading.Lock()
        self._closed = False

    def call(self, func: Callable[..., T], *args: Any) -> T:
        """``func(*args)`` in a worker, waited for (from a pool thread, never the loop).
        ``func`` is a module's function and ``args`` plain data (both are pickled)."""
        from cuberail.server.pools import Busy

        executor = self._current()
        try:
            future = executor.submit(func, *args)
            answer = future.result(self.timeout + (0.0 if self._started else START))
        except BrokenProcessPool:
            log.error("a drawing worker died; starting new ones")
            self._replace(executor)
            raise Busy("a drawing worker stopped: try again") from None
        except FutureTimeout:
            log.error("a drawing took over %g s; replacing the drawing workers", self.timeout)
            self._replace(executor)
            raise Busy("the drawing took too long: try again") from None
        except RuntimeError:
            if executor is self._executor and not self._closed:
                raise  # the drawing's own error: as in a thread, the route's 500
            raise Busy("the server is stopping") from None  # shut down meanwhile
        self._started = True
        return answer

    def _current(self) -> ProcessPoolExecutor:
        from cuberail.server.pools import Busy

        with self._lock:
            if self._closed:
                raise Busy("the server is stopping")
            if self._executor is None:
                self._started = False
                self._executor = ProcessPoolExecutor(self.workers, mp_context=_context(),
                                                     initializer=_worker_start,
                                                     initargs=(os.getpid(),))
            return self._executor

    def _replace(self, broken: ProcessPoolExecutor) -> None:
        """Forget ``broken`` (once, whichever thread saw it first) and end its workers."""
        with self._lock:
            if self._executor is not broken:
                return
            self._executor = None
            self.restarts += 1
        end_pool(broken)

    def shutdown(self) -> None:
        with self._lock:
            self._closed = True
            executor, self._executor = self._executor, None
        if executor is not None:
            end_pool(executor, final=True)


@contextlib.contextmanager
def serving(drawers: Drawers | None) -> Iterator[None]:
    """While inside, :func:`offload` in this thread uses ``drawers`` (None: inline)."""
    before = getattr(_local, "drawers", None)
    _local.drawers = drawers
    try:
        yield
    finally:
        _local.drawers = before


def offload(func: Callable[..., T], *args: Any) -> T:
    """``func(*args)`` in a worker of the pool this thread serves, else right here."""
    drawers: Drawers | None = getattr(_local, "drawers", None)
    return func(*args) if drawers is None else drawers.call(func, *args)
