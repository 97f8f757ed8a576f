"""Why a Chicago Express action is refused: one line naming the rule and what is allowed.

``explain`` is called for any refused :class:`Action` a person, a record or the
network may send, so it checks the shape of the action (its kind, the number and
type of its arguments, the ids it names) before it looks at the rules, and never
fails on a malformed one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cuberail.core.actions import Action
from cuberail.core.errors import show
from cuberail.core.hexes import iter_bits
from cuberail.games.chicago_express.board import (
    CHICAGO,
    COMPANIES,
    COMPANY_IDS,
    DEVELOPABLE,
    GAUGE_NAMES,
    HEX_COST,
    HEX_INDEX,
    HEXES,
    INDUSTRIAL_HEXES,
    MAX_PLACEMENTS,
    SINGLE_COMPANY,
    START_MASK,
)

if TYPE_CHECKING:
    from cuberail.games.chicago_express.state import ChicagoExpressState

# kind -> what its one argument is ("" for kinds without an argument)
_ARGUMENT = {"choose": "an action (auction, develop or build)", "share": "a company id",
             "bid": "a whole number of dollars", "pass": "", "company": "a company id",
             "place": "a hex id", "stop": "", "develop": "a hex id", "forgo": ""}
_EXAMPLE = {"choose": "choose build", "share": "share PRR", "company": "company NYC",
            "bid": "bid 8", "place": "place R3", "develop": "develop I6"}
_LISTED = 12  # allowed actions named in a message before "..."


def explain(s: ChicagoExpressState, action: Action) -> str:
    """Why ``action`` is refused in ``s``, naming what is allowed now.

    The reason does not repeat the action: :class:`IllegalActionError` shows it
    first ("illegal action place E0: E0 is not next to NYC's track ...").
    """
    if s.is_terminal():
        return "the game is over"
    if action.kind in GAUGE_NAMES and not action.args:  # "build" typed as a move
        return (f"'{action.kind}' is one of the three actions a turn chooses (CE-3.1):"
                f" 'choose {action.kind}' on your turn; now {_step(s)}: {_allowed(s)}")
    shape = _shape_problem(action)
    if shape is not None:
        return shape
    kind = action.kind
    arg = action.args[0] if action.args else None
    reason = _rule_problem(s, kind, arg)
    if reason is None:
        reason = f"not allowed now; {_step(s)}: {_allowed(s)}"
    return reason


# ----- the shape of an action ------------------------------------------------------


def _shape_problem(action: Action) -> str | None:
    """What is wrong with the action's kind or arguments, whatever the state."""
    kind, args = action.kind, action.args
    if not isinstance(kind, str) or kind not in _ARGUMENT:
        known = ", ".join(_ARGUMENT)
        return f"not a Chicago Express action; the actions are {known}"
    what = _ARGUMENT[kind]
    if not isinstance(args, tuple) or len(args) != (1 if what else 0):
        if what:
            return f"'{kind}' takes one argument, {what} (e.g. '{_EXAMPLE[kind]}')"
        return f"'{kind}' takes no argument"
    if not what:
        return None
    return _argument_problem(kind, args[0])


def _argument_problem(kind: str, arg: object) -> str | None:
    if kind == "bid":
        if isinstance(arg, bool) or not isinstance(arg, int):
            return f"a bid is a whole number of dollars (e.g. '{_EXAMPLE[kind]}')"
        return None
    if kind == "choose":
        if arg not in GAUGE_NAMES:
            return f"no action '{show(arg)}'; choose one of {', '.join(GAUGE_NAMES)}"
        return None
    if kind in ("share", "company"):
        if not isinstance(arg, str) or arg not in COMPANY_IDS:
            return f"no company '{show(arg)}'; the companies are {', '.join(COMPANY_IDS)}"
        return None
    if not isinstance(arg, str) or arg not in HEX_INDEX:
        return _unknown_hex(arg)
    return None


