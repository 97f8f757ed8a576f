"""Self-play training data: per decision the observation, the legal mask, the search's visits
and root value, and the final outcome, written as sharded numpy ``.npz`` files and read back
by :func:`load` (or as Parquet: :mod:`cuberail.env.selfplay_parquet`).

A shard holds whole games ``first..last`` of one run and is named
``TITLE-sSEED-gFIRST-LAST.npz``: runs with different seeds or game ranges never
write the same file, so many machines can fill one directory at once. A shard is
written to a temporary name and renamed, so a reader never sees half a file.

Columns of a shard (N decisions, A action ids, O observation floats, P seats):

==================  ==============  ===============================================
name                shape, dtype    meaning
==================  ==============  ===============================================
``obs``             (N, O) float32  the observation of the seat to move (env.observe)
``mask``            (N, A/8) uint8  legal ids, ``np.packbits(..., bitorder="little")``
``policy_offsets``  (N+1,) int64    decision i's visits are entries ``[o[i], o[i+1])``
``policy_ids``      (M,) int32      action ids searched at the root
``policy_visits``   (M,) int32      root visits of each (a bot without a search: the
                                    move it played, 1 visit)
``value``           (N,) float32    the search's root value for the deciding seat (mean
                                    win share of its root visits); NaN: no search
``action``          (N,) int32      the id played (every move has one; meta names the
                                    ``action_scheme_version`` of the ids)
``player``          (N,) int8       the seat that decided
``game``            (N,) int32      the game index in the run
``move``            (N,) int32      the decision's number in its game
``outcome``         (N,) float32    the deciding seat's final win share (0..1)
``rank_outcome``    (N,) float32    its final rank mapped to [-1, 1] (first +1)
``game_index``      (G,) int32      per game: index, then scores (G, P) int32 and
``game_scores``     (G, P) int32    bot names per seat in ``meta``
``meta``            () str          JSON: title, players, bots per game, options,
                                    seed, format version, sizes
==================  ==============  ===============================================
"""

from __future__ import annotations

import io
import json
import os
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from cuberail.bots.arena import bot_seed, seat_names
from cuberail.bots.base import Bot
from cuberail.bots.mcts import MCTSBot, Node
from cuberail.bots.registry import make_bot
from cuberail.core.actions import Action
from cuberail.core.errors import CuberailError
from cuberail.core.state import GameState
from cuberail.env.actions import ACTION_SCHEME_VERSION, action_table, ids_of
from cuberail.env.aec import rank_rewards
from cuberail.env.observe import layout_for
from cuberail.games import get_game

FORMAT_VERSION = 1


class RecordingMCTS(MCTSBot):
    """The MCTS bot, keeping the root of its last search (it plays exactly the same moves)."""

    last_root: Node | None = None

    def search(self, state: GameState, root: Node | None = None) -> Node:
        root = super().search(state, root)
        self.last_root = root
        return root


def _make_bot(name: str, seed: int) -> Bot:
    bot = make_bot(name, seed)
    if isinstance(bot, MCTSBot):
        return RecordingMCTS(seed, bot.config)
    return bot


def _visits(bot: Bot, ids: dict[Action, int], played: int) -> dict[int, int]:
    """The root visits of the bot's last search by id, or the move played."""
    root = bot.last_root if isinstance(bot, RecordingMCTS) else None
    if root is None or not root.children:
        return {played: 1} if played >= 0 else {}
    out: dict[int, int] = {}
    for child in root.children:
        assert child.action is not None
        i = ids.get(child.action)
        if i is not None:
            out[i] = out.get(i, 0) + child.visits
    return out


def _root_value(bot: Bot) -> float:
    """The deciding seat's value (mean win share) at the root of the bot's last search; NaN
    for a bot without a search or a move not searched."""
    root = bot.last_root if isinstance(bot, RecordingMCTS) else None
    if root is None or not root.children:
        return float("nan")
    visits = sum(c.visits for c in root.children)
    return sum(c.wins for c in root.children) / visits if visits else float("nan")


@dataclass
class GameRows:
    """The decisions of one game, column by column."""

    index: int
    seats: list[str]
    obs: list[npt.NDArray[np.float32]] = field(default_factory=list)
    mask: list[npt.NDArray[np.uint8]] = field(default_factory=list)
    visits: list[dict[int, int]] = field(default_factory=list)
    values: list[float] = field(default_factory=list)
    action: list[int] = field(default_factory=list)
    player: list[int] = field(default_factory=list)
    scores: list[int] = field(default_factory=list)
    returns: list[float] = field(default_factory=list)
    ranks: list[float] = field(default_factory=list)


