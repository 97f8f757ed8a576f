"""A plug-in title for tests: a package written to a temporary folder and named by a
patched ``cuberail.titles`` entry point, the way an installed distribution adds one."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from importlib.metadata import EntryPoint
from pathlib import Path

import pytest

import cuberail.games as games


@contextmanager
def plugin_title(folder: Path, monkeypatch: pytest.MonkeyPatch, package: str, entry: str,
                 source: str) -> Iterator[None]:
    """``package`` (its ``__init__.py`` is ``source``) found as the title ``entry``; the
    titles are looked up again on entry and on exit."""
    (folder / package).mkdir()
    (folder / package / "__init__.py").write_text(source, encoding="utf-8")
    monkeypatch.syspath_prepend(str(folder))
    point = EntryPoint(entry, package, games.ENTRY_POINTS)
    monkeypatch.setattr(games, "entry_points",
                        lambda group: [point] if group == games.ENTRY_POINTS else [])
    games.refresh()
    try:
        yield
    finally:
        games.refresh()
        sys.modules.pop(package, None)
