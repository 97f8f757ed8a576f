"""The PPO baseline (cuberail.env.ppo): the VecEnv's masks are the env's legal ids, the
margin reward, a saved policy playing legal moves to the end of a game of each title."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("torch")
pytest.importorskip("sb3_contrib")

import torch
from sb3_contrib.common.maskable.utils import get_action_masks

from cuberail.core.errors import CuberailError
from cuberail.env import ppo
from cuberail.env.actions import action_table
from cuberail.env.observe import layout_for
from cuberail.games import get_game

TITLES = ("chicago-express", "trans-siberian")


def _legal(env: ppo.MaskedVecEnv, row: int) -> set[int]:
    table = action_table(env.env.env.title)
    return set(table.legal_ids(env.env.env.states()[row]))


@pytest.mark.parametrize("title", TITLES)
def test_masks_are_the_legal_ids_of_the_learners_games(title: str) -> None:
    env = ppo.make_vec_env(title, 3, opponent="random", seed=4, reward="margin")
    obs = env.reset()
    layout = layout_for(title)
    rng = np.random.default_rng(0)
    ended = 0
    for _ in range(150 if title == "chicago-express" else 90):
        masks = get_action_masks(env)
        assert masks.shape == (3, env.action_space.n) and masks.dtype == np.bool_
        states = env.env.env.states()
        for row in range(3):
            assert states[row].current_player() == 0  # the learner's turn in every game
            assert set(np.flatnonzero(masks[row]).tolist()) == _legal(env, row)
            assert np.array_equal(obs[row], layout.encode(states[row], 0))
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in masks])
        obs, rewards, dones, infos = env.step(actions)
        for row in range(3):
            if dones[row]:
                ended += 1
                assert "terminal_observation" in infos[row]
                assert -1.0 < rewards[row] < 1.0
                assert rewards[row] == pytest.approx(env.env.margins[row])
            else:
                assert rewards[row] == 0.0 and "terminal_observation" not in infos[row]
    assert ended > 0


def test_score_margin_is_positive_exactly_for_a_lone_winner() -> None:
    assert ppo.score_margin([10, 40, 30, 0], 1) > 0
    assert ppo.score_margin([40, 40, 30, 0], 1) == 0
    assert ppo.score_margin([10, 40, 30, 0], 2) == pytest.approx(-10 / 41)
    assert ppo.score_margin([-5, 0, 0, 0], 0) == pytest.approx(-5 / 6)


def test_win_and_rank_rewards_pass_through_and_an_unknown_one_is_refused() -> None:
    env = ppo.make_vec_env("chicago-express", 2, opponent="random", reward="rank")
    assert not env.margin and env.env.env.reward == "rank"
    with pytest.raises(CuberailError, match="reward"):
        ppo.make_vec_env("chicago-express", 2, reward="score")


@pytest.fixture(scope="module")
def policies(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """A tiny policy per title: a second of CPU time (one small update at most)."""
    folder = tmp_path_factory.mktemp("ppo")
    out = {}
    for title in TITLES:
        config = ppo.TrainConfig(title, opponent="random", seconds=1.0, seed=1, num_envs=2,
                                 n_steps=8, batch_size=8, n_epochs=1, hidden=16)
        _, report = ppo.train(config, folder / f"{title}.zip")
        assert report.steps > 0 and report.config == config
        out[title] = folder / f"{title}.zip"
    return out


@pytest.mark.parametrize("title", TITLES)
def test_policy_bot_plays_legal_moves_in_every_seat_to_the_end(
        title: str, policies: dict[str, Path]) -> None:
    bot = ppo.PolicyBot(policies[title], title)
    state = get_game(title).new_game(4, None)
    moves = 0
    while not state.is_terminal():
        action = bot.choose(state)
        assert action in state.legal_actions()
        state.apply(action)
        moves += 1
    assert moves > 20 and len(state.result().scores) == 4


@pytest.mark.parametrize("title", TITLES)
def test_policy_bot_picks_the_most_probable_legal_id(
        title: str, policies: dict[str, Path]) -> None:
    bot = ppo.PolicyBot(policies[title])
    table, layout = action_table(title), layout_for(title)
    state = get_game(title).new_game(4, None)
    checked = 0
    while not state.is_terminal() and checked < 8:
        legal = table.legal_ids(state)
        if len(legal) > 1:
            obs = torch.as_tensor(layout.encode(state, state.current_player()))[None]
            mask = np.zeros(table.size, dtype=np.bool_)
            mask[list(legal)] = True
            with torch.no_grad():
                dist = bot.model.policy.get_distribution(obs, action_masks=mask[None])
                probs = dist.distribution.probs[0].numpy()
            best = max(legal, key=lambda i: probs[i])
            assert bot.choose(state) == legal[best]
            assert probs[~mask].max() < 1e-6  # ids not legal are masked out
            checked += 1
        state.apply(bot.choose(state))
    assert checked == 8


def test_policy_bot_refuses_a_policy_of_another_title(policies: dict[str, Path],
                                                      tmp_path: Path) -> None:
    with pytest.raises(CuberailError, match="a policy of chicago-express"):
        ppo.PolicyBot(policies["chicago-express"], "trans-siberian")
    bare = tmp_path / "bare.zip"
    bare.write_bytes(b"PK\x05\x06" + b"\0" * 18)  # an empty zip: no cuberail.json
    with pytest.raises(CuberailError, match="not a cuberail policy"):
        ppo.PolicyBot(bare)
    meta = ppo.read_meta(policies["trans-siberian"])
    assert meta["config"]["title"] == "trans-siberian"
    assert meta["observation_size"] == layout_for("trans-siberian").size


def test_command_line_trains_saves_and_plays(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "p.zip"
    assert ppo.main(["train", "--title", "ce", "--opponent", "random", "--seconds", "0.5",
                     "--envs", "2", "--out", str(out)]) == 0
    assert out.exists() and "saved" in capsys.readouterr().out
    assert ppo.main(["play", "--policy", str(out), "--opponent", "random", "--games", "1"]) == 0
    assert "over 1 games against 3 random" in capsys.readouterr().out
