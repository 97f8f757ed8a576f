"""benchmarks/baseline.py (benchmark v2's baseline table) runs end to end on tiny budgets:
seats rotated, rows and JSON as documented, a ppo entry trained first or refused without
a policy (the numbers are not judged here)."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType

import pytest

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"


def _load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("baseline", BENCHMARKS / "baseline.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["baseline"] = module
    spec.loader.exec_module(module)
    return module


def test_the_entry_sits_in_every_seat_and_the_others_are_medium() -> None:
    baseline = _load()
    outcomes = [baseline.play(("chicago-express", "random", "random", 3, g)) for g in range(4)]
    seats = [o.seats.index(baseline.ENTRY) for o in outcomes]
    assert sorted(seats) == [0, 1, 2, 3]
    for o in outcomes:
        assert sorted(o.seats) == sorted([baseline.ENTRY] + [baseline.FIELD] * 3)
        assert o.moves[o.seats.index(baseline.ENTRY)] > 0 and o.decisions == sum(o.moves)
        names = o.record["players"]
        assert names.count("random") == 1 and names.count("medium") == 3
    again = baseline.play(("chicago-express", "random", "random", 3, 2))
    assert again.to_json() == outcomes[2].to_json()  # seeded: the same game


@pytest.mark.parametrize("title", ["chicago-express", "trans-siberian"])
def test_the_field_plays_as_when_the_benchmark_version_was_frozen(title: str) -> None:
    """A change to medium's play changes every row of the table: it must come with a new
    BENCHMARK_VERSION, a new fingerprint and a new table in docs/benchmark.md."""
    baseline = _load()
    assert baseline.field_fingerprint(title) == baseline.FIELD_FINGERPRINTS[title], (
        f"medium plays {title} differently from benchmark v{baseline.BENCHMARK_VERSION}'s"
        " field: bump BENCHMARK_VERSION, record the new fingerprint and re-run the table")


def test_table_of_two_games_per_entry_with_a_freshly_trained_policy(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("torch")
    pytest.importorskip("sb3_contrib")
    baseline = _load()
    out = tmp_path / "rows.json"
    code = baseline.main(["--games", "2", "--jobs", "1", "--only", "ce", "--entries",
                          "random,medium,mcts:4,ppo", "--train-seconds", "0.5",
                          "--ppo-dir", str(tmp_path / "ppo"), "--json", str(out)])
    assert code == 0
    table = capsys.readouterr().out
    assert "| chicago-express | random | 2 |" in table
    assert "| chicago-express | ppo (`ppo-chicago-express.zip`) | 2 |" in table
    assert (tmp_path / "ppo" / "ppo-chicago-express.zip").exists()
    data = json.loads(out.read_text())
    assert data["benchmark"] == baseline.BENCHMARK_VERSION and data["field"] == "medium"
    rows = data["rows"]
    assert [r["entry"] for r in rows] == ["random", "medium", "mcts:4", "ppo"]
    for r in rows:
        assert r["games"] == 2 and r["against"] == "3 medium" and r["moves"] > 0
        lo, hi = r["ci95"]
        assert 0.0 <= lo <= r["win_share"] <= hi <= 1.0
        lo, hi = r["mean_rank_ci95"]
        assert 1.0 <= r["mean_rank"] <= 4.0 and lo <= r["mean_rank"] <= hi
        assert r["cpu_seconds_per_move"] >= 0.0


def test_hard_is_its_iteration_twin_and_ppo_needs_a_policy(
        capsys: pytest.CaptureFixture[str]) -> None:
    baseline = _load()
    for title, twin in baseline.HARD_TWINS.items():
        assert baseline.entry_spec(title, "hard", {}) == twin
        assert twin.startswith("mcts:") and int(twin[5:]) > 1000  # by iterations, not time
    assert baseline.main(["--games", "1", "--only", "ts", "--entries", "random,ppo"]) == 2
    assert "needs --ppo trans-siberian=FILE" in capsys.readouterr().err
    assert baseline.main(["--games", "1", "--only", "ce", "--entries", "nobody"]) == 2
    assert "unknown bot 'nobody'" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        baseline.main(["--games", "0"])
