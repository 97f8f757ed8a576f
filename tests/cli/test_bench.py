"""``cuberail bench``: every measure is reported (numbers only: nothing here is timed)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

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
    assert main(["bench", "ce", "--repeat", "1", "--quick", "--json", str(out)]) == 0
    text = capsys.readouterr().out
    assert "random full games / s" in text and "MCTS iterations / s" in text
    assert set(json.loads(out.read_text())["chicago-express"]) == KEYS


def test_bad_repeat_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "ce", "--repeat", "0"]) == 2
    assert "repeat" in capsys.readouterr().err
