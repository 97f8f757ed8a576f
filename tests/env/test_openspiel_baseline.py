"""The OpenSpiel baseline benchmark still runs: one tiny game per line (numbers not judged)."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType

import pytest

pytest.importorskip("pyspiel")

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"


def _load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("openspiel_baseline",
                                                  BENCHMARKS / "openspiel_baseline.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["openspiel_baseline"] = module
    spec.loader.exec_module(module)
    return module


def test_baseline_prints_one_line_per_bot_and_budget(tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    bench = _load()
    out = tmp_path / "rows.json"
    code = bench.main(["--only", "trans-siberian", "--games", "1", "--iterations", "3",
                       "--seconds", "0.005", "--json", str(out)])
    assert code == 0
    table = capsys.readouterr().out
    assert "| trans-siberian | 3 iterations | cuberail mcts | 3 openspiel mcts | 1 |" in table
    rows = json.loads(out.read_text())["rows"]
    assert [(r["bot"], r["budget"]) for r in rows] == [
        ("cuberail mcts", "3 iterations"), ("openspiel mcts", "3 iterations"),
        ("cuberail mcts", "0.005 s / move"), ("openspiel mcts", "0.005 s / move")]
    for r in rows:
        lo, hi = r["ci95"]
        assert 0.0 <= lo <= r["win_share"] <= hi <= 1.0
        assert r["iterations_per_move"]["openspiel mcts"] >= 1

