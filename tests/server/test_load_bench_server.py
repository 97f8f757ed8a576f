"""The load benchmark's server runs the build its clients import (benchmarks/load_web.py):
it named the tree's ``src`` before, so beside a compiled install it ran the pure source."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

import cuberail

LOAD_WEB = Path(__file__).resolve().parents[2] / "benchmarks" / "load_web.py"


def load_web() -> ModuleType:
    spec = importlib.util.spec_from_file_location("load_web", LOAD_WEB)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("load_web", module)
    spec.loader.exec_module(module)
    return module


def test_the_server_imports_the_cuberail_the_clients_import(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    installed = tmp_path / "site-packages"
    monkeypatch.setattr(cuberail, "__file__", str(installed / "cuberail" / "__init__.py"))
    env = load_web().server_env()
    assert env["PYTHONPATH"] == str(installed.resolve())
