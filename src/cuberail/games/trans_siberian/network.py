"""Where a company can build (TS-4.1, TS-4.2, TS-4.5, TS-7.1): pure functions over bitmasks.

A company's network is the bitmask of locations its links touch; ``free`` is the
bitmask of unowned links and ``touch`` the links with an end in the network. A
link is reached *directly* when one of its ends is in the network, or by
*jumping*: a walk over links of other companies from the network to one of its
ends, each jumped link paying a fee to its owner (the bank for a nationalized one).

Jumps are offered only to links with no end in the network. A jump is named by its
payees (a multiset, see :mod:`actions`): paths with the same payees are one
choice. The builder chooses the path (TS-4.1): a path is left out only when
another one to the same end pays every treasury at most as much (so it is
shorter and pays no one more), which also leaves the same places for the second
link. Only paths to the *same* end compare, since entering a link at another end
leaves other places for the second link. So green, green and green, blue, blue
are both offered (the first pays green $4, the second green $2), while a green
detour of three links beside a green path of one is not.

Rules version 1 offered fewer paths: a longer path only when it avoided paying a
company the shorter ones paid (option ``jump_paths=v1``, kept so that version-1
records replay exactly).

The *ends* of a first-link option are where a second link may start (the seed:
"where the first ended"): every end but the one the link was entered from, over
every entry the chosen payees allow.
"""

from __future__ import annotations

from collections.abc import Sequence

from cuberail.core.bits import iter_bits
from cuberail.games.trans_siberian.actions import FIELD, payee_bit, payee_tuple
from cuberail.games.trans_siberian.board import (
    EXTERNAL_COST,
    EXTERNAL_FEE,
    INCIDENT,
    INTERNAL_COST,
    INTERNAL_FEE,
    INTERNAL_LINKS,
    LINK_ENDS,
    LINK_EXTERNAL,
    LINK_MASK,
    LINK_VALUE,
    LOC_LINKS,
    MOSCOW_MASK,
    PAYEE_IDS,
)

# For each location: (link, its other ends) for every link touching it.
ONWARD: tuple[tuple[tuple[int, tuple[int, ...]], ...], ...] = tuple(
    tuple((link, tuple(e for e in LINK_ENDS[link] if e != loc)) for link in INCIDENT[loc])
    for loc in range(len(INCIDENT))
)
MAX_JUMPS = 60  # a payee count must stay below the top bit of its field; no route comes near
# The top bit of every payee field of a multiset key: never set by a count (< 64).
_GUARD = sum(1 << (FIELD * p + FIELD - 1) for p in range(len(PAYEE_IDS)))

# One first-link option: (link, payee multiset key, number jumped, mask of ends to go on from).
Option = tuple[int, int, int, int]
# One jump route: (payee multiset key, bitmask of the payees, number of links jumped).
Route = tuple[int, int, int]


def links_at(locations: int) -> int:
    """The bitmask of links with an end among ``locations``."""
    out = 0
    for loc in iter_bits(locations):
        out |= LOC_LINKS[loc]
    return out


def link_cost(link: int) -> tuple[int, int]:
    """(paid to the bank, fee per jumped link) of building ``link`` (TS-4.2)."""
    if LINK_EXTERNAL[link]:
        return EXTERNAL_COST, EXTERNAL_FEE
    return INTERNAL_COST, INTERNAL_FEE


def total_cost(link: int, jumps: int) -> int:
    """What the company pays in all for ``link`` with ``jumps`` foreign links jumped."""
    base, fee = link_cost(link)
    return base + fee * jumps


def direct_options(free: int, touch: int, net: int, money: int) -> list[Option]:
    """First links touching the network that the company can pay for."""
    return [direct_option(link, net) for link in iter_bits(free & touch)
            if total_cost(link, 0) <= money]


def direct_option(link: int, net: int) -> Option:
    """The option of building ``link``, which touches the network, without a jump.

    The second link goes on from the end outside the network, or from either end
    when both are in it.
    """
    inside = LINK_MASK[link] & net
    ends = LINK_MASK[link] if inside & (inside - 1) else LINK_MASK[link] & ~inside
    return (link, 0, 0, ends)


def covers(big: int, small: int) -> bool:
    """Whether multiset key ``big`` pays every payee at least as often as ``small`` does.

    One subtraction: the guard bit of a field survives exactly when that field of
    ``big`` is at least that of ``small`` (counts stay below the guard bit).
    """
    return ((big | _GUARD) - small) & _GUARD == _GUARD


def jump_reach(
    owner: Sequence[int], payee: Sequence[int], company: int, net: int, max_jumps: int,
    v1: bool = False,
) -> dict[int, list[Route]]:
    """For each location outside the network reached by jumping: the routes offered there.

    Breadth first by number of links jumped. A route is kept unless a route
    already found there pays every payee at most as often (TS-4.1; the same
    payees count too): the kept routes are exactly the undominated simple paths,
    since a walk with a loop is dominated by the path without it. With ``v1``,
    rules version 1: also dropped when a shorter route pays only companies this
    one pays.
    """
    reach: dict[int, list[Route]] = {}
    fee_key = [payee_bit(p) for p in payee]
    fee_bit = [1 << p for p in payee]
    frontier = [(loc, 0, 0) for loc in iter_bits(net)]
    for depth in range(1, min(max_jumps, MAX_JUMPS) + 1):
        nxt: list[tuple[int, int, int]] = []
        for loc, key, paid in frontier:
            for link, others in ONWARD[loc]:
                o = owner[link]
                if o < 0 or o == company:
                    continue
                key2, paid2 = key + fee_key[o], paid | fee_bit[o]
                guarded = key2 | _GUARD
                for w in others:
                    if net >> w & 1:
                        continue
                    found = reach.setdefault(w, [])
                    if v1:
                        if any(k == key2 or (d < depth and p & paid2 == p)
                               for k, p, d in found):
                            continue
                    elif any((guarded - k) & _GUARD == _GUARD for k, _, _ in found):
                        continue
                    found.append((key2, paid2, depth))
                    nxt.append((w, key2, paid2))
        if not nxt:
            break
        frontier = nxt
    return reach


