"""The Chicago Express observation layout (see :mod:`cuberail.env.observe`).

Money is divided by 100, counts by their printed maximum, so that values lie
roughly in [0, 1] (cash can pass 1.0 late in a game).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from cuberail.core.state import GameState
from cuberail.env.observe import Field, Layout, Seats, bits, one_hot
from cuberail.games.chicago_express.board import COMPANIES, HEXES, HOUSES, INDUSTRIAL_HEXES
from cuberail.games.chicago_express.state import BID, PLACE, SETUP, STEP_NAMES, ChicagoExpressState

P = 6  # seats in the layout: the most players of the title
C = len(COMPANIES)
H = len(HEXES)
MONEY = 100.0


def _s(state: GameState) -> ChicagoExpressState:
    assert isinstance(state, ChicagoExpressState)
    return state


def _in_auction(s: ChicagoExpressState) -> bool:
    return s.step in (SETUP, BID)


def _seats(state: GameState, v: Seats) -> Sequence[float]:
    return v.per_seat([1.0] * state.num_players)


def _to_move(state: GameState, v: Seats) -> Sequence[float]:
    return v.one_hot(state.current_player())


def _cash(state: GameState, v: Seats) -> Sequence[float]:
    return v.per_seat([c / MONEY for c in _s(state).cash])


def _shares(state: GameState, v: Seats) -> Sequence[float]:
    s = _s(state)
    out: list[float] = []
    for k in range(P):
        if k < s.num_players:
            row = s.held[v.order[k]]
            out.extend(row[c] / COMPANIES[c].shares for c in range(C))
        else:
            out.extend([0.0] * C)
    return out


def _per_company(name: str) -> Field:
    """A money or count field per company, read from the state attribute ``name``."""
    specs: dict[str, tuple[str, str, Callable[[ChicagoExpressState, int], float]]] = {
        "treasury": ("dollars in each company's treasury", "/ 100", lambda s, c: s.treasury[c]
                     / MONEY),
        "income": ("each company's income", "/ 100", lambda s, c: s.income[c] / MONEY),
        "sold": ("shares sold of each company", "/ shares of the company",
                 lambda s, c: s.sold[c] / COMPANIES[c].shares),
        "locos_left": ("locomotives left to each company", "/ its locomotives",
                       lambda s, c: s.locos_left[c] / COMPANIES[c].locomotives),
        "open": ("company in play (the Wabash only after Chicago)", "0/1",
                 lambda s, c: float(s.is_open(c))),
        "dividend": ("dividend per share if paid now", "/ 100",
                     lambda s, c: s.dividend_per_share(c) / MONEY),
    }
    meaning, scaling, get = specs[name]
    return Field(name, C, meaning + " (PRR, B&O, C&O, NYC, Wabash)", scaling,
                 lambda state, v: [get(_s(state), c) for c in range(C)])


def _networks(state: GameState, v: Seats) -> Sequence[float]:
    s = _s(state)
    out: list[float] = []
    for c in range(C):
        out.extend(bits(s.network[c], H))
    return out


def _track(state: GameState, v: Seats) -> Sequence[float]:
    s = _s(state)
    return [s.track[h] / 12.0 for h in INDUSTRIAL_HEXES]


def _gauges(state: GameState, v: Seats) -> Sequence[float]:
    s = _s(state)
    return [s.gauges[g] / s.gauge_size(g) for g in range(3)]


def _auction(state: GameState, v: Seats) -> Sequence[float]:
    s = _s(state)
    if not _in_auction(s):
        return [0.0] * (C + 3 + 2 + 2 * P)
    high = s.a_high / MONEY if s.a_bidder >= 0 else 0.0
    passed = v.per_seat([float(s.has_passed(p)) for p in range(s.num_players)])
    return [*one_hot(s.a_company, C), *one_hot(s.a_kind, 3), high, s.minimum_bid() / MONEY,
            *v.one_hot(s.a_bidder), *passed]


def _build(state: GameState, v: Seats) -> Sequence[float]:
    s = _s(state)
    if s.step != PLACE:
        return [0.0] * (C + 2)
    return [*one_hot(s.b_company, C), s.b_placed / 3.0, float(s.b_chicago)]


def _options(state: GameState, v: Seats) -> Sequence[float]:
    s = _s(state)
    return [float(s.opts.chicago_stops_build), *(g / 9.0 for g in s.opts.gauges),
            *(s.opts.track_max[h] / 12.0 for h in INDUSTRIAL_HEXES)]


_IND = len(INDUSTRIAL_HEXES)
LAYOUT = Layout("chicago-express", P, (
    Field("seats", P, "1 for each seat in the game, from the observer", "0/1", _seats),
    Field("to_move", P, "the seat to move, from the observer (all 0 at the end)", "one-hot",
          _to_move),
    Field("cash", P, "each seat's cash, from the observer", "/ 100", _cash),
    Field("shares", P * C, "shares held: seat-major (from the observer), then company",
          "/ shares of the company", _shares),
    _per_company("treasury"),
    _per_company("income"),
    _per_company("sold"),
    _per_company("locos_left"),
    _per_company("open"),
    _per_company("dividend"),
    Field("networks", C * H, "a locomotive of the company on the hex: company-major, hexes in"
          " map order (data/map.json)", "0/1", _networks),
    Field("occupancy", H, "locomotives on each hex", "/ 5",
          lambda state, v: [n / 5.0 for n in _s(state).occ]),
    Field("developed", H, "a house on each hex", "0/1",
          lambda state, v: bits(_s(state).developed, H)),
    Field("industrial", _IND, "industrial track value of each industrial hex (map order)",
          "/ 12", _track),
    Field("houses", 1, "houses left in the supply", f"/ {HOUSES}",
          lambda state, v: [_s(state).houses / HOUSES]),
    Field("gauges", 3, "auction, develop and build gauge use", "/ gauge size", _gauges),
    Field("dividends", 1, "general dividends paid so far", "/ 10",
          lambda state, v: [_s(state).dividends / 10.0]),
    Field("step", len(STEP_NAMES), "step of the turn: " + ", ".join(STEP_NAMES), "one-hot",
          lambda state, v: one_hot(_s(state).step, len(STEP_NAMES))),
    Field("auction", C + 3 + 2 + 2 * P, "in an auction: company (5), kind (setup, turn,"
          " Wabash), high bid, minimum bid, high bidder (6, from the observer), passed (6)",
          "one-hot; / 100; 0/1", _auction),
    Field("build", C + 2, "while building: company (5), placements so far, Chicago reached",
          "one-hot; / 3; 0/1", _build),
    Field("options", 4 + _IND, "rule options: Chicago stops the build, gauge sizes (3),"
          " industrial maxima", "0/1; / 9; / 12", _options),
))
