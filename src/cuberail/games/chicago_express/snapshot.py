"""JSON snapshots of a Chicago Express state (refusals are explained in ``explain``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cuberail.core.hexes import iter_bits
from cuberail.games.chicago_express.actions import FORGO
from cuberail.games.chicago_express.board import COMPANIES, COMPANY_IDS, GAUGE_NAMES, HEXES
from cuberail.games.chicago_express.moves import end_parts

if TYPE_CHECKING:
    from cuberail.games.chicago_express.state import ChicagoExpressState


def snapshot(s: ChicagoExpressState) -> dict[str, Any]:
    """Every fact of the state, by name, as plain JSON values."""
    from cuberail.games.chicago_express.state import (
        AUCTION_WABASH,
        BID,
        CHOOSE,
        OVER,
        PLACE,
        SETUP,
        STEP_NAMES,
    )

    data: dict[str, Any] = {
        "title": s.title,
        "options": dict(s.opts.raw),
        "step": STEP_NAMES[s.step],
        "current_player": s.current_player(),
        "turn": s.turn,
        "players": [
            {"seat": p, "cash": s.cash[p],
             "shares": {COMPANY_IDS[c]: s.held[p][c] for c in range(5) if s.held[p][c]}}
            for p in range(s.num_players)
        ],
        "companies": [_company(s, c) for c in range(5)],
        "gauges": {GAUGE_NAMES[g]: {"used": s.gauges[g], "size": s.gauge_size(g)}
                   for g in range(3)},
        "industrial_track": {HEXES[h].name: v for h, v in sorted(s.track.items())},
        "developed": [HEXES[h].id for h in iter_bits(s.developed)],
        "houses": s.houses,
        "dividends_paid": s.dividends,
        "bank": {"paid_in": s.bank_in, "paid_out": s.bank_out},
    }
    if s.step in (SETUP, BID):
        data["auction"] = _auction(s)
    if s.step == PLACE or (s.step == BID and s.a_kind == AUCTION_WABASH and s.build_resumes()):
        # CE-5.7: a build paused for the Wabash auction shows too (it resumes after it)
        data["build"] = {"company": COMPANY_IDS[s.b_company], "placed": s.b_placed,
                         "reached_chicago": s.b_chicago}
    if s.step == OVER:
        data["result"] = s.result().to_json()
        data["end"] = [said.to_json() for said in end_parts(s)]  # CE-9.1, as words
    if s.step == CHOOSE:
        data["forgo_only"] = _forgo_only(s)
    data["legal_actions"] = [a.text() for a in s.legal_actions()]
    return data


def _forgo_only(s: ChicagoExpressState) -> list[str]:
    """CE-3.1: the action choices after which the player may only forgo the action (no
    share to auction, no hex to develop, no company to build for), as action texts: the
    page marks them before they are chosen (the 35th newcomer run chose "develop" again
    and again, filling its gauge for nothing)."""
    out = []
    for action in s.legal_actions():
        after = s.clone()
        after.apply(action)
        if after.legal_actions() == [FORGO]:
            out.append(action.text())
    return out


def _auction(s: ChicagoExpressState) -> dict[str, Any]:
    """The running auction (CE-2, CE-3)."""
    from cuberail.games.chicago_express.state import AUCTION_SETUP

    return {
        "company": COMPANY_IDS[s.a_company],
        "kind": ("setup", "turn", "wabash")[s.a_kind],
        "opener": s.a_opener,
        "high_bid": s.a_high if s.a_bidder >= 0 else None,
        "high_bidder": s.a_bidder if s.a_bidder >= 0 else None,
        "minimum_bid": s.minimum_bid(),
        "passed": [p for p in range(s.num_players) if s.has_passed(p)],
        "setup_index": s.a_setup if s.a_kind == AUCTION_SETUP else None,
    }


def _company(s: ChicagoExpressState, c: int) -> dict[str, Any]:
    co = COMPANIES[c]
    return {
        "id": co.id, "name": co.name, "colour": co.colour, "open": s.is_open(c),
        "income": s.income[c], "treasury": s.treasury[c],
        "dividend_per_share": s.dividend_per_share(c),  # CE-8.1, what a share pays now
        "shares_sold": s.sold[c], "shares_left": s.unsold(c),
        "locomotives_left": s.locos_left[c],
        "hexes": [HEXES[h].id for h in iter_bits(s.network[c])],
    }
