"""CE-4: the auction action."""

from __future__ import annotations

import random

import pytest
from ce_helpers import (
    AUCTION,
    BO,
    CO,
    NYC,
    PRR,
    WABASH,
    fresh,
    legal_texts,
    play,
    put,
    run_auction,
    set_company,
    set_fields,
    set_shares,
)

from cuberail.core import IllegalActionError


def test_ce_4_1_any_open_company_with_unsold_shares() -> None:
    state = fresh(3)
    play(state, "choose auction")
    assert legal_texts(state) == ["share PRR", "share B&O", "share C&O", "share NYC", "forgo"]


def test_ce_4_1_wabash_only_after_it_opens() -> None:
    state = fresh(3)
    play(state, "choose auction")
    with pytest.raises(IllegalActionError):
        play(state, "share Wabash")
    play(state, "forgo")
    set_fields(state, wabash_open=True)
    play(state, "choose auction")
    assert "share Wabash" in legal_texts(state)


def test_ce_4_1_company_with_no_unsold_shares_cannot_be_chosen() -> None:
    state = fresh(3)
    set_shares(state, PRR, {0: 2, 1: 1})  # all 3 PRR shares sold
    play(state, "choose auction")
    assert "share PRR" not in legal_texts(state)
    before = state.to_json()
    with pytest.raises(IllegalActionError, match="share B&O"):
        play(state, "share PRR")
    assert state.to_json() == before


def test_ce_4_2_minimum_bid_rounds_up() -> None:
    """Rulebook: NYC income 22, Bruno and Charles hold one share each: 22 / 3 = 7.33 -> 8."""
    state = fresh(3)
    set_shares(state, NYC, {1: 1, 2: 1})
    set_company(state, NYC, income=22)
    play(state, "choose auction", "share NYC")
    assert state.minimum_bid() == 8
    assert state.to_json()["auction"]["minimum_bid"] == 8
    assert legal_texts(state)[:2] == ["pass", "bid 8"]
    with pytest.raises(IllegalActionError, match="bid 8 to"):
        play(state, "bid 7")
    play(state, "bid 8")


@pytest.mark.parametrize(("income", "sold", "minimum"),
                         [(8, 1, 4), (9, 1, 5), (7, 0, 7), (21, 2, 7), (1, 0, 1)])
def test_ce_4_2_minimum_bid_is_income_over_shares_sold_plus_one(
    income: int, sold: int, minimum: int,
) -> None:
    state = fresh(3)
    set_shares(state, CO, {1: sold})
    set_company(state, CO, income=income)
    play(state, "choose auction", "share C&O")
    assert next(a for a in legal_texts(state) if a.startswith("bid")) == f"bid {minimum}"


def test_ce_4_3_acting_player_opens_then_clockwise() -> None:
    state = fresh(4)
    set_fields(state, turn=2)
    play(state, "choose auction", "share B&O")
    order = []
    for text in ("bid 3", "bid 4", "pass", "bid 5", "pass", "pass"):
        order.append(state.current_player())
        play(state, text)
    assert order == [2, 3, 0, 1, 2, 3]
    assert state.held[1][BO] == 1 + 1  # seat 1 held the setup share already
    assert state.current_player() == 3  # the turn passes on from the acting player


def test_ce_4_3_passing_is_for_good() -> None:
    state = fresh(3)
    play(state, "choose auction", "share PRR")  # minimum ceil(7 / 2) = 4
    play(state, "bid 4", "pass", "bid 5")  # seat 1 passes
    assert state.current_player() == 0
    play(state, "bid 6")
    assert state.current_player() == 2  # seat 1 is not asked again
    play(state, "pass")
    assert state.held[0][PRR] == 2


def test_ce_4_4_winner_pays_the_company() -> None:
    state = fresh(3)
    cash, treasury = state.cash[:], state.treasury[:]
    play(state, "choose auction", "share C&O")
    run_auction(state, 1, 9)
    assert state.cash == [cash[0], cash[1] - 9, cash[2]]
    assert state.treasury[CO] == treasury[CO] + 9
    assert state.held[1][CO] == 1 and state.sold[CO] == 2


def test_ce_4_4_everyone_passes_share_stays_unsold() -> None:
    state = fresh(3)
    before = state.to_json()
    play(state, "choose auction", "share NYC", "pass", "pass", "pass")
    after = state.to_json()
    assert after["players"] == before["players"]
    assert after["companies"] == before["companies"]
    assert state.gauges[AUCTION] == 1
    assert state.current_player() == 1


def test_ce_4_5_shares_are_never_sold_back_and_do_not_score() -> None:
    """Over random play, holdings never fall, and the final scores are the cash alone."""
    for seed in range(20):
        rng = random.Random(seed)
        state = fresh(2 + seed % 5)
        held = [row[:] for row in state.held]
        while not state.is_terminal():
            legal = state.legal_actions()
            assert all(a.kind != "sell" for a in legal)
            state.apply(legal[rng.randrange(len(legal))])
            for seat, row in enumerate(state.held):
                assert all(now >= was for now, was in zip(row, held[seat], strict=True))
            held = [row[:] for row in state.held]
        assert list(state.result().scores) == state.cash


def test_ce_4_2_wabash_minimum_bid_uses_its_income() -> None:
    state = fresh(3)
    set_fields(state, wabash_open=True)
    put(state, WABASH, "D3")
    set_company(state, WABASH, income=5)
    play(state, "choose auction", "share Wabash")
    assert state.minimum_bid() == 5
    run_auction(state, 2, 5)
    assert state.held[2][WABASH] == 1 and state.treasury[WABASH] == 5
