"""TS-4.1 (rules version 2): the builder chooses the jump path; only dominated paths are left out.

A path may be left out only when another pays every treasury at most as much and
leaves at least the same places for the second link. The reference test below
enumerates every simple path by brute force on positions of seeded random games
and checks that the engine offers exactly the undominated ones.
"""

from __future__ import annotations

import random

from ts_helpers import build_leaning, builder, c, give, new, play, texts

from cuberail.core.bits import iter_bits
from cuberail.games.trans_siberian import actions as A
from cuberail.games.trans_siberian import network as N
from cuberail.games.trans_siberian.board import LINK_ENDS, LINK_MASK, LINKS
from cuberail.games.trans_siberian.state import BUILD_FIRST, TransSiberianState


def to_link(s: TransSiberianState, link_id: str) -> list[str]:
    return [t for t in texts(s) if t.startswith(f"link {link_id}")]


def green_twice_or_green_and_blue_twice(**options: object) -> TransSiberianState:
    """Red (Moscow, Kazan) reaches Volgograd over green Moscow-Voronezh, then either green
    Voronezh-Volgograd (green twice) or blue Voronezh-Rostov-Volgograd (green once, blue twice).
    """
    s = builder(**options)
    give(s, "green", "moscow-voronezh", "voronezh-volgograd")
    give(s, "blue", "voronezh-rostovnadonu", "rostovnadonu-volgograd")
    play(s, "build red")
    return s


def test_ts_4_1_builder_may_pay_green_once_and_blue_twice_instead_of_green_twice() -> None:
    s = green_twice_or_green_and_blue_twice()
    assert to_link(s, "volgograd-astrakhan") == [
        "link volgograd-astrakhan pay:green,green",       # $4 to green
        "link volgograd-astrakhan pay:blue,blue,green",   # $2 to green, $4 to blue
    ]
    green, blue = s.treasury[c("green")], s.treasury[c("blue")]
    play(s, "link volgograd-astrakhan pay:blue,blue,green")
    assert (s.treasury[c("green")] - green, s.treasury[c("blue")] - blue) == (2, 4)
    assert s.treasury[c("red")] == 40 - 4 - 6


def test_ts_4_1_rules_version_1_offered_only_the_short_path() -> None:
    s = green_twice_or_green_and_blue_twice(jump_paths="v1")
    assert to_link(s, "volgograd-astrakhan") == ["link volgograd-astrakhan pay:green,green"]


def test_ts_4_1_a_path_paying_someone_more_and_no_one_less_is_left_out() -> None:
    s = builder()
    give(s, "blue", "kazan-yekaterinburg")  # one blue jump from Kazan
    give(s, "blue", "moscow-nizhnynovgorod", "nizhnynovgorod-kirov", "kirov-yekaterinburg")
    play(s, "build red")
    assert to_link(s, "yekaterinburg-tyumen") == ["link yekaterinburg-tyumen pay:blue"]


def test_ts_4_1_covers_compares_every_payee_count() -> None:
    g, b = A.payee_bit(c("green")), A.payee_bit(c("blue"))
    assert N.covers(g + 2 * b, g) and N.covers(3 * g, 2 * g)
    assert not N.covers(g + 2 * b, 2 * g) and not N.covers(2 * g, g + 2 * b)
    assert N.covers(g, g) and N.covers(b, 0) and not N.covers(0, b)


# ----- the brute-force reference ---------------------------------------------------------


def brute_force_jumps(s: TransSiberianState) -> set[tuple[int, int, int]]:
    """(link, payee key, second-link places) of every offered jump, from all simple paths.

    A path starts in the network, never touches it again, crosses links of other
    companies, visits no location twice, and ends at an end of an unowned link
    with no end in the network. Paths are compared one by one; a path is left out
    when another one pays every treasury at most as much (and differs) and leaves
    at least the same places; those kept merge by payees.
    """
    comp, net, money = s.b_company, s.network[s.b_company], s.treasury[s.b_company]
    payee = s.payee_table()
    limit = (money - 4) // 2
    arrivals: set[tuple[int, int]] = set()  # (location reached, payee key)

    def walk(loc: int, key: int, depth: int, seen: int) -> None:
        if depth:
            arrivals.add((loc, key))
        if depth == limit:
            return
        for link in range(len(LINKS)):
            o = s.owner[link]
            if o < 0 or o == comp or loc not in LINK_ENDS[link]:
                continue
            for w in LINK_ENDS[link]:
                if w != loc and not (seen >> w & 1) and not (net >> w & 1):
                    walk(w, key + A.payee_bit(payee[o]), depth + 1, seen | 1 << w)

    for start in iter_bits(net):
        walk(start, 0, 0, net)
    paths = []  # (link, key, places)
    for link in range(len(LINKS)):
        if s.owner[link] >= 0 or LINK_MASK[link] & net:
            continue
        for loc, key in arrivals:
            if loc in LINK_ENDS[link] and N.total_cost(link, len(A.payees(key))) <= money:
                paths.append((link, key, LINK_MASK[link] & ~(1 << loc)))
    kept: dict[tuple[int, int], int] = {}
    for link, key, places in paths:
        if any(o_link == link and o_key != key and N.covers(key, o_key)
               and o_places & places == places for o_link, o_key, o_places in paths):
            continue
        kept[link, key] = kept.get((link, key), 0) | places
    return {(link, key, places) for (link, key), places in kept.items()}


def test_ts_4_1_offered_jumps_are_exactly_the_undominated_paths() -> None:
    rng = random.Random(2026)
    checked = grew = 0
    for seed in range(30):
        s = new(3 + seed % 3)
        while not s.is_terminal():
            if s.step == BUILD_FIRST:
                offered = {(o[0], o[1], o[3]) for o in s.build_options().values() if o[1]}
                assert offered == brute_force_jumps(s), (seed, s.b_company)
                checked += 1
                old = N.first_options(s.owner, s.free, s.touch[s.b_company], s.payee_table(),
                                      s.b_company, s.network[s.b_company],
                                      s.treasury[s.b_company], v1=True)
                grew += len(old) < len(s.build_options())
            s.apply(build_leaning(s, rng))
    assert checked > 300 and grew > 0
