"""The Chicago Express dividend forecast: the hand model's per-share forecast (CE-8.1), the
share features the learned evaluation sums over a seat's shares, its fast scoring, and the
training of a forecast on what shares paid (``--label dividends``)."""

from __future__ import annotations

import copy
import json
import math
import random
from pathlib import Path
from typing import Any

import pytest

from cuberail.bots import learned
from cuberail.bots.chicago_express.features import (
    FEATURE_NAMES,
    NUM_FEATURES,
    SHARE_FEATURES,
    LinearEvaluator,
    logits,
    seat_features,
    share_rows,
    temperature,
)
from cuberail.bots.chicago_express.forecast import dividend_terms
from cuberail.bots.chicago_express.heuristic import COMPANY_SHARES, remaining_dividends
from cuberail.bots.chicago_express.search import evaluate as evaluate_chicago_express
from cuberail.bots.evaluate import softmax_utility
from cuberail.bots.registry import make_bot
from cuberail.bots.train_eval import DataSpec
from cuberail.core.errors import CuberailError
from cuberail.games import get_game
from cuberail.games.chicago_express import ChicagoExpressState
from cuberail.games.chicago_express.state import BID, SETUP

TITLE = "chicago-express"


def _reference_terms(income: int, money: int, sold: int, shares: int, d: int
                     ) -> tuple[int, int]:
    """The hand model written plainly: dividend j is the income after j rounds of spending
    (a fifth of up to $9 a round) over the shares sold by then (0.7 more a round, at most
    all), rounded up (CE-8.1)."""
    def term(j: int) -> int:
        spent = min(money, 9.0 * (j + 1))
        return math.ceil((income + 0.2 * spent) / min(sold + 0.7 * j, shares))
    return sum(term(j) for j in range(d)), term(d)


def _positions(games: int = 2, players: int = 4) -> list[ChicagoExpressState]:
    """Every position of a few heuristic games, auctions included."""
    out = []
    for game in range(games):
        state = get_game(TITLE).new_game(players, {})
        assert isinstance(state, ChicagoExpressState)
        bots = [make_bot("heuristic", 10 * game + seat) for seat in range(players)]
        while not state.is_terminal():
            out.append(state.clone())
            state.apply(bots[state.current_player()].choose(state))
    return out


# ----- the hand model's forecast ---------------------------------------------------------


def test_the_forecast_is_the_hand_model_rounded_up_per_dividend_ce_8_1() -> None:
    seen = set()
    for income in (0, 1, 7, 16, 17, 33):
        for money in (0, 5, 9, 40):
            for shares in (2, 3, 6):
                for sold in range(1, shares + 1):
                    for d in range(0, 7):
                        got = dividend_terms(income, money, sold, shares, d)
                        assert got == _reference_terms(income, money, sold, shares, d)
                        seen.add(got)
    assert len(seen) > 100
    assert dividend_terms(20, 10, 0, 4, 5) == (0.0, 0.0)  # no share sold: nothing to pay


def test_the_hand_tuned_evaluator_is_cash_plus_the_forecast_over_its_temperature() -> None:
    for state in _positions(1)[::7]:
        d = remaining_dividends(state)
        per = [_reference_terms(state.income[c], state.treasury[c], state.sold[c],
                                COMPANY_SHARES[c], d)[0] if state.sold[c] else 0
               for c in range(5)]
        values = [state.cash[p] + sum(k * v for k, v in zip(state.held[p], per, strict=True))
                  for p in range(state.num_players)]
        assert evaluate_chicago_express(state) == softmax_utility(values, 4 + 2.5 * d)


# ----- share features and the fast evaluator -----------------------------------------------


def test_a_seats_share_features_are_its_shares_rows_summed() -> None:
    """Every share feature of a seat is the sum over its shares of that company's row; the
    others are the seat's own (cash, the seat to move, a pending bid)."""
    share = [FEATURE_NAMES.index(name) for name in SHARE_FEATURES]
    for state in _positions(1)[::5]:
        rows = share_rows(state)
        assert [row is None for row in rows] == [not sold for sold in state.sold]
        for p, features in enumerate(seat_features(state)):
            for k in range(NUM_FEATURES):
                total = sum(state.held[p][c] * row[k]
                            for c, row in enumerate(rows) if row is not None)
                if k in share:
                    assert features[k] == pytest.approx(total, rel=1e-12, abs=1e-12)
                else:
                    assert total == 0.0


def test_the_share_row_is_what_the_forecast_and_the_game_say_per_share_ce_8_1() -> None:
    state = _positions(1)[120]
    d = remaining_dividends(state)
    t = temperature(state)
    assert t == 4 + 2.5 * d
    f = {name: k for k, name in enumerate(FEATURE_NAMES)}
    checked = 0
    for c, row in enumerate(share_rows(state)):
        if row is None:
            continue
        sold = state.sold[c]
        grown, after = _reference_terms(state.income[c], state.treasury[c], sold,
                                        COMPANY_SHARES[c], d)
        assert row[f["dividends/T"]] * t == pytest.approx(grown)
        assert row[f["marginal/T"]] * t == pytest.approx(after)
        assert row[f["flat_dividends/T"]] * t == pytest.approx(
            math.ceil(state.income[c] / sold) * d)
        assert row[f["shares/T"]] * t == pytest.approx(1.0)
        assert row[f["shares_left/T"]] * t == pytest.approx(d)
        assert row[f["shares_paid/T"]] * t == pytest.approx(state.dividends)
        checked += 1
    assert checked >= 3 and state.dividends > 0


