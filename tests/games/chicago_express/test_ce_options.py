"""The Chicago Express rule options (CE-1.3, CE-1.6, CE-5.7), as GameInfo declares them."""

from __future__ import annotations

import pytest
from ce_helpers import INFO, PRR, forgo_turn, fresh, hx, legal_texts, play, put, set_gauges

from cuberail.core import OptionError


def test_ce_options_declared_with_their_defaults() -> None:
    defaults = {spec.name: spec.default for spec in INFO.options}
    assert defaults == {"chicago": "stop", "auction_gauge": 3, "develop_gauge": 4,
                        "build_gauge": 5, "wheeling_max": 6, "pittsburgh_max": 8}
    assert fresh(3).to_json()["options"] == defaults


@pytest.mark.parametrize(("auction", "develop", "build"), [(1, 1, 1), (2, 5, 3), (9, 9, 9)])
def test_ce_1_6_gauge_size_options(auction: int, develop: int, build: int) -> None:
    state = fresh(3, auction_gauge=auction, develop_gauge=develop, build_gauge=build)
    gauges = state.to_json()["gauges"]
    assert [gauges[g]["size"] for g in ("auction", "develop", "build")] == [auction, develop,
                                                                             build]
    for _ in range(auction):
        play(state, "choose auction", "forgo")
    assert "choose auction" not in legal_texts(state)
    for _ in range(develop - 1):
        play(state, "choose develop", "forgo")
    assert state.dividends == 0
    play(state, "choose develop", "forgo")  # second red gauge: dividend next turn
    assert state.dividends == 1


@pytest.mark.parametrize(("wheeling_max", "steps"), [(3, 0), (4, 1), (12, 9)])
def test_ce_1_3_wheeling_maximum_option(wheeling_max: int, steps: int) -> None:
    state = fresh(3, wheeling_max=wheeling_max, develop_gauge=9)
    put(state, PRR, "I6")
    for _ in range(steps):
        play(state, "choose develop", "develop I6")
    assert state.track[hx("I6")] == wheeling_max
    assert state.income[PRR] == 7 + steps  # put() adds no income: only the steps count
    set_gauges(state, 0, 0, 0)
    play(state, "choose develop")
    assert "develop I6" not in legal_texts(state)


@pytest.mark.parametrize(("pittsburgh_max", "steps"), [(4, 0), (6, 1), (12, 4)])
def test_ce_1_3_pittsburgh_maximum_option(pittsburgh_max: int, steps: int) -> None:
    state = fresh(3, pittsburgh_max=pittsburgh_max, develop_gauge=9)
    put(state, PRR, "K4")
    for _ in range(steps):
        play(state, "choose develop", "develop K4")
    assert state.track[hx("K4")] == pittsburgh_max
    assert state.income[PRR] == 7 + 2 * steps
    play(state, "choose develop")
    assert "develop K4" not in legal_texts(state)


@pytest.mark.parametrize("options", [{"chicago": "pause"}, {"auction_gauge": 0},
                                     {"build_gauge": 10}, {"wheeling_max": 2},
                                     {"pittsburgh_max": 7}, {"develop_gauge": "4"},
                                     {"gauges": 3}])
def test_ce_options_out_of_range_are_refused(options: dict[str, object]) -> None:
    with pytest.raises(OptionError):
        INFO.new_game(3, options)


def test_ce_options_continue_is_recorded_in_the_snapshot() -> None:
    state = fresh(2, chicago="continue")
    forgo_turn(state)
    assert state.to_json()["options"]["chicago"] == "continue"
