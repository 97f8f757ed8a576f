"""Trans-Siberian Railroad as the policy/value network reads it: a row of numbers per seat.

The network (:mod:`cuberail.bots.network`, the ``az`` bot) embeds each seat's row and
weighs the seats against each other, so a row holds the seat's own holdings and, repeated
in every row, the table's: each company's numbers and the game's clock. Each
number is scaled to roughly unit size (the network also standardizes them by the training
data's spread). In :data:`NAMES`' order:

Seat (2):

- ``cash``: the seat's cash over $40 (the 4-player starting cash, TS-1.1);
- ``score``: cash plus the share value of every share held in a public company (TS-9.2),
  over $100.

Each company ``r``, ``b``, ... in board order (18 each, ``<id>:<name>``):

- ``held``: the seat's shares of it, over 2;
- ``value``: one share's value now (TS-1.3; 0 before it enters), over $40;
- ``income``: its income (TS-4.3), over $20;
- ``dividend``: its dividend per share, income over the shares owned rounded up (TS-5.2),
  over $10; 0 with no share owned;
- ``treasury``: its treasury (pays builds, TS-4.2), over $20;
- ``owned`` / ``unsold``: shares held by players and shares still for sale (TS-3.1), over 4;
- ``links``: links it owns, over 10;
- ``waiting`` / ``public`` / ``private`` / ``nationalized`` / ``never``: its status one-hot:
  not yet auctioned (TS-2, TS-7), in play with at least two shares owned (TS-3.2: it may
  build, and its shares score, TS-9.2), in play with fewer, taken by the bank (TS-8.1),
  or never entered (TS-2.4);
- ``at_risk``: in play in phase 2 with its share value at (or by option below) the
  nationalization marker: the next interturn nationalizes it (TS-8.1);
- ``auction``: its share is being auctioned now (TS-2.1, TS-7.1);
- ``reach``: the unowned links with an end in its network (what it can build next
  without jumping, TS-4.1), over 5;
- ``best``: the highest value among those (TS-4.3: what a build adds to the income),
  over 4;
- ``afford``: the highest value among those its treasury can pay ($4 internal, $8
  external, TS-4.2), over 4.

The clock (5):

- ``phase2``: 1 in phase 2 (TS-7);
- ``timing``: the timing track's advances over its length (TS-1.5, TS-5.1);
- ``dividends``: dividends paid over the dividend track's length (TS-1.6: the game's end);
- ``marker``: the nationalization marker's share value (TS-1.7, TS-8.2), over $40;
- ``bid``: the auction's high bid (TS-2.1), over $20; 0 outside an auction.

It runs at every guided leaf of the search, so it is plain Python over the state's public
fields. Changing a number's meaning or order changes the kit's network version, and weights
made for another reader are refused.
"""

from __future__ import annotations

from cuberail.core.state import GameState
from cuberail.games.trans_siberian.board import (
    COMPANY_IDS,
    EXTERNAL_COST,
    INTERNAL_COST,
    LINK_EXTERNAL,
    LINK_VALUE,
    NUM_COMPANIES,
    NUM_LINKS,
    SHARE_TRACK,
)
from cuberail.games.trans_siberian.state import (
    ACTIVE,
    AUCTION,
    NATIONALIZED,
    NEVER,
    WAITING,
    TransSiberianState,
)

NC = NUM_COMPANIES
SEAT_NAMES = ("cash", "score")
COMPANY_NAMES = ("held", "value", "income", "dividend", "treasury", "owned", "unsold", "links",
                 "waiting", "public", "private", "nationalized", "never", "at_risk", "auction",
                 "reach", "best", "afford")
CLOCK_NAMES = ("phase2", "timing", "dividends", "marker", "bid")
NAMES: tuple[str, ...] = (
    *SEAT_NAMES,
    *(f"{cid}:{name}" for cid in COMPANY_IDS for name in COMPANY_NAMES),
    *CLOCK_NAMES,
)
# Each link's (bit, value, cost), for the walk over a company's reachable links.
_LINKS = tuple((1 << k, LINK_VALUE[k], EXTERNAL_COST if LINK_EXTERNAL[k] else INTERNAL_COST)
               for k in range(NUM_LINKS))


def _reach(free: int, money: int) -> tuple[float, float, float]:
    """(how many, the best value, the best affordable value) of the links in ``free``."""
    count = best = afford = 0
    while free:
        low = free & -free
        k = low.bit_length() - 1
        free ^= low
        _, value, cost = _LINKS[k]
        count += 1
        if value > best:
            best = value
        if cost <= money and value > afford:
            afford = value
    return count / 5.0, best / 4.0, afford / 4.0


def _company(s: TransSiberianState, c: int) -> list[float]:
    """Company ``c``'s numbers, from ``value`` on (``held`` is the seat's, added per row)."""
    status = s.status[c]
    v = s.value[c]
    owned = s.owned(c)
    active = status == ACTIVE
    public = active and owned >= 2
    income = s.income[c]
    dividend = -(-income // owned) if owned else 0
    if active:
        count, best, afford = _reach(s.free & s.touch[c], s.treasury[c])
    else:
        count = best = afford = 0.0
    return [
        (SHARE_TRACK[v] if v >= 0 else 0) / 40.0, income / 20.0, dividend / 10.0,
        s.treasury[c] / 20.0, owned / 4.0, s.unsold[c] / 4.0, s.nlinks[c] / 10.0,
        1.0 if status == WAITING else 0.0, 1.0 if public else 0.0,
        1.0 if active and not public else 0.0, 1.0 if status == NATIONALIZED else 0.0,
        1.0 if status == NEVER else 0.0,
        1.0 if active and s.phase == 2 and s.nationalizes(c) else 0.0,
        1.0 if s.step == AUCTION and s.a_company == c else 0.0,
        count, best, afford,
    ]


def state_rows(state: GameState) -> list[list[float]]:
    """The numbers of :data:`NAMES` for each seat of a Trans-Siberian position."""
    assert isinstance(state, TransSiberianState)
    s = state
    companies = [_company(s, c) for c in range(NC)]
    worth = [SHARE_TRACK[s.value[c]] if s.status[c] == ACTIVE and s.owned(c) >= 2 else 0
             for c in range(NC)]
    opts = s.opts
    clock = [1.0 if s.phase == 2 else 0.0, s.timing / opts.timing,
             s.dividends / opts.dividend_track, SHARE_TRACK[s.nat] / 40.0,
             s.a_high / 20.0 if s.step == AUCTION else 0.0]
    out: list[list[float]] = []
    for q in range(s.num_players):
        held = s.held[q * NC:(q + 1) * NC]
        cash = s.cash[q]
        score = cash + sum(w * h for w, h in zip(worth, held, strict=True))
        row = [cash / 40.0, score / 100.0]
        for c in range(NC):
            row.append(held[c] / 2.0)
            row.extend(companies[c])
        row.extend(clock)
        out.append(row)
    return out
