"""The Two Lines plug-in title (tests/microgame/twolines), registered for a test the way an
installed distribution registers one: a ``cuberail.titles`` entry point."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from importlib.metadata import EntryPoint
from pathlib import Path

import pytest

import cuberail.games as games

TITLE = "two-lines"

# The conformance suite's helpers import by bare names (tests/conformance on sys.path).
sys.path.insert(0, str(Path(__file__).parent.parent / "conformance"))


@pytest.fixture
def two_lines(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """Two Lines is a title while the test runs (and not after); yields its title."""
    point = EntryPoint(TITLE, "twolines", games.ENTRY_POINTS)
    found = games.entry_points
    monkeypatch.setattr(games, "entry_points", lambda group: [
        *found(group=group), *([point] if group == games.ENTRY_POINTS else [])])
    games.refresh()
    yield TITLE
    monkeypatch.undo()
    games.refresh()
