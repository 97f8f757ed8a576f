"""A rule-based Trans-Siberian Railroad player (search's rollouts and cut-offs: :mod:`.fast`).

The score is cash plus the value of shares in public companies (TS-9.2), so the
bot values a position per seat as::

    cash + sum over shares held of (end value of the share + dividends it should still pay)

where the end value counts only if the company is (or should become) public and
is discounted when nationalization threatens (TS-8). Turn decisions look one step
ahead within the bot's own turn (buy, build and its links, surcharge) and take the
option with the best value for itself relative to the average opponent. Bids go
up to a rough worth of the share, and the winner sets the share value as high as
its bid allows.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from cuberail.bots.base import Bot
from cuberail.bots.evaluate import relative
from cuberail.bots.trans_siberian.fast import (
    BID_BASE,
    BID_RESERVE,
    DIVIDEND_WEIGHT,
    PRIVATE_WEIGHT,
    SPITE,
    bid_cap,
    funded_gap,
    opening_dividends,
    remaining_dividends,
    risk,
)
from cuberail.core.actions import Action
from cuberail.core.bits import iter_bits
from cuberail.core.state import GameState
from cuberail.core.words import Said
from cuberail.games.trans_siberian import actions as A
from cuberail.games.trans_siberian.board import (
    LINK_ENDS,
    LINK_VALUE,
    LOC_LINKS,
    NUM_COMPANIES,
)
from cuberail.games.trans_siberian.state import (
    ACTIVE,
    AUCTION,
    BUILD_FIRST,
    BUILD_SECOND,
    PICK_LINK,
    PICK_SURCHARGE,
    PICK_VALUE,
    TransSiberianState,
)

NC = NUM_COMPANIES


@dataclass(frozen=True)
class Params:
    """The knobs of the Trans-Siberian heuristic (its rollout policy's constants by default)."""

    spite: float = SPITE  # weight of the average opponent's gain against my own
    dividend_weight: float = DIVIDEND_WEIGHT  # share of the expected dividends counted
    private_weight: float = PRIVATE_WEIGHT  # end value counted for a share not yet public
    bid_reserve: int = BID_RESERVE  # cash kept back in auctions
    bid_base: float = BID_BASE  # dollars a share is worth to its first holder, before dividends
    noise: float = 0.05  # relative jitter of the turn's option values


def share_worth(s: TransSiberianState, company: int, d: int, p: Params) -> float:
    """What one share of ``company`` should add to its holder's final score."""
    if s.status[company] != ACTIVE:
        return 0.0
    owned = s.owned(company)
    value = float(s.share_value(company))
    if owned < 2:
        value *= p.private_weight if s.unsold[company] else 0.0
    value *= risk(safety_gap(s, company))  # TS-8: a value at the marker is lost
    per = math.ceil(s.income[company] / owned) if owned else 0
    return value + p.dividend_weight * d * per


def safety_gap(s: TransSiberianState, company: int) -> int:
    """Steps of ``company``'s share value above the nationalization marker (TS-8.1), counting
    the builds its treasury already pays for: every $8 buys two links, one step more (TS-4.4).

    Without them a company opened low (at or under the marker's $24, TS-1.7) looks doomed
    however much money its auction put in its treasury, so nobody buys its second share
    and the game ends in phase 1, where nothing is ever nationalized.
    """
    return funded_gap(s, company, s.value[company])


def seat_values(s: TransSiberianState, p: Params | None = None) -> list[float]:
    """Each seat's expected final score."""
    p = p or Params()
    d = remaining_dividends(s)
    worth = [share_worth(s, c, d, p) for c in range(NC)]
    return [s.cash[q] + sum((s.held[q * NC + c] * worth[c] for c in range(NC)), 0.0)
            for q in range(s.num_players)]


class TSHeuristic(Bot):
    """The ``heuristic`` bot for Trans-Siberian Railroad."""

    name = "heuristic"

    def __init__(self, seed: int | None = None, params: Params | None = None) -> None:
        self.rng = random.Random(seed)
        self.p = params or Params()

    def choose(self, state: GameState) -> Action:
        assert isinstance(state, TransSiberianState), "TSHeuristic plays Trans-Siberian only"
        s = state
        legal = s.legal_actions()
        if len(legal) == 1:
            return legal[0]
        if s.step == AUCTION:
            return self._bid(s, legal)
        if s.step == PICK_VALUE:
            return legal[-1]  # the highest value the bid allows (TS-2.2)
        if s.step == PICK_LINK:
            return max(legal, key=lambda a: _link_outlook(s, a))
        me = s.current_player()
        scored = [(self._after(s, a, me), i) for i, a in enumerate(legal)]
        best = max(scored)[1]
        return legal[best]

    def reason(self, state: GameState, action: Action) -> Said | None:
        """Why this bot plays ``action`` in ``state``, in plain words (:mod:`.reasons`)."""
        from cuberail.bots.trans_siberian.reasons import reason

        return reason(state, action, self.p) if isinstance(state, TransSiberianState) else None

    def _bid(self, s: TransSiberianState, legal: list[Action]) -> Action:
        me = s.a_to_act
        amount = s.minimum_bid()
        if amount > self.bid_limit(s, me):
            return A.PASS
        return A.bid(amount) if A.bid(amount) in legal else A.PASS

    def bid_limit(self, s: TransSiberianState, player: int) -> int:
        """The highest bid for the company on auction: a rough worth, keeping a reserve."""
        dividends = opening_dividends(s, self.p.dividend_weight)
        worth = self.p.bid_base + dividends * (1 + self.p.noise * self.rng.uniform(-1.0, 1.0))
        return bid_cap(s, player, worth, self.p.bid_reserve)

    def _after(self, s: TransSiberianState, action: Action, me: int, depth: int = 0) -> float:
        """The value for ``me`` after ``action`` and my best follow-ups within this turn."""
        nxt = s.clone()
        nxt.apply_unchecked(action)
        if depth == 0 and not nxt.is_terminal() and nxt.current_player() == me and (
                nxt.step in (PICK_SURCHARGE, BUILD_FIRST, BUILD_SECOND)):
            options = nxt.legal_actions()
            return max(self._after(nxt, a, me, depth + 1) for a in options)
        value = relative(seat_values(nxt, self.p), me, self.p.spite)
        if self.p.noise and depth == 0:
            value += self.p.noise * self.rng.uniform(-1.0, 1.0) * jitter_scale(value)
        return value


def jitter_scale(value: float) -> float:
    """How far ``noise`` jitters an option worth ``value`` each way, per unit of noise."""
    return abs(value) * 0.05 + 1.0


def _link_outlook(s: TransSiberianState, action: Action) -> float:
    """A first link's value plus half the best link going on from its far ends."""
    from cuberail.games.trans_siberian.board import LINK_INDEX

    link = LINK_INDEX[str(action.args[0])]
    onward = 0
    for end in LINK_ENDS[link]:
        for other in iter_bits(LOC_LINKS[end] & s.free):
            if other != link:
                onward = max(onward, LINK_VALUE[other])
    return LINK_VALUE[link] + 0.5 * onward
