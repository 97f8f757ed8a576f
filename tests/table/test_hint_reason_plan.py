"""A hint's reason is the medium bot's for the move; the 30th newcomer run read "choose to
build track, then forgo the build. Why: a build is worth more to you now": the search
took the action to forgo it (CE-3.1), the heuristic to build. A reason the plan's next
move contradicts (the heuristic would play another kind of move there) is left out."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cuberail.bots import analysis
from cuberail.bots.heuristic import heuristic_for, reason_fits
from cuberail.cli.table import hint as hints
from cuberail.core.actions import Action
from cuberail.core.state import GameState
from cuberail.games import get_game
from cuberail.terminal import face


def chosen_build() -> tuple[GameState, GameState, Action, Action]:
    """A CE position where the mover may choose to build, the position after it, the
    heuristic's move there, and a move of another kind there."""
    rng = random.Random(3)
    state = get_game("chicago-express").new_game(3)
    while not state.is_terminal():
        build = next((a for a in state.legal_actions() if a.text() == "choose build"), None)
        if build is not None:
            after = state.clone()
            after.apply(build)
            mine = heuristic_for(after.title, 0).choose(after.clone())
            other = next((a for a in after.legal_actions() if a.kind != mine.kind), None)
            if other is not None:
                return state, after, mine, other
        state.apply(rng.choice(state.legal_actions()))
    raise AssertionError("no build to choose with two kinds of move after it")


def test_a_reason_fits_a_plan_of_the_heuristics_kind_only() -> None:
    _, after, mine, other = chosen_build()
    assert reason_fits(after, mine)
    assert not reason_fits(after, other)


@pytest.mark.parametrize("fits", [True, False])
def test_the_terminal_hint_leaves_out_a_reason_its_plan_contradicts(
        fits: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    state, _, mine, other = chosen_build()
    build = Action.from_text("choose build")
    planned = mine if fits else other
    found = analysis.Estimate([0.3] * 3, build, 0.3, {build: (40, 0.3)}, 40)
    made = analysis.Hinted(build, 0.3, found, then=(planned,))

    def fake(*_: Any, **__: Any) -> analysis.Hinted:
        return made

    monkeypatch.setattr(hints, "hint_search", fake)
    monkeypatch.setattr(hints, "reason", lambda s, a: "a build is worth more to you now")
    line = hints.hint(state, face("chicago-express").describe_action, iterations=40)
    assert ("a build is worth more to you now" in line) == fits, line
