"""Chicago Express actions read on the board, for the policy/value network (the ``az`` bot).

The network's generic action vector names an action's kind and words only: every
``place <hex>`` looks alike. This module gives each action a few numbers of the position
(:data:`NAMES`), from what the heuristic already computes (its hex values, build plan,
develop and share values): what a build costs and earns, the treasury it leaves, whether
it takes Chicago or a hex a rival company could grow to; what a share or a company is
worth to the seat to move. Dollars are divided by 10. Changing a number's meaning or
order changes the kit's ``Network.version``.

It runs when the search asks the network (once per position visited 16 times, a few
hundredths of the search's iterations), so it is plain Python over the state's public
fields and the heuristic's (compiled) valuations; it is not compiled itself.
"""

from __future__ import annotations

from collections.abc import Callable

from cuberail.bots.chicago_express.features import share_dividends
from cuberail.bots.chicago_express.heuristic import (
    CEHeuristic,
    holder_fractions,
    remaining_dividends,
)
from cuberail.bots.evaluate import relative
from cuberail.core.actions import Action
from cuberail.core.state import GameState
from cuberail.games.chicago_express import actions as A
from cuberail.games.chicago_express.board import (
    CHICAGO,
    COMPANY_IDS,
    FOREST,
    HEX_INDEX,
    HEXES,
    NEIGHBOUR_MASK,
    SINGLE_COMPANY,
    START_MASK,
)
from cuberail.games.chicago_express.state import INCOME_MASK, ChicagoExpressState

NAMES: tuple[str, ...] = (
    "cost/10",  # a placement's cost (CE-5.4), a bid, a share's opening bid (CE-4.2)
    "income/10",  # income a placement or develop adds (CE-5.5, CE-6.3); a company's income
    "value/10",  # the heuristic's worth of the action to the seat to move, in dollars
    "left/10",  # the company's treasury after a placement; the seat's cash after a bid
    "earns",  # 1: a placement on a hex that adds income
    "chicago",  # 1: a placement that reaches Chicago first (CE-7.1)
    "blocks",  # 1: a placement on a single-company hex a rival company could grow to
    "reach/3",  # income hexes a placement newly brings next to the network
    "worth/10",  # one share's forecast dividends (a share, a bid, a company to build)
    "best",  # 1: the heuristic's pick among these actions (its planned hex, best value)
)
SIZE = len(NAMES)
_H = CEHeuristic(0)  # its valuations only: none of them draws from its random generator
_COMPANY = {c: i for i, c in enumerate(COMPANY_IDS)}
_GAUGE = {a: g for g, a in enumerate(A.CHOOSE)}


def action_features(state: GameState, actions: list[Action]) -> list[list[float]]:
    """One row of :data:`NAMES` per action of ``actions`` in ``state``."""
    assert isinstance(state, ChicagoExpressState)
    s = state
    d = remaining_dividends(s)
    me = s.current_player()
    plan = _H.plan(s, s.b_company)[1] if s.b_company >= 0 and _has(actions, "place") else -1
    values = _H.hex_values(s, s.b_company, d) if plan >= 0 else []
    surplus: Callable[[int], float] | None = None  # a bid's worth, by its amount
    out = []
    for a in actions:
        row = [0.0] * SIZE
        kind = a.kind
        if kind == "place":
            _place(s, HEX_INDEX[str(a.args[0])], d, me, values, plan, row)
        elif kind == "develop":
            h = HEX_INDEX[str(a.args[0])]
            row[1] = _develop_income(s, h) * 0.1
            row[2] = _H.develop_value(s, h, me) * 0.1
        elif kind in ("share", "company"):
            _company(s, _COMPANY[str(a.args[0])], kind == "share", d, me, row)
        elif kind == "bid":
            if surplus is None:
                surplus = _H.surplus_curve(s, me, s.a_company)
            _bid(s, int(a.args[0]), surplus(int(a.args[0])), d, me, row)
        elif kind == "choose":
            row[2] = _choice_value(s, _GAUGE[a]) * 0.1
        out.append(row)
    _mark_best(out)
    return out


