"""A researcher's first hour with cuberail, in one notebook-sized script (runs in seconds).

    pip install 'cuberail[research]'
    python docs/research_example.py

1. load the PettingZoo environment and play random legal (masked) actions;
2. load the same title in OpenSpiel and run a few steps of its own MCTS;
3. write a little self-play data with our MCTS and read it back as arrays,
   the shape a policy/value network would train on.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts

import cuberail.openspiel  # noqa: F401  (registers cuberail_chicago_express, ...)
from cuberail.env import chicago_express_v0, selfplay
from cuberail.env.actions import action_table

# 1. PettingZoo: random masked actions until the game ends.
env = chicago_express_v0.env(players=4)
env.reset(seed=42)
rng = np.random.default_rng(42)
totals: dict[str, float] = {}
for agent in env.agent_iter():
    obs, reward, termination, truncation, info = env.last()
    totals[agent] = totals.get(agent, 0.0) + reward
    if termination or truncation:
        env.step(None)
        continue
    legal = np.flatnonzero(obs["action_mask"])  # ids of the fixed Discrete action space
    env.step(int(rng.choice(legal)))
print("PettingZoo: observation floats", obs["observation"].shape[0],
      "| final win shares", totals)

# 2. OpenSpiel: the same title as a registered game; OpenSpiel's MCTS picks a move.
game = pyspiel.load_game("cuberail_trans_siberian", {"players": 3})
state = game.new_initial_state()
bot = mcts.MCTSBot(game, 2.0, 20, mcts.RandomRolloutEvaluator(1, np.random.RandomState(0)),
                   random_state=np.random.RandomState(1))
for _ in range(3):
    action = bot.step(state)
    print("OpenSpiel: player", state.current_player(), "plays",
          state.action_to_string(action))
    state.apply_action(action)

# 3. Self-play data: two short games of our MCTS, written as a shard and loaded back.
with tempfile.TemporaryDirectory() as tmp:
    name, data, _ = selfplay.play_shard("trans-siberian", ["mcts:10"] * 3, seed=1,
                                        indices=[0, 1])
    selfplay.write_shard(Path(tmp), name, data)
    d = selfplay.load(tmp)  # a directory of shards, from one machine or many
    x, pi, z = d.obs, d.policies(), d.outcome  # network input, policy target, value target
    legal = d.masks()
    print(f"self-play: {len(d)} decisions, obs {x.shape}, policy {pi.shape},"
          f" mean outcome {z.mean():.2f}, visits only on legal ids: {not pi[~legal].any()}")
    top = int(pi[0].argmax())
    print("first decision's most visited move:", action_table("ts").text(top))
