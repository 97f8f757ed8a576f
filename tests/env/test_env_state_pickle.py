"""The envs' global ``state()`` and pickling mid-game."""

from __future__ import annotations

import pickle
from types import ModuleType

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from cuberail.env import chicago_express_v0, trans_siberian_v0

MODULES = [chicago_express_v0, trans_siberian_v0]
IDS = ["chicago-express", "trans-siberian"]


def _steps(env: object, rng: np.random.Generator, n: int) -> list[int]:
    """Play ``n`` random masked moves (fewer if the game ends); the ids played."""
    taken = []
    for _ in range(n):
        obs, _, term, trunc, _ = env.last()  # type: ignore[attr-defined]
        if term or trunc:
            break
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        env.step(action)  # type: ignore[attr-defined]
        taken.append(action)
    return taken


@pytest.mark.parametrize("module", MODULES, ids=IDS)
def test_state_is_one_fixed_vector_for_every_seat(module: ModuleType) -> None:
    env = module.raw_env(players=3)
    env.reset(seed=2)
    _steps(env, np.random.default_rng(2), 25)
    state = env.state()
    assert state.shape == env.state_space.shape and state.dtype == np.float32
    assert env.state_space.contains(state)
    assert np.array_equal(state, env.observe("player_0")["observation"])


@pytest.mark.parametrize("module", MODULES, ids=IDS)
@pytest.mark.parametrize("wrapped", [False, True], ids=["raw", "wrapped"])
def test_env_pickles_mid_game_and_plays_on_identically(module: ModuleType, wrapped: bool) -> None:
    env = module.env(players=4) if wrapped else module.raw_env(players=4)
    env.reset(seed=7)
    _steps(env, np.random.default_rng(7), 40)
    copy = pickle.loads(pickle.dumps(env))
    agent = env.agent_selection
    assert agent == copy.agent_selection
    first, second = env.observe(agent), copy.observe(agent)
    assert np.array_equal(first["observation"], second["observation"])
    assert np.array_equal(first["action_mask"], second["action_mask"])
    assert np.array_equal(env.state(), copy.state())
    rest = _steps(env, np.random.default_rng(8), 10_000)
    assert _steps(copy, np.random.default_rng(8), 10_000) == rest
    assert env.rewards == copy.rewards and env.terminations == copy.terminations
    assert env.unwrapped.state_.to_json() == copy.unwrapped.state_.to_json()
