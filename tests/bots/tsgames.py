"""Trans-Siberian positions for the bot tests: a new game, every state of seeded games of
the search's fast rollout policy, and a first turn after four auctions."""

from __future__ import annotations

import random

from cuberail.bots.trans_siberian.fast import fast_policy
from cuberail.core.actions import Action
from cuberail.games import get_game
from cuberail.games.trans_siberian.state import AUCTION, TURN, TransSiberianState

TITLE = "trans-siberian"


def new_ts(players: int = 4) -> TransSiberianState:
    state = get_game(TITLE).new_game(players)
    assert isinstance(state, TransSiberianState)
    return state


def fast_game_states(games: int, seed: int) -> list[TransSiberianState]:
    """Every state of seeded games played by the rollout policy (3, 4 and 5 players)."""
    rng = random.Random(seed)
    out = []
    for g in range(games):
        state = new_ts(3 + g % 3)
        while not state.is_terminal():
            out.append(state.clone())
            state.apply(fast_policy(state, rng))
    return out


def four_companies_sold_at_20() -> TransSiberianState:
    """Each seat won one company at $20 (share value 20); seat 3, yellow's, has the first turn."""
    state = new_ts(4)
    for seat, link in enumerate(("moscow-saratov", "moscow-kazan", "moscow-samara",
                                 "moscow-stpetersburg")):
        while state.current_player() != seat:
            state.apply(Action("pass"))
        state.apply(Action.from_text("bid 20"))
        while state.step == AUCTION:
            state.apply(Action("pass"))
        state.apply(Action.from_text(f"link {link}"))
        state.apply(Action.from_text("value 20"))
    assert state.step == TURN and state.turn == 3
    return state
