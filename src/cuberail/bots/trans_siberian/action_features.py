"""Trans-Siberian actions read on the board, for the policy/value network (the ``az`` bot).

The network's generic action vector names an action's kind and companies only: every
``link <id>`` looks alike. This module gives each action a few numbers of the position
(:data:`NAMES`), from what the heuristic already computes (its seat values, share worth,
nationalization risk and link outlook): what a link costs with its jumps and earns, the
share value steps it raises, the treasury it leaves, whether the company nears the
nationalization marker, what a share or a bid is worth. Dollars are divided by 10.
Changing a number's meaning or order changes the kit's ``Network.version``.

It runs when the search asks the network (once per position visited 16 times, a few
hundredths of the search's iterations), so it is plain Python over the state's public
fields and the heuristic's (compiled) valuations; it is not compiled itself.
"""

from __future__ import annotations

from cuberail.bots.evaluate import relative
from cuberail.bots.trans_siberian.fast import (
    BID_BASE,
    DIVIDEND_WEIGHT,
    SPITE,
    STEP_COST,
    opening_dividends,
    risk,
    value_gap,
)
from cuberail.bots.trans_siberian.heuristic import _link_outlook, seat_values
from cuberail.core.actions import Action
from cuberail.core.state import GameState
from cuberail.games.trans_siberian import actions as A
from cuberail.games.trans_siberian.board import (
    BANK,
    COMPANY_INDEX,
    INTERNAL_COST,
    LINK_EXTERNAL,
    LINK_INDEX,
    LINK_VALUE,
    SHARE_TRACK,
    SURCHARGE,
    TOP,
)
from cuberail.games.trans_siberian.network import link_cost
from cuberail.games.trans_siberian.state import (
    AUCTION,
    BUILD_FIRST,
    BUILD_SECOND,
    PICK_LINK,
    PICK_SURCHARGE,
    TURN,
    TransSiberianState,
)

NAMES: tuple[str, ...] = (
    "cost/10",  # a link's cost with its jump fees (TS-4.2); a buy's price; a bid; a value
    "income/10",  # a link's value, the income it adds (TS-4.3); the company's income
    "value/10",  # the heuristic's worth of the action to the seat to move, in dollars
    "left/10",  # the company's treasury after a link; the seat's cash after a buy or bid
    "steps",  # share value steps a link raises (income marks, TS-4.4)
    "held",  # the mover's part of the company's shares held by players
    "danger",  # how near the marker the company is after it, if the mover holds it (TS-8)
    "outlook/10",  # a link's value and half the best link on from it (the heuristic's)
    "fees_mine/10",  # jump fees paid to companies the mover holds, their part of it (TS-4.2)
    "best",  # 1: the highest value among these actions
)
SIZE = len(NAMES)
_VALUED = (TURN, PICK_SURCHARGE, BUILD_FIRST, BUILD_SECOND)  # the heuristic looks ahead there


def action_features(state: GameState, actions: list[Action]) -> list[list[float]]:
    """One row of :data:`NAMES` per action of ``actions`` in ``state``."""
    assert isinstance(state, TransSiberianState)
    s = state
    me = s.current_player()
    base = relative(seat_values(s), me, SPITE) if s.step in _VALUED else 0.0
    out = []
    for a in actions:
        row = [0.0] * SIZE
        kind = a.kind
        if kind == "link":
            _link(s, a, me, row)
        elif kind == "buy":
            _buy(s, [COMPANY_INDEX[str(c)] for c in a.args], me, row)
        elif kind in ("build", "surcharge"):
            _company(s, COMPANY_INDEX[str(a.args[0])], me, row)
        elif kind == "bid":
            amount = int(a.args[0])
            worth = BID_BASE + opening_dividends(s, DIVIDEND_WEIGHT)
            row[0], row[2], row[3] = amount * 0.1, (worth - amount) * 0.1, \
                (s.cash[me] - amount) * 0.1
        elif kind == "value":
            row[0] = int(a.args[0]) * 0.1
            row[6] = 1.0 if s.value_nationalizes(int(a.args[0])) else 0.0
        if s.step in _VALUED:
            row[2] = (_after(s, a, me) - base) * 0.1
        out.append(row)
    best = max(range(len(out)), key=lambda i: out[i][2])
    if s.step == AUCTION or s.step in _VALUED:
        out[best][9] = 1.0
    return out


def _after(s: TransSiberianState, action: Action, me: int) -> float:
    """The heuristic's value of the position after ``action`` for ``me`` (no look-ahead)."""
    nxt = s.clone()
    nxt.apply_unchecked(action)
    return relative(seat_values(nxt), me, SPITE)


def _held(s: TransSiberianState, me: int, c: int) -> float:
    owned = s.owned(c)
    return s.shares_held(me, c) / owned if owned else 0.0


def _danger(s: TransSiberianState, c: int, v: int, treasury: int, me: int) -> float:
    """1 less the heuristic's kept part of a share's end value at share value index ``v``
    with ``treasury`` (TS-8.1), for a company the mover holds; else 0."""
    if not s.shares_held(me, c):
        return 0.0
    return 1.0 - risk(value_gap(s, v) + treasury // STEP_COST)


def _link(s: TransSiberianState, a: Action, me: int, row: list[float]) -> None:
    link = LINK_INDEX[str(a.args[0])]
    c = s.a_company if s.step == PICK_LINK else s.b_company
    value = LINK_VALUE[link]
    row[1], row[5], row[7] = value * 0.1, _held(s, me, c), _link_outlook(s, a) * 0.1
    if s.step == PICK_LINK:  # free, its value the income (TS-2.2)
        return
    cost, fees = _link_cost(s, a, link, me)
    if c < 0 or s.value[c] < 0:
        return
    income = s.income[c]
    steps = sum(1 for m in s.opts.marks if income < m <= income + value)
    if LINK_EXTERNAL[link] or s.step == BUILD_SECOND:  # a build's one raise (TS-4.4)
        steps += 1
    left = s.treasury[c] - cost
    v = min(s.value[c] + steps, TOP)
    row[0], row[3], row[4] = cost * 0.1, left * 0.1, float(steps)
    row[6] = _danger(s, c, v, left, me)
    row[8] = fees * 0.1


def _link_cost(s: TransSiberianState, a: Action, link: int, me: int) -> tuple[int, float]:
    """What a link costs its company in all (TS-4.2), and the mover's part of the fees paid
    to companies it holds."""
    if s.step == BUILD_SECOND:
        return INTERNAL_COST, 0.0
    base, fee = link_cost(link)
    option = s.build_options().get(a)
    if option is None:
        return base, 0.0
    payees = A.payees(option[1])
    mine = sum(fee * _held(s, me, p) for p in payees if p != BANK)
    return base + fee * len(payees), mine


def _buy(s: TransSiberianState, companies: list[int], me: int, row: list[float]) -> None:
    price = sum(s.share_value(c) for c in companies)
    if len(companies) > 1:
        price += SURCHARGE  # TS-3.1
    row[0], row[3] = price * 0.1, (s.cash[me] - price) * 0.1
    row[1] = sum(s.income[c] for c in companies) * 0.1
    row[5] = max(_held(s, me, c) for c in companies)


def _company(s: TransSiberianState, c: int, me: int, row: list[float]) -> None:
    row[1], row[3], row[5] = s.income[c] * 0.1, s.treasury[c] * 0.1, _held(s, me, c)
    if s.value[c] >= 0:
        row[0] = SHARE_TRACK[s.value[c]] * 0.1
        row[6] = _danger(s, c, s.value[c], s.treasury[c], me)
