"""Trans-Siberian's knowledge for the search: the bids searched, and whether an auction is
running (quiet cut-offs). Its evaluator of cut-offs is :func:`.fast.evaluate`."""

from __future__ import annotations

from dataclasses import replace

from cuberail.bots.mcts import MCTSBot, thin_bids
from cuberail.bots.trans_siberian.heuristic import Params, TSHeuristic
from cuberail.core.actions import Action
from cuberail.core.state import GameState
from cuberail.games.trans_siberian.state import (
    AUCTION,
    PICK_LINK,
    PICK_VALUE,
    TransSiberianState,
)


def prune(state: GameState, legal: list[Action], bot: MCTSBot) -> list[Action]:
    """The bids searched: pass, the lowest amounts and (``jump_bids``) the heuristic's limit."""
    assert isinstance(state, TransSiberianState)

    def limit() -> int:
        judge = bot.helpers.get("ts")
        if not isinstance(judge, TSHeuristic):
            judge = bot.helpers["ts"] = TSHeuristic(bot.seed, replace(Params(), noise=0.0))
        return judge.bid_limit(state, state.a_to_act)

    return thin_bids(legal, bot, limit)


def auction_running(state: GameState) -> bool:
    """An auction is running (TS-2, TS-7), or its winner still picks the link and the share
    value (TS-2.2)."""
    assert isinstance(state, TransSiberianState)
    return state.step == AUCTION or state.step == PICK_LINK or state.step == PICK_VALUE
