"""Two Lines's env kit: its observation layout and action ids (cuberail.env.kit), the way
a plug-in title gives itself PettingZoo and OpenSpiel environments."""

from __future__ import annotations

from collections.abc import Sequence

from cuberail.core.actions import Action
from cuberail.core.state import GameState
from cuberail.env.actions import ActionTable
from cuberail.env.kit import EnvKit
from cuberail.env.observe import Field, Layout, Seats, one_hot
from twolines.state import COMPANIES, LINES, SHARES, TwoLinesState

P = 4  # seats in the layout: the most players
MONEY = 100.0
TOP_BID = 400  # above any cash a game can reach (16 + 8 rounds of at most 17 + 15 income)


def _s(state: GameState) -> TwoLinesState:
    assert isinstance(state, TwoLinesState)
    return state


def _players(state: GameState, v: Seats) -> Sequence[float]:
    s = _s(state)
    out: list[float] = []
    for k in range(P):
        seat = v.order[k] if k < s.num_players else -1
        out += [s.cash[seat] / MONEY, *(s.held[seat][c] / SHARES for c in range(2))] \
            if seat >= 0 else [0.0, 0.0, 0.0]
    return out


def _companies(state: GameState, v: Seats) -> Sequence[float]:
    s = _s(state)
    return [x for c in range(2) for x in (s.treasury[c] / MONEY, s.income[c] / MONEY,
                                          s.built[c] / len(LINES[c]), s.sold(c) / SHARES)]


def _turn(state: GameState, v: Seats) -> Sequence[float]:
    s = _s(state)
    auction = [*one_hot(s.company, 2), s.high / MONEY, *v.one_hot(s.leader)] \
        if s.step == "auction" else [0.0] * (3 + P)
    return [*v.one_hot(s.current_player()), float(s.step == "auction"),
            s.round / max(1, s.rounds), *auction]


LAYOUT = Layout("two-lines", P, (
    Field("players", 3 * P, "cash, red shares, blue shares by seat from the observer",
          "cash/100, shares/3", _players),
    Field("companies", 8, "treasury, income, track laid, shares sold (red, blue)",
          "money/100, counts by their maximum", _companies),
    Field("turn", P + 2 + 3 + P, "seat to act, in an auction, round; the auction's company,"
          " high bid and leader", "one-hot, fractions", _turn),
))


def build_table() -> ActionTable:
    head = [Action("pass"), *(Action(k, (c,)) for k in ("auction", "build") for c in COMPANIES)]
    bids = [Action("bid", (n,)) for n in range(1, TOP_BID + 1)]
    return ActionTable("two-lines", (*head, *bids), bid_base=len(head), max_bid=TOP_BID)


KIT = EnvKit(layout=LAYOUT, table=build_table)
