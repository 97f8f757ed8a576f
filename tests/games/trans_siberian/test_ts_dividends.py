"""TS-5 and TS-6: the timing track, dividends and the interturn."""

from __future__ import annotations

from ts_helpers import builder, c, give, hold, opened, play, set_value

from cuberail.games.trans_siberian.state import AUCTION, TURN


def test_ts_5_1_five_timing_advances_bring_the_interturn() -> None:
    s = opened()
    play(s, "pass", "pass", "pass", "pass")
    assert s.timing == 4 and s.dividends == 0
    play(s, "pass")
    assert s.timing == 0 and s.dividends == 1
    assert s.step == TURN and s.current_player() == 2  # the next player goes on


def test_ts_5_1_timing_track_option() -> None:
    s = opened(timing_track=2)
    play(s, "pass", "pass")
    assert s.dividends == 1


def test_ts_5_1_buying_one_share_does_not_advance_timing() -> None:
    s = opened()
    play(s, "buy red", "buy blue", "buy green")
    assert s.timing == 0


def test_ts_5_1_the_interturn_runs_after_the_whole_turn() -> None:
    s = builder()
    s.timing = 4
    play(s, "build red", "link kazan-yekaterinburg")
    assert s.dividends == 0  # the turn is not over: a second link may follow
    play(s, "link yekaterinburg-tyumen")
    assert s.dividends == 1 and s.timing == 0
    assert s.income[c("red")] == 8


def test_ts_5_2_publisher_example_income_11_three_shares() -> None:
    s = opened()
    give(s, "red", "moscow-stpetersburg", "moscow-smolensk", "kazan-yekaterinburg")
    assert s.income[c("red")] == 11
    hold(s, 0, "red", 2)
    hold(s, 1, "red", 1)
    assert s.dividend_per_share(c("red")) == 4
    cash, bank_out = s.cash[:], s.bank_out
    s.timing = 4
    play(s, "pass")
    # red: $8 for two shares, $4 for one; each also gets $3 from its other company
    assert [s.cash[p] - cash[p] for p in range(3)] == [8 + 3, 4 + 3, 3]
    assert s.bank_out - bank_out == 21  # paid by the bank


def test_ts_5_2_a_private_company_pays_too() -> None:
    s = opened()
    assert s.dividend_per_share(c("red")) == 3  # income 3, one share owned
    cash = s.cash[1]
    s.timing = 4
    play(s, "pass")
    assert s.cash[1] == cash + 3  # blue


def test_ts_6_phase_1_interturn_steps_the_marker_and_the_dividend_track() -> None:
    s = opened()
    s.timing = 4
    play(s, "pass")
    assert s.dividends == 1 and s.nationalization_value() == 28 and s.phase == 1


def test_ts_6_2_a_share_value_of_48_starts_phase_2() -> None:
    s = opened()
    set_value(s, "blue", 44)
    s.timing = 4
    play(s, "pass")
    assert s.phase == 1
    set_value(s, "blue", 48)
    s.timing = 4
    play(s, "pass")
    assert s.phase == 2 and s.step == AUCTION and s.a_company == c("black")
    assert s.nationalization_value() == 32  # two phase-1 interturns
