"""Enter on an empty input line (the thirteenth newcomer run: an empty Enter played
choice 1, "set red's share value to $8", below the nationalization value, where they
expected nothing). Enter alone plays a choice the player marked at this decision (↑/↓,
PgUp/PgDn, a click on the map, F3's hint); the cursor's own place plays nothing and the
message line says how to choose."""

from __future__ import annotations

from pathlib import Path

import pytest
from tablekit import at_table, new_game, settle
from textual.pilot import Pilot

from cuberail.cli.table.app import TableApp


@pytest.mark.parametrize("title", ["chicago-express", "trans-siberian"])
def test_an_empty_enter_plays_only_a_marked_choice(tmp_path: Path, title: str) -> None:
    game = new_game(tmp_path, title)

    async def check(app: TableApp, pilot: Pilot[int]) -> None:
        moves = len(app.game.record.actions)
        await pilot.press("enter")
        await pilot.pause()
        assert len(app.game.record.actions) == moves  # nothing played
        assert app.message.startswith("Enter alone plays a marked choice: type a choice"
                                      f" number (1-{len(app.menu)})"), app.message
        await pilot.press("down", "up")  # marked: the first choice, by the player
        wanted = app.menu[0].actions[0]
        await pilot.press("enter")
        await settle(app, pilot)
        assert app.game.record.actions[moves] == wanted
        # the next decision starts unmarked again
        if app.menu and not app.game.state.is_terminal():
            now = len(app.game.record.actions)
            await pilot.press("enter")
            await pilot.pause()
            assert len(app.game.record.actions) == now

    at_table(game, check)
