"""A PPO baseline: sb3-contrib's MaskablePPO learning one seat against fixed bots.

    python -m cuberail.env.ppo train --title TITLE --opponent medium \\
        --seconds 200 --seed 0 --out policy.zip
    python -m cuberail.env.ppo play --policy policy.zip --games 4   # against 3 medium

The learner holds seat ``seat`` (default 0) of a 4-player game; the other seats are
played by a fixed bot level (default ``medium``) through the batched environment
(:class:`cuberail.env.vector.SingleSeatVectorEnv`), wrapped here as a
stable-baselines3 ``VecEnv`` (:class:`MaskedVecEnv`) whose ``env_method("action_masks")``
gives MaskablePPO the legal ids. The reward, 0 until the seat's game ends, is then its
**score margin** (``reward="margin"``, the default): its final score minus the best other
seat's, divided by the largest absolute score plus one, so it is in (-1, 1) and positive
exactly when the seat wins alone. Against three medium bots a beginner finishes last in
nearly every game, so the win share (``"win"``) and the rank (``"rank"``), also offered,
give nearly every game the same reward and nothing to learn from; the margin says how far
behind it finished. Training stops after ``seconds`` of this process's CPU time
(``time.process_time``; torch on one thread).

The saved file is MaskablePPO's zip with one more entry, ``cuberail.json`` (title,
observation size, action-id scheme version, opponent, seed, CPU seconds, steps), so a
:class:`PolicyBot` refuses a policy of another title or id scheme. ``PolicyBot`` plays
greedily: the most probable legal id at the observation of the seat to move, mapped
back to the engine's action through the title's action table.

Needs torch and sb3-contrib besides the research extra; nothing else in
:mod:`cuberail.env` imports this module.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
import zipfile
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
import torch
from sb3_contrib import MaskablePPO
from stable_baselines3.common.callbacks import BaseCallback
from stable_baselines3.common.vec_env import VecEnv
from stable_baselines3.common.vec_env.base_vec_env import VecEnvIndices, VecEnvStepReturn

from cuberail.bots.base import Bot
from cuberail.core.actions import Action
from cuberail.core.errors import CuberailError
from cuberail.core.state import GameState
from cuberail.env.actions import ACTION_SCHEME_VERSION, action_table, fast_legal_ids
from cuberail.env.observe import layout_for
from cuberail.env.vector import REWARDS as ENV_REWARDS
from cuberail.env.vector import SingleSeatVectorEnv
from cuberail.games import get_game

META = "cuberail.json"  # the extra entry of a saved policy's zip
NUM_PLAYERS = 4
REWARDS = ("margin", *ENV_REWARDS)


def score_margin(scores: Sequence[float], seat: int) -> float:
    """``seat``'s score minus the best other's, over the largest absolute score plus one.

    >>> score_margin([50, 80, 20, 0], 1), score_margin([50, 80, 20, 0], 3)
    (0.37037037037037035, -0.9876543209876543)
    """
    best = max(s for i, s in enumerate(scores) if i != seat)
    return (scores[seat] - best) / (max(abs(s) for s in scores) + 1.0)


class MarginSeatEnv(SingleSeatVectorEnv):
    """:class:`SingleSeatVectorEnv` whose finished games also leave the learner's score
    margin (:func:`score_margin`) in :attr:`margins` (rows of games ended since the last
    :meth:`step`)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.margins: dict[int, float] = {}

    def step(self, actions: npt.NDArray[Any]) -> tuple[
            npt.NDArray[np.float32], npt.NDArray[np.float32], npt.NDArray[np.bool_],
            npt.NDArray[np.bool_], dict[str, Any]]:
        self.margins = {}
        return super().step(actions)

    def _finals(self, finals: dict[int, npt.NDArray[np.float32]]
                ) -> dict[int, npt.NDArray[np.float32]]:
        for row, state in self.env.final_states.items():
            self.margins[row] = score_margin(state.result().scores, self.seat)
        return super()._finals(finals)


