"""Seeded random games for tests: the positions of a game of a title played by random
moves (``random.Random(seed).choice`` of the legal ones), its end, and the positions
where the title's table warns against a move."""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable, Iterator

from cuberail.core.actions import Action
from cuberail.core.state import GameState
from cuberail.games import get_game
from cuberail.terminal.kit import dangers


def random_game(title: str, seed: int, players: int = 3) -> Iterator[GameState]:
    """Each position before its move, then the end: one state, moved on after each yield
    (a reader that keeps a position clones it)."""
    state = get_game(title).new_game(players)
    rng = random.Random(seed)
    while not state.is_terminal():
        yield state
        state.apply(rng.choice(state.legal_actions()))
    yield state


def random_end(title: str, seed: int, players: int = 3) -> GameState:
    """The end of :func:`random_game`."""
    return deque(random_game(title, seed, players), maxlen=1)[0]


def random_positions(title: str, seeds: range, players: int = 3
                     ) -> Iterator[tuple[int, GameState]]:
    """(seed, position) along :func:`random_game` of each seed in turn."""
    for seed in seeds:
        for state in random_game(title, seed, players):
            yield seed, state


def warned_positions(title: str, seeds: range, players: int = 3
                     ) -> Iterator[tuple[int, GameState, Callable[[Action], bool]]]:
    """(seed, position, whether a move is warned against) along :func:`random_positions`,
    where the title's table warns against some move on offer (a danger, not a tip:
    :func:`cuberail.terminal.kit.dangers`)."""
    for seed, state in random_positions(title, seeds, players):
        warned = dangers(state)
        assert warned is not None, f"{title} has no table kit"
        if any(warned(a) for a in state.legal_actions()):
            yield seed, state, warned
