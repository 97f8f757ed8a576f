"""GameResult: winners, ties, utilities and ranks."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cuberail.core import GameResult


def test_single_winner() -> None:
    result = GameResult.from_scores([30, 52, 41])
    assert result.scores == (30, 52, 41)
    assert result.winners == (1,)
    assert result.returns() == [0.0, 1.0, 0.0]
    assert result.ranks() == [3.0, 1.0, 2.0]
    assert result.to_json() == {"scores": [30, 52, 41], "winners": [1]}


def test_tie_for_first_shares_the_victory() -> None:
    result = GameResult.from_scores((40, 12, 40, 40))
    assert result.winners == (0, 2, 3)
    assert result.returns() == pytest.approx([1 / 3, 0.0, 1 / 3, 1 / 3])
    assert result.ranks() == [2.0, 4.0, 2.0, 2.0]


def test_tie_below_first_shares_the_rank() -> None:
    assert GameResult.from_scores([3, 5, 5, 1, 3]).ranks() == [3.5, 1.5, 1.5, 5.0, 3.5]


def test_everyone_tied() -> None:
    result = GameResult.from_scores([7, 7])
    assert result.winners == (0, 1)
    assert result.returns() == [0.5, 0.5]
    assert result.ranks() == [1.5, 1.5]


@given(st.lists(st.integers(min_value=-50, max_value=500), min_size=1, max_size=6))
def test_result_properties(scores: list[int]) -> None:
    result = GameResult.from_scores(scores)
    assert result.winners and all(scores[w] == max(scores) for w in result.winners)
    assert sum(result.returns()) == pytest.approx(1.0)
    n = len(scores)
    assert sum(result.ranks()) == pytest.approx(n * (n + 1) / 2)
    for i in range(n):
        for j in range(n):
            if scores[i] > scores[j]:
                assert result.ranks()[i] < result.ranks()[j]
