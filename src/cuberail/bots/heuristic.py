"""The ``heuristic`` bot: a fast rule-based player, one per title (its kit's), chosen by
``state.title``. A title without a kit is played by the random bot, with a note saying so."""

from __future__ import annotations

import logging

from cuberail.bots.base import Bot
from cuberail.bots.kit import kit_for
from cuberail.bots.random_bot import RandomBot
from cuberail.core.actions import Action
from cuberail.core.state import GameState

LOG = logging.getLogger("cuberail.bots")
_NOTED: set[str] = set()  # titles whose fallback was already noted


def has_heuristic(title: str) -> bool:
    """Whether ``title`` has a rule-based player of its own (a kit)."""
    return kit_for(title) is not None


def heuristic_for(title: str, seed: int | None = None) -> Bot:
    """The rule-based player of a title; the random bot, with a one-line note, for a title
    without a kit (never another title's player)."""
    found = kit_for(title)
    if found is not None:
        return found.heuristic(seed)
    if title not in _NOTED:
        _NOTED.add(title)
        LOG.warning("note: %s has no bot kit; its heuristic plays random moves", title)
    return RandomBot(seed)


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
