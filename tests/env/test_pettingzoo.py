"""The PettingZoo environments: PettingZoo's own api_test and seed_test, and our contracts.

PettingZoo's ``max_cycles_test`` needs a ``parallel_env`` and agents that act once
per cycle in a fixed order; these games are turn based with an irregular order,
so it does not apply (PettingZoo runs it only on its butterfly, MPE and SISL
suites). ``test_max_cycles_truncates_every_agent_after_the_budget`` checks what
it checks, for a turn-based game: the truncation and each agent's last step.
"""

from __future__ import annotations

import random
import warnings
from types import ModuleType

import pytest

pytest.importorskip("pettingzoo")

import numpy as np
from pettingzoo.test import api_test, seed_test

from cuberail.core.errors import CuberailError
from cuberail.env import chicago_express_v0, trans_siberian_v0
from cuberail.env.actions import action_table
from cuberail.env.aec import rank_rewards
from cuberail.games import get_game

MODULES = [chicago_express_v0, trans_siberian_v0]
IDS = ["chicago-express", "trans-siberian"]


def _play(env: object, seed: int) -> tuple[list[int], dict[str, float]]:
    """Play random masked actions to the end; the actions taken and each agent's reward."""
    rng = np.random.default_rng(seed)
    taken: list[int] = []
    totals: dict[str, float] = {}
    env.reset(seed=seed)  # type: ignore[attr-defined]
    for agent in env.agent_iter():  # type: ignore[attr-defined]
        obs, reward, term, trunc, _ = env.last()  # type: ignore[attr-defined]
        totals[agent] = totals.get(agent, 0.0) + reward
        action = None
        if not (term or trunc):
            action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
            taken.append(action)
        env.step(action)  # type: ignore[attr-defined]
    return taken, totals


@pytest.mark.parametrize("module", MODULES, ids=IDS)
def test_pettingzoo_api_test_passes(module: ModuleType) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # its advice to use a Box space: a mask needs a Dict
        api_test(module.env(players=4), num_cycles=300)
        api_test(module.env(players=3, max_cycles=4), num_cycles=50)


@pytest.mark.parametrize("module", MODULES, ids=IDS)
def test_pettingzoo_seed_test_passes(module: ModuleType) -> None:
    seed_test(lambda: module.env(players=4), num_cycles=200)


@pytest.mark.parametrize("module", MODULES, ids=IDS)
def test_max_cycles_truncates_every_agent_after_the_budget(module: ModuleType) -> None:
    env = module.env(players=3, max_cycles=2)
    env.reset(seed=0)
    decisions, dead = 0, []
    for agent in env.agent_iter():
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            dead.append(agent)
            env.step(None)
            continue
        decisions += 1
        env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert decisions == 6
    assert sorted(dead) == ["player_0", "player_1", "player_2"]


@pytest.mark.parametrize("module", MODULES, ids=IDS)
def test_same_seed_same_episode_and_rewards_are_win_shares(module: ModuleType) -> None:
    a, b = module.env(players=4), module.env(players=4)
    first, final = _play(a, 5)
    assert (first, final) == _play(b, 5)
    assert sum(final.values()) == pytest.approx(1.0)
    assert all(v in (0.0, 0.5, 1.0 / 3, 0.25, 1.0) for v in final.values())


def test_rank_rewards_run_from_plus_one_to_minus_one_with_shared_ties() -> None:
    from cuberail.core.state import GameResult

    assert rank_rewards(GameResult.from_scores([10, 30, 20, 5])) == pytest.approx(
        [-1 / 3, 1.0, 1 / 3, -1.0])
    assert rank_rewards(GameResult.from_scores([7, 7, 1])) == pytest.approx([0.5, 0.5, -1.0])


def test_rank_reward_option_pays_the_winner_one() -> None:
    env = chicago_express_v0.env(players=3, reward="rank")
    _, totals = _play(env, 2)
    result = env.unwrapped.state_.result()
    got = [totals[f"player_{i}"] for i in range(3)]
    assert got == pytest.approx(rank_rewards(result))


def test_an_illegal_action_ends_the_game_with_minus_one_for_the_offender() -> None:
    env = chicago_express_v0.env(players=4)
    env.reset(seed=0)
    obs, *_ = env.last()
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        env.step(illegal)
    assert env.rewards["player_0"] == -1
    assert all(env.terminations.values())


@pytest.mark.parametrize("title", IDS)
def test_every_legal_action_has_its_own_id(title: str) -> None:
    """Random games: ids map one to one to the engine's actions (more: test_action_ids_exact)."""
    table, info, rng = action_table(title), get_game(title), random.Random(3)
    for _ in range(4):
        state = info.new_game(4)
        while not state.is_terminal():
            legal = state.legal_actions()
            ids = table.legal_ids(state)
            assert sorted(ids.values()) == sorted(legal)
            state.apply(rng.choice(list(ids.values())))


def test_bids_have_an_id_per_dollar() -> None:
    table = action_table("ce")
    assert table.text(table.bid_base + 11) == "bid 12"
    assert table.text(table.bid_base + 102) == "bid 103"
    assert table.text(table.bid_base + table.max_bid - 1) == f"bid {table.max_bid}"


def test_jump_ids_keep_the_link_and_the_set_of_payees() -> None:
    from cuberail.core.actions import Action

    table = action_table("ts")
    once = table.id_of(Action("link", ("omsk-barnaul", "pay:blue,green")))
    twice = table.id_of(Action("link", ("omsk-barnaul", "pay:blue,blue,green")))
    direct = table.id_of(Action("link", ("omsk-barnaul",)))
    assert once == twice and once is not None and direct is not None and once > direct
    assert table.text(once) == "link omsk-barnaul pay-set:blue,green"


@pytest.mark.parametrize("module", MODULES, ids=IDS)
def test_observation_is_seen_from_the_observer(module: ModuleType) -> None:
    env = module.raw_env(players=3)
    env.reset()
    cash = env.layout.offsets()[2]
    assert cash[1].name == "cash"
    state = env.state_
    state.cash[1] += 7
    at = cash[0]
    assert env.encode(1)[at] == pytest.approx(state.cash[1] / 100)
    assert env.encode(0)[at + 1] == pytest.approx(state.cash[1] / 100)
    seats = env.encode(0)[:env.layout.max_players]
    assert list(seats) == [1.0, 1.0, 1.0] + [0.0] * (env.layout.max_players - 3)


def test_snapshot_info_carries_the_engine_json() -> None:
    env = trans_siberian_v0.env(players=3, snapshot=True)
    env.reset()
    *_, info = env.last()
    assert info["snapshot"]["title"] == "trans-siberian"


@pytest.mark.parametrize("kwargs, words", [
    ({"players": 9}, "3 to 5 players"),
    ({"reward": "money"}, "win, rank"),
    ({"options": {"timing_track": 0}}, "timing_track"),
    ({"max_cycles": 0}, "max_cycles"),
])
def test_bad_arguments_are_refused_with_a_clear_message(kwargs: dict[str, object],
                                                        words: str) -> None:
    with pytest.raises(CuberailError, match=words):
        trans_siberian_v0.env(**kwargs)


def test_ansi_render_draws_the_table() -> None:
    env = chicago_express_v0.env(players=4, render_mode="ansi")
    env.reset()
    text = env.render()
    assert isinstance(text, str) and "PRR" in text
