"""CE-7: the Chicago phase and the opening of the Wabash."""

from __future__ import annotations

from ce_helpers import (
    CO,
    NYC,
    PRR,
    WABASH,
    fresh,
    hx,
    legal_texts,
    play,
    put,
    run_auction,
    set_company,
    set_fields,
    set_gauges,
    set_shares,
)

from cuberail.games.chicago_express.state import ChicagoExpressState


def next_to_chicago(state: ChicagoExpressState, company: int = PRR, income: int = 10) -> None:
    """The company stands on A3, next to Chicago (A2), with money to build there."""
    put(state, company, "A3")
    set_company(state, company, income=income, treasury=20)


def reach_chicago(state: ChicagoExpressState, company: str = "PRR") -> None:
    play(state, "choose build", f"company {company}", "place A2")


def test_ce_7_1_chicago_dividend_for_that_company_alone() -> None:
    state = fresh(3)
    set_shares(state, PRR, {0: 1, 1: 1})
    next_to_chicago(state, PRR, income=10)
    cash = state.cash[:]
    before = state.paid[:]
    reach_chicago(state)
    assert state.income[PRR] == 17
    # ceil(17 / 2) = 9 per share; NYC (seat 0), B&O and C&O pay nothing now
    assert state.cash == [cash[0] + 9, cash[1] + 9, cash[2]]
    assert state.dividends == 0  # not a general dividend
    # the engine counts it per share, for that company alone
    assert [now - was for now, was in zip(state.paid, before, strict=True)] == [9, 0, 0, 0, 0]


def test_ce_7_1_every_company_reaching_chicago_pays_one() -> None:
    state = fresh(3)
    next_to_chicago(state, PRR)
    reach_chicago(state)
    run_auction(state, None)
    put(state, NYC, "B2")
    set_company(state, NYC, income=20, treasury=20)
    set_fields(state, turn=0)
    cash = state.cash[:]
    reach_chicago(state, "NYC")
    assert state.cash == [cash[0] + 27, cash[1], cash[2]]  # NYC: 20 + 7, one share
    assert state.locos_left[WABASH] == 10  # the Wabash opened once only
    assert state.current_player() == 1  # no auction this time (CE-7.3)


def test_ce_7_2_first_arrival_opens_the_wabash_on_fort_wayne() -> None:
    state = fresh(3)
    next_to_chicago(state)
    bank_in = state.bank_in
    reach_chicago(state)
    assert state.is_open(WABASH)
    assert state.network[WABASH] == 1 << hx("D3")
    assert state.locos_left[WABASH] == 10  # counts against its 11
    assert state.income[WABASH] == 1
    assert state.bank_in == bank_in + 3  # only Chicago's cost: Fort Wayne is free
    assert state.treasury[WABASH] == 0


def test_ce_7_2_wabash_income_three_when_fort_wayne_is_developed() -> None:
    state = fresh(3)
    put(state, CO, "D3")
    play(state, "choose develop", "develop D3")  # seat 0 develops Fort Wayne
    set_fields(state, turn=0)
    next_to_chicago(state)
    reach_chicago(state)
    assert state.income[WABASH] == 3
    assert state.to_json()["auction"]["minimum_bid"] == 3


def test_ce_7_2_reaching_player_opens_the_wabash_auction_without_a_gauge() -> None:
    state = fresh(4)
    set_fields(state, turn=3)
    set_shares(state, PRR, {3: 1})
    next_to_chicago(state)
    reach_chicago(state)
    block = state.to_json()["auction"]
    assert (block["company"], block["kind"], block["opener"]) == ("Wabash", "wabash", 3)
    assert state.current_player() == 3
    assert legal_texts(state)[:2] == ["pass", "bid 1"]
    assert state.gauges == [0, 0, 1]  # only the build choice
    run_auction(state, 1, 4)
    assert state.held[1][WABASH] == 1 and state.treasury[WABASH] == 4
    assert state.gauges == [0, 0, 1]
    assert state.current_player() == 0  # CE-7.3: next player clockwise from seat 3


def test_ce_7_2_nobody_bids_wabash_stays_open() -> None:
    state = fresh(3)
    next_to_chicago(state)
    reach_chicago(state)
    run_auction(state, None)
    assert state.sold[WABASH] == 0
    assert state.is_open(WABASH)
    assert state.current_player() == 1
    play(state, "choose auction")
    assert "share Wabash" in legal_texts(state)


def test_ce_7_3_play_continues_with_the_next_player() -> None:
    state = fresh(3)
    set_fields(state, turn=2)
    set_shares(state, PRR, {2: 1})
    next_to_chicago(state)
    reach_chicago(state)
    assert state.current_player() == 2  # the Wabash auction first
    run_auction(state, 0, 1)
    assert state.current_player() == 0
    assert state.to_json()["step"] == "choose action"


def test_ce_7_4_chicago_phase_comes_before_the_general_dividend() -> None:
    state = fresh(3)
    set_gauges(state, 3, 0, 4)  # choosing build makes two gauges red
    next_to_chicago(state, PRR, income=10)
    cash = state.cash[:]
    reach_chicago(state)
    assert state.dividends == 0
    assert state.cash[0] == cash[0] + 17  # the Chicago dividend: PRR alone
    run_auction(state, 2, 1)  # seat 2 buys the first Wabash share
    assert state.dividends == 1
    # General: PRR 17 and NYC 8 to seat 0; B&O 6 to seat 1; C&O 5 and Wabash 1 to seat 2.
    # Seat 2 is paid for the Wabash share it won in the Chicago phase: that phase came first.
    assert state.cash == [cash[0] + 17 + 17 + 8, cash[1] + 6, cash[2] - 1 + 5 + 1]
    assert state.gauges == [0, 0, 0]
    assert state.current_player() == 1


def test_ce_7_5_wabash_can_reach_chicago_too() -> None:
    state = fresh(3)
    set_fields(state, wabash_open=True)
    put(state, WABASH, "D3")
    next_to_chicago(state, WABASH, income=4)
    set_shares(state, WABASH, {1: 2})
    set_fields(state, turn=1)
    cash = state.cash[:]
    reach_chicago(state, "Wabash")
    assert state.income[WABASH] == 11
    assert state.cash == [cash[0], cash[1] + 12, cash[2]]  # ceil(11 / 2) = 6, two shares
    assert state.current_player() == 2
    assert state.to_json()["step"] == "choose action"
