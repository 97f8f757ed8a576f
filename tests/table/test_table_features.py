"""The table's behaviour around moves: thinking sign, map clicks, undo, help, log."""

from __future__ import annotations

import asyncio
import random
import threading
from pathlib import Path
from typing import Any

from tablekit import new_game, settle, type_text
from textual.widgets import OptionList, Static

from cuberail.cli.play import Game
from cuberail.cli.table.app import TableApp
from cuberail.cli.table.screens import HelpScreen
from cuberail.core.actions import Action
from cuberail.core.state import GameState


class _SlowBot:
    """A bot that waits for the test to let it move (to see the table while it thinks)."""

    def __init__(self, gate: threading.Event) -> None:
        self.gate = gate

    def choose(self, state: GameState) -> Action:
        self.gate.wait(10)
        return state.legal_actions()[0]


def _text(app: TableApp, selector: str) -> str:
    widget = app.query_one(selector, Static)
    return str(widget.render())


def test_a_thinking_bot_is_shown_and_the_table_stays_live(tmp_path: Path) -> None:
    game = new_game(tmp_path, "chicago-express")
    gate = threading.Event()
    for seat in game.seats[1:]:
        seat.make_bot = lambda move, gate=gate: _SlowBot(gate)  # type: ignore[method-assign]

    async def run() -> None:
        app = TableApp(game)
        async with app.run_test(size=(160, 50)) as pilot:
            await settle(app, pilot)
            await type_text(pilot, "p")  # Player 1 passes: a bot is next
            await pilot.pause()
            assert app.thinking == "Bot 2 (random)"
            assert "is thinking" in _text(app, "#step")
            await type_text(pilot, "help")  # the UI answers while the bot thinks
            await pilot.pause()
            assert isinstance(app.screen, HelpScreen)
            await pilot.press("escape")
            gate.set()
            await settle(app, pilot)
            assert not app.thinking

    asyncio.run(run())


def _to_a_place_step(game: Game) -> None:
    """Play random moves (all seats human) until someone may place locomotives."""
    rng = random.Random(4)
    while not any(a.kind == "place" for a in game.state.legal_actions()):
        game.apply(rng.choice(game.state.legal_actions()))


def test_clicking_a_hex_picks_its_move_and_a_second_click_plays_it(tmp_path: Path) -> None:
    game = new_game(tmp_path, "chicago-express", bots="0")
    _to_a_place_step(game)

    async def run() -> None:
        app = TableApp(game)
        async with app.run_test(size=(160, 50)) as pilot:
            await settle(app, pilot)
            target = next(c for c in app.menu if c.target)
            x, y = next((x, y) for y in range(app.face.height) for x in range(app.face.width)
                        if app.face.hit(x, y) == target.target)
            before = len(game.record.actions)
            await pilot.click("#map", offset=(x, y))
            await pilot.pause()
            menu = app.query_one("#menu", OptionList)
            assert app.menu[menu.highlighted or 0].target == target.target
            assert "click again or press Enter" in app.message
            await pilot.click("#map", offset=(x, y))
            await settle(app, pilot)
            assert game.record.actions[before] == Action("place", (target.target,))

    asyncio.run(run())


def test_undo_at_the_table_says_what_it_took_back(tmp_path: Path) -> None:
    game = new_game(tmp_path, "chicago-express")

    async def run() -> None:
        app = TableApp(game)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            await type_text(pilot, "9")  # a bid of $9 (any number in an auction is a bid)
            await settle(app, pilot)
            assert game.record.actions[0] == Action("bid", (9,))
            await type_text(pilot, "undo")
            await settle(app, pilot)
            assert app.message.startswith("took back Player 1's 'bid $9 for the PRR share'")
            assert game.record.actions == [] and game.state.current_player() == 0
            assert any(e.text.startswith("took back") for e in app.log_entries)

    asyncio.run(run())


def test_bot_moves_since_my_last_move_are_highlighted(tmp_path: Path) -> None:
    game = new_game(tmp_path, "chicago-express")

    async def run() -> None:
        app = TableApp(game)
        async with app.run_test(size=(160, 50)) as pilot:
            await settle(app, pilot)
            await type_text(pilot, "p")
            await settle(app, pilot)
            log: Any = app.query_one("#log", Static).render()
            fresh = [span for span in log.spans if "yellow" in str(span.style)]
            assert fresh, "no bot move highlighted"
            assert "since your last move" in str(app.query_one("#logbox").border_title)

    asyncio.run(run())


def test_a_refusal_is_shown_with_its_reason(tmp_path: Path) -> None:
    game = new_game(tmp_path, "trans-siberian")

    async def run() -> None:
        app = TableApp(game)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            await type_text(pilot, "build red")
            await pilot.pause()
            assert "'build red' is not a legal move now" in app.message
            assert game.record.actions == []

    asyncio.run(run())
