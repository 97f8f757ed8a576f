"""The Trans-Siberian rollout policy and cut-off evaluator (cuberail.bots.trans_siberian.fast).

The policy plays every seat of a search's rollouts: it must play only legal
actions, finish games, and play like a player who wants to win (the preferences
below, each with the rule that makes it right).
"""

from __future__ import annotations

import random

import pytest
from tests.bots.botstates import sample_states
from tsgames import fast_game_states, four_companies_sold_at_20, new_ts

from cuberail.bots.rollout import fast_policy_for, play_out
from cuberail.bots.trans_siberian import fast as fast_ts
from cuberail.bots.trans_siberian.fast import bid_limit, evaluate, fast_policy
from cuberail.core.actions import Action
from cuberail.games.trans_siberian.board import LINK_INDEX, LINK_VALUE
from cuberail.games.trans_siberian.state import (
    AUCTION,
    BUILD_FIRST,
    BUILD_SECOND,
    PICK_LINK,
    PICK_VALUE,
    TURN,
    TransSiberianState,
)

TITLE = "trans-siberian"


def test_search_uses_this_policy_for_trans_siberian() -> None:
    assert fast_policy_for(TITLE) is fast_policy


def test_only_legal_actions_in_random_positions() -> None:
    """Positions reached by random and biased play, at many points of many games."""
    rng = random.Random(5)
    for state in sample_states(TITLE, 300, seed=11):
        assert isinstance(state, TransSiberianState)
        for _ in range(3):  # the policy draws noise: try several draws
            action = fast_policy(state, rng)
            assert action in state.legal_actions(), (str(action), state.step)


def test_only_legal_actions_in_its_own_games() -> None:
    """Every position of whole games it plays (checked applies), jumps and phase 2 included."""
    states = fast_game_states(30, seed=3)
    steps = {s.step for s in states}
    assert {AUCTION, PICK_LINK, PICK_VALUE, TURN, BUILD_FIRST, BUILD_SECOND} <= steps
    rng = random.Random(8)
    for state in states:
        assert fast_policy(state, rng) in state.legal_actions()


@pytest.mark.parametrize("players", [3, 4, 5])
def test_rollouts_finish_games(players: int) -> None:
    """TS-9.1: the game ends; a rollout is a whole game of a few hundred moves at most."""
    for seed in range(10):
        state = new_ts(players)
        moves = play_out(state, fast_policy, random.Random(seed))
        assert state.is_terminal()
        assert 40 < moves < 400


def test_the_state_is_not_changed() -> None:
    rng = random.Random(1)
    for state in sample_states(TITLE, 40, seed=2):
        before = state.to_json()
        fast_policy(state, rng)
        assert state.to_json() == before


# ----- auctions (TS-2) ------------------------------------------------------------------------


def test_never_bids_above_the_shares_worth() -> None:
    """TS-2.1: a bid is the lowest allowed, and never more than the share's worth (+10% noise)."""
    rng = random.Random(4)
    bids = 0
    for state in fast_game_states(20, seed=9):
        if state.step != AUCTION:
            continue
        action = fast_policy(state, rng)
        if action.kind == "bid":
            bids += 1
            amount = int(action.args[0])
            assert amount == state.minimum_bid()
            assert amount <= bid_limit(state, state.a_to_act) * 1.1
            assert amount <= state.cash[state.a_to_act]
    assert bids > 20


def test_passes_once_the_bidding_passes_the_worth() -> None:
    """TS-2.1: with the high bid at the share's worth and more, everyone else drops out."""
    state = new_ts(4)
    state.apply(Action.from_text("bid 30"))  # seat 0; $40 each, a worth near $20
    for _ in range(20):
        assert fast_policy(state, random.Random(_)) == Action("pass")


