"""The learned evaluation: Chicago Express features, the shipped weights file and its checks,
reproducible training, and the search bot using it at its cut-offs."""

from __future__ import annotations

import copy
import json
import math
import os
import re
from pathlib import Path
from typing import Any

import pytest
from kitviews import ship

from cuberail.bots import learned
from cuberail.bots.arena import play_game
from cuberail.bots.chicago_express.features import (
    FEATURE_NAMES,
    FEATURE_VERSION,
    NUM_FEATURES,
    LinearEvaluator,
    frontier_gain,
    seat_features,
)
from cuberail.bots.chicago_express.heuristic import remaining_dividends
from cuberail.bots.evaluate import evaluator_for
from cuberail.bots.mcts import MCTSBot, MCTSConfig
from cuberail.bots.registry import make_bot
from cuberail.core.errors import CuberailError
from cuberail.games import get_game
from cuberail.games.chicago_express import RULES_VERSION, ChicagoExpressState
from cuberail.games.chicago_express.state import BID, SETUP

TITLE = "chicago-express"


def _new(players: int = 4) -> ChicagoExpressState:
    state = get_game(TITLE).new_game(players, {})
    assert isinstance(state, ChicagoExpressState)
    return state


def _midgame(moves: int = 60) -> ChicagoExpressState:
    """A position reached by the heuristic, some dividends in."""
    state = _new()
    bots = [make_bot("heuristic", seat) for seat in range(4)]
    for _ in range(moves):
        state.apply(bots[state.current_player()].choose(state))
    return state


def _weights_file() -> dict[str, Any]:
    with open(Path(learned.WEIGHTS_DIR) / str(learned.shipped_file(TITLE)), encoding="utf-8") as f:
        data: dict[str, Any] = json.load(f)
    return data


# ----- features ---------------------------------------------------------------------


def test_features_give_one_row_per_seat_of_the_named_length() -> None:
    for players in (2, 4, 6):
        rows = seat_features(_new(players))
        assert len(rows) == players
        assert all(len(row) == NUM_FEATURES == len(FEATURE_NAMES) for row in rows)


def test_cash_feature_is_cash_over_the_temperature_ce_9_2() -> None:
    state = _midgame()
    d = remaining_dividends(state)
    rows = seat_features(state)
    cash = FEATURE_NAMES.index("cash/T")
    for seat, row in enumerate(rows):
        assert row[cash] == pytest.approx(state.cash[seat] / (4 + 2.5 * d))
        assert row[FEATURE_NAMES.index("cash/100")] == pytest.approx(state.cash[seat] / 100)


def test_only_the_seat_to_move_has_the_to_move_feature() -> None:
    state = _midgame()
    k = FEATURE_NAMES.index("to_move")
    assert [row[k] for row in seat_features(state)] == [
        1.0 if seat == state.current_player() else 0.0 for seat in range(4)]


def test_dividend_features_count_only_held_shares_ce_8_1() -> None:
    state = _midgame()
    k = FEATURE_NAMES.index("dividends/T")
    for seat, row in enumerate(seat_features(state)):
        assert (row[k] > 0) == any(state.held[seat][c] and state.income[c] for c in range(4))


def test_pending_feature_goes_to_the_high_bidder_of_a_running_auction_ce_2_3() -> None:
    state = _new()
    assert state.step == SETUP
    k = FEATURE_NAMES.index("pending/T")
    assert all(row[k] == 0.0 for row in seat_features(state))  # no bid yet
    bidder = state.current_player()
    bid = next(a for a in state.legal_actions() if a.kind == "bid")
    state.apply(bid)
    assert state.step in (SETUP, BID)
    rows = seat_features(state)
    assert [seat for seat, row in enumerate(rows) if row[k] != 0.0] == [bidder]


def _best_build(state: ChicagoExpressState, company: int) -> int:
    """The engine's own answer: the incomes of the hexes a first placement may take now
    (``placements``, CE-5.2 to CE-5.4), best three, no more than the locomotives left."""
    fresh = state.clone()
    fresh.b_placed = 0  # a new build: placements() answers for its first locomotive
    incomes = sorted((fresh.hex_income(h) for h in fresh.placements(company)), reverse=True)
    return sum(incomes[:min(3, state.locos_left[company])])


def test_frontier_gain_is_the_best_three_hexes_a_build_could_take_now_ce_5() -> None:
    seen = set()
    for moves in (20, 60, 110, 150):
        state = _midgame(moves)
        for company in range(5):
            gain = frontier_gain(state, company)
            assert gain == _best_build(state, company), (moves, company)
            seen.add(gain)
    assert len(seen) > 2  # positions where companies differ: the check can fail


