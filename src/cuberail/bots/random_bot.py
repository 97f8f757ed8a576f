"""The random bot: a uniformly random legal action, from its own seeded generator."""

from __future__ import annotations

import random

from cuberail.bots.base import Bot
from cuberail.core.actions import Action
from cuberail.core.state import GameState


class RandomBot(Bot):
    """Plays any legal action with equal chance; reproducible for a given seed."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: GameState) -> Action:
        legal = state.legal_actions()
        return legal[self.rng.randrange(len(legal))]
