"""The Trans-Siberian Railroad observation layout (see :mod:`cuberail.env.observe`).

Money is divided by 100, counts by their maximum, so values lie roughly in [0, 1].
Companies are in board order (red, blue, green, yellow, black, white); links and
locations in the order of data/board.json.
"""

from __future__ import annotations

from collections.abc import Sequence

from cuberail.core.state import GameState
from cuberail.env.observe import Field, Layout, Seats, bits, one_hot
from cuberail.games.trans_siberian.board import (
    LOCATIONS,
    MAX_LINKS,
    NUM_COMPANIES,
    NUM_LINKS,
    SHARE_TRACK,
    SHARES,
)
from cuberail.games.trans_siberian.state import (
    AUCTION,
    PICK_LINK,
    PICK_VALUE,
    STATUS_NAMES,
    STEP_NAMES,
    TransSiberianState,
)

P = 5  # seats in the layout: the most players of the title
C = NUM_COMPANIES
L = NUM_LINKS
LOC = len(LOCATIONS)
MONEY = 100.0
TOP_VALUE = float(SHARE_TRACK[-1])


def _s(state: GameState) -> TransSiberianState:
    assert isinstance(state, TransSiberianState)
    return state


def _shares(state: GameState, v: Seats) -> Sequence[float]:
    s = _s(state)
    out: list[float] = []
    for k in range(P):
        if k < s.num_players:
            out.extend(s.shares_held(v.order[k], c) / SHARES[c] for c in range(C))
        else:
            out.extend([0.0] * C)
    return out


def _companies(state: GameState, v: Seats) -> Sequence[float]:
    s = _s(state)
    out: list[float] = []
    for c in range(C):
        out += [s.treasury[c] / MONEY, s.income[c] / MONEY, s.share_value(c) / TOP_VALUE,
                s.unsold[c] / SHARES[c], s.removed[c] / SHARES[c], s.nlinks[c] / MAX_LINKS,
                float(s.is_public(c)), s.dividend_per_share(c) / MONEY,
                *one_hot(s.status[c], len(STATUS_NAMES))]
    return out


_PER_COMPANY = 8 + len(STATUS_NAMES)


def _owners(state: GameState, v: Seats) -> Sequence[float]:
    out: list[float] = []
    for o in _s(state).owner:
        out.extend(one_hot(o, C))
    return out


def _networks(state: GameState, v: Seats) -> Sequence[float]:
    out: list[float] = []
    for net in _s(state).network:
        out.extend(bits(net, LOC))
    return out


def _tracks(state: GameState, v: Seats) -> Sequence[float]:
    s = _s(state)
    return [float(s.phase == 2), s.timing / s.opts.timing, s.dividends / s.opts.dividend_track,
            s.nationalization_value() / TOP_VALUE]


def _auction(state: GameState, v: Seats) -> Sequence[float]:
    s = _s(state)
    if s.step not in (AUCTION, PICK_LINK, PICK_VALUE):
        return [0.0] * (C + 2 + 2 * P)
    high = s.a_high / MONEY if s.a_bidder >= 0 else 0.0
    passed = v.per_seat([float(s.has_passed(p)) for p in range(s.num_players)])
    return [*one_hot(s.a_company, C), float(s.a_phase == 2), high, *v.one_hot(s.a_bidder),
            *passed]


def _turn(state: GameState, v: Seats) -> Sequence[float]:
    s = _s(state)
    pair = [0.0] * C
    for c in s.pair:
        if c >= 0:
            pair[c] = 1.0
    return [*pair, *one_hot(s.b_company, C), *one_hot(s.b_first, L), *bits(s.b_ends, LOC)]


def _options(state: GameState, v: Seats) -> Sequence[float]:
    s = _s(state)
    return [s.opts.cash / MONEY, s.opts.timing / 20.0, s.opts.dividend_track / 30.0,
            s.opts.failed_steps / 5.0]


LAYOUT = Layout("trans-siberian", P, (
    Field("seats", P, "1 for each seat in the game, from the observer", "0/1",
          lambda state, v: v.per_seat([1.0] * state.num_players)),
    Field("to_move", P, "the seat to move, from the observer (all 0 at the end)", "one-hot",
          lambda state, v: v.one_hot(state.current_player())),
    Field("cash", P, "each seat's cash, from the observer", "/ 100",
          lambda state, v: v.per_seat([c / MONEY for c in _s(state).cash])),
    Field("scores", P, "each seat's score if the game ended now (TS-9.2)", "/ 100",
          lambda state, v: v.per_seat([x / MONEY for x in _s(state).scores()])),
    Field("shares", P * C, "shares held: seat-major (from the observer), then company",
          "/ shares of the company", _shares),
    Field("companies", C * _PER_COMPANY, "per company (company-major): treasury, income, share"
          " value, unsold, removed, links built, public, dividend per share, status (waiting,"
          " in play, never entered, nationalized)",
          "/ 100; / 100; / 75; / shares; / shares; / 32; 0/1; / 100; one-hot", _companies),
    Field("owners", L * C, "owner of each link: link-major, then company (all 0: unowned)",
          "one-hot", _owners),
    Field("networks", C * LOC, "locations each company's links touch: company-major",
          "0/1", _networks),
    Field("tracks", 4, "phase 2 started, timing track, dividend track, nationalization value",
          "0/1; / track size; / track size; / 75", _tracks),
    Field("step", len(STEP_NAMES), "step of the turn: " + ", ".join(STEP_NAMES), "one-hot",
          lambda state, v: one_hot(_s(state).step, len(STEP_NAMES))),
    Field("auction", C + 2 + 2 * P, "in an auction (and the winner's choices): company (6),"
          " phase-2 auction, high bid, high bidder (5, from the observer), passed (5)",
          "one-hot; 0/1; / 100; one-hot; 0/1", _auction),
    Field("turn", 2 * C + L + LOC, "a turn's follow-ups: the two companies bought (surcharge"
          " pending), the company building, its first link, where the second may start",
          "0/1; one-hot; one-hot; 0/1", _turn),
    Field("options", 4, "rule options: starting cash, timing track, dividend track, failed"
          " auction steps", "/ 100; / 20; / 30; / 5", _options),
))
