"""Keep Python's garbage collections short: full collections stalled every client at once.

Under load (500 games, 1,500 sockets) a full collection walked the whole heap for
about 300 ms, several times a minute, and every move waiting meanwhile took that long:
it was the p99. Here the survivors of the young generations are frozen every
``every`` seconds (``gc.freeze``: later collections skip them), so a full collection
only walks what arrived since. Frozen objects are still freed by reference counting
(game states form no cycles); only cycles among them wait for the thaw
(``gc.unfreeze`` and one full collection).

The thaw walks every object the server holds, and every coroutine waits meanwhile: 569
ms at 500 games (604,220 objects, 10 of them unreachable), so a one-minute window of
moves that held it had a p99 of 0.5 s. So it comes only when there may be more to free:
once the heap is half as big again as right after the last thaw (cycles piling up, or
the server holding more games), and at the latest every hour. Cyclic garbage is thus
bounded by half the live heap. (It was every five minutes for a cycle that every
WebSocket left, 2.5-3.5 MB a minute in the memory soak, ``benchmarks/soak_web.py``:
the protocols of :mod:`cuberail.server.protocols` leave none.)

The heap is measured by ``sys.getallocatedblocks()`` (a sum over the allocator's
arenas: 0.07 ms), not by ``gc.get_freeze_count()``, which walks the list of every
frozen object: at 500 games that stalled the event loop for 60 ms at every freeze.
Each thaw is logged with its pause (a warning past 100 ms).

Freezing was not enough: the requests in flight outlive two young collections, so
thousands of short-lived objects a second were promoted to the oldest generation, and
Python ran an automatic full collection every 4-5 s, walking the 40,000-130,000
objects that had arrived since the last freeze (25-110 ms of the event loop's CPU on
the shared test machine, and every one of them found nothing to free). So while this
runs, automatic full collections are off (``gc.set_threshold``'s third value made
unreachable); the young generations are still collected as usual, the periodic
young collection before each freeze catches young cycles, and the thaw collects the
rest. The thresholds are restored when it is cancelled.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import sys
import time

log = logging.getLogger("cuberail.server")

FREEZE_EVERY = 10.0  # seconds
THAW_EVERY = 360  # freezes (an hour): the thaw at the latest
GROWTH = 0.5  # ... or sooner, once the frozen objects are this much more than after the last
SLOW_PAUSE = 0.1  # seconds: a thaw this long is logged as a warning
NO_AUTOMATIC_FULL = 2**31 - 1  # young-collection count before a full one: never reached


async def keep_collections_short(every: float = FREEZE_EVERY, thaw: int = THAW_EVERY,
                                 growth: float = GROWTH) -> None:
    """Run for the server's life (cancel it at shutdown)."""
    young, middle, old = gc.get_threshold()
    gc.set_threshold(young, middle, NO_AUTOMATIC_FULL)
    since, after = 0, 0  # freezes since the last thaw; the heap's blocks after it
    try:
        while True:
            await asyncio.sleep(every)
            since += 1
            gc.collect(1)  # young garbage first, so that it is not frozen
            gc.freeze()
            if since >= thaw or sys.getallocatedblocks() > after * (1 + growth):
                thaw_and_collect()
                gc.freeze()
                since, after = 0, sys.getallocatedblocks()
    finally:
        gc.set_threshold(young, middle, old)


def thaw_and_collect() -> float:
    """Unfreeze and collect every generation; logs and returns the pause, in seconds
    (every coroutine of the server waits meanwhile)."""
    start = time.perf_counter()
    gc.unfreeze()
    freed = gc.collect()
    pause = time.perf_counter() - start
    log.log(logging.WARNING if pause >= SLOW_PAUSE else logging.INFO,
            "full garbage collection: the server paused %.0f ms (%d unreachable found,"
            " %d memory blocks in use)", pause * 1000, freed, sys.getallocatedblocks())
    return pause
