"""Seeded positions for bot tests: states reached by mixed random play at many points."""

from __future__ import annotations

import random

from cuberail.bots.rollout import biased_policy, random_policy
from cuberail.core.state import GameState
from cuberail.games import get_game, titles

TITLES = titles()  # every title this checkout plays (Trans-Siberian once its engine exists)


def sample_states(title: str, count: int, seed: int = 0, players: int = 4) -> list[GameState]:
    """``count`` unfinished states (each with a decision to make) from seeded games."""
    info = get_game(title)
    rng = random.Random(seed)
    out: list[GameState] = []
    game = 0
    while len(out) < count:
        state = info.new_game(players)
        policy = biased_policy if game % 2 else random_policy
        stops = set(rng.sample(range(1, 200), 6))
        step = 0
        while not state.is_terminal() and len(out) < count:
            if step in stops:
                out.append(state.clone())
            state.apply(policy(state, rng))
            step += 1
        game += 1
    return out


def finish(state: GameState, rng: random.Random) -> GameState:
    """Play a state to its end by biased random moves."""
    while not state.is_terminal():
        state.apply(biased_policy(state, rng))
    return state