class MaskedVecEnv(VecEnv):
    """A :class:`SingleSeatVectorEnv` as a stable-baselines3 ``VecEnv`` with action masks.

    ``env_method("action_masks")`` returns one boolean mask per game (the learner's legal
    ids), as :func:`sb3_contrib.common.maskable.utils.get_action_masks` reads them; a
    finished game's last observation is ``infos[i]["terminal_observation"]``.
    """

    def __init__(self, env: SingleSeatVectorEnv, margin: bool = False) -> None:
        if margin and not isinstance(env, MarginSeatEnv):
            raise CuberailError("the margin reward needs a MarginSeatEnv")
        self.env, self.margin = env, margin
        super().__init__(env.num_envs, env.single_observation_space, env.single_action_space)
        self._mask = np.zeros((env.num_envs, env.env.num_actions), dtype=np.bool_)
        self._actions: npt.NDArray[np.int64] = np.zeros(env.num_envs, dtype=np.int64)
        self._reset_seed: int | None = None

    def reset(self) -> npt.NDArray[np.float32]:
        seed, self._reset_seed = self._reset_seed, None
        obs, infos = self.env.reset(seed=seed)
        self._mask[:] = infos["action_mask"] == 1
        return obs

    def seed(self, seed: int | None = None) -> Sequence[int | None]:
        """The seed of the next :meth:`reset` (games and opponents restart from it)."""
        self._reset_seed = seed
        return [seed] * self.num_envs

    def step_async(self, actions: npt.NDArray[Any]) -> None:
        self._actions = np.asarray(actions, dtype=np.int64).reshape(self.num_envs)

    def step_wait(self) -> VecEnvStepReturn:
        obs, reward, done, truncated, infos = self.env.step(self._actions)
        self._mask[:] = infos["action_mask"] == 1
        ended = done | truncated
        if self.margin:
            assert isinstance(self.env, MarginSeatEnv)
            reward = np.zeros(self.num_envs, dtype=np.float32)
            for row, margin in self.env.margins.items():
                reward[row] = margin
        out: list[dict[str, Any]] = [{} for _ in range(self.num_envs)]
        for row in np.flatnonzero(ended).tolist():
            out[row]["terminal_observation"] = infos["final_obs"][row]
            out[row]["TimeLimit.truncated"] = bool(truncated[row] and not done[row])
        return obs, reward, ended, out

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The learner's legal ids of every game, (num_envs, actions) booleans."""
        return self._mask.copy()

    def close(self) -> None:
        self.env.close()

    def _rows(self, indices: VecEnvIndices) -> list[int]:
        if indices is None:
            return list(range(self.num_envs))
        if isinstance(indices, int):
            return [indices]
        return list(indices)

    def get_attr(self, attr_name: str, indices: VecEnvIndices = None) -> list[Any]:
        """An attribute of the batched env, once per game asked (the games share it)."""
        value = getattr(self.env, attr_name)
        return [value for _ in self._rows(indices)]

    def set_attr(self, attr_name: str, value: Any, indices: VecEnvIndices = None) -> None:
        setattr(self.env, attr_name, value)

    def env_method(self, method_name: str, *method_args: Any, indices: VecEnvIndices = None,
                   **method_kwargs: Any) -> list[Any]:
        """``action_masks``: one game's mask per index; another method: the batched env's
        (called once), its result given to every index."""
        rows = self._rows(indices)
        if method_name == "action_masks":
            return [self._mask[row].copy() for row in rows]
        result = getattr(self.env, method_name)(*method_args, **method_kwargs)
        return [result for _ in rows]

    def env_is_wrapped(self, wrapper_class: type[Any], indices: VecEnvIndices = None
                       ) -> list[bool]:
        return [False for _ in self._rows(indices)]

    def has_attr(self, attr_name: str) -> bool:
        return attr_name == "action_masks" or hasattr(self.env, attr_name)


def make_vec_env(title: str, num_envs: int = 16, opponent: str = "medium", seed: int = 0,
                 reward: str = "margin", seat: int = 0) -> MaskedVecEnv:
    """The training env: ``num_envs`` games, the learner at ``seat``, ``opponent`` elsewhere."""
    if reward not in REWARDS:
        raise CuberailError(f"reward {reward!r}: choose one of {', '.join(REWARDS)}")
    margin = reward == "margin"
    single = MarginSeatEnv(title, num_envs, NUM_PLAYERS, seat, opponent, seed,
                           reward="win" if margin else reward)
    env = MaskedVecEnv(single, margin)
    env.seed(seed)
    return env


