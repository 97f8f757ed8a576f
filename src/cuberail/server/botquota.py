"""The host's caps on bots: how strong a bot may be, and how many bot seats one address
may keep busy in unfinished games (so that one client cannot take every bot worker).

Both are checked when a game is created and when an owner hands a seat to a bot; a bot
past them is refused with the cap named (422 for strength, 403 for the seat count).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Iterable
from typing import TypeVar

from cuberail.server.games import GameService, Refused

T = TypeVar("T")
ADDRESSES_MAX = 50_000  # addresses remembered (the least recently seen are forgotten)


def iterations_of(bot: str) -> int:
    """The search budget a server bot name asks for (mcts:N: N; the levels: none)."""
    return int(bot[5:]) if bot.startswith("mcts:") and bot[5:].isdigit() else 0


class BotQuota:
    """``max_iterations`` per search; ``seats`` bot seats per address (None: no cap)."""

    def __init__(self, seats: int | None, max_iterations: int | None) -> None:
        self.seats = seats
        self.max_iterations = max_iterations
        self._games: OrderedDict[str, dict[str, int]] = OrderedDict()  # address: {game: n}
        self._lock = threading.Lock()

    def check_strength(self, bots: Iterable[str | None]) -> None:
        for bot in bots:
            if bot and self.max_iterations is not None \
                    and iterations_of(bot) > self.max_iterations:
                raise Refused(422, f"bot {bot!r} is stronger than this server allows: at most"
                                   f" mcts:{self.max_iterations} (or a level: easy, medium,"
                                   " hard)")

    def admit(self, service: GameService, address: str, bots: list[str | None],
              make: Callable[[], T], game_of: Callable[[T], str]) -> T:
        """``make()`` (a game, a seat handover) when its ``bots`` are within the caps, then
        counted for ``address`` (runs in a database thread)."""
        wanted = [b for b in bots if b]
        self.check_strength(wanted)
        if self.seats is None or not wanted:
            return make()
        with self._lock:  # one check-and-count at a time
            busy = self._busy(service, address)
            if busy + len(wanted) > self.seats:
                raise Refused(403, f"this server runs at most {self.seats} bot seats in"
                                   f" unfinished games per address; this address has {busy}"
                                   f" and asked for {len(wanted)} more")
            made = make()
            counts = self._games.setdefault(address, {})
            game_id = game_of(made)
            counts[game_id] = counts.get(game_id, 0) + len(wanted)
            self._games.move_to_end(address)
            while len(self._games) > ADDRESSES_MAX:
                self._games.popitem(last=False)
            return made

    def _busy(self, service: GameService, address: str) -> int:
        """Bot seats of the address's unfinished games (finished ones are forgotten)."""
        counts = self._games.get(address)
        if not counts:
            return 0
        with service.store.read() as conn:
            live = service.store.unfinished(conn, list(counts))
        for game_id in [g for g in counts if g not in live]:
            del counts[game_id]
        return sum(counts.values())
