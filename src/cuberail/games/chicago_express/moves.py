"""Chicago Express in words: what a move says and what happened (no rendering).

``describe_parts`` (a move's sentence as data, a catalog key of
``data/words-*.json`` and its values), ``describe_action`` (its English),
``event_parts`` (what happened by itself when an action was applied, as data),
``events`` (its English) and ``describe_step`` (who decides what): the one source of
these words for the terminal, the server, the drawings and the research environments.
The engine does not import Rich; the terminal views do.
"""

from __future__ import annotations

from cuberail.core.actions import Action
from cuberail.core.state import GameState
from cuberail.core.words import Said, Value, named, seat, seat_name
from cuberail.games.chicago_express.board import (
    CHICAGO,
    COMPANIES,
    COMPANY_IDS,
    FOREST,
    GAUGE_NAMES,
    HEX_INDEX,
    HEXES,
    INDUSTRIAL_HEXES,
    MAX_PLACEMENTS,
    WABASH,
)
from cuberail.games.chicago_express.state import (
    AUCTION_SETUP,
    AUCTION_WABASH,
    BID,
    COMPANY,
    DEVELOP,
    OVER,
    PLACE,
    SETUP,
    SHARE,
    ChicagoExpressState,
)
from cuberail.games.words import english


def _ce(state: GameState) -> ChicagoExpressState:
    if not isinstance(state, ChicagoExpressState):
        raise TypeError(f"not a Chicago Express state: {type(state).__name__}")
    return state



def _auction_step(s: ChicagoExpressState, players: list[str]) -> str:
    kind = {AUCTION_SETUP: "setup auction", AUCTION_WABASH: "Chicago reached: auction"}.get(
        s.a_kind, "auction")  # (CE-7.2; it read "Wabash auction of a Wabash share")
    opener = seat_name(players, s.a_opener)
    text = f"{kind} of a {COMPANY_IDS[s.a_company]} share, opened by {opener}"
    if s.a_bidder >= 0:
        text += f": high bid ${s.a_high} by {seat_name(players, s.a_bidder)}"
    else:
        text += f": no bid yet (minimum ${s.minimum_bid()})"
    passed = [seat_name(players, p) for p in range(s.num_players) if s.has_passed(p)]
    if passed:
        text += f"; passed: {', '.join(passed)}"
    text += f". {seat_name(players, s.a_to_act)} to bid or pass"
    if s.a_kind == AUCTION_WABASH and s.build_resumes():  # CE-5.7, chicago=continue
        text += (f"; then {seat_name(players, s.turn)} goes on building for"
                 f" {COMPANY_IDS[s.b_company]} ({s.b_placed} of {MAX_PLACEMENTS} placed)")
    return text


def describe_step(s: ChicagoExpressState, players: list[str]) -> str:
    """One line saying what is going on and who decides."""
    who = seat_name(players, s.turn)
    if s.step in (SETUP, BID):
        return _auction_step(s, players)
    if s.step == OVER:
        winners = ", ".join(seat_name(players, p) for p in s.result().winners)
        return f"game over: {winners} won"
    if s.step == SHARE:
        return f"{who} auctions: choose a company's share"
    if s.step == COMPANY:
        return f"{who} builds: choose a company"
    if s.step == PLACE:
        co = COMPANY_IDS[s.b_company]
        return (f"{who} builds for {co}: {s.b_placed} of {MAX_PLACEMENTS} placed"
                f" (treasury ${s.treasury[s.b_company]})")
    if s.step == DEVELOP:
        return f"{who} develops: choose a hex"
    return f"{who}'s turn: choose auction, develop or build"


# ----- actions and events -----------------------------------------------------------


def _hex_text(h: int) -> str:
    return f"{HEXES[h].id} {HEXES[h].name}".rstrip()