def test_the_fast_evaluator_scores_as_the_logit_over_the_seats_features() -> None:
    """``LinearEvaluator`` weighs each company's share once instead of building the seats'
    rows: the same chances for any weights, at every kind of position (auctions too)."""
    rng = random.Random(3)
    positions = _positions(2)
    assert any(s.step in (SETUP, BID) and s.a_bidder >= 0 for s in positions)
    for state in positions[::3]:
        weights = [rng.uniform(-1.5, 1.5) for _ in range(NUM_FEATURES)]
        full = softmax_utility(logits(seat_features(state), weights), 1.0)
        assert LinearEvaluator(weights)(state) == pytest.approx(full, rel=1e-9, abs=1e-12)


# ----- training a forecast on the dividends paid ---------------------------------------------


def _spec(**changes: Any) -> DataSpec:
    base: dict[str, Any] = {"title": TITLE, "seed": 3, "games": 4, "search_games": 1,
                            "search_bot": "mcts:5", "sample": 0.3, "holdout": 2,
                            "label": "dividends"}
    return DataSpec(**{**base, **changes})


def test_forecast_data_are_the_games_positions_outside_auctions_and_what_shares_paid() -> None:
    """Each kept share's target is what one share of its company paid from that position to
    the end (the engine's ``paid``, CE-7.1 and CE-8.1); positions are the game's own, never
    inside an auction (what quiet cut-offs score)."""
    pytest.importorskip("numpy")
    from cuberail.bots.chicago_express.train_forecast import play_forecast

    spec = _spec()
    game = play_forecast(spec, 0)
    assert game.rows and len(game.shares) == len(game.temps) == len(game.paid)
    assert len(game.outcomes) == len(game.hands) == len(game.rows)
    assert all(p >= 0 for p in game.paid) and max(game.paid) > 0
    assert all(len(row) == NUM_FEATURES for row in game.shares)
    again = play_forecast(copy.copy(spec), 0)
    assert (again.shares, again.paid) == (game.shares, game.paid)


def test_forecast_targets_match_a_replay_of_the_game() -> None:
    """The targets, checked against the game replayed from its start: for each kept
    position and each company with shares sold, what its shares paid from then to the end
    (the engine's ``paid``, itself checked against the bank's payouts in
    tests/games/chicago_express/test_ce_dividend.py)."""
    pytest.importorskip("numpy")
    from kitviews import AUCTION_RUNNING

    from cuberail.bots.chicago_express.train_forecast import play_forecast
    from cuberail.bots.train_eval import _move, players

    spec = _spec(games=1, search_games=0)
    game = play_forecast(spec, 0)
    bots, explore, rng = players(spec, 0)
    state = get_game(TITLE).new_game(4, {})
    assert isinstance(state, ChicagoExpressState)
    busy = AUCTION_RUNNING[TITLE]
    kept: list[tuple[int, list[int]]] = []  # (company, its paid per share then)
    while not state.is_terminal():
        if len(state.legal_actions()) > 1 and rng.random() < spec.sample and not busy(state):
            kept += [(c, state.paid[:]) for c in range(5) if state.sold[c]]
        state.apply(_move(bots[state.current_player()], state, rng, explore))
    assert game.paid == [float(state.paid[c] - then[c]) for c, then in kept]


def test_the_forecast_fit_recovers_the_weights_that_made_the_targets() -> None:
    np = pytest.importorskip("numpy")
    from cuberail.bots.chicago_express.train_forecast import fit_forecast

    rng = np.random.default_rng(0)
    x = rng.normal(size=(5000, 3))
    true = np.array([1.2, -0.4, 3.0])
    assert np.allclose(fit_forecast(x, x @ true, l2=0.0), true, atol=1e-6)


def test_a_forecast_fit_writes_a_weights_file_that_loads_and_prices_cash_at_one(
        tmp_path: Path) -> None:
    pytest.importorskip("numpy")
    from cuberail.bots.train_eval import train

    free = ("dividends/T", "frontier_gain/T", "shares/T")
    model = train(_spec(), free=free)
    assert model == train(_spec(), free=free)
    weights = dict(zip(model["features"], model["weights"], strict=True))
    assert weights["cash/T"] == 1.0
    assert {name for name, w in weights.items() if w} <= {"cash/T", *free}
    assert weights["dividends/T"] > 0
    info = model["training"]
    assert info["command"].endswith("--label dividends --fit dividends/T,frontier_gain/T,"
                                    "shares/T")
    for who in ("learned", "hand"):
        assert info["held_out"][who]["dividend_rmse"] > 0
        assert 0 < info["held_out"][who]["log_loss"] < 5
    path = tmp_path / "w.json"
    path.write_text(json.dumps(model), encoding="utf-8")
    assert learned.load_weights(TITLE, str(path)) == model["weights"]


