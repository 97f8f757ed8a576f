"""Positions from seeded random games of both titles, for the drawing tests."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from cuberail.core.state import GameState
from cuberail.games import get_game


def random_positions(title: str, players: int, seed: int, every: int = 7,
                     limit: int = 400) -> Iterator[GameState]:
    """Every ``every``-th position of one seeded random game, and its last position."""
    state = get_game(title).new_game(players)
    rng = random.Random(seed)
    for i in range(limit):
        if state.is_terminal():
            break
        if i % every == 0:
            yield state.clone()
        state.apply(rng.choice(state.legal_actions()))
    yield state


def position_where(title: str, players: int, seed: int, kind: str) -> dict[str, Any]:
    """The snapshot of the first position of a seeded random game offering a ``kind`` move."""
    return state_where(title, players, seed, kind).to_json()


def state_where(title: str, players: int, seed: int, kind: str) -> GameState:
    """The first position of a seeded random game offering a ``kind`` move."""
    state = get_game(title).new_game(players)
    rng = random.Random(seed)
    for _ in range(2000):
        if any(a.kind == kind for a in state.legal_actions()):
            return state
        if state.is_terminal():
            break
        state.apply(rng.choice(state.legal_actions()))
    raise AssertionError(f"seed {seed}: no position offering {kind!r}")
