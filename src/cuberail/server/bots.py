"""The bot runner: bots play their seats by themselves, off the event loop.

After every write the runner is poked for that game. When a bot's seat is on turn it
searches in a worker process (``cuberail serve``; threads in tests), with a time limit
per move (past it, a random legal move is played instead), then writes the move
through the same checks as a human's. A human seat idle past the game's ``bot_after``
seconds is played by the medium bot. A game's ``bot_delay`` (a table option) makes each
bot wait until that many seconds have passed since the game's last log entry: the wait
is an asyncio sleep of the game's driving task (no thread waits), so a game of bots
alone can be watched move by move. On start the runner is poked for every unfinished
game, so bots resume after a restart.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import threading
import time
from collections.abc import Callable
from concurrent.futures import Executor, Future, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool as BrokenExecutor
from dataclasses import dataclass, replace
from multiprocessing import get_context
from typing import Any, TypeVar

from cuberail.bots.base import Bot
from cuberail.bots.mcts import MCTSBot
from cuberail.bots.random_bot import RandomBot
from cuberail.bots.registry import make_bot
from cuberail.core.actions import Action
from cuberail.core.state import GameState
from cuberail.server.botqueue import FairSlots
from cuberail.server.games import GameService, Loaded, Outcome, Refused, bot_seed
from cuberail.server.workers import end_pool

log = logging.getLogger("cuberail.server")
T = TypeVar("T")
TIMEOUT_BOT = "medium"
GRACE, GRACE_SECONDS = 1.5, 2.0  # past limit * GRACE + GRACE_SECONDS a search is given up


@dataclass
class Turn:
    """A decision a bot must take now (or, with ``wait`` > 0, may take after waiting)."""

    game_id: str
    seat: int
    bot: str
    seed: int
    state: GameState
    index: int
    idle_after: float | None = None
    wait: float = 0.0


def watch_parent(parent: int) -> None:
    """In a worker: exit when the server process is gone (even killed with kill -9)."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(0)

    threading.Thread(target=watch, daemon=True).start()


def choose(bot: str, seed: int, state: GameState, seconds: float | None = None) -> Action:
    """The search itself (runs in a worker): an MCTS stops by itself after ``seconds``
    counted from its start (its iteration budget, if smaller, stops it first)."""
    return searcher(bot, seed, seconds).choose(state)


def searcher(bot: str, seed: int, seconds: float | None = None) -> Bot:
    """The bot ``choose`` searches with: an MCTS's time budget capped at ``seconds``."""
    made = make_bot(bot, seed)
    if seconds is not None and isinstance(made, MCTSBot):
        cfg = made.config
        made = MCTSBot(seed, replace(cfg, seconds=min(cfg.seconds or seconds, seconds)))
    return made


