"""A hint says the mover's next moves, and keeps to them within noise (issue 29, the 25th
newcomer run: hinted "choose auction", then "forgo the auction" by the next search, it
took the hint for turning round).

:func:`cuberail.bots.analysis.plan` reads the mover's own next moves off the search's
line (CE-3.1: a turn is an action chosen, then carried out or forgone); the next hint,
given that move as ``planned``, keeps it while its own search rates it within
:data:`~cuberail.bots.analysis.CLOSE` of its choice.
"""

from __future__ import annotations

import pytest

from cuberail.bots.analysis import (
    CLOSE,
    MIN_VISITS,
    PLAN,
    analysis_bot,
    hint_search,
    plan,
    plan_positions,
)
from cuberail.bots.registry import make_bot
from cuberail.core.state import GameState
from cuberail.games import get_game

BUDGET = 1500


def choose_action_position() -> GameState:
    """Chicago Express, four medium bots, to seat 0's first choice of an action after the
    opening auctions (CE-3.1: auction, build or develop)."""
    state = get_game("chicago-express").new_game(4)
    bots = [make_bot("medium", s) for s in range(4)]
    while not (state.current_player() == 0 and {a.kind for a in state.legal_actions()}
               == {"choose"}):
        state.apply(bots[state.current_player()].choose(state.clone()))
    return state


@pytest.fixture(scope="module")
def chosen() -> GameState:
    return choose_action_position()


def test_the_plan_is_the_movers_own_next_moves_on_the_searchs_line(chosen: GameState) -> None:
    bot = analysis_bot(None, BUDGET, 3)
    root = bot.search(chosen.clone())
    best = max(root.children, key=lambda c: (c.visits, c.wins))
    moves = plan(root, best.action)
    assert 1 <= len(moves) <= PLAN, moves  # a chosen action is carried out by the same seat
    node, at = best, chosen.clone()
    at.apply(best.action)
    for move in moves:  # each the move tried most, by seat 0, tried MIN_VISITS times or more
        assert at.current_player() == 0
        while len(at.legal_actions()) == 1:  # (a forced move is left out of the plan)
            node = node.children[0]
            at.apply(at.legal_actions()[0])
        assert move in at.legal_actions()
        node = max(node.children, key=lambda c: (c.visits, c.wins))
        assert node.action == move and node.visits >= MIN_VISITS
        at.apply(move)
    assert [m for _, m in plan_positions(chosen, best.action, moves)] == list(moves)


def test_the_hint_carries_its_plan(chosen: GameState) -> None:
    hinted = hint_search(chosen, None, BUDGET, 3)
    assert hinted.best is not None and hinted.best.kind == "choose" and hinted.then
    positions = list(plan_positions(chosen, hinted.best, hinted.then))
    assert len(positions) == len(hinted.then)
    assert all(move in at.legal_actions() and at.current_player() == 0
               for at, move in positions)


def test_the_next_hint_keeps_a_planned_move_within_noise_and_no_further() -> None:
    """At a build's first locomotive the moves are near alike: a planned move the search
    rates within CLOSE of its own is hinted again, as a close call; one rated further
    below is not."""
    state = choose_action_position()
    bots = [make_bot("medium", 9)]
    free = None
    for _ in range(40):  # seat 0's decisions, played by medium, until one of near-equals
        free = hint_search(state, None, BUDGET, 5)
        assert free.best is not None
        children = free.found.children
        near = [a for a, (n, v) in children.items() if a != free.best and n >= MIN_VISITS
                and abs(v - free.chance) <= CLOSE]
        far = [a for a, (n, v) in children.items() if free.chance - v > CLOSE]
        if near and far:
            break
        state.apply(bots[0].choose(state.clone()))
        while not state.is_terminal() and state.current_player() != 0:
            state.apply(make_bot("medium", 2).choose(state.clone()))
    else:
        pytest.fail("no decision with a near-equal and a worse move in 40")
    kept = hint_search(state, None, BUDGET, 5, planned=near[0])
    assert kept.best == near[0] and kept.close is not None  # said as a close call
    assert kept.chance == free.found.children[near[0]][1]
    assert hint_search(state, None, BUDGET, 5, planned=far[0]).best == free.best
    assert hint_search(state, None, BUDGET, 5, planned=None).best == free.best
