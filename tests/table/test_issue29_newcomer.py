"""Issue 29, a newcomer's run of the table: the whole map at 120x40, hexes that read as one
block, Trans-Siberian values apart and its whole map at 80x24, choices reachable by PgDn,
tips and explanations set apart from the choices, the end line at 80x24, Ctrl+Q asks."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

from rich.text import Text
from tablekit import at_table, board_alone, new_game, settle, visible_places
from test_issue29_audit import _finished
from test_issue29_table import _build_step
from textual.containers import ScrollableContainer, VerticalScroll
from textual.pilot import Pilot
from textual.widgets import OptionList, Static

from cuberail.cli.table import choices as C
from cuberail.cli.table.app import TableApp
from cuberail.cli.table.screens import ConfirmQuit
from cuberail.core.actions import Action
from cuberail.games import get_game
from cuberail.games.chicago_express.board import HEXES
from cuberail.games.chicago_express.state import ChicagoExpressState
from cuberail.games.trans_siberian.board import COMPANY_INDEX, LINK_INDEX, LINKS
from cuberail.games.trans_siberian.state import ACTIVE, TURN, TransSiberianState
from cuberail.terminal.chicago_express import board as ce_map
from cuberail.terminal.trans_siberian import board as ts_map
from cuberail.terminal.trans_siberian import teach as ts_teach


def _plain(widget: Static) -> str:
    content = widget.content
    return content.plain if isinstance(content, Text) else str(content)


def test_the_whole_chicago_express_map_is_in_view_at_120x40(tmp_path: Path) -> None:
    """Chicago (A2) and the east both in view at the start, without panning: the compact
    map beside the side panel (the seventh newcomer found it clearer than the whole map
    with the side panel under it, which this test asserted before)."""
    game = new_game(tmp_path, "chicago-express")

    async def check(app: TableApp, pilot: Pilot[int]) -> None:
        await pilot.pause()
        board = app.query_one("#board", ScrollableContainer)
        assert board.scrollable_content_region.width >= app.face.width
        assert board.scrollable_content_region.height >= app.face.height
        assert visible_places(app) == {hx.id for hx in HEXES}
        assert app.face is app.full_face.small and app.screen.has_class("compact")
        assert app.query_one("#side").display and not app.query_one("#side-low").display
        assert "off-screen" not in str(board.border_title)

    at_table(game, check)


def test_a_hex_is_one_block_its_name_above_its_own_edge() -> None:
    """The second line of a hex is its city's name (or nothing) filled with the hex's lower
    edge, so `Rochr` reads as O0's and never as the id beside it."""
    s = get_game("chicago-express").new_game(3, {})
    assert isinstance(s, ChicagoExpressState)
    lines = ce_map.render(s, set()).plain.split("\n")
    assert len(lines) == ce_map.HEIGHT
    for hx in HEXES:
        if s.companies_on(hx.index):
            continue
        x, y = hx.col * ce_map.STEP, 2 * hx.row + hx.col % 2 + 1
        name = ce_map.label(hx.name) if hx.name else ""
        assert lines[y][x:x + ce_map.CELL] == name + ce_map.EDGE * (ce_map.CELL - len(name))


def test_ts_link_values_never_touch_another_value() -> None:
    """`5` beside `2` read as `52`: on both maps, in seeded positions from the opening to
    the end, a link's value is written where no other link's letter or value is beside
    it on its row, and every built link shows its value."""
    for seed in range(8):
        s = get_game("trans-siberian").new_game(4)
        assert isinstance(s, TransSiberianState)
        rng = random.Random(seed)
        for _ in range(rng.randrange(50, 1500)):
            if s.is_terminal():
                break
            s.apply(rng.choice(s.legal_actions()))
        for size in ((ts_map.WIDTH, ts_map.HEIGHT), (ts_map.SMALL_WIDTH, ts_map.SMALL_HEIGHT)):
            rows = ts_map.render(s, set(), *size).plain.split("\n")
            draw = ts_map.drawing(s, set(), *size)
            for (x, y), (link, ch) in draw.tags.items():
                if ch.isdigit():  # beside it: its own letter, a line or a blank
                    for near in ((x - 1, y), (x + 1, y)):
                        own = draw.tags.get(near, ("", ""))[0] == link
                        assert own or not rows[y][near[0]].isalnum(), (seed,
                                                                       rows[y][x - 3:x + 4])
            valued = {link for link, ch in draw.tags.values() if ch.isdigit()}
            assert valued == {k for k, o in enumerate(s.owner) if o >= 0}, seed


