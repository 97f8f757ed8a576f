"""Snapshot tests of the table's screens (pytest-textual-snapshot): a layout change is a
reviewed diff of the SVGs in __snapshots__/. Seeded games, fixed sizes, no clock.

Update after a reviewed change: python3 -m pytest tests/table/test_snapshots.py
--snapshot-update
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from tablekit import keyboard_move, new_game, pick, settle, type_text
from textual.pilot import Pilot
from textual.widgets import Input

from cuberail.cli.table.app import TableApp

SIZES = [(80, 24), (160, 50)]


async def steady_cursor(app: TableApp, pilot: Pilot[int]) -> None:
    """No blinking cursor in the picture: its phase when the screen is taken depends on the
    clock (a busy machine showed it, an idle one did not). The input stops blinking and
    loses the focus, so its cursor is never drawn."""
    app.query_one("#command", Input).cursor_blink = False
    app.screen.set_focus(None)
    await pilot.pause()


def _mid_game(title: str, moves: int) -> tuple[TableApp, Any]:
    game = new_game(Path("."), title, seed=11)
    app = TableApp(game)

    async def play(pilot: Pilot[int]) -> None:
        rng = random.Random(13)
        await settle(app, pilot)
        for _ in range(moves):
            await type_text(pilot, keyboard_move(pick(app, rng), rng))
            await settle(app, pilot)
        await steady_cursor(app, pilot)

    return app, play


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize(("title", "moves"), [("chicago-express", 24), ("trans-siberian", 20)])
def test_mid_game_screen(snap_compare: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                         title: str, moves: int, size: tuple[int, int]) -> None:
    monkeypatch.chdir(tmp_path)  # the log names the save file: keep it the same everywhere
    app, play = _mid_game(title, moves)
    assert snap_compare(app, terminal_size=size, run_before=play)


def test_help_rules_screen(snap_compare: Any, tmp_path: Path,
                           monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    app = TableApp(new_game(Path("."), "trans-siberian", seed=11))

    async def ask(pilot: Pilot[int]) -> None:
        await settle(app, pilot)
        await type_text(pilot, "help rules")
        await steady_cursor(app, pilot)

    assert snap_compare(app, terminal_size=(80, 24), run_before=ask)
