"""CE-2: the four setup auctions."""

from __future__ import annotations

import pytest
from ce_helpers import (
    BO,
    CO,
    NYC,
    PRR,
    finish_setup,
    legal_texts,
    new_game,
    play,
    run_auction,
)

from cuberail.core import IllegalActionError
from cuberail.games.chicago_express.state import ChicagoExpressState


def auction_view(state: ChicagoExpressState) -> tuple[str, int, int]:
    block = state.to_json()["auction"]
    assert block["kind"] == "setup"
    return block["company"], block["minimum_bid"], block["opener"]


def test_ce_2_1_order_and_minimum_bids() -> None:
    state = new_game(3)
    seen = []
    for _ in range(4):
        seen.append(auction_view(state)[:2])
        run_auction(state, None)  # everyone passes: the opener receives it
    assert seen == [("PRR", 7), ("B&O", 6), ("C&O", 5), ("NYC", 8)]


@pytest.mark.parametrize(("company", "minimum"), [(PRR, 7), (BO, 6), (CO, 5), (NYC, 8)])
def test_ce_2_1_bid_below_the_minimum_is_refused(company: int, minimum: int) -> None:
    state = new_game(3)
    for _ in range(company):
        run_auction(state, None)
    before = state.to_json()
    with pytest.raises(IllegalActionError, match=f"bid {minimum} to 40"):
        play(state, f"bid {minimum - 1}")
    assert state.to_json() == before
    play(state, f"bid {minimum}")


def test_ce_2_2_seat_zero_opens_and_bidding_goes_clockwise() -> None:
    state = new_game(4)
    assert state.current_player() == 0
    order = []
    for text in ("bid 7", "bid 8", "pass", "bid 9", "pass", "pass"):
        order.append(state.current_player())
        play(state, text)
    # 0 bids 7, 1 bids 8, 2 passes, 3 bids 9, 0 passes, 1 passes: 3 wins at 9.
    assert order == [0, 1, 2, 3, 0, 1]
    assert state.held[3][PRR] == 1
    assert state.cash[3] == 30 - 9


def test_ce_2_2_a_player_who_passed_is_out_of_that_auction() -> None:
    state = new_game(3)
    play(state, "bid 7", "pass", "bid 8")  # seat 1 passes, seat 2 outbids seat 0
    assert state.current_player() == 0  # seat 1 is skipped for good
    play(state, "bid 9")
    assert state.current_player() == 2
    play(state, "bid 10", "bid 11")
    assert state.current_player() == 2
    play(state, "pass")
    assert state.held[0][PRR] == 1 and state.treasury[PRR] == 11


def test_ce_2_2_the_high_bidder_is_not_asked_again() -> None:
    state = new_game(2)
    play(state, "bid 7")
    assert state.current_player() == 1
    play(state, "pass")  # all but one have passed: seat 0 wins, B&O auction starts
    assert state.held[0][PRR] == 1
    assert state.to_json()["auction"]["company"] == "B&O"


def test_ce_2_2_others_may_bid_after_the_opener_passes() -> None:
    state = new_game(3)
    play(state, "pass")
    assert state.current_player() == 1
    assert "bid 7" in legal_texts(state) and "bid 6" not in legal_texts(state)
    play(state, "bid 7", "pass")
    assert state.held[1][PRR] == 1


def test_ce_2_2_raises_must_be_higher() -> None:
    state = new_game(3)
    play(state, "bid 10")
    assert legal_texts(state)[:2] == ["pass", "bid 11"]
    with pytest.raises(IllegalActionError):
        play(state, "bid 10")


def test_ce_2_3_winner_pays_the_company() -> None:
    state = new_game(3)
    run_auction(state, 1, 12)
    assert state.cash == [40, 28, 40]
    assert state.treasury[PRR] == 12
    assert state.held[1][PRR] == 1 and state.sold[PRR] == 1


def test_ce_2_4_nobody_bids_opener_receives_the_share_free() -> None:
    state = new_game(3)
    play(state, "pass", "pass", "pass")
    assert state.held[0][PRR] == 1
    assert state.cash == [40, 40, 40]
    assert state.treasury[PRR] == 0


def test_ce_2_4_free_share_goes_to_the_opener_not_seat_zero() -> None:
    state = new_game(3)
    run_auction(state, 2, 7)  # seat 2 buys PRR and opens B&O
    play(state, "pass", "pass", "pass")
    assert [state.held[p][BO] for p in range(3)] == [0, 0, 1]


def test_ce_2_5_receiver_opens_the_next_auction() -> None:
    state = new_game(4)
    run_auction(state, 2, 7)
    assert state.current_player() == 2
    assert state.to_json()["auction"]["opener"] == 2
    run_auction(state, 1, 6)
    assert state.current_player() == 1
    run_auction(state, None)  # nobody bids C&O: opener 1 receives it and opens NYC
    assert state.held[1][CO] == 1
    assert state.current_player() == 1
    assert auction_view(state) == ("NYC", 8, 1)


@pytest.mark.parametrize("prr_holder", [0, 1, 2])
def test_ce_2_6_prr_holder_takes_the_first_turn(prr_holder: int) -> None:
    state = finish_setup(new_game(3), winners=(prr_holder, 0, 0, 0))
    assert state.current_player() == prr_holder
    assert state.to_json()["step"] == "choose action"
    assert legal_texts(state) == ["choose auction", "choose develop", "choose build"]


def test_ce_2_6_setup_auctions_use_no_gauge() -> None:
    state = finish_setup(new_game(3))
    assert state.gauges == [0, 0, 0]
    assert state.dividends == 0
