"""Why the Chicago Express heuristic (``medium``) plays a move, in plain words.

:func:`reason` explains a move of the heuristic's with the heuristic's own numbers (its
bid limit, a share's surplus, a build's or a development's value), as a
:class:`~cuberail.core.words.Said` of this package's catalogs (``data/words-LANG.json``,
keys ``ce.why.*``). The server's hint (``GET /api/games/{id}/hint``) answers it as the
suggested move's reason.
"""

from __future__ import annotations

from cuberail.bots.chicago_express.heuristic import CEHeuristic
from cuberail.core.actions import Action
from cuberail.core.words import Said, Value
from cuberail.games.chicago_express import actions as A
from cuberail.games.chicago_express.board import COMPANIES, HEXES
from cuberail.games.chicago_express.state import (
    BID,
    CHOOSE,
    COMPANY,
    DEVELOP,
    PLACE,
    SETUP,
    SHARE,
    ChicagoExpressState,
)

_INDEX = {c.id: i for i, c in enumerate(COMPANIES)}
_GAUGE = {a.args[0]: g for g, a in enumerate(A.CHOOSE)}


def plan_reason(s: ChicagoExpressState, action: Action, then: Action) -> Said | None:
    """CE-3, CE-8: an action chosen only to be forgone (the search's plan "choose to
    auction a share, then forgo the auction" read as a contradiction to the 32nd
    newcomer run): choosing it moves its gauge on without spending, and two full gauges
    bring the general dividend; None for any other plan."""
    if s.step != CHOOSE or action.kind != "choose" or then != A.FORGO:
        return None
    gauge = _GAUGE[action.args[0]]
    after, size = s.gauges[gauge] + 1, s.gauge_size(gauge)
    values: dict[str, Value] = {"after": after, "size": size}
    if after < size:
        return Said("ce.why.plan_forgo", values)
    full_before = s.red_gauges() - (1 if s.red >> gauge & 1 else 0)
    return Said("ce.why.plan_forgo_dividend" if full_before >= 1 else "ce.why.plan_forgo_full",
                values)


def reason(bot: CEHeuristic, s: ChicagoExpressState, action: Action) -> Said | None:
    """The reason for ``action`` in ``s``, weighed as ``bot`` weighs it (None: no step of
    the heuristic's)."""
    step = s.step
    if step in (SETUP, BID):
        return _auction(bot, s, action)
    if step == CHOOSE:
        return Said(f"ce.why.choose_{action.args[0]}")
    if step == SHARE:
        return _share(bot, s, action)
    if step == COMPANY:
        if action.kind != "company":
            return Said("ce.why.forgo_build")
        gain = round(bot.build_value(s, _INDEX[str(action.args[0])]))
        return Said("ce.why.company", {"company": str(action.args[0]), "gain": max(0, gain)})
    if step == PLACE:
        company = COMPANIES[s.b_company].id
        return Said("ce.why.place", {"company": company}) if action.kind == "place" else Said(
            "ce.why.stop", {"company": company})
    if step == DEVELOP:
        return _develop(bot, s, action)
    return None


def _auction(bot: CEHeuristic, s: ChicagoExpressState, action: Action) -> Said | None:
    """CE-2, CE-4: bids up to a fraction of what the share's dividends are worth, or a
    little over it as medium's varied limit may; a bid far above it (the search's, in a
    hint) is not money lost: it goes into the company's treasury (CE-2.3, CE-4.4) for the
    track a shareholder may build (CE-5.1). (The 35th newcomer run read "worth about $7"
    and then a hint to bid $12 with no reason.)"""
    company = COMPANIES[s.a_company].id
    limit = bot.bid_limit(s, s.a_to_act, s.a_company)
    percent = round(100 * bot.p.bid_fraction)
    if action.kind == "bid":
        amount = int(action.args[0])
        values: dict[str, Value] = {"company": company, "limit": limit, "percent": percent}
        if amount <= limit:
            return Said("ce.why.bid", values)
        if amount <= round(limit * (1 + bot.p.noise)):  # medium's own limit varies so much
            return Said("ce.why.bid_over", values)
        return Said("ce.why.bid_treasury", {"company": company, "limit": limit,
                                            "rule": "CE-2.3" if s.step == SETUP else "CE-4.4"})
    if limit <= 0:
        return Said("ce.why.pass_worthless", {"company": company})
    return Said("ce.why.pass_bid", {"company": company, "limit": limit, "percent": percent})


def _share(bot: CEHeuristic, s: ChicagoExpressState, action: Action) -> Said:
    """CE-4.1, CE-4.2: the share whose dividends beat its minimum bid by most."""
    if action.kind != "share":
        return Said("ce.why.forgo_share")
    c = _INDEX[str(action.args[0])]
    price = max(1, -(-s.income[c] // (s.sold[c] + 1)))
    gain = max(0, round(bot.share_surplus(s, s.turn, c, price)))
    return Said("ce.why.share", {"company": str(action.args[0]), "gain": gain})


def _develop(bot: CEHeuristic, s: ChicagoExpressState, action: Action) -> Said:
    """CE-6: the development that raises my companies' income most against the others'."""
    if action.kind != "develop":
        return Said("ce.why.forgo_develop")
    index = A.DEVELOP.index(action)
    gain = max(0, round(bot.develop_value(s, index, s.turn)))
    return Said("ce.why.develop", {"hex": HEXES[index].name or HEXES[index].id, "gain": gain})
