"""A choice typed exactly as the table printed it is that choice (the eleventh newcomer run
pasted `build Nizhneangarsk–Tynda 4 for red` from a choice's line and was refused): the
words before the line's facts (after a colon or in brackets), any case, with a plain `-`
for the printed `–`; several routes of one link so named are its cheapest route."""

from __future__ import annotations

import random

import pytest

from cuberail.cli.table import choices as C
from cuberail.core.state import GameState
from cuberail.games import get_game
from cuberail.terminal import face as view_module


def _at_build(title: str, seed: int) -> GameState:
    """A seeded random game at a decision with several one-action choices on the map."""
    s = get_game(title).new_game(4, {})
    rng = random.Random(seed)
    kinds = ("link",) if title == "trans-siberian" else ("place", "develop")
    while not s.is_terminal():
        legal = s.legal_actions()
        if sum(a.kind in kinds for a in legal) >= 3:
            return s
        s.apply(rng.choice(legal))
    raise AssertionError("no build decision in the game")


@pytest.mark.parametrize("title", ["trans-siberian", "chicago-express"])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_each_choice_typed_as_printed_is_that_choice(title: str, seed: int) -> None:
    s = _at_build(title, seed)
    view = view_module(title)
    menu = C.build(s, view.describe_action)
    tried = 0
    for choice in menu:
        if choice.is_range or choice.is_dearer_route:
            continue
        printed = choice.detail.split(": ")[0]
        same = [c for c in menu if c.detail.split(": ")[0] == printed]
        for typed in {printed, printed.upper(), printed.replace("–", "-")}:
            got = C.interpret(s, menu, typed, view)
            if len({c.base for c in same}) == 1:
                assert got == choice.actions[0], (typed, got)
                tried += 1
    assert tried >= 3


def test_a_link_with_several_routes_typed_as_printed_is_its_cheapest_route() -> None:
    view = view_module("trans-siberian")
    for seed in range(1, 20):
        s = get_game("trans-siberian").new_game(4, {})
        rng = random.Random(seed)
        while not s.is_terminal():
            menu = C.build(s, view.describe_action)
            routed = [c for c in menu if c.is_route and c.number.endswith("a")]
            if routed:
                cheapest = routed[0]
                printed = cheapest.detail.split(": ")[0].split(" (")[0]
                assert any(c.base == cheapest.base and c.is_dearer_route for c in menu)
                assert C.interpret(s, menu, printed, view) == cheapest.actions[0]
                return
            s.apply(rng.choice(s.legal_actions()))
    pytest.skip("no link with several routes in 19 seeded games")
