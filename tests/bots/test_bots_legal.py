"""Every bot returns a legal action and leaves the state as it found it, for every title."""

from __future__ import annotations

import json
import random

import pytest
from botstates import TITLES, sample_states

from cuberail.bots.base import Bot
from cuberail.bots.registry import make_bot
from cuberail.bots.rollout import biased_policy, fast_policy_for, random_policy
from cuberail.core.state import GameState

BOT_NAMES = ("random", "heuristic", "easy", "medium", "mcts:12", "mcts:8:full", "mcts:6:heuristic",
             "mcts:10:p5", "mcts:10:jump")


def snapshot(state: GameState) -> str:
    return json.dumps(state.to_json(), sort_keys=True)


@pytest.mark.parametrize("title", TITLES)
@pytest.mark.parametrize("name", BOT_NAMES)
def test_bot_returns_a_legal_action_and_leaves_the_state_alone(title: str, name: str) -> None:
    count = 40 if name in ("random", "heuristic", "easy", "medium") else 8
    for i, state in enumerate(sample_states(title, count, seed=11)):
        bot: Bot = make_bot(name, i)
        before = snapshot(state)
        action = bot.choose(state)
        assert action in state.legal_actions(), f"{name} chose {action} at state {i}"
        assert snapshot(state) == before, f"{name} changed the state it was shown"


@pytest.mark.parametrize("title", TITLES)
def test_rollout_policies_return_legal_actions(title: str) -> None:
    rng = random.Random(3)
    for policy in (random_policy, biased_policy, fast_policy_for(title)):
        for state in sample_states(title, 60, seed=5):
            assert policy(state, rng) in state.legal_actions()


@pytest.mark.parametrize("title", TITLES)
def test_heuristic_plays_whole_games_legally(title: str) -> None:
    """Seated in every chair, heuristics finish games (apply would refuse an illegal move)."""
    from cuberail.games import get_game

    for game in range(3):
        state = get_game(title).new_game(4)
        bots = [make_bot("heuristic", 10 * game + seat) for seat in range(4)]
        while not state.is_terminal():
            state.apply(bots[state.current_player()].choose(state))
        assert state.result().winners
