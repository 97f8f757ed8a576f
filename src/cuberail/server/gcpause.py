"""Keep Python's garbage collections short: full collections stalled every client at once.

Under load (500 games, 1,500 sockets) a full collection walked the whole heap for
about 300 ms, several times a minute, and every move waiting meanwhile took that long:
it was the p99. Here the survivors of the young generations are frozen every
``every`` seconds (``gc.freeze``: later collections skip them), so a full collection
only walks what arrived since. Frozen objects are still freed by reference counting
(game states form no cycles); only cycles among them wait, until the thaw every five
minutes (``gc.unfreeze`` and one full collection), so nothing leaks for longer than that.

The thaw was hourly at first, and the memory soak (``benchmarks/soak_web.py``) grew
2.5-3.5 MB a minute: every WebSocket connection leaves a cycle when it closes (the
websockets library's protocol object and its parser generator hold each other), a
connection lives longer than a freeze interval, so its cycle was frozen and waited for
the thaw (a census of the soak's server found 1,750 closed connections' protocol
objects, frames and stream readers 4 minutes in, with 144 sockets open). One full
collection every five minutes (about 300 ms at 500 games, 0.1% of the time: far from
the move p99) frees them, and the memory they held is reused.

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

FREEZE_EVERY = 10.0  # seconds
THAW_EVERY = 30  # freezes (five minutes)
NO_AUTOMATIC_FULL = 2**31 - 1  # young-collection count before a full one: never reached


async def keep_collections_short(every: float = FREEZE_EVERY, thaw: int = THAW_EVERY) -> None:
    """Run for the server's life (cancel it at shutdown)."""
    young, middle, old = gc.get_threshold()
    gc.set_threshold(young, middle, NO_AUTOMATIC_FULL)
    count = 0
    try:
        while True:
            await asyncio.sleep(every)
            count += 1
            if count % thaw == 0:
                gc.unfreeze()
                gc.collect()
            else:
                gc.collect(1)  # young garbage first, so that it is not frozen
            gc.freeze()
    finally:
        gc.set_threshold(young, middle, old)
