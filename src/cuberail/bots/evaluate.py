"""Evaluation of unfinished games: a utility in [0, 1] per seat, for search cut-offs.

A title's evaluator estimates each seat's final score, then turns the estimates
into win chances with a softmax whose temperature shrinks as the end nears (the
fewer dividends left, the surer the leader). :func:`terminal_utility` scores
finished games on the same scale: the win share, slightly smoothed by score.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from cuberail.bots.forecast_ce import dividend_terms
from cuberail.core.state import GameState

Evaluator = Callable[[GameState], list[float]]


def softmax_utility(values: Sequence[float], temperature: float) -> list[float]:
    """Win chances from estimated scores: exp(v / T), normalised to sum to 1."""
    top = max(values)
    weights = [math.exp((v - top) / temperature) for v in values]
    total = sum(weights)
    return [w / total for w in weights]


def relative(values: Sequence[float], me: int, spite: float) -> float:
    """My value less ``spite`` times the average opponent's (how the heuristics rank options)."""
    others = (sum(values) - values[me]) / max(1, len(values) - 1)
    return values[me] - spite * others


def terminal_utility(state: GameState, score_weight: float = 0.1) -> list[float]:
    """Win share (ties shared), blended with a little of each seat's share of the top score.

    The blend keeps search informative when every line is lost or won; with
    ``score_weight`` 0 it is exactly ``state.returns()``.
    """
    result = state.result()
    wins = result.returns()
    if score_weight <= 0:
        return wins
    top = max(max(result.scores), 1)
    return [(1 - score_weight) * w + score_weight * max(0, s) / top
            for w, s in zip(wins, result.scores, strict=True)]


def evaluate_chicago_express(state: GameState) -> list[float]:
    """Cash plus the dividends each seat's shares should still pay, as win chances (CE-8, CE-9).

    The forecast of each share is the hand model's (:mod:`cuberail.bots.forecast_ce`):
    a company's income grows as its treasury is spent on builds and its unsold shares
    sell, diluting the dividend.
    """
    from cuberail.bots.heuristic_ce import COMPANY_SHARES, remaining_dividends
    from cuberail.games.chicago_express.state import ChicagoExpressState

    assert isinstance(state, ChicagoExpressState)
    s = state
    d = remaining_dividends(s)
    per_share = [dividend_terms(s.income[c], s.treasury[c], sold, COMPANY_SHARES[c], d)[0]
                 for c, sold in enumerate(s.sold)]
    values = []
    for p in range(s.num_players):
        held = s.held[p]
        value = float(s.cash[p])
        for c in range(len(per_share)):
            value += held[c] * per_share[c]
        values.append(value)
    return softmax_utility(values, 4.0 + 2.5 * d)


EVALUATORS: dict[str, Evaluator] = {
    "chicago-express": evaluate_chicago_express,
}


EVALUATOR_KINDS = ("hand", "learned")


def evaluator_for(title: str, kind: str = "hand") -> Evaluator | None:
    """The title's evaluator, or None (search then plays every rollout to the end).

    ``kind``: ``hand`` (the hand-tuned one above) or ``learned`` (trained weights shipped
    in the package, :mod:`cuberail.bots.learned`, or the candidate file named by
    ``CUBERAIL_LEARNED_WEIGHTS``; the hand-tuned one for a title with neither). A weights
    file that does not fit this build is refused.
    """
    if kind == "learned":
        from cuberail.bots.learned import has_learned, learned_evaluator

        if has_learned(title):
            return learned_evaluator(title)
    if title == "trans-siberian" and title not in EVALUATORS:
        _load_trans_siberian()
    return EVALUATORS.get(title)


def _load_trans_siberian() -> None:
    try:
        from cuberail.bots.fast_ts import evaluate  # type: ignore[import-not-found,unused-ignore]
    except ImportError:
        return
    EVALUATORS["trans-siberian"] = evaluate
