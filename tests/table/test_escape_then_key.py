"""The fourteenth newcomer run (2026-12-06): under tmux, F1 closed with Escape and `b 8`
typed at once did nothing. A terminal sends Escape and a key typed within its escape
time as one sequence: ``ESC b`` reads as Ctrl+Left, ``ESC u`` as Alt+u; the page stayed
up and swallowed the keys. Now the page closes and the key goes on to the input line."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from tablekit import at_table, new_game
from textual._xterm_parser import XTermParser
from textual.message import Message
from textual.pilot import Pilot
from textual.widgets import Input

from cuberail.cli.table.app import TableApp
from cuberail.cli.table.screens import HelpScreen


def _keys(sequence: str) -> list[Message]:
    """What Textual's own terminal parser makes of ``sequence`` typed at once."""
    parser = XTermParser()
    out = list(parser.feed(sequence))
    time.sleep(0.2)  # past the parser's escape delay
    return out + list(parser.tick())


@pytest.mark.parametrize(("sequence", "line"), [("\x1bb", "b 8"), ("\x1bu", "u 8")])
def test_escape_and_a_key_at_once_close_help_and_type_the_key(
        tmp_path: Path, sequence: str, line: str) -> None:
    game = new_game(tmp_path, "chicago-express", bots="random,random", players=3, seed=1)

    async def check(app: TableApp, pilot: Pilot[int]) -> None:
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        keys = _keys(sequence)
        assert keys, sequence
        for key in keys:
            app.post_message(key)
        await pilot.pause()
        await pilot.pause()
        await pilot.press("space", "8")
        await pilot.pause()
        assert not isinstance(app.screen, HelpScreen)
        assert app.query_one("#command", Input).value == line

    at_table(game, check)


def test_ctrl_left_still_pans_the_board_without_a_page(tmp_path: Path) -> None:
    """Without a page over the table Ctrl+Left pans the board as before (no letter)."""
    game = new_game(tmp_path, "chicago-express", bots="random,random", players=3, seed=1)

    async def check(app: TableApp, pilot: Pilot[int]) -> None:
        await pilot.press("ctrl+left")
        await pilot.pause()
        assert app.query_one("#command", Input).value == ""
        assert app.panned_at == app.moment()

    at_table(game, check)