# ----- training ----------------------------------------------------------------------------


@dataclass(frozen=True)
class TrainConfig:
    """What one training run is: its title, opponents, budget and PPO's settings."""

    title: str
    opponent: str = "medium"
    seconds: float = 200.0  # CPU seconds of this process
    seed: int = 0
    reward: str = "margin"
    seat: int = 0
    num_envs: int = 16
    n_steps: int = 64  # per game and update: 1,024 learner decisions per update
    batch_size: int = 256
    n_epochs: int = 4
    learning_rate: float = 3e-4
    gamma: float = 1.0  # one reward at the end of a game: no discount
    ent_coef: float = 0.01
    hidden: int = 128  # two hidden layers of this width, policy and value apart


@dataclass(frozen=True)
class TrainReport:
    """What a run did: its configuration, env steps (learner decisions), games, CPU time."""

    config: TrainConfig
    steps: int
    games: int
    cpu_seconds: float
    mean_reward_last: float  # mean final reward of the last 100 finished games
    observation_size: int
    action_scheme_version: int = ACTION_SCHEME_VERSION

    def to_json(self) -> dict[str, Any]:
        out = asdict(self)
        out["config"] = asdict(self.config)
        return out


class _Budget(BaseCallback):
    """Stops training after ``seconds`` of process CPU time; counts finished games."""

    def __init__(self, seconds: float) -> None:
        super().__init__()
        self.seconds, self.start = seconds, time.process_time()
        self.games = 0
        self.finals: list[float] = []

    def _on_step(self) -> bool:
        dones, rewards = self.locals["dones"], self.locals["rewards"]
        for row in np.flatnonzero(dones).tolist():
            self.games += 1
            self.finals.append(float(rewards[row]))
        return time.process_time() - self.start < self.seconds

    @property
    def used(self) -> float:
        return time.process_time() - self.start


def train(config: TrainConfig, out: Path | None = None) -> tuple[MaskablePPO, TrainReport]:
    """Train a policy for ``config.seconds`` CPU seconds; save it to ``out`` if given."""
    torch.set_num_threads(1)
    title = get_game(config.title).title
    env = make_vec_env(title, config.num_envs, config.opponent, config.seed, config.reward,
                       config.seat)
    arch = {"pi": [config.hidden, config.hidden], "vf": [config.hidden, config.hidden]}
    model = MaskablePPO("MlpPolicy", env, n_steps=config.n_steps,
                        batch_size=config.batch_size, n_epochs=config.n_epochs,
                        learning_rate=config.learning_rate, gamma=config.gamma,
                        ent_coef=config.ent_coef, seed=config.seed, device="cpu", verbose=0,
                        policy_kwargs={"net_arch": arch})
    budget = _Budget(config.seconds)
    model.learn(total_timesteps=10**12, callback=budget)
    finals = budget.finals[-100:]
    report = TrainReport(config, int(model.num_timesteps), budget.games, budget.used,
                         float(np.mean(finals)) if finals else 0.0,
                         int(env.observation_space.shape[0]))  # type: ignore[index]
    env.close()
    if out is not None:
        save(model, report, out)
    return model, report


def save(model: MaskablePPO, report: TrainReport, out: Path) -> Path:
    """MaskablePPO's zip at ``out`` plus the ``cuberail.json`` entry (see the docstring)."""
    out = Path(out)
    if out.suffix != ".zip":
        raise CuberailError(f"{out}: a policy file ends in .zip")
    out.parent.mkdir(parents=True, exist_ok=True)
    model.save(out)
    with zipfile.ZipFile(out, "a") as archive:
        archive.writestr(META, json.dumps(report.to_json(), indent=1))
    return out


def read_meta(path: Path) -> dict[str, Any]:
    """The ``cuberail.json`` entry of a saved policy."""
    with zipfile.ZipFile(path) as archive:
        if META not in archive.namelist():
            raise CuberailError(f"{path}: not a cuberail policy (no {META} inside)")
        meta: dict[str, Any] = json.loads(archive.read(META))
    return meta


# ----- playing -----------------------------------------------------------------------------


