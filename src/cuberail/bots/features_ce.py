"""Chicago Express position features for the learned evaluation: a few numbers per seat.

The learned evaluation (:mod:`cuberail.bots.learned`) scores a position as a
softmax over seats of ``sum(w[k] * f[seat][k])``: one weight per feature, shared by
every seat (a conditional logit). Only differences between seats matter, so every
feature is a per-seat quantity in dollars, some divided by the hand-tuned
temperature ``T = 4 + 2.5 d`` (``d``: the general dividends still to come, as the
heuristic estimates them) so that the model can be as sure of the leader near the
end as the hand-tuned evaluator is, and some not, so that it can learn its own rate.

It runs at every cut-off leaf of the search (about 15,000 a second), so it is plain
Python over the state's public fields (compiled by mypyc, see ``_compiled.py``).
Changing a feature's meaning or order changes :data:`FEATURE_VERSION`, and weights
trained for another version are refused.
"""

from __future__ import annotations

import math

from cuberail.bots.evaluate import softmax_utility
from cuberail.bots.heuristic_ce import COMPANY_SHARES, remaining_dividends
from cuberail.core.state import GameState
from cuberail.games.chicago_express.board import MAX_PLACEMENTS
from cuberail.games.chicago_express.state import BID, SETUP, ChicagoExpressState

FEATURE_VERSION = 3
FEATURE_NAMES: tuple[str, ...] = (
    "cash/T",  # cash (the score, CE-9.2) over the temperature
    "dividends/T",  # the hand model's remaining dividends of the seat's shares (CE-8)
    "flat_dividends/T",  # the same at today's income, no growth: held x per-share x d
    "treasury_claim/T",  # the seat's fraction of each company's treasury (future builds)
    "pending/T",  # the high bidder's gain if the running auction closed now (CE-4)
    "cash/100",  # the same without the temperature: the model's own rate
    "dividends/100",
    "next_dividend/10",  # what the seat's shares pay at the next dividend at today's income
    "to_move",  # 1 for the seat to move
    "cash_unsold/T",  # cash times the unsold fraction of the eastern shares, over T:
    # what cash is worth beyond its face while shares can still be bought below their worth
    "cash_unsold/100",  # the same without the temperature
    "frontier_gain/T",  # the seat's share of what its companies' next builds could add to
    # their income (the best three affordable hexes next to each network) at every dividend left
)
NUM_FEATURES = len(FEATURE_NAMES)
# The hand-tuned evaluator (bots.evaluate.evaluate_chicago_express) as weights of these
# features: cash plus the remaining dividends, over the temperature.
HAND_WEIGHTS: tuple[float, ...] = (1.0, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0)

EASTERN = 4  # PRR, B&O, C&O, NYC: the companies open from the start (CE-1.1)
EASTERN_SHARES = sum(COMPANY_SHARES[:EASTERN])
SELL_RATE = 0.7  # the hand model's rates (bots.evaluate): shares sold per round,
MONEY_TO_INCOME = 0.2  # income per treasury dollar spent,
SPEND = 9.0  # and treasury dollars spent per round


def share_dividends(s: ChicagoExpressState, c: int, sold: int, d: int) -> float:
    """One share's remaining dividends of company ``c`` with ``sold`` shares out (CE-8.1)."""
    if sold <= 0:
        return 0.0
    income, money, shares = s.income[c], s.treasury[c], COMPANY_SHARES[c]
    total = 0
    for j in range(d):
        n = sold + SELL_RATE * j
        spent = SPEND * (j + 1)
        total += math.ceil((income + MONEY_TO_INCOME * (money if money < spent else spent))
                           / (n if n < shares else shares))
    return float(total)


