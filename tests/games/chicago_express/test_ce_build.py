"""CE-5: the build action (expanding a company's network)."""

from __future__ import annotations

import pytest
from ce_helpers import (
    BO,
    NYC,
    PRR,
    WABASH,
    fresh,
    hx,
    legal_texts,
    play,
    put,
    set_company,
    set_fields,
)

from cuberail.core import IllegalActionError
from cuberail.games.chicago_express.state import ChicagoExpressState


def places(state: ChicagoExpressState) -> list[str]:
    return sorted(str(a.args[0]) for a in state.legal_actions() if a.kind == "place")


def test_ce_5_1_player_must_hold_a_share() -> None:
    state = fresh(3)  # seat 0 holds PRR and NYC
    play(state, "choose build")
    assert legal_texts(state) == ["company PRR", "company NYC", "forgo"]
    before = state.to_json()
    with pytest.raises(IllegalActionError, match="company PRR, company NYC, forgo"):
        play(state, "company B&O")
    assert state.to_json() == before


def test_ce_5_1_a_company_that_can_place_nothing_is_not_offered() -> None:
    """CE-5.1, CE-5.4, CE-5.6 (rules version 2): NYC has $1 and locomotives, but the forests
    next to New York hold PRR (CE-5.3) and its plains hold B&O, so each costs $1 x 2."""
    state = fresh(3)
    put(state, PRR, "R2", "R3")
    put(state, BO, "S2", "S4")
    set_company(state, NYC, treasury=1)
    assert not state.can_place(NYC)
    play(state, "choose build")
    assert legal_texts(state) == ["company PRR", "forgo"]
    with pytest.raises(IllegalActionError) as info:
        play(state, "company NYC")
    reason = info.value.reason
    assert "NYC cannot place a locomotive now (treasury $1, the cheapest hex it can reach" \
        " costs $2)" in reason
    assert "CE-5.1" in reason and "CE-5.6" in reason and "rules version 2" in reason
    set_company(state, NYC, treasury=2)
    assert legal_texts(state) == ["company PRR", "company NYC", "forgo"]


def test_ce_5_6_no_company_offered_without_locomotives_or_money_forgo_stays() -> None:
    """CE-3.1: forgo is always there, even when no company can build."""
    state = fresh(3)
    set_company(state, PRR, locos_left=0)
    set_company(state, NYC, treasury=0)
    play(state, "choose build")
    assert legal_texts(state) == ["forgo"]


def test_ce_5_2_placements_adjacent_to_the_network() -> None:
    state = fresh(3)
    set_company(state, NYC, treasury=30)
    play(state, "choose build", "company NYC")
    assert places(state) == ["R2", "R3", "S2", "S4"]  # the neighbours of New York (S3)
    with pytest.raises(IllegalActionError):
        play(state, "place Q3")  # Binghamton is two hexes away
    play(state, "place R3")
    assert {"Q3", "Q4", "R4"} <= set(places(state))  # next to the locomotive just placed
    play(state, "place S2")  # branching is allowed
    assert state.network[NYC] == (1 << hx("S3")) | (1 << hx("R3")) | (1 << hx("S2"))


def test_ce_5_2_at_most_three_placements_then_the_build_ends() -> None:
    state = fresh(3)
    set_company(state, NYC, treasury=30)
    play(state, "choose build", "company NYC", "place S4", "place R4", "place Q5")
    assert state.locos_left[NYC] == 24 - 1 - 3
    assert state.current_player() == 1
    assert state.to_json()["step"] == "choose action"


def test_ce_5_2_build_may_stop_after_one_or_two() -> None:
    state = fresh(3)
    set_company(state, NYC, treasury=30)
    play(state, "choose build", "company NYC", "place S4")
    assert "stop" in legal_texts(state)
    play(state, "stop")
    assert state.locos_left[NYC] == 22
    assert state.current_player() == 1


def test_ce_5_3_one_locomotive_per_company_per_hex() -> None:
    state = fresh(3)
    set_company(state, NYC, treasury=30)
    play(state, "choose build", "company NYC", "place S4", "place R4")
    assert "S4" not in places(state) and "S3" not in places(state)
    with pytest.raises(IllegalActionError):
        play(state, "place S4")


@pytest.mark.parametrize(("target", "neighbour_nyc", "neighbour_prr"),
                         [("R3", "S3", "R4"),  # forest
                          ("L4", "M4", "K4")])  # mountain
def test_ce_5_3_forest_and_mountain_hold_one_company(
    target: str, neighbour_nyc: str, neighbour_prr: str,
) -> None:
    state = fresh(3)
    set_company(state, NYC, treasury=30)
    set_company(state, PRR, treasury=30)
    if neighbour_nyc != "S3":
        put(state, NYC, neighbour_nyc)
    put(state, PRR, neighbour_prr)
    play(state, "choose build", "company PRR")
    assert target in places(state)  # free before anyone builds there
    play(state, "stop")
    set_fields(state, turn=0)
    play(state, "choose build", "company NYC", f"place {target}", "stop")
    set_fields(state, turn=0)
    play(state, "choose build", "company PRR")
    assert target not in places(state)
    with pytest.raises(IllegalActionError):
        play(state, f"place {target}")


