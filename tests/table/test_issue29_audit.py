"""Issue 29 items 7-9 at the terminal table, audited: the engine's refusals name the
players as the table does, the end tracker after the last dividend names no dividend to
come, and an undo keeps the past in the log (struck through) with a line of its own."""

from __future__ import annotations

import asyncio
import io
import random
import re
from pathlib import Path

import pytest
from rich.console import Console
from tablekit import new_game, settle, type_text
from textual.widgets import Static

from cuberail.cli.play import Game
from cuberail.cli.table.app import TableApp
from cuberail.cli.table.choices import name_players
from cuberail.core.actions import Action
from cuberail.games.chicago_express.state import ChicagoExpressState
from cuberail.games.trans_siberian.state import TransSiberianState


def test_the_engines_seats_are_named_as_the_table_names_them() -> None:
    assert name_players("PRR share auction, player 0 to act", ["Ann", "Bob"]) == (
        "PRR share auction, Ann to act")
    assert name_players("step 'build' (player 1)", ["Ann", "Bob"]) == "step 'build' (Bob)"
    assert name_players("player 9 has only $3", ["Ann"]) == "player 9 has only $3"


def test_a_refused_move_at_the_table_names_the_player_not_seat_0(tmp_path: Path) -> None:
    """Issue 29 item 9: "player 0 to act" where the table says Ann."""
    game = new_game(tmp_path, "chicago-express", bots="0", names="Ann,Bob,Cy")

    async def run() -> None:
        app = TableApp(game)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            for typed, head in (("place Q5", "'place Q5' is not a legal move now: "),
                                ("bid 3", "a bid of $3 is not allowed: ")):
                await type_text(pilot, typed)
                await pilot.pause()
                assert app.message.startswith(head), app.message
                assert "Ann to act" in app.message, app.message
                assert "player 0" not in app.message, app.message
            assert game.record.actions == []

    asyncio.run(run())


def _plain(widget: Static) -> str:
    """A Static's text as it is drawn (its content may be a Rich group)."""
    console = Console(width=200, file=io.StringIO(), record=True)
    console.print(widget.content)
    return console.export_text()


def _finished(tmp_path: Path, title: str) -> Game:
    game = new_game(tmp_path, title, bots="0")
    rng = random.Random(1)
    while not game.state.is_terminal():
        game.apply(rng.choice(game.state.legal_actions()))
    return game


@pytest.mark.parametrize("title", ["chicago-express", "trans-siberian"])
def test_the_end_tracker_after_the_game_names_the_last_dividend_only(
        tmp_path: Path, title: str) -> None:
    """Issue 29 item 9: "dividend #5" in the side panel after a game ended at #4."""
    game = _finished(tmp_path, title)
    state = game.state
    assert isinstance(state, ChicagoExpressState | TransSiberianState)
    paid = state.dividends

    async def run() -> None:
        app = TableApp(game)
        async with app.run_test(size=(160, 50)) as pilot:
            await settle(app, pilot)
            shown = _plain(app.query_one("#tracker", Static))
            assert shown.startswith("game over after "), shown
            said = (f"general dividend #{paid};" if title == "chicago-express"
                    else f"{paid} dividends;")
            assert said in shown, shown
            assert f"#{paid + 1}" not in shown and "game ends" not in shown, shown
            assert "nationalized at the next" not in shown, shown

    asyncio.run(run())


def test_an_undo_keeps_the_moves_it_took_back_struck_through(tmp_path: Path) -> None:
    """Issue 29 item 9: an undo is a line of the log, and the past stays in it."""
    game = new_game(tmp_path, "chicago-express", bots="random,random", names="Ann,Bo,Cy")

    async def run() -> None:
        app = TableApp(game)
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(app, pilot)
            await type_text(pilot, "b 9")  # Ann bids $9; the bots answer
            await settle(app, pilot)
            moved = [e for e in app.log_entries if e.kind in ("move", "forced")]
            assert moved and moved[0].text.startswith("bid $9")
            await type_text(pilot, "undo")
            await settle(app, pilot)
            assert game.record.actions == [] and app.message.startswith("took back Ann's")
            undone = [e for e in app.log_entries if e.undone]
            assert [e.text for e in undone if e.kind in ("move", "forced")] == [
                e.text for e in moved]  # every line taken back is still there
            last = max(i for i, e in enumerate(app.log_entries) if e.undone)
            assert any(e.kind == "note" and e.text.startswith("took back Ann's")
                       for e in app.log_entries[last + 1:])  # the undo: a line after them
            drawn = str(app.query_one("#log", Static).render())
            assert "Ann: bid $9 for the PRR share" in drawn and "took back Ann's" in drawn
            await type_text(pilot, "b 10")  # the game goes on from the position before
            await settle(app, pilot)
            assert game.record.actions[0] == Action("bid", (10,))
            live = [e for e in app.log_entries if e.kind == "move" and not e.undone]
            assert live[0].text.startswith("bid $10")

    asyncio.run(run())


def test_a_refused_line_at_a_build_lists_links_by_their_places(tmp_path: Path) -> None:
    """Issue 29 item 8: what the table offers is said in places' names, not in the board
    file's ids and route fees (``link kazan-yekaterinburg pay:red,blue``)."""
    game = new_game(tmp_path, "trans-siberian", bots="0")
    rng = random.Random(7)
    while sum(1 for a in game.state.legal_actions() if a.kind == "link") < 40:
        game.apply(rng.choice(game.state.legal_actions()))

    async def run() -> None:
        app = TableApp(game)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            await type_text(pilot, "St. Petersburg ext3")  # not a name the table reads
            await pilot.pause()
            said = app.message
            # (the choices in the order the board's list reads them: by cost, then value)
            assert re.search(r"allowed now: 1\) [A-Z][A-Za-z. -]+[–→]", said), said
            assert "pay:" not in said and "link " not in said and "1a)" not in said, said
            assert "Pechora–Vorkuta" in said, said

    asyncio.run(run())


def test_the_bid_ranges_own_number_asks_for_the_amount() -> None:
    """A newcomer's run: the menu shows ``2 bid 7..40``; typing ``2`` answered "a bid of 2
    is not allowed". It now says that choice 2 wants the amount typed with ``b``."""
    from cuberail.cli.table.choices import build, interpret
    from cuberail.games import get_game

    state = get_game("chicago-express").new_game(3, {})
    choices = build(state, lambda s, a: a.text())
    rng = next(c for c in choices if c.is_range and c.actions[0].kind == "bid")
    low = min(int(a.args[0]) for a in rng.actions)  # type: ignore[call-overload]
    reply = interpret(state, choices, rng.number)
    assert not isinstance(reply, Action)
    assert f"choice {rng.number} is the bid: type b and the amount: `b {low}`" in str(reply)
    assert interpret(state, choices, f"b {low}") == next(
        a for a in rng.actions if a.args[0] == low)
