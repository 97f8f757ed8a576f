"""A newcomer's run of `cuberail play ce` at 80x24: the board showed 5 of the map's rows
(2½ rows of hexes), the log and the choices taking half the screen under it.

Below 120 columns the log and the choices now keep a border and 6 lines (more where the
map leaves them more) and the board takes the rest, as tall as the map where the terminal
is tall enough. At 80x24: 24 rows less the step (2 at most), the standings (1), the end
lines (2), the input (1), the log and choices (7) and the board's top border (1; no
horizontal scroll bar at 80 columns, the 35th newcomer run read it as a stray row) leave
the map 10 rows, 11 when the step takes a line; a message line (up to 3) takes from the
board, never from the choices. The Ctrl+arrows still pan the board.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from tablekit import at_table, keyboard_move, new_game, pick, settle, type_text
from textual.containers import ScrollableContainer
from textual.geometry import Region
from textual.pilot import Pilot
from textual.widgets import OptionList, Static

from cuberail.cli.table.app import TableApp

MAP_ROWS_80x24 = 10  # see above: 24 - 2 - 1 - 2 - 1 - 7 - 1
CHOICE_ROWS = 6  # the choices' lines under the board at 80x24, whatever else shows


def _map_rows(app: TableApp) -> int:
    return app.query_one("#board", ScrollableContainer).scrollable_content_region.height


def _room(app: TableApp) -> int:
    """The map's rows the board has room for: its rows, less the lines of a message (the
    message line takes them from the board)."""
    hint = app.query_one("#hint", Static)
    return _map_rows(app) + (hint.region.height if hint.display else 0)


async def _pans(app: TableApp, pilot: Pilot[int]) -> None:
    """Ctrl+Down/Up and Ctrl+Right/Left move the board's window."""
    board = app.query_one("#board", ScrollableContainer)
    assert board.max_scroll_y > 0 and board.max_scroll_x > 0  # the map is larger: it pans
    await pilot.press("ctrl+up", "ctrl+up", "ctrl+up", "ctrl+up", "ctrl+up", "ctrl+up")
    await pilot.pause()
    top = board.scroll_y
    await pilot.press("ctrl+down")
    await pilot.pause()
    assert board.scroll_y > top
    await pilot.press("ctrl+up")
    await pilot.pause()
    assert board.scroll_y == top
    await pilot.press(*["ctrl+left"] * 10)
    await pilot.pause()
    left = board.scroll_x
    await pilot.press("ctrl+right")
    await pilot.pause()
    assert board.scroll_x > left


def test_the_board_takes_the_rows_at_80x24_and_still_pans(tmp_path: Path) -> None:
    """At every decision of a seeded game: at least ``MAP_ROWS_80x24`` of the map's rows
    (but for a message's lines), the choices their 6 lines, the moves beside them."""
    game = new_game(tmp_path, "chicago-express", seed=11)

    async def check(app: TableApp, pilot: Pilot[int]) -> list[int]:
        seen = []
        rng = random.Random(13)
        for _ in range(16):
            if app.game.state.is_terminal():
                break
            await pilot.pause()
            seen.append(_map_rows(app))
            assert _room(app) >= MAP_ROWS_80x24, (seen, app.query_one("#hint").region)
            assert app.query_one("#bottom").region.height == CHOICE_ROWS + 1
            assert app.query_one("#logbox").region.height == CHOICE_ROWS + 1
            assert app.query_one("#menu", OptionList).region.height >= 3
            await type_text(pilot, keyboard_move(pick(app, rng), rng))
            await settle(app, pilot)
        await _pans(app, pilot)
        return seen

    seen = at_table(game, check, (80, 24))
    assert len(seen) >= 12 and max(seen) >= MAP_ROWS_80x24 + 1  # 11 with a one-line step


def test_a_taller_narrow_terminal_shows_the_whole_height_of_the_map(tmp_path: Path) -> None:
    """80x40: every row of the map in view (the board no longer stops at 30% of the
    screen); the log and choices take the rest, more than their 6 lines."""
    game = new_game(tmp_path, "chicago-express", seed=11)

    async def check(app: TableApp, pilot: Pilot[int]) -> None:
        await pilot.pause()
        board = app.query_one("#board", ScrollableContainer)
        assert _map_rows(app) >= app.face.height and board.max_scroll_y == 0
        assert app.query_one("#bottom").region.height > CHOICE_ROWS + 1

    at_table(game, check, (80, 40))


def _shown(static: Static) -> str:
    """What a widget shows, as text (its lines joined, trailing spaces cut)."""
    width, height = static.size
    return "\n".join("".join(seg.text for seg in strip).rstrip()
                     for strip in static.render_lines(Region(0, 0, width, height))).strip()


@pytest.mark.parametrize("title", ["chicago-express", "trans-siberian"])
def test_below_120_columns_the_side_panel_holds_the_companies_alone(tmp_path: Path,
                                                                     title: str) -> None:
    """The twentieth newcomer run at 80x24: the side panel showed the players' heading
    with its rows cut off below it, while the line under the board showed the players.
    Below 120 columns the players and the end tracker are the lines under the board, and
    the side panel (titled so) holds the companies and the map's key; at 120x40 it holds
    the players and the tracker too (Trans-Siberian's whole map stands above the rest
    there, the players and the tracker the lines under it: F4's list has the panel)."""
    async def check(app: TableApp, pilot: Pilot[int]) -> None:
        await pilot.pause()
        side = app.query_one("#side")
        assert side.border_title == "companies"
        assert not app.query_one("#players", Static).display
        shown = _shown(app.query_one("#tracker", Static))  # the map's key alone
        assert shown and "end" not in shown and "dividend" not in shown, shown
        assert app.query_one("#standings", Static).display  # the players, under the board
        assert app.game.names[1].split(" (")[0] in str(app.query_one("#standings", Static).render())
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        await pilot.pause()
        if title == "trans-siberian":
            assert app.screen.has_class("wide") and app.query_one("#standings").display
            await pilot.press("f4")
            await pilot.pause()
        assert side.border_title == "companies, players, end of game"
        assert app.query_one("#players", Static).display
        assert _shown(app.query_one("#tracker", Static)).startswith(
            "ends at a dividend" if title == "chicago-express" else "end:")

    at_table(new_game(tmp_path, title, seed=3), check, (80, 24))