def _unknown_hex(arg: object) -> str:
    if isinstance(arg, str) and arg.upper() in HEX_INDEX:
        return f"no hex '{show(arg)}': hex ids are upper case ('{show(arg.upper())}')"
    cols = sorted({h.id[0] for h in HEXES})
    rows = sorted({int(h.id[1:]) for h in HEXES})
    return (f"no hex '{show(arg)}' on the map; hexes are a column {cols[0]} to {cols[-1]} and a row"
            f" {rows[0]} to {rows[-1]} ({len(HEXES)} in all, e.g. A2 Chicago)")


# ----- the rules ----------------------------------------------------------------------


def _rule_problem(s: ChicagoExpressState, kind: str, arg: object) -> str | None:
    """The rule a well-formed action breaks in this step, or None if it is just not the step."""
    from cuberail.games.chicago_express.state import (
        BID,
        CHOOSE,
        COMPANY,
        DEVELOP,
        PLACE,
        SETUP,
        SHARE,
    )

    step = s.step
    if step in (SETUP, BID):
        return _auction_problem(s, kind, arg)
    if kind == "choose" and step == CHOOSE:
        return _choose_problem(s, str(arg))
    if kind == "share" and step == SHARE:
        return _share_problem(s, COMPANY_IDS.index(str(arg)))
    if kind == "company" and step == COMPANY:
        return _company_problem(s, COMPANY_IDS.index(str(arg)))
    if kind == "place" and step == PLACE:
        return _place_problem(s, HEX_INDEX[str(arg)])
    if kind == "develop" and step == DEVELOP:
        return _develop_problem(s, HEX_INDEX[str(arg)])
    return None


def _auction_problem(s: ChicagoExpressState, kind: str, arg: object) -> str:
    from cuberail.games.chicago_express.state import AUCTION_WABASH

    co = COMPANY_IDS[s.a_company]
    where = f"{co} share auction, player {s.a_to_act} to act: {_bids_summary(s)}"
    if kind == "bid" and isinstance(arg, int):
        low, cash = s.lowest_bid(), s.cash[s.a_to_act]
        if arg < low:
            if s.a_bidder >= 0:
                return f"the high bid is ${s.a_high}, so a bid is at least ${low} ({where})"
            return f"the minimum bid is ${low} ({where})"
        if arg > cash:
            return f"player {s.a_to_act} has only ${cash} (CE-3.3; {where})"
    if kind in ("place", "stop") and s.a_kind == AUCTION_WABASH and s.build_resumes():
        return ("the Chicago phase interrupts the build: the Wabash share is auctioned first,"
                " then the build resumes (CE-5.7 since rules version 2; version 1 ran the phase"
                f" after the build); {where}")
    return f"not allowed now; {where}"


def _bids_summary(s: ChicagoExpressState) -> str:
    low, cash = s.lowest_bid(), s.cash[s.a_to_act]
    if low > cash:
        return "you cannot afford a bid: pass"
    return f"bid {low} to {cash}, or pass"


def _choose_problem(s: ChicagoExpressState, gauge: str) -> str | None:
    g = GAUGE_NAMES.index(gauge)
    if s.gauges[g] >= s.gauge_size(g):
        return (f"the {gauge} gauge is full ({s.gauges[g]} of {s.gauge_size(g)}) this round"
                f" (CE-3.1); {_allowed(s)}")
    return None


def _share_problem(s: ChicagoExpressState, c: int) -> str | None:
    if not s.is_open(c):
        return ("the Wabash opens when a company first reaches Chicago (CE-4.1, CE-7.2);"
                f" {_allowed(s)}")
    if s.unsold(c) <= 0:
        return f"all {COMPANIES[c].shares} {COMPANY_IDS[c]} shares are sold (CE-4.1); {_allowed(s)}"
    return None


