"""Issue 29 at the table: the board at 80x24, Trans-Siberian's menus, hints off, undo's log."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

from tablekit import board_alone, new_game, settle, type_text, visible_places
from textual.containers import ScrollableContainer
from textual.widgets import Input

from cuberail.cli.play import Game
from cuberail.cli.records import load_record
from cuberail.cli.table import choices as C
from cuberail.cli.table.app import TableApp
from cuberail.cli.table.hint import OFF
from cuberail.games import get_game
from cuberail.games.chicago_express.board import HEXES
from cuberail.games.trans_siberian.board import SHARE_TRACK
from cuberail.games.trans_siberian.state import TransSiberianState
from cuberail.terminal import face as view_module

TS_VIEW = view_module("trans-siberian")


def test_ctrl_arrows_pan_the_board_while_the_input_has_focus(tmp_path: Path) -> None:
    game = new_game(tmp_path, "chicago-express")

    async def run() -> None:
        app = TableApp(game)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            field = app.query_one("#command", Input)
            assert field.has_focus
            board = app.query_one("#board", ScrollableContainer)
            await pilot.pause()
            start = board.scroll_x
            assert start > 0  # the opening area (the east) is in view, the west is not
            await type_text(pilot, "")  # nothing typed: the input stays empty
            await pilot.press("ctrl+left")
            await pilot.pause()
            assert board.scroll_x < start and field.has_focus
            await pilot.press(*["ctrl+left"] * 12)
            await pilot.pause()
            assert board.scroll_x == 0  # Chicago and the west
            assert "◀" not in str(board.border_title)
            await pilot.press("ctrl+right")
            await pilot.pause()
            assert board.scroll_x > 0
            before_y = board.scroll_y
            await pilot.press("ctrl+down")
            await pilot.pause()
            assert board.scroll_y > before_y or board.max_scroll_y == 0

    asyncio.run(run())



def test_the_board_alone_at_80x24_reaches_every_chicago_express_hex(tmp_path: Path) -> None:
    game = new_game(tmp_path, "chicago-express")

    async def run() -> None:
        app = TableApp(game)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            board = await board_alone(app, pilot)
            assert app.face.width <= board.scrollable_content_region.width  # no sideways
            seen = visible_places(app)
            for key in ["down"] * 12 + ["pagedown", "up", "pageup"]:  # the keys reach all
                await pilot.press(key)
                await pilot.pause()
                seen |= visible_places(app)
            assert seen == {hx.id for hx in HEXES}
            assert app.query_one("#command", Input).has_focus
            await pilot.press("f2")  # back: the full map with its costs
            await pilot.pause()
            assert app.face is app.full_face

    asyncio.run(run())


def _auction_in_phase_2() -> TransSiberianState:
    """A phase-2 auction (TS-7) of seeded random games."""
    for seed in range(40):
        s, rng = get_game("trans-siberian").new_game(3, {}), random.Random(seed)
        while not s.is_terminal():
            assert isinstance(s, TransSiberianState)
            if s.phase == 2 and any(a.kind == "bid" for a in s.legal_actions()):
                return s
            s.apply(rng.choice(s.legal_actions()))
    raise AssertionError("no auction in phase 2")


def test_the_nationalization_warning_only_when_a_dividend_can_nationalize() -> None:
    """Issue 29 item 8: no warning in phase 1 (TS-6.3, TS-8: only a phase-2 dividend
    nationalizes), in every face (one sentence: the moves module's)."""
    opening = get_game("trans-siberian").new_game(3, {})
    assert isinstance(opening, TransSiberianState) and opening.phase == 1
    bid = next(a for a in opening.legal_actions() if a.kind == "bid")
    assert opening.value_nationalizes(8)  # the lowest bid would be, were it phase 2
    assert TS_VIEW.describe_action(opening, bid) == "bid $8 for the red share"
    late = _auction_in_phase_2()
    low = next(a for a in late.legal_actions() if a.kind == "bid")
    best = max(v for v in SHARE_TRACK if v <= int(low.args[0]))  # type: ignore[call-overload]
    assert late.value_nationalizes(best)
    assert "nationalized at the next phase-2 dividend" in TS_VIEW.describe_action(late, low)


def _build_step(game: Game) -> None:
    """Play a seeded random game (all seats human) to a build step with many routes."""
    rng = random.Random(7)
    while sum(1 for a in game.state.legal_actions() if a.kind == "link") < 40:
        game.apply(rng.choice(game.state.legal_actions()))


def test_a_build_menu_has_one_line_per_link_and_lists_routes_on_demand(
        tmp_path: Path) -> None:
    game = new_game(tmp_path, "trans-siberian", bots="0")
    _build_step(game)
    links = {str(a.args[0]) for a in game.state.legal_actions() if a.kind == "link"}
    legal = len(game.state.legal_actions())

    async def run() -> None:
        app = TableApp(game)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            shown = app.shown
            assert len([c for c in shown if c.target]) == len(links) < legal
            routes = next(c for c in shown if c.is_route)
            await type_text(pilot, f"{routes.base}?")
            await pilot.pause()
            assert app.expanded == routes.base and "routes" in app.message
            assert len(app.shown) > len(shown)
            dearer = next(c for c in app.shown if c.is_dearer_route)
            before = len(game.record.actions)
            await type_text(pilot, dearer.number)
            await settle(app, pilot)
            assert game.record.actions[before] == dearer.actions[0]

    asyncio.run(run())


def test_a_link_typed_by_name_at_the_table(tmp_path: Path) -> None:
    game = new_game(tmp_path, "trans-siberian", bots="0")
    _build_step(game)

    async def run() -> None:
        app = TableApp(game)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            before = len(game.record.actions)
            await type_text(pilot, "yekaterinburg")
            await pilot.pause()
            assert "could be" in app.message and "Kazan - Yekaterinburg" in app.message
            assert len(game.record.actions) == before
            cheapest = next(c for c in app.menu if c.target == "kazan-yekaterinburg")
            await type_text(pilot, "build Kazan-Yekaterinburg")
            await settle(app, pilot)
            assert game.record.actions[before] == cheapest.actions[0]

    asyncio.run(run())


def test_no_hints_for_anyone_in_that_game_also_after_loading(tmp_path: Path) -> None:
    game = new_game(tmp_path, "chicago-express")
    game.forbid_hints()
    game.save()
    assert load_record(game.path).meta["no_hints"] is True

    async def run() -> None:
        app = TableApp(game)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            await pilot.press("f3")
            await pilot.pause()
            assert app.message == OFF and not app.hinting
            await type_text(pilot, "hint")
            await pilot.pause()
            assert app.message == OFF == "hints are off in this game"

    asyncio.run(run())


def test_undo_keeps_the_event_lines_of_the_moves_still_in_force(tmp_path: Path) -> None:
    game = new_game(tmp_path, "chicago-express", seed=3)

    async def run() -> None:
        app = TableApp(game)
        async with app.run_test(size=(160, 50)) as pilot:
            await settle(app, pilot)
            rng = random.Random(5)
            for _ in range(200):  # the human plays until dividends were paid
                if any(e.kind == "event" and "dividend" in e.text for e in app.log_entries):
                    break
                choice = rng.choice(app.shown)
                await type_text(pilot, choice.number if not choice.is_range
                                else C.typed(choice.actions[0]))
                await settle(app, pilot)
            events = [e for e in app.log_entries if e.kind == "event"]
            assert any("dividend" in e.text for e in events)
            await type_text(pilot, "undo")
            await settle(app, pilot)
            assert app.message.startswith("took back")
            moves = len(game.record.actions)
            kept = [e for e in events if e.move < moves]
            assert kept and all(e in app.log_entries for e in kept)
            assert all(e.undone for e in app.log_entries if e.kind != "note" and e.move >= moves)

    asyncio.run(run())
