"""Why a move is worth making in Chicago Express, in a short phrase for the table's hint
(``bid $9: a PRR share would pay about $4 a dividend (income 7 ÷ 2 shares); $9 is 3 such
dividends``): facts of the position, never the search's guess."""

from __future__ import annotations

from cuberail.core.actions import Action
from cuberail.core.auction import ceil_div, dividend_per_share
from cuberail.core.state import GameState
from cuberail.games.chicago_express.board import COMPANY_IDS, GAUGE_NAMES
from cuberail.games.chicago_express.state import BID, SETUP, ChicagoExpressState


def _ce(state: GameState) -> ChicagoExpressState:
    assert isinstance(state, ChicagoExpressState)
    return state


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'s' * (n != 1)}"


def _share(s: ChicagoExpressState, c: int) -> tuple[str, int]:
    """CE-8.1: what one more share of company ``c`` would pay a dividend, in words."""
    per = dividend_per_share(s.income[c], s.sold[c] + 1)
    return (f"a {COMPANY_IDS[c]} share pays about ${per} a dividend (income {s.income[c]} ÷"
            f" {_plural(s.sold[c] + 1, 'share')})", per)


def why(state: GameState, action: Action) -> str:
    """The reason for ``action`` in a phrase: a share's dividend for a share or a bid
    (CE-4, CE-8.1), the cash kept for a pass; '' for other moves (the table then says
    what the move does to the mover's dividend)."""
    s = _ce(state)
    arg = action.args[0] if action.args else ""
    if action.kind == "share":
        return _share(s, COMPANY_IDS.index(str(arg)))[0]
    if action.kind == "bid" and isinstance(arg, int):
        text, per = _share(s, s.a_company)
        back = f": ${arg} comes back in {_plural(ceil_div(arg, per), 'dividend')}"
        return text + (back if per else "")
    if action.kind == "pass" and s.step in (SETUP, BID) and s.a_company >= 0:
        text, per = _share(s, s.a_company)
        return (f"cash wins (CE-9.2): you keep your ${s.cash[s.current_player()]};"
                f" {text} and costs ${s.lowest_bid()} or more")
    if action.kind == "choose" and str(arg) in GAUGE_NAMES:
        return _choose(s, GAUGE_NAMES.index(str(arg)))
    return ""


def _choose(s: ChicagoExpressState, gauge: int) -> str:
    """CE-3.2: a gauge choice that fills a second gauge brings a dividend before the next
    turn."""
    fills = s.gauges[gauge] + 1 >= s.gauge_size(gauge)
    full = sum(1 for g in range(len(GAUGE_NAMES)) if s.red >> g & 1)
    return "it fills a second gauge: a dividend is paid before the next turn" if (
        fills and full == 1) else ""
