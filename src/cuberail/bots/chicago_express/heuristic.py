"""A fast rule-based Chicago Express player: bids by value, builds toward income, develops.

The bot reads the public fields and query methods of :class:`ChicagoExpressState`
(never private ones) and values every option in dollars of the acting player's
cash, relative to the average opponent (the score is cash, CE-9.2)::

    value of an income change = change x dividends left x (my share - spite x others' share)

The knobs live in :class:`Params` so that tournaments can tune them.
"""

from __future__ import annotations

import heapq
import math
import random
from collections.abc import Callable
from dataclasses import dataclass

from cuberail.bots.base import Bot
from cuberail.bots.evaluate import relative
from cuberail.core.actions import Action
from cuberail.core.hexes import iter_bits
from cuberail.core.state import GameState
from cuberail.core.words import Said
from cuberail.games.chicago_express import actions as A
from cuberail.games.chicago_express.board import (
    CHICAGO,
    COMPANIES,
    DETROIT,
    HEX_COST,
    HEXES,
    INDUSTRIAL,
    NEIGHBOURS,
    SINGLE_COMPANY,
    START_MASK,
)
from cuberail.games.chicago_express.state import (
    BID,
    CHOOSE,
    COMPANY,
    DEVELOP,
    PLACE,
    SETUP,
    SHARE,
    ChicagoExpressState,
)

NUM_COMPANIES = len(COMPANIES)
COMPANY_SHARES = tuple(c.shares for c in COMPANIES)
CHICAGO_INCOME = 7  # CE-7.1
MAX_STEPS = 3  # placements per build (CE-5.2)
SEARCH_LIMIT = 24.0  # dollars of track the build planner looks ahead
_START = tuple(bool(START_MASK >> h.index & 1) for h in HEXES)
_NUM_HEXES = len(HEXES)
_INCOME = tuple(float(h.income) for h in HEXES)  # cities and mountains (CE-5.5)
_HOUSE = tuple(float(h.house) for h in HEXES)


@dataclass(frozen=True)
class Params:
    """The heuristic's knobs (tuned by tournaments; see benchmarks/strength.py)."""

    spite: float = 0.6  # weight of the average opponent's gain against my own
    bid_fraction: float = 0.7  # bid up to this fraction of a share's worth
    money_to_income: float = 0.2  # income a company buys per treasury dollar
    spend_rate: float = 9.0  # treasury dollars a company spends on builds per round
    sell_rate: float = 0.7  # shares of a company sold per round
    drift: float = 0.5  # income a company gains per round without spending (develops, Detroit)
    step_penalty: float = 1.0  # dollars charged per placement when ranking build targets
    potential: float = 0.5  # weight of a city's or mountain's undeveloped house
    margin: float = 0.5  # dollars an option must be worth before the bot takes it
    noise: float = 0.1  # relative jitter of bid limits and turn choices (varied, seeded games)


def remaining_dividends(s: ChicagoExpressState) -> int:
    """How many general dividends the game will still pay (CE-9.1), including this round's.

    An estimate: the end conditions of CE-9.1 extrapolated at typical rates.
    """
    detroit = HEXES[DETROIT].track_max - s.track[DETROIT] + 1
    unsold = sorted([COMPANIES[c].shares - s.sold[c] for c in range(NUM_COMPANIES)])
    locos = sorted(s.locos_left)
    if s.houses <= 3 or unsold[2] == 0 or locos[2] == 0:
        return 1
    houses = 1 + math.ceil((s.houses - 3) / 3)
    shares = 1 + math.ceil((unsold[0] + unsold[1] + unsold[2]) / 2)
    trains = 1 + math.ceil((locos[0] + locos[1] + locos[2]) / 8)
    return max(1, min(detroit, houses, shares, trains))


def holder_fractions(s: ChicagoExpressState, company: int, extra: int = 0) -> list[float]:
    """Each seat's fraction of the company's dividends (``extra`` unsold shares counted as sold)."""
    n = s.sold[company] + extra
    if n <= 0:
        return [0.0] * s.num_players
    return [s.held[p][company] / n for p in range(s.num_players)]


