"""TS-1: components and setup; the title's declared facts and options."""

from __future__ import annotations

import pytest
from ts_helpers import INFO, new, opened

from cuberail.core.errors import CuberailError, OptionError
from cuberail.games import get_game
from cuberail.games.trans_siberian.board import (
    COMPANIES,
    LINKS,
    LOCATIONS,
    MAX_LINKS,
    MOSCOW_LINKS,
    SHARE_TRACK,
)
from cuberail.games.trans_siberian.state import ACTIVE, WAITING


def test_title_is_registered_with_aliases() -> None:
    assert get_game("trans-siberian") is INFO
    assert get_game("tsr") is INFO
    assert INFO.rules_version == 2
    assert (INFO.min_players, INFO.max_players) == (3, 5)


def test_every_spec_option_has_its_default() -> None:
    defaults = {o.name: o.default for o in INFO.options}
    assert defaults == {
        "cash_3p": 48, "cash_4p": 40, "cash_5p": 32,
        "income_marks": "10,15,20,26,32,38,44,51,59,66,70",
        "timing_track": 5, "dividend_track": 8, "start_player": "first-seat", "seed": 0,
        "failed_auction_steps": 1, "first_turn": "last-winner", "phase2_order": "black-white",
    }
    assert all(o.help.startswith("TS-") for o in INFO.options)


@pytest.mark.parametrize("players", [2, 6])
def test_ts_1_1_three_to_five_players(players: int) -> None:
    with pytest.raises(CuberailError, match="3 to 5 players"):
        INFO.new_game(players)


@pytest.mark.parametrize(("players", "cash"), [(3, 48), (4, 40), (5, 32)])
def test_ts_1_1_starting_cash(players: int, cash: int) -> None:
    s = new(players)
    assert s.cash == [cash] * players
    assert s.start_total == cash * players


def test_ts_1_1_starting_cash_option() -> None:
    assert new(4, cash_4p=50).cash == [50] * 4
    assert new(3, cash_4p=50).cash == [48] * 3


def test_ts_1_2_six_companies_with_their_shares() -> None:
    assert [(co.id, co.shares, co.phase) for co in COMPANIES] == [
        ("red", 5, 1), ("blue", 5, 1), ("green", 5, 1), ("yellow", 5, 1),
        ("black", 3, 2), ("white", 3, 2),
    ]
    s = new()
    assert s.treasury == [0] * 6 and s.status == [WAITING] * 6
    assert MAX_LINKS == 32


def test_ts_1_2_black_and_white_wait_for_phase_2() -> None:
    s = opened()
    assert s.status == [ACTIVE] * 4 + [WAITING] * 2
    assert "buy black" not in [a.text() for a in s.legal_actions()]


def test_ts_1_3_share_value_track() -> None:
    assert SHARE_TRACK == (8, 12, 16, 20, 24, 28, 32, 36, 40, 44, 48, 50, 52, 54, 56, 58, 60,
                           62, 64, 66, 68, 70, 75)


def test_ts_1_4_income_marks_option_is_validated() -> None:
    assert new(income_marks="5, 9").opts.marks == (5, 9)
    with pytest.raises(OptionError, match="income_marks"):
        new(income_marks="10,9")
    with pytest.raises(OptionError, match="income_marks"):
        new(income_marks="ten")


def test_ts_1_7_nationalization_marker_starts_at_24() -> None:
    assert new().nationalization_value() == 24


def test_ts_1_8_seat_0_opens_the_first_auction() -> None:
    s = new()
    assert s.current_player() == 0 and s.a_opener == 0


def test_ts_1_8_random_start_player_follows_the_seed() -> None:
    starts = {new(5, start_player="random", seed=seed).current_player() for seed in range(40)}
    assert starts == {0, 1, 2, 3, 4}
    again = [new(4, start_player="random", seed=7).current_player() for _ in range(3)]
    assert len(set(again)) == 1


def test_board_data() -> None:
    assert len(LOCATIONS) == 69 and len(LINKS) == 80
    assert sum(link.external for link in LINKS) == 13
    assert sum(link.is_junction for link in LINKS) == 4
    assert len(MOSCOW_LINKS) == 10
