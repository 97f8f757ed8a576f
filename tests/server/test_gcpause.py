"""The server's garbage-collection policy: survivors frozen, cycles still freed at the thaw."""

from __future__ import annotations

import asyncio
import gc
import weakref

import pytest

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


def full_collections_during(work: int, run_policy: bool) -> int:
    """Automatic full collections while ``work`` objects are made and kept (an event loop
    running the policy, or not)."""
    full: list[int] = []

    def note(phase: str, info: dict[str, int]) -> None:
        if phase == "start" and info["generation"] == 2:
            full.append(1)

    async def scenario() -> None:
        task = asyncio.create_task(keep_collections_short(every=3600)) if run_policy else None
        await asyncio.sleep(0)  # the policy starts
        kept = [[i] for i in range(work)]  # survivors: promoted to the oldest generation
        del kept
        if task is not None:
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)

    gc.callbacks.append(note)
    try:
        asyncio.run(scenario())
    finally:
        gc.callbacks.remove(note)
    return len(full)


def test_no_automatic_full_collection_runs_while_the_policy_runs_and_thresholds_come_back(
) -> None:
    before = gc.get_threshold()
    assert full_collections_during(300_000, run_policy=False) > 0  # the control
    assert full_collections_during(300_000, run_policy=True) == 0
    assert gc.get_threshold() == before


def thaws_during(freezes: int, batch: int) -> tuple[int, bool]:
    """Thaws (full collections) in ``freezes`` freeze intervals of the policy, while each
    interval ``batch`` new cycles are made and the last interval's are dropped (objects of
    closed connections, after they were frozen); and whether the first batch was freed."""
    full: list[int] = []

    def note(phase: str, info: dict[str, int]) -> None:
        if phase == "start" and info["generation"] == 2:
            full.append(1)

    def cycles() -> list[Node]:
        made = [Node() for _ in range(batch)]
        for node in made:
            node.other = node
        return made

    async def scenario() -> bool:
        task = asyncio.create_task(keep_collections_short(every=0.02, thaw=10**6))
        await asyncio.sleep(0.05)  # the first thaw (nothing was frozen) is behind
        full.clear()
        alive = cycles()
        ref = weakref.ref(alive[0]) if alive else None
        for _ in range(freezes):
            await asyncio.sleep(0.02)  # frozen with the rest
            alive = cycles()  # the last ones dropped: garbage among the frozen objects
        await asyncio.sleep(0.04)
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
        return ref is not None and ref() is None

    gc.callbacks.append(note)
    try:
        freed = asyncio.run(scenario())
    finally:
        gc.callbacks.remove(note)
        gc.unfreeze()
    return len(full), freed


def test_a_steady_server_is_not_paused_by_thaws() -> None:
    """A thaw walks every object (569 ms at 500 games): none while the heap is steady."""
    thaws, _ = thaws_during(20, batch=0)
    assert thaws == 0


def test_frozen_cycles_piling_up_bring_the_thaw_long_before_the_hour() -> None:
    """Dead cycles among the frozen objects: once they are half the rest, a thaw frees them."""
    batch = (gc.get_freeze_count() + len(gc.get_objects())) // 10  # a tenth of the objects
    thaws, freed = thaws_during(12, batch=batch)
    assert thaws >= 1
    assert freed


def test_the_thaw_comes_every_hour_at_the_latest_by_default() -> None:
    every, thaw, growth = keep_collections_short.__defaults__ or (None, None, None)
    assert every is not None and thaw is not None and growth is not None
    assert every * thaw <= 3600
    assert growth <= 0.5


def test_a_freeze_does_not_walk_the_frozen_objects(monkeypatch: pytest.MonkeyPatch) -> None:
    """``gc.get_freeze_count()`` walks the list of every frozen object: 60 ms of the event
    loop at 500 games, at every freeze (every 10 s). The policy measures the heap with the
    allocator's block count instead."""
    walks: list[int] = []
    real = gc.get_freeze_count

    def counted() -> int:
        walks.append(1)
        return real()

    async def scenario() -> None:
        task = asyncio.create_task(keep_collections_short(every=0.01, thaw=10**6))
        await asyncio.sleep(0.1)  # the first thaw and about ten freezes
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)

    monkeypatch.setattr(gc, "get_freeze_count", counted)
    try:
        asyncio.run(scenario())
    finally:
        gc.unfreeze()
    assert walks == []
