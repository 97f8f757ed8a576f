"""Ending a pool of worker processes (drawings, bot searches, analyses).

``shutdown(wait=False)`` alone leaves the pool's queues to the interpreter's exit, where
the multiprocessing resource tracker reports their semaphores as leaked, and a worker
stuck in a long search keeps running. ``end_pool`` kills the workers first (a stuck one
never ends otherwise) and, when the server is stopping, waits a moment for the pool's
manager thread to close its queues.
"""

from __future__ import annotations

import contextlib
import threading
from concurrent.futures import Executor, ProcessPoolExecutor

GRACE = 5.0  # seconds the final shutdown waits for a pool's manager thread


def end_pool(executor: Executor, *, final: bool = False) -> None:
    """Stop ``executor`` without waiting for its jobs, killing its worker processes.

    ``final``: the server is stopping, so wait up to ``GRACE`` seconds (in a helper thread,
    never indefinitely) for the pool to release its queues; otherwise return at once (a
    broken or timed-out pool being replaced while the server runs)."""
    processes = []
    if isinstance(executor, ProcessPoolExecutor):
        # (the executor's own table of its processes: Python 3.11 has no public way to
        # kill them, and shutdown alone waits for a stuck worker)
        processes = list((getattr(executor, "_processes", None) or {}).values())
    for process in processes:
        with contextlib.suppress(Exception):
            process.kill()
    if not final:
        executor.shutdown(wait=False, cancel_futures=True)
        return
    closer = threading.Thread(target=executor.shutdown,
                              kwargs={"wait": True, "cancel_futures": True},
                              daemon=True, name="cuberail-end-pool")
    closer.start()
    closer.join(GRACE)