def play_game(title: str, bots: Sequence[str], seed: int, index: int,
              options: Mapping[str, Any] | None = None) -> GameRows:
    """Play game ``index`` of a run (seats rotated, bots seeded as in tournaments), recording."""
    info, table, layout = get_game(title), action_table(title), layout_for(title)
    names = seat_names(list(bots), index)
    players = [_make_bot(n, bot_seed(seed, index, s)) for s, n in enumerate(names)]
    state = info.new_game(len(names), options)
    rows = GameRows(index, names)
    while not state.is_terminal():
        seat = state.current_player()
        bot = players[seat]
        if isinstance(bot, RecordingMCTS):
            bot.last_root = None
        legal_ids = table.legal_ids(state)
        legal = np.zeros(table.size, dtype=np.uint8)
        legal[list(legal_ids)] = 1
        rows.obs.append(layout.encode(state, seat))
        rows.mask.append(np.packbits(legal, bitorder="little"))
        action = bot.choose(state)
        ids = ids_of(legal_ids)
        played = ids.get(action, -1)
        rows.action.append(played)
        rows.visits.append(_visits(bot, ids, played))
        rows.values.append(_root_value(bot))
        rows.player.append(seat)
        state.apply(action)
    result = state.result()
    rows.scores, rows.returns = list(result.scores), result.returns()
    rows.ranks = rank_rewards(result)
    return rows


