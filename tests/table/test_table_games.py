"""Games at the full-screen table, driven by Textual's pilot (issue 12).

One human (seat 0) against two random bots, at 80x24 and 160x50: by keyboard
(typed choice numbers, bids as bare amounts) and by mouse (clicks on the menu and
on the map). Every move goes through play.Game, so the save file is the record.

Pilot games are slow (a whole Chicago Express game is about 8 s of CPU), so two are
played to the end (keyboard and mouse, one at each size) and the other two pairings
of title, input and size play their first moves only.
"""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest
from tablekit import click_choice, keyboard_move, new_game, pick, settle, type_text

from cuberail.cli.records import load_record, replay_record
from cuberail.cli.table.app import TableApp

# (title, size, human moves: None for the whole game). Each title is played by keyboard
# and by mouse; each input is used at both sizes and plays one whole game.
BY_KEYBOARD = [pytest.param("chicago-express", (80, 24), None, id="ce-80x24-whole"),
               pytest.param("trans-siberian", (160, 50), 12, id="ts-160x50-12-moves")]
BY_MOUSE = [pytest.param("trans-siberian", (160, 50), None, id="ts-160x50-whole"),
            pytest.param("chicago-express", (80, 24), 20, id="ce-80x24-20-moves")]


# Names are data: a name Rich would read as markup ("[/b]" alone raised a MarkupError
# in the players' table) is shown as typed, from the first screen to the final ranking.
MARKUP_NAMES = "[/b],[red]x,[bold]"


def _checked(app: TableApp, path: Path, moves: int | None, made: int) -> None:
    """The save file is the record; a whole game ended with its winners in the log, a
    partial one made its moves and goes on."""
    saved = load_record(path)
    assert saved.actions == app.game.record.actions
    assert replay_record(saved).to_json() == app.game.state.to_json()
    if moves is None:
        assert app.game.state.is_terminal()
        assert any("winner" in e.text for e in app.log_entries)
        assert any("[/b]" in e.text for e in app.log_entries)  # the final ranking
    else:
        assert made == moves and not app.game.state.is_terminal()
        humans = [a for seat, a in app.history if seat == 0]
        assert len(humans) >= moves  # every typed or clicked move was played


@pytest.mark.parametrize(("title", "size", "moves"), BY_KEYBOARD)
def test_game_by_keyboard(tmp_path: Path, title: str, size: tuple[int, int],
                          moves: int | None) -> None:
    asyncio.run(_by_keyboard(tmp_path, title, size, moves))


async def _by_keyboard(tmp_path: Path, title: str, size: tuple[int, int],
                       moves: int | None) -> None:
    game = new_game(tmp_path, title, names=MARKUP_NAMES)
    app, rng = TableApp(game), random.Random(3)
    made = 0
    async with app.run_test(size=size) as pilot:
        await settle(app, pilot)
        while not game.state.is_terminal() and made < (moves or 2000):
            made += 1
            await type_text(pilot, keyboard_move(pick(app, rng), rng))
            await settle(app, pilot)
        _checked(app, game.path, moves, made)


@pytest.mark.parametrize(("title", "size", "moves"), BY_MOUSE)
def test_game_by_mouse(tmp_path: Path, title: str, size: tuple[int, int],
                       moves: int | None) -> None:
    asyncio.run(_by_mouse(tmp_path, title, size, moves))


async def _by_mouse(tmp_path: Path, title: str, size: tuple[int, int],
                    moves: int | None) -> None:
    game = new_game(tmp_path, title, names=MARKUP_NAMES)
    app, rng = TableApp(game), random.Random(5)
    made = 0
    async with app.run_test(size=size) as pilot:
        await settle(app, pilot)
        while not game.state.is_terminal() and made < (moves or 2000):
            made += 1
            choice = pick(app, rng)
            if choice.is_range:  # amounts are typed; the mouse opens the entry
                await click_choice(app, pilot, choice)
                await type_text(pilot, str(choice.actions[0].args[0]))
            else:
                await click_choice(app, pilot, choice)
            await settle(app, pilot)
        _checked(app, game.path, moves, made)
