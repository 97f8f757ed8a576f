"""Chicago Express position features for the learned evaluation: a few numbers per seat.

The learned evaluation (:mod:`cuberail.bots.learned`) scores a position as a
softmax over seats of ``sum(w[k] * f[seat][k])``: one weight per feature, shared by
every seat (a conditional logit). Only differences between seats matter, so every
feature is a per-seat quantity in dollars, some divided by the hand-tuned
temperature ``T = 4 + 2.5 d`` (``d``: the general dividends still to come, as the
heuristic estimates them) so that the model can be as sure of the leader near the
end as the hand-tuned evaluator is, and some not, so that it can learn its own rate.

Most features are *share features*: a sum over the seat's shares of a per-share
quantity of their company (:func:`share_rows`), so that a model is also a forecast of
what one share of each company will still pay. With weight 1 on ``cash/T`` and the
others on share features only, the model is the hand-tuned evaluator's form, cash
plus each share's forecast dividends over ``T``, with a forecast of its own (fitted
to the dividends shares paid: ``--label dividends`` in :mod:`cuberail.bots.train_eval`).

It runs at every cut-off leaf of the search (about 15,000 a second), so it is plain
Python over the state's public fields (compiled by mypyc, see ``_compiled.py``).
Changing a feature's meaning or order changes :data:`FEATURE_VERSION`, and weights
trained for another version are refused.
"""

from __future__ import annotations

import math

from cuberail.bots.chicago_express import forecast
from cuberail.bots.chicago_express.heuristic import COMPANY_SHARES, remaining_dividends
from cuberail.bots.evaluate import softmax_utility
from cuberail.core.state import GameState
from cuberail.games.chicago_express.board import MAX_PLACEMENTS
from cuberail.games.chicago_express.state import BID, INCOME_MASK, SETUP, ChicagoExpressState

FEATURE_VERSION = 4
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
    "marginal/T",  # what the seat's shares would pay at one dividend more than d (the hand
    # model's next term): room for a game that lasts longer than d
    "shares/T",  # shares held, over T: what every share pays beyond the hand model's forecast
    "shares_left/T",  # shares held x d, over T
    "shares_paid/T",  # shares held x the general dividends already paid (CE-8), over T
)
NUM_FEATURES = len(FEATURE_NAMES)
F = {name: k for k, name in enumerate(FEATURE_NAMES)}
# The features that are sums over the seat's shares (share_rows); the rest are the seat's own.
SHARE_FEATURES: tuple[str, ...] = (
    "dividends/T", "flat_dividends/T", "treasury_claim/T", "dividends/100", "next_dividend/10",
    "frontier_gain/T", "marginal/T", "shares/T", "shares_left/T", "shares_paid/T")
# The hand-tuned evaluator (bots.chicago_express.search.evaluate) as weights of these
# features: cash plus the remaining dividends, over the temperature.
HAND_WEIGHTS: tuple[float, ...] = tuple(
    1.0 if name in ("cash/T", "dividends/T") else 0.0 for name in FEATURE_NAMES)

EASTERN = 4  # PRR, B&O, C&O, NYC: the companies open from the start (CE-1.1)
EASTERN_SHARES = sum(COMPANY_SHARES[:EASTERN])


def dividend_terms(s: ChicagoExpressState, c: int, sold: int, d: int) -> tuple[float, float]:
    """The hand model's forecast for one share of company ``c`` with ``sold`` shares out
    (CE-8.1): the sum of its next ``d`` dividends, and the dividend after those."""
    return forecast.dividend_terms(s.income[c], s.treasury[c], sold, COMPANY_SHARES[c], d)


def share_dividends(s: ChicagoExpressState, c: int, sold: int, d: int) -> float:
    """One share's remaining dividends of company ``c`` with ``sold`` shares out (CE-8.1)."""
    return dividend_terms(s, c, sold, d)[0]


def frontier_gain(s: ChicagoExpressState, c: int) -> int:
    """Income company ``c`` could add at its next build: its best affordable hexes (CE-5).

    The sum of the incomes (CE-5.5) of the best three hexes (CE-5.2) it could place a
    locomotive on now: next to its network, open to it (CE-5.3), each within its treasury
    alone (CE-5.4), and no more hexes than locomotives left. A board reading the hand model
    lacks: it grows every company's income at one rate, wherever its track stands. Only
    hexes that pay income are looked at (the others would add 0).
    """
    left = s.locos_left[c]
    if left <= 0 or not s.frontier[c] & INCOME_MASK:  # no locomotive, or nothing to earn
        return 0
    gains = [s.hex_income(h) for h in s.open_hexes(c, INCOME_MASK)]
    gains.sort(reverse=True)
    return sum(gains[:min(MAX_PLACEMENTS, left)])


def unsold_fraction(s: ChicagoExpressState) -> float:
    """The fraction of the four eastern companies' shares still unsold (CE-1, CE-4.1).

    While shares are left, cash buys them, and in games of the search and the
    heuristic a share bought after the setup paid about twice its price in
    dividends (docs/history.md, "Why a short cut-off lost"): so cash is
    worth more than its face early, and its face at the end.
    """
    unsold = 0
    for c in range(EASTERN):
        unsold += COMPANY_SHARES[c] - s.sold[c]
    return unsold / EASTERN_SHARES


