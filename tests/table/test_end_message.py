"""The message line at the end of a terminal game (the twelfth newcomer run: "after game
over the status line still said 'Dividend paid: you received nothing'"). A dividend's
notice waits for the human's next decision; at the end there is none, so the line is
cleared (the last dividend stays in the log, split by company). Also F3 after the end,
and Enter while a hint searches."""

from __future__ import annotations

from pathlib import Path

import pytest
from tablekit import at_table, new_game, settle
from textual.pilot import Pilot
from textual.widgets import Static

from cuberail.cli.table.app import TableApp


@pytest.mark.parametrize("title", ["chicago-express", "trans-siberian"])
def test_no_dividend_notice_is_left_at_the_end(tmp_path: Path, title: str) -> None:
    game = new_game(tmp_path, title, bots="random,random,random", players=4, seed=3)

    async def check(app: TableApp, pilot: Pilot[int]) -> list[str]:
        notices = []
        for _ in range(3000):
            await settle(app, pilot)
            if app.game.state.is_terminal():
                break
            if app.message.startswith("Dividend paid"):
                notices.append(app.message)
            move = len(app.game.record.actions)
            app.choose(app.game.seats[1].make_bot(move).choose(app.game.state.clone()))
        await pilot.pause()
        assert app.game.state.is_terminal()
        assert app.message == "" and not app.query_one("#hint", Static).display
        assert any("┃" in e.text for e in app.log_entries)  # the dividends' splits stay
        return notices

    assert at_table(game, check)  # dividends were announced during the game


def test_f3_after_the_end_says_the_game_is_over(tmp_path: Path) -> None:
    """The 28th newcomer run pressed F3 after the end and read "hint works on your own
    turn"; there is no turn left."""
    game = new_game(tmp_path, "trans-siberian", bots="random,random", players=3, seed=4)

    async def check(app: TableApp, pilot: Pilot[int]) -> str:
        for _ in range(3000):
            await settle(app, pilot)
            if app.game.state.is_terminal():
                break
            move = len(app.game.record.actions)
            app.choose(app.game.seats[1].make_bot(move).choose(app.game.state.clone()))
        await settle(app, pilot)
        await pilot.press("f3")
        await pilot.pause()
        return app.message

    said = at_table(game, check)
    assert said == "the game is over: no more moves to hint", said


def test_enter_while_the_hint_searches_says_so(tmp_path: Path) -> None:
    """The 29th newcomer run pressed Enter during "hint: searching for 1 s…" (a busy
    machine) and nothing happened, silently."""
    game = new_game(tmp_path, "chicago-express", bots="random,random", players=3, seed=4)

    async def check(app: TableApp, pilot: Pilot[int]) -> str:
        await settle(app, pilot)
        app.hinting = True  # as while a hint's search runs in its worker
        await pilot.press("enter")
        await pilot.pause()
        return app.message

    said = at_table(game, check)
    assert said.startswith("the hint is still searching"), said


def test_f3_while_a_bot_thinks_names_it(tmp_path: Path) -> None:
    """The 31st newcomer run pressed F3 while a hard bot thought and read only "hint works
    on your own turn"."""
    game = new_game(tmp_path, "chicago-express", bots="random,random", players=3, seed=4)

    async def check(app: TableApp, pilot: Pilot[int]) -> str:
        await settle(app, pilot)
        app.thinking = "Bot 2 (hard)"  # as while that bot's search runs
        await pilot.press("f3")
        await pilot.pause()
        return app.message

    said = at_table(game, check)
    assert said == "Bot 2 (hard) is choosing its move: the hint comes on your own turn", said