def test_frontier_gain_is_nothing_without_a_locomotive_or_money_ce_5_4() -> None:
    state = _midgame(110)  # track has reached income hexes (plain hexes pay nothing)
    company = max(range(4), key=lambda c: frontier_gain(state, c))
    assert frontier_gain(state, company) > 0
    broke = state.clone()
    broke.treasury[company] = 0
    assert frontier_gain(broke, company) == 0
    idle = state.clone()
    idle.locos_left[company] = 0
    assert frontier_gain(idle, company) == 0
    one = state.clone()
    one.locos_left[company] = 1  # one locomotive left: one hex, the best
    best = max(state.hex_income(h) for h in one.placements(company))
    assert frontier_gain(one, company) == best


def test_frontier_feature_is_the_seats_share_of_each_companys_gain_over_the_dividends_left(
) -> None:
    """``frontier_gain/T``: held over sold of each company's gain, times the dividends
    still to come (CE-8.1), over the temperature; nothing for a seat without shares."""
    state = _midgame(110)
    d = remaining_dividends(state)
    k = FEATURE_NAMES.index("frontier_gain/T")
    rows = seat_features(state)
    for seat, row in enumerate(rows):
        want = sum(state.held[seat][c] * frontier_gain(state, c) / state.sold[c]
                   for c in range(5) if state.held[seat][c])
        assert row[k] == pytest.approx(want * d / (4 + 2.5 * d))
    assert any(row[k] > 0 for row in rows)
    assert all(row[k] == 0.0 for row in seat_features(_new()))  # no share sold yet


def test_a_model_without_frontier_weight_skips_the_board_and_scores_the_same() -> None:
    """``LinearEvaluator`` reads the board only when ``frontier_gain/T`` has weight."""
    from cuberail.bots.chicago_express.features import logits
    from cuberail.bots.evaluate import softmax_utility

    state = _midgame(110)
    k = FEATURE_NAMES.index("frontier_gain/T")
    assert any(row[k] > 0 for row in seat_features(state))
    assert all(row[k] == 0.0 for row in seat_features(state, board=False))
    weights = [0.0] * NUM_FEATURES
    weights[FEATURE_NAMES.index("cash/T")] = weights[FEATURE_NAMES.index("dividends/T")] = 1.0
    full = softmax_utility(logits(seat_features(state), weights), 1.0)
    assert LinearEvaluator(weights)(state) == pytest.approx(full, rel=1e-12)
    weights[k] = 1.0
    full = softmax_utility(logits(seat_features(state), weights), 1.0)
    assert LinearEvaluator(weights)(state) == pytest.approx(full, rel=1e-12)
    blind = softmax_utility(logits(seat_features(state, board=False), weights), 1.0)
    assert blind != pytest.approx(full)


def test_linear_evaluator_gives_chances_that_sum_to_one() -> None:
    chances = LinearEvaluator([1.0] * NUM_FEATURES)(_midgame())
    assert len(chances) == 4 and all(0.0 <= c <= 1.0 for c in chances)
    assert sum(chances) == pytest.approx(1.0)


def test_linear_evaluator_favours_cash_when_cash_weighs_positively() -> None:
    state = _midgame()
    state.cash[2] += 200
    weights = [0.0] * NUM_FEATURES
    weights[FEATURE_NAMES.index("cash/100")] = 3.0
    chances = LinearEvaluator(weights)(state)
    assert max(range(4), key=chances.__getitem__) == 2


def test_linear_evaluator_refuses_the_wrong_number_of_weights() -> None:
    with pytest.raises(ValueError, match="weights"):
        LinearEvaluator([1.0])


# ----- the weights file -------------------------------------------------------------


def test_the_shipped_weights_fit_this_build() -> None:
    data = _weights_file()
    assert data["rules_version"] == RULES_VERSION
    assert data["feature_version"] == FEATURE_VERSION
    assert "benchmarks/train_eval.py" in data["training"]["command"]
    assert learned.load_weights(TITLE) == [float(w) for w in data["weights"]]


def test_weights_round_trip_through_a_file(tmp_path: Path) -> None:
    data = _weights_file()
    data["weights"] = [0.5 * i - 1 for i in range(NUM_FEATURES)]
    path = tmp_path / "w.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert learned.load_weights(TITLE, str(path)) == data["weights"]