@pytest.mark.parametrize(("changes", "free", "message"), [
    ({"title": "trans-siberian"}, None, "for chicago-express only"),
    ({"leaf": 15}, None, "--leaf and --quiet play positions on"),
    ({"leaf": 15, "quiet": True}, None, "--leaf and --quiet play positions on"),
    ({}, ("cash/T",), r"share features only .*not \['cash/T'\]"),
    ({}, ("hand",), r"share features only .*not \['hand'\]"),
    ({"search_bot": "wizard"}, None, "unknown bot 'wizard'"),
])
def test_a_forecast_fit_is_refused_before_any_game_saying_why(
        changes: dict[str, object], free: tuple[str, ...] | None, message: str) -> None:
    pytest.importorskip("numpy")
    from cuberail.bots.train_eval import train

    with pytest.raises(CuberailError, match=message):
        train(_spec(games=10**6, **changes), free=free)


def test_a_forecast_fit_refuses_nonnegative_constraints() -> None:
    pytest.importorskip("numpy")
    from cuberail.bots.train_eval import train

    with pytest.raises(CuberailError, match="--nonneg is for outcome fits"):
        train(_spec(games=10**6), free=("dividends/T",), nonneg=("dividends/T",))


# ----- weights set rather than fitted, and the shipped model -------------------------------


def test_set_weights_write_a_file_that_loads_with_the_others_at_zero(tmp_path: Path) -> None:
    from cuberail.bots.train_eval import set_weights

    model = set_weights(TITLE, {"frontier_gain/T": 0.5, "cash/T": 1.0})
    weights = dict(zip(model["features"], model["weights"], strict=True))
    assert {name: w for name, w in weights.items() if w} == {"cash/T": 1.0,
                                                             "frontier_gain/T": 0.5}
    assert model["training"]["command"] == ("python benchmarks/train_eval.py chicago-express"
                                            " --set cash/T=1,frontier_gain/T=0.5")
    path = tmp_path / "w.json"
    path.write_text(json.dumps(model), encoding="utf-8")
    assert learned.load_weights(TITLE, str(path)) == model["weights"]


@pytest.mark.parametrize(("values", "message"), [
    ({"wealth": 1.0}, r"unknown features \['wealth'\]"),
    ({}, "unknown features"),
    ({"cash/T": math.inf}, r"the weights of \['cash/T'\] must be finite"),
])
def test_set_weights_refuse_what_the_title_cannot_score(
        values: dict[str, float], message: str) -> None:
    from cuberail.bots.train_eval import set_weights

    with pytest.raises(CuberailError, match=message):
        set_weights(TITLE, values)


@pytest.mark.parametrize(("argv", "message"), [
    (["--set", "frontier_gain/T"], "'frontier_gain/T' is not NAME=WEIGHT"),
    (["--set", "cash/T=lots"], "'cash/T=lots' is not NAME=WEIGHT"),
    (["--set", "cash/T=1", "--fit", "cash/T"], "--set writes the weights given"),
])
def test_the_training_command_refuses_a_bad_set_saying_why(
        argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    from tests.test_benchmark_scripts import _load

    with pytest.raises(SystemExit) as exc:
        _load("train_eval").main([TITLE, *argv, "--out", "x.json"])
    assert exc.value.code == 2
    assert message in capsys.readouterr().err


def test_the_shipped_model_is_reproduced_by_its_own_command(tmp_path: Path) -> None:
    from tests.test_benchmark_scripts import _load

    with open(Path(learned.WEIGHTS_DIR) / str(learned.shipped_file(TITLE)), encoding="utf-8") as f:
        shipped = json.load(f)
    command = shipped["training"]["command"].split()
    assert command[:3] == ["python", "benchmarks/train_eval.py", TITLE]
    out = tmp_path / "again.json"
    assert _load("train_eval").main([*command[2:], "--out", str(out)]) == 0
    assert json.loads(out.read_text(encoding="utf-8")) == shipped


def test_the_shipped_model_is_the_hand_tuned_evaluator_plus_half_the_next_builds_ce_5() -> None:
    """v4: cash and the hand model's dividends at the hand-tuned prices (CE-8, CE-9), and
    what each company's next build could add to its income (CE-5) at half its forecast
    price; with that feature taken out, exactly the hand-tuned evaluator."""
    weights = learned.load_weights(TITLE)
    named = {name: w for name, w in zip(FEATURE_NAMES, weights, strict=True) if w}
    assert named == {"cash/T": 1.0, "dividends/T": 1.0, "frontier_gain/T": 0.5}
    blind = list(weights)
    blind[FEATURE_NAMES.index("frontier_gain/T")] = 0.0
    differ = 0
    for state in _positions(1)[::9]:
        assert LinearEvaluator(blind)(state) == pytest.approx(
            evaluate_chicago_express(state), rel=1e-9)
        differ += LinearEvaluator(weights)(state) != pytest.approx(LinearEvaluator(blind)(state))
    assert differ > 0
