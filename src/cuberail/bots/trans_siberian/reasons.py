"""Why the Trans-Siberian heuristic (``medium``) plays a move, in plain words.

:func:`reason` explains a move of the heuristic's as the heuristic itself weighs it (its
:func:`~cuberail.bots.trans_siberian.heuristic.seat_values` and bid limit), as a
:class:`~cuberail.core.words.Said` of this package's catalogs (``data/words-LANG.json``,
keys ``ts.why.*``); companies are named with the title's own words (``company.ID``). The
server's hint (``GET /api/games/{id}/hint``) answers it as the suggested move's reason.
"""

from __future__ import annotations

import math
from dataclasses import replace

from cuberail.bots.evaluate import relative
from cuberail.bots.trans_siberian.fast import opening_dividends
from cuberail.bots.trans_siberian.heuristic import Params, jitter_scale, seat_values
from cuberail.core.actions import Action
from cuberail.core.words import Said
from cuberail.games.trans_siberian.board import COMPANY_IDS, COMPANY_INDEX, NUM_COMPANIES
from cuberail.games.trans_siberian.state import (
    AUCTION,
    BUILD_FIRST,
    BUILD_SECOND,
    PICK_LINK,
    PICK_SURCHARGE,
    PICK_VALUE,
    TransSiberianState,
)

NC = NUM_COMPANIES


def company(index: int) -> Said:
    """A company in the title's words."""
    return Said(f"company.{COMPANY_IDS[index]}")


def reason(s: TransSiberianState, action: Action, p: Params | None = None) -> Said | None:
    """The reason for ``action`` in ``s``, weighed with the heuristic's ``p`` (None where
    the heuristic's reason would not hold for it: a link that is not its best)."""
    p = p or Params()
    if s.step == AUCTION:
        return _auction(s, action, p)
    if s.step == PICK_VALUE:
        return _value(s, action)
    if s.step == PICK_LINK:
        return Said("ts.why.start_link")
    if s.step in (BUILD_FIRST, BUILD_SECOND):
        if action.kind == "stop":
            return Said("ts.why.stop")
        return Said("ts.why.link") if _best_link(s, action, p) else None
    if s.step == PICK_SURCHARGE:
        return Said("ts.why.surcharge")
    return _turn(s, action, p)


def _auction(s: TransSiberianState, action: Action, p: Params) -> Said:
    """TS-2.1, TS-7.1: a bid up to the share's worth, or why not; a bid above it (the
    search's, in a hint) is not money lost: it goes into the company's treasury (TS-2.2).
    (The 35th newcomer run read "worth about $17" and then a hint to bid $25.)"""
    worth = round(p.bid_base + opening_dividends(s, p.dividend_weight))
    co = company(s.a_company)
    if action.kind == "bid":
        over = int(str(action.args[0])) > worth if action.args else False
        return Said("ts.why.bid_treasury" if over else "ts.why.bid",
                    {"company": co, "worth": worth})
    if s.a_phase == 2 and s.value_nationalizes(min(worth, s.cash[s.a_to_act])):
        return Said("ts.why.pass_doomed", {"company": co})
    return Said("ts.why.pass_bid", {"company": co, "worth": worth})


def _value(s: TransSiberianState, action: Action) -> Said:
    """TS-2.2: the highest value the bid allows scores most at the end; a lower one (the
    search's, in a hint) makes the next share cheaper (TS-3.1), so that more players can
    buy it and make the company public (TS-9.2). The 40th newcomer run read a lower
    value's hint with no reason; "the highest share value" would have been wrong."""
    highest = max(int(str(a.args[0])) for a in s.legal_actions() if a.args)
    value = int(str(action.args[0])) if action.args else highest
    if value >= highest:
        return Said("ts.why.value")
    return Said("ts.why.value_lower", {"company": company(s.a_company), "value": value})


def _turn(s: TransSiberianState, action: Action, p: Params) -> Said:
    """TS-3: a buy, a build or a pass, by what it adds to my expected final score."""
    me = s.current_player()
    if action.kind == "buy":
        names = [COMPANY_INDEX[str(a)] for a in action.args]
        gain = max(0, round(_gain(s, action, me, p)))
        if len(names) == 2:
            return Said("ts.why.buy_two", {"first": company(names[0]),
                                           "second": company(names[1]), "gain": gain})
        c = names[0]
        if s.owned(c) == 1 and s.unsold[c]:
            return Said("ts.why.buy_public", {"company": company(c), "gain": gain})
        return Said("ts.why.buy", {"company": company(c), "gain": gain})
    if action.kind == "build":
        return Said("ts.why.build", {"company": company(COMPANY_INDEX[str(action.args[0])])})
    return Said("ts.why.pass") if _holds_public(s, me) else Said("ts.why.pass_nothing")


def _gain(s: TransSiberianState, action: Action, me: int, p: Params) -> float:
    """My expected final score after ``action`` less before, against the average opponent."""
    after = s.clone()
    after.apply_unchecked(action)
    return (relative(seat_values(after, p), me, p.spite)
            - relative(seat_values(s, p), me, p.spite))


def _best_link(s: TransSiberianState, action: Action, p: Params) -> bool:
    """TS-4: whether ``action`` is the best link on offer as the heuristic weighs links
    (its value for the mover with the turn's best follow-ups), within the spread its own
    noise gives its choice: a hint of another player's choice must not get this reason."""
    from cuberail.bots.trans_siberian.heuristic import TSHeuristic

    judge = TSHeuristic(seed=0, params=replace(p, noise=0.0))
    me = s.current_player()
    values = {a: judge._after(s, a, me) for a in s.legal_actions() if a.kind != "stop"}
    best = max(values.values())
    spread = 2 * p.noise * jitter_scale(best)  # the most TSHeuristic._after's noise moves
    return values.get(action, -math.inf) >= best - spread - 1e-9


def _holds_public(s: TransSiberianState, seat: int) -> bool:
    """Whether ``seat`` holds a share that scores at the end (TS-9.2: a public company)."""
    return any(s.held[seat * NC + c] and s.is_public(c) for c in range(NC))
