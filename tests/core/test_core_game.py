"""Titles, GameInfo and the generic parts of the state interface."""

from __future__ import annotations

import pytest

from cuberail.core import CuberailError, GameInfo, IllegalActionError, OptionError
from cuberail.core.hexes import column_index, iter_bits, odd_q_neighbours
from cuberail.games import get_game, titles


def test_titles_include_chicago_express() -> None:
    assert "chicago-express" in titles()
    assert titles() == sorted(titles())


@pytest.mark.parametrize("name", ["chicago-express", "CE", "chicago", "Chicago-Express"])
def test_get_game_by_title_or_alias(name: str) -> None:
    info = get_game(name)
    assert isinstance(info, GameInfo)
    assert info.title == "chicago-express"


def test_get_game_unknown_title_names_the_known_ones() -> None:
    with pytest.raises(CuberailError, match=r"unknown game 'monopoly'; cuberail plays: .*chicago"):
        get_game("monopoly")


@pytest.mark.parametrize("title", titles())
def test_game_info_is_consistent(title: str) -> None:
    info = get_game(title)
    assert info.title == title and info.name
    assert 1 <= info.min_players <= info.max_players
    assert info.rules_version >= 1
    for n in range(info.min_players, info.max_players + 1):
        state = info.new_game(n)
        assert state.num_players == n
        assert 0 <= state.current_player() < n
        assert state.legal_actions() and not state.is_terminal()
        assert state.returns() == [0.0] * n  # no utility before the end
    for n in (info.min_players - 1, info.max_players + 1):
        with pytest.raises(CuberailError, match=f"not {n}"):
            info.new_game(n)
    with pytest.raises(OptionError):
        info.new_game(info.min_players, {"no-such-option": 1})


def test_apply_text_parses_and_applies() -> None:
    state = get_game("ce").new_game(3)
    action = state.apply_text("bid 7")
    assert action.text() == "bid 7"
    assert state.current_player() == 1
    with pytest.raises(IllegalActionError):
        state.apply_text("bid 7")


def test_illegal_action_error_is_a_value_error_with_action_and_reason() -> None:
    state = get_game("ce").new_game(3)
    with pytest.raises(ValueError, match="illegal action bid 3: ") as info:
        state.apply_text("bid 3")
    assert isinstance(info.value, IllegalActionError)
    assert info.value.reason and "bid 7" in info.value.reason


def test_hex_helpers() -> None:
    assert (column_index("A"), column_index("s")) == (0, 18)
    assert odd_q_neighbours(2, 3) == [(2, 2), (2, 4), (1, 2), (1, 3), (3, 2), (3, 3)]
    assert odd_q_neighbours(1, 3) == [(1, 2), (1, 4), (0, 3), (0, 4), (2, 3), (2, 4)]
    assert iter_bits(0) == [] and iter_bits(0b101001) == [0, 3, 5]
    assert iter_bits(1 << 159) == [159]
