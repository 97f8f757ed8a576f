"""CE-6: the develop action."""

from __future__ import annotations

import pytest
from ce_helpers import (
    BO,
    CO,
    NYC,
    PRR,
    WABASH,
    clear_shares,
    fresh,
    hx,
    play,
    put,
    set_company,
    set_fields,
)

from cuberail.core import IllegalActionError
from cuberail.games.chicago_express.state import ChicagoExpressState


def developable(state: ChicagoExpressState) -> list[str]:
    play(state, "choose develop")
    return sorted(str(a.args[0]) for a in state.legal_actions() if a.kind == "develop")


def test_ce_6_1_any_player_may_develop_without_a_share() -> None:
    state = fresh(3)
    put(state, CO, "I9")
    clear_shares(state)
    play(state, "choose develop", "develop I9")
    assert state.is_developed(hx("I9"))
    assert state.current_player() == 1


def test_ce_6_1_hex_must_hold_a_locomotive() -> None:
    state = fresh(3)
    assert developable(state) == []
    before = state.to_json()
    with pytest.raises(IllegalActionError, match="allowed are forgo"):
        play(state, "develop I9")
    assert state.to_json() == before


def test_ce_6_2_developable_kinds_of_hex() -> None:
    state = fresh(3)
    # city, mountain, forest, plain, Chicago, Fort Wayne, Wheeling, Pittsburgh, Detroit
    for hex_id in ("I9", "L4", "R3", "R4", "A2", "D3", "I6", "K4", "E0"):
        put(state, PRR, hex_id)
    # start hexes (R5 ...), plains, Chicago and Detroit are never developed
    assert developable(state) == ["D3", "I6", "I9", "K4", "L4", "R3"]


def test_ce_6_2_city_forest_mountain_develop_once_each() -> None:
    state = fresh(3)
    put(state, CO, "I9", "R3", "L4")
    for hex_id in ("I9", "R3", "L4"):
        play(state, "choose develop", f"develop {hex_id}")
    assert state.houses == 20 - 3
    assert developable(state) == []


def test_ce_6_2_empty_supply_blocks_house_developments() -> None:
    state = fresh(3)
    put(state, CO, "I9", "I6")
    set_fields(state, houses=0)
    assert developable(state) == ["I6"]  # Wheeling needs no house (CE-10)


def test_ce_6_3_developing_charleston_raises_income() -> None:
    """Rulebook: developing Charleston (+1) raises C&O from 12 to 13."""
    state = fresh(3)
    put(state, CO, "I9")
    set_company(state, CO, income=12)
    play(state, "choose develop", "develop I9")
    assert state.income[CO] == 13
    assert state.houses == 19
    assert state.to_json()["developed"] == ["I9"]


def test_ce_6_3_every_company_present_gains_the_house_value() -> None:
    state = fresh(3)
    put(state, PRR, "D3")
    put(state, NYC, "D3")
    incomes = state.income[:]
    play(state, "choose develop", "develop D3")  # Fort Wayne: house 2
    assert state.income[PRR] == incomes[PRR] + 2
    assert state.income[NYC] == incomes[NYC] + 2
    assert state.income[BO] == incomes[BO]


def test_ce_6_4_developing_a_forest_pays_the_company_two_dollars() -> None:
    state = fresh(3)
    put(state, NYC, "R3")
    treasury, incomes, bank_out = state.treasury[:], state.income[:], state.bank_out
    cash = state.cash[:]
    play(state, "choose develop", "develop R3")
    assert state.treasury[NYC] == treasury[NYC] + 2
    assert state.bank_out == bank_out + 2
    assert state.income == incomes
    assert state.cash == cash
    assert state.houses == 19


def test_ce_6_5_wheeling_three_to_four_rulebook_example() -> None:
    """Rulebook: Wheeling 3 -> 4 raises PRR 17 -> 18 and B&O 14 -> 15."""
    state = fresh(3)
    put(state, PRR, "I6")
    put(state, BO, "I6")
    set_company(state, PRR, income=17)
    set_company(state, BO, income=14)
    play(state, "choose develop", "develop I6")
    assert state.track[hx("I6")] == 4
    assert (state.income[PRR], state.income[BO]) == (18, 15)
    assert state.income[NYC] == 8
    assert state.houses == 20  # no house used


def test_ce_6_5_pittsburgh_steps_by_two() -> None:
    state = fresh(3)
    put(state, NYC, "K4")
    income = state.income[NYC]
    play(state, "choose develop", "develop K4")
    assert state.to_json()["industrial_track"]["Pittsburgh"] == 6
    assert state.income[NYC] == income + 2
    play(state, "choose develop", "develop K4")
    assert state.track[hx("K4")] == 8 and state.income[NYC] == income + 4


@pytest.mark.parametrize(("hex_id", "top"), [("I6", 6), ("K4", 8)])
def test_ce_6_5_marker_at_its_maximum_cannot_be_developed(hex_id: str, top: int) -> None:
    state = fresh(3)
    put(state, PRR, hex_id)
    set_fields(state, track={**state.track, hx(hex_id): top})
    assert hex_id not in developable(state)
    with pytest.raises(IllegalActionError):
        play(state, f"develop {hex_id}")


def test_ce_6_5_develop_repeatedly_up_to_the_maximum() -> None:
    state = fresh(3)
    put(state, PRR, "I6")
    for expected in (4, 5, 6):
        play(state, "choose develop", "develop I6")
        assert state.track[hx("I6")] == expected
    assert "I6" not in developable(state)


def test_ce_6_6_detroit_is_never_developed_by_a_player() -> None:
    state = fresh(3)
    put(state, PRR, "E0")
    assert "E0" not in developable(state)
    with pytest.raises(IllegalActionError):
        play(state, "develop E0")


def test_ce_6_2_fort_wayne_is_developable_before_wabash_opens() -> None:
    state = fresh(3)
    put(state, PRR, "D3")
    play(state, "choose develop", "develop D3")
    assert state.is_developed(hx("D3"))
    assert not state.is_open(WABASH) and state.income[WABASH] == 0
    assert developable(state) == []  # once only
