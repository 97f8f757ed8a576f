"""The project's static checks, run as tests: ruff over src, tests and benchmarks, mypy (strict)
over src."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def run_tool(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=600, check=False)


def test_ruff_is_clean() -> None:
    done = run_tool("ruff", "check", "src", "tests", "benchmarks")
    assert done.returncode == 0, (f"ruff check src tests benchmarks failed:\n"
                                  f"{done.stdout}{done.stderr}")


def test_mypy_is_clean() -> None:
    done = run_tool("mypy")  # files and strictness come from pyproject.toml
    assert done.returncode == 0, f"mypy failed:\n{done.stdout}{done.stderr}"
