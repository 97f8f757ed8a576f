"""The Ray backend gives exactly what the process backend gives, on a local Ray of 2 CPUs."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

ray = pytest.importorskip("ray")

from cuberail.bots.ray_backend import map_unordered  # noqa: E402
from cuberail.cli.main import main  # noqa: E402


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    """One local Ray for the module (it takes seconds to start)."""
    ray.init(num_cpus=2, include_dashboard=False, logging_level="ERROR", log_to_driver=False)
    yield
    ray.shutdown()


def _summary(path: Path) -> dict[str, object]:
    data = json.loads((path / "summary.json").read_text())
    data.pop("timing")  # wall time and backend: the only machine-dependent part
    return dict(data)


@pytest.mark.usefixtures("local_ray")
def test_ray_tournament_records_and_summary_equal_the_process_backend(tmp_path: Path) -> None:
    common = ["tournament", "ce", "--players", "3", "--bots", "mcts:8,heuristic,random",
              "--games", "4", "--seed", "7"]
    assert main([*common, "--out", str(tmp_path / "proc"), "--jobs", "2"]) == 0
    assert main([*common, "--out", str(tmp_path / "ray"), "--backend", "ray"]) == 0
    proc = sorted((tmp_path / "proc").glob("game-*.json"))
    assert len(proc) == 4
    for record in proc:
        assert record.read_bytes() == (tmp_path / "ray" / record.name).read_bytes()
    assert _summary(tmp_path / "proc") == _summary(tmp_path / "ray")
    seats = [g["seats"] for g in _summary(tmp_path / "ray")["games"]]  # type: ignore[union-attr]
    assert seats[1] == ["heuristic", "random", "mcts:8"]  # rotated as with processes


@pytest.mark.usefixtures("local_ray")
def test_ray_selfplay_shards_equal_the_process_backend(tmp_path: Path) -> None:
    np = pytest.importorskip("numpy")
    from cuberail.env import selfplay

    common = ["selfplay", "ts", "--bots", "mcts:6,random,random", "--players", "3",
              "--games", "2", "--shard-games", "1"]
    assert main([*common, "--out", str(tmp_path / "proc")]) == 0
    assert main([*common, "--out", str(tmp_path / "ray"), "--backend", "ray"]) == 0
    a, b = selfplay.load(tmp_path / "proc"), selfplay.load(tmp_path / "ray")
    assert a.columns.keys() == b.columns.keys()
    for name in a.columns:
        np.testing.assert_array_equal(a.columns[name], b.columns[name], err_msg=name)  # NaN==NaN


@pytest.mark.usefixtures("local_ray")
def test_stopping_early_cancels_the_rest_and_keeps_the_callers_ray() -> None:
    from cuberail.games import get_game  # a function the workers can import

    results = map_unordered(get_game, ["ce", "ts"] * 25)
    first = next(iter(results))
    results.close()  # what Ctrl-C does to the loop: the generator's finally cancels the rest
    assert first.title in ("chicago-express", "trans-siberian")
    assert ray.is_initialized()
    assert sorted(i.title for i in map_unordered(get_game, ["tsr", "chicago"])) == [
        "chicago-express", "trans-siberian"]