def jump_options(
    owner: Sequence[int], free: int, touch: int, payee: Sequence[int], company: int,
    net: int, money: int, v1: bool = False,
) -> list[Option]:
    """First links reached only by jumping that the company can pay for, deduplicated."""
    max_jumps = (money - INTERNAL_COST) // INTERNAL_FEE
    if max_jumps < 1:
        return []
    reach = jump_reach(owner, payee, company, net, max_jumps, v1)
    reached = 0
    for loc in reach:
        reached |= 1 << loc
    out: list[Option] = []
    for link in iter_bits(links_at(reached) & free & ~touch):
        out.extend(_link_jumps(link, reach, money, v1))
    return out


def _link_jumps(link: int, reach: dict[int, list[Route]], money: int, v1: bool) -> list[Option]:
    """The options of one link: routes with the same payees merge their ends.

    Routes to different ends of the link never dominate one another (each leaves
    other places for the second link), so every affordable route found is offered.
    """
    ends: dict[int, int] = {}
    route: dict[int, Route] = {}
    for e in LINK_ENDS[link]:
        for r in reach.get(e, ()):
            if total_cost(link, r[2]) <= money:
                ends[r[0]] = ends.get(r[0], 0) | (LINK_MASK[link] & ~(1 << e))
                route[r[0]] = r
    if len(ends) < 2:
        return [(link, k, route[k][2], e) for k, e in ends.items()]
    kept = list(ends)
    if v1:
        kept = [k for k in ends if not any(_beats_v1(route[o], ends[o], route[k], ends[k])
                                           for o in ends)]
    kept.sort(key=lambda k: (route[k][2], payee_tuple(k)))
    return [(link, k, route[k][2], ends[k]) for k in kept]


def _beats_v1(a: Route, a_ends: int, b: Route, b_ends: int) -> bool:
    """Rules version 1: ``a`` is shorter, pays no company ``b`` does not, goes on from b's ends."""
    return a[2] < b[2] and a[1] & b[1] == a[1] and a_ends & b_ends == b_ends


def first_options(
    owner: Sequence[int], free: int, touch: int, payee: Sequence[int], company: int,
    net: int, money: int, v1: bool = False,
) -> list[Option]:
    """Every first link of a build (TS-4.1), in board order, direct before jumps."""
    out = direct_options(free, touch, net, money)
    jumps = jump_options(owner, free, touch, payee, company, net, money, v1)
    if jumps:
        out.extend(jumps)
        out.sort(key=lambda o: o[0])  # stable: a link's routes keep their order
    return out


def can_build(
    owner: Sequence[int], free: int, touch: int, company: int, net: int, money: int
) -> bool:
    """Whether some first link is affordable: a cheap test before listing them."""
    if money < INTERNAL_COST:
        return False
    direct = free & touch
    if direct & INTERNAL_LINKS or (direct and money >= EXTERNAL_COST):
        return True
    seen, frontier = net, iter_bits(net)
    for depth in range(1, min((money - INTERNAL_COST) // INTERNAL_FEE, MAX_JUMPS) + 1):
        nxt = []
        for loc in frontier:
            for link in INCIDENT[loc]:
                o = owner[link]
                if o < 0 or o == company:
                    continue
                for w in LINK_ENDS[link]:
                    if not seen >> w & 1:
                        seen |= 1 << w
                        nxt.append(w)
        for w in nxt:
            if any(total_cost(link, depth) <= money for link in iter_bits(LOC_LINKS[w] & free)):
                return True
        frontier = nxt
        if not frontier:
            break
    return False


def second_links(free: int, ends: int, money: int) -> list[int]:
    """TS-3.2, TS-4.1: unowned internal links starting at ``ends``; never a jump."""
    if money < INTERNAL_COST:
        return []
    return iter_bits(links_at(ends) & free & INTERNAL_LINKS)


def best_value(links: int) -> int:
    """The highest value among the links of a bitmask (0 for none)."""
    for value, mask in _VALUE_MASKS:
        if links & mask:
            return value
    return 0


_VALUE_MASKS = tuple((v, sum(1 << i for i, x in enumerate(LINK_VALUE) if x == v))
                     for v in sorted(set(LINK_VALUE), reverse=True))


def moscow_links(free: int) -> int:
    """TS-2.2: unoccupied links starting in Moscow (a bitmask)."""
    return MOSCOW_MASK & free


def phase2_links(free: int, others: int) -> int:
    """TS-7.1: unowned internal links sharing an end with a link of another company (a bitmask).

    ``others`` is the bitmask of links touching the other companies' networks.
    """
    return others & free & INTERNAL_LINKS
