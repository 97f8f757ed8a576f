"""Turns for the bot workers: a few searches at once, the waiting games served in turn.

Each game waits in its own line and the lines are served round-robin, so a game (or a
client with many games) whose bots ask again and again cannot keep another game's bot
waiting behind all of its decisions. A search is handed to the worker pool only when a
worker is free: its time limit counts from when it starts, never from when it queued.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict, deque


class FairSlots:
    """``slots`` holders at once; waiters served one game at a time, round-robin."""

    def __init__(self, slots: int) -> None:
        self.free = max(1, slots)
        self._waiting: OrderedDict[str, deque[asyncio.Future[None]]] = OrderedDict()

    @property
    def waiting(self) -> int:
        return sum(len(line) for line in self._waiting.values())

    async def acquire(self, game_id: str) -> None:
        """Wait for a slot (in the event loop's thread; :meth:`release` gives it back)."""
        if self.free > 0 and not self._waiting:
            self.free -= 1
            return
        turn: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._waiting.setdefault(game_id, deque()).append(turn)
        try:
            await turn
        except asyncio.CancelledError:
            if turn.done() and not turn.cancelled():
                self.release()  # it was handed over as we were cancelled: pass it on
            else:
                self._forget(game_id, turn)
            raise

    def release(self) -> None:
        """Give the slot to the first game in line (then at the back of the line)."""
        while self._waiting:
            game_id, line = next(iter(self._waiting.items()))
            turn = line.popleft()
            del self._waiting[game_id]
            if line:
                self._waiting[game_id] = line
            if not turn.done():
                turn.set_result(None)
                return
        self.free += 1

    def _forget(self, game_id: str, turn: asyncio.Future[None]) -> None:
        line = self._waiting.get(game_id)
        if line is not None and turn in line:
            line.remove(turn)
            if not line:
                del self._waiting[game_id]