def _has(actions: list[Action], kind: str) -> bool:
    return any(a.kind == kind for a in actions)


def _place(s: ChicagoExpressState, h: int, d: int, me: int, values: list[float], plan: int,
           row: list[float]) -> None:
    c = s.b_company
    cost = s.placement_cost(h)
    gain = s.hex_income(h)
    worth = values[h] if values else float(gain)
    network = s.network[c]
    row[0], row[1] = cost * 0.1, gain * 0.1
    row[2] = relative([f * worth * d for f in holder_fractions(s, c)], me, _H.p.spite) * 0.1
    row[3] = (s.treasury[c] - cost) * 0.1
    row[4] = 1.0 if gain > 0 else 0.0
    row[5] = 1.0 if h == CHICAGO and not network >> CHICAGO & 1 else 0.0
    row[6] = 1.0 if SINGLE_COMPANY[h] and _rival_reaches(s, c, h) else 0.0
    known = network | s.frontier[c] | START_MASK
    row[7] = (NEIGHBOUR_MASK[h] & INCOME_MASK & ~known).bit_count() / 3.0
    row[9] = 1.0 if h == plan else 0.0


def _rival_reaches(s: ChicagoExpressState, c: int, h: int) -> bool:
    """Whether another company in play could place on ``h`` next (CE-5.2)."""
    return any(o != c and s.sold[o] and s.frontier[o] >> h & 1 for o in range(len(s.sold)))


def _develop_income(s: ChicagoExpressState, h: int) -> float:
    """Income a development adds to the companies on ``h`` together (CE-6.3, CE-6.5; a
    forest pays cash instead, CE-6.4)."""
    hx = HEXES[h]
    track = s.track.get(h)
    if track is not None:
        step = min(hx.track_step, s.opts.track_max[h] - track)
    else:
        step = 0 if hx.terrain == FOREST else hx.house
    return float(step * len(s.companies_on(h)))


def _company(s: ChicagoExpressState, c: int, auction: bool, d: int, me: int,
             row: list[float]) -> None:
    row[1] = s.income[c] * 0.1
    if auction:  # a share put up for auction (CE-4.1) at its opening bid (CE-4.2)
        price = s.minimum_bid_for(c)
        row[0], row[3] = price * 0.1, (s.cash[me] - price) * 0.1
        row[2] = _H.share_surplus(s, me, c, price) * 0.1
        row[8] = share_dividends(s, c, s.sold[c] + 1, d) * 0.1
    else:  # the company to build for (CE-5.1)
        row[2] = _H.build_value(s, c) * 0.1
        row[3] = s.treasury[c] * 0.1
        row[8] = share_dividends(s, c, s.sold[c], d) * 0.1


def _bid(s: ChicagoExpressState, amount: int, surplus: float, d: int, me: int,
         row: list[float]) -> None:
    c = s.a_company
    row[0], row[1] = amount * 0.1, s.income[c] * 0.1
    row[2] = surplus * 0.1
    row[3] = (s.cash[me] - amount) * 0.1
    row[8] = share_dividends(s, c, s.sold[c] + 1, d) * 0.1


def _choice_value(s: ChicagoExpressState, gauge: int) -> float:
    """The heuristic's worth of a turn's action (CE-3.1): its best share, develop, build."""
    if gauge == 0:
        return _H.best_share_value(s)
    if gauge == 1:
        return _H.best_develop_value(s)
    return max((_H.build_value(s, c) for c in s.buildable_companies(s.turn)), default=0.0)


def _mark_best(rows: list[list[float]]) -> None:
    """``best``: the planned hex where it is among the placements, else the highest value."""
    if any(r[9] for r in rows):
        return
    best = max(range(len(rows)), key=lambda i: rows[i][2])
    if rows[best][2] > 0.0:
        rows[best][9] = 1.0
