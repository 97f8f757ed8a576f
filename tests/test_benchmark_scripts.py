"""The benchmark scripts still run: a tiny strength report (the numbers are not judged here)."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType

import pytest

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"


def _load(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, BENCHMARKS / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def test_strength_report_prints_a_row_per_match_and_writes_json(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    strength = _load("strength")
    out = tmp_path / "rows.json"
    code = strength.main(["--jobs", "1", "--scale", "0.01", "--only", "chicago-express",
                          "--select", "random", "--json", str(out)])
    assert code == 0
    table = capsys.readouterr().out
    assert "| chicago-express | heuristic | 3 random | 4 |" in table
    rows = json.loads(out.read_text())
    assert [r["bot"] for r in rows] == ["heuristic"]
    assert rows[0]["games"] == 4 and rows[0]["target"] == "win share >= 0.80"
    lo, hi = rows[0]["ci95"]
    assert 0.0 <= lo <= rows[0]["win_share"] <= hi <= 1.0
    lo, hi = rows[0]["mean_rank_ci95"]
    assert lo <= rows[0]["mean_rank"] <= hi


def test_every_match_seats_one_bot_against_three_copies() -> None:
    strength = _load("strength")
    for match in strength.MATCHES:
        assert len(match.bots) == 4 and match.bots[1:] == [match.field] * 3
        assert match.bot != match.field


def test_hard_rate_names_the_iteration_twin_of_hard(tmp_path: Path) -> None:
    strength = _load("strength")
    out = tmp_path / "rate.json"
    code = strength.main(["--hard-rate", "--scale", "0.1", "--only", "chicago-express",
                          "--json", str(out)])
    assert code == 0
    [row] = json.loads(out.read_text())
    assert row["title"] == "chicago-express" and row["positions"] == 4
    assert row["twin"].startswith("mcts:")
    assert abs(int(row["twin"][5:]) - 0.95 * row["median"]) <= 51  # to the hundred


def test_only_takes_a_title_alias_and_refuses_an_unknown_title(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    strength = _load("strength")
    out = tmp_path / "rate.json"
    assert strength.main(["--hard-rate", "--scale", "0.1", "--only", "ts",
                          "--json", str(out)]) == 0
    assert [row["title"] for row in json.loads(out.read_text())] == ["trans-siberian"]
    with pytest.raises(SystemExit) as stop:  # it once printed an empty table
        strength.main(["--hard-rate", "--only", "chess"])
    assert stop.value.code == 2
    assert "--only: unknown game 'chess'" in capsys.readouterr().err
