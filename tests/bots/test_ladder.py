"""The rating ladder: the Bradley-Terry fit on the Elo scale, its bootstrap intervals, and the
schedule of line-ups."""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter

import pytest

from cuberail.bots.arena import seat_names
from cuberail.bots.ladder import (
    GameResult,
    cycle_length,
    fit_ladder,
    game_pairs,
    lineup,
    lineups,
)
from cuberail.core.errors import CuberailError

TRUE = {"random": 0.0, "easy": 500.0, "medium": 800.0, "hard": 1200.0, "expert": 1400.0}


def plackett_luce(seats: list[str], strengths: dict[str, float], rng: random.Random
                  ) -> GameResult:
    """A finishing order drawn seat by seat in proportion to 10^(rating / 400): the chance
    that one seat finishes above another is then exactly the Bradley-Terry (Elo) one."""
    weights = {i: 10 ** (strengths[s] / 400) for i, s in enumerate(seats)}
    ranks = [0.0] * len(seats)
    for place in range(1, len(seats) + 1):
        pick = rng.choices(list(weights), weights=list(weights.values()))[0]
        ranks[pick] = float(place)
        del weights[pick]
    return GameResult(tuple(seats), tuple(ranks))


def synthetic(n: int, seed: int = 1, strengths: dict[str, float] = TRUE) -> list[GameResult]:
    rng = random.Random(seed)
    levels = list(strengths)
    return [plackett_luce(seat_names(lineup(levels, g), g), strengths, rng) for g in range(n)]


def two_level(results: list[float]) -> list[GameResult]:
    """Two-seat games between a and b; each entry is a's rank (1 won, 2 lost, 1.5 tied)."""
    return [GameResult(("a", "b"), (r, 3.0 - r)) for r in results]


def test_recovers_known_strengths_from_synthetic_games() -> None:
    ladder = fit_ladder(synthetic(1500), anchor="medium", anchor_rating=800, bootstrap=200)
    for r in ladder.ratings:
        assert r.rating == pytest.approx(TRUE[r.level], abs=60), r
        assert r.low - 10 <= TRUE[r.level] <= r.high + 10, r
    assert [r.level for r in ladder.ratings] == ["expert", "hard", "medium", "easy", "random"]
    assert all(step.clear for step in ladder.steps)


def test_three_wins_to_one_is_400_log10_3_apart() -> None:
    ladder = fit_ladder(two_level([1, 1, 1, 2]), anchor="b", anchor_rating=0, prior_draws=0,
                        bootstrap=0)
    assert ladder.rating("a").rating == pytest.approx(400 * math.log10(3), abs=1e-6)


def test_swapping_the_winners_mirrors_the_ratings() -> None:
    one = fit_ladder(two_level([1, 1, 1, 2, 2]), anchor="b", anchor_rating=0, bootstrap=0)
    other = fit_ladder(two_level([2, 2, 2, 1, 1]), anchor="b", anchor_rating=0, bootstrap=0)
    assert one.rating("a").rating == pytest.approx(-other.rating("a").rating, abs=1e-6)
    assert one.rating("a").rating > 0


def test_even_results_rate_the_levels_equal() -> None:
    ladder = fit_ladder(two_level([1, 2] * 10), anchor="a", anchor_rating=1000, bootstrap=50)
    assert ladder.rating("b").rating == pytest.approx(1000, abs=1e-6)
    assert ladder.steps[0].share == pytest.approx(0.5)
    assert not ladder.steps[0].clear


def test_a_tie_counts_half_a_win_each() -> None:
    ties = fit_ladder(two_level([1.5] * 6), anchor="a", anchor_rating=0, bootstrap=0)
    assert ties.rating("b").rating == pytest.approx(0, abs=1e-6)
    # one win and one tie: a holds 1.5 of 2 results, odds of 3 to 1
    mixed = fit_ladder(two_level([1, 1.5]), anchor="b", anchor_rating=0, prior_draws=0,
                       bootstrap=0)
    assert mixed.rating("a").rating == pytest.approx(400 * math.log10(3), abs=1e-6)


