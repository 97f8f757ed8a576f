"""The batched environment (cuberail.env.vector): exact against the engine and the
reference encoder at every step, auto-reset, rewards, seeding, errors, the Gymnasium
single-seat wrapper."""

from __future__ import annotations

import gymnasium
import numpy as np
import pytest

from cuberail.core.errors import CuberailError
from cuberail.env import vector
from cuberail.env.actions import action_table
from cuberail.env.observe import layout_for
from cuberail.games import get_game

TITLES = ("chicago-express", "trans-siberian")


def _mirror(env: vector.VectorEnv) -> list:
    """Engine states of the env's current games, rebuilt independently (same seeds)."""
    info = get_game(env.title)
    out = []
    for i in range(env.num_envs):
        rules = dict(env.options)
        if env._seeded:
            rules["seed"] = env.game_seed(i, env._games[i] - 1)
        out.append(info.new_game(env.num_players, rules))
    return out


@pytest.mark.parametrize("title", TITLES)
def test_matches_engine_and_reference_encoder(title: str) -> None:
    steps = 300 if title == "chicago-express" else 120
    env = vector.make(title, 3, seed=5)
    table, layout = action_table(title), layout_for(title)
    obs, mask = env.reset()
    mirror = _mirror(env)
    rng = np.random.default_rng(1)
    ended = 0
    for _ in range(steps):
        for i, state in enumerate(mirror):
            seat = state.current_player()
            assert env.to_move[i] == seat
            assert np.array_equal(obs[i], layout.encode(state, seat))
            assert np.flatnonzero(mask[i]).tolist() == sorted(table.legal_ids(state))
        actions = vector.random_actions(mask, rng)
        for i, state in enumerate(mirror):
            state.apply(table.decode(state, int(actions[i])))
        obs, mask, rewards, done = env.step(actions)
        for i, state in enumerate(mirror):
            assert done[i] == state.is_terminal()
            if done[i]:
                ended += 1
                assert rewards[i].tolist() == pytest.approx(state.result().returns())
                mirror[i] = _mirror(env)[i]
            else:
                assert not rewards[i].any()
    if title == "chicago-express":
        assert ended > 0  # auto-reset was exercised


def test_shapes_and_attributes() -> None:
    env = vector.make("chicago-express", 4, num_players=3)
    obs, mask = env.reset()
    assert obs.shape == (4, env.observation_size) and obs.dtype == np.float32
    assert mask.shape == (4, env.num_actions) and mask.dtype == np.int8
    assert env.observation_size == layout_for("chicago-express").size
    assert env.num_actions == action_table("chicago-express").size
    assert env.action_scheme_version == 3 and env.num_players == 3
    _, _, rewards, done = env.step(env.sample_legal(np.random.default_rng(0)))
    assert rewards.shape == (4, 3) and rewards.dtype == np.float32
    assert done.shape == (4,) and done.dtype == np.bool_
    assert env.to_move.shape == (4,)
    with pytest.raises(ValueError):
        obs[0, 0] = 1.0  # read-only views of reused arrays


def _play(title: str, seed: int, steps: int) -> list[np.ndarray]:
    env = vector.make(title, 4, seed=seed)
    obs, mask = env.reset()
    rng = np.random.default_rng(0)
    seen = []
    for _ in range(steps):
        obs, mask, _, _ = env.step(vector.random_actions(mask, rng))
        seen.append(obs.copy())
    return seen


@pytest.mark.parametrize("title", TITLES)
def test_deterministic_by_seed(title: str) -> None:
    a, b = _play(title, 7, 40), _play(title, 7, 40)
    assert all(np.array_equal(x, y) for x, y in zip(a, b, strict=True))


def test_seeds_differ_per_env_and_game() -> None:
    env = vector.make("trans-siberian", 3, seed=0, options={"start_player": "random"})
    seeds = {env.game_seed(i, k) for i in range(3) for k in range(3)}
    assert len(seeds) == 9


