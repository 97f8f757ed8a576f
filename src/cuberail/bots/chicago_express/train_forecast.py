"""The learned evaluation as a dividend forecast (Chicago Express): ``--label dividends``.

The model keeps the hand-tuned evaluator's form, each seat's cash plus what its
shares will still pay, over the hand temperature ``T`` (weight 1 on ``cash/T``: a
forecast dollar of dividends is priced as a dollar of cash), and learns only the
forecast: a least-squares fit of what each share of each company went on to pay,
from the position to the end of the game (CE-7.1, CE-8.1; the engine's
``ChicagoExpressState.paid``), on the share features of
:func:`cuberail.bots.chicago_express.features.share_rows` times ``T`` (dollars per share).

Why not fit the win chances (``--label outcome``): a regression on outcomes prices
a projected dividend below a dollar of cash (a noisy predictor's weight shrinks),
and the search needs that price right (docs/history.md, "Learned models at
quiet cut-offs"). A regression on the dividends themselves shrinks nothing: its
target is in the same dollars as the forecast.

Positions: the games' own, since their futures are what was paid (no ``leaf``:
a position played on by the rollout policy had no future), and only outside
auctions (the positions a quiet cut-off scores). Every decision with a choice is
kept with probability ``sample``. On the held-out games the forecast is scored
against the hand model's (root mean square error per share) and the model as an
evaluator against the outcomes (log loss, favourite's wins), as outcome fits are.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cuberail.bots.chicago_express import search
from cuberail.bots.evaluate import evaluator_for
from cuberail.bots.learned import FORMAT, FORMAT_VERSION, rules_version
from cuberail.bots.train_eval import (
    DataSpec,
    _command,
    _move,
    _softmax,
    check_tables,
    play_all,
    players,
    scores,
)
from cuberail.core.errors import CuberailError
from cuberail.games import get_game

LABEL = "dividends"
TITLE = "chicago-express"


@dataclass
class ForecastGame:
    """One game's kept positions: seat features, hand-tuned chances and each seat's final
    utility (for the evaluator's scores), and per share of each company with shares out:
    its share row, the temperature and the dollars one share paid from there on."""

    rows: list[list[list[float]]]
    hands: list[list[float]]
    outcomes: list[list[float]]
    shares: list[list[float]]  # one per (position, company with shares sold)
    temps: list[float]
    paid: list[float]


def play_forecast(spec: DataSpec, index: int) -> ForecastGame:
    """Game ``index`` of the data, as :func:`cuberail.bots.train_eval.play_one` plays it."""
    from cuberail.bots.chicago_express.features import seat_features, share_rows, temperature
    from cuberail.games.chicago_express.state import ChicagoExpressState

    bots, explore, rng = players(spec, index)
    hand = evaluator_for(spec.title, "hand")
    assert hand is not None
    busy = search.auction_running
    state = get_game(spec.title).new_game(spec.players, {})
    assert isinstance(state, ChicagoExpressState)
    game = ForecastGame([], [], [], [], [], [])
    before: list[tuple[int, int]] = []  # (company, dollars it had paid per share then)
    while not state.is_terminal():
        if len(state.legal_actions()) > 1 and rng.random() < spec.sample and not busy(state):
            game.rows.append(seat_features(state))
            game.hands.append(hand(state))
            t = temperature(state)
            for c, row in enumerate(share_rows(state)):
                if row is not None:
                    game.shares.append(row)
                    game.temps.append(t)
                    before.append((c, state.paid[c]))
        state.apply(_move(bots[state.current_player()], state, rng, explore))
    final = state.returns()
    game.outcomes = [final] * len(game.rows)
    game.paid = [float(state.paid[c] - then) for c, then in before]
    return game


def generate_forecast(spec: DataSpec, jobs: int = 1) -> list[ForecastGame]:
    """Every game of the data (:func:`play_forecast`), in index order."""
    return play_all(spec, play_forecast, jobs)


def check_spec(spec: DataSpec, free: tuple[str, ...], nonneg: tuple[str, ...]) -> None:
    """A clear error, before any game, for what a dividend forecast cannot be fitted on."""
    from cuberail.bots.chicago_express.features import SHARE_FEATURES

    if spec.title != TITLE:
        raise CuberailError(f"--label {LABEL}: a dividend forecast is fitted for {TITLE} only"
                            f" (its features are sums over the seat's shares); {spec.title}"
                            " takes --label outcome or a search bot")
    if spec.leaf or spec.quiet:
        raise CuberailError(f"--label {LABEL} fits what the game's own positions went on to"
                            " pay; --leaf and --quiet play positions on that had no future:"
                            " leave them out (positions inside auctions are skipped)")
    if nonneg:
        raise CuberailError(f"--nonneg is for outcome fits, not --label {LABEL}")
    wrong = [name for name in free if name not in SHARE_FEATURES]
    if wrong or not free:
        raise CuberailError(f"--label {LABEL} fits share features only (cash/T keeps weight"
                            f" 1); not {wrong}; choose from {list(SHARE_FEATURES)}")


def fit_forecast(x: Any, y: Any, l2: float = 1e-4) -> Any:
    """Least squares ``y ~ x w`` with a ridge of ``l2`` times the mean square of each column."""
    import numpy as np

    gram = x.T @ x
    ridge = l2 * np.diag(np.diag(gram)) + 1e-12 * np.eye(x.shape[1])
    return np.linalg.solve(gram + ridge, x.T @ y)


def train_dividends(spec: DataSpec, jobs: int = 1, l2: float = 1e-4,
                    free: tuple[str, ...] | None = None, nonneg: tuple[str, ...] = (),
                    games: list[ForecastGame] | None = None) -> dict[str, Any]:
    """Play the data, fit the forecast, score it on the held-out games; the weights file."""
    import numpy as np

    from cuberail.bots.chicago_express.features import (
        FEATURE_NAMES,
        FEATURE_VERSION,
        SHARE_FEATURES,
    )

    free = SHARE_FEATURES if free is None else free
    check_spec(spec, free, nonneg)
    check_tables(spec)
    games = generate_forecast(spec, jobs) if games is None else games
    fit_games = [g for i, g in enumerate(games) if i % spec.holdout]
    held = [g for i, g in enumerate(games) if i % spec.holdout == 0]
    columns = [FEATURE_NAMES.index(name) for name in free]

    def dollars(part: list[ForecastGame]) -> tuple[Any, Any]:
        """The share rows in dollars (times T) and what each share went on to pay."""
        rows = np.asarray([r for g in part for r in g.shares], dtype=np.float64).reshape(
            -1, len(FEATURE_NAMES))
        temps = np.asarray([t for g in part for t in g.temps], dtype=np.float64)
        paid = np.asarray([p for g in part for p in g.paid], dtype=np.float64)
        return rows * temps[:, None], paid

    x, y = dollars(fit_games)
    if len(y) < len(columns):
        raise CuberailError(f"{len(y)} shares to fit {len(columns)} features: play more games")
    fitted = fit_forecast(x[:, columns], y, l2)
    weights = [0.0] * len(FEATURE_NAMES)
    weights[FEATURE_NAMES.index("cash/T")] = 1.0
    for k, w in zip(columns, fitted, strict=True):
        weights[k] = round(float(w), 6)
    hx, hy = dollars(held)
    if not len(hy):
        raise CuberailError("no held-out share to score the forecast on: play more games or"
                            " keep more positions (--sample)")
    forecast = hx @ np.asarray(weights)
    hand = hx[:, FEATURE_NAMES.index("dividends/T")]
    seats = np.asarray([r for g in held for r in g.rows], dtype=np.float64)
    outcomes = np.asarray([o for g in held for o in g.outcomes], dtype=np.float64)
    chances = np.asarray([h for g in held for h in g.hands], dtype=np.float64)
    learned = _softmax(np.einsum("npk,k->np", seats, np.asarray(weights)))
    uniform = np.full(outcomes.shape, 1.0 / spec.players)

    def rmse(pred: Any) -> float:
        return round(float(np.sqrt(np.mean((pred - hy) ** 2))), 4)

    return {
        "format": FORMAT, "format_version": FORMAT_VERSION, "title": spec.title,
        "rules_version": rules_version(spec.title), "feature_version": FEATURE_VERSION,
        "features": list(FEATURE_NAMES), "weights": weights,
        "model": "conditional logit: P(seat) = softmax over seats of weights . features[seat];"
                 " here (cash + each share's forecast dividends) / T, the forecast fitted to"
                 " the dividends shares paid",
        "training": {
            "command": _command(spec, l2, free if free != SHARE_FEATURES else None),
            "fitted": list(free), "nonnegative": [], "data": spec.__dict__, "l2": l2,
            "games": len(games), "positions": sum(len(g.rows) for g in fit_games),
            "shares": len(y), "held_out_games": len(held),
            "held_out_positions": int(seats.shape[0]), "held_out_shares": len(hy),
            "held_out": {
                "learned": {**scores(seats, outcomes, learned), "dividend_rmse": rmse(forecast)},
                "hand": {**scores(seats, outcomes, chances), "dividend_rmse": rmse(hand)},
                "uniform": scores(seats, outcomes, uniform),
            },
        },
    }
