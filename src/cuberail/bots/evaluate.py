"""Evaluation of unfinished games: a utility in [0, 1] per seat, for search cut-offs.

A title's evaluator (in its kit, :mod:`cuberail.bots.kit`) estimates each seat's
final score, then turns the estimates into win chances with a softmax whose
temperature shrinks as the end nears (the fewer dividends left, the surer the
leader). :func:`terminal_utility` scores
finished games on the same scale: the win share, slightly smoothed by score.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

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


def terminal_utility(state: GameState, score_weight: float = 0.1,
                     margin: bool = False) -> list[float]:
    """Win share (ties shared), blended with a little of each seat's share of the top score.

    The blend keeps search informative when every line is lost or won; with
    ``score_weight`` 0 it is exactly ``state.returns()``. ``margin``: the score part is
    the seat's lead over the best other score instead, ``0.5 + lead / (2 × top)`` within
    0 and 1 (the hint's blend: for the leader the top score's share is 1 whatever its
    lead, so a won position's moves all looked alike to it).
    """
    result = state.result()
    wins = result.returns()
    if score_weight <= 0:
        return wins
    scores = result.scores
    top = max(max(scores), 1)
    if not margin:
        return [(1 - score_weight) * w + score_weight * max(0, s) / top
                for w, s in zip(wins, scores, strict=True)]
    out = []
    for i, (w, s) in enumerate(zip(wins, scores, strict=True)):
        other = max((x for j, x in enumerate(scores) if j != i), default=0)
        part = min(1.0, max(0.0, 0.5 + (s - other) / (2 * top)))
        out.append((1 - score_weight) * w + score_weight * part)
    return out


EVALUATOR_KINDS = ("hand", "learned")


def evaluator_for(title: str, kind: str = "hand") -> Evaluator | None:
    """The title's evaluator (its kit's), or None (search then plays every rollout to the end).

    ``kind``: ``hand`` (the hand-tuned one) or ``learned`` (trained weights shipped in the
    package, :mod:`cuberail.bots.learned`, or the candidate file named by
    ``CUBERAIL_LEARNED_WEIGHTS``; the hand-tuned one for a title with neither). A weights
    file that does not fit this build is refused.
    """
    if kind == "learned":
        from cuberail.bots.learned import has_learned, learned_evaluator

        if has_learned(title):
            return learned_evaluator(title)
    from cuberail.bots.kit import kit_for

    found = kit_for(title)
    return found.evaluator if found is not None else None
