"""A batched environment: ``num_envs`` games of one title stepped together.

    from cuberail.env import vector
    env = vector.make(title, num_envs=256, seed=0)  # any title with an env kit
    obs, mask = env.reset()                      # (256, obs_size) float32, (256, A) int8
    actions = vector.random_actions(mask, rng)   # any legal id per game
    obs, mask, rewards, done = env.step(actions)

Each game is turn-based: ``to_move[i]`` is the seat to act in game ``i``, ``obs[i]`` is
that seat's observation (:mod:`cuberail.env.observe`, equal to
``layout_for(title).encode(state, to_move[i])``) and ``mask[i]`` has ones at its legal
action ids (:mod:`cuberail.env.actions`). ``step`` applies ``actions[i]`` in game ``i``;
a game that ends gets ``done[i]`` and its result in ``rewards[i]`` (one value per seat,
as the AEC environment's: ``reward="win"`` the win share, ``"rank"`` ranks in [-1, 1];
zero otherwise) and is replaced at once by a new game, whose observation and mask are
returned (auto-reset). An id that is not legal raises :class:`IllegalActionId` before
any game is changed.

**The arrays returned are reused**: every call writes into the same preallocated
arrays (``obs``, ``mask``, ``rewards``, ``done``, ``to_move`` are read-only views of
them), so copy what you keep (``obs.copy()``). They are read-only because the encoder
rewrites only what changed.

Seeding: game ``k`` of env ``i`` (k = 0, 1, ... counting auto-resets) gets the seed
``SeedSequence([seed, i, k])``, used by titles with chance in their setup (the
``seed`` rule option, e.g. a random start player) unless the options
fix one. The rules have no other chance, so equal seeds and actions give equal games.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt

from cuberail.bots.base import Bot
from cuberail.core.actions import Action
from cuberail.core.errors import CuberailError
from cuberail.core.game import GameInfo
from cuberail.core.state import GameState
from cuberail.env import legal as legal_runs
from cuberail.env.actions import ACTION_SCHEME_VERSION, action_table, known_ids
from cuberail.env.batch import BatchEncoder
from cuberail.env.observe import batch_encoder_for, layout_for
from cuberail.games import get_game

REWARDS = ("win", "rank")
Ids = npt.NDArray[np.int64]


class IllegalActionId(CuberailError):
    """An action id that is not legal in its game."""


def make(title: str, num_envs: int, num_players: int = 4, seed: int = 0,
         options: Mapping[str, Any] | None = None, reward: str = "win") -> VectorEnv:
    """A batched environment of ``num_envs`` games of ``title``; see the module docstring."""
    return VectorEnv(title, num_envs, num_players, seed, options, reward)


class VectorEnv:
    """``num_envs`` games of one title, stepped together (see the module docstring)."""

    action_scheme_version = ACTION_SCHEME_VERSION

    def __init__(self, title: str, num_envs: int, num_players: int = 4, seed: int = 0,
                 options: Mapping[str, Any] | None = None, reward: str = "win") -> None:
        self.info: GameInfo = get_game(title)
        self.info.new_game(num_players, options)  # refuse bad players/options now, clearly
        if num_envs < 1:
            raise CuberailError("num_envs must be at least 1")
        if reward not in REWARDS:
            raise CuberailError(f"reward {reward!r}: choose one of {', '.join(REWARDS)}")
        self.title, self.num_envs, self.num_players = self.info.title, num_envs, num_players
        self.seed, self.options, self.reward = seed, dict(options or {}), reward
        self.table = action_table(title)
        self.layout = layout_for(title)
        self.observation_size, self.num_actions = self.layout.size, self.table.size
        self._seeded = "seed" not in self.options and any(
            o.name == "seed" for o in self.info.options)
        self._alloc()
        self.encoder: BatchEncoder = batch_encoder_for(title, self._obs)
        self._states: list[GameState] = []
        self._known = known_ids(self.table)  # id(action) -> action id (legal.gather)
        self._order: list[Action | None] = [  # [id]: its object, if _known finds it so
            a if self._known.get(id(a)) == i else None for i, a in enumerate(self.table.actions)]
        self._table: list[Action] = list(self.table.actions)  # [id]: its engine action
        self._slow: dict[int, dict[int, Action]] = {}  # games whose ids took the table
        self._games = [0] * num_envs
        self.final_states: dict[int, GameState] = {}

    def _alloc(self) -> None:
        n, p = self.num_envs, self.num_players
        self._obs = np.zeros((n, self.observation_size), dtype=np.float32)
        self._mask = np.zeros((n, self.num_actions), dtype=np.int8)
        self._rewards = np.zeros((n, p), dtype=np.float32)
        self._done = np.zeros(n, dtype=np.bool_)
        self._to_move = np.zeros(n, dtype=np.int64)
        self._set: Ids = np.zeros(0, dtype=np.int64)  # flat mask positions now set, in order
        self._ascending: tuple[Ids, Ids] | None = None  # _set ascending, and its rows
        self._in_order = False  # whether _set is ascending and no game is without ids
        self._counts: Ids = np.zeros(n, dtype=np.int64)
        self._seats: list[int] = []  # to_move as a list
        self._ended = False  # whether a game ended at the last step (rewards, done set)
        self._gathering = False  # whether step_all gathers the rows' observations
        self._rows = np.arange(n, dtype=np.int64)
        self._row_base = self._rows * self.num_actions
        self._flat_mask = self._mask.reshape(-1)  # a view
        self.obs, self.mask = _read_only(self._obs), _read_only(self._mask)
        self.rewards, self.done = _read_only(self._rewards), _read_only(self._done)
        self.to_move = _read_only(self._to_move)

    # ----- games ----------------------------------------------------------------------

    def game_seed(self, env: int, game: int) -> int:
        """The seed of game ``game`` (0, 1, ...) of env ``env``."""
        state = np.random.SeedSequence([self.seed, env, game]).generate_state(1)
        return int(state[0]) % 2**31

    def _new_game(self, env: int) -> GameState:
        rules = dict(self.options)
        if self._seeded:
            rules["seed"] = self.game_seed(env, self._games[env])
        self._games[env] += 1
        return self.info.new_game(self.num_players, rules)

    def states(self) -> list[GameState]:
        """The engine states of the games (live objects: do not change them)."""
        return list(self._states)

    def legal_ids(self, env: int) -> list[int]:
        """The legal action ids of game ``env``, ascending."""
        ids: list[int] = np.flatnonzero(self._mask[env]).tolist()
        return ids

    # ----- episode --------------------------------------------------------------------

    def reset(self) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.int8]]:
        """New games in every env (each env's game counter goes on); (obs, mask)."""
        self._states = [self._new_game(i) for i in range(self.num_envs)]
        self._rewards.fill(0.0)
        self._done.fill(False)
        self._refresh()
        self.encoder.reset_rows(self._states, range(self.num_envs))
        self.encoder.encode(self._states, self._seats, self._to_move)
        return self.obs, self.mask

    def step(self, actions: Sequence[int] | npt.NDArray[Any],
             active: npt.NDArray[np.bool_] | None = None) -> tuple[
            npt.NDArray[np.float32], npt.NDArray[np.int8], npt.NDArray[np.float32],
            npt.NDArray[np.bool_]]:
        """Play ``actions[i]`` in game ``i``; (obs, mask, rewards, done), see the docstring.

        ``active`` (bool per game), when given, steps only those games: the others keep
        their state, and their ``actions`` entries are ignored.
        """
        if not self._states:
            raise CuberailError("call reset() before step()")
        wanted, on = self._check(actions, active)
        if self._ended:  # only a game that ended has a reward or done set
            self._rewards.fill(0.0)
            self._done.fill(False)
        self._ended = True  # (until the step is through: an error midway cleans up next)
        taken, self.final_states, self._slow = self._slow, {}, {}
        gatherer = self.encoder.gatherer()
        if gatherer is None:
            runs = legal_runs.step_all(self._known, self._order, self.num_actions,
                                       self._states, self._table, wanted, on, taken,
                                       self._slow_ids, self._renew)
            self._set_masks(runs)
            if runs.ended:
                self.encoder.reset_rows(self._states, runs.ended)
            self.encoder.encode(self._states, self._seats, self._to_move)
        else:  # each game's observation gathered as it is stepped (states read once)
            ints: list[int] = []
            cells: list[int] = []
            self._gathering = True
            try:
                runs = legal_runs.step_all(self._known, self._order, self.num_actions,
                                           self._states, self._table, wanted, on, taken,
                                           self._slow_ids, self._renew, gatherer[0],
                                           gatherer[1], ints, cells)
            except BaseException:  # the gatherer remembers rows never written: forget all
                self.encoder.reset_rows(self._states, range(self.num_envs))
                raise
            finally:
                self._gathering = False
            self._set_masks(runs)
            self.encoder.put_gathered(ints, cells, self._to_move)
        self._ended = bool(runs.ended)
        return self.obs, self.mask, self.rewards, self.done

    def _check(self, actions: Sequence[int] | npt.NDArray[Any],
               active: npt.NDArray[np.bool_] | None) -> tuple[list[int], list[bool] | None]:
        """The ids as a list, and which games step (None: all), or :class:`IllegalActionId`
        before any game changed (:func:`legal.step_all` reads the ids' engine actions)."""
        ids = np.asarray(actions)
        if ids.shape != (self.num_envs,) or ids.dtype.kind not in "iu":
            raise CuberailError(f"actions must be {self.num_envs} integer ids, got"
                                f" {ids.dtype} {ids.shape}")
        if active is None and ids.dtype == np.int64 and ids.min() >= 0 \
                and ids.max() < self.num_actions and self._flat_mask[self._row_base + ids].all():
            return ids.tolist(), None  # every id legal (the mask holds ones and zeros only)
        on = None if active is None else np.asarray(active, dtype=np.bool_)
        inside = (ids >= 0) & (ids < self.num_actions)
        ok = inside & (self._mask.reshape(-1)[self._row_base + np.where(inside, ids, 0)] == 1)
        bad = np.flatnonzero(~ok if on is None else on & ~ok)
        if bad.size:
            env = int(bad[0])
            raise IllegalActionId(self._illegal_message(env, int(ids[env])))
        return ids.tolist(), None if on is None else on.tolist()

    def _illegal_message(self, env: int, action_id: int) -> str:
        what = (f" ({self.table.text(action_id)})" if 0 <= action_id < self.num_actions
                else f" (ids are 0 to {self.num_actions - 1})")
        legal = self.legal_ids(env)
        return (f"env {env}: action id {action_id}{what} is not legal for seat"
                f" {int(self._to_move[env])}; legal ids: {legal[:20]}"
                + (" ..." if len(legal) > 20 else ""))

    def _renew(self, env: int) -> GameState:
        """Game ``env`` ended (:func:`legal.step_all`): its rewards, its state kept in
        :attr:`final_states` until the next step, and a new game in its place."""
        state = self._states[env]
        self._rewards[env] = self._returns(state)
        self._done[env] = True
        self.final_states[env] = state
        self._states[env] = new = self._new_game(env)
        if self._gathering:  # its row is gathered next: the encoder starts it afresh now
            self.encoder.reset_rows(self._states, (env,))
        return new

    def _returns(self, state: GameState) -> list[float]:
        result = state.result()
        if self.reward == "win":
            return result.returns()
        from cuberail.env.aec import rank_rewards

        return rank_rewards(result)

    def _refresh(self) -> None:
        """Legal ids, masks and seats to move of every game (:mod:`cuberail.env.legal`)."""
        self._slow = {}
        self._set_masks(legal_runs.gather(self._known, self._order, self.num_actions,
                                          self._states, self._slow_ids))

    def _set_masks(self, runs: legal_runs.Runs) -> None:
        """Masks, legal lists and seats to move from the games' runs of legal ids."""
        self._seats = runs.to_move  # the same, as a list (for the batch encoder)
        self._to_move[:] = _ints(runs.to_move)
        self._counts[:] = _ints(runs.counts)
        total = sum(runs.counts)
        flat = _ints(runs.starts) if len(runs.starts) == total else \
            _flat(_ints(runs.starts), _ints(runs.lengths), total)  # (every run one long)
        mask = self._mask.reshape(-1)
        mask[self._set] = 0
        mask[flat] = 1
        self._set, self._ascending = flat, None
        # _set ascending (no sort needed), every game with a legal id (the draw's check)
        self._in_order = runs.ascending and 0 not in runs.counts

    def _slow_ids(self, env: int, state: GameState) -> list[int]:
        """The ids of a game holding an action the table knows only by value."""
        self._slow[env] = legal = self.table.legal_ids(state)
        return list(legal)

    # ----- random play ----------------------------------------------------------------

    def sample_legal(self, rng: np.random.Generator) -> Ids:
        """A uniformly random legal id per game, from the env's own lists (no mask scan)."""
        counts = self._counts
        starts = np.cumsum(counts) - counts
        pick = starts + (rng.random(self.num_envs) * counts).astype(np.int64)
        out: Ids = self._set[pick] - self._row_base
        return out

    def sample_mask(self, rng: np.random.Generator,
                    mask: npt.NDArray[Any] | None = None) -> Ids:
        """A uniformly random id per game among the ones of ``mask``: :attr:`mask` (the
        default) or a copy of it with ids taken out (a policy's restriction). The same
        draw as :func:`random_actions` (the same ids from the same ``rng``), but ``mask``
        is read only at each game's legal ids (a one elsewhere is never drawn: it would
        be illegal), not scanned over every id."""
        if mask is None or (mask is self.mask and not self.mask.flags.writeable):
            # the env's own mask (its read-only view): a one at each legal id, no other
            if self._in_order:  # its positions ascending: the draw of _draw, no bincount
                counts = self._counts
                pick = np.cumsum(counts) - counts
                pick += (rng.random(self.num_envs) * counts).astype(np.int64)
                out: Ids = self._set[pick] - self._row_base
                return out
            mask = self._mask
        mask = np.asarray(mask)
        if mask.shape != self._mask.shape:
            raise CuberailError(f"mask must have the shape {self._mask.shape}, got {mask.shape}")
        at, rows = self._legal_ascending()
        kept = mask.reshape(-1)[at] != 0
        if not kept.all():
            at, rows = at[kept], rows[kept]
        return _draw(rows, at, self.num_envs, rng) - self._row_base

    def _legal_ascending(self) -> tuple[Ids, Ids]:
        """The flat mask positions of the legal ids, ascending (row by row), and their
        rows; made on first use after each step."""
        if self._ascending is None:
            at = self._set if self._in_order else np.sort(self._set)
            self._ascending = (at, np.repeat(self._rows, self._counts))
        return self._ascending


def random_actions(mask: npt.NDArray[Any], rng: np.random.Generator) -> Ids:
    """A uniformly random id among the ones of each row of ``mask`` (every row has one).

    Scans the whole mask; :meth:`VectorEnv.sample_mask` makes the same draw from a
    vector env's mask reading only its legal ids."""
    rows, cols = nonzero_rows(mask)
    return _draw(rows, cols, mask.shape[0], rng)


def _draw(rows: Ids, cols: Ids, num_rows: int, rng: np.random.Generator) -> Ids:
    """One of the ``cols`` of each row, uniformly at random (``rows`` ascending)."""
    counts = np.bincount(rows, minlength=num_rows)
    if not counts.all():
        raise CuberailError("a row of the mask has no legal id")
    starts = np.cumsum(counts) - counts
    pick = starts + (rng.random(num_rows) * counts).astype(np.int64)
    out: Ids = cols[pick].astype(np.int64)
    return out


def nonzero_rows(mask: npt.NDArray[Any]) -> tuple[Ids, Ids]:
    """``np.nonzero(mask)`` of a 2-d mask, the same arrays, fast for a sparse byte mask:
    eight bytes are looked at as one integer, and only the nonzero ones byte by byte (a
    fortieth of the time of ``np.nonzero`` on a 256 x 5,190 mask)."""
    flat = mask.reshape(-1) if mask.flags.c_contiguous else None
    if flat is None or mask.ndim != 2 or mask.dtype.itemsize != 1 or flat.size % 8 \
            or mask.dtype.kind not in "biu":
        rows, cols = np.nonzero(mask)
        return rows.astype(np.int64), cols.astype(np.int64)
    words = np.flatnonzero(flat.view(np.uint64) != 0)  # a bool array's nonzero is fast
    hits, byte = np.nonzero(flat.view(np.uint8).reshape(-1, 8)[words])
    rows, cols = np.divmod(words[hits] * 8 + byte, mask.shape[1])
    return rows, cols


def _flat(first: Ids, lengths: Ids, total: int) -> Ids:
    """The positions of runs of consecutive positions (``first`` of each, ``lengths``;
    ``total`` in all)."""
    offset = np.cumsum(lengths) - lengths  # where each run begins among all positions
    out: Ids = np.repeat(first - offset, lengths) + np.arange(total)
    return out


def _ints(values: list[int]) -> Ids:
    """A list of ints as numpy (``np.fromiter``: faster than ``np.array`` for them)."""
    return np.fromiter(values, dtype=np.int64, count=len(values))


def _read_only(array: npt.NDArray[Any]) -> npt.NDArray[Any]:
    view = array.view()
    view.flags.writeable = False
    return view


# ----- one seat, as a Gymnasium vector environment ---------------------------------------

Opponent = Callable[[VectorEnv, npt.NDArray[np.bool_]], Ids]


def random_opponent(rng: np.random.Generator) -> Opponent:
    """Uniformly random legal ids, drawn with numpy from the mask."""
    def play(env: VectorEnv, rows: npt.NDArray[np.bool_]) -> Ids:
        return env.sample_mask(rng)
    return play


def bot_opponent(bot: Bot | str, seed: int = 0) -> Opponent:
    """A cuberail bot (or a bot name for :func:`cuberail.bots.registry.make_bot`) playing
    the other seats: its choice in each game that needs one, as an id."""
    from cuberail.bots.registry import make_bot

    player = make_bot(bot, seed) if isinstance(bot, str) else bot

    def play(env: VectorEnv, rows: npt.NDArray[np.bool_]) -> Ids:
        out = np.zeros(env.num_envs, dtype=np.int64)
        states = env.states()
        for row in np.flatnonzero(rows).tolist():
            out[row] = env.table.encode(states[row], player.choose(states[row]))
        return out
    return play


class SingleSeatVectorEnv(gymnasium.vector.VectorEnv):
    """Gymnasium vector environment: the learner plays ``seat`` in every game.

    The other seats are played by ``opponent`` (default: uniformly random legal moves
    drawn with numpy from the mask; or a cuberail bot, a bot name such as
    ``"heuristic"``, or any :data:`Opponent`) until it is the learner's turn again.
    Observations are the learner's (the batched float32 vectors of :class:`VectorEnv`,
    copied), ``infos["action_mask"]`` its legal ids (int8), the reward its result when
    its game ends (win share, or ``reward="rank"``), else 0. Same-step autoreset: a
    finished game is replaced at once; ``infos["final_obs"]`` (with
    ``infos["_final_obs"]``) holds the learner's view of the finished game.
    """

    metadata: dict[str, Any] = {  # noqa: RUF012  (gymnasium's own declaration)
        "autoreset_mode": gymnasium.vector.AutoresetMode.SAME_STEP}

    def __init__(self, title: str, num_envs: int, num_players: int = 4, seat: int = 0,
                 opponent: Opponent | Bot | str | None = None, seed: int = 0,
                 options: Mapping[str, Any] | None = None, reward: str = "win") -> None:
        if not 0 <= seat < num_players:
            raise CuberailError(f"seat {seat}: choose 0 to {num_players - 1}")
        self.env = VectorEnv(title, num_envs, num_players, seed, options, reward)
        self.num_envs, self.seat, self._seed = num_envs, seat, seed
        self._opponent_arg = opponent
        self._set_opponent(seed)
        size, actions = self.env.observation_size, self.env.num_actions
        self.single_observation_space = gymnasium.spaces.Box(0.0, np.inf, (size,), np.float32)
        self.single_action_space = gymnasium.spaces.Discrete(actions)
        self.observation_space = gymnasium.vector.utils.batch_space(
            self.single_observation_space, num_envs)
        self.action_space = gymnasium.spaces.MultiDiscrete(np.full(num_envs, actions))

    def _set_opponent(self, seed: int) -> None:
        given = self._opponent_arg
        if given is None:
            self.opponent = random_opponent(np.random.default_rng([seed, 1]))
        elif isinstance(given, (str, Bot)):
            self.opponent = bot_opponent(given, seed)
        else:
            self.opponent = given

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        """New games (``seed`` restarts the games' seeds and the random opponent)."""
        if seed is not None:
            self.env.seed, self._seed = seed, seed
            self.env._games = [0] * self.num_envs
            self._set_opponent(seed)
            self.action_space.seed(seed)
        self.env.reset()
        self._advance()
        return self.env.obs.copy(), self._infos({})

    def step(self, actions: npt.NDArray[Any]) -> tuple[
            npt.NDArray[np.float32], npt.NDArray[np.float32], npt.NDArray[np.bool_],
            npt.NDArray[np.bool_], dict[str, Any]]:
        self.env.step(actions)
        finals = self._finals({})
        reward = self.env.rewards[:, self.seat].copy()
        done = self.env.done.copy()
        more, ended = self._advance(finals)
        truncated = np.zeros(self.num_envs, dtype=np.bool_)
        return self.env.obs.copy(), reward + more, done | ended, truncated, \
            self._infos(finals)

    def _advance(self, finals: dict[int, npt.NDArray[np.float32]] | None = None
                 ) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.bool_]]:
        """Let the opponents move until the learner is to move in every game."""
        env, seat = self.env, self.seat
        reward = np.zeros(self.num_envs, dtype=np.float32)
        ended = np.zeros(self.num_envs, dtype=np.bool_)
        while True:
            rows = env.to_move != seat
            if not rows.any():
                return reward, ended
            env.step(self.opponent(env, rows), active=rows)
            reward += env.rewards[:, seat]
            ended |= env.done
            if finals is not None:
                self._finals(finals)

    def _finals(self, finals: dict[int, npt.NDArray[np.float32]]
                ) -> dict[int, npt.NDArray[np.float32]]:
        for row, state in self.env.final_states.items():
            finals[row] = self.env.layout.encode(state, self.seat)
        return finals

    def _infos(self, finals: dict[int, npt.NDArray[np.float32]]) -> dict[str, Any]:
        infos: dict[str, Any] = {"action_mask": self.env.mask.copy()}
        if finals:
            final = np.zeros((self.num_envs, self.env.observation_size), dtype=np.float32)
            seen = np.zeros(self.num_envs, dtype=np.bool_)
            for row, vector in finals.items():
                final[row], seen[row] = vector, True
            infos["final_obs"], infos["_final_obs"] = final, seen
        return infos

    def close_extras(self, **kwargs: Any) -> None:
        pass