@pytest.mark.parametrize(("target", "prr_at"),
                         [("Q3", "Q4"),  # city
                          ("R4", None),  # plain, next to PRR's start
                          ("I6", "I5")])  # industrial
def test_ce_5_3_city_plain_industrial_hold_many(target: str, prr_at: str | None) -> None:
    state = fresh(3)
    put(state, BO, target)
    put(state, NYC, target)
    if prr_at:
        put(state, PRR, prr_at)
    set_company(state, PRR, treasury=30)
    play(state, "choose build", "company PRR", f"place {target}")
    assert state.companies_on(hx(target)) == [PRR, BO, NYC]


def test_ce_5_3_no_company_builds_on_a_start_hex() -> None:
    state = fresh(3)
    set_company(state, PRR, treasury=30)
    play(state, "choose build", "company PRR", "place R6")  # R6 touches Baltimore (Q7)
    assert "Q7" not in places(state)
    with pytest.raises(IllegalActionError):
        play(state, "place Q7")
    play(state, "place Q6")
    assert "Q7" not in places(state)


@pytest.mark.parametrize("wabash_open", [False, True])
def test_ce_5_3_fort_wayne_is_an_ordinary_city(wabash_open: bool) -> None:
    state = fresh(3)
    put(state, PRR, "C3")
    set_company(state, PRR, treasury=10)
    if wabash_open:
        set_fields(state, wabash_open=True)
        put(state, WABASH, "D3")
    income = state.income[PRR]
    play(state, "choose build", "company PRR", "place D3")
    assert state.treasury[PRR] == 10 - (2 if wabash_open else 1)
    assert state.income[PRR] == income + 1


def test_ce_5_4_cost_times_locomotives_rulebook_example() -> None:
    """NYC builds New York -> forest ($2) -> Binghamton, where PRR already is: 2 + 2 x 2 = 6."""
    state = fresh(3)
    put(state, PRR, "Q3")
    set_company(state, NYC, treasury=10)
    bank_in = state.bank_in
    play(state, "choose build", "company NYC", "place R3")
    assert state.treasury[NYC] == 8
    play(state, "place Q3")
    assert state.treasury[NYC] == 10 - 6
    assert state.bank_in == bank_in + 6
    assert state.income[NYC] == 8 + 1  # Binghamton: +1


def test_ce_5_4_placement_the_company_cannot_pay_is_illegal() -> None:
    state = fresh(3)
    put(state, PRR, "Q3")
    set_company(state, NYC, treasury=5)
    play(state, "choose build", "company NYC", "place R3")  # $3 left, Binghamton costs $4
    assert "Q3" not in places(state)
    assert {"R2", "S4"} <= set(places(state))  # $2 and $1: still affordable
    before = state.to_json()
    with pytest.raises(IllegalActionError, match="place"):
        play(state, "place Q3")
    assert state.to_json() == before


@pytest.mark.parametrize(("target", "from_hex", "developed", "gain"),
                         [("Q3", "Q4", False, 1),  # city: income 1
                          ("Q3", "Q4", True, 2),  # developed city: income 1 + house 1
                          ("L4", "M4", False, 1),  # mountain: income 1
                          ("L4", "M4", True, 3),  # developed mountain: 1 + house 2
                          ("I6", "I5", False, 3),  # Wheeling: its track value
                          ("K4", "K5", False, 4),  # Pittsburgh: its track value
                          ("E0", "E1", False, 1),  # Detroit: its track value
                          ("R3", "R4", False, 0),  # forest
                          ("S4", "R4", False, 0),  # plain
                          ("A2", "A3", False, 7)])  # Chicago
def test_ce_5_5_income_gained_on_placing(
    target: str, from_hex: str, developed: bool, gain: int,
) -> None:
    state = fresh(3)
    put(state, PRR, from_hex)
    if developed:
        set_fields(state, developed=1 << hx(target), houses=19)
    set_company(state, PRR, treasury=30)
    income = state.income[PRR]
    play(state, "choose build", "company PRR", f"place {target}")
    assert state.income[PRR] == income + gain


def test_ce_5_5_industrial_value_is_the_current_track() -> None:
    state = fresh(3)
    put(state, PRR, "I5")
    set_fields(state, track={**state.track, hx("I6"): 5})
    set_company(state, PRR, treasury=30)
    play(state, "choose build", "company PRR", "place I6")
    assert state.income[PRR] == 7 + 5


def test_ce_5_6_company_with_no_locomotives_left_cannot_build() -> None:
    state = fresh(3)
    set_company(state, NYC, locos_left=0)
    play(state, "choose build")
    assert legal_texts(state) == ["company PRR", "forgo"]


def test_ce_5_6_last_locomotive_ends_the_build() -> None:
    state = fresh(3)
    set_company(state, NYC, locos_left=1, treasury=30)
    play(state, "choose build", "company NYC", "place S4")
    assert state.locos_left[NYC] == 0
    assert state.current_player() == 1


def test_ce_5_7_chicago_stops_the_build_at_once() -> None:
    state = fresh(3)
    put(state, PRR, "A3")
    set_company(state, PRR, treasury=30)
    play(state, "choose build", "company PRR", "place A2")
    assert state.b_placed == 1
    assert state.wabash_open
    assert state.to_json()["auction"]["kind"] == "wabash"
    assert "place B2" not in legal_texts(state)
