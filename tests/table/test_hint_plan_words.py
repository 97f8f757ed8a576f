"""The terminal's hint says the mover's next moves, and the next hint keeps to them within
noise (issue 29, the 25th newcomer run: hinted "choose auction", then "forgo the
auction", it took the hint for turning round). CE-3.1: a turn is an action chosen, then
carried out or forgone."""

from __future__ import annotations

from typing import Any

import pytest
from tests.bots.test_hint_plan import choose_action_position

from cuberail.bots import analysis
from cuberail.cli.table import hint as hints
from cuberail.cli.table.hintwords import Answer, plan_words
from cuberail.cli.titles import load_view
from cuberail.core.state import GameState

VIEW = load_view("chicago-express")


def describe(state: GameState, action: Any) -> str:
    return str(VIEW.describe_action(state, action))


def test_plan_words_drop_what_a_move_shares_with_the_one_before() -> None:
    assert plan_words("choose auction", ("forgo the auction",)) == (
        "choose auction, then forgo the auction")
    assert plan_words("build for NYC", ("place a NYC locomotive on R3",
                                        "place a NYC locomotive on R2")) == (
        "build for NYC, then place a NYC locomotive on R3, then R2")
    assert plan_words("bid $5", ()) == "bid $5"
    assert plan_words("bid $5", ("bid $6",)) == "bid $5, then bid $6"  # one word: kept


def test_every_length_of_the_answer_says_the_plan() -> None:
    said = Answer("choose auction", why="a share is worth more now", chance=0.3,
                  budget="1 s", then=("forgo the auction",))
    plan = "hint: choose auction, then forgo the auction"
    assert said.line.startswith(plan)
    assert said.brief(". Enter plays it", 120).startswith(plan)
    assert said.detail().startswith(plan)


def test_the_hint_names_the_plan_and_the_next_hint_is_given_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    given: list[Any] = []
    real = analysis.hint_search

    def spy(state: GameState, seconds: Any, iterations: Any, seed: int,
            planned: Any = None, avoid: Any = None) -> analysis.Hinted:
        given.append(planned)
        return real(state, seconds, iterations, seed, planned, avoid)

    monkeypatch.setattr(hints, "hint_search", spy)
    state, memory = choose_action_position(), hints.Memory()
    first = hints.answer(state, describe, None, 1500, seed=1, memory=memory)
    best = memory.last[0]
    assert first.then and given == [None]
    assert first.brief("", 120).startswith(f"hint: {first.plan}")
    after = state.clone()
    after.apply(best)
    plan = analysis.hint_search(state, None, 1500, 1).then
    assert first.then[0] == hints.short_move(describe, after, plan[0])
    second = hints.answer(after, describe, None, 1500, seed=2, memory=memory)
    assert given[-1] == plan[0]  # the next hint is given the plan's move
    assert second.move  # and answers
