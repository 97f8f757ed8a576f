"""CE-5.7 with chicago=continue: the Chicago phase interrupts the build, which then resumes.

The game is interrupted at the placement in Chicago (000: "il gioco viene interrotto", 001:
"el juego se interrumpe"): the Chicago dividend is paid on the income at that moment, the
Wabash opens (first arrival) and its share is auctioned; then the same player finishes the
build. Under either option the Chicago dividend never counts placements made after it.
"""

from __future__ import annotations

from ce_helpers import (
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

from cuberail.core import Action
from cuberail.games.chicago_express.state import ChicagoExpressState


def continue_game(*hexes: str, income: int = 10, treasury: int = 30) -> ChicagoExpressState:
    """3 players, chicago=continue; seat 0 holds the one PRR share; PRR also stands on
    ``hexes`` with this income and treasury; seat 0 is to choose an action."""
    state = fresh(3, chicago="continue")
    put(state, PRR, *hexes)
    set_company(state, PRR, income=income, treasury=treasury)
    set_shares(state, PRR, {0: 1})
    return state


def test_ce_5_7_continue_dividend_on_the_income_at_arrival() -> None:
    state = continue_game("B3", "C3")
    cash = state.cash[:]
    play(state, "choose build", "company PRR", "place A3", "place A2")
    assert state.income[PRR] == 17
    assert state.cash[0] == cash[0] + 17  # paid at once: ceil(17 / 1)
    run_auction(state, None)
    play(state, "place D3")  # Fort Wayne: +1 income, after the arrival
    assert state.income[PRR] == 18
    assert state.cash[0] == cash[0] + 17  # the later placement does not count
    assert state.dividends == 0


def test_ce_5_7_continue_wabash_opens_mid_build() -> None:
    state = continue_game("A3")
    play(state, "choose build", "company PRR", "place A2")
    assert state.is_open(WABASH)
    assert state.network[WABASH] == 1 << hx("D3")
    block = state.to_json()["auction"]
    assert (block["company"], block["kind"], block["opener"]) == ("Wabash", "wabash", 0)
    assert state.gauges == [0, 0, 1]  # the Wabash auction uses no gauge (CE-7.2)


def test_ce_5_7_continue_fort_wayne_after_the_opening_pays_for_two() -> None:
    """CE-5.4: the Wabash locomotive on Fort Wayne counts; CE-5.5: income as usual."""
    state = continue_game("A3", "C3")
    play(state, "choose build", "company PRR", "place A2")
    run_auction(state, 1, 2)
    treasury, bank_in = state.treasury[PRR], state.bank_in
    assert state.placement_cost(hx("D3")) == 2  # $1 x 2 locomotives
    play(state, "place D3")
    assert state.treasury[PRR] == treasury - 2 and state.bank_in == bank_in + 2
    assert state.income[PRR] == 17 + 1  # Fort Wayne's income, undeveloped
    assert state.income[WABASH] == 1  # the Wabash's income does not change
    assert state.occ[hx("D3")] == 2


def test_ce_5_7_continue_build_resumes_with_the_remaining_placements() -> None:
    state = continue_game("A3")
    play(state, "choose build", "company PRR", "place A2")
    snap = state.to_json()
    assert snap["step"] == "auction"
    assert snap["build"] == {"company": "PRR", "placed": 1, "reached_chicago": True}
    assert "place B2" not in legal_texts(state)  # the auction comes first
    run_auction(state, 2, 1)  # seat 2 buys the Wabash share
    assert state.current_player() == 0  # the builder again
    assert state.to_json()["step"] == "build"
    assert state.b_placed == 1
    assert "place B2" in legal_texts(state) and "stop" in legal_texts(state)
    play(state, "place B2", "place B3")  # up to 3 in all: the build is then over
    assert state.b_placed == 3
    assert state.current_player() == 1
    assert state.to_json()["step"] == "choose action"


def test_ce_5_7_continue_build_resumes_when_nobody_bids_for_the_wabash() -> None:
    state = continue_game("A3")
    play(state, "choose build", "company PRR", "place A2")
    run_auction(state, None)
    assert state.is_open(WABASH) and state.sold[WABASH] == 0
    assert state.current_player() == 0 and state.to_json()["step"] == "build"
    play(state, "stop")
    assert state.current_player() == 1


def test_ce_5_7_continue_chicago_as_third_placement_ends_the_build() -> None:
    state = continue_game("B3")
    play(state, "choose build", "company PRR", "place A3", "place B2", "place A2")
    assert "build" not in state.to_json()  # nothing left to resume
    run_auction(state, 1, 1)
    assert state.current_player() == 1  # CE-7.3: the next player
    assert state.to_json()["step"] == "choose action"


def test_ce_5_7_continue_chicago_with_the_last_locomotive_ends_the_build() -> None:
    state = continue_game("A3")
    set_company(state, PRR, locos_left=1)
    play(state, "choose build", "company PRR", "place A2")
    assert state.locos_left[PRR] == 0
    run_auction(state, None)
    assert state.current_player() == 1
    assert state.to_json()["step"] == "choose action"


def test_ce_5_7_continue_second_arrival_pays_at_once_and_the_build_goes_on() -> None:
    state = continue_game("A3")
    play(state, "choose build", "company PRR", "place A2")
    run_auction(state, None)
    play(state, "stop")
    put(state, NYC, "B2")
    set_company(state, NYC, income=20, treasury=30)
    set_fields(state, turn=0)
    cash = state.cash[:]
    play(state, "choose build", "company NYC", "place A2")
    assert state.cash[0] == cash[0] + 27  # NYC 20 + 7, seat 0's one share, at once
    assert state.locos_left[WABASH] == 10  # the Wabash opened once only
    assert state.current_player() == 0 and state.to_json()["step"] == "build"
    play(state, "place C2")  # South Bend +1, after the arrival
    assert state.income[NYC] == 28
    play(state, "stop")
    assert state.cash[0] == cash[0] + 27
    assert state.current_player() == 1


def test_ce_5_7_stop_dividend_on_the_income_at_arrival() -> None:
    state = fresh(3)
    put(state, PRR, "B3")
    set_company(state, PRR, income=10, treasury=30)
    set_shares(state, PRR, {0: 1})
    cash = state.cash[0]
    play(state, "choose build", "company PRR", "place A3", "place A2")
    assert state.cash[0] == cash + 17
    assert state.to_json()["auction"]["kind"] == "wabash"
    assert "build" not in state.to_json()
    run_auction(state, None)
    assert state.current_player() == 1  # the build ended at the arrival


def test_ce_7_4_continue_chicago_phase_before_the_general_dividend() -> None:
    state = continue_game("A3")
    set_gauges(state, 3, 0, 4)  # choosing build makes two gauges red
    cash = state.cash[:]
    play(state, "choose build", "company PRR", "place A2")
    assert state.cash[0] == cash[0] + 17 and state.dividends == 0
    run_auction(state, 2, 1)  # seat 2 buys the first Wabash share
    play(state, "place B2")
    assert state.dividends == 0  # the build is still going on
    play(state, "stop")
    assert state.dividends == 1  # at the start of seat 1's turn
    # General: PRR 17 and NYC 8 to seat 0; B&O 6 to seat 1; C&O 5 and Wabash 1 to seat 2.
    assert state.cash == [cash[0] + 17 + 17 + 8, cash[1] + 6, cash[2] - 1 + 5 + 1]
    assert state.current_player() == 1


def test_ce_5_7_continue_refuses_building_during_the_wabash_auction() -> None:
    state = continue_game("A3")
    play(state, "choose build", "company PRR", "place A2")
    reason = state.explain_illegal(Action.from_text("place B2"))
    assert "CE-5.7" in reason and "the build resumes" in reason


def test_ce_5_7_continue_view_says_the_build_resumes_after_the_auction() -> None:
    from cuberail.games.chicago_express.moves import describe_step

    state = continue_game("A3")
    play(state, "choose build", "company PRR", "place A2")
    line = describe_step(state, ["Ann", "Bob", "Cy"])
    assert line.startswith("Chicago reached: auction of a Wabash share, opened by Ann")
    assert line.endswith("; then Ann goes on building for PRR (1 of 3 placed)")
