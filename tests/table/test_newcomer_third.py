"""A third newcomer's run of the table: choices numbered 1..n with amounts typed `b 12`,
maps whose labels never run together, full names in the standings line, a taller
choices box for a long list, and a forced pass said in the message line."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest
from tablekit import click_choice, new_game, settle, type_text
from textual.widgets import Input, OptionList, Static

from cuberail.cli import play
from cuberail.cli.table.app import TableApp
from cuberail.cli.table.drawing import MIN_NAME, standings
from cuberail.cli.table.flow import forced_note
from cuberail.core.actions import Action
from cuberail.core.state import GameState
from cuberail.games import get_game
from cuberail.games.chicago_express.board import HEXES
from cuberail.games.chicago_express.state import ChicagoExpressState
from cuberail.games.trans_siberian.board import LOCATIONS
from cuberail.terminal.chicago_express import board as ce_map
from cuberail.terminal.chicago_express import table as ce_table
from cuberail.terminal.trans_siberian import board as ts_map

LONG_NAMES = "Annabelle Longfellow,Bartholomew Quince,Cyrus"


def _played(title: str, moves: int, seed: int = 8) -> GameState:
    s, rng = get_game(title).new_game(3, {}), random.Random(seed)
    for _ in range(moves):
        if s.is_terminal():
            break
        s.apply(rng.choice(s.legal_actions()))
    return s


# ----- 1. one numbering: 1..n, amounts typed with their letter ---------------------------


def test_a_clicked_bid_leaves_b_in_the_input_and_the_amount_typed_after_it(
        tmp_path: Path) -> None:
    """Clicking `2 bid 7..40` puts `b ` in the input line (focusing it used to select it,
    so the amount typed replaced it) and `b 12` is the bid."""
    game = new_game(tmp_path, "chicago-express", bots="0")

    async def run() -> None:
        app = TableApp(game)
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(app, pilot)
            assert "`b 12`" in app.query_one("#command", Input).placeholder
            bid = next(c for c in app.menu if c.is_range)
            assert bid.number == "2" and app.menu[0].number == "1"
            await click_choice(app, pilot, bid)
            assert app.query_one("#command", Input).value == "b "
            await type_text(pilot, "12")
            await settle(app, pilot)
            assert game.record.actions == [Action("bid", (12,))]
            await type_text(pilot, "2")  # the range's number: its letter is put in the line
            await pilot.pause()
            assert app.query_one("#command", Input).value == "b "
            assert "type the amount" in app.message

    asyncio.run(run())


# ----- 2. maps: labels apart ---------------------------------------------------------------


@pytest.mark.parametrize("cell", [ce_map.CELL, ce_map.SMALL])
def test_ce_a_locomotive_letter_never_starts_a_hexs_second_line(cell: int) -> None:
    """`K5 ♣4 B▁▁▁▁` read as the neighbour's id or cost and a B: a letter follows a piece
    of the lower edge or the city's name, never the blank between hexes."""
    s = _played("chicago-express", 150)
    assert isinstance(s, ChicagoExpressState)
    lines = ce_map.render(s, set(), cell).plain.split("\n")
    letters = set(ce_map.LETTER)
    seen = 0
    for hx in HEXES:
        x, y = hx.col * (cell + 1), 2 * hx.row + hx.col % 2 + 1
        if s.companies_on(hx.index):
            seen += 1
            assert lines[y][x] not in letters or hx.name, (hx.id, lines[y][x:x + cell])
            assert lines[y][x:x + cell].count(" ") <= 1, hx.id
    assert seen >= 5


@pytest.mark.parametrize("size", [(ts_map.WIDTH, ts_map.HEIGHT),
                                  (ts_map.SMALL_WIDTH, ts_map.SMALL_HEIGHT)])
def test_ts_city_labels_never_touch(size: tuple[int, int]) -> None:
    """`VrnSar`, `5Bar3Aba`: in seeded positions from the opening to the end, the cell
    before and after a label is no other label and no link's letter or value."""
    for seed in range(6):
        s = get_game("trans-siberian").new_game(4)
        rng = random.Random(seed)
        for _ in range(rng.randrange(50, 1500)):
            if s.is_terminal():
                break
            s.apply(rng.choice(s.legal_actions()))
        assert isinstance(s, ts_map.TransSiberianState)
        rows = ts_map.render(s, set(), *size).plain.split("\n")
        draw = ts_map.drawing(s, set(), *size)
        for loc, (x, y) in draw.where.items():
            for near in ((x - 1, y), (x + len(draw.words[loc]), y)):
                assert near not in draw.labels and near not in draw.tags, (
                    LOCATIONS[loc].name, rows[y][x - 2:near[0] + 3])


