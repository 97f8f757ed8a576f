"""Rollout policies for search: cheap ways to finish (or advance) a game from a state.

A policy takes a state and a seeded generator and returns one of the state's
legal actions without changing the state.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from cuberail.core.actions import Action
from cuberail.core.state import GameState

Policy = Callable[[GameState, random.Random], Action]


def random_policy(state: GameState, rng: random.Random) -> Action:
    """Any legal action, uniformly.

    ``int(rng.random() * n)`` rather than ``rng.randrange(n)``: one C call instead of
    several Python-level ones in the standard library (a quarter of a compiled random
    playout's time). Its bias, under 2**-53 per action for any list of legal actions,
    does not matter.
    """
    legal = state.legal_actions()
    return legal[int(rng.random() * len(legal))]


def play_out(state: GameState, policy: Policy, rng: random.Random) -> int:
    """Play ``state`` to its end with ``policy`` (unchecked applies); the moves made.

    The loop of a full rollout, here so that benchmarks time the search's own loop.
    """
    moves = 0
    while not state.is_terminal():
        state.apply_unchecked(policy(state, rng))
        moves += 1
    return moves


def biased_policy(state: GameState, rng: random.Random) -> Action:
    """Uniform over the legal actions, except that of the ``bid`` actions only the lowest counts.

    Random bids of any size make rollouts absurd (a player spends all its money at
    once); raising by the minimum keeps auctions believable for any title.
    """
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    options: list[Action] = []
    lowest: Action | None = None
    for a in legal:
        if a.kind != "bid":
            options.append(a)
        elif lowest is None or int(a.args[0]) < int(lowest.args[0]):
            lowest = a
    if lowest is not None:
        options.append(lowest)
    return options[rng.randrange(len(options))]


def fast_policy_for(title: str) -> Policy:
    """The title's cheap knowledgeable policy (its kit's), or :func:`biased_policy` when it
    has none."""
    from cuberail.bots.kit import kit_for

    found = kit_for(title)
    if found is None or found.fast_policy is None:
        return biased_policy
    return found.fast_policy()


def heuristic_policy_for(title: str, seed: int) -> Policy:
    """The title's full rule-based bot as a rollout policy (stronger, much slower); the
    random bot's choices for a title without a heuristic."""
    from cuberail.bots.heuristic import heuristic_for

    bot = heuristic_for(title, seed)

    def policy(state: GameState, rng: random.Random) -> Action:
        return bot.choose(state)

    return policy