@pytest.mark.parametrize(("change", "message"), [
    ({"rules_version": RULES_VERSION - 1}, "rules version"),
    ({"feature_version": FEATURE_VERSION + 1}, "feature version"),
    ({"format_version": 99}, "format version"),
    ({"format": "something else"}, "not a cuberail learned-evaluation file"),
    ({"title": "trans-siberian"}, "not 'chicago-express'"),
    ({"features": ["cash"]}, "feature names"),
    ({"weights": [1.0]}, "finite numbers"),
    ({"weights": [math.nan] * NUM_FEATURES}, "numbers must be finite"),
    ({"weights": [True] * NUM_FEATURES}, "finite numbers"),
    ({"weights": "heavy"}, "finite numbers"),
])
def test_a_weights_file_that_does_not_fit_is_refused_saying_why(
        tmp_path: Path, change: dict[str, Any], message: str) -> None:
    data = {**_weights_file(), **change}
    path = tmp_path / "w.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(CuberailError, match=message) as info:
        learned.load_weights(TITLE, str(path))
    assert str(path) in str(info.value)


def test_a_weights_file_that_is_not_json_or_missing_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "w.json"
    path.write_text("{not json", encoding="utf-8")
    with pytest.raises(CuberailError, match=r"learned weights .*: the file is not JSON"):
        learned.load_weights(TITLE, str(path))
    with pytest.raises(CuberailError, match="cannot read"):
        learned.load_weights(TITLE, str(tmp_path / "missing.json"))


def test_a_weights_path_that_is_no_file_is_refused_without_waiting(tmp_path: Path) -> None:
    """A directory or a FIFO (which an open() would wait on forever) is refused at once,
    in words about weights, not records."""
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    for path, words in ((tmp_path, "it is a directory, not a weights file"),
                        (fifo, "not a regular file (a FIFO, socket or device)")):
        with pytest.raises(CuberailError, match=re.escape(words)) as info:
            learned.load_weights(TITLE, str(path))
        assert "record" not in str(info.value)


# ----- the search bot -----------------------------------------------------------------


def test_the_learned_option_names_the_evaluator() -> None:
    bot = make_bot("mcts:100:learned", 1)
    assert isinstance(bot, MCTSBot) and bot.config.evaluator == "learned"
    assert "learned evaluation" in bot.config.describe()
    default = make_bot("mcts:100", 1)
    assert isinstance(default, MCTSBot) and default.config.evaluator == "hand"
    back = make_bot("mcts:100:learned:hand", 1)
    assert isinstance(back, MCTSBot) and back.config.evaluator == "hand"


def test_an_unknown_evaluator_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown evaluator"):
        MCTSBot(1, MCTSConfig(evaluator="oracle"))


