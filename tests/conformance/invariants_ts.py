"""Invariants of a Trans-Siberian Railroad state, for the generic conformance runner.

``check_invariants(state)`` asserts, with a message naming what broke: money
conservation against the bank counters, link cubes, shares, no negative money,
share values and markers on their tracks, and a flow that can always go on.
"""

from __future__ import annotations

from cuberail.games.trans_siberian.board import (
    ALL_LINKS,
    LINK_MASK,
    LINK_VALUE,
    MAX_LINKS,
    NUM_COMPANIES,
    SHARE_TRACK,
    SHARES,
)
from cuberail.games.trans_siberian.network import links_at
from cuberail.games.trans_siberian.state import (
    ACTIVE,
    NATIONALIZED,
    NEVER,
    PICK_LINK,
    PICK_VALUE,
    WAITING,
    TransSiberianState,
)


def check_invariants(state: object) -> None:
    """Assert every invariant of a :class:`TransSiberianState`."""
    assert isinstance(state, TransSiberianState), f"not a Trans-Siberian state: {state!r}"
    _money(state)
    _links(state)
    _shares(state)
    _tracks(state)
    _flow(state)


def _money(s: TransSiberianState) -> None:
    held = sum(s.cash) + sum(s.treasury)
    expected = s.start_total + s.bank_out - s.bank_in
    assert held == expected, (
        f"money not conserved: cash {sum(s.cash)} + treasuries {sum(s.treasury)} = {held},"
        f" expected start {s.start_total} + bank out {s.bank_out} - bank in {s.bank_in}"
        f" = {expected}")
    assert all(c >= 0 for c in s.cash), f"negative player cash: {s.cash}"
    assert all(t >= 0 for t in s.treasury), f"negative treasury: {s.treasury}"
    assert s.bank_in >= 0 and s.bank_out >= 0, f"bank counters {s.bank_in}, {s.bank_out}"


def _links(s: TransSiberianState) -> None:
    free = 0
    for link, o in enumerate(s.owner):
        assert -1 <= o < NUM_COMPANIES, f"link {link} has owner {o}"
        if o < 0:
            free |= 1 << link
    assert free == s.free & ALL_LINKS == s.free, "the unowned-link mask disagrees with owners"
    for c in range(NUM_COMPANIES):
        mine = [link for link, o in enumerate(s.owner) if o == c]
        assert len(mine) == s.nlinks[c] <= MAX_LINKS, (
            f"company {c}: {len(mine)} links owned, counter {s.nlinks[c]}, limit {MAX_LINKS}")
        net = 0
        for link in mine:
            net |= LINK_MASK[link]
        assert net == s.network[c], f"company {c}: network mask disagrees with its links"
        assert links_at(net) == s.touch[c], f"company {c}: touch mask disagrees with network"
        assert s.income[c] == sum(LINK_VALUE[link] for link in mine), (
            f"company {c}: income {s.income[c]} is not the sum of its link values")
        if s.status[c] in (WAITING, NEVER):
            assert not mine, f"company {c} owns links but is not in the game"


def _shares(s: TransSiberianState) -> None:
    for c in range(NUM_COMPANIES):
        held = [s.shares_held(p, c) for p in range(s.num_players)]
        assert all(h >= 0 for h in held), f"company {c}: negative holding {held}"
        assert s.unsold[c] >= 0 and s.removed[c] >= 0, f"company {c}: negative share pile"
        total = sum(held) + s.unsold[c] + s.removed[c]
        assert total == SHARES[c], (
            f"company {c}: held {sum(held)} + unsold {s.unsold[c]} + removed {s.removed[c]}"
            f" = {total}, not {SHARES[c]}")
        status = s.status[c]
        if status in (NATIONALIZED, NEVER):
            assert s.removed[c] == SHARES[c], f"company {c}: out of the game with shares left"
            assert s.treasury[c] == 0, f"company {c}: out of the game with a treasury"
        elif status == WAITING:
            assert s.unsold[c] == SHARES[c], f"company {c}: shares sold before it entered"
        else:
            assert sum(held) >= 1 and s.removed[c] == 0, f"company {c}: in play without holder"


def _tracks(s: TransSiberianState) -> None:
    top = len(SHARE_TRACK) - 1
    for c in range(NUM_COMPANIES):
        v, status = s.value[c], s.status[c]
        choosing = status == ACTIVE and s.a_company == c and s.step in (PICK_LINK, PICK_VALUE)
        if status in (WAITING, NEVER) or choosing:
            assert v == -1, f"company {c}: a share value before it entered ({v})"
        else:
            assert 0 <= v <= top, f"company {c}: share value index {v} is off the track"
    assert 0 <= s.nat <= top, f"nationalization marker {s.nat} is off the track"
    assert 0 <= s.timing <= s.opts.timing, f"timing {s.timing} beyond {s.opts.timing}"
    assert 0 <= s.dividends <= s.opts.dividend_track, f"dividend track at {s.dividends}"
    assert s.phase in (1, 2), f"phase {s.phase}"


def _flow(s: TransSiberianState) -> None:
    legal = s.legal_actions()
    if s.is_terminal():
        assert s.current_player() == -1 and not legal, "a finished game still has a mover"
        return
    assert 0 <= s.current_player() < s.num_players, f"mover {s.current_player()}"
    assert legal, "a game in progress without a legal action"
    assert len(set(legal)) == len(legal), "legal actions repeat"