def temperature(s: ChicagoExpressState) -> float:
    """The hand-tuned evaluator's temperature, ``4 + 2.5 d`` dollars."""
    return 4.0 + 2.5 * remaining_dividends(s)


def share_parts(s: ChicagoExpressState, c: int, d: int, board: bool
                ) -> tuple[float, float, int, float, float]:
    """What the share features of one share of company ``c`` (shares sold) are made of, in
    dollars: the hand model's next ``d`` dividends and the one after (CE-8.1), the dividend
    at today's income, its part of the treasury, and its part of the next build's income
    at every dividend left (0 without ``board``)."""
    sold = s.sold[c]
    grown, after = dividend_terms(s, c, sold, d)
    gain = frontier_gain(s, c) * d / sold if board else 0.0
    return grown, after, math.ceil(s.income[c] / sold), s.treasury[c] / sold, gain


def share_rows(s: ChicagoExpressState, board: bool = True) -> list[list[float] | None]:
    """What one share of each company adds to its holder's features (:data:`SHARE_FEATURES`;
    0 elsewhere), or None for a company with no share sold.

    ``board`` False leaves ``frontier_gain/T`` at 0 without reading the board.
    """
    d = remaining_dividends(s)
    inv_t = 1.0 / (4.0 + 2.5 * d)
    paid = float(s.dividends)
    out: list[list[float] | None] = []
    for c in range(len(s.sold)):
        if not s.sold[c]:
            out.append(None)
            continue
        grown, after, per, claim, gain = share_parts(s, c, d, board)
        out.append([0.0, grown * inv_t, per * d * inv_t, claim * inv_t, 0.0,
                    0.0, grown * 0.01, per * 0.1, 0.0, 0.0, 0.0, gain * inv_t, after * inv_t,
                    inv_t, d * inv_t, paid * inv_t])
    return out


def seat_features(state: GameState, board: bool = True) -> list[list[float]]:
    """The features of :data:`FEATURE_NAMES` for each seat of a Chicago Express position.

    ``board`` False leaves ``frontier_gain/T`` at 0 without reading the board: for a model
    that gives it no weight (it is most of the features' cost at a search leaf).
    """
    assert isinstance(state, ChicagoExpressState)
    s = state
    d = remaining_dividends(s)
    inv_t = 1.0 / (4.0 + 2.5 * d)
    rows = share_rows(s, board)
    mover = s.current_player()
    unsold = unsold_fraction(s)
    out: list[list[float]] = []
    for p in range(s.num_players):
        cash = float(s.cash[p])
        row = [0.0] * NUM_FEATURES
        row[0], row[5], row[8] = cash * inv_t, cash * 0.01, 1.0 if p == mover else 0.0
        row[9], row[10] = cash * unsold * inv_t, cash * unsold * 0.01
        held = s.held[p]
        for c in range(len(rows)):
            k = held[c]
            share = rows[c]
            if k and share is not None:
                for j in range(NUM_FEATURES):
                    row[j] += k * share[j]
        out.append(row)
    if s.step in (SETUP, BID) and s.a_bidder >= 0:
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
    """A conditional logit over :func:`seat_features`: win chances per seat, in [0, 1].

    Scores a position without building the seats' rows: each company's share is worth
    its share features weighed (:func:`share_parts`), each seat adds its shares' worth to
    its own features' (the same numbers as ``softmax(logits(seat_features(s), weights))``;
    this runs at every leaf).
    """

    def __init__(self, weights: list[float]) -> None:
        if len(weights) != NUM_FEATURES:
            raise ValueError(f"{len(weights)} weights for {NUM_FEATURES} features")
        self.weights = list(weights)
        self.board = weights[F["frontier_gain/T"]] != 0.0

    def __call__(self, state: GameState) -> list[float]:
        assert isinstance(state, ChicagoExpressState)
        s = state
        w = self.weights
        d = remaining_dividends(s)
        inv_t = 1.0 / (4.0 + 2.5 * d)
        # A share's worth: the share features of share_rows, in its order, weighed.
        fixed = (w[13] + w[14] * d + w[15] * s.dividends) * inv_t
        worth = []
        for c in range(len(s.sold)):
            if not s.sold[c]:
                worth.append(0.0)
                continue
            grown, after, per, claim, gain = share_parts(s, c, d, self.board)
            worth.append(fixed + (w[1] * grown + w[2] * per * d + w[3] * claim + w[11] * gain
                                  + w[12] * after) * inv_t + w[6] * grown * 0.01
                         + w[7] * per * 0.1)
        unsold = unsold_fraction(s)
        per_cash = (w[0] * inv_t + w[5] * 0.01 + w[9] * unsold * inv_t
                    + w[10] * unsold * 0.01)
        mover = s.current_player()
        values = []
        for p in range(s.num_players):
            held = s.held[p]
            total = s.cash[p] * per_cash + (w[8] if p == mover else 0.0)
            for c in range(len(worth)):
                if held[c]:
                    total += held[c] * worth[c]
            values.append(total)
        if w[4] != 0.0 and s.step in (SETUP, BID) and s.a_bidder >= 0:
            c = s.a_company
            values[s.a_bidder] += w[4] * (share_dividends(s, c, s.sold[c] + 1, d)
                                          - s.a_high) * inv_t
        return softmax_utility(values, 1.0)
