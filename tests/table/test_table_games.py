"""Whole games at the full-screen table, driven by Textual's pilot (issue 12).

One human (seat 0) against two random bots, at 80x24 and 160x50: by keyboard
(typed choice numbers, bids as bare amounts) and by mouse (clicks on the menu and
on the map). Every move goes through play.Game, so the save file is the record.
"""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest
from tablekit import click_choice, keyboard_move, new_game, pick, settle, type_text

from cuberail.cli import common
from cuberail.cli.table.app import TableApp

SIZES = [(80, 24), (160, 50)]
TITLES = ["chicago-express", "trans-siberian"]


def _finished(app: TableApp, path: Path) -> None:
    assert app.game.state.is_terminal()
    saved = common.load_record(path)
    assert saved.actions == app.game.record.actions
    assert common.replay_record(saved).is_terminal()
    assert any("winner" in e.text for e in app.log_entries)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("title", TITLES)
def test_whole_game_by_keyboard(tmp_path: Path, title: str, size: tuple[int, int]) -> None:
    asyncio.run(_by_keyboard(tmp_path, title, size))


async def _by_keyboard(tmp_path: Path, title: str, size: tuple[int, int]) -> None:
    game = new_game(tmp_path, title)
    app, rng = TableApp(game), random.Random(3)
    async with app.run_test(size=size) as pilot:
        await settle(app, pilot)
        for _ in range(2000):
            if game.state.is_terminal():
                break
            await type_text(pilot, keyboard_move(pick(app, rng), rng))
            await settle(app, pilot)
        _finished(app, game.path)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("title", TITLES)
def test_whole_game_by_mouse(tmp_path: Path, title: str, size: tuple[int, int]) -> None:
    asyncio.run(_by_mouse(tmp_path, title, size))


async def _by_mouse(tmp_path: Path, title: str, size: tuple[int, int]) -> None:
    game = new_game(tmp_path, title)
    app, rng = TableApp(game), random.Random(5)
    async with app.run_test(size=size) as pilot:
        await settle(app, pilot)
        for _ in range(2000):
            if game.state.is_terminal():
                break
            choice = pick(app, rng)
            if choice.is_range:  # amounts are typed; the mouse opens the entry
                await click_choice(app, pilot, app.menu.index(choice))
                await type_text(pilot, str(choice.actions[0].args[0]))
            else:
                await click_choice(app, pilot, app.menu.index(choice))
            await settle(app, pilot)
        _finished(app, game.path)
