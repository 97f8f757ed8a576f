"""The 35th newcomer run's Chicago Express end at 80x24: a stray row
(``                 ▊                ▊``) between the board and the standings line. It
was the board's horizontal scroll bar, its thumb mid-row once the board followed the
last moves. At 80 columns the board has no such bar now (its border's title names what
is off to each side, ``◀ …Chicago | ▶ …New York``); its row is the map's."""

from __future__ import annotations

import random
from pathlib import Path

from tablekit import at_table, new_game
from textual.containers import ScrollableContainer
from textual.pilot import Pilot
from textual.widgets import Static

from cuberail.cli.play import Game
from cuberail.cli.table.app import TableApp

BARS = set(" ▁▂▃▄▅▆▇█▉▊▋▌▍▎▏")  # a scroll bar's glyphs (and its blank track)


def _finished(tmp_path: Path, seed: int) -> Game:
    game = new_game(tmp_path, "chicago-express", bots="0")
    rng = random.Random(seed)
    while not game.state.is_terminal():
        game.apply(rng.choice(game.state.legal_actions()))
    return game


def _rows(app: TableApp) -> list[str]:
    return [strip.text for strip in app.screen._compositor.render_strips()]


def test_no_bar_row_between_the_board_and_the_standings_at_the_end(tmp_path: Path) -> None:
    game = _finished(tmp_path, 1)

    async def check(app: TableApp, pilot: Pilot[int]) -> None:
        await pilot.pause()
        await pilot.pause()
        board = app.query_one("#board", ScrollableContainer)
        standings = app.query_one("#standings", Static)
        assert board.max_scroll_x > 0  # the map is wider than its pane: it still pans
        assert "◀" in str(board.border_title) or "▶" in str(board.border_title)
        rows = _rows(app)
        above = rows[standings.region.y - 1][board.region.x:board.region.right - 1]
        assert set(above) - BARS, rows  # a row of the map, not a bar's
        assert board.scrollable_content_region.bottom == standings.region.y, rows
        x = board.scroll_x  # Ctrl+arrows still pan it
        await pilot.press("ctrl+left" if x > 0 else "ctrl+right")
        await pilot.pause()
        assert board.scroll_x != x

    at_table(game, check, (80, 24))


def test_a_taller_narrow_terminal_has_no_empty_row_under_the_map(tmp_path: Path) -> None:
    """80x40: the board is as tall as the map and its border, the row the bar took given
    back to the log and choices (not left empty under the map)."""
    game = new_game(tmp_path, "chicago-express", seed=11)

    async def check(app: TableApp, pilot: Pilot[int]) -> None:
        await pilot.pause()
        board = app.query_one("#board", ScrollableContainer)
        assert board.scrollable_content_region.height == app.face.height
        assert board.max_scroll_y == 0 and board.max_scroll_x > 0

    at_table(game, check, (80, 40))
