"""A PettingZoo AEC environment over any cuberail title.

One agent per seat (``player_0`` ...). The agent to act is the engine's current
player; a turn-based game, so only that agent's action mask has ones. Each
observation is ``{"observation": float32 vector, "action_mask": int8 vector}``
(layouts: :mod:`cuberail.env.observe`; action ids: :mod:`cuberail.env.actions`).
``state()`` is the global state: the observation from seat 0's view (it has every
seat's holdings and whose turn it is, so it is the whole game), the same whatever
the agent; ``state_space`` declares it. ``metadata["action_scheme_version"]`` is the
version of the action ids (:data:`cuberail.env.actions.ACTION_SCHEME_VERSION`). An
env pickles, mid-game too (the tables are rebuilt from the title on unpickling).

``infos[agent]["snapshot"]`` carries the engine's JSON snapshot when the env is
made with ``snapshot=True`` (for debugging: it costs a full JSON build per step).

Rewards come at the end: ``reward="win"`` (default) gives the win share (winners
share 1.0, the others 0), ``reward="rank"`` maps ranks linearly to [-1, 1] (first
+1, last -1, ties share the mean). ``max_cycles`` truncates the episode after
that many decisions per seat on average (``max_cycles * players`` decisions in
all); None plays to the end.

The rules have no chance: a game is fixed by its actions. ``reset(seed=...)``
seeds the action spaces' samplers and, for a title with a ``seed`` rule option (a
random start player), that option too (unless the options give one), so equal seeds
give equal episodes.
"""

from __future__ import annotations

import io
from collections.abc import Mapping
from typing import Any

import gymnasium
import numpy as np
from pettingzoo import AECEnv

from cuberail.core.errors import CuberailError
from cuberail.core.game import GameInfo
from cuberail.core.state import GameResult, GameState
from cuberail.env.actions import ACTION_SCHEME_VERSION, ActionTable, action_table
from cuberail.env.observe import Layout, Vector, layout_for
from cuberail.games import get_game
from cuberail.terminal import face

REWARDS = ("win", "rank")
RENDER_MODES = ("ansi", "human")
Observation = dict[str, Any]


def rank_rewards(result: GameResult) -> list[float]:
    """Ranks mapped to [-1, 1]: first +1, last -1, tied seats share the mean of their ranks."""
    n = len(result.scores)
    if n < 2:
        return [0.0] * n
    return [1.0 - 2.0 * (r - 1.0) / (n - 1.0) for r in result.ranks()]


