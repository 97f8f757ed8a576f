"""Trans-Siberian features of the learned evaluation: what each feature counts (rules cited),
and the hand-tuned evaluator expressed as weights (the control a candidate is screened against)."""

from __future__ import annotations

import math
import random

import pytest
from tsgames import fast_game_states, four_companies_sold_at_20, new_ts

from cuberail.bots.trans_siberian.fast import evaluate, remaining_dividends
from cuberail.bots.trans_siberian.features import (
    FEATURE_NAMES,
    HAND_WEIGHTS,
    NUM_FEATURES,
    TEMPERATURE,
    LinearEvaluator,
    seat_features,
)
from cuberail.core.actions import Action
from cuberail.games.trans_siberian.board import SHARE_TRACK

TITLE = "trans-siberian"
F = {name: k for k, name in enumerate(FEATURE_NAMES)}


def test_the_hand_tuned_evaluator_as_weights_gives_exactly_its_chances() -> None:
    """The control: HAND_WEIGHTS reproduce fast_ts.evaluate at every position of whole games."""
    control = LinearEvaluator(list(HAND_WEIGHTS))
    states = fast_game_states(6, seed=5)
    assert len(states) > 300
    for state in states:
        assert control(state) == pytest.approx(evaluate(state), rel=1e-9, abs=1e-12)


def test_features_give_one_row_per_seat_of_the_named_length() -> None:
    for players in (3, 4, 5):
        rows = seat_features(new_ts(players))
        assert len(rows) == players and all(len(row) == NUM_FEATURES for row in rows)


def test_cash_feature_is_cash_over_the_hand_temperature_ts_9_2() -> None:
    state = four_companies_sold_at_20()
    rows = seat_features(state)
    assert [row[F["cash/T"]] for row in rows] == pytest.approx(
        [c / TEMPERATURE for c in state.cash])


def test_only_the_seat_to_move_has_the_to_move_feature() -> None:
    state = four_companies_sold_at_20()
    rows = seat_features(state)
    assert [row[F["to_move"]] for row in rows] == [0.0, 0.0, 0.0, 1.0]


def test_a_companys_only_share_is_private_until_a_second_is_owned_ts_3_2_ts_9_2() -> None:
    """One share owned: private value, no public value; a second share bought: public."""
    state = four_companies_sold_at_20()
    before = seat_features(state)[3]
    assert before[F["private/T"]] > 0 and before[F["public/T"]] == 0
    assert before[F["public_raw/T"]] == 0
    state.apply(Action.from_text("buy yellow"))
    after = seat_features(state)[3]
    assert after[F["private/T"]] == 0
    assert after[F["public_raw/T"]] == pytest.approx(2 * 20 / TEMPERATURE)
    assert 0 < after[F["public/T"]] <= after[F["public_raw/T"]]


def test_a_private_share_scores_nothing_once_none_are_unsold_ts_9_2() -> None:
    state = four_companies_sold_at_20()
    yellow = 3
    state.unsold[yellow] = 0
    state.removed[yellow] = 4  # no share can be bought: the only owned one stays private
    assert seat_features(state)[3][F["private/T"]] == 0


def test_dividends_are_dividends_left_times_the_dividend_per_share_ts_5_2() -> None:
    """ceil(income / shares owned) per share, times the dividends still to come."""
    state = four_companies_sold_at_20()
    state.apply(Action.from_text("buy yellow"))
    yellow = 3
    owned = state.owned(yellow)
    per = -(-state.income[yellow] // owned)
    d = remaining_dividends(state)
    row = seat_features(state)[3]
    held = state.held[3 * 6 + yellow]
    assert row[F["next_dividend/T"]] == pytest.approx(held * per / TEMPERATURE)
    assert row[F["dividends/T"]] == pytest.approx(d * held * per / TEMPERATURE)


def test_public_shares_at_or_below_the_marker_are_at_risk_in_phase_2_ts_8_1() -> None:
    state = four_companies_sold_at_20()
    state.apply(Action.from_text("buy yellow"))
    yellow = 3
    assert seat_features(state)[3][F["at_risk/T"]] == 0  # phase 1: no nationalization
    state.phase = 2
    state.nat = state.value[yellow]  # the marker reaches yellow's share value
    assert state.nationalizes(yellow)
    row = seat_features(state)[3]
    assert row[F["at_risk/T"]] == pytest.approx(row[F["public_raw/T"]])
    state.nat = state.value[yellow] - 1
    assert seat_features(state)[3][F["at_risk/T"]] == 0


def test_late_features_grow_with_the_dividends_paid_ts_1_6() -> None:
    state = four_companies_sold_at_20()
    assert all(row[F["cash_late/T"]] == 0 for row in seat_features(state))
    state.dividends = state.opts.dividend_track // 2
    rows = seat_features(state)
    for row in rows:
        assert row[F["cash_late/T"]] == pytest.approx(row[F["cash/T"]] * 0.5, rel=0.2)
        shares = row[F["public/T"]] + row[F["private/T"]] + row[F["dividends/T"]]
        assert row[F["shares_late/T"]] == pytest.approx(
            shares * state.dividends / state.opts.dividend_track)


def test_cash_counts_more_while_shares_are_unsold() -> None:
    state = four_companies_sold_at_20()
    rows = seat_features(state)
    assert all(0 < row[F["cash_unsold/T"]] < row[F["cash/T"]] for row in rows)
    for c in range(len(state.unsold)):
        state.removed[c] += state.unsold[c]
        state.unsold[c] = 0
    assert all(row[F["cash_unsold/T"]] == 0 for row in seat_features(state))


def test_the_features_do_not_change_the_state() -> None:
    state = four_companies_sold_at_20()
    before = state.clone()
    seat_features(state)
    LinearEvaluator(list(HAND_WEIGHTS))(state)
    assert state.legal_actions() == before.legal_actions() and state.cash == before.cash
    assert SHARE_TRACK[state.value[3]] == 20


def test_a_heavier_weight_on_public_value_favours_the_seat_that_goes_public() -> None:
    state = four_companies_sold_at_20()
    state.apply(Action.from_text("buy yellow"))
    weights = [0.0] * NUM_FEATURES
    weights[F["public_raw/T"]] = 1.0
    chances = LinearEvaluator(weights)(state)
    assert sum(chances) == pytest.approx(1.0) and max(range(4), key=chances.__getitem__) == 3


def test_the_evaluator_refuses_the_wrong_number_of_weights() -> None:
    with pytest.raises(ValueError, match="weights for"):
        LinearEvaluator([1.0])


def test_the_evaluator_is_the_softmax_of_the_weighted_feature_rows() -> None:
    """Its fast sum (no rows built) gives the chances the rows give, for any weights."""
    rng = random.Random(3)
    states = fast_game_states(3, seed=9)[::7]
    for _ in range(5):
        weights = [rng.uniform(-2, 2) for _ in range(NUM_FEATURES)]
        evaluator = LinearEvaluator(weights)
        for state in states:
            scores = [sum(w * f for w, f in zip(weights, row, strict=True))
                      for row in seat_features(state)]
            top = max(scores)
            exps = [math.exp(z - top) for z in scores]
            assert evaluator(state) == pytest.approx([e / sum(exps) for e in exps], rel=1e-9)
