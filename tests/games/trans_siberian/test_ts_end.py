"""TS-9: the end of the game and scoring."""

from __future__ import annotations

from ts_helpers import builder, c, give, hold, nationalize, opened, pay_cash, play, set_value

from cuberail.games.trans_siberian.state import AUCTION, OVER, TURN


def test_ts_9_1_a_share_value_of_75_ends_the_game_after_the_interturn() -> None:
    s = builder()
    set_value(s, "red", 70)
    give(s, "red", "moscow-stpetersburg", "moscow-smolensk")
    play(s, "build red", "link kazan-yekaterinburg", "link yekaterinburg-tyumen")
    assert s.share_value(c("red")) == 75 and s.step == TURN  # not yet
    s.timing = 4
    play(s, "pass")
    assert s.step == OVER and s.current_player() == -1 and s.legal_actions() == []
    assert s.end_reasons() == ["a share value reached 75"]


def test_ts_9_1_the_dividend_track_ends_the_game() -> None:
    s = opened()
    s.dividends = 5
    s.timing = 4
    play(s, "pass")
    assert s.is_terminal() and s.end_reasons() == ["the dividend track reached its end"]


def test_ts_9_1_dividend_track_option() -> None:
    s = opened(dividend_track=2, timing_track=1)
    play(s, "pass")
    assert not s.is_terminal()
    play(s, "pass")
    assert s.is_terminal() and s.dividends == 2


def test_ts_9_1_no_phase_2_auction_when_the_game_ends() -> None:
    s = opened()
    set_value(s, "red", 48)
    s.dividends = 5
    s.timing = 4
    play(s, "pass")
    assert s.step == OVER and s.step != AUCTION


def test_ts_9_2_score_is_cash_plus_public_shares() -> None:
    s = opened()
    hold(s, 0, "red", 2)  # public: 2 x $12
    hold(s, 1, "red", 1)
    # yellow (seat 0) is private: one share owned, worth nothing
    assert s.scores() == [24 + 24, 36 + 12, 36]


def test_ts_9_2_nationalized_shares_are_gone() -> None:
    s = opened()
    hold(s, 0, "red", 3)
    nationalize(s, "red")
    assert s.scores()[0] == s.cash[0]


def test_ts_9_2_result_and_tied_winners() -> None:
    s = opened()
    pay_cash(s, 1, 50)
    pay_cash(s, 2, 50)
    s.dividends = 5
    s.timing = 4
    cash = s.cash[:]
    play(s, "pass")
    result = s.result()
    assert result.scores == tuple(s.scores())
    assert cash[1] == cash[2] and result.winners == (1, 2)


def test_ts_1_6_the_default_dividend_track_is_6_payments() -> None:
    """TS-10: chosen by the balance study (docs/trans-siberian.md); 8 for version-1 records."""
    s = opened()
    s.dividends = 4
    s.timing = 4
    play(s, "pass")
    assert not s.is_terminal() and s.dividends == 5
    s.timing = 4
    play(s, "pass")
    assert s.is_terminal() and s.end_reasons() == ["the dividend track reached its end"]
