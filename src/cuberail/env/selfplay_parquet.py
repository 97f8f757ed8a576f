"""Self-play shards as Apache Parquet (``cuberail selfplay --format parquet``; needs pyarrow).

The same content as the ``.npz`` shards of :mod:`cuberail.env.selfplay`, one row
per decision, in a schema that any Parquet reader (pyarrow, polars, DuckDB, Spark)
can use. Schema version :data:`SCHEMA_VERSION` (docs/research.md, "Self-play data"):

================  =============================  ===========================================
column            Arrow type                     meaning
================  =============================  ===========================================
``game``          int32                          the game index in the run
``move``          int32                          the decision's number in its game
``player``        int8                           the seat that decided
``obs``           fixed_size_list<float32>[O]    the observation of the seat to move
``legal_ids``     list<int32>                    the legal action ids, ascending
``action``        int32                          the id played
``policy_ids``    list<int32>                    ids searched at the root, ascending
``policy_visits`` list<int32>                    root visits of each (no search: the move
                                                 played, 1 visit)
``value``         float32                        the search's root value for the deciding
                                                 seat (mean win share); null: no search
``outcome``       float32                        the deciding seat's final win share
``rank_outcome``  float32                        its final rank mapped to [-1, 1]
================  =============================  ===========================================

Key-value metadata (every value JSON): ``cuberail.schema_version``,
``cuberail.action_scheme_version``, ``cuberail.rules_version``, ``cuberail.title``,
``cuberail.bots`` (the run's bot specs, before seat rotation), ``cuberail.seed``,
``cuberail.options``, ``cuberail.players``, ``cuberail.games`` (per game index: bots
by seat and final scores), ``cuberail.obs_size``, ``cuberail.num_actions``.
"""

from __future__ import annotations

import io
import json
import math
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
import pyarrow as pa
import pyarrow.parquet as pq

from cuberail.env.actions import ACTION_SCHEME_VERSION, action_table
from cuberail.env.observe import layout_for
from cuberail.env.selfplay import GameRows
from cuberail.games import get_game

SCHEMA_VERSION = 1
PREFIX = "cuberail."


def schema(obs_size: int) -> pa.Schema:
    """The Arrow schema of a shard (without its metadata)."""
    ids = pa.list_(pa.int32())
    return pa.schema([
        ("game", pa.int32()), ("move", pa.int32()), ("player", pa.int8()),
        ("obs", pa.list_(pa.float32(), obs_size)), ("legal_ids", ids),
        ("action", pa.int32()), ("policy_ids", ids), ("policy_visits", ids),
        ("value", pa.float32()), ("outcome", pa.float32()), ("rank_outcome", pa.float32()),
    ])


def _legal(mask: npt.NDArray[np.uint8]) -> list[int]:
    ids: list[int] = np.flatnonzero(np.unpackbits(mask, bitorder="little")).tolist()
    return ids


def _rows(games: Sequence[GameRows]) -> dict[str, list[Any]]:
    cols: dict[str, list[Any]] = {name: [] for name in schema(0).names}
    for g in games:
        for i, seat in enumerate(g.player):
            visits = g.visits[i]
            cols["game"].append(g.index)
            cols["move"].append(i)
            cols["player"].append(seat)
            cols["obs"].append(g.obs[i])
            cols["legal_ids"].append(_legal(g.mask[i]))
            cols["action"].append(g.action[i])
            cols["policy_ids"].append(sorted(visits))
            cols["policy_visits"].append([visits[k] for k in sorted(visits)])
            cols["value"].append(None if math.isnan(g.values[i]) else g.values[i])
            cols["outcome"].append(g.returns[seat])
            cols["rank_outcome"].append(g.ranks[seat])
    return cols


def metadata(title: str, bots: Sequence[str], games: Sequence[GameRows], seed: int,
             options: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The shard's key-value metadata (keys without the ``cuberail.`` prefix)."""
    info = get_game(title)
    return {"schema_version": SCHEMA_VERSION, "action_scheme_version": ACTION_SCHEME_VERSION,
            "rules_version": info.rules_version, "title": info.title, "bots": list(bots),
            "seed": seed, "options": info.resolve_options(options), "players": len(bots),
            "games": {str(g.index): {"bots": g.seats, "scores": g.scores} for g in games},
            "obs_size": layout_for(title).size, "num_actions": action_table(title).size}


def encode_shard(title: str, bots: Sequence[str], games: Sequence[GameRows], seed: int,
                 options: Mapping[str, Any] | None = None) -> bytes:
    """One shard of whole games as Parquet bytes (zstd-compressed)."""
    meta = metadata(title, bots, games, seed, options)
    kv = {f"{PREFIX}{k}": json.dumps(v) for k, v in meta.items()}
    table = pa.table(_rows(games), schema=schema(meta["obs_size"]).with_metadata(kv))
    buffer = io.BytesIO()
    pq.write_table(table, buffer, compression="zstd")
    return buffer.getvalue()


def read_metadata(path: Path | str) -> dict[str, Any]:
    """A shard's cuberail metadata, decoded (keys without the prefix)."""
    kv = pq.read_schema(path).metadata or {}
    return {k.decode()[len(PREFIX):]: json.loads(v) for k, v in kv.items()
            if k.decode().startswith(PREFIX)}