def test_pairs_of_one_game_follow_the_ranks_and_skip_the_same_bot() -> None:
    game = GameResult(("x", "y", "x", "z"), (1.0, 2.5, 4.0, 2.5))
    pairs = game_pairs(game, {"x": 0, "y": 1, "z": 2})
    assert sorted(pairs) == sorted([(0, 1, 1.0), (0, 2, 1.0), (1, 0, 1.0), (1, 2, 0.5),
                                    (0, 2, 0.0)])


def test_a_level_that_never_loses_gets_a_finite_rating_flagged_as_a_bound() -> None:
    ladder = fit_ladder(two_level([1] * 30), anchor="b", anchor_rating=0, bootstrap=100)
    top = ladder.rating("a")
    assert top.unbeaten and not top.winless
    assert ladder.rating("b").winless
    assert math.isfinite(top.rating) and math.isfinite(top.high) and top.rating > 400
    assert ladder.steps[0].clear


def test_intervals_shrink_with_more_games() -> None:
    few = fit_ladder(synthetic(80, seed=3), bootstrap=200)
    many = fit_ladder(synthetic(800, seed=3), bootstrap=200)
    for level in ("easy", "hard", "expert"):
        width_few = few.rating(level).high - few.rating(level).low
        width_many = many.rating(level).high - many.rating(level).low
        assert width_many < 0.6 * width_few, level


def test_the_same_seed_gives_the_same_intervals() -> None:
    games = synthetic(120, seed=4)
    first, again = fit_ladder(games, seed=9), fit_ladder(games, seed=9)
    other = fit_ladder(games, seed=10)
    assert first == again
    assert [r.rating for r in first.ratings] == [r.rating for r in other.ratings]
    assert [r.low for r in first.ratings] != [r.low for r in other.ratings]


def test_the_anchor_is_a_point_and_every_rating_lies_in_its_interval() -> None:
    ladder = fit_ladder(synthetic(200, seed=5), anchor="easy", anchor_rating=1500)
    anchor = ladder.rating("easy")
    assert anchor.rating == anchor.low == anchor.high == 1500
    assert all(r.low <= r.rating <= r.high for r in ladder.ratings)
    assert all(r.games == 160 for r in ladder.ratings)  # each in 4 of the 5 line-ups


def test_bad_input_is_refused_with_a_message() -> None:
    games = two_level([1, 2])
    with pytest.raises(CuberailError, match="anchor 'medium' is not among"):
        fit_ladder(games)
    with pytest.raises(CuberailError, match="'c' is not among the levels"):
        fit_ladder([*games, GameResult(("a", "c"), (1.0, 2.0))], levels=["a", "b"], anchor="a")
    with pytest.raises(CuberailError, match="'c' has no results"):
        fit_ladder(games, levels=["a", "b", "c"], anchor="a")
    with pytest.raises(CuberailError, match="at least two different bots"):
        fit_ladder([GameResult(("a", "a"), (1.0, 2.0))], anchor="a")


def test_every_line_up_pairs_all_levels_equally() -> None:
    levels = list(TRUE)
    meetings: Counter[frozenset[str]] = Counter()
    for seats in lineups(levels):
        meetings.update(frozenset(p) for p in itertools.combinations(seats, 2))
    assert len(meetings) == 10 and set(meetings.values()) == {3}


def test_a_cycle_puts_every_level_in_every_seat_equally() -> None:
    levels = ["random", "easy", "medium", "hard"]
    seats: Counter[tuple[int, str]] = Counter()
    after: Counter[tuple[str, str]] = Counter()  # who sits just after whom
    for g in range(cycle_length(levels)):
        names = seat_names(lineup(levels, g), g)
        seats.update(enumerate(names))
        after.update(zip(names, names[1:] + names[:1], strict=True))
    assert set(seats.values()) == {2} and len(seats) == 16
    assert after[("random", "easy")] == after[("easy", "random")] == 4


def test_fewer_levels_than_seats_repeat_in_turn() -> None:
    assert lineups(["a", "b", "c"]) == [["a", "b", "c", "a"], ["b", "c", "a", "b"],
                                        ["c", "a", "b", "c"]]
    assert lineups(["a", "b"]) == [["a", "b", "a", "b"], ["b", "a", "b", "a"]]
    assert cycle_length(["a", "b", "c"]) == 24
