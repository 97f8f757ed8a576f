"""A Trans-Siberian Railroad policy of a few microseconds per move, for search rollouts.

Every seat of a rollout plays it, so it must be cheap and it must play like a
player who wants to win: a rollout that buys and builds at random says little
about who is ahead. It values a share as the heuristic does (TS-9.2: what the
share should add to its holder's final score, its end value plus the dividends
it should still pay, see :func:`share_worth`) and, on a turn, computes the change
that each option makes to every seat's value without copying the state:

- **buy** one share or two (TS-3.1): the price against the share's worth, with
  the dilution of the dividend (TS-5.2) for every holder, and the end value that
  a second share owned gives the company's first share (public, TS-9.2);
- **build** (TS-3.2): the income its best plan of links adds (TS-4.3) and the
  steps of share value it brings (income marks, and one more for two links or an
  external one, TS-4.4), shared among the company's holders;
- **pass** (TS-3.3) changes nothing: it is played when every other option loses.

Each option scores my gain less ``SPITE`` times the average opponent's (as the
heuristic ranks them), with a dollar of noise so that rollouts differ. Builds
take the link whose value, with the best second link going on from it (TS-4.5),
adds most; bids go up to the heuristic's price of the share; the auction winner
takes the best opening link and the highest share value its bid allows (TS-2.2).
The full heuristic copies the state for every option (hundreds of microseconds a
decision): too slow for thousands of rollouts a second.
"""

from __future__ import annotations

import random

from cuberail.bots.evaluate import softmax_utility
from cuberail.core.actions import Action
from cuberail.core.bits import iter_bits
from cuberail.core.state import GameState
from cuberail.games.trans_siberian import actions as A
from cuberail.games.trans_siberian.board import (
    EXTERNAL_COST,
    INTERNAL_COST,
    INTERNAL_LINKS,
    LINK_EXTERNAL,
    LINK_MASK,
    LINK_VALUE,
    LOC_LINKS,
    MAX_LINKS,
    MIN_BID,
    NUM_COMPANIES,
    SHARE_TRACK,
    SURCHARGE,
    TOP,
)
from cuberail.games.trans_siberian.network import best_value
from cuberail.games.trans_siberian.state import (
    ACTIVE,
    AUCTION,
    BUILD_FIRST,
    BUILD_SECOND,
    PICK_LINK,
    PICK_SURCHARGE,
    PICK_VALUE,
    TURN,
    TransSiberianState,
)

NC = NUM_COMPANIES
SPITE = 0.6  # weight of the average opponent's gain against my own (the heuristic's)
DIVIDEND_WEIGHT = 0.8  # share of the expected dividends counted (the heuristic's)
PRIVATE_WEIGHT = 0.5  # end value counted for a share of a company not yet public
BID_BASE = 12.0  # dollars a share is worth to its first holder, before dividends
BID_RESERVE = 8  # cash kept back in auctions
NOISE = 1.0  # dollars of noise on each turn option
JUMP_INCOME = 2  # income assumed for a build that must jump (its links are not listed)


def remaining_dividends(s: TransSiberianState) -> int:
    """Dividends still to come (TS-1.6); fewer when a share value nears 75 (TS-9.1)."""
    left = s.opts.dividend_track - s.dividends
    top = 0
    for c in range(NC):
        if s.status[c] == ACTIVE and s.value[c] > top:
            top = s.value[c]
    near = (TOP - top) // 2 + 1
    return max(0, left if left < near else near)


