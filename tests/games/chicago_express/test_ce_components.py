"""CE-1: components and the starting position."""

from __future__ import annotations

import pytest
from ce_helpers import (
    AUCTION,
    BUILD,
    DEVELOP,
    PRR,
    WABASH,
    fresh,
    hx,
    legal_texts,
    new_game,
    play,
    put,
    set_company,
)

from cuberail.games.chicago_express.board import COMPANIES, HEXES

# CE-1 table: id, shares, locomotives, start hex, start income, setup minimum bid.
TABLE = [
    ("PRR", 3, 20, "R5", 7, 7),
    ("B&O", 4, 22, "Q7", 6, 6),
    ("C&O", 6, 26, "Q9", 5, 5),
    ("NYC", 5, 24, "S3", 8, 8),
    ("Wabash", 2, 11, "D3", 1, 0),
]


def test_ce_1_company_table() -> None:
    got = [(c.id, c.shares, c.locomotives, c.start, c.start_income, c.setup_min_bid)
           for c in COMPANIES]
    assert got == TABLE


@pytest.mark.parametrize("company", range(4))
def test_ce_1_1_eastern_companies_start_with_one_locomotive_on_their_start_hex(
    company: int,
) -> None:
    state = new_game(3)
    _, _, locos, start, income, _ = TABLE[company]
    assert state.network[company] == 1 << hx(start)
    assert state.locos_left[company] == locos - 1
    assert state.income[company] == income
    assert state.companies_on(hx(start)) == [company]


def test_ce_1_1_wabash_starts_closed_without_locomotive() -> None:
    state = new_game(3)
    assert not state.is_open(WABASH)
    assert state.network[WABASH] == 0
    assert state.locos_left[WABASH] == 11
    assert state.income[WABASH] == 0
    assert state.companies_on(hx("D3")) == []
    assert state.to_json()["companies"][WABASH]["open"] is False


def test_ce_1_2_twenty_houses_in_supply() -> None:
    state = new_game(4)
    assert state.houses == 20
    assert state.to_json()["houses"] == 20


def test_ce_1_3_industrial_tracks_start_values_and_maxima() -> None:
    state = new_game(3)
    assert state.to_json()["industrial_track"] == {"Detroit": 1, "Wheeling": 3, "Pittsburgh": 4}
    detroit, wheeling, pittsburgh = HEXES[hx("E0")], HEXES[hx("I6")], HEXES[hx("K4")]
    assert (detroit.track_max, detroit.track_step, detroit.automatic) == (8, 1, True)
    assert (wheeling.track_step, pittsburgh.track_step) == (1, 2)
    # The maxima of Wheeling and Pittsburgh come from one source (data, as the default option).
    assert state.opts.track_max[hx("I6")] == wheeling.track_max == 6
    assert state.opts.track_max[hx("K4")] == pittsburgh.track_max == 8


@pytest.mark.parametrize(("players", "cash"), [(2, 60), (3, 40), (4, 30), (5, 24), (6, 20)])
def test_ce_1_4_players_share_120_dollars(players: int, cash: int) -> None:
    state = new_game(players)
    assert state.cash == [cash] * players
    assert sum(state.cash) == 120
    assert state.treasury == [0] * 5


@pytest.mark.parametrize("players", [1, 7])
def test_ce_1_4_two_to_six_players(players: int) -> None:
    from cuberail.core import CuberailError

    with pytest.raises(CuberailError, match="2 to 6 players"):
        new_game(players)


def test_ce_1_5_income_is_unbounded() -> None:
    state = fresh(3)
    set_company(state, PRR, income=50, treasury=10)
    put(state, PRR, "A3")
    play(state, "choose build", "company PRR", "place A2")  # Chicago: +7
    assert state.income[PRR] == 57


def test_ce_1_6_gauge_sizes_three_four_five() -> None:
    state = fresh(3)
    assert [state.gauge_size(g) for g in (AUCTION, DEVELOP, BUILD)] == [3, 4, 5]
    for _ in range(3):
        assert "choose auction" in legal_texts(state)
        play(state, "choose auction", "forgo")
    assert legal_texts(state) == ["choose develop", "choose build"]


def test_ce_1_6_build_gauge_allows_five_builds() -> None:
    state = fresh(3)
    for _ in range(5):
        assert "choose build" in legal_texts(state)
        play(state, "choose build", "forgo")
    assert state.gauges[BUILD] == 5
    assert "choose build" not in legal_texts(state)
    # A second red gauge (auction, after 3) and the next turn starts with a dividend (CE-3.2).
    for _ in range(2):
        play(state, "choose auction", "forgo")
    assert state.dividends == 0
    play(state, "choose auction", "forgo")
    assert state.dividends == 1
    assert state.gauges == [0, 0, 0]

