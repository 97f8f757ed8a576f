"""Helpers for the CLI robustness tests: a record played by random bots, and cuberail run
as a subprocess (for what only a real process shows: pipes, FIFOs, encodings, signals)."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import cuberail
from cuberail.core.record import Record, new_record
from cuberail.games import get_game

SRC = str(Path(cuberail.__file__).resolve().parents[1])


def random_record(title: str = "chicago-express", players: int = 3, seed: int = 3,
                  names: list[str] | None = None) -> Record:
    """A finished game of random moves."""
    info = get_game(title)
    record = new_record(info, names or [f"P{i}" for i in range(players)], {})
    state = info.new_game(players, record.options)
    rng = random.Random(seed)
    while not state.is_terminal():
        action = rng.choice(state.legal_actions())
        state.apply(action)
        record.actions.append(action)
    return record


class Script:
    """Answers prompts from a list; EOF when it runs out."""

    def __init__(self, lines: Iterable[str]) -> None:
        self.lines = list(lines)

    def __call__(self, prompt: str) -> str:
        if not self.lines:
            raise EOFError
        return self.lines.pop(0)


def env(**extra: str) -> dict[str, str]:
    """The environment of a cuberail subprocess: this checkout first, UTF-8 output."""
    out = dict(os.environ, PYTHONPATH=SRC, PYTHONIOENCODING="utf-8", COLUMNS="110")
    out.pop("CUBERAIL_DEBUG", None)
    out.update(extra)
    return out


def cuberail_cmd(*argv: str | bytes) -> list[Any]:
    return [sys.executable, "-m", "cuberail.cli.main", *argv]


def run_cli(*argv: str | bytes, cwd: Path | None = None, stdin: str | None = None,
            timeout: float = 60, **kwargs: Any) -> subprocess.CompletedProcess[str]:
    """``cuberail ARGV`` in a subprocess; stdin from the text given (closed-empty if None)."""
    return subprocess.run(cuberail_cmd(*argv), input=stdin if stdin is not None else "",
                          capture_output=True, text=True, timeout=timeout, cwd=cwd,
                          env=env(), check=False, **kwargs)