def test_learned_falls_back_to_the_hand_evaluator_where_none_is_shipped(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(learned.WEIGHTS_ENV, raising=False)
    ship(monkeypatch, "trans-siberian", None)
    assert evaluator_for("trans-siberian", "learned") is evaluator_for("trans-siberian", "hand")
    assert evaluator_for(TITLE, "learned") is not evaluator_for(TITLE, "hand")


def test_the_learned_bot_plays_complete_legal_games() -> None:
    """``play_game`` applies every move with the rules' checks: an illegal one would raise."""
    for index in range(2):
        outcome = play_game(TITLE, ["mcts:30:learned", "heuristic", "mcts:30", "random"], 5, index)
        assert outcome.decisions > 50 and sum(outcome.returns) == pytest.approx(1.0)


def test_a_bad_shipped_file_stops_the_bot_with_a_clear_error(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    data = {**_weights_file(), "rules_version": 1}
    (tmp_path / "bad.json").write_text(json.dumps(data), encoding="utf-8")
    monkeypatch.setattr(learned, "WEIGHTS_DIR", str(tmp_path))
    ship(monkeypatch, TITLE, "bad.json")
    monkeypatch.setattr(learned, "_CACHE", {})
    bot = make_bot("mcts:10:learned", 1)
    with pytest.raises(CuberailError, match="rules version 1"):
        bot.choose(_new())


# ----- training -------------------------------------------------------------------------


def test_training_is_reproducible_for_a_seed_and_fits_the_file_format(tmp_path: Path) -> None:
    pytest.importorskip("numpy")
    from cuberail.bots.train_eval import DataSpec, train

    spec = DataSpec(TITLE, seed=3, games=5, search_games=1, search_bot="mcts:5", sample=0.2,
                    holdout=3)
    first, again = train(spec), train(copy.copy(spec))
    assert first == again
    assert train(DataSpec(TITLE, seed=4, games=5, search_games=1, search_bot="mcts:5",
                          sample=0.2, holdout=3))["weights"] != first["weights"]
    path = tmp_path / "w.json"
    path.write_text(json.dumps(first), encoding="utf-8")
    assert learned.load_weights(TITLE, str(path)) == first["weights"]
    assert first["training"]["command"].endswith("--seed 3 --games 5 --search-games 1"
                                                 " --search-bot mcts:5 --sample 0.2 --holdout 3")


def test_the_fit_recovers_weights_that_generated_the_targets() -> None:
    np = pytest.importorskip("numpy")
    from cuberail.bots.train_eval import _softmax, fit

    rng = np.random.default_rng(0)
    x = rng.normal(size=(4000, 4, 3))
    true = np.array([1.5, -0.5, 0.25])
    y = _softmax(np.einsum("npk,k->np", x, true))
    assert np.allclose(fit(x, y, l2=0.0), true, atol=1e-4)


def test_fitting_an_unknown_feature_is_refused_before_any_game() -> None:
    pytest.importorskip("numpy")
    from cuberail.bots.train_eval import DataSpec, train

    with pytest.raises(CuberailError, match=r"unknown features \['wealth'\].* or 'hand'"):
        train(DataSpec(TITLE, games=10**6), free=("cash/T", "wealth"))


def test_a_fit_of_some_features_leaves_the_others_at_zero() -> None:
    pytest.importorskip("numpy")
    from cuberail.bots.train_eval import DataSpec, train

    model = train(DataSpec(TITLE, seed=3, games=4, search_games=0, sample=0.2, holdout=2),
                  free=("cash/T", "dividends/T"))
    fitted = {name for name, w in zip(model["features"], model["weights"], strict=True) if w}
    assert fitted <= {"cash/T", "dividends/T"} and fitted
    assert model["training"]["command"].endswith("--fit cash/T,dividends/T")


def test_the_hand_weights_are_the_hand_tuned_evaluator_ce_8_ce_9() -> None:
    """``features_ce.HAND_WEIGHTS`` as a learned model gives the hand-tuned evaluator's
    chances, at the opening and later (what a ``--fit hand`` model rescales)."""
    from cuberail.bots.chicago_express.features import HAND_WEIGHTS

    hand = evaluator_for(TITLE, "hand")
    assert hand is not None
    for state in (_new(), _midgame(30), _midgame(90)):
        assert LinearEvaluator(list(HAND_WEIGHTS))(state) == pytest.approx(hand(state),
                                                                           rel=1e-9)


@pytest.mark.parametrize("title", ["chicago-express", "trans-siberian"])
def test_a_hand_fit_is_one_weight_on_the_hand_tuned_evaluator(title: str) -> None:
    """``--fit hand`` fits the hand-tuned evaluator's temperature only: every weight is one
    number times the title's hand weights, and it adds to the other fitted features."""
    pytest.importorskip("numpy")
    from cuberail.bots.learned import features_for
    from cuberail.bots.train_eval import DataSpec, generate, train

    spec = DataSpec(title, seed=3, games=4, search_games=0, sample=0.2, holdout=2)
    games = generate(spec)
    hand = features_for(title).hand
    model = train(spec, free=("hand",), games=games)
    k = model["weights"][0] / hand[0]
    assert k > 0
    assert model["weights"] == pytest.approx([k * w for w in hand], abs=2e-6)
    assert model["training"]["command"].endswith("--fit hand")
    extra = model["features"][-1]  # the last feature: weight 0 in both titles' hand weights
    both = train(spec, free=("hand", extra), games=games)
    assert both["weights"][-1] != 0
    assert both["weights"][:-1] == pytest.approx(
        [both["weights"][0] / hand[0] * w for w in hand[:-1]], abs=2e-6)


def test_search_labels_are_reproducible_and_are_the_searchs_normalised_root_values() -> None:
    pytest.importorskip("numpy")
    from cuberail.bots.train_eval import DataSpec, play_one, train

    spec = DataSpec(TITLE, seed=3, games=0, search_games=2, search_bot="mcts:5", sample=0.1,
                    holdout=2, label="mcts:20")
    first = train(spec, free=("cash/T", "dividends/T"))
    assert first == train(copy.copy(spec), free=("cash/T", "dividends/T"))
    assert "--label mcts:20" in first["training"]["command"]
    rows, _, targets = play_one(spec, 0)
    assert rows and len(targets) == len(rows)
    for target in targets:
        assert math.isclose(sum(target), 1.0) and min(target) >= 0
    # Positions differ, so do their search values (outcome labels repeat one vector).
    assert len({tuple(t) for t in targets}) > 1


def test_a_label_that_is_not_a_search_is_refused_before_any_game() -> None:
    pytest.importorskip("numpy")
    from cuberail.bots.train_eval import DataSpec, train

    with pytest.raises(CuberailError, match="must be 'outcome', 'dividends' or an mcts bot"):
        train(DataSpec(TITLE, games=10**6, label="heuristic"))


def test_nonnegative_weights_are_held_at_zero_where_the_free_fit_goes_negative() -> None:
    np = pytest.importorskip("numpy")
    from cuberail.bots.train_eval import _softmax, fit, fit_nonnegative

    rng = np.random.default_rng(1)
    x = rng.normal(size=(3000, 4, 3))
    y = _softmax(np.einsum("npk,k->np", x, np.array([1.0, -0.8, 0.5])))
    assert fit(x, y, l2=0.0)[1] < 0
    names = ["a", "b", "c"]
    constrained = fit_nonnegative(x, y, names, ("a", "b"), l2=0.0)
    assert constrained["b"] == 0.0 and constrained["a"] > 0
    assert np.allclose(list(fit_nonnegative(x, y, names, (), l2=0.0).values()),
                       fit(x, y, l2=0.0))


def test_the_shipped_model_never_lowers_a_seat_for_more_cash_or_dividends() -> None:
    weights = dict(zip(FEATURE_NAMES, learned.load_weights(TITLE), strict=True))
    for name in ("cash/T", "dividends/T", "cash/100", "dividends/100"):
        assert weights[name] >= 0, name
    assert weights["cash/T"] + weights["cash/100"] > 0
    assert weights["dividends/T"] + weights["dividends/100"] > 0


def test_leaf_positions_are_the_kept_position_played_on_by_the_rollout_policy() -> None:
    pytest.importorskip("numpy")
    import random

    from cuberail.bots.rollout import fast_policy_for
    from cuberail.bots.train_eval import DataSpec, _command, _play_on, play_one

    state = _midgame()
    before = state.legal_actions()
    same = _play_on(state, fast_policy_for(TITLE), random.Random(1), 0)
    assert same is not state and same.legal_actions() == before
    moved = [_play_on(state, fast_policy_for(TITLE), random.Random(seed), 15)
             for seed in range(8)]
    assert state.legal_actions() == before  # the game itself is not moved
    assert any(m.cash != state.cash or m.held != state.held or m.turn != state.turn
               for m in moved)
    spec = DataSpec(TITLE, seed=3, games=0, search_games=1, search_bot="mcts:5", sample=0.2,
                    holdout=2, leaf=15)
    rows, _, _ = play_one(spec, 0)
    assert rows == play_one(copy.copy(spec), 0)[0]
    assert rows != play_one(DataSpec(**{**spec.__dict__, "leaf": 0}), 0)[0]
    assert _command(spec, 1e-4, None).endswith("--holdout 2 --leaf 15")


def test_quiet_leaves_are_never_inside_an_auction_and_plain_ones_can_be() -> None:
    """With ``quiet`` the data are the positions a quiet search scores (MCTSConfig.quiet):
    a leaf that stops inside a setup auction (CE-2) or a share auction (CE-4) is played on
    until the auction is over."""
    pytest.importorskip("numpy")
    import random

    from kitviews import AUCTION_RUNNING

    from cuberail.bots.rollout import fast_policy_for
    from cuberail.bots.train_eval import DataSpec, _command, _play_on

    busy = AUCTION_RUNNING[TITLE]
    policy = fast_policy_for(TITLE)
    opening = _new()
    assert busy(opening)
    plain = [_play_on(opening, policy, random.Random(seed), 15) for seed in range(6)]
    quiet = [_play_on(opening, policy, random.Random(seed), 15, busy) for seed in range(6)]
    assert any(busy(leaf) for leaf in plain)  # the check below can fail
    assert not any(busy(leaf) for leaf in quiet)
    assert all(leaf.step not in (SETUP, BID) for leaf in quiet)
    assert busy(opening) and opening.step == SETUP  # the game itself is not moved
    spec = DataSpec(TITLE, seed=3, games=0, search_games=1, search_bot="mcts:5", sample=0.2,
                    holdout=2, leaf=15, quiet=True)
    assert _command(spec, 1e-4, None).endswith("--holdout 2 --leaf 15 --quiet")


def test_the_training_command_refuses_quiet_without_leaf(
        capsys: pytest.CaptureFixture[str]) -> None:
    from tests.test_benchmark_scripts import _load

    with pytest.raises(SystemExit) as exc:
        _load("train_eval").main([TITLE, "--quiet", "--out", "x.json"])
    assert exc.value.code == 2
    assert "--quiet plays on the leaves of --leaf" in capsys.readouterr().err