class PolicyBot(Bot):
    """A saved policy as a bot: the most probable legal id for the seat to move (greedy).

    The observation is the title's (:func:`cuberail.env.observe.layout_for`) for the seat
    to move, so the policy plays any seat (observations are seen from the observer)."""

    def __init__(self, path: str | Path, title: str | None = None) -> None:
        torch.set_num_threads(1)
        self.path = Path(path)
        self.meta = read_meta(self.path)
        self.title = get_game(str(self.meta["config"]["title"])).title
        if title is not None and get_game(title).title != self.title:
            raise CuberailError(f"{self.path}: a policy of {self.title}, not of {title}")
        if int(self.meta["action_scheme_version"]) != ACTION_SCHEME_VERSION:
            raise CuberailError(f"{self.path}: action-id scheme"
                                f" {self.meta['action_scheme_version']}, this cuberail's is"
                                f" {ACTION_SCHEME_VERSION}")
        self.layout, self.table = layout_for(self.title), action_table(self.title)
        if int(self.meta["observation_size"]) != self.layout.size:
            raise CuberailError(f"{self.path}: observations of {self.meta['observation_size']}"
                                f" floats, {self.title}'s are {self.layout.size}")
        self.model = MaskablePPO.load(self.path, device="cpu")
        self.name = f"ppo:{self.path.name}"

    def choose(self, state: GameState) -> Action:
        legal = fast_legal_ids(self.table, state)
        if len(legal) == 1:
            return next(iter(legal.values()))
        obs = self.layout.encode(state, state.current_player())
        mask = np.zeros(self.table.size, dtype=np.bool_)
        mask[list(legal)] = True
        action_id, _ = self.model.predict(obs, deterministic=True, action_masks=mask)
        return legal[int(action_id)]


# ----- command line ------------------------------------------------------------------------


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m cuberail.env.ppo", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True)
    t = commands.add_parser("train", help="train a policy for a CPU-time budget and save it")
    t.add_argument("--title", required=True, help="a title or alias (cuberail.games.titles())")
    t.add_argument("--opponent", default="medium", help="the bot of the other seats")
    t.add_argument("--seconds", type=float, default=200.0, help="CPU seconds (default 200)")
    t.add_argument("--seed", type=int, default=0)
    t.add_argument("--reward", choices=REWARDS, default="margin")
    t.add_argument("--envs", type=int, default=16, help="games stepped together")
    t.add_argument("--out", required=True, help="the policy file (.zip)")
    p = commands.add_parser("play", help="a saved policy against three bots, seats rotated")
    p.add_argument("--policy", required=True)
    p.add_argument("--opponent", default="medium")
    p.add_argument("--games", type=int, default=4)
    p.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    try:
        return _train(args) if args.command == "train" else _play(args)
    except CuberailError as error:
        parser.error(str(error))
    return 2


def _train(args: argparse.Namespace) -> int:
    config = TrainConfig(get_game(args.title).title, args.opponent, args.seconds, args.seed,
                         args.reward, num_envs=args.envs)
    _, report = train(config, Path(args.out))
    print(f"{config.title}: {report.steps} decisions, {report.games} games in"
          f" {report.cpu_seconds:.0f} CPU-s against 3 {config.opponent}; mean final"
          f" {config.reward} reward of the last {min(report.games, 100)} games"
          f" {report.mean_reward_last:+.3f}; saved {args.out}")
    return 0


def _play(args: argparse.Namespace) -> int:
    from cuberail.bots.arena import bot_seed, seat_names, wilson
    from cuberail.bots.registry import make_bot

    bot = PolicyBot(args.policy)
    info, wins, ranks = get_game(bot.title), 0.0, []
    for game in range(args.games):
        names = seat_names(["ppo"] + [args.opponent] * 3, game)
        players = [bot if n == "ppo" else make_bot(n, bot_seed(args.seed, game, s))
                   for s, n in enumerate(names)]
        state = info.new_game(NUM_PLAYERS, None)
        while not state.is_terminal():
            state.apply(players[state.current_player()].choose(state))
        seat, result = names.index("ppo"), state.result()
        wins += result.returns()[seat]
        ranks.append(result.ranks()[seat])
    lo, hi = wilson(wins, args.games)
    print(f"{bot.title}: win share {wins / args.games:.3f} ({lo:.3f}-{hi:.3f}), mean rank"
          f" {float(np.mean(ranks)):.2f} over {args.games} games against 3 {args.opponent}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
