"""How the conformance games choose their moves: a seeded random choice among legal actions.

Uniform random play never reaches some parts of a title (a Chicago Express company almost
never wanders to Chicago), so a title may add biased policies; games cycle through them.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from cuberail.core import Action, GameState
from cuberail.games.chicago_express.board import HEX_INDEX, HEXES

Policy = Callable[[GameState, random.Random], Action]


def uniform(state: GameState, rng: random.Random) -> Action:
    legal = state.legal_actions()
    return legal[rng.randrange(len(legal))]


def westward(state: GameState, rng: random.Random) -> Action:
    """Chicago Express: build often, head west (to Chicago), bid low; otherwise uniform."""
    legal = state.legal_actions()
    kinds = {a.kind for a in legal}
    if "place" in kinds and rng.random() < 0.9:
        places = [a for a in legal if a.kind == "place"]
        west = min(HEXES[HEX_INDEX[str(a.args[0])]].col for a in places)
        return rng.choice([a for a in places if HEXES[HEX_INDEX[str(a.args[0])]].col == west])
    if "choose" in kinds and rng.random() < 0.6 and Action("choose", ("build",)) in legal:
        return Action("choose", ("build",))
    if "company" in kinds and rng.random() < 0.9:
        return rng.choice([a for a in legal if a.kind == "company"])
    if "bid" in kinds and rng.random() < 0.7:
        bids = [a for a in legal if a.kind == "bid"]
        return bids[min(len(bids) - 1, rng.randrange(4))]
    return uniform(state, rng)


def builder(state: GameState, rng: random.Random) -> Action:
    """Trans-Siberian: bid low, buy and build often (so jumps, junctions and phase 2 occur)."""
    legal = state.legal_actions()
    kinds = {a.kind for a in legal}
    if "bid" in kinds:
        return legal[min(1, len(legal) - 1)] if rng.random() < 0.5 else legal[0]
    builds = [a for a in legal if a.kind in ("build", "link")]
    if builds and rng.random() < 0.85:
        return rng.choice(builds)
    buys = [a for a in legal if a.kind == "buy"]
    if buys and rng.random() < 0.7:
        return rng.choice(buys)
    return uniform(state, rng)


POLICIES: dict[str, tuple[Policy, ...]] = {
    "chicago-express": (uniform, westward),
    "trans-siberian": (uniform, builder),
}


def policies_for(title: str) -> tuple[Policy, ...]:
    return POLICIES.get(title, (uniform,))