def test_winner_takes_the_opening_link_with_the_richest_way_on() -> None:
    """TS-2.2: of the links from Moscow worth 3, Moscow-Saratov leads on to the junction worth 4."""
    state = new_ts(4)
    for text in ("bid 8", "pass", "pass", "pass"):
        state.apply(Action.from_text(text))
    assert state.step == PICK_LINK
    assert fast_policy(state, random.Random(0)) == Action.from_text("link moscow-saratov")
    state.apply(Action.from_text("link moscow-saratov"))
    assert state.step == PICK_VALUE
    assert fast_policy(state, random.Random(0)) == Action.from_text("value 8")  # all it may


def test_winner_sets_the_highest_share_value_the_bid_allows() -> None:
    """TS-2.2: any value not above the bid; the highest makes the share worth most (TS-9.2)."""
    assert [fast_ts.top_value(b) for b in (8, 11, 12, 23, 24, 49, 50)] == [0, 0, 1, 3, 4, 10, 11]


# ----- turns (TS-3, TS-4) ------------------------------------------------------------------


def test_makes_its_private_company_public() -> None:
    """TS-3.2, TS-9.2: a second share held makes yellow public: its first share then scores."""
    state = four_companies_sold_at_20()
    for seed in range(10):
        action = fast_policy(state, random.Random(seed))
        assert action.kind == "buy" and "yellow" in action.args


def test_builds_the_link_that_adds_most() -> None:
    """TS-4.3, TS-4.4, TS-4.5: the first link is one whose value, with the best second link
    from where it ends, adds the most (a step of share value counted as 3 of income)."""
    rng = random.Random(6)
    checked = 0
    for state in fast_game_states(40, seed=21):
        if state.step != BUILD_FIRST:
            continue
        direct = [a for a in state.legal_actions() if len(a.args) == 1]
        if not direct:
            continue
        gains = {a: _best_gain(state, a) for a in direct}
        assert gains[fast_policy(state, rng)] == max(gains.values())
        checked += 1
    assert checked > 30


def _best_gain(state: TransSiberianState, first: Action) -> float:
    """Income added plus 3 per step of share value, by the engine, with the best second link."""
    c = state.b_company
    after = state.clone()
    after.apply(first)
    outcomes = [after]
    if after.step == BUILD_SECOND:
        outcomes = []
        for second in after.legal_actions():
            done = after.clone()
            done.apply(second)
            outcomes.append(done)
    return max(s.income[c] - state.income[c] + 3 * (s.value[c] - state.value[c])
               for s in outcomes)


def test_second_link_is_the_most_valuable_one() -> None:
    """TS-3.2, TS-4.3: a second link raises income and the share value: always the best."""
    rng = random.Random(2)
    seen = 0
    for state in fast_game_states(30, seed=4):
        if state.step != BUILD_SECOND:
            continue
        links = [a for a in state.legal_actions() if a.kind == "link"]
        action = fast_policy(state, rng)
        if links:
            seen += 1
            best = max(_value(a) for a in links)
            assert action.kind == "link" and _value(action) == best
        else:
            assert action == Action("stop")
    assert seen > 20


def _value(action: Action) -> int:
    return LINK_VALUE[LINK_INDEX[str(action.args[0])]]


# ----- the cut-off evaluator --------------------------------------------------------------


def test_evaluation_is_a_distribution_and_favours_cash() -> None:
    """TS-9.2: cash counts in full; the seat given $30 more becomes the favourite."""
    state = four_companies_sold_at_20()
    chances = evaluate(state)
    assert abs(sum(chances) - 1) < 1e-9 and all(0 < x < 1 for x in chances)
    richer = state.clone()
    richer.cash[1] += 30
    after = evaluate(richer)
    assert after[1] > chances[1] and max(range(4), key=lambda q: after[q]) == 1


def test_evaluation_counts_public_shares_above_private_ones() -> None:
    """TS-9.2: a private company's share scores nothing unless it goes public."""
    state = four_companies_sold_at_20()
    public = state.clone()
    public.apply(Action.from_text("buy yellow"))  # seat 3 pays $20 for its second yellow share
    assert evaluate(public)[3] > evaluate(state)[3]
