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


# ----- the 32nd newcomer run: "choose to auction a share … then forgo the auction" -------


def at_choice(gauges: tuple[int, int, int]) -> Any:
    """A CE position at a turn's choice of action (CE-3), its gauges set as given (none
    full beyond its size)."""
    from cuberail.games.chicago_express.state import CHOOSE

    rng = random.Random(5)
    state = get_game("chicago-express").new_game(3)
    while state.step != CHOOSE:
        state.apply(rng.choice(state.legal_actions()))
    state.gauges = list(gauges)
    state.red = sum(1 << g for g in range(3) if gauges[g] >= state.gauge_size(g))
    return state


@pytest.mark.parametrize(("gauges", "key", "after"), [
    ((0, 0, 0), "ce.why.plan_forgo", 1),  # the auction gauge 1/3: on, without spending
    ((2, 0, 0), "ce.why.plan_forgo_full", 3),  # 3/3: one more full gauge brings it
    ((2, 4, 0), "ce.why.plan_forgo_dividend", 3),  # the second full: the dividend (CE-8)
])
def test_an_action_chosen_only_to_be_forgone_says_why(gauges: tuple[int, int, int], key: str,
                                                       after: int) -> None:
    """CE-3.1, CE-8: choosing an action and forgoing it moves its gauge on without
    spending; two full gauges bring the general dividend."""
    from cuberail.bots.heuristic import plan_reason

    state = at_choice(gauges)
    auction, forgo = Action.from_text("choose auction"), Action.from_text("forgo")
    said = plan_reason(state, auction, forgo)
    assert said is not None and said.key == key and said.values["after"] == after, said
    assert said.values["size"] == 3
    assert plan_reason(state, auction, Action.from_text("share PRR")) is None  # not forgone
    assert plan_reason(get_game("trans-siberian").new_game(3),
                       Action.from_text("pass"), forgo) is None  # (a title without one)


@pytest.mark.parametrize("fits", [False, True])
def test_the_terminal_hint_says_why_it_chooses_an_action_to_forgo_it(
        fits: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    """Also where the heuristic's reason fits the plan (it would forgo there too): the
    36th newcomer run read "choose to auction a share, then forgo the auction — a share
    up for auction is worth more to you now"; the plan's own reason comes first."""
    state = at_choice((2, 4, 0))
    auction = Action.from_text("choose auction")
    found = analysis.Estimate([0.3] * 3, auction, 0.3, {auction: (40, 0.3)}, 40)
    made = analysis.Hinted(auction, 0.3, found, then=(Action.from_text("forgo"),))
    monkeypatch.setattr(hints, "hint_search", lambda *_, **__: made)
    monkeypatch.setattr(hints, "reason_fits", lambda *_: fits)
    line = hints.hint(state, face("chicago-express").describe_action, iterations=40)
    assert "worth more to you now" not in line, line
    assert ("choosing it only to forgo it fills its gauge (3/3), the second full one: the"
            " general dividend comes at the start of the next turn") in line, line
