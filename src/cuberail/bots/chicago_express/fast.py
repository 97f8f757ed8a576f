"""A Chicago Express policy of a few microseconds per move, for search rollouts.

It bids to a rough worth of the share (jumping a little, so auctions take fewer
moves), places on the richest hex in reach, develops where its own holdings gain
most, and picks gauges at random. The full heuristic (hundreds of microseconds a
move) is too slow to finish thousands of games a second.
"""

from __future__ import annotations

import random
from typing import Final

from cuberail.bots.chicago_express.heuristic import CEHeuristic, Params
from cuberail.core.actions import Action
from cuberail.core.auction import bid_action
from cuberail.core.state import GameState
from cuberail.games.chicago_express import actions as A
from cuberail.games.chicago_express.board import CHICAGO, COMPANIES, DETROIT, HEXES
from cuberail.games.chicago_express.state import (
    BID,
    COMPANY,
    DEVELOP,
    PLACE,
    SETUP,
    SHARE,
    ChicagoExpressState,
)

_SHARES: Final = tuple(c.shares for c in COMPANIES)
_DETROIT_END: Final = HEXES[DETROIT].track_max + 1
_INCOME: Final = tuple(h.income for h in HEXES)
_HOUSE: Final = tuple(h.house for h in HEXES)
_DEVELOP_GAIN: Final = tuple(h.house or h.track_step or 1 for h in HEXES)
_COMPANY_OF: Final = {a: i for i, a in enumerate(A.COMPANY)}
_SHARE_OF: Final = {a: i for i, a in enumerate(A.SHARE)}
_CHICAGO_BONUS: Final = 14


def quick_dividends(s: ChicagoExpressState) -> int:
    """A rough count of the general dividends left (Detroit's track and the unsold shares)."""
    sold = s.sold
    unsold = sorted([_SHARES[c] - sold[c] for c in range(5)])
    shares = 1 + (unsold[0] + unsold[1] + unsold[2] + 1) // 2
    return max(1, min(_DETROIT_END - s.track[DETROIT], shares))


def fast_policy(state: GameState, rng: random.Random) -> Action:
    """One legal action for the seat to move; the state is not changed."""
    assert isinstance(state, ChicagoExpressState)
    s = state
    step = s.step
    if step in (BID, SETUP):  # decided from the auction's fields: no list of bids
        return _bid(s, rng)
    if step == PLACE:  # from the hexes themselves: no list of actions
        return _place(s, s.placements(s.b_company), rng)
    if step == DEVELOP:
        return _develop(s, s.developable_hexes())
    legal = s.legal_actions()
    if len(legal) == 1:
        return legal[0]
    if step == SHARE:
        return _share(s, legal, rng)
    if step == COMPANY:
        return _richest(s, legal, rng)
    return legal[int(rng.random() * len(legal))]  # choose a gauge


def _richest(s: ChicagoExpressState, legal: list[Action], rng: random.Random) -> Action:
    """The company with the most money (ties at random) of ``company X`` actions and forgo."""
    best, choice = -1.0, legal[0]
    for a in legal[:-1]:  # the first of equals, like max(): a random number is drawn for each
        value = s.treasury[_COMPANY_OF[a]] + rng.random()
        if value > best:
            best, choice = value, a
    return choice


def _worth(s: ChicagoExpressState, company: int, d: int) -> float:
    """Dividends one more share should pay, the company's money counted in."""
    grown = s.income[company] + 0.2 * min(s.treasury[company], 6 * d)
    return d * grown / (s.sold[company] + 1.5)


def _bid(s: ChicagoExpressState, rng: random.Random) -> Action:
    """The lowest legal bid (CE-2.2, CE-4.3), or a little more, up to the heuristic's limit."""
    low = max(1, s.a_high + 1 if s.a_bidder >= 0 else s.minimum_bid())
    high = s.cash[s.a_to_act]
    if low > high:
        return A.PASS
    limit = bid_limit(s) * (0.9 + 0.2 * rng.random())
    if low > limit:
        return A.PASS
    return bid_action(min(high, low + int(rng.random() * (int(limit - low) // 4 + 1))))


_LIMITS: Final[dict[tuple[int, ...], int]] = {}
# The heuristic without noise, as a judge of prices.
_JUDGE: Final = CEHeuristic(0, Params(noise=0.0))
_CASH_CEILING: Final = 400  # above any cash a player can hold


def bid_limit(s: ChicagoExpressState) -> int:
    """The heuristic's bid limit for the bidder to act, its price limit remembered.

    The price limit is remembered without the bidder's cash (taken as unlimited,
    then capped): an auction asks again after every bid, and cash changes often.
    """
    c, p = s.a_company, s.a_to_act
    # Everything the price limit reads: other seats' holdings enter only as their sum, sold[c].
    key = (c, s.num_players, s.held[p][c], s.income[c], s.treasury[c],
           s.track[DETROIT], s.houses, *s.sold, *s.locos_left)
    price = _LIMITS.get(key)
    if price is None:
        if len(_LIMITS) > 50_000:
            _LIMITS.clear()
        price = _LIMITS[key] = _JUDGE.price_limit(s, p, c, _CASH_CEILING)
    return _JUDGE.bid_from_price(min(price, s.cash[p]))


def _share(s: ChicagoExpressState, legal: list[Action], rng: random.Random) -> Action:
    d = quick_dividends(s)
    best, choice = 0.0, A.FORGO
    for a in legal[:-1]:
        c = _SHARE_OF[a]
        surplus = 0.7 * _worth(s, c, d) + (s.income[c] // -(s.sold[c] + 1)) + rng.random()
        if surplus > best:
            best, choice = surplus, a
    return choice


def _place(s: ChicagoExpressState, hexes: list[int], rng: random.Random) -> Action:
    """The hex adding most income (Chicago counted as a bonus), ties broken at random."""
    if not hexes:
        return A.STOP
    developed, track = s.developed, s.track
    best, ties = -1, []
    for h in hexes:
        if h in track:
            value = track[h]
        elif h == CHICAGO:
            value = _CHICAGO_BONUS
        else:
            value = _INCOME[h] + (_HOUSE[h] if developed >> h & 1 else 0)
        if value > best:
            best, ties = value, [h]
        elif value == best:
            ties.append(h)
    if best == 0 and rng.random() < 0.3:
        return A.STOP  # nothing here pays: sometimes stop
    return A.PLACE[ties[int(rng.random() * len(ties))] if len(ties) > 1 else ties[0]]


def _develop(s: ChicagoExpressState, hexes: list[int]) -> Action:
    me = s.turn
    spite = 0.5 / (s.num_players - 1)
    best, choice = 0.0, A.FORGO
    held, sold, occ_mask = s.held[me], s.sold, s.occ_mask
    for h in hexes:
        mask = occ_mask[h]
        gain = 0.0
        for c in range(5):
            if mask >> c & 1 and sold[c]:
                gain += held[c] / sold[c] - spite
        gain *= _DEVELOP_GAIN[h]
        if gain > best:
            best, choice = gain, A.DEVELOP[h]
    return choice
