"""The server's garbage-collection policy: survivors frozen, cycles still freed at the thaw."""

from __future__ import annotations

import asyncio
import gc
import weakref

from cuberail.server.gcpause import keep_collections_short


class Node:
    def __init__(self) -> None:
        self.other: Node | None = None


def test_survivors_are_frozen_and_a_frozen_cycle_is_freed_at_the_thaw() -> None:
    async def scenario() -> tuple[int, bool, bool]:
        a, b = Node(), Node()
        a.other, b.other = b, a  # a cycle: only the collector frees it
        gc.collect()  # into the oldest generation, as a long-lived object would be
        ref = weakref.ref(a)
        task = asyncio.create_task(keep_collections_short(every=0.01, thaw=1000))
        await asyncio.sleep(0.05)
        frozen = gc.get_freeze_count()
        del a, b
        gc.collect()
        alive_while_frozen = ref() is not None
        task.cancel()
        task = asyncio.create_task(keep_collections_short(every=0.01, thaw=1))
        await asyncio.sleep(0.05)
        task.cancel()
        return frozen, alive_while_frozen, ref() is None

    try:
        frozen, alive_while_frozen, freed = asyncio.run(scenario())
    finally:
        gc.unfreeze()
    assert frozen > 0
    assert alive_while_frozen  # frozen: skipped by the collector meanwhile
    assert freed  # the thaw's full collection frees it
