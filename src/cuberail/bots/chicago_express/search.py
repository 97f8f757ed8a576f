"""Chicago Express's knowledge for the search: the hand-tuned evaluator of cut-offs, the
bids searched, and whether an auction is running (quiet cut-offs)."""

from __future__ import annotations

from dataclasses import replace

from cuberail.bots.chicago_express.forecast import dividend_terms
from cuberail.bots.chicago_express.heuristic import (
    COMPANY_SHARES,
    CEHeuristic,
    Params,
    remaining_dividends,
)
from cuberail.bots.evaluate import softmax_utility
from cuberail.bots.mcts import MCTSBot, thin_bids
from cuberail.core.actions import Action
from cuberail.core.state import GameState
from cuberail.games.chicago_express.state import BID, SETUP, ChicagoExpressState


def evaluate(state: GameState) -> list[float]:
    """Cash plus the dividends each seat's shares should still pay, as win chances (CE-8, CE-9).

    The forecast of each share is the hand model's (:mod:`.forecast`): a company's income
    grows as its treasury is spent on builds and its unsold shares sell, diluting the
    dividend.
    """
    assert isinstance(state, ChicagoExpressState)
    s = state
    d = remaining_dividends(s)
    per_share = [dividend_terms(s.income[c], s.treasury[c], sold, COMPANY_SHARES[c], d)[0]
                 for c, sold in enumerate(s.sold)]
    values = []
    for p in range(s.num_players):
        held = s.held[p]
        value = float(s.cash[p])
        for c in range(len(per_share)):
            value += held[c] * per_share[c]
        values.append(value)
    return softmax_utility(values, 4.0 + 2.5 * d)


def prune(state: GameState, legal: list[Action], bot: MCTSBot) -> list[Action]:
    """The bids searched: pass, the lowest amounts and (``jump_bids``) the heuristic's limit."""
    assert isinstance(state, ChicagoExpressState)

    def limit() -> int:
        judge = bot.helpers.get("ce")
        if not isinstance(judge, CEHeuristic):
            judge = bot.helpers["ce"] = CEHeuristic(bot.seed, replace(Params(), noise=0.0))
        return judge.bid_limit(state, state.a_to_act, state.a_company)

    return thin_bids(legal, bot, limit)


def auction_running(state: GameState) -> bool:
    """An auction is running: a setup auction (CE-2) or a turn's share auction (CE-4)."""
    assert isinstance(state, ChicagoExpressState)
    return state.step == SETUP or state.step == BID
