"""CE-3: turns, gauges and the money rules."""

from __future__ import annotations

import pytest
from ce_helpers import (
    AUCTION,
    BUILD,
    DEVELOP,
    NYC,
    PRR,
    clear_shares,
    forgo_turn,
    fresh,
    legal_texts,
    play,
    put,
    red_two_gauges,
    set_company,
    set_fields,
    set_gauges,
    set_shares,
)

from cuberail.core import IllegalActionError


@pytest.mark.parametrize(("choice", "gauge", "step"),
                         [("auction", AUCTION, "choose share"),
                          ("develop", DEVELOP, "develop"),
                          ("build", BUILD, "choose company")])
def test_ce_3_1_choosing_advances_that_gauge_by_one(choice: str, gauge: int, step: str) -> None:
    state = fresh(3)
    play(state, f"choose {choice}")
    expected = [0, 0, 0]
    expected[gauge] = 1
    assert state.gauges == expected
    assert state.to_json()["step"] == step
    assert state.current_player() == 0


def test_ce_3_1_players_act_clockwise() -> None:
    state = fresh(4)
    seats = []
    for _ in range(6):
        seats.append(state.current_player())
        forgo_turn(state)
    assert seats == [0, 1, 2, 3, 0, 1]


def test_ce_3_1_red_gauge_cannot_be_chosen() -> None:
    state = fresh(3)
    set_gauges(state, 3, 0, 0)
    assert legal_texts(state) == ["choose develop", "choose build"]
    before = state.to_json()
    with pytest.raises(IllegalActionError, match="choose develop, choose build"):
        play(state, "choose auction")
    assert state.to_json() == before


@pytest.mark.parametrize("choice", ["auction", "develop", "build"])
def test_ce_3_1_forgoing_is_always_legal_and_keeps_the_gauge_advanced(choice: str) -> None:
    state = fresh(3)
    play(state, f"choose {choice}")
    assert "forgo" in legal_texts(state)
    play(state, "forgo")
    assert sum(state.gauges) == 1
    assert state.current_player() == 1


def test_ce_3_1_forgo_when_the_action_cannot_be_carried_out() -> None:
    state = fresh(3)
    clear_shares(state)  # no shares: nothing to build for
    set_fields(state, houses=0)  # supply empty, no industrial city reached: nothing to develop
    play(state, "choose build")
    assert legal_texts(state) == ["forgo"]
    play(state, "forgo", "choose develop")
    assert legal_texts(state) == ["forgo"]
    play(state, "forgo")
    for company, shares in enumerate((3, 4, 6, 5)):  # every share sold: nothing to auction
        set_shares(state, company, {0: shares})
    play(state, "choose auction")
    assert legal_texts(state) == ["forgo"]


def test_ce_3_1_build_chosen_with_no_company_able_to_place_is_forgone() -> None:
    """CE-10: choosing the build is allowed when no company can place; it is then forgone.
    CE-5.1, CE-5.6 (rules version 2): a company that cannot place is not offered."""
    state = fresh(3)
    set_company(state, NYC, treasury=0)
    set_company(state, PRR, treasury=0)
    play(state, "choose build")
    assert legal_texts(state) == ["forgo"]
    play(state, "forgo")
    assert state.current_player() == 1
    assert state.locos_left[NYC] == 23 and state.treasury[NYC] == 0
    assert state.gauges[2] == 1  # CE-3.1: the gauge stays advanced


def test_ce_3_2_two_red_gauges_start_the_turn_with_a_dividend() -> None:
    state = fresh(3)
    red_two_gauges(state)
    cash = state.cash[:]
    play(state, "choose build", "forgo")  # seat 0's turn ends with two gauges red
    assert state.dividends == 1
    # seat 0 holds PRR (7) and NYC (8), seat 1 B&O (6), seat 2 C&O (5): one share each
    assert state.cash == [cash[0] + 15, cash[1] + 6, cash[2] + 5]
    assert state.gauges == [0, 0, 0]
    assert state.current_player() == 1  # then seat 1 takes the turn (CE-8.5)
    assert state.to_json()["step"] == "choose action"


def test_ce_3_2_one_red_gauge_is_not_enough() -> None:
    state = fresh(3)
    set_gauges(state, 3, 3, 4)  # auction red; develop and build one short
    play(state, "choose build", "forgo")  # build red too: two red
    assert state.dividends == 1
    state = fresh(3)
    set_gauges(state, 3, 2, 3)
    play(state, "choose build", "forgo")
    assert state.dividends == 0


def test_ce_3_2_real_round_of_forgone_turns() -> None:
    """3 auctions then 4 developments make two gauges red: 7 turns to a dividend."""
    state = fresh(3)
    for turn in range(7):
        assert state.dividends == 0, turn
        play(state, "choose auction" if turn < 3 else "choose develop", "forgo")
    assert state.dividends == 1
    assert state.current_player() == 7 % 3


def test_ce_3_3_bid_above_cash_is_refused() -> None:
    state = fresh(3)
    set_fields(state, cash=[9, 40, 40])
    play(state, "choose auction", "share NYC")  # minimum ceil(8 / 2) = 4
    assert legal_texts(state)[-1] == "bid 9"
    before = state.to_json()
    with pytest.raises(IllegalActionError, match="bid 4 to 9"):
        play(state, "bid 10")
    assert state.to_json() == before


def test_ce_3_3_bids_are_whole_dollars() -> None:
    state = fresh(3)
    play(state, "choose auction", "share NYC")
    with pytest.raises(IllegalActionError):
        play(state, "bid 4.5")
    with pytest.raises(IllegalActionError):
        play(state, "bid four")


def test_ce_3_3_company_money_never_pays_for_players_and_back() -> None:
    """A player's cash cannot pay a build; a company's treasury cannot pay a bid."""
    state = fresh(3)
    set_company(state, PRR, treasury=0)
    set_fields(state, cash=[100, 40, 40])
    put(state, PRR, "R4")
    play(state, "choose build")
    assert "company PRR" not in legal_texts(state)  # PRR has $0: it cannot place (CE-5.4)
    play(state, "forgo")
    assert state.cash[0] == 100 and state.locos_left[PRR] == 18
    set_fields(state, cash=[40, 0, 40])  # seat 1 has no cash, PRR has plenty
    set_company(state, PRR, treasury=100)
    play(state, "choose auction", "share PRR")
    assert legal_texts(state) == ["pass"]
