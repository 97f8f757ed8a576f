"""TS-3: a turn is buying one or two shares, building, or passing."""

from __future__ import annotations

import pytest
from ts_helpers import c, fund, hold, nationalize, opened, pay_cash, play, texts

from cuberail.core.errors import IllegalActionError
from cuberail.games.trans_siberian.state import BUILD_FIRST, PICK_SURCHARGE, TURN


def test_ts_3_turn_offers_buys_builds_and_pass_in_a_fixed_order() -> None:
    s = opened()
    assert s.current_player() == 0 and s.cash[0] == 24
    assert texts(s) == [
        "buy red", "buy blue", "buy green", "buy yellow",
        "pass",  # two shares cost 12 + 12 + 4 = 28 > 24
    ]
    pay_cash(s, 0, 40)
    assert texts(s)[4:] == ["buy red blue", "buy red green", "buy red yellow",
                            "buy blue green", "buy blue yellow", "buy green yellow", "pass"]


def test_ts_3_1_buy_one_share_pays_the_company_and_keeps_the_value() -> None:
    s = opened()
    play(s, "buy blue")
    assert s.cash[0] == 12 and s.treasury[c("blue")] == 24
    assert s.shares_held(0, c("blue")) == 1 and s.unsold[c("blue")] == 3
    assert s.share_value(c("blue")) == 12
    assert s.timing == 0 and s.current_player() == 1


def test_ts_3_1_buy_two_shares_and_choose_who_gets_the_surcharge() -> None:
    s = opened()
    pay_cash(s, 0, 40)
    play(s, "buy red blue")
    assert s.step == PICK_SURCHARGE and s.current_player() == 0
    assert texts(s) == ["surcharge red", "surcharge blue"]
    with pytest.raises(IllegalActionError, match="red or blue"):
        play(s, "surcharge green")
    play(s, "surcharge blue")
    assert s.cash[0] == 40 - 28
    assert s.treasury[c("red")] == 24 and s.treasury[c("blue")] == 28
    assert s.timing == 1 and s.step == TURN and s.current_player() == 1


def test_ts_3_1_two_shares_must_be_different_and_in_board_order() -> None:
    s = opened()
    pay_cash(s, 0, 40)
    with pytest.raises(IllegalActionError, match="different companies"):
        play(s, "buy red red")
    with pytest.raises(IllegalActionError, match="board order: buy red blue"):
        play(s, "buy blue red")


def test_ts_3_1_only_companies_in_play_with_unsold_shares() -> None:
    s = opened()
    pay_cash(s, 0, 200)
    hold(s, 1, "blue", 5)
    nationalize(s, "green")
    bought = {t.split(" ", 1)[1] for t in texts(s) if t.startswith("buy")}
    assert bought == {"red", "yellow", "red yellow"}
    with pytest.raises(IllegalActionError, match="blue has no share for sale"):
        play(s, "buy blue")
    with pytest.raises(IllegalActionError, match="green has no share for sale"):
        play(s, "buy green")
    with pytest.raises(IllegalActionError, match="black has no share for sale"):
        play(s, "buy black")


def test_ts_3_1_a_purchase_the_player_cannot_pay_is_refused() -> None:
    s = opened()
    pay_cash(s, 0, 11)
    assert texts(s) == ["pass"]
    with pytest.raises(IllegalActionError, match="costs \\$12 and you have \\$11"):
        play(s, "buy red")


def test_ts_3_2_build_needs_a_public_company() -> None:
    s = opened()
    assert not any(t.startswith("build") for t in texts(s))  # every company has 1 holder
    with pytest.raises(IllegalActionError, match="red is not public"):
        play(s, "build red")
    hold(s, 0, "red", 2)
    assert "build red" in texts(s)
    play(s, "build red")
    assert s.step == BUILD_FIRST


def test_ts_3_2_build_needs_the_most_shares_ties_qualify() -> None:
    s = opened()
    hold(s, 1, "red", 2)  # seat 0 has 1 red, seat 1 has 2
    assert "build red" not in texts(s)
    with pytest.raises(IllegalActionError, match="another player holds more shares"):
        play(s, "build red")
    hold(s, 0, "red", 2)
    assert "build red" in texts(s)
    hold(s, 0, "blue", 1)  # blue: seat 0 and seat 1 hold one each, public, tie
    assert "build blue" in texts(s)


def test_ts_3_2_no_build_without_a_link_the_company_can_pay() -> None:
    s = opened()
    hold(s, 0, "red", 2)
    fund(s, "red", 3)
    assert "build red" not in texts(s)
    with pytest.raises(IllegalActionError, match="cannot pay for any link"):
        play(s, "build red")


def test_ts_3_3_pass_advances_timing_and_the_turn() -> None:
    s = opened()
    play(s, "pass")
    assert s.timing == 1 and s.current_player() == 1
    play(s, "pass", "pass")
    assert s.timing == 3 and s.current_player() == 0