class CEHeuristic(Bot):
    """The ``heuristic`` bot for Chicago Express."""

    name = "heuristic"

    def __init__(self, seed: int | None = None, params: Params | None = None) -> None:
        self.rng = random.Random(seed)
        self.p = params or Params()
        self._plans: dict[tuple[int, ...], tuple[float, int, float]] = {}

    def choose(self, state: GameState) -> Action:
        assert isinstance(state, ChicagoExpressState), "CEHeuristic plays Chicago Express only"
        s = state
        legal = s.legal_actions()
        if len(legal) == 1:
            return legal[0]
        step = s.step
        if step in (SETUP, BID):
            return self._bid(s, legal)
        if step == CHOOSE:
            return self._choose(s, legal)
        if step == SHARE:
            return self._share(s)
        if step == COMPANY:
            return self._company(s)
        if step == PLACE:
            return self._place(s)
        if step == DEVELOP:
            return self._develop(s)
        return legal[0]

    def reason(self, state: GameState, action: Action) -> Said | None:
        """Why this bot plays ``action`` in ``state``, in plain words (:mod:`.reasons`)."""
        from cuberail.bots.chicago_express.reasons import reason

        return reason(self, state, action) if isinstance(state, ChicagoExpressState) else None

    def plan_reason(self, state: GameState, action: Action, then: Action) -> Said | None:
        """Why a plan plays ``action`` and then ``then`` when this bot would not
        (:func:`.reasons.plan_reason`: an action chosen only to be forgone)."""
        from cuberail.bots.chicago_express.reasons import plan_reason

        return (plan_reason(state, action, then) if isinstance(state, ChicagoExpressState)
                else None)

    # ----- valuing shares (CE-4, CE-8) ---------------------------------------------

    def share_surplus(self, s: ChicagoExpressState, player: int, company: int, price: int) -> float:
        """What buying one share of ``company`` at ``price`` is worth to ``player``, net, in $.

        Dividend by dividend: the company's income grows as its treasury is spent on
        builds, and the share count grows as the unsold shares sell.
        """
        return self.surplus_curve(s, player, company)(price)

    def surplus_curve(self, s: ChicagoExpressState, player: int,
                      company: int) -> Callable[[int], float]:
        """:meth:`share_surplus` as a function of the price (the rest computed once)."""
        p = self.p
        d = remaining_dividends(s)
        n, total = s.sold[company], COMPANY_SHARES[company]
        income, money = s.income[company], s.treasury[company]
        rate, spend = p.money_to_income, p.spend_rate
        steps = []  # per dividend: (income without new money, cap on money spent, share count)
        without = 0.0
        for j in range(d):
            grown = income + p.drift * j
            cap = spend * (j + 1)
            steps.append((grown, cap, min(total, n + 1 + p.sell_rate * j)))
            n_without = min(total, n + p.sell_rate * j)
            if n_without > 0:
                without += (grown + rate * min(money, cap)) / n_without
        mine = s.held[player][company]
        others = (sum(row[company] for row in s.held) - mine) / max(1, s.num_players - 1)
        own_weight = mine + 1 - p.spite * others
        base = without * (mine - p.spite * others)

        def surplus(price: int) -> float:
            paid = money + price
            with_me = 0.0
            for grown, cap, count in steps:
                with_me += (grown + rate * (paid if paid < cap else cap)) / count
            return with_me * own_weight - base - price

        return surplus

    def bid_limit(self, s: ChicagoExpressState, player: int, company: int) -> int:
        """The highest bid ``player`` should make for a share of ``company`` (never overpay)."""
        return self.bid_from_price(self.price_limit(s, player, company, s.cash[player]))

    def price_limit(self, s: ChicagoExpressState, player: int, company: int, cash: int) -> int:
        """The highest price up to ``cash`` at which the share is still worth its margin (0: none).

        Found by bisection, the surplus falling as the price rises; so the limit for
        less cash is this one capped at that cash.
        """
        surplus = self.surplus_curve(s, player, company)
        margin = self.p.margin
        low, high = 1, cash
        if surplus(low) <= margin:
            return 0
        while low < high:
            mid = (low + high + 1) // 2
            if surplus(mid) > margin:
                low = mid
            else:
                high = mid - 1
        return low

    def bid_from_price(self, price: int) -> int:
        """The bid limit for a price limit: a fraction of it, to buy below worth."""
        return int(price * self.p.bid_fraction) if price > 3 else price

    def _bid(self, s: ChicagoExpressState, legal: list[Action]) -> Action:
        me = s.a_to_act
        amount = s.a_high + 1 if s.a_bidder >= 0 else max(1, s.minimum_bid())
        if amount > s.cash[me]:
            return A.PASS
        limit = self.bid_limit(s, me, s.a_company)
        if limit and self.p.noise:
            limit = round(limit * (1 + self.p.noise * self.rng.uniform(-1.0, 1.0)))
        if amount <= limit:
            return A.bid(amount)
        return A.PASS

    def _share(self, s: ChicagoExpressState) -> Action:
        best, choice = self.p.margin, A.FORGO
        for c in s.auctionable_companies():
            price = max(1, -(-s.income[c] // (s.sold[c] + 1)))
            if price > s.cash[s.turn]:
                continue
            surplus = self.share_surplus(s, s.turn, c, price)
            if surplus > best:
                best, choice = surplus, A.SHARE[c]
        return choice

    def best_share_value(self, s: ChicagoExpressState) -> float:
        me = s.turn
        out = 0.0
        for c in s.auctionable_companies():
            price = max(1, -(-s.income[c] // (s.sold[c] + 1)))
            if price <= s.cash[me]:
                out = max(out, self.share_surplus(s, me, c, price))
        return out

    # ----- building (CE-5, CE-7) ---------------------------------------------------

    def hex_values(self, s: ChicagoExpressState, company: int, d: int) -> list[float]:
        """Income-equivalent, for ``company``, of placing a locomotive on each hex now."""
        developed, track, potential = s.developed, s.track, self.p.potential
        values = [
            _INCOME[h] + (_HOUSE[h] if developed >> h & 1 else potential * _HOUSE[h])
            for h in range(_NUM_HEXES)
        ]
        for h, v in track.items():
            values[h] = v + (0.5 * max(1, d - 1) if h == DETROIT else 0.5)
        if not s.network[company] >> CHICAGO & 1:  # CE-7.1: +7 and a Chicago dividend
            values[CHICAGO] = CHICAGO_INCOME + (s.income[company] + CHICAGO_INCOME) / max(1, d)
        return values

    def plan(self, s: ChicagoExpressState, company: int) -> tuple[float, int, float]:
        """The company's best build target by income per dollar (Dijkstra over the hexes).

        Returns (score, first hex of the path or -1, income one build can expect).
        Remembered for the last few positions, as a turn asks the same question often.
        """
        key = (company, s.treasury[company], s.income[company], s.developed,
               s.track[DETROIT], s.houses, *s.network, *s.track.values())
        found = self._plans.get(key)
        if found is None:
            if len(self._plans) > 64:
                self._plans.clear()
            found = self._plans[key] = self._plan(s, company)
        return found

    def _plan(self, s: ChicagoExpressState, company: int) -> tuple[float, int, float]:
        values = self.hex_values(s, company, remaining_dividends(s))
        net, money, occ = s.network[company], s.treasury[company], s.occ
        limit = min(money * 1.5 + 2, SEARCH_LIMIT)
        penalty = self.p.step_penalty
        dist = [math.inf] * _NUM_HEXES
        first = [-1] * _NUM_HEXES
        gain = [0.0] * _NUM_HEXES
        steps = [0] * _NUM_HEXES
        heap: list[tuple[float, int]] = []
        for h in iter_bits(net):
            dist[h] = 0.0
            heap.append((0.0, h))
        best: tuple[float, int, float, int, float] = (0.0, -1, 0.0, 1, 1.0)
        reach = 0.0
        while heap:
            du, u = heapq.heappop(heap)
            if du > dist[u]:
                continue
            su = steps[u]
            if su:
                score = gain[u] / (du + penalty * su)
                if score > best[0]:
                    best = (score, first[u], gain[u], su, du)
                if su <= MAX_STEPS and du <= money and gain[u] > reach:
                    reach = gain[u]
            for v in NEIGHBOURS[u]:
                if net >> v & 1 or _START[v] or (SINGLE_COMPANY[v] and occ[v]):
                    continue
                nd = du + HEX_COST[v] * (occ[v] + 1)
                if nd < dist[v] and nd <= limit:
                    dist[v] = nd
                    steps[v] = su + 1
                    first[v] = first[u] if su else v
                    gain[v] = gain[u] + values[v]
                    heapq.heappush(heap, (nd, v))
        if best[1] >= 0:
            far = best[2] * min(1.0, MAX_STEPS / best[3]) * min(1.0, money / max(1.0, best[4]))
            reach = max(reach, 0.7 * far)
        return best[0], best[1], reach

    def build_value(self, s: ChicagoExpressState, company: int) -> float:
        """Dollars the acting player expects from one build of ``company``."""
        if s.locos_left[company] <= 0 or s.treasury[company] <= 0:
            return 0.0
        _, hex_, near = self.plan(s, company)
        if hex_ < 0:
            return 0.0
        d = remaining_dividends(s)
        fractions = holder_fractions(s, company)
        gains = [f * near * max(1, d - 0.5) for f in fractions]
        return relative(gains, s.turn, self.p.spite)

    def _company(self, s: ChicagoExpressState) -> Action:
        best, choice = self.p.margin, A.FORGO
        for c in s.buildable_companies(s.turn):
            value = self.build_value(s, c)
            if value > best:
                best, choice = value, A.COMPANY[c]
        return choice

    def _place(self, s: ChicagoExpressState) -> Action:
        c = s.b_company
        hex_ = self.plan(s, c)[1]
        legal = s.legal_actions()
        if hex_ >= 0 and A.PLACE[hex_] in legal:
            return A.PLACE[hex_]
        return A.STOP

    # ----- developing (CE-6) -------------------------------------------------------

    def develop_value(self, s: ChicagoExpressState, h: int, player: int) -> float:
        d = remaining_dividends(s)
        hx = HEXES[h]
        gains = [0.0] * s.num_players
        for c in s.companies_on(h):
            if hx.terrain == INDUSTRIAL:
                delta = float(min(hx.track_step, s.opts.track_max[h] - s.track[h]))
            elif hx.house:
                delta = float(hx.house)
            else:  # forest: $2 for the company's next builds
                delta = self.p.money_to_income * hx.develop_cash
            for q, f in enumerate(holder_fractions(s, c)):
                gains[q] += f * delta * d
        return relative(gains, player, self.p.spite)

    def _develop(self, s: ChicagoExpressState) -> Action:
        best, choice = self.p.margin, A.FORGO
        for h in s.developable_hexes():
            value = self.develop_value(s, h, s.turn)
            if value > best:
                best, choice = value, A.DEVELOP[h]
        return choice

    def best_develop_value(self, s: ChicagoExpressState) -> float:
        return max((self.develop_value(s, h, s.turn) for h in s.developable_hexes()), default=0.0)

    # ----- the turn (CE-3) -----------------------------------------------------------

    def _choose(self, s: ChicagoExpressState, legal: list[Action]) -> Action:
        values = {
            A.CHOOSE[0]: self.best_share_value(s),
            A.CHOOSE[1]: self.best_develop_value(s),
            A.CHOOSE[2]: max((self.build_value(s, c) for c in s.buildable_companies(s.turn)),
                             default=0.0),
        }
        if self.p.noise:
            for a, v in values.items():
                values[a] = v + self.p.noise * (abs(v) + 1.0) * self.rng.uniform(-1.0, 1.0)
        return max(legal, key=lambda a: (values.get(a, -math.inf), -legal.index(a)))