class CuberailEnv(AECEnv):  # type: ignore[misc]
    """The AEC environment of one title; see the module docstring."""

    def __init__(self, title: str, players: int = 4, options: Mapping[str, Any] | None = None,
                 reward: str = "win", max_cycles: int | None = None,
                 render_mode: str | None = None, snapshot: bool = False) -> None:
        super().__init__()
        self.metadata: dict[str, Any] = {
            "render_modes": list(RENDER_MODES), "is_parallelizable": False,
            "name": f"cuberail_{get_game(title).title.replace('-', '_')}_v0",
            "action_scheme_version": ACTION_SCHEME_VERSION}
        self.info: GameInfo = get_game(title)
        self.info.new_game(players, options)  # refuse bad players/options now, clearly
        if reward not in REWARDS:
            raise CuberailError(f"reward {reward!r}: choose one of {', '.join(REWARDS)}")
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise CuberailError(f"render_mode {render_mode!r}: choose ansi or human")
        if max_cycles is not None and max_cycles < 1:
            raise CuberailError("max_cycles must be at least 1 (or None)")
        self.players, self.options = players, dict(options or {})
        self.reward_kind, self.max_cycles = reward, max_cycles
        self.render_mode, self.with_snapshot = render_mode, snapshot
        self.table: ActionTable = action_table(self.info.title)
        self.layout: Layout = layout_for(self.info.title)
        self.possible_agents = [f"player_{i}" for i in range(players)]
        box = gymnasium.spaces.Box(0.0, np.inf, (self.layout.size,), np.float32)
        mask = gymnasium.spaces.Box(0, 1, (self.table.size,), np.int8)
        self._obs_space = gymnasium.spaces.Dict({"observation": box, "action_mask": mask})
        self._act_space = gymnasium.spaces.Discrete(self.table.size)
        self.observation_spaces = dict.fromkeys(self.possible_agents, self._obs_space)
        self.action_spaces = dict.fromkeys(self.possible_agents, self._act_space)
        self.state_space = box
        self.state_: GameState = self.info.new_game(players, options)
        self._legal: dict[int, Any] = {}
        self._steps = 0

    # ----- pickling: the title's tables are shared, rebuilt on loading -------------

    _SHARED = ("info", "table", "layout")

    def __getstate__(self) -> dict[str, Any]:
        return {k: v for k, v in self.__dict__.items() if k not in self._SHARED}

    def __setstate__(self, saved: dict[str, Any]) -> None:
        self.__dict__.update(saved)
        title = self.state_.title
        self.info, self.table, self.layout = get_game(title), action_table(title), \
            layout_for(title)

    # ----- spaces -------------------------------------------------------------------

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.action_spaces[agent]

    # ----- episode ------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game; ``options`` (PettingZoo's reset options) are ignored."""
        rules = dict(self.options)
        if seed is not None:
            for i, agent in enumerate(self.possible_agents):
                self.action_spaces[agent].seed(seed + i)
            if "seed" not in rules and any(o.name == "seed" for o in self.info.options):
                rules["seed"] = seed % 2**31
        self.state_ = self.info.new_game(self.players, rules)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._steps = 0
        self._refresh()

    def _refresh(self) -> None:
        """Select the engine's current player and list its legal ids."""
        seat = self.state_.current_player()
        self._legal = self.table.legal_ids(self.state_) if seat >= 0 else {}
        if seat >= 0:
            self.agent_selection = self.possible_agents[seat]
        if self.with_snapshot:
            snap = self.state_.to_json()
            for agent in self.agents:
                self.infos[agent]["snapshot"] = snap

    def observe(self, agent: str) -> Observation:
        seat = self.possible_agents.index(agent)
        mask = np.zeros(self.table.size, dtype=np.int8)
        if agent == self.agent_selection and not self.state_.is_terminal():
            mask[list(self._legal)] = 1
        return {"observation": self.encode(seat), "action_mask": mask}

    def state(self) -> Vector:
        """The global state: the observation vector from seat 0's view (see the docstring)."""
        return self.layout.encode(self.state_, 0)

    def encode(self, seat: int) -> Vector:
        """The observation vector of the current state for ``seat``."""
        return self.layout.encode(self.state_, seat)

    def legal_ids(self) -> list[int]:
        """The legal action ids of the agent to act, ascending."""
        return sorted(self._legal)

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None or int(action) not in self._legal:
            raise CuberailError(f"action {action!r} is not legal for {agent}; legal ids:"
                                f" {self.legal_ids()[:20]}")
        self._cumulative_rewards[agent] = 0.0
        self.state_.apply(self._legal[int(action)])
        self._steps += 1
        if self.state_.is_terminal():
            self._finish()
        elif self.max_cycles is not None and self._steps >= self.max_cycles * self.players:
            self.truncations = dict.fromkeys(self.agents, True)
        self._refresh()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _finish(self) -> None:
        result = self.state_.result()
        values = result.returns() if self.reward_kind == "win" else rank_rewards(result)
        self.rewards = {a: float(values[i]) for i, a in enumerate(self.possible_agents)}
        self.terminations = dict.fromkeys(self.agents, True)
        for i, agent in enumerate(self.possible_agents):
            self.infos[agent]["scores"] = list(result.scores)
            self.infos[agent]["seat"] = i

    # ----- views --------------------------------------------------------------------

    def snapshot(self) -> dict[str, Any]:
        """The engine's JSON snapshot of the current state."""
        return self.state_.to_json()

    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() without a render_mode: make the env with"
                                  " render_mode='ansi' or 'human'")
            return None
        from rich.console import Console

        console = Console(width=120, record=True, force_terminal=False,
                          file=None if self.render_mode == "human" else io.StringIO())
        console.print(face(self.info.title).render(self.state_, self.possible_agents))
        text = console.export_text()
        return text if self.render_mode == "ansi" else None

    def close(self) -> None:
        pass