def share_worth(owned: int, unsold: int, v: int, income: int, gap: int, d: int) -> float:
    """What one share should add to its holder's final score (TS-9.2), by the heuristic's model.

    ``owned``: shares held by players; ``v``: the share value's index on the track;
    ``gap``: steps above the nationalization marker (TS-8.1), counted with the
    builds to come in phase 1; ``d``: dividends still to come (TS-5.2).
    """
    value = float(SHARE_TRACK[v]) * risk(gap)
    if owned < 2:
        value *= PRIVATE_WEIGHT if unsold else 0.0
    if owned <= 0:
        return value
    return value + DIVIDEND_WEIGHT * d * (-(-income // owned))


def value_gap(s: TransSiberianState, v: int) -> int:
    """Steps of share value ``v`` above the marker; phase 1 counts two steps of builds to come."""
    return v - s.nat + (2 if s.phase == 1 else 0)


STEP_COST = 2 * INTERNAL_COST  # TS-4.2, TS-4.4: two internal links, one step of share value


def funded_gap(s: TransSiberianState, c: int, v: int) -> int:
    """:func:`value_gap` plus the steps company ``c``'s treasury already pays for: $8 buys two
    internal links, one step of share value (TS-4.2, TS-4.4), as the heuristic's
    ``safety_gap`` counts them. The rollouts judge buys and builds with it, so that they
    expect the other seats to buy into a company opened cheaply, as ``medium`` does."""
    return value_gap(s, v) + s.treasury[c] // STEP_COST


def fast_policy(state: GameState, rng: random.Random) -> Action:
    """One legal action for the seat to move; the state is not changed."""
    assert isinstance(state, TransSiberianState)
    s = state
    step = s.step
    if step == TURN:
        return _turn(s, rng)
    if step == AUCTION:
        return _bid(s, rng)
    if step == BUILD_FIRST:
        return _first_link(s, rng)
    if step == BUILD_SECOND:
        return _second_link(s)
    if step == PICK_SURCHARGE:
        return _surcharge(s)
    if step == PICK_LINK:
        return A.LINK[_best_start(s.start_link_mask(s.a_company), s.free)]
    if step == PICK_VALUE:
        return A.VALUE[top_value(s.a_high)]
    legal = s.legal_actions()
    return legal[int(rng.random() * len(legal))]


# ----- auctions (TS-2, TS-7) --------------------------------------------------------------


def top_value(bid: int) -> int:
    """TS-2.2: the highest share value (a track index) not above the winning bid."""
    i = 0
    while i < TOP and SHARE_TRACK[i + 1] <= bid:
        i += 1
    return i


def bid_limit(s: TransSiberianState, player: int) -> int:
    """The heuristic's highest bid for the company on auction, without its noise.

    A share's worth: ``BID_BASE`` plus the dividends its opening link should pay,
    shared with one more holder; the bidder keeps ``BID_RESERVE`` back. Nothing in
    phase 2 that the bid could not lift above the marker (TS-8.1: it would be
    nationalized at the next dividend).
    """
    return bid_cap(s, player, BID_BASE + opening_dividends(s, DIVIDEND_WEIGHT), BID_RESERVE)


def opening_dividends(s: TransSiberianState, weight: float) -> float:
    """``weight`` times the dividends a share of the company on auction should pay: its
    best opening link's value each dividend still to come (at least one), shared with
    one more holder (TS-5.2)."""
    d = max(1, s.opts.dividend_track - s.dividends)
    link = best_value(s.start_link_mask(s.a_company)) or 2
    return weight * d * link / 2


def bid_cap(s: TransSiberianState, player: int, worth: float, reserve: int) -> int:
    """The highest bid of ``player`` for a share worth ``worth``, keeping ``reserve`` of
    its cash back; none (0) in phase 2 when the bid could not lift the share value above
    the marker (TS-8.1: it would be nationalized at the next dividend)."""
    cash = s.cash[player]
    limit = int(min(cash, max(MIN_BID, cash - reserve), worth))
    if s.a_phase == 2 and s.value_nationalizes(limit):
        return 0
    return limit


def _bid(s: TransSiberianState, rng: random.Random) -> Action:
    """The lowest bid (TS-2.1) while it is within the share's worth (give or take 10%)."""
    p = s.a_to_act
    low = s.lowest_bid()
    if low > s.cash[p] or low > bid_limit(s, p) * (0.9 + 0.2 * rng.random()):
        return A.PASS
    return A.bid(low)


def _best_start(mask: int, free: int) -> int:
    """The opening link whose value, with half the best link going on from it, is highest."""
    best, choice = -1.0, -1
    for link in iter_bits(mask):
        score = LINK_VALUE[link] + 0.5 * best_value(_links_at(LINK_MASK[link]) & free
                                                    & ~(1 << link))
        if score > best:
            best, choice = score, link
    return choice


def _links_at(locations: int) -> int:
    out = 0
    while locations:
        low = locations & -locations
        out |= LOC_LINKS[low.bit_length() - 1]
        locations ^= low
    return out


# ----- building (TS-4) ---------------------------------------------------------------------


def _marks_passed(marks: tuple[int, ...], before: int, after: int) -> int:
    """TS-4.3: income-track marks reached or passed going from ``before`` to ``after``."""
    n = 0
    for m in marks:  # ascending (the option is checked so)
        if m > after:
            break
        if m > before:
            n += 1
    return n


_PLANS: dict[tuple[int, int, int, int, int, tuple[int, ...]], tuple[int, int, int]] = {}


def _plan(s: TransSiberianState, c: int, money: int) -> tuple[int, int, int]:
    """The best direct first link for company ``c``: (link, income added, steps gained).

    Income and steps count the best second link going on from it when the company
    can pay for both (TS-3.2, TS-4.4, TS-4.5). Link -1: no direct link is affordable.
    Remembered by what it reads: rollouts from one tree node meet the same builds
    again and again, and a turn's plan is asked for again when the build starts.
    """
    net, free, income, marks = s.network[c], s.free, s.income[c], s.opts.marks
    key = (net, free & s.touch[c], free, money, income, marks)
    found = _PLANS.get(key)
    if found is None:
        if len(_PLANS) > 50_000:
            _PLANS.clear()
        found = _PLANS[key] = _best_plan(net, free, key[1], money, income, marks)
    return found


def _best_plan(net: int, free: int, candidates: int, money: int, income: int,
               marks: tuple[int, ...]) -> tuple[int, int, int]:
    """:func:`_plan` computed: every direct link of ``candidates`` with its best second."""
    best, choice, gain, steps = -1.0, -1, 0, 0
    while candidates:
        low = candidates & -candidates
        candidates ^= low
        link = low.bit_length() - 1
        value = LINK_VALUE[link]
        if LINK_EXTERNAL[link]:
            if money < EXTERNAL_COST:
                continue
            g, st = value, 1  # TS-4.4: built alone, one more step
        else:
            if money < INTERNAL_COST:
                continue
            g, st = value, 0
            if money >= 2 * INTERNAL_COST:
                inside = LINK_MASK[link] & net
                ends = LINK_MASK[link] if inside & (inside - 1) else LINK_MASK[link] & ~inside
                second = best_value(_links_at(ends) & free & INTERNAL_LINKS & ~low)
                if second:
                    g, st = value + second, 1
        st += _marks_passed(marks, income, income + g)
        score = g + 3.0 * st
        if score > best:
            best, choice, gain, steps = score, link, g, st
    return choice, gain, steps


def _first_link(s: TransSiberianState, rng: random.Random) -> Action:
    """The first link of the build: the direct one of :func:`_plan`, else the best jump."""
    c = s.b_company
    link = _plan(s, c, s.treasury[c])[0] if s.nlinks[c] < MAX_LINKS else -1
    if link >= 0:
        return A.link_action(link, 0)
    options = s.build_options()  # only jumps are left: list them (slow, but seldom)
    best, choice = -1e9, A.STOP
    for action, (lk, _, jumps, _) in options.items():
        score = LINK_VALUE[lk] - jumps + rng.random()
        if score > best:
            best, choice = score, action
    if choice == A.STOP:  # cannot happen: a build starts only when a first link exists
        legal = s.legal_actions()
        return legal[int(rng.random() * len(legal))]
    return choice


def _second_link(s: TransSiberianState) -> Action:
    """The most valuable second link from where the first ended, if one is affordable."""
    c = s.b_company
    if s.nlinks[c] >= MAX_LINKS or s.treasury[c] < INTERNAL_COST:
        return A.STOP
    best, choice = 0, -1
    for link in iter_bits(_links_at(s.b_ends) & s.free & INTERNAL_LINKS):
        if LINK_VALUE[link] > best:
            best, choice = LINK_VALUE[link], link
    return A.STOP if choice < 0 else A.LINK[choice]


def _surcharge(s: TransSiberianState) -> Action:
    """TS-3.1: the $4 goes to the company of the two where I hold the larger part."""
    a, b = s.pair
    me = s.turn * NC
    if s.held[me + b] * s.owned(a) > s.held[me + a] * s.owned(b):
        return A.SURCHARGE[b]
    return A.SURCHARGE[a]


# ----- a turn (TS-3) -----------------------------------------------------------------------


def _turn(s: TransSiberianState, rng: random.Random) -> Action:
    """The buy, build or pass that gains me most against the average opponent."""
    me, n = s.turn, s.num_players
    cash = s.cash[me]
    d = remaining_dividends(s)
    spite = SPITE / (n - 1)
    buy = [-1e9] * NC
    best, choice = 0.0, A.PASS
    for c in range(NC):
        if s.status[c] != ACTIVE:
            continue
        owned, unsold, v, income = s.owned(c), s.unsold[c], s.value[c], s.income[c]
        mine = s.held[me * NC + c]
        w0 = share_worth(owned, unsold, v, income, funded_gap(s, c, v), d)
        price = SHARE_TRACK[v]
        if unsold and price <= cash:
            w1 = share_worth(owned + 1, unsold - 1, v, income, funded_gap(s, c, v), d)
            gain = (mine + 1) * w1 - mine * w0 - price
            others = (owned - mine) * (w1 - w0)  # dilution; a first share made public
            buy[c] = gain - spite * others
            score = buy[c] + NOISE * rng.random()
            if score > best:
                best, choice = score, A.BUY[c]
        if owned >= 2 and mine and s.can_build_for(me, c):
            link, g, steps = _plan(s, c, s.treasury[c])
            if link < 0:
                g, steps = JUMP_INCOME, _marks_passed(s.opts.marks, income, income + JUMP_INCOME)
            v2 = min(TOP, v + steps)
            w2 = share_worth(owned, unsold, v2, income + g, funded_gap(s, c, v2), d)
            score = (mine - spite * (owned - mine)) * (w2 - w0) + NOISE * rng.random()
            if score > best:
                best, choice = score, A.BUILD[c]
    for a in range(NC):
        if buy[a] <= 0:
            continue
        for b in range(a + 1, NC):
            if buy[b] > 0 and (SHARE_TRACK[s.value[a]] + SHARE_TRACK[s.value[b]] + SURCHARGE
                               <= cash):
                score = buy[a] + buy[b] - SURCHARGE + NOISE * rng.random()
                if score > best:
                    best, choice = score, A.BUY_TWO[a, b]
    return choice


# ----- evaluation at search cut-offs ---------------------------------------------------------

# Fitted (a conditional logit over seats) to who won 300 games of four fast-policy
# players, from their positions before the third dividend (later ones are nearly
# decided): per dollar of cash, a public share's end value counts 1.08, a private
# one's 0.66 and the dividends still to come 0.41 (the heuristic counts 1, 0.5 and
# 0.8), with a temperature of about 3 dollars. Log-loss on other games, 150 of the
# fast policy and 150 of four heuristics: 0.82 and 0.67, against 1.12 and 1.16 for
# the heuristic's values at its temperature (6 + 3 per dividend left), and 1.39
# for even chances (docs/history.md#ts-rollouts).
EVAL_PUBLIC, EVAL_PRIVATE, EVAL_DIVIDENDS, EVAL_TEMPERATURE = 1.08, 0.66, 0.41, 3.0


def evaluate(state: GameState) -> list[float]:
    """Each seat's chance to win: a softmax of cash plus its shares' end value and dividends."""
    assert isinstance(state, TransSiberianState)
    s = state
    d = remaining_dividends(s)
    values = [float(x) for x in s.cash]
    for c in range(NC):
        if s.status[c] != ACTIVE:
            continue
        owned, v = s.owned(c), s.value[c]
        worth = float(SHARE_TRACK[v]) * risk(value_gap(s, v))
        if owned >= 2:
            worth *= EVAL_PUBLIC
        else:
            worth *= EVAL_PRIVATE if s.unsold[c] else 0.0
        if owned:
            worth += EVAL_DIVIDENDS * d * (-(-s.income[c] // owned))
        for q in range(s.num_players):
            held = s.held[q * NC + c]
            if held:
                values[q] += held * worth
    return softmax_utility(values, EVAL_TEMPERATURE)


def risk(gap: int) -> float:
    """The part of a share's end value kept against nationalization (TS-8.1), by its ``gap``."""
    if gap <= 0:
        return 0.3
    return 0.6 + 0.2 * gap if gap <= 2 else 1.0