def test_the_ts_board_alone_at_80x24_is_the_whole_map(tmp_path: Path) -> None:
    """F2 at 80x24: the compact map whole in view (nothing to scroll), every built link
    drawn and named by a click."""
    game = new_game(tmp_path, "trans-siberian", bots="0", players=4)
    rng = random.Random(3)
    s = game.state
    assert isinstance(s, TransSiberianState)
    while sum(o >= 0 for o in s.owner) < 8:
        game.apply(rng.choice(s.legal_actions()))

    async def check(app: TableApp, pilot: Pilot[int]) -> None:
        board = await board_alone(app, pilot)
        assert app.face is app.full_face.small
        region = board.scrollable_content_region
        assert region.width >= app.face.width and region.height >= app.face.height
        clickable = {app.face.hit(x, y) for y in range(app.face.height)
                     for x in range(app.face.width)}
        assert {LINKS[k].id for k, o in enumerate(s.owner) if o >= 0} <= clickable
        assert str(board.border_title) == "board"

    at_table(game, check, (80, 24))


def test_pgdn_pages_a_long_list_of_choices_and_shift_pgup_the_log(tmp_path: Path) -> None:
    game = new_game(tmp_path, "trans-siberian", bots="0")
    _build_step(game)

    async def check(app: TableApp, pilot: Pilot[int]) -> None:
        await pilot.pause()
        menu = app.query_one("#menu", OptionList)
        log = app.query_one("#logbox", VerticalScroll)
        assert menu.max_scroll_y > 0 and "PgUp/PgDn" in str(menu.border_title)
        start, log_y = menu.highlighted, log.scroll_y
        await pilot.press("pagedown")
        await pilot.pause()
        assert menu.highlighted is not None and start is not None
        assert menu.highlighted > start  # the menu paged, the log still at its end
        assert log.scroll_y == log.max_scroll_y  # not paged: kept at its end
        log_y = log.scroll_y
        choice = app._highlighted()  # one cut line each at 80 columns; this one in full
        assert choice is not None and choice.detail in app.message
        await pilot.pause()
        menu._update_lines()
        line = menu._index_to_line[menu.highlighted] - int(menu.scroll_y)
        assert 0 <= line < menu.scrollable_content_region.height  # still in view
        for _ in range(40):
            await pilot.press("pagedown")
        await pilot.pause()
        last = max(app.option_index(c) for c in app.shown)
        assert menu.highlighted == last  # the last choice is reachable
        await pilot.press("shift+pageup")
        await pilot.pause()
        assert log.scroll_y < log_y or log.max_scroll_y == 0
        await pilot.press("f2")  # the message line shrinks: the board's title follows
        await pilot.pause()
        await pilot.pause()
        assert app.query_one("#board").border_title == "board"

    at_table(game, check, (80, 24))


def _ts_holding_private_red(tmp_path: Path) -> TableApp:
    game = new_game(tmp_path, "trans-siberian")
    s = game.state
    assert isinstance(s, TransSiberianState)
    red, p = COMPANY_INDEX["red"], s.current_player()
    s.status[red], s.value[red], s.held[p * 6 + red] = ACTIVE, 0, 1
    s.unsold[red] -= 1
    s.step, s._legal = TURN, None  # the turn's choice: refusals are shown only there
    return TableApp(game)