def _place_parts(s: ChicagoExpressState, h: int) -> Said:
    """CE-5.4 the cost with the locomotives already there, CE-5.5 the income it adds."""
    hx, co = HEXES[h], COMPANY_IDS[s.b_company]
    facts: list[Value] = [Said(f"terrain.{hx.terrain_name}"), f"${s.placement_cost(h)}"]
    gain = s.hex_income(h)
    if gain:
        facts.append(Said("ce.move_income", {"n": gain}))
    if h == CHICAGO:
        facts.append(Said("ce.chicago_dividend"))
    return Said("ce.move_place", {"company": co, "hex": _hex_text(h), "facts": tuple(facts)})


def menu_parts(state: GameState, action: Action) -> Said | None:
    """A placement in a list of choices, where the step line already names the company
    (``Player 1 builds for NYC: 0 of 3 placed``): ``locomotive on R2 (forest, $2)``,
    which fits the list at 80 columns (``place a NYC locomotive on R2 (forest, $2)`` was
    cut there: the twenty-third newcomer run). None for every other move."""
    s = _ce(state)
    if action.kind != "place":
        return None
    full = _place_parts(s, HEX_INDEX[str(action.args[0])]).values
    return Said("ce.menu_place", {"hex": full["hex"], "facts": full["facts"]})


def _develop_parts(s: ChicagoExpressState, h: int) -> Said:
    """CE-6: what developing the hex gives the companies on it."""
    hx = HEXES[h]
    names = tuple(COMPANY_IDS[c] for c in s.companies_on(h))
    if hx.is_industrial:
        after = min(s.track[h] + hx.track_step, s.opts.track_max[h])
        effect = Said("ce.effect_track", {"now": s.track[h], "after": after,
                                          "companies": names, "n": after - s.track[h]})
    elif hx.terrain == FOREST:
        effect = Said("ce.effect_forest", {"companies": names, "cash": hx.develop_cash})
    else:
        effect = Said("ce.effect_house", {"companies": names, "n": hx.house})
    return Said("ce.move_develop", {"hex": _hex_text(h), "effect": effect})


def _choose_parts(s: ChicagoExpressState, gauge: str) -> Said:
    g = GAUGE_NAMES.index(gauge)
    return Said(f"ce.move_choose_{gauge}", {"now": s.gauges[g], "n": s.gauges[g] + 1,
                                             "of": s.gauge_size(g)})


def _share_parts(s: ChicagoExpressState, kind: str, arg: Value) -> Said:
    """Putting a share up (CE-3.1) and bidding on it (CE-3.2)."""
    if kind == "share":
        minimum = s.minimum_bid_for(COMPANY_IDS.index(str(arg)))
        return Said("ce.move_share", {"company": str(arg), "minimum": minimum})
    co = COMPANY_IDS[s.a_company]
    if kind == "bid":
        return Said("ce.move_bid", {"bid": arg, "company": co})
    return Said("ce.move_pass", {"company": co})


_FORGO = {SHARE: "ce.move_forgo_auction", DEVELOP: "ce.move_forgo_develop"}


def describe_parts(state: GameState, action: Action) -> Said:
    """The sentence for ``action`` in ``state`` (before it is applied) as data: a catalog
    key of games/chicago_express/data/words-*.json and its values."""
    s = _ce(state)
    kind, arg = action.kind, action.args[0] if action.args else ""
    if kind == "choose":
        return _choose_parts(s, str(arg))
    if kind in ("share", "bid", "pass"):
        return _share_parts(s, kind, arg if isinstance(arg, int) else str(arg))
    if kind == "company":
        c = COMPANY_IDS.index(str(arg))
        key = "ce.move_company_one" if s.locos_left[c] == 1 else "ce.move_company"  # 1 loco
        return Said(key, {"company": str(arg), "cash": s.treasury[c], "locos": s.locos_left[c]})
    if kind == "place":
        return _place_parts(s, HEX_INDEX[str(arg)])
    if kind == "develop":
        return _develop_parts(s, HEX_INDEX[str(arg)])
    if kind == "stop":
        key = "ce.move_stop_one" if s.b_placed == 1 else "ce.move_stop"
        return Said(key, {"n": s.b_placed})
    if kind == "forgo":
        return Said(_FORGO.get(s.step, "ce.move_forgo_build"))
    return Said("move.text", {"text": action.text()})


