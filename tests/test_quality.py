"""The project's static checks, run as tests: ruff over src, tests and benchmarks, mypy (strict)
over src, and the import contracts of pyproject.toml (import-linter)."""

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


def test_import_contracts_are_kept() -> None:
    """The rooms depend downward only, the titles are independent, the engine imports no
    presentation or server library ([tool.importlinter] in pyproject.toml)."""
    done = subprocess.run(
        [sys.executable, "-c", "import sys; from importlinter.cli import lint_imports;"
         " sys.exit(lint_imports(no_cache=True, no_logo=True))"],
        cwd=ROOT, capture_output=True, text=True, timeout=600, check=False)
    assert done.returncode == 0, f"import contracts broken:\n{done.stdout}{done.stderr}"