def test_why_a_build_is_missing_is_set_apart_under_a_heading(tmp_path: Path) -> None:
    app = _ts_holding_private_red(tmp_path)

    async def run() -> None:
        async with app.run_test(size=(160, 50)) as pilot:
            await settle(app, pilot)
            menu = app.query_one("#menu", OptionList)
            options = [menu.get_option_at_index(i) for i in range(menu.option_count)]
            notes = [o for o in options if o.disabled]
            assert [str(o.prompt) for o in notes[:2]] == ["", "   not on offer:"]
            assert str(notes[2].prompt).startswith("   · cannot build for red: it is private")
            assert all(o.id is None for o in notes)  # notes, never choices
            assert options.index(notes[0]) == len(app.shown)  # under the last choice

    asyncio.run(run())


def test_ts_explains_external_links_when_one_is_on_offer() -> None:
    s, rng = get_game("trans-siberian").new_game(3, {}), random.Random(3)
    seen_note = seen_none = False
    for _ in range(3000):
        if s.is_terminal():
            s = get_game("trans-siberian").new_game(3, {})
        links = [LINKS[LINK_INDEX[str(a.args[0])]] for a in s.legal_actions()
                 if a.kind == "link"]
        notes = ts_teach.notes(s)
        if any(k.external for k in links):
            assert notes == [ts_teach.BORDER_NOTE] and "border 1-3" in notes[0]
            seen_note = True
        else:
            assert notes == []
            seen_none = True
        if seen_note and seen_none:
            return
        s.apply(rng.choice(s.legal_actions()))
    raise AssertionError("no external link was ever on offer")


def test_a_tip_is_drawn_as_advice_a_danger_as_a_warning(tmp_path: Path) -> None:
    app = TableApp(new_game(tmp_path, "chicago-express"))
    tip = C.Choice("3", "company B&O", "build for B&O", (Action("company", ("B&O",)),),
                   warning="tip: you built for PRR last time. Switching is allowed")
    danger = C.Choice("4", "buy red", "buy red", (Action("buy", ("red",)),),
                      warning="red will be nationalized at the next dividend")
    app.menu = [tip, danger]
    assert "⚠" not in app._prompt(tip).plain and "tip: you built" in app._prompt(tip).plain
    assert "⚠ red will be nationalized" in app._prompt(danger).plain


def test_the_end_line_stays_at_80x24_and_the_log_has_room(tmp_path: Path) -> None:
    game = new_game(tmp_path, "chicago-express")

    async def run() -> None:
        app = TableApp(game)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            await pilot.pause()
            line = app.query_one("#endline", Static)
            assert line.display and line.size.height == 2
            text = _plain(line)
            assert "end at a dividend: sold out 0/3" in text
            assert "dividend #1 when 2 gauges are full" in text
            # 6 lines, the board the rest (it had 5 of the map's rows: test_ce_small_terminal)
            assert app.query_one("#logbox").size.height >= 6
        async with TableApp(game).run_test(size=(160, 50)) as pilot:
            assert not pilot.app.query_one("#endline").display

    asyncio.run(run())


def test_ctrl_q_asks_while_the_game_is_on(tmp_path: Path) -> None:
    game = new_game(tmp_path, "chicago-express")

    async def run() -> None:
        app = TableApp(game)
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(app, pilot)
            await pilot.press("ctrl+q")
            await pilot.pause()
            assert isinstance(app.screen, ConfirmQuit)
            shown = str(app.screen.query_one(Static).content)
            assert str(game.path) in shown and f"--load {game.path}" in shown
            await pilot.press("n")
            await pilot.pause()
            assert not isinstance(app.screen, ConfirmQuit) and app.is_running
            await pilot.press("ctrl+q")
            await pilot.pause()
            await pilot.press("y")
            await pilot.pause()
        assert app.return_code == 0

    asyncio.run(run())


def test_ctrl_q_leaves_a_finished_game_at_once(tmp_path: Path) -> None:
    game = _finished(tmp_path, "trans-siberian")

    async def run() -> None:
        app = TableApp(game)
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(app, pilot)
            await pilot.press("ctrl+q")
            await pilot.pause()
            assert not isinstance(app.screen, ConfirmQuit)
        assert app.return_code == 0

    asyncio.run(run())