def test_illegal_action_names_env_and_id() -> None:
    env = vector.make("chicago-express", 3)
    env.reset()
    actions = env.sample_legal(np.random.default_rng(0))
    before = [s.to_json() for s in env.states()]
    bad = next(i for i in range(env.num_actions) if i not in env.legal_ids(1))
    actions[1] = bad
    with pytest.raises(vector.IllegalActionId, match=rf"env 1: action id {bad} .*not legal"):
        env.step(actions)
    assert [s.to_json() for s in env.states()] == before  # nothing was played
    with pytest.raises(CuberailError):
        env.step(np.zeros(2, dtype=np.int64))


def test_mask_sampling_agrees_with_sample_legal() -> None:
    env = vector.make("chicago-express", 5)
    _, mask = env.reset()
    for _ in range(20):
        ids = env.sample_legal(np.random.default_rng(3))
        assert all(mask[i, a] for i, a in enumerate(ids))
        _, mask, _, _ = env.step(ids)


@pytest.mark.parametrize("title", TITLES)
def test_sample_mask_is_the_mask_draw(title: str) -> None:
    """sample_mask reads the mask at the legal ids only, and draws what random_actions
    draws from the whole mask (same ids from the same generator), restrictions too."""
    env = vector.make(title, 6, seed=2)
    _, mask = env.reset()
    rng = np.random.default_rng(5)
    for _ in range(40):
        state = rng.bit_generator.state
        ids = env.sample_mask(rng)
        rng.bit_generator.state = state
        assert ids.tolist() == vector.random_actions(mask, rng).tolist()
        restricted = mask.copy()
        for row in range(env.num_envs):
            legal = env.legal_ids(row)
            restricted[row, legal[: len(legal) // 2]] = 0
        state = rng.bit_generator.state
        ids = env.sample_mask(rng, restricted)
        rng.bit_generator.state = state
        assert ids.tolist() == vector.random_actions(restricted, rng).tolist()
        _, mask, _, _ = env.step(ids)


def test_sample_mask_never_draws_an_illegal_one() -> None:
    env = vector.make("chicago-express", 4)
    _, mask = env.reset()
    widened = np.ones_like(mask)
    for _ in range(20):
        ids = env.sample_mask(np.random.default_rng(1), widened)
        assert all(mask[i, a] for i, a in enumerate(ids))
        _, mask, _, _ = env.step(ids)
    with pytest.raises(CuberailError):
        env.sample_mask(np.random.default_rng(1), np.zeros_like(mask))


def test_single_seat_plays_whole_games() -> None:
    env = vector.SingleSeatVectorEnv("chicago-express", 3, seat=1, seed=2)
    assert isinstance(env, gymnasium.vector.VectorEnv)
    obs, infos = env.reset(seed=2)
    assert env.observation_space.contains(obs)
    rng = np.random.default_rng(0)
    episodes, total = 0, 0.0
    for _ in range(2000):
        assert (env.env.to_move == 1).all()
        actions = vector.random_actions(infos["action_mask"], rng)
        obs, reward, terminated, truncated, infos = env.step(actions)
        assert env.observation_space.contains(obs) and not truncated.any()
        assert reward.shape == (3,) and (reward[~terminated] == 0).all()
        if terminated.any():
            assert infos["_final_obs"].tolist() == terminated.tolist()
        episodes += int(terminated.sum())
        total += float(reward.sum())
        if episodes >= 6:
            break
    assert episodes >= 6 and 0.0 <= total <= episodes


def test_single_seat_is_deterministic_and_takes_bots() -> None:
    def run(opponent: object) -> np.ndarray:
        env = vector.SingleSeatVectorEnv("chicago-express", 2, opponent=opponent)
        obs, infos = env.reset(seed=4)
        rng = np.random.default_rng(4)
        for _ in range(30):
            obs, *_, infos = env.step(vector.random_actions(infos["action_mask"], rng))
        return obs

    assert np.array_equal(run(None), run(None))
    assert np.array_equal(run("heuristic"), run("heuristic"))


def test_single_seat_on_trans_siberian() -> None:
    env = vector.SingleSeatVectorEnv("trans-siberian", 2, seat=0)
    obs, infos = env.reset(seed=0)
    obs, _, _, _, infos = env.step(
        vector.random_actions(infos["action_mask"], np.random.default_rng(0)))
    assert obs.shape == (2, env.env.observation_size)
    assert infos["action_mask"].shape == (2, env.env.num_actions)