# ----- 3. names in the standings line ----------------------------------------------------


def test_the_standings_line_shows_full_names_where_they_fit() -> None:
    s = get_game("chicago-express").new_game(3, {})
    names = LONG_NAMES.split(",")
    players = ce_table.players(s, names)
    wide = standings(players, names, 118).plain
    assert all(name in wide for name in names), wide
    narrow = standings(players, names, 30).plain
    assert "Annabelle Longfellow" not in narrow and "Annabe" in narrow
    shown = [part.split(" $")[0].lstrip("▶ ") for part in narrow.split(" · ")]
    assert all(len(cut) >= min(MIN_NAME, len(name)) for cut, name in zip(shown, names,
                                                                        strict=True)), narrow


def test_the_standings_line_at_120_columns_names_everyone_in_full(tmp_path: Path) -> None:
    game = new_game(tmp_path, "trans-siberian", bots="0", names=LONG_NAMES)

    async def run() -> None:
        app = TableApp(game)
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(app, pilot)
            line = str(app.query_one("#standings").render())
            assert all(name in line for name in game.names), line

    asyncio.run(run())


# ----- 4. the choices box ----------------------------------------------------------------


def _many_links(game: play.Game) -> None:
    rng = random.Random(7)
    while sum(1 for a in game.state.legal_actions() if a.kind == "link") < 20:
        game.apply(rng.choice(game.state.legal_actions()))


def test_a_long_list_of_choices_gets_rows_from_the_board_at_120x40(tmp_path: Path) -> None:
    """The choices box had 7 rows for 17 links at 120x40. The map first there (whole above
    the rest) writes every link on offer's number on its line, each in view; F4's list
    beside the side panel gives the choices 14 rows or more. (The board gave up rows for
    them; since the seventh newcomer the compact layout leaves them that room whole, so
    the board keeps its rows: this test asserted that it shrank.)"""
    game = new_game(tmp_path, "trans-siberian", bots="0")

    async def run() -> None:
        app = TableApp(game)
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(app, pilot)
            _many_links(game)
            app.refresh_table()
            await pilot.pause()
            await pilot.pause()
            board = app.query_one("#board")
            assert board.scrollable_content_region.height >= app.face.height
            shown = str(app.query_one("#map", Static).content)
            numbers = [c.base for c in app.shown]
            assert len(numbers) >= 15 and all(f"[{n}]" in shown for n in numbers), shown
            await pilot.press("f4")
            await pilot.pause()
            menu = app.query_one("#menu", OptionList)
            assert menu.scrollable_content_region.height >= 14
            assert app.query_one("#top").size.height >= app.face.height + 2

    asyncio.run(run())


# ----- 5. a forced pass said in the message line ----------------------------------------


def _before_a_forced_pass(title: str) -> tuple[list[Action], Action]:
    """Moves of a seeded game up to a move after which the next player can only pass."""
    for seed in range(40):
        s, rng, moves = get_game(title).new_game(3, {}), random.Random(seed), []
        while not s.is_terminal():
            legal = s.legal_actions()
            for action in legal:
                after = s.clone()
                after.apply(action)
                if not after.is_terminal() and [a.kind for a in after.legal_actions()] == [
                        "pass"] and after.current_player() != s.current_player():
                    return moves, action
            moves.append(rng.choice(legal))
            s.apply(moves[-1])
    raise AssertionError("no forced pass found")


def test_a_forced_pass_says_why_ce_3_3() -> None:
    moves, action = _before_a_forced_pass("chicago-express")
    s = get_game("chicago-express").new_game(3, {})
    for move in [*moves, action]:
        s.apply(move)
    note = forced_note(s, s.legal_actions()[0], ["Ann", "Bob", "Cy"], str)
    seat = ["Ann", "Bob", "Cy"][s.current_player()]
    assert note.startswith(f"{seat}, you had to pass (your only legal move): "), note
    assert "player " not in note and "you have $" in note, note


def test_a_humans_forced_pass_is_in_the_message_line(tmp_path: Path) -> None:
    moves, action = _before_a_forced_pass("chicago-express")
    game = new_game(tmp_path, "chicago-express", bots="0", names="Ann,Bob,Cy")
    for move in moves:
        game.apply(move)

    async def run() -> None:
        app = TableApp(game)
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(app, pilot)
            app.choose(action)
            await settle(app, pilot)
            assert "you had to pass" in app.message, app.message
            assert any(e.kind == "forced" for e in app.log_entries)

    asyncio.run(run())
