"""The ``heuristic`` bot: a fast rule-based player, one per title, chosen by ``state.title``."""

from __future__ import annotations

from collections.abc import Callable

from cuberail.bots.base import Bot
from cuberail.core.actions import Action
from cuberail.core.errors import CuberailError
from cuberail.core.state import GameState


def _chicago_express(seed: int | None) -> Bot:
    from cuberail.bots.heuristic_ce import CEHeuristic

    return CEHeuristic(seed)


def _trans_siberian(seed: int | None) -> Bot:
    from cuberail.bots.heuristic_ts import TSHeuristic  # type: ignore[import-not-found,unused-ignore]

    bot: Bot = TSHeuristic(seed)
    return bot


HEURISTICS: dict[str, Callable[[int | None], Bot]] = {
    "chicago-express": _chicago_express,
    "trans-siberian": _trans_siberian,
}


def has_heuristic(title: str) -> bool:
    return title in HEURISTICS


def heuristic_for(title: str, seed: int | None = None) -> Bot:
    """The rule-based player of a title."""
    if title not in HEURISTICS:
        raise CuberailError(f"no heuristic bot for {title!r}")
    return HEURISTICS[title](seed)


class HeuristicBot(Bot):
    """Dispatches to the title's rule-based player on the first state it sees."""

    name = "heuristic"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        self._bots: dict[str, Bot] = {}

    def choose(self, state: GameState) -> Action:
        bot = self._bots.get(state.title)
        if bot is None:
            bot = self._bots[state.title] = heuristic_for(state.title, self.seed)
        return bot.choose(state)
