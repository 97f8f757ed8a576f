"""TS-2: the opening auctions; the winner's link and share value."""

from __future__ import annotations

import pytest
from ts_helpers import auction, c, new, opened, play, texts

from cuberail.core.actions import Action
from cuberail.core.errors import IllegalActionError
from cuberail.games.trans_siberian.state import (
    ACTIVE,
    AUCTION,
    NEVER,
    PICK_LINK,
    PICK_VALUE,
    TURN,
)


def test_ts_2_1_auction_order_red_blue_green_yellow() -> None:
    s = new()
    seen = []
    for _ in range(4):
        seen.append(s.a_company)
        auction(s, s.current_player(), 8)
        play(s, f"link {texts(s)[0].split()[1]}", "value 8")
    assert seen == [c("red"), c("blue"), c("green"), c("yellow")]
    assert s.step == TURN


def test_ts_2_1_bids_from_8_in_1_steps_up_to_own_cash() -> None:
    s = new()
    assert texts(s) == ["pass"] + [f"bid {x}" for x in range(8, 49)]
    play(s, "bid 10")
    assert texts(s)[:2] == ["pass", "bid 11"] and texts(s)[-1] == "bid 48"
    with pytest.raises(IllegalActionError, match="beat the last one"):
        play(s, "bid 10")
    with pytest.raises(IllegalActionError, match="cannot exceed your cash"):
        play(s, "bid 49")


def test_ts_2_1_a_player_short_of_8_can_only_pass() -> None:
    s = new(cash_3p=8)
    play(s, "bid 8")
    assert texts(s) == ["pass"]


def test_ts_2_1_a_pass_is_final_and_the_last_bidder_wins() -> None:
    s = new()
    play(s, "bid 8", "pass", "bid 9")  # seat 0, 1 (out), 2
    assert s.current_player() == 0  # seat 1 passed for good
    play(s, "bid 10", "pass")  # seat 0 bids, seat 2 passes: all but one have passed
    assert s.step == PICK_LINK and s.current_player() == 0
    assert s.cash[0] == 38 and s.treasury[c("red")] == 10


def test_ts_2_1_the_last_player_in_may_still_bid_when_nobody_has() -> None:
    s = new()
    play(s, "pass", "pass")
    assert s.step == AUCTION and s.current_player() == 2
    play(s, "bid 8")
    assert s.step == PICK_LINK and s.current_player() == 2


def test_ts_2_2_winner_chooses_an_unoccupied_moscow_link() -> None:
    s = new()
    auction(s, 0, 8)
    moscow = [t for t in texts(s)]
    assert len(moscow) == 10 and all(t.startswith("link moscow-") for t in moscow)
    play(s, "link moscow-kazan")
    assert s.income[c("red")] == 3 and s.nlinks[c("red")] == 1
    play(s, "value 8")
    auction(s, 1, 8)
    assert "link moscow-kazan" not in texts(s) and len(texts(s)) == 9
    with pytest.raises(IllegalActionError, match="already owned by red"):
        play(s, "link moscow-kazan")


def test_ts_2_2_share_value_not_above_the_winning_bid() -> None:
    s = new()
    auction(s, 0, 21)
    play(s, "link moscow-kazan")
    assert s.step == PICK_VALUE
    assert texts(s) == ["value 8", "value 12", "value 16", "value 20"]
    with pytest.raises(IllegalActionError, match="may not exceed the winning bid"):
        play(s, "value 24")
    play(s, "value 16")
    assert s.share_value(c("red")) == 16 and s.status[c("red")] == ACTIVE
    assert s.treasury[c("red")] == 21 and s.shares_held(0, c("red")) == 1


def test_ts_2_3_the_winner_opens_the_next_auction() -> None:
    s = new()
    play(s, "pass")
    auction(s, 2, 8)
    play(s, "link moscow-kazan", "value 8")
    assert s.a_company == c("blue") and s.current_player() == 2 == s.a_opener


def test_ts_2_3_after_an_auction_nobody_bid_on_its_opener_opens() -> None:
    s = new()
    auction(s, 1, 8)
    play(s, "link moscow-kazan", "value 8")
    auction(s, None)
    assert s.a_company == c("green") and s.current_player() == 1


def test_ts_2_4_unbid_company_never_enters_and_the_marker_steps() -> None:
    s = new()
    auction(s, None)
    assert s.status[c("red")] == NEVER and s.removed[c("red")] == 5
    assert s.nationalization_value() == 28
    assert s.a_company == c("blue")


def test_ts_2_4_marker_steps_option() -> None:
    s = new(failed_auction_steps=2)
    auction(s, None)
    assert s.nationalization_value() == 32
    s = new(failed_auction_steps=0)
    auction(s, None)
    assert s.nationalization_value() == 24


OPENING_ENDING_WITH_SEAT_1 = (
    (0, 8, "moscow-kazan", 8), (2, 8, "moscow-yaroslavl", 8),
    (0, 8, "moscow-samara", 8), (1, 8, "moscow-saratov", 8),
)


def test_ts_2_5_the_last_winner_takes_the_first_turn() -> None:
    s = opened(opening=OPENING_ENDING_WITH_SEAT_1)
    assert s.step == TURN and s.current_player() == 1


@pytest.mark.parametrize(("option", "first"), [("after-winner", 2), ("start-player", 0)])
def test_ts_2_5_first_turn_option(option: str, first: int) -> None:
    s = opened(opening=OPENING_ENDING_WITH_SEAT_1, first_turn=option)
    assert s.current_player() == first


def test_ts_2_5_when_yellow_goes_unbid_its_opener_starts() -> None:
    s = new()
    for winner in (0, 1, 2):
        auction(s, winner, 8)
        play(s, f"link {texts(s)[0].split()[1]}", "value 8")
    auction(s, None)
    assert s.step == TURN and s.current_player() == 2


def test_ts_2_auction_refuses_turn_actions_with_a_reason() -> None:
    s = new()
    with pytest.raises(IllegalActionError, match="'buy' is not allowed now"):
        s.apply(Action("buy", ("red",)))
