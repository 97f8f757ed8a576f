"""Chicago Express's fixed action ids (scheme of :mod:`cuberail.env.actions`): its
vocabulary in order, then one id per bid from $1 to the proved money bound."""

from __future__ import annotations

from cuberail.env.actions import ActionTable, bid_actions, option_top

TITLE = "chicago-express"


def money_bound() -> int:
    """The most cash any Chicago Express player can hold, under any allowed options.

    Cash enters players only as dividends (CE-7, CE-8; treasuries never pay players),
    so it is at most the starting cash of all players plus every dividend ever paid.
    A company's income is at most its start income plus what its locomotives can bring:
    each one stands on its own hex (a company places on a hex once) and brings at most
    the hex's income and house, or an industrial hex's track top over the options, so
    at most the sum of its locomotive count's largest such gains, plus one more for its
    start hex (Wabash's income follows Fort Wayne's, house too: CE-7.2). A payment of
    income ``I`` over ``s`` shares sold pays ``s * ceil(I / s) <= I + s - 1``. Detroit's
    track rises a step at each general dividend and the game ends at the general
    dividend that finds it at the top (CE-8.4, CE-9.1), so there are at most
    ``(top - start) / step + 1`` general dividends, plus one Chicago dividend per
    company (it reaches Chicago once).
    """
    from cuberail.games.chicago_express import OPTIONS
    from cuberail.games.chicago_express.board import (
        COMPANIES,
        DETROIT,
        HEX_INDEX,
        HEXES,
        STARTING_CASH,
    )

    tops = {HEX_INDEX["I6"]: option_top(OPTIONS, "wheeling_max"),
            HEX_INDEX["K4"]: option_top(OPTIONS, "pittsburgh_max")}
    gains = sorted((h.income + h.house + tops.get(h.index, h.track_max) for h in HEXES),
                   reverse=True)
    detroit = HEXES[DETROIT]
    general = -(-(detroit.track_max - detroit.track_start) // detroit.track_step) + 1
    per_payment = sum(c.start_income + sum(gains[:c.locomotives + 1]) + c.shares - 1
                      for c in COMPANIES)
    start = max(n * cash for n, cash in STARTING_CASH.items())
    return start + (general + 1) * per_payment


def build_table() -> ActionTable:
    """The table: choices, shares, companies, placements, developments, stop, forgo,
    pass, then the bids."""
    from cuberail.games.chicago_express import actions as A

    head = [*A.CHOOSE, *A.SHARE, *A.COMPANY, *A.PLACE, *A.DEVELOP, A.STOP, A.FORGO, A.PASS]
    top = money_bound()
    return ActionTable(TITLE, (*head, *bid_actions(top)), bid_base=len(head), max_bid=top)