def describe_action(state: GameState, action: Action) -> str:
    """A sentence for ``action`` in ``state`` (before it is applied), e.g. for logs: the
    English of ``describe_parts``."""
    return english(describe_parts(state, action))


def _share_events(b: ChicagoExpressState, a: ChicagoExpressState) -> list[Said]:
    """CE-2, CE-3: who got a share and for how much (the treasury's gain), or nobody."""
    out = []
    for p in range(b.num_players):
        for c in range(len(COMPANIES)):
            if a.held[p][c] > b.held[p][c]:
                paid = a.treasury[c] - b.treasury[c]
                values: dict[str, Value] = {"seat": seat(p), "company": COMPANY_IDS[c]}
                out.append(Said("ce.ev_share", values | {"price": paid}) if paid
                           else Said("ce.ev_share_free", values))
    closed = b.step in (SETUP, BID) and (a.step not in (SETUP, BID)
                                         or a.a_company != b.a_company)
    if closed and not out:
        out.append(Said("ce.ev_unsold", {"company": COMPANY_IDS[b.a_company]}))
    return out


def _payouts(b: ChicagoExpressState, a: ChicagoExpressState) -> Said:
    """CE-8: what each player received (money paid for a share in the same step added back)."""
    paid = [a.cash[p] - b.cash[p] for p in range(b.num_players)]
    for p in range(b.num_players):
        for c in range(len(COMPANIES)):
            if a.held[p][c] > b.held[p][c]:
                paid[p] += a.treasury[c] - b.treasury[c]
    return Said("ce.ev_paid", {"payments": tuple(
        Said("event.payment", {"seat": seat(p), "amount": paid[p]})
        for p in range(b.num_players))})


def _dividend_events(b: ChicagoExpressState, a: ChicagoExpressState) -> list[Said]:
    """CE-5.6 Chicago reached, CE-5.7 Wabash opens, CE-8 a general dividend, and the pay."""
    out = []
    for c in range(len(COMPANIES)):
        if a.network[c] >> CHICAGO & 1 and not b.network[c] >> CHICAGO & 1:
            out.append(Said("ce.ev_chicago", {"company": COMPANY_IDS[c]}))
    if a.wabash_open and not b.wabash_open:
        out.append(Said("ce.ev_wabash", {"income": a.income[WABASH]}))
    if a.dividends > b.dividends:
        key = "ce.ev_dividend_last" if a.is_terminal() else "ce.ev_dividend"
        out.append(Said(key, {"n": a.dividends}))
    if out and any(a.cash[p] != b.cash[p] for p in range(b.num_players)):
        out.append(_payouts(b, a))
    return out


def _track_events(b: ChicagoExpressState, a: ChicagoExpressState) -> list[Said]:
    """CE-6.5, CE-8.4: an industrial hex's track steps (Detroit's by itself at a dividend)."""
    return [Said("ce.ev_track", {"hex": _hex_text(h), "n": a.track[h]})
            for h in INDUSTRIAL_HEXES if a.track[h] > b.track[h]]


def event_parts(before: GameState, after: GameState) -> list[Said]:
    """What happened by itself when one action was applied (shares won, dividends and who
    received what, Chicago reached, Wabash opened, track stepped, the end and why), as
    words data: catalog keys and values, players as seat values (:func:`seat`)."""
    b, a = _ce(before), _ce(after)
    out = _share_events(b, a) + _dividend_events(b, a) + _track_events(b, a)
    if a.is_terminal():
        out.append(Said("event.end", {"reasons": tuple(end_parts(a))}))
    return out


def events(before: GameState, after: GameState, players: list[str]) -> list[str]:
    """``event_parts`` in English, the seats named by ``players``."""
    return [english(named(said, players)) for said in event_parts(before, after)]


def end_parts(state: GameState) -> list[Said]:
    """CE-9.1: why the game ends (the conditions that hold), as words in every language."""
    return [Said(f"ce.end_{code}") for code in _ce(state).end_codes()]


__all__ = ["describe_action", "describe_parts", "describe_step", "end_parts", "event_parts",
           "events", "menu_parts"]
