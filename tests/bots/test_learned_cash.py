"""The cash features of the learned evaluation (cash is worth more while shares are unsold) and
the mixed tables of its training data (the search among heuristics)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cuberail.bots.chicago_express.features import (
    EASTERN_SHARES,
    FEATURE_NAMES,
    LinearEvaluator,
    seat_features,
    unsold_fraction,
)
from cuberail.bots.chicago_express.heuristic import COMPANY_SHARES, remaining_dividends
from cuberail.bots.registry import make_bot
from cuberail.core.errors import CuberailError
from cuberail.games import get_game
from cuberail.games.chicago_express import ChicagoExpressState

TITLE = "chicago-express"


def _new() -> ChicagoExpressState:
    state = get_game(TITLE).new_game(4, {})
    assert isinstance(state, ChicagoExpressState)
    return state


def _after_heuristic_moves(moves: int) -> ChicagoExpressState:
    state = _new()
    bots = [make_bot("heuristic", seat) for seat in range(4)]
    for _ in range(moves):
        state.apply(bots[state.current_player()].choose(state))
    return state


def test_every_eastern_share_is_unsold_before_the_setup_auctions_ce_1() -> None:
    assert unsold_fraction(_new()) == 1.0
    assert EASTERN_SHARES == sum(COMPANY_SHARES[:4]) == 18


def test_the_unsold_fraction_falls_as_shares_sell_ce_4_4() -> None:
    state = _after_heuristic_moves(80)
    assert sum(state.sold[:4]) > 0
    assert unsold_fraction(state) == pytest.approx(1 - sum(state.sold[:4]) / 18)
    state.sold[:4] = list(COMPANY_SHARES[:4])
    assert unsold_fraction(state) == 0.0


def test_the_wabash_shares_do_not_count_as_unsold_eastern_shares_ce_7_2() -> None:
    state = _after_heuristic_moves(80)
    before = unsold_fraction(state)
    state.sold[4] = 0 if state.sold[4] else 1
    assert unsold_fraction(state) == before


def test_the_cash_unsold_features_are_cash_times_the_unsold_fraction() -> None:
    state = _after_heuristic_moves(80)
    inv_t = 1 / (4 + 2.5 * remaining_dividends(state))
    unsold = unsold_fraction(state)
    over_t, over_100 = FEATURE_NAMES.index("cash_unsold/T"), FEATURE_NAMES.index(
        "cash_unsold/100")
    for seat, row in enumerate(seat_features(state)):
        assert row[over_t] == pytest.approx(state.cash[seat] * unsold * inv_t)
        assert row[over_100] == pytest.approx(state.cash[seat] * unsold / 100)


def test_a_cash_premium_prefers_cash_to_an_equal_dividend_while_shares_are_unsold() -> None:
    """With weight on cash_unsold, $10 of cash beats $10 of projected dividends early."""
    state = _after_heuristic_moves(80)
    assert unsold_fraction(state) > 0
    weights = [0.0] * len(FEATURE_NAMES)
    weights[FEATURE_NAMES.index("cash/100")] = 10.0
    weights[FEATURE_NAMES.index("dividends/100")] = 10.0
    rows = seat_features(state)
    flat = LinearEvaluator(weights)(state)
    weights[FEATURE_NAMES.index("cash_unsold/100")] = 5.0
    premium = LinearEvaluator(weights)(state)
    richest = max(range(4), key=lambda p: rows[p][FEATURE_NAMES.index("cash/100")])
    assert premium[richest] > flat[richest]


# ----- mixed tables ---------------------------------------------------------------------


def test_a_table_of_one_bot_fills_every_seat() -> None:
    from cuberail.bots.train_eval import table_seats

    assert table_seats("mcts:5", 4, 3) == ["mcts:5"] * 4


def test_tables_alternate_game_by_game_and_their_seats_rotate() -> None:
    from cuberail.bots.train_eval import table_seats

    tables = "mcts:5/mcts:5,heuristic,heuristic,heuristic"
    assert table_seats(tables, 4, 0) == ["mcts:5"] * 4
    seats = [table_seats(tables, 4, game) for game in (1, 3, 5, 7)]
    assert all(sorted(s) == ["heuristic"] * 3 + ["mcts:5"] for s in seats)
    assert len({s.index("mcts:5") for s in seats}) == 4  # every seat in turn


def test_a_table_with_the_wrong_number_of_seats_is_refused_before_any_game() -> None:
    pytest.importorskip("numpy")
    from cuberail.bots.train_eval import DataSpec, train

    with pytest.raises(CuberailError, match="has 2 seats; give one bot or 4"):
        train(DataSpec(TITLE, games=0, search_games=10**6, search_bot="mcts:5/mcts:5,heuristic"))


def test_an_unknown_bot_at_a_table_is_refused_before_any_game() -> None:
    pytest.importorskip("numpy")
    from cuberail.bots.train_eval import DataSpec, train

    with pytest.raises(CuberailError, match="unknown bot 'wizard'"):
        train(DataSpec(TITLE, games=0, search_games=10**6,
                       search_bot="mcts:5,heuristic,heuristic,wizard"))


def test_mixed_table_data_are_reproducible_and_differ_from_self_play() -> None:
    pytest.importorskip("numpy")
    from cuberail.bots.train_eval import DataSpec, play_one

    mixed = DataSpec(TITLE, seed=3, games=0, search_games=1,
                     search_bot="mcts:5,heuristic,heuristic,heuristic", sample=0.2, holdout=2)
    rows, _, targets = play_one(mixed, 0)
    assert rows and (rows, targets) == play_one(mixed, 0)[::2]
    alone = DataSpec(**{**mixed.__dict__, "search_bot": "mcts:5"})
    assert play_one(alone, 0)[0] != rows


# ----- screening a candidate's weights --------------------------------------------------


def test_the_weights_variable_replaces_the_shipped_weights(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from cuberail.bots import learned

    with open(Path(learned.WEIGHTS_DIR) / str(learned.shipped_file(TITLE)), encoding="utf-8") as f:
        data = json.load(f)
    weights = [0.0] * len(FEATURE_NAMES)
    weights[FEATURE_NAMES.index("cash_unsold/T")] = 1.5
    path = tmp_path / "candidate.json"
    path.write_text(json.dumps({**data, "weights": weights}), encoding="utf-8")
    monkeypatch.setattr(learned, "_CACHE", {})
    shipped = learned.learned_evaluator(TITLE)
    monkeypatch.setenv(learned.WEIGHTS_ENV, str(path))
    candidate = learned.learned_evaluator(TITLE)
    assert isinstance(candidate, LinearEvaluator) and candidate.weights == weights
    assert candidate is not shipped and learned.learned_evaluator(TITLE) is candidate
    monkeypatch.delenv(learned.WEIGHTS_ENV)
    assert learned.learned_evaluator(TITLE) is shipped


def test_a_missing_candidate_file_stops_the_learned_bot_with_its_name(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from cuberail.bots import learned

    monkeypatch.setattr(learned, "_CACHE", {})
    monkeypatch.setenv(learned.WEIGHTS_ENV, str(tmp_path / "nowhere.json"))
    with pytest.raises(CuberailError, match=r"learned weights: cannot read .*nowhere\.json"):
        make_bot("mcts:10:learned", 1).choose(_new())