class BotRunner:
    """One driving task per game with a bot (or an idle-timeout) on turn."""

    def __init__(self, service: GameService, deliver: Callable[[str, Outcome], None],
                 time_limit: float = 10.0, workers: int = 2, processes: bool = False) -> None:
        self.service = service
        self.deliver = deliver
        self.time_limit = time_limit
        self.workers = workers
        self.processes = processes
        self.pool = self._new_pool()
        self.slots = FairSlots(workers)  # a search starts only on a free worker
        self._tasks: dict[str, asyncio.Task[None]] = {}
        self._sleeping: set[str] = set()
        self._again: set[str] = set()

    def poke(self, game_id: str) -> None:
        """Something happened in the game: make sure its bots (if any) get to move."""
        task = self._tasks.get(game_id)
        if task is not None and not task.done():
            if game_id not in self._sleeping:
                self._again.add(game_id)
                return
            task.cancel()
        self._tasks[game_id] = asyncio.get_running_loop().create_task(self._drive(game_id))

    async def resume(self) -> None:
        """Poke every unfinished game (at start, so bots continue after a restart)."""
        for game_id in await asyncio.to_thread(self.service.open_games):
            self.poke(game_id)

    def _new_pool(self) -> Executor:
        """Worker processes (searches never hold this process's GIL) or threads (tests)."""
        if self.processes:
            return ProcessPoolExecutor(self.workers, mp_context=get_context("spawn"),
                                       initializer=watch_parent, initargs=(os.getpid(),))
        return ThreadPoolExecutor(self.workers, thread_name_prefix="cuberail-bot")

    async def close(self) -> None:
        for task in list(self._tasks.values()):
            task.cancel()
        await asyncio.to_thread(end_pool, self.pool, final=True)

    async def _drive(self, game_id: str) -> None:
        me = asyncio.current_task()
        try:
            while True:
                self._again.discard(game_id)
                turn = await asyncio.to_thread(self.next_turn, game_id)
                if turn is None:
                    if game_id in self._again:
                        continue
                    return
                if turn.wait > 0:
                    self._sleeping.add(game_id)
                    try:
                        await asyncio.sleep(turn.wait)
                    finally:
                        self._sleeping.discard(game_id)
                    continue
                await self._play(turn)
        except asyncio.CancelledError:
            raise
        except Exception:  # a bot failure must not take the server down
            log.exception("bot runner failed in game %s", game_id)
        finally:
            if self._tasks.get(game_id) is me:
                del self._tasks[game_id]

    def next_turn(self, game_id: str) -> Turn | None:
        """The bot decision due in this game, if any (runs in a worker thread)."""
        try:
            loaded = self.service.read(game_id)
        except Refused:
            return None
        state = loaded.snap.state
        if state.is_terminal():
            return None
        seat = loaded.seats[state.current_player()]
        seed = bot_seed(loaded.game.seed, seat.seat, loaded.snap.index)
        if seat.bot is not None:
            return Turn(game_id, seat.seat, seat.bot, seed, state.clone(), loaded.snap.index,
                        wait=self._delay_left(loaded))
        after = loaded.game.bot_after
        if after is None:
            return None
        idle = self.service.idle_seconds(loaded)
        return Turn(game_id, seat.seat, TIMEOUT_BOT, seed, state.clone(), loaded.snap.index,
                    after, max(0.0, after - idle))

    def _delay_left(self, loaded: Loaded) -> float:
        """Seconds a bot still waits for the game's ``bot_delay`` (0: it moves now)."""
        delay = loaded.game.bot_delay or 0.0
        if delay <= 0:
            return 0.0
        return max(0.0, delay - self.service.idle_seconds(loaded))

    async def _play(self, turn: Turn) -> None:
        action = await self._choose(turn)
        try:
            outcome = await asyncio.to_thread(self.service.bot_act, turn.game_id, turn.seat,
                                              turn.index, action.text(), turn.idle_after)
        except Refused:
            return  # someone else wrote first (another process, a handover): look again
        self.deliver(turn.game_id, outcome)

    async def _choose(self, turn: Turn) -> Action:
        legal = turn.state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        try:
            future = await self._submit(turn)
            # The search stops itself at the limit; past a grace, play without it.
            return await asyncio.wait_for(asyncio.wrap_future(future),
                                          self.time_limit * GRACE + GRACE_SECONDS)
        except TimeoutError:
            log.warning("bot %s in game %s passed its time limit; playing a random move",
                        turn.bot, turn.game_id)
        except BrokenExecutor:
            log.error("the bot workers died; starting new ones")
            self.pool = self._new_pool()
        return RandomBot(turn.seed).choose(turn.state)

    async def _submit(self, turn: Turn) -> Future[Action]:
        """The search in the pool once a worker is free (its slot back when it ends, even
        after its result was given up)."""
        return await self._submit_call(turn.game_id, choose, turn.bot, turn.seed, turn.state,
                                       self.time_limit)

    async def search(self, key: str, func: Callable[..., T], *args: Any, timeout: float) -> T:
        """``func(*args)`` in a bot worker, its slot taken in turn with the games' bots
        (``key``: the game, for the round-robin); TimeoutError past ``timeout`` seconds
        from the call, waiting included (a hint's search, :mod:`cuberail.server.hints`:
        never in this process's threads, never ahead of the bots)."""

        async def run() -> T:
            return await asyncio.wrap_future(await self._submit_call(key, func, *args))

        try:
            return await asyncio.wait_for(run(), timeout)
        except BrokenExecutor:
            log.error("the bot workers died; starting new ones")
            self.pool = self._new_pool()
            raise

    async def _submit_call(self, key: str, func: Callable[..., T], *args: Any) -> Future[T]:
        await self.slots.acquire(key)
        loop = asyncio.get_running_loop()
        try:
            future = self.pool.submit(func, *args)
        except BaseException:
            self.slots.release()
            raise

        def done(_future: Future[T]) -> None:
            with contextlib.suppress(RuntimeError):  # the loop has closed
                loop.call_soon_threadsafe(self.slots.release)

        future.add_done_callback(done)
        return future
