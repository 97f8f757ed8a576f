"""Trans-Siberian Railroad position features for the learned evaluation: a few numbers per seat.

The learned evaluation (:mod:`cuberail.bots.learned`) scores a position as a
softmax over seats of ``sum(w[k] * f[seat][k])``: one weight per feature, shared by
every seat (a conditional logit), so only differences between seats matter and
every feature is a per-seat quantity in dollars. The hand-tuned evaluator
(:func:`cuberail.bots.trans_siberian.fast.evaluate`) has one temperature all game, ``T = $3``,
so dividing by it or by 100 is the same model at another scale: the features are
in dollars over ``T`` and the hand-tuned evaluator is exactly the weights
:data:`HAND_WEIGHTS` (1 on cash, 1.08 on public end value, 0.66 on private end
value, 0.41 on the dividends to come, 0 elsewhere).

The others give a fit room to differ: the end value without the nationalization
risk factor (TS-8.1) and the part of it at or below the marker, one dividend at
today's income (TS-5.2), cash while shares are still unsold (cash buys shares
below their worth), a schedule in the share of the dividend track already paid
(TS-1.6: the game's clock, which a move can advance by at most one dividend, unlike
the estimate of dividends left, which the search can move) and the seat to move.

It runs at every cut-off leaf of the search, so it is plain Python over the
state's public fields (compiled by mypyc, see ``_compiled.py``). Changing a
feature's meaning or order changes :data:`FEATURE_VERSION`, and weights trained
for another version are refused.
"""

from __future__ import annotations

from cuberail.bots.evaluate import softmax_utility
from cuberail.bots.trans_siberian.fast import remaining_dividends, risk, value_gap
from cuberail.core.state import GameState
from cuberail.games.trans_siberian.board import NUM_COMPANIES, SHARE_TRACK
from cuberail.games.trans_siberian.state import ACTIVE, TransSiberianState

FEATURE_VERSION = 1
TEMPERATURE = 3.0  # the hand-tuned evaluator's (fast.EVAL_TEMPERATURE), in dollars
FEATURE_NAMES: tuple[str, ...] = (
    "cash/T",  # cash (part of the score, TS-9.2) over the hand temperature
    "public/T",  # end value x risk(value gap) of shares in public companies (TS-9.2, TS-8.1)
    "private/T",  # the same for a company's only owned share, while shares are unsold
    # (a second owner makes it public; with none unsold it scores nothing, TS-9.2)
    "dividends/T",  # d x the dividend per share (TS-5.2), d: the dividends still to come
    "public_raw/T",  # public end value without the risk factor: the fit's own risk
    "at_risk/T",  # public end value at or below the marker (nationalized, TS-8.1, in phase 2)
    "next_dividend/T",  # one dividend at today's income (TS-5.2)
    "cash_unsold/T",  # cash times the unsold fraction of the shares of companies in play
    "cash_late/T",  # cash times the share of the dividend track paid (TS-1.6)
    "shares_late/T",  # (public + private + dividends) times the same: a temperature schedule
    "to_move",  # 1 for the seat to move
)
NUM_FEATURES = len(FEATURE_NAMES)
NC = NUM_COMPANIES
# The hand-tuned evaluator as weights of these features (fast.EVAL_PUBLIC and friends).
HAND_WEIGHTS: tuple[float, ...] = (1.0, 1.08, 0.66, 0.41, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0)


class Parts:
    """The per-seat sums that the features are made of, in dollars (before the temperature)."""

    def __init__(self, n: int) -> None:
        self.public = [0.0] * n
        self.private = [0.0] * n
        self.dividends = [0.0] * n
        self.raw = [0.0] * n
        self.at_risk = [0.0] * n
        self.next = [0.0] * n
        self.unsold_share = 0.0  # unsold shares over all shares of companies in play
        self.late = 0.0  # dividends paid over the dividend track's length (TS-1.6)


def parts(s: TransSiberianState) -> Parts:
    """Each seat's share values and dividends, summed over the companies in play."""
    d = remaining_dividends(s)
    n = s.num_players
    out = Parts(n)
    unsold = 0
    shares = 0
    for c in range(NC):
        if s.status[c] != ACTIVE:
            continue
        owned, v = s.owned(c), s.value[c]
        unsold += s.unsold[c]
        shares += owned + s.unsold[c]
        if not owned:
            continue
        end = float(SHARE_TRACK[v])
        kept = end * risk(value_gap(s, v))
        per = float(-(-s.income[c] // owned))
        danger = s.phase == 2 and s.nationalizes(c)
        public = owned >= 2
        private = not public and s.unsold[c] > 0
        for q in range(n):
            held = s.held[q * NC + c]
            if not held:
                continue
            if public:
                out.public[q] += held * kept
                out.raw[q] += held * end
                if danger:
                    out.at_risk[q] += held * end
            elif private:
                out.private[q] += held * kept
            out.dividends[q] += held * d * per
            out.next[q] += held * per
    out.unsold_share = unsold / shares if shares else 0.0
    out.late = s.dividends / s.opts.dividend_track
    return out


def seat_features(state: GameState) -> list[list[float]]:
    """The features of :data:`FEATURE_NAMES` for each seat of a Trans-Siberian position."""
    assert isinstance(state, TransSiberianState)
    s = state
    p = parts(s)
    inv_t = 1.0 / TEMPERATURE
    mover = s.current_player()
    out: list[list[float]] = []
    for q in range(s.num_players):
        cash = float(s.cash[q])
        shares = p.public[q] + p.private[q] + p.dividends[q]
        out.append([cash * inv_t, p.public[q] * inv_t, p.private[q] * inv_t,
                    p.dividends[q] * inv_t, p.raw[q] * inv_t, p.at_risk[q] * inv_t,
                    p.next[q] * inv_t, cash * p.unsold_share * inv_t, cash * p.late * inv_t,
                    shares * p.late * inv_t, 1.0 if q == mover else 0.0])
    return out


class LinearEvaluator:
    """A conditional logit over :func:`seat_features`: win chances per seat, in [0, 1]."""

    def __init__(self, weights: list[float]) -> None:
        if len(weights) != NUM_FEATURES:
            raise ValueError(f"{len(weights)} weights for {NUM_FEATURES} features")
        self.weights = list(weights)

    def __call__(self, state: GameState) -> list[float]:
        """The softmax of ``weights . features`` per seat, summed without building the rows
        (the same numbers as :func:`seat_features`; this runs at every leaf)."""
        assert isinstance(state, TransSiberianState)
        s = state
        p = parts(s)
        w = self.weights
        inv_t = 1.0 / TEMPERATURE
        w_cash = (w[0] + w[7] * p.unsold_share + w[8] * p.late) * inv_t
        w_late = w[9] * p.late
        mover = s.current_player()
        scores = []
        for q in range(s.num_players):
            total = (w_cash * s.cash[q]
                     + ((w[1] + w_late) * p.public[q] + (w[2] + w_late) * p.private[q]
                        + (w[3] + w_late) * p.dividends[q] + w[4] * p.raw[q]
                        + w[5] * p.at_risk[q] + w[6] * p.next[q]) * inv_t)
            if q == mover:
                total += w[10]
            scores.append(total)
        return softmax_utility(scores, 1.0)
