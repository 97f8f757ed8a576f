"""Helpers for the table's pilot tests: a seeded game, waiting for bots, a player."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import random
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import TypeVar

from textual.containers import ScrollableContainer, VerticalScroll
from textual.pilot import Pilot
from textual.widgets import OptionList
from textual.worker import WorkerCancelled

from cuberail.cli import play
from cuberail.cli.table import choices as C
from cuberail.cli.table.app import TableApp
from cuberail.core.state import GameState
from cuberail.games import get_game

T = TypeVar("T")
Check = Callable[[TableApp, Pilot[int]], Awaitable[T]]


def new_game(tmp_path: Path, title: str, bots: str = "random,random", players: int = 3,
             names: str | None = None, seed: int = 7) -> play.Game:
    args = argparse.Namespace(title=title, players=players, bots=bots, names=names, seed=seed,
                              option=None, load=None, save=str(tmp_path / "game.json"))
    return play.new_game(args, input, False)


async def settle(app: TableApp, pilot: Pilot[int]) -> None:
    """Wait until no bot is thinking (the human is to move, or the game is over).

    A bot's worker hands its move to the UI thread and ends; the next bot's worker,
    started from that hand-over, may find it not yet ended and cancel it (the bots'
    workers are exclusive). Its move is already played, so waiting goes on."""
    for _ in range(10_000):
        await pilot.pause()
        if not app.thinking:
            return
        with contextlib.suppress(WorkerCancelled):
            await app.workers.wait_for_complete()
    raise AssertionError("the bots never stopped thinking")


def at_table(game: play.Game, check: Check[T], size: tuple[int, int] = (120, 40)) -> T:
    """Open ``game`` at a table of ``size`` under Textual's pilot, wait for the bots
    (:func:`settle`), then run ``check(app, pilot)``; its result."""

    async def run() -> T:
        app = TableApp(game)
        async with app.run_test(size=size) as pilot:
            await settle(app, pilot)
            return await check(app, pilot)

    return asyncio.run(run())


async def board_alone(app: TableApp, pilot: Pilot[int]) -> ScrollableContainer:
    """F2: the board alone, settled (one pause for the layout, one for the map drawn in
    it); the board's container."""
    await pilot.press("f2")
    await pilot.pause()
    await pilot.pause()
    return app.query_one("#board", ScrollableContainer)


def visible_places(app: TableApp) -> set[str]:
    """The places (hexes, links) drawn in the board's window."""
    board = app.query_one("#board", ScrollableContainer)
    region = board.scrollable_content_region
    x0, y0 = int(board.scroll_x), int(board.scroll_y)
    return {hx for y in range(y0, y0 + region.height) for x in range(x0, x0 + region.width)
            if (hx := app.face.hit(x, y)) is not None}


def pick(app: TableApp, rng: random.Random) -> C.Choice:
    """A random menu choice, with a bias to stop auctions early (short games)."""
    menu = app.menu
    passes = [c for c in menu if c.label in ("pass", "stop", "forgo")]
    if passes and rng.random() < 0.5:
        return passes[0]
    return rng.choice(menu)


async def type_text(pilot: Pilot[int], text: str) -> None:
    await pilot.press(*[ch if ch != " " else "space" for ch in text], "enter")


def keyboard_move(choice: C.Choice, rng: random.Random) -> str:
    """What a player types for ``choice``: its number, or an amount in an auction."""
    if choice.is_range:
        return C.typed(rng.choice(choice.actions[:3]))
    return choice.number


async def click_choice(app: TableApp, pilot: Pilot[int], choice: C.Choice) -> None:
    """Click the menu entry of ``choice`` (scrolled into view first)."""
    menu = app.query_one("#menu", OptionList)
    index = app.option_index(choice)
    menu.highlighted = index
    menu.scroll_to_highlight()
    await pilot.pause()
    menu._update_lines()
    line = menu._index_to_line[index] - int(menu.scroll_y)
    assert 0 <= line < menu.scrollable_content_region.height, "the option is not in view"
    await pilot.click("#menu", offset=(8, 1 + line))


def played(title: str, moves: int, players: int, seed: int) -> GameState:
    """A seeded game of ``players`` seats after ``moves`` random legal moves (fewer if it
    ends first): the maps' tests draw such positions."""
    s = get_game(title).new_game(players, {})
    rng = random.Random(seed)
    for _ in range(moves):
        if s.is_terminal():
            break
        s.apply(rng.choice(s.legal_actions()))
    return s


def side_panel_fits(app: TableApp) -> None:
    """The side panel in view (beside the board, or under a wide one) shows all it
    holds: its content no taller than its box, no scroll, no scrollbar."""
    side = app.query_one("#side-low" if app.screen.has_class("wide") else "#side",
                         VerticalScroll)
    assert side.display
    room = side.scrollable_content_region
    assert side.virtual_size.height <= room.height, (side.virtual_size, room)
    assert side.max_scroll_y == 0
    assert not side.show_vertical_scrollbar and not side.show_horizontal_scrollbar


async def play_by_keys(app: TableApp, pilot: Pilot[int], moves: int, seed: int = 3) -> None:
    """``moves`` random choices typed at the input line (fewer if the game ends), the
    bots answering each."""
    rng = random.Random(seed)
    for _ in range(moves):
        if app.game.state.is_terminal():
            break
        await type_text(pilot, keyboard_move(pick(app, rng), rng))
        await settle(app, pilot)
    await pilot.pause()
