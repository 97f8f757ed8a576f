"""The ``easy`` bot: the heuristic, except that now and then it plays a random move.

Random moves never include raising a bid (a random bid throws money away in a
way no beginner would); an auction blunder is a pass.
"""

from __future__ import annotations

import random

from cuberail.bots.base import Bot
from cuberail.bots.heuristic import HeuristicBot
from cuberail.core.actions import Action
from cuberail.core.state import GameState


class NoisyBot(Bot):
    """Plays like ``heuristic``, but a random legal non-bid move with chance ``blunder``."""

    name = "easy"

    def __init__(self, seed: int | None = None, blunder: float = 0.25) -> None:
        self.rng = random.Random(seed)
        self.blunder = blunder
        self.inner = HeuristicBot(seed)

    def choose(self, state: GameState) -> Action:
        legal = state.legal_actions()
        if len(legal) > 1 and self.rng.random() < self.blunder:
            options = [a for a in legal if a.kind != "bid"]
            if options:
                return options[self.rng.randrange(len(options))]
        return self.inner.choose(state)
