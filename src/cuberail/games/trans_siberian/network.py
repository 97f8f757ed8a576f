"""Where a company can build (TS-4.1, TS-4.2, TS-4.5, TS-7.1): pure functions over bitmasks.

A company's network is the bitmask of locations its links touch; ``free`` is the
bitmask of unowned links and ``touch`` the links with an end in the network. A
link is reached *directly* when one of its ends is in the network, or by
*jumping*: a walk over links of other companies from the network to one of its
ends, each jumped link paying a fee to its owner (the bank for a nationalized one).

Jumps are offered only to links with no end in the network. A jump is named by its
payees (a multiset, see :mod:`actions`): routes with the same payees are one
choice. A route is offered unless a shorter route to the same end pays only
companies it pays too: a longer route is there only to avoid paying someone.
That keeps the list short (a detour around half of Russia is never on it) while
the builder still chooses whom to pay.

The *ends* of a first-link option are where a second link may start (the seed:
"where the first ended"): every end but the one the link was entered from, over
every entry the chosen payees allow.
"""

from __future__ import annotations

from collections.abc import Sequence

from cuberail.core.bits import iter_bits
from cuberail.games.trans_siberian.actions import payee_bit, payee_tuple
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
)

# For each location: (link, its other ends) for every link touching it.
ONWARD: tuple[tuple[tuple[int, tuple[int, ...]], ...], ...] = tuple(
    tuple((link, tuple(e for e in LINK_ENDS[link] if e != loc)) for link in INCIDENT[loc])
    for loc in range(len(INCIDENT))
)
MAX_JUMPS = 60  # a payee count must fit its 7-bit field; no real route comes near this

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


def jump_reach(
    owner: Sequence[int], payee: Sequence[int], company: int, net: int, max_jumps: int
) -> dict[int, list[Route]]:
    """For each location outside the network reached by jumping: the routes offered there.

    Breadth first by number of links jumped. A route is kept unless the location
    was already reached by the same payees, or by a shorter route paying only
    companies this one pays too (walks with loops fall out this way).
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
                for w in others:
                    if net >> w & 1:
                        continue
                    found = reach.setdefault(w, [])
                    if any(k == key2 or (d < depth and p & paid2 == p) for k, p, d in found):
                        continue
                    found.append((key2, paid2, depth))
                    nxt.append((w, key2, paid2))
        if not nxt:
            break
        frontier = nxt
    return reach


def jump_options(
    owner: Sequence[int], free: int, touch: int, payee: Sequence[int], company: int,
    net: int, money: int,
) -> list[Option]:
    """First links reached only by jumping that the company can pay for, deduplicated."""
    max_jumps = (money - INTERNAL_COST) // INTERNAL_FEE
    if max_jumps < 1:
        return []
    reach = jump_reach(owner, payee, company, net, max_jumps)
    reached = 0
    for loc in reach:
        reached |= 1 << loc
    out: list[Option] = []
    for link in iter_bits(links_at(reached) & free & ~touch):
        out.extend(_link_jumps(link, reach, money))
    return out


def _link_jumps(link: int, reach: dict[int, list[Route]], money: int) -> list[Option]:
    """The options of one link: routes with the same payees merge their ends."""
    ends: dict[int, int] = {}
    route: dict[int, Route] = {}
    for e in LINK_ENDS[link]:
        for r in reach.get(e, ()):
            if total_cost(link, r[2]) <= money:
                ends[r[0]] = ends.get(r[0], 0) | (LINK_MASK[link] & ~(1 << e))
                route[r[0]] = r
    if len(ends) < 2:
        return [(link, k, route[k][2], e) for k, e in ends.items()]
    kept = [k for k in ends if not any(_beats(route[o], ends[o], route[k], ends[k])
                                       for o in ends)]
    kept.sort(key=lambda k: (route[k][2], payee_tuple(k)))
    return [(link, k, route[k][2], ends[k]) for k in kept]


def _beats(a: Route, a_ends: int, b: Route, b_ends: int) -> bool:
    """Route ``a`` is shorter, pays no company ``b`` does not, and goes on from ``b``'s ends."""
    return a[2] < b[2] and a[1] & b[1] == a[1] and a_ends & b_ends == b_ends


def first_options(
    owner: Sequence[int], free: int, touch: int, payee: Sequence[int], company: int,
    net: int, money: int,
) -> list[Option]:
    """Every first link of a build (TS-4.1), in board order, direct before jumps."""
    out = direct_options(free, touch, net, money)
    jumps = jump_options(owner, free, touch, payee, company, net, money)
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
