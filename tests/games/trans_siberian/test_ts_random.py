"""Seeded random games played to the end with the invariants checked at every step."""

from __future__ import annotations

import random

import pytest
from ts_helpers import build_leaning, load_invariants, new

from cuberail.core.actions import Action

check_invariants = load_invariants().check_invariants


def play_out(seed: int, leaning: bool) -> int:
    rng = random.Random(seed)
    s = new(3 + seed % 3)
    check_invariants(s)
    steps = 0
    while not s.is_terminal():
        legal = s.legal_actions()
        action = build_leaning(s, rng) if leaning else legal[rng.randrange(len(legal))]
        s.apply(action)
        check_invariants(s)
        steps += 1
        assert steps < 5000, "a game that does not end"
    assert len(s.result().scores) == s.num_players
    return steps


@pytest.mark.parametrize("chunk", range(6))
def test_random_games_keep_the_invariants(chunk: int) -> None:
    for seed in range(chunk * 50, chunk * 50 + 50):
        play_out(seed, leaning=False)


@pytest.mark.parametrize("chunk", range(3))
def test_build_leaning_games_keep_the_invariants(chunk: int) -> None:
    for seed in range(chunk * 20, chunk * 20 + 20):
        play_out(seed, leaning=True)


def test_clone_and_round_trips_along_a_game() -> None:
    rng = random.Random(99)
    s = new(4)
    while not s.is_terminal():
        legal = s.legal_actions()
        assert legal == s.clone().legal_actions()
        for a in legal:
            assert Action.from_text(a.text()) == a
            assert Action.from_json(a.to_json()) == a
        action = build_leaning(s, rng)
        twin = s.clone()
        s.apply(action)
        assert twin.to_json() != s.to_json() or action.kind == "pass"
        twin.apply(action)
        assert twin.to_json() == s.to_json()


def test_build_is_offered_exactly_when_a_first_link_exists() -> None:
    from cuberail.games.trans_siberian import network as N
    from cuberail.games.trans_siberian.state import TURN

    rng = random.Random(4)
    for seed in range(12):
        s = new(3 + seed % 3)
        while not s.is_terminal():
            if s.step == TURN:
                for c in range(6):
                    if s.is_public(c) and s.nlinks[c] < 32:
                        options = N.first_options(s.owner, s.free, s.touch[c], s.payee_table(),
                                                  c, s.network[c], s.treasury[c])
                        quick = N.can_build(s.owner, s.free, s.touch[c], c, s.network[c],
                                            s.treasury[c])
                        assert quick == bool(options), (seed, c)
            s.apply(build_leaning(s, rng))
