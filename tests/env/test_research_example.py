"""The researcher's example in docs/ runs from start to end."""

from __future__ import annotations

import runpy
from pathlib import Path

import pytest

pytest.importorskip("pyspiel")
pytest.importorskip("pettingzoo")

EXAMPLE = Path(__file__).resolve().parents[2] / "docs" / "research_example.py"


def test_research_example_runs_and_reads_self_play_data(
        capsys: pytest.CaptureFixture[str]) -> None:
    runpy.run_path(str(EXAMPLE), run_name="__main__")
    out = capsys.readouterr().out
    assert "PettingZoo: observation floats 1250" in out
    assert out.count("OpenSpiel: player") == 3
    assert "visits only on legal ids: True" in out
