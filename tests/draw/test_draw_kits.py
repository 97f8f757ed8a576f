"""Each title's drawing is its draw kit, found by the title; a title without one says so."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from tests.plugins import plugin_title

from cuberail.core.words import catalog
from cuberail.draw import NoDrawing, board_svg, drawer_for, find_drawer, has_drawing, svg_for
from cuberail.draw.words import kit_packages
from cuberail.games import get_game, layer_module_name, titles

PLUGIN = '''
from dataclasses import replace
from cuberail.games.chicago_express import INFO as BASE
INFO = replace(BASE, title="toy", name="Toy", package="drawtoy", aliases=(),
               short_name="cuberail_toy")
'''


@pytest.fixture
def toy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """A plug-in title with no draw kit."""
    with plugin_title(tmp_path, monkeypatch, "drawtoy", "toy", PLUGIN):
        yield "toy"


@pytest.mark.parametrize("title", titles())
def test_each_title_is_drawn_by_the_draw_kit_named_after_its_package(title: str) -> None:
    drawer = drawer_for(title)
    package = get_game(title).package.rsplit(".", 1)[-1]
    assert drawer.__module__ == f"cuberail.draw.{package}"
    assert has_drawing(title) and find_drawer(title) is drawer
    state = get_game(title).new_game(3)
    assert board_svg(title, state).startswith("<svg")


@pytest.mark.parametrize("title", titles())
def test_each_titles_board_words_are_in_its_draw_kit(title: str) -> None:
    kit = layer_module_name(title, "draw")
    assert kit in kit_packages()
    assert [key for key in catalog(kit, "en") if key != "_about"]


def test_a_title_without_a_draw_kit_has_no_drawing_and_says_where_it_looked(toy: str) -> None:
    assert not has_drawing(toy) and find_drawer(toy) is None
    assert layer_module_name(toy, "draw") not in kit_packages()
    state = get_game(toy).new_game(3)
    with pytest.raises(NoDrawing, match=r"no drawing for Toy \(looked for .*drawtoy\.draw\)"):
        svg_for(toy, state.to_json())
