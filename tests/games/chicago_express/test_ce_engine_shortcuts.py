"""The engine's fast paths give what the rules say, checked against plain scans of the map.

The engine keeps derived values instead of recomputing them (the mask of full gauges),
reads long bit masks a word at a time, and skips hexes by mask before looking at them.
Each is compared here, along seeded random games, with the rule written out the slow way.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from ce_helpers import fresh, put, set_fields

from cuberail.games.chicago_express.board import (
    CITY,
    COMPANIES,
    DETROIT,
    FOREST,
    HEX_COST,
    HEXES,
    INDUSTRIAL,
    MAX_PLACEMENTS,
    MOUNTAIN,
)
from cuberail.games.chicago_express.state import ChicagoExpressState

NEW_GAME_PLAYERS = (2, 4, 6)


def random_states(games: int = 6, seed: int = 3) -> Iterator[ChicagoExpressState]:
    """Every state along some seeded random games (2, 4 and 6 players), the ends included."""
    rng = random.Random(seed)
    for game in range(games):
        state = fresh(NEW_GAME_PLAYERS[game % len(NEW_GAME_PLAYERS)])
        yield state
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
            yield state


def scanned_placements(s: ChicagoExpressState, company: int) -> list[int]:
    """CE-5.2 to CE-5.4 hex by hex: next to the network, room on it, and money for it."""
    if s.locos_left[company] <= 0:
        return []
    out = []
    for h in range(len(HEXES)):
        if not s.frontier[company] >> h & 1:
            continue
        taken = s.occ[h] > 0 and HEXES[h].terrain in (FOREST, MOUNTAIN)  # CE-5.3
        if not taken and HEX_COST[h] * (s.occ[h] + 1) <= s.treasury[company]:  # CE-5.4
            out.append(h)
    return out


def scanned_developments(s: ChicagoExpressState) -> list[int]:
    """CE-6.1, CE-6.2, CE-6.5, CE-6.6 hex by hex: an occupied hex that takes a house or a
    track step (Detroit never)."""
    out = []
    for h, hx in enumerate(HEXES):
        if not any(net >> h & 1 for net in s.network) or h == DETROIT:
            continue
        if hx.terrain == INDUSTRIAL:
            can = s.track[h] < s.opts.track_max[h]  # CE-6.5
        else:
            takes_house = ((hx.terrain in (CITY, MOUNTAIN) and hx.house > 0)
                           or hx.terrain == FOREST)
            can = takes_house and s.houses > 0 and not s.developed >> h & 1  # CE-6.2: once
        if can:
            out.append(h)
    return out


def test_ce_3_2_the_kept_mask_of_full_gauges_follows_the_gauges() -> None:
    for s in random_states():
        size = s.opts.gauges
        full = [s.gauges[g] >= size[g] for g in range(3)]
        assert [bool(s.red >> g & 1) for g in range(3)] == full
        assert s.red_gauges() == sum(full)


def test_ce_5_2_placements_and_can_place_match_a_scan_of_every_hex() -> None:
    for s in random_states():
        for company in range(len(COMPANIES)):
            scanned = scanned_placements(s, company)
            assert s.can_place(company) == bool(scanned)
            if s.b_placed < MAX_PLACEMENTS:
                assert s.placements(company) == scanned


def test_ce_6_developable_hexes_match_a_scan_of_every_hex() -> None:
    for s in random_states():
        assert s.developable_hexes() == scanned_developments(s)


def test_ce_6_2_with_no_house_left_only_industrial_tracks_below_their_top_are_offered() -> None:
    state = fresh(3)
    wheeling, pittsburgh = (h.index for h in HEXES if h.name in ("Wheeling", "Pittsburgh"))
    put(state, 0, HEXES[wheeling].id, HEXES[pittsburgh].id, HEXES[DETROIT].id, "A2")
    assert state.developable_hexes() == scanned_developments(state)
    set_fields(state, houses=0)
    assert state.developable_hexes() == sorted([wheeling, pittsburgh])
    state.track[pittsburgh] = state.opts.track_max[pittsburgh]  # CE-6.5: at its top
    assert state.developable_hexes() == [wheeling]
