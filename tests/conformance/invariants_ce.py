"""Chicago Express invariants, checked after every step of the conformance games.

Conserved: money (players + treasuries = $120 + bank out - bank in), locomotives, shares,
houses. Consistent: occupancy with networks, incomes with networks and tracks, the
Wabash with Chicago. Bounded: no negative money, gauges within their sizes, at most 8
dividends (the game ends by the 8th).
"""

from __future__ import annotations

from functools import lru_cache

from cuberail.core import GameState
from cuberail.core.hexes import iter_bits
from cuberail.games.chicago_express.board import (
    CHICAGO,
    CITY,
    COMPANIES,
    DETROIT,
    DEVELOPABLE,
    HEXES,
    HOUSES,
    INDUSTRIAL_HEXES,
    MOUNTAIN,
    NEIGHBOUR_MASK,
    START,
    START_HEX,
    START_MASK,
    WABASH,
)
from cuberail.games.chicago_express.state import CHOOSE, PLACE, ChicagoExpressState

TOTAL_MONEY = 120
MAX_DIVIDENDS = 8
HOUSE_HEXES = sum(1 << h for h in DEVELOPABLE if not HEXES[h].is_industrial)
SINGLE_COMPANY = [HEXES[h].single_company for h in range(len(HEXES))]


def check_invariants(state: GameState) -> None:
    assert isinstance(state, ChicagoExpressState)
    check_money(state)
    check_locomotives(state)
    check_shares(state)
    check_houses(state)
    check_incomes(state)
    check_progress(state)


def check_money(s: ChicagoExpressState) -> None:
    total = sum(s.cash) + sum(s.treasury)
    assert total == TOTAL_MONEY + s.bank_out - s.bank_in, (
        f"money not conserved: cash {s.cash} + treasuries {s.treasury} = {total},"
        f" expected 120 + {s.bank_out} - {s.bank_in}")
    assert min(s.cash) >= 0, f"negative player cash: {s.cash}"
    assert min(s.treasury) >= 0, f"negative treasury: {s.treasury}"
    assert s.bank_in >= 0 and s.bank_out >= 0


def check_locomotives(s: ChicagoExpressState) -> None:
    for c, company in enumerate(COMPANIES):
        placed = s.network[c].bit_count()
        assert s.locos_left[c] >= 0 and s.locos_left[c] + placed == company.locomotives, (
            f"{company.id}: {s.locos_left[c]} left + {placed} placed != {company.locomotives}")
        if c == WABASH and not s.wabash_open:
            assert placed == 0, "closed Wabash has locomotives"
        elif placed:
            problem = network_problem(c, s.network[c], s.frontier[c])
            assert problem is None, f"{company.id}: {problem}"
    occ, mask = occupancy(tuple(s.network))
    assert s.occ == occ, "occ disagrees with the networks"
    assert s.occ_mask == mask, "occ_mask disagrees with the networks"


@lru_cache(maxsize=1 << 16)
def occupancy(networks: tuple[int, ...]) -> tuple[list[int], list[int]]:
    """Locomotives per hex and the companies there, from the networks (and checked once)."""
    occ = [0] * len(HEXES)
    mask = [0] * len(HEXES)
    for c, network in enumerate(networks):
        for h in iter_bits(network):
            occ[h] += 1
            mask[h] |= 1 << c
    for h, count in enumerate(occ):
        assert count <= 1 or not SINGLE_COMPANY[h], f"{HEXES[h].id} holds {count} companies"
    return occ, mask


@lru_cache(maxsize=1 << 16)
def network_problem(c: int, network: int, frontier: int) -> str | None:
    """Connected from the start hex, on no other start hex, the frontier up to date.
    A pure function of its arguments, so each network is checked once per process."""
    start = START_HEX[c]
    if not network >> start & 1:
        return "not on its start hex"
    if network & START_MASK & ~(1 << start):
        return "on another company's start hex"
    reached, todo = 1 << start, [start]
    while todo:
        for n in iter_bits(NEIGHBOUR_MASK[todo.pop()] & network & ~reached):
            reached |= 1 << n
            todo.append(n)
    if reached != network:
        return "network not connected"
    expected = 0
    for h in iter_bits(network):
        expected |= NEIGHBOUR_MASK[h]
    if frontier != expected & ~(network | START_MASK):
        return "frontier out of date"
    return None


def check_shares(s: ChicagoExpressState) -> None:
    for c, company in enumerate(COMPANIES):
        held = [s.held[p][c] for p in range(s.num_players)]
        assert min(held) >= 0
        assert s.sold[c] == sum(held) <= company.shares, (
            f"{company.id}: sold {s.sold[c]}, held {held}, total {company.shares}")
    if not s.wabash_open:
        assert s.sold[WABASH] == 0 and s.treasury[WABASH] == 0


def check_houses(s: ChicagoExpressState) -> None:
    assert s.developed & ~HOUSE_HEXES == 0, "a hex that takes no house is developed"
    assert s.houses + s.developed.bit_count() == HOUSES, (
        f"houses not conserved: {s.houses} in supply, {s.developed.bit_count()} on the map")
    for h in iter_bits(s.developed):
        assert s.occ[h] > 0, f"{HEXES[h].id} developed without a locomotive"


def check_incomes(s: ChicagoExpressState) -> None:
    """Income is order-free: the start income plus today's value of every hex reached."""
    tracks = tuple(s.track[h] for h in INDUSTRIAL_HEXES)
    for c, company in enumerate(COMPANIES):
        network = s.network[c]
        expected = expected_income(c, network, s.developed & network, tracks)
        assert s.income[c] == expected, f"{company.id}: income {s.income[c]} != {expected}"
    for h, value in zip(INDUSTRIAL_HEXES, tracks, strict=True):
        hx = HEXES[h]
        top = hx.track_max if h == DETROIT else s.opts.track_max[h]
        assert hx.track_start <= value <= top, f"{hx.name} track {value}"


@lru_cache(maxsize=1 << 16)
def expected_income(c: int, network: int, developed: int, tracks: tuple[int, ...]) -> int:
    """CE-5.5, CE-6.3, CE-6.5, CE-8.4: what the company's hexes are worth now."""
    if not network:
        return 0
    total = COMPANIES[c].start_income if HEXES[START_HEX[c]].terrain == START else 0
    track = dict(zip(INDUSTRIAL_HEXES, tracks, strict=True))
    for h in iter_bits(network):
        hx = HEXES[h]
        if hx.is_industrial:
            total += track[h]
        elif hx.terrain in (CITY, MOUNTAIN):
            total += hx.income + (hx.house if developed >> h & 1 else 0)
    return total


def check_progress(s: ChicagoExpressState) -> None:
    assert 0 <= s.dividends <= MAX_DIVIDENDS, f"{s.dividends} dividends"
    if s.dividends == MAX_DIVIDENDS:
        assert s.is_terminal(), "the game did not end at the 8th dividend"
    assert s.track[DETROIT] == min(1 + s.dividends, 8) or s.is_terminal()
    for g in range(3):
        assert 0 <= s.gauges[g] <= s.gauge_size(g), f"gauge {g} at {s.gauges[g]}"
    if s.step == CHOOSE:
        assert s.red_gauges() <= 1, "a turn starts with two red gauges"
    reached = any(n >> CHICAGO & 1 for n in s.network)
    assert reached or not s.wabash_open, "the Wabash opened before anyone reached Chicago"
    if reached and not s.wabash_open:
        assert s.step == PLACE and s.b_chicago, "Chicago reached but the Wabash is closed"
