"""Titles are discovered, not listed: every package under cuberail.games that exports an
INFO, and every package a plug-in names under the ``cuberail.titles`` entry points."""

from __future__ import annotations

import importlib
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from tests.plugins import plugin_title

import cuberail.games as games
from cuberail.core.errors import CuberailError
from cuberail.games import get_game, infos, titles

PLUGIN = '''
from dataclasses import replace
from cuberail.games.chicago_express import INFO as BASE
INFO = replace(BASE, title="toy-rail", name="Toy Rail", package=__name__,
               aliases=("toy",), short_name="cuberail_toy_rail")
'''


@pytest.fixture
def plugin(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """A plug-in package ``toyplug`` on sys.path, named by an entry point."""
    with plugin_title(tmp_path, monkeypatch, "toyplug", "toy-rail", PLUGIN):
        yield "toyplug"


def test_every_title_declares_its_facts() -> None:
    for info in infos():
        assert info.package == f"cuberail.games.{info.title.replace('-', '_')}"
        assert info.short_name.isidentifier() and info.max_game_length > 0
        assert info.doc.startswith("docs/") and info.aliases


def test_titles_are_found_by_name_alias_and_full_name_in_any_case() -> None:
    assert titles() == ["chicago-express", "trans-siberian"]
    for name in ("ce", "CHICAGO", "chicago-express", "Chicago-Express"):
        assert get_game(name).title == "chicago-express"
    for name in ("ts", "tsr", "trans-siberian-railroad"):
        assert get_game(name).title == "trans-siberian"


def test_an_unknown_title_names_the_known_ones() -> None:
    with pytest.raises(CuberailError, match="cuberail plays: chicago-express, trans-siberian"):
        get_game("monopoly")


def test_a_plugin_adds_a_title_without_any_edit(plugin: str) -> None:
    assert "toy-rail" in titles()
    info = get_game("toy")
    assert info.package == plugin and info.name == "Toy Rail"
    state = info.new_game(3)
    assert state.legal_actions()


def test_two_packages_declaring_one_title_are_refused(
        plugin: str, monkeypatch: pytest.MonkeyPatch) -> None:
    clash = replace(get_game("ce"), package=plugin)
    monkeypatch.setattr(importlib.import_module(plugin), "INFO", clash)
    games.refresh()
    with pytest.raises(CuberailError, match="two packages declare the title 'chicago-express'"):
        titles()


EAGER = '''
from dataclasses import replace
from cuberail.games import get_game, titles
seen_while_importing = titles()  # a plug-in that looks titles up at import
from cuberail.games.chicago_express import INFO as BASE
INFO = replace(get_game("ce"), title="eager-rail", name="Eager Rail", package=__name__,
               aliases=("eager",), short_name="cuberail_eager_rail")
'''


def test_a_plugin_that_looks_titles_up_while_imported_is_still_found(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with plugin_title(tmp_path, monkeypatch, "eagerplug", "eager-rail", EAGER):
        assert "eager-rail" in titles()
        assert get_game("eager").title == "eager-rail"
        assert get_game("ce").title == "chicago-express"
