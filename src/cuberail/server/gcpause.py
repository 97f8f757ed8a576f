"""Keep Python's full garbage collections short: they stalled every client at once.

Under load (500 games, 1,500 sockets) a full collection walked the whole heap for
about 300 ms, several times a minute, and every move waiting meanwhile took that long:
it was the p99. Here the survivors of the young generations are frozen every
``every`` seconds (``gc.freeze``: later collections skip them), so a full collection
only walks what arrived since. Frozen objects are still freed by reference counting
(game states form no cycles); only cycles among them wait, until the hourly thaw
(``gc.unfreeze`` and one full collection), so nothing leaks for longer than that.
"""

from __future__ import annotations

import asyncio
import gc

FREEZE_EVERY = 10.0  # seconds
THAW_EVERY = 360  # freezes (an hour)


async def keep_collections_short(every: float = FREEZE_EVERY, thaw: int = THAW_EVERY) -> None:
    """Run for the server's life (cancel it at shutdown)."""
    count = 0
    while True:
        await asyncio.sleep(every)
        count += 1
        if count % thaw == 0:
            gc.unfreeze()
            gc.collect()
        else:
            gc.collect(1)  # young garbage first, so that it is not frozen
        gc.freeze()
