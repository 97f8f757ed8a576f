"""CE-9: the end of the game and the winner."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from ce_helpers import (
    BO,
    CO,
    NYC,
    PRR,
    clear_shares,
    forgo_turn,
    fresh,
    hx,
    play,
    play_to_dividend,
    put,
    red_two_gauges,
    set_company,
    set_fields,
    set_shares,
)

from cuberail.core import IllegalActionError
from cuberail.games.chicago_express.state import ChicagoExpressState

Setter = Callable[[ChicagoExpressState], None]


def no_locomotives(count: int) -> Setter:
    def setter(state: ChicagoExpressState) -> None:
        for company in range(count):
            set_company(state, company, locos_left=0)
    return setter


def no_unsold_shares(count: int) -> Setter:
    full = [{0: 3}, {1: 4}, {2: 6}, {0: 5}]

    def setter(state: ChicagoExpressState) -> None:
        for company in range(count):
            set_shares(state, company, full[company])
    return setter


def houses(left: int) -> Setter:
    return lambda state: set_fields(state, houses=left)


def detroit(value: int) -> Setter:
    return lambda state: set_fields(state, track={**state.track, hx("E0"): value})


def run_general_dividend(state: ChicagoExpressState) -> None:
    red_two_gauges(state)
    play(state, "choose build", "forgo")


@pytest.mark.parametrize("condition", [no_locomotives(3), no_unsold_shares(3), houses(3),
                                       houses(0), detroit(8)],
                         ids=["3-without-locomotives", "3-without-unsold-shares",
                              "3-houses-left", "no-houses-left", "detroit-at-8"])
def test_ce_9_1_each_end_condition_ends_the_game_at_a_general_dividend(
    condition: Setter,
) -> None:
    state = fresh(3)
    condition(state)
    assert not state.is_terminal()
    cash = state.cash[:]
    run_general_dividend(state)
    assert state.is_terminal()
    assert state.current_player() == -1
    assert state.legal_actions() == []
    assert state.dividends == 1
    assert sum(state.cash) > sum(cash)  # CE-8.2: the dividend is paid before the end


@pytest.mark.parametrize("condition", [no_locomotives(2), no_unsold_shares(2), houses(4),
                                       detroit(7)],
                         ids=["2-without-locomotives", "2-without-unsold-shares",
                              "4-houses-left", "detroit-at-7"])
def test_ce_9_1_one_short_of_an_end_condition_goes_on(condition: Setter) -> None:
    state = fresh(3)
    condition(state)
    run_general_dividend(state)
    assert not state.is_terminal()
    assert state.gauges == [0, 0, 0]


def test_ce_9_1_end_conditions_are_checked_only_at_a_general_dividend() -> None:
    state = fresh(3)
    set_fields(state, houses=3)
    forgo_turn(state)
    assert not state.is_terminal()


def test_ce_9_1_never_at_a_chicago_dividend() -> None:
    state = fresh(3)
    set_fields(state, houses=3)
    put(state, PRR, "A3")
    set_company(state, PRR, treasury=20)
    cash = state.cash[0]
    play(state, "choose build", "company PRR", "place A2")
    assert state.cash[0] == cash + 14  # the Chicago dividend was paid ...
    assert not state.is_terminal()  # ... and the game goes on to the Wabash auction
    play(state, "pass", "pass", "pass")
    assert not state.is_terminal()
    run_general_dividend(state)
    assert state.is_terminal()


def test_ce_9_1_detroit_reaches_8_at_the_eighth_dividend() -> None:
    """Nobody ever does anything: Detroit alone ends the game, at the 8th dividend."""
    state = fresh(3)
    for n in range(1, 8):
        play_to_dividend(state)
        assert state.dividends == n and not state.is_terminal()
        assert state.track[hx("E0")] == n + 1
    play_to_dividend(state)
    assert state.is_terminal()
    assert state.dividends == 8
    assert state.end_conditions() == ["Detroit stands at its maximum"]


def test_ce_9_1_no_action_after_the_end() -> None:
    state = fresh(3)
    set_fields(state, houses=2)
    run_general_dividend(state)
    before = state.to_json()
    with pytest.raises(IllegalActionError, match="the game is over"):
        play(state, "choose auction")
    assert state.to_json() == before
    assert before["result"] == state.result().to_json()


def test_ce_9_2_most_cash_wins_shares_and_treasuries_count_for_nothing() -> None:
    state = fresh(3)
    clear_shares(state)
    for company, share_count in ((PRR, 3), (BO, 4), (CO, 6), (NYC, 5)):
        set_shares(state, company, {2: share_count})  # seat 2 holds every share ...
        set_company(state, company, income=0, treasury=500)  # ... of rich companies
    set_fields(state, cash=[31, 30, 29], houses=0)
    run_general_dividend(state)
    result = state.result()
    assert result.scores == (31, 30, 29)
    assert result.winners == (0,)


def test_ce_9_2_players_tied_for_most_cash_share_the_victory() -> None:
    state = fresh(4)
    clear_shares(state)
    set_fields(state, cash=[25, 40, 12, 40], houses=0)
    run_general_dividend(state)
    result = state.result()
    assert result.winners == (1, 3)
    assert result.returns() == [0.0, 0.5, 0.0, 0.5]
    assert state.to_json()["result"] == {"scores": [25, 40, 12, 40], "winners": [1, 3]}
