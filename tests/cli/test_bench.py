"""``cuberail bench``: every measure is reported (numbers only: nothing here is timed)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cuberail import _compiled
from cuberail.cli import bench
from cuberail.cli.main import main
from cuberail.games import get_game, titles

KEYS = {"random_games_per_s", "decisions_per_s", "us_per_decision", "us_clone", "us_apply",
        "us_legal_actions", "mcts_iter_per_s_full", "mcts_iter_per_s_cutoff",
        "mean_game_length"}


@pytest.mark.parametrize("title", titles())
def test_every_measure_is_positive(title: str) -> None:
    numbers = bench.bench_title(get_game(title), 4, 1, bench.Sizes(1, 3, 4))
    assert set(numbers) == KEYS
    assert all(numbers[k] > 0 for k in KEYS - {"us_apply", "us_legal_actions"})


def test_the_command_prints_a_table_and_writes_json(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(bench.Sizes, "pick", classmethod(lambda cls, quick: cls(1, 3, 4)))
    out = tmp_path / "bench.json"
    assert bench.main(["ce", "--repeat", "1", "--quick", "--build", "this",
                       "--json", str(out)]) == 0
    text = capsys.readouterr().out
    assert "random playouts (full games) / s" in text and "MCTS iterations / s" in text
    assert "build:" in text
    assert set(json.loads(out.read_text())["chicago-express"]) == KEYS


def test_both_builds_are_measured_side_by_side_in_their_own_processes(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Pure and compiled with the speed-up; a pure-only install says why it measures one."""
    out = tmp_path / "bench.json"
    assert bench.main(["ce", "--repeat", "1", "--sizes", "1,3,4", "--json", str(out)]) == 0
    text = capsys.readouterr().out
    report = json.loads(out.read_text())
    assert set(report["pure"]["chicago-express"]) == KEYS
    if _compiled.extensions_status() == "fresh":
        assert set(report) == {"pure", "compiled"}
        assert set(report["compiled"]["chicago-express"]) == KEYS
        assert "speed-up" in text and "compiled" in text
    else:
        assert set(report) == {"pure"}
        assert "note: pure-Python build" in text


def test_the_speed_up_is_read_the_right_way_round() -> None:
    assert bench.speedup("random_games_per_s", 100.0, 300.0) == 3.0
    assert bench.speedup("us_clone", 3.0, 1.0) == 3.0
    assert bench.speedup("mean_game_length", 100.0, 100.0) is None


def test_bad_repeat_and_sizes_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench.main(["ce", "--repeat", "0"]) == 2
    assert "repeat" in capsys.readouterr().err
    assert bench.main(["ce", "--sizes", "1,2"]) == 2
    assert "--sizes is three positive whole numbers" in capsys.readouterr().err


def test_bad_repeat_is_refused_by_the_cuberail_command(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "ce", "--repeat", "0"]) == 2
    assert "repeat" in capsys.readouterr().err
