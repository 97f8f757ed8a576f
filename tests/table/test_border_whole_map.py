"""Where the board shows part of the map, its border says how to see it all (issue 29:
the 25th newcomer run saw one corner of the Chicago Express map at 80x24, and F2, the
board alone, shows the whole map there)."""

from __future__ import annotations

import asyncio
from pathlib import Path

from tablekit import new_game, settle
from textual.containers import ScrollableContainer

from cuberail.cli.table.app import TableApp
from cuberail.cli.table.drawing import WHOLE


def test_a_cut_map_says_f2_shows_it_all_and_the_board_alone_does_not(tmp_path: Path) -> None:
    game = new_game(tmp_path, "chicago-express")

    async def run() -> None:
        app = TableApp(game)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            board = app.query_one("#board", ScrollableContainer)
            title = str(board.border_title)
            assert "◀ " in title and title.endswith(WHOLE), title
            # the map's far end named (the 34th newcomer run saw `◀ Buffalo +16` at 80x24
            # and nothing of Chicago, the goal)
            assert "… Chicago" in title or "…Chicago" in title, title
            assert WHOLE == " · F2: all"
            await pilot.press("f2")
            await pilot.pause()
            await pilot.pause()
            region = board.scrollable_content_region
            assert region.width >= app.face.width  # the whole map's width
            assert "F2: all" not in str(board.border_title), board.border_title

    asyncio.run(run())


def test_a_whole_map_in_view_says_nothing_of_f2(tmp_path: Path) -> None:
    game = new_game(tmp_path, "chicago-express")

    async def run() -> None:
        app = TableApp(game)
        async with app.run_test(size=(200, 60)) as pilot:
            await settle(app, pilot)
            board = app.query_one("#board", ScrollableContainer)
            assert "off-screen" not in str(board.border_title)
            assert "F2" not in str(board.border_title), board.border_title

    asyncio.run(run())
