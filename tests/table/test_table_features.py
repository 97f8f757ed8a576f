"""The table's behaviour around moves: thinking sign, map clicks, undo, help, log."""

from __future__ import annotations

import asyncio
import random
import threading
from pathlib import Path
from typing import Any

import pytest
from tablekit import new_game, settle, type_text
from textual.widgets import Static

from cuberail.cli.play import Game
from cuberail.cli.table.app import TableApp
from cuberail.cli.table.hint import Moves
from cuberail.cli.table.hintwords import Answer
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


def _to_a_map_choice(game: Game) -> None:
    """Play random moves (all seats human) until a move names a hex or a link."""
    rng = random.Random(4)
    while not any(a.kind in ("place", "develop", "link") for a in game.state.legal_actions()):
        game.apply(rng.choice(game.state.legal_actions()))


@pytest.mark.parametrize("title", ["chicago-express", "trans-siberian"])
def test_clicking_the_map_picks_its_move_and_a_second_click_plays_it(
        tmp_path: Path, title: str) -> None:
    game = new_game(tmp_path, title, bots="0")
    _to_a_map_choice(game)

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
            chosen = app._highlighted()
            assert chosen is not None and chosen.target == target.target
            assert "click again or press Enter" in app.message
            await pilot.click("#map", offset=(x, y))
            await settle(app, pilot)
            assert game.record.actions[before] == target.actions[0]

    asyncio.run(run())


def test_undo_at_the_table_says_what_it_took_back(tmp_path: Path) -> None:
    game = new_game(tmp_path, "chicago-express")

    async def run() -> None:
        app = TableApp(game)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            await type_text(pilot, "b 9")  # a bid of $9 (a bare number is a choice)
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
            assert "yellow: new" in str(app.query_one("#logbox").border_title)

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


def test_board_alone_on_a_small_terminal_and_back(tmp_path: Path) -> None:
    game = new_game(tmp_path, "chicago-express")

    async def run() -> None:
        app = TableApp(game)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            board = app.query_one("#board")
            before = board.size.height
            await type_text(pilot, "board")
            await pilot.pause()
            assert board.size.height > before
            assert not app.query_one("#menu").display or not app.query_one("#bottom").display
            await pilot.press("f2")
            await pilot.pause()
            assert board.size.height == before

    asyncio.run(run())


def test_arrow_keys_and_enter_play_the_highlighted_move(tmp_path: Path) -> None:
    game = new_game(tmp_path, "trans-siberian", bots="0")
    _to_a_map_choice(game)

    async def run() -> None:
        app = TableApp(game)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            second = app.shown[1]
            before = len(game.record.actions)
            await pilot.press("down", "enter")
            await settle(app, pilot)
            assert game.record.actions[before] == second.actions[0]

    asyncio.run(run())


async def _hinted(app: TableApp, pilot: Any) -> None:
    """Wait until the hint's search has answered."""
    for _ in range(1000):
        await pilot.pause(0.01)
        if not app.hinting:
            return
    raise AssertionError("the hint never came")


def test_hint_is_searched_off_the_ui_thread_and_shown_in_one_line(tmp_path: Path) -> None:
    game = new_game(tmp_path, "trans-siberian")
    game.hint_iterations = 30  # a small fixed budget: quick and seeded
    threads: list[threading.Thread] = []
    search = game.hint_answer

    def hint(state: GameState | None = None, history: Moves = ()) -> Answer:
        threads.append(threading.current_thread())
        return search(state, history)

    game.hint_answer = hint  # type: ignore[method-assign]

    async def run() -> None:
        app = TableApp(game)
        async with app.run_test(size=(160, 50)) as pilot:
            await settle(app, pilot)
            await type_text(pilot, "hint")
            await _hinted(app, pilot)
            assert app.message.startswith("hint: bid $")
            assert "% to win" in app.message and "F3 again" in app.message  # in brief
            assert game.record.actions == []  # a hint plays nothing
            move = app.message.split(" — ")[0].split(". ")[0]
            app._say("")
            await pilot.press("f3")  # the key does the same, in detail the second time
            await _hinted(app, pilot)
            assert app.message.startswith(move)  # seeded by the move number
            assert "your winning chance after it: about" in app.message
            assert "30 iterations of search" in app.message

    asyncio.run(run())
    assert len(threads) == 2 and threading.main_thread() not in threads


def test_a_hint_that_comes_after_a_move_is_not_shown(tmp_path: Path) -> None:
    game = new_game(tmp_path, "chicago-express")
    game.hint_iterations = 30

    async def run() -> None:
        app = TableApp(game)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            app.hinting = True
            moves = len(game.record.actions)
            await type_text(pilot, "b 9")  # the player bids before the hint arrives
            await settle(app, pilot)
            app._hint_done(app.generation, moves, Answer("", plain="hint: stale"), False)
            assert not app.hinting and "stale" not in app.message

    asyncio.run(run())
