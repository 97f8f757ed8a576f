"""Parquet self-play shards hold what the npz shards of the same seeds hold, with metadata."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

np = pytest.importorskip("numpy")
pa = pytest.importorskip("pyarrow")
pq = pytest.importorskip("pyarrow.parquet")

from cuberail.cli.main import main  # noqa: E402
from cuberail.env import selfplay, selfplay_parquet  # noqa: E402
from cuberail.env.actions import ACTION_SCHEME_VERSION  # noqa: E402
from cuberail.games import get_game  # noqa: E402

BOTS = "mcts:6,random,heuristic"


def _run(title: str, fmt: str, out: Path, capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["selfplay", title, "--bots", BOTS, "--players", "3", "--games", "2",
            "--seed", "5", "--out", str(out), "--format", fmt]
    assert main(argv) == 0
    assert json.loads(capsys.readouterr().out)["games"] == 2


@pytest.mark.parametrize("title", ["chicago-express", "trans-siberian"])
def test_parquet_shards_equal_the_npz_shards_of_the_same_seeds(
        title: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _run(title, "npz", tmp_path / "npz", capsys)
    _run(title, "parquet", tmp_path / "pq", capsys)
    (path,) = sorted((tmp_path / "pq").iterdir())
    assert path.name == f"{title}-s5-g000000-000001.parquet"
    table = pq.read_table(path)
    assert table.schema.remove_metadata() == selfplay_parquet.schema(
        selfplay_parquet.metadata(title, [], [], 0)["obs_size"])
    d = selfplay.load(tmp_path / "npz")
    col = table.to_pydict()
    assert len(d) == table.num_rows > 0
    assert np.array_equal(np.asarray(col["obs"], np.float32), d.obs)
    assert col["legal_ids"] == [np.flatnonzero(m).tolist() for m in d.masks()]
    for name in ("game", "move", "player", "action", "outcome", "rank_outcome"):
        assert np.array_equal(np.asarray(col[name]), d.columns[name]), name
    o = d.policy_offsets
    assert col["policy_ids"] == [d.policy_ids[o[i]:o[i + 1]].tolist() for i in range(len(d))]
    assert col["policy_visits"] == [d.policy_visits[o[i]:o[i + 1]].tolist()
                                    for i in range(len(d))]
    values = np.asarray([np.nan if v is None else v for v in col["value"]], np.float32)
    assert np.array_equal(values, d.value, equal_nan=True)
    searched = np.isfinite(values)
    assert searched.any() and (values[searched] >= 0).all() and (values[searched] <= 1).all()
    assert not searched[np.diff(o) == 1].any()  # a move not searched has no value


def test_parquet_metadata_names_schema_scheme_rules_title_bots_and_seed(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _run("ts", "parquet", tmp_path, capsys)
    (path,) = tmp_path.iterdir()
    meta = selfplay_parquet.read_metadata(path)
    info = get_game("ts")
    assert meta["schema_version"] == selfplay_parquet.SCHEMA_VERSION == 1
    assert meta["action_scheme_version"] == ACTION_SCHEME_VERSION
    assert meta["rules_version"] == info.rules_version and meta["title"] == info.title
    assert meta["bots"] == BOTS.split(",") and meta["seed"] == 5 and meta["players"] == 3
    assert meta["games"]["1"]["bots"] == ["random", "heuristic", "mcts:6"]  # seats rotated
    assert len(meta["games"]["0"]["scores"]) == 3
    raw = pq.read_schema(path).metadata
    assert json.loads(raw[b"cuberail.schema_version"]) == 1  # plain keys for any reader