def encode_shard(title: str, games: Sequence[GameRows], seed: int,
                 options: Mapping[str, Any] | None = None) -> bytes:
    """One shard of whole games as compressed ``.npz`` bytes."""
    info, table, layout = get_game(title), action_table(title), layout_for(title)
    n = sum(len(g.action) for g in games)
    offsets, ids, visits = [0], [], []
    for g in games:
        for v in g.visits:
            for k in sorted(v):
                ids.append(k)
                visits.append(v[k])
            offsets.append(len(ids))
    per_decision = [(g, p) for g in games for p in g.player]
    meta = {"format": FORMAT_VERSION, "title": info.title, "rules_version": info.rules_version,
            "options": info.resolve_options(options), "seed": seed,
            "players": len(games[0].seats) if games else 0,
            "bots": {str(g.index): g.seats for g in games},
            "obs_size": layout.size, "num_actions": table.size, "decisions": n,
            "action_scheme_version": ACTION_SCHEME_VERSION}
    columns: dict[str, Any] = {
        "obs": np.stack([o for g in games for o in g.obs]) if n else
        np.zeros((0, layout.size), np.float32),
        "mask": np.stack([m for g in games for m in g.mask]) if n else
        np.zeros((0, (table.size + 7) // 8), np.uint8),
        "policy_offsets": np.asarray(offsets, np.int64),
        "policy_ids": np.asarray(ids, np.int32),
        "policy_visits": np.asarray(visits, np.int32),
        "value": np.asarray([v for g in games for v in g.values], np.float32),
        "action": np.asarray([a for g in games for a in g.action], np.int32),
        "player": np.asarray([p for _, p in per_decision], np.int8),
        "game": np.asarray([g.index for g, _ in per_decision], np.int32),
        "move": np.asarray([i for g in games for i in range(len(g.action))], np.int32),
        "outcome": np.asarray([g.returns[p] for g, p in per_decision], np.float32),
        "rank_outcome": np.asarray([g.ranks[p] for g, p in per_decision], np.float32),
        "game_index": np.asarray([g.index for g in games], np.int32),
        "game_scores": np.asarray([g.scores for g in games], np.int32),
        "meta": np.asarray(json.dumps(meta)),
    }
    buffer = io.BytesIO()
    np.savez_compressed(buffer, **columns)
    return buffer.getvalue()


FORMATS = ("npz", "parquet")


def shard_name(title: str, seed: int, first: int, last: int, fmt: str = "npz") -> str:
    return f"{get_game(title).title}-s{seed}-g{first:06d}-{last:06d}.{fmt}"


def write_shard(out: Path, name: str, data: bytes) -> Path:
    """Write atomically: a temporary file in the same directory, then a rename."""
    path = out / name
    tmp = out / f".{name}.{os.getpid()}.tmp"
    tmp.write_bytes(data)
    tmp.replace(path)
    return path


def play_shard(title: str, bots: Sequence[str], seed: int, indices: Sequence[int],
               options: Mapping[str, Any] | None = None, fmt: str = "npz"
               ) -> tuple[str, bytes, int]:
    """Play the games of one shard: (file name, npz or Parquet bytes, decisions)."""
    games = [play_game(title, bots, seed, i, options) for i in indices]
    if fmt == "parquet":
        from cuberail.env import selfplay_parquet

        data = selfplay_parquet.encode_shard(title, bots, games, seed, options)
    elif fmt == "npz":
        data = encode_shard(title, games, seed, options)
    else:
        raise CuberailError(f"unknown self-play format {fmt!r}; choose from {FORMATS}")
    return (shard_name(title, seed, indices[0], indices[-1], fmt), data,
            sum(len(g.action) for g in games))


def shard_ranges(games: int, shard_games: int, first: int = 0) -> list[list[int]]:
    """Game indices ``first..first+games-1`` cut into shards of ``shard_games``."""
    if games < 1 or shard_games < 1:
        raise CuberailError("--games and --shard-games must be at least 1")
    idx = list(range(first, first + games))
    return [idx[i:i + shard_games] for i in range(0, games, shard_games)]


# ----- reading ------------------------------------------------------------------------


@dataclass
class SelfPlayData:
    """Self-play shards read back and joined (see the module docstring for the columns)."""

    meta: list[dict[str, Any]]
    columns: dict[str, npt.NDArray[Any]]

    def __len__(self) -> int:
        return int(self.columns["action"].shape[0])

    @property
    def num_actions(self) -> int:
        return int(self.meta[0]["num_actions"])

    def __getattr__(self, name: str) -> npt.NDArray[Any]:
        columns = self.__dict__.get("columns", {})
        if name in columns:
            return columns[name]  # type: ignore[no-any-return]
        raise AttributeError(name)

    def masks(self) -> npt.NDArray[np.bool_]:
        """Legal masks as (N, A) booleans."""
        bits = np.unpackbits(self.columns["mask"], axis=1, bitorder="little")
        return bits[:, :self.num_actions].astype(bool)

    def policies(self) -> npt.NDArray[np.float32]:
        """Root visit distributions as (N, A) float32 rows summing to 1 (0 rows: no visits)."""
        out = np.zeros((len(self), self.num_actions), np.float32)
        offsets = self.columns["policy_offsets"]
        ids, visits = self.columns["policy_ids"], self.columns["policy_visits"]
        for i in range(len(self)):
            lo, hi = offsets[i], offsets[i + 1]
            total = visits[lo:hi].sum()
            if total:
                out[i, ids[lo:hi]] = visits[lo:hi] / total
        return out


def shard_files(path: Path | str) -> list[Path]:
    """The shards under a directory (sorted), or the one file given."""
    p = Path(path)
    if p.is_file():
        return [p]
    if not p.is_dir():
        raise CuberailError(f"no self-play data at {p}: give a directory of .npz shards or one")
    return sorted(f for f in p.glob("*.npz") if not f.name.startswith("."))


def load(paths: Path | str | Iterable[Path | str]) -> SelfPlayData:
    """Read shards (a directory, a file, or several) into one :class:`SelfPlayData`."""
    files: list[Path] = []
    for p in [paths] if isinstance(paths, str | Path) else paths:
        files.extend(shard_files(p))
    if not files:
        raise CuberailError("no .npz shards found")
    metas, parts = [], []
    for f in files:
        with np.load(f, allow_pickle=False) as z:
            metas.append(json.loads(str(z["meta"])))
            parts.append({k: z[k] for k in z.files if k != "meta"})
    if len({(m["title"], m["obs_size"], m["num_actions"]) for m in metas}) > 1:
        raise CuberailError("the shards mix titles or formats; load them apart")
    return SelfPlayData(metas, _join(parts))


def _join(parts: list[dict[str, npt.NDArray[Any]]]) -> dict[str, npt.NDArray[Any]]:
    """Concatenate shards' columns, shifting the policy offsets."""
    out = {k: np.concatenate([p[k] for p in parts]) for k in parts[0] if k != "policy_offsets"}
    offsets, base = [np.zeros(1, np.int64)], 0
    for p in parts:
        offsets.append(p["policy_offsets"][1:] + base)
        base += int(p["policy_offsets"][-1])
    out["policy_offsets"] = np.concatenate(offsets)
    return out


# ----- running many shards -------------------------------------------------------------

# title, bots, seed, game indices, options, format
Job = tuple[str, list[str], int, list[int], dict[str, Any], str]


def _ignore_sigint() -> None:
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle


def _shard_job(job: Job) -> tuple[str, bytes, int]:
    title, bots, seed, indices, options, fmt = job
    return play_shard(title, bots, seed, indices, options, fmt)


def run_shards(title: str, bots: Sequence[str], seed: int, ranges: Sequence[Sequence[int]],
               options: Mapping[str, Any] | None = None, jobs: int = 1,
               backend: str = "process", address: str | None = None, fmt: str = "npz"
               ) -> Iterable[tuple[str, bytes, int]]:
    """Shards as they finish: in this process, in ``jobs`` processes, or as Ray tasks.

    Ray tasks send their shard's bytes back, so the files are written where this
    runs (the driver), whichever machine played the games.
    """
    work: list[Job] = [(title, list(bots), seed, list(r), dict(options or {}), fmt)
                       for r in ranges]
    if backend == "ray":
        from cuberail.bots.ray_backend import map_unordered

        yield from map_unordered(_shard_job, work, address)
        return
    if jobs <= 1 or len(work) <= 1:
        for job in work:
            yield _shard_job(job)
        return
    import multiprocessing

    pool = multiprocessing.get_context().Pool(min(jobs, len(work)), initializer=_ignore_sigint)
    try:
        yield from pool.imap_unordered(_shard_job, work)
        pool.close()
    finally:
        pool.terminate()
        pool.join()
