"""TS-7 and TS-8: phase 2 (black and white) and nationalization."""

from __future__ import annotations

from ts_helpers import auction, c, fund, give, hold, opened, play, set_value, texts

from cuberail.games.trans_siberian.board import SHARE_TRACK
from cuberail.games.trans_siberian.state import (
    ACTIVE,
    AUCTION,
    NATIONALIZED,
    NEVER,
    TURN,
    TransSiberianState,
)


def phase2(**options: object) -> TransSiberianState:
    """Seat 1 passes into the interturn that starts phase 2."""
    s = opened(**options)
    set_value(s, "red", 48)
    play(s, "pass")
    s.timing = 4
    play(s, "pass")
    assert s.phase == 2
    return s


def test_ts_7_1_black_is_auctioned_first_opened_by_the_last_player() -> None:
    s = phase2()
    assert s.step == AUCTION and s.a_company == c("black") and s.current_player() == 1


def test_ts_7_1_black_starts_on_an_internal_link_touching_another_company() -> None:
    s = phase2()
    auction(s, 2, 20)
    offered = texts(s)
    assert "link kazan-yekaterinburg" in offered and "link moscow-smolensk" in offered
    assert "link chita-never" not in offered  # touches nobody
    assert "link stpetersburg-ext_stpetersburg1" not in offered  # external
    assert "link moscow-kazan" not in offered  # owned
    play(s, "link kazan-yekaterinburg", "value 20")
    k = c("black")
    assert s.status[k] == ACTIVE and s.income[k] == 3 and s.treasury[k] == 20
    assert s.share_value(k) == 20 and s.unsold[k] == 2


def test_ts_7_1_white_follows_opened_by_blacks_winner_and_may_touch_black() -> None:
    s = phase2()
    auction(s, 2, 20)
    play(s, "link kazan-yekaterinburg", "value 20")
    assert s.a_company == c("white") and s.current_player() == 2
    auction(s, 0, 10)
    assert "link yekaterinburg-tyumen" in texts(s)  # touches black's link only
    play(s, "link yekaterinburg-tyumen", "value 8")
    assert s.step == TURN


def test_ts_7_1_unbid_phase_2_company_never_enters() -> None:
    s = phase2()
    before = s.nat
    auction(s, None)
    assert s.status[c("black")] == NEVER and s.nat == before + 1
    assert s.a_company == c("white") and s.current_player() == 1


def test_ts_7_1_auction_order_option() -> None:
    s = phase2(phase2_order="white-black")
    assert s.a_company == c("white")


def test_ts_7_2_play_continues_after_the_player_who_had_the_last_turn() -> None:
    s = phase2()
    auction(s, 0, 9)
    play(s, "link moscow-smolensk", "value 8")
    auction(s, 0, 9)
    play(s, "link moscow-bryansk", "value 8")
    assert s.step == TURN and s.current_player() == 2  # seat 1 had the last turn
    assert "buy black" in texts(s)


def test_ts_8_nationalization_only_in_phase_2() -> None:
    s = opened()
    set_value(s, "green", 20)  # below the marker, but phase 1
    s.timing = 4
    play(s, "pass")
    assert s.status[c("green")] == ACTIVE


def in_phase2_turn() -> TransSiberianState:
    s = phase2()
    auction(s, None)
    auction(s, None)
    assert s.step == TURN and s.current_player() == 2
    return s


def test_ts_8_1_nationalization_pays_a_final_dividend_and_removes_the_shares() -> None:
    s = in_phase2_turn()
    s.nat = SHARE_TRACK.index(36)
    for name in ("red", "blue", "yellow"):
        set_value(s, name, 40)
    set_value(s, "green", 36)
    hold(s, 1, "green", 2)
    give(s, "green", "samara-orenburg")  # income 5 over 3 shares owned: $2 a share
    fund(s, "green", 30)
    cash, bank_in, g = s.cash[:], s.bank_in, c("green")
    assert s.dividend_per_share(g) == 2
    s.timing = 4
    play(s, "pass")
    assert s.status[g] == NATIONALIZED
    assert s.cash[1] - cash[1] == 3 + 2 * (2 * 2)  # blue, and two green shares paid twice
    assert s.cash[2] - cash[2] == 2 * 2  # one green share: dividend and final dividend
    assert s.removed[g] == 5 and s.unsold[g] == 0 and s.shares_held(1, g) == 0
    assert s.treasury[g] == 0 and s.bank_in == bank_in + 30
    assert s.owner.count(g) == 2  # its links stay on the board
    assert "buy green" not in texts(s)


def test_ts_8_2_marker_moves_3_steps_per_nationalization() -> None:
    s = in_phase2_turn()
    s.nat = SHARE_TRACK.index(36)
    set_value(s, "red", 32)
    set_value(s, "blue", 36)
    set_value(s, "green", 40)
    set_value(s, "yellow", 40)
    s.timing = 4
    play(s, "pass")
    assert s.status[c("red")] == s.status[c("blue")] == NATIONALIZED
    assert s.nationalization_value() == SHARE_TRACK[SHARE_TRACK.index(36) + 6]


def test_ts_8_2_a_quiet_phase_2_interturn_steps_the_marker_once() -> None:
    s = in_phase2_turn()
    for name in ("red", "blue", "green", "yellow"):
        set_value(s, name, 48)
    before = s.nat
    s.timing = 4
    play(s, "pass")
    assert s.nat == before + 1


def test_ts_6_the_interturn_that_starts_phase_2_nationalizes_nobody() -> None:
    s = opened()
    set_value(s, "red", 48)
    set_value(s, "green", 20)
    s.timing = 4
    play(s, "pass")
    assert s.phase == 2 and s.status[c("green")] == ACTIVE


def test_every_move_of_the_nationalization_value_is_said_ts_8_2() -> None:
    """A bots-only log said $32, then nationalizations cited $40: the marker moved at
    failed auctions (TS-2.4, TS-7.1) without a line. Every change now has its line, and
    the nationalizations cite the value last said."""
    import random
    import re

    from cuberail.games import get_game
    from cuberail.games.trans_siberian.moves import events

    moved = 0
    for seed in range(40):
        s = get_game("trans-siberian").new_game(3, {})
        rng = random.Random(seed)
        said = s.nationalization_value()
        while not s.is_terminal():
            before = s.clone()
            s.apply(rng.choice(s.legal_actions()))
            for line in events(before, s, ["A", "B", "C"]):
                cited = re.search(r"the nationalization value \$(\d+)", line)
                assert cited is None or int(cited.group(1)) == said, (seed, said, line)
                now = re.search(r"nationalization value (?:is now|moves .*: now) \$(\d+)", line)
                if now:
                    said, moved = int(now.group(1)), moved + 1
            assert said == s.nationalization_value(), (seed, said, s.nationalization_value())
    assert moved