def _company_problem(s: ChicagoExpressState, c: int) -> str | None:
    co, player = COMPANY_IDS[c], s.turn
    if not s.held[player][c]:
        return f"player {player} holds no {co} share (CE-5.1); {_allowed(s)}"
    if s.locos_left[c] <= 0:
        return f"{co} has no locomotives left (CE-5.6); {_allowed(s)}"
    if not s.can_place(c):
        return (f"{co} cannot place a locomotive now ({_why_stuck(s, c)}); a company that"
                f" cannot place is not offered (CE-5.1, CE-5.6; new in rules version 2, version 1"
                f" offered it); {_allowed(s)}")
    return None


def _why_stuck(s: ChicagoExpressState, c: int) -> str:
    costs = [HEX_COST[h] * (s.occ[h] + 1) for h in iter_bits(s.frontier[c])
             if not (s.occ[h] and SINGLE_COMPANY[h])]
    if not costs:
        return "no hex next to its track is open to it"
    return f"treasury ${s.treasury[c]}, the cheapest hex it can reach costs ${min(costs)}"


def _place_problem(s: ChicagoExpressState, h: int) -> str:
    c, hx = s.b_company, HEXES[h]
    co = COMPANY_IDS[c]
    if START_MASK >> h & 1:
        problem = f"nobody builds on a start hex ({hx.name}, CE-5.3)"
    elif s.network[c] >> h & 1:
        problem = f"{co} already has a locomotive on {hx.id} (CE-5.3)"
    elif not s.frontier[c] >> h & 1:
        problem = f"{hx.id} is not next to {co}'s track (CE-5.2)"
    elif s.occ[h] and SINGLE_COMPANY[h]:
        owner = ", ".join(COMPANY_IDS[o] for o in s.companies_on(h))
        problem = f"{hx.id} is a {hx.terrain_name} and {owner} is there already (CE-5.3)"
    elif s.placement_cost(h) > s.treasury[c]:
        problem = (f"{hx.id} costs ${s.placement_cost(h)} and {co} has ${s.treasury[c]}"
                   f" (CE-5.4)")
    else:
        problem = f"{co} cannot place on {hx.id} now"
    reachable = s.placements(c)
    if not reachable:
        return f"{problem}; {co} can place nowhere now: stop"
    left = MAX_PLACEMENTS - s.b_placed
    hexes = ", ".join(HEXES[r].id for r in reachable[:_LISTED])
    more = ", ..." if len(reachable) > _LISTED else ""
    return f"{problem}; reachable now: {hexes}{more} (or stop; {left} placement(s) left)"


def _develop_problem(s: ChicagoExpressState, h: int) -> str | None:
    hx = HEXES[h]
    if h not in DEVELOPABLE:
        what = f"a {'start hex' if START_MASK >> h & 1 else hx.terrain_name}"
        if hx.is_industrial or h == CHICAGO:
            what = hx.name
        problem = f"{what} cannot be developed (CE-6.2, CE-6.6)"
    elif not s.occ[h]:
        problem = f"no locomotive on {hx.id} (CE-6.1)"
    elif h in INDUSTRIAL_HEXES:
        if s.track[h] < s.opts.track_max[h]:
            return None
        problem = f"{hx.name}'s track is at its maximum {s.opts.track_max[h]} (CE-6.5)"
    elif s.is_developed(h):
        problem = f"{hx.id} is developed already (CE-6.2)"
    elif not s.houses:
        problem = "the supply has no houses left (CE-6.2)"
    else:
        return None
    return f"{problem}; {_allowed(s)}"


# ----- what is allowed now -----------------------------------------------------------


def _step(s: ChicagoExpressState) -> str:
    from cuberail.games.chicago_express.state import STEP_NAMES

    return f"step '{STEP_NAMES[s.step]}' (player {s.turn})"


def _allowed(s: ChicagoExpressState) -> str:
    names = [a.text() for a in s.legal_actions()]
    shown = ", ".join(names[:_LISTED]) + (", ..." if len(names) > _LISTED else "")
    return f"allowed are {shown}"