def frontier_gain(s: ChicagoExpressState, c: int) -> int:
    """Income company ``c`` could add at its next build: its best affordable hexes (CE-5).

    The sum of the incomes (CE-5.5) of the best three hexes (CE-5.2) it could place a
    locomotive on now: next to its network, open to it (CE-5.3), each within its treasury
    alone (CE-5.4), and no more hexes than locomotives left. A board reading the hand model
    lacks: it grows every company's income at one rate, wherever its track stands.
    """
    left = s.locos_left[c]
    if left <= 0:
        return 0
    gains = [s.hex_income(h) for h in s.open_hexes(c)]
    gains.sort(reverse=True)
    return sum(gains[:min(MAX_PLACEMENTS, left)])


def unsold_fraction(s: ChicagoExpressState) -> float:
    """The fraction of the four eastern companies' shares still unsold (CE-1, CE-4.1).

    While shares are left, cash buys them, and in games of the search and the
    heuristic a share bought after the setup paid about twice its price in
    dividends (docs/chicago-express.md, "Why a short cut-off lost"): so cash is
    worth more than its face early, and its face at the end.
    """
    unsold = 0
    for c in range(EASTERN):
        unsold += COMPANY_SHARES[c] - s.sold[c]
    return unsold / EASTERN_SHARES


FRONTIER = FEATURE_NAMES.index("frontier_gain/T")


def seat_features(state: GameState, board: bool = True) -> list[list[float]]:
    """The features of :data:`FEATURE_NAMES` for each seat of a Chicago Express position.

    ``board`` False leaves ``frontier_gain/T`` at 0 without reading the board: for a model
    that gives it no weight (it is most of the features' cost at a search leaf).
    """
    assert isinstance(state, ChicagoExpressState)
    s = state
    d = remaining_dividends(s)
    inv_t = 1.0 / (4.0 + 2.5 * d)
    companies = len(s.sold)
    grown = [share_dividends(s, c, s.sold[c], d) for c in range(companies)]
    per = [math.ceil(s.income[c] / s.sold[c]) if s.sold[c] else 0 for c in range(companies)]
    gain = [frontier_gain(s, c) * d / s.sold[c] if board and s.sold[c] else 0.0
            for c in range(companies)]
    mover = s.current_player()
    unsold = unsold_fraction(s)
    out: list[list[float]] = []
    for p in range(s.num_players):
        held = s.held[p]
        div = 0.0
        next_div = 0.0
        claim = 0.0
        grow = 0.0
        for c in range(companies):
            k = held[c]
            if k:
                div += k * grown[c]
                next_div += k * per[c]
                claim += k * s.treasury[c] / s.sold[c]
                grow += k * gain[c]
        cash = float(s.cash[p])
        out.append([cash * inv_t, div * inv_t, next_div * d * inv_t, claim * inv_t, 0.0,
                    cash * 0.01, div * 0.01, next_div * 0.1, 1.0 if p == mover else 0.0,
                    cash * unsold * inv_t, cash * unsold * 0.01, grow * inv_t])
    if s.phase in (SETUP, BID) and s.a_bidder >= 0:
        c = s.a_company
        worth = share_dividends(s, c, s.sold[c] + 1, d)
        out[s.a_bidder][4] = (worth - s.a_high) * inv_t
    return out


def logits(features: list[list[float]], weights: list[float]) -> list[float]:
    """Each seat's score ``sum(w[k] * f[k])``."""
    out = []
    for row in features:
        total = 0.0
        for k in range(len(weights)):
            total += weights[k] * row[k]
        out.append(total)
    return out


class LinearEvaluator:
    """A conditional logit over :func:`seat_features`: win chances per seat, in [0, 1]."""

    def __init__(self, weights: list[float]) -> None:
        if len(weights) != NUM_FEATURES:
            raise ValueError(f"{len(weights)} weights for {NUM_FEATURES} features")
        self.weights = list(weights)
        self.board = weights[FRONTIER] != 0.0

    def __call__(self, state: GameState) -> list[float]:
        return softmax_utility(logits(seat_features(state, self.board), self.weights), 1.0)
