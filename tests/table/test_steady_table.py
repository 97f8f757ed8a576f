"""The ninth newcomer's report on the terminal table (nc9, 2026-12-06): a steady screen and
a Chicago Express board that follows play at 80x24.

1. At 80x24 the board's window sat on the empty north-west corner while play was in the
   east: it now follows the places on offer, else the last move's place, else the
   mover's networks; a pan by hand (Ctrl+arrows) holds until the next decision.
2. F2 at 80x24 cut the compact Chicago Express map's last rows: the board alone now
   takes every row but the input line's, and the whole map is in view.
3. The moves and choices panes changed width from one decision to the next.
4. A new decision's choices open at option 1 (with its tip, which later lines point to).
5. "PgUp/PgDn for more" only when some choice is out of view (not for the notes).
6. A choice's example (`b 20`) is never split across lines.
"""

from __future__ import annotations

import asyncio
import functools
import random
from pathlib import Path

from tablekit import board_alone, new_game, pick, settle, type_text, visible_places
from textual.containers import ScrollableContainer
from textual.pilot import Pilot
from textual.widgets import OptionList, Static

from cuberail.cli.play import Game
from cuberail.cli.table import choices as C
from cuberail.cli.table.app import TableApp
from cuberail.games.chicago_express.board import HEXES
from cuberail.games.chicago_express.state import PLACE, ChicagoExpressState

EAST = (1 + max(h.col for h in HEXES)) // 2  # map columns from which a hex is in the east



def _col(hex_id: str) -> int:
    return next(h.col for h in HEXES if h.id == hex_id)


def _play_until(game: Game, wanted: object, seed: int = 3, moves: int = 3000) -> None:
    """Random legal moves (every seat human) until ``wanted(game)`` holds."""
    rng = random.Random(seed)
    for _ in range(moves):
        if wanted(game):  # type: ignore[operator]
            return
        game.apply(rng.choice(game.state.legal_actions()))
    raise AssertionError("no such position")


def _east_placing(game: Game) -> bool:
    """CE-5.2: a build whose hexes on offer are all in the east half of the map."""
    s = game.state
    assert isinstance(s, ChicagoExpressState)
    targets = [str(a.args[0]) for a in s.legal_actions() if a.kind == "place"]
    return s.step == PLACE and bool(targets) and all(_col(t) >= EAST for t in targets)


def _run(game: Game, size: tuple[int, int], check: object) -> None:
    async def run() -> None:
        app = TableApp(game)
        async with app.run_test(size=size) as pilot:
            await settle(app, pilot)
            await pilot.pause()
            await pilot.pause()
            await check(app, pilot)  # type: ignore[operator]

    asyncio.run(run())


# ----- 1. the board's window follows play ------------------------------------------------


def test_ce_the_window_at_80x24_shows_the_hexes_on_offer_in_the_east(tmp_path: Path) -> None:
    """CE-5.2: placing a locomotive, the hexes on offer (all in the east here) are in the
    board's window at 80x24, not the north-west corner."""
    game = new_game(tmp_path, "chicago-express", bots="0")
    _play_until(game, _east_placing)
    targets = {str(a.args[0]) for a in game.state.legal_actions() if a.kind == "place"}

    async def check(app: TableApp, pilot: Pilot[int]) -> None:
        seen = visible_places(app)
        assert seen & targets, (sorted(targets), sorted(seen))
        assert not any(_col(h) < EAST - 3 for h in seen)  # not the empty west

    _run(game, (80, 24), check)


def _east_build_then_nothing_on_offer(game: Game, seed: int = 3) -> str:
    """Random legal moves until a decision with no hex on offer comes after a locomotive
    placed in the east since the mover's own last move (and no move on the map after
    it); that hex."""
    rng = random.Random(seed)
    moves: list[tuple[int, str]] = []  # (seat, the hex placed on or '')
    for _ in range(3000):
        s = game.state
        mover = s.current_player()
        since = []
        for seat, place in reversed(moves):
            since.append(place)
            if place or seat == mover:
                break
        last = since[-1] if since else ""
        if (last and _col(last) >= EAST and len(s.legal_actions()) > 1
                and not any(a.kind in ("place", "develop") for a in s.legal_actions())):
            return last
        action = rng.choice(s.legal_actions())
        moves.append((mover, str(action.args[0]) if action.kind == "place" else ""))
        game.apply(action)
    raise AssertionError("no such position")


def test_ce_with_nothing_on_offer_the_window_shows_the_last_moves_hex(tmp_path: Path) -> None:
    """With no hex on offer (an auction, a choice of action), the window at 80x24 shows
    the hex of the last move made on the map since the mover's own last move."""
    game = new_game(tmp_path, "chicago-express", bots="0")
    last = _east_build_then_nothing_on_offer(game)

    async def check(app: TableApp, pilot: Pilot[int]) -> None:
        assert app.in_play() == {last}
        assert last in visible_places(app)

    _run(game, (80, 24), check)


def test_ce_without_a_move_on_the_map_the_window_shows_the_networks(tmp_path: Path) -> None:
    """CE-2.1: the opening auction (no hex on offer, no move on the map yet): the window
    shows the network of the company whose share is at auction (its start city, in the
    east), not the empty north-west."""
    game = new_game(tmp_path, "chicago-express", bots="0")
    s = game.state
    assert isinstance(s, ChicagoExpressState) and s.a_company >= 0
    network = {h.id for h in HEXES if s.a_company in s.companies_on(h.index)}
    assert network and all(_col(h) >= EAST for h in network)

    async def check(app: TableApp, pilot: Pilot[int]) -> None:
        assert app.in_play() == network
        assert network <= visible_places(app)

    _run(game, (80, 24), check)


def test_a_pan_by_hand_holds_until_the_next_decision(tmp_path: Path) -> None:
    """Ctrl+Left pans the board away from the places on offer; a redraw at the same
    decision leaves it there; the next decision brings the window back to play."""
    game = new_game(tmp_path, "chicago-express", bots="0")
    _play_until(game, _east_placing)

    async def check(app: TableApp, pilot: Pilot[int]) -> None:
        board = app.query_one("#board", ScrollableContainer)
        await pilot.press(*["ctrl+left"] * 12)
        await pilot.pause()
        assert board.scroll_x == 0
        app.refresh_table()  # the same decision drawn again (a resize, a message)
        await pilot.pause()
        await pilot.pause()
        assert board.scroll_x == 0
        choice = next(c for c in app.menu if c.target)
        await type_text(pilot, choice.number)  # the next decision: the window follows
        await settle(app, pilot)
        await pilot.pause()
        await pilot.pause()
        assert board.scroll_x > 0 and visible_places(app) & app.in_play()

    _run(game, (80, 24), check)


# ----- 2. F2 at 80x24: the whole Chicago Express map ---------------------------------------


def test_ce_f2_at_80x24_shows_the_whole_compact_map(tmp_path: Path) -> None:
    """F2 at 80x24: every hex of the compact map is in view, nothing scrolls; the message
    goes into the board's title; F2 again brings back the step line."""
    game = new_game(tmp_path, "chicago-express", bots="0")

    async def check(app: TableApp, pilot: Pilot[int]) -> None:
        board = await board_alone(app, pilot)
        assert app.face is app.full_face.small
        assert board.max_scroll_x == 0 and board.max_scroll_y == 0
        assert visible_places(app) == {h.id for h in HEXES}
        assert "whole map" in str(board.border_title)
        assert "▼" not in str(board.border_title)
        assert not app.query_one("#step", Static).display or not app.query_one(
            "#step").region.height
        await pilot.press("f2")
        await pilot.pause()
        assert app.query_one("#step").region.height > 0

    _run(game, (80, 24), check)


# ----- 3. the panes keep their widths ------------------------------------------------------


PANES = ("#board", "#logbox", "#menu", "#side")


def _widths_over_a_game(folder: Path, title: str, size: tuple[int, int],
                        decisions: int) -> list[tuple[int, ...]]:
    """The panes' widths at each of ``decisions`` decisions of a seeded game against two
    random bots (choices picked at random)."""
    out: list[tuple[int, ...]] = []

    async def run() -> None:
        game = new_game(folder, title, seed=5)
        app = TableApp(game)
        rng = random.Random(5)
        async with app.run_test(size=size) as pilot:
            await settle(app, pilot)
            for _ in range(decisions):
                if app.game.state.is_terminal():
                    break
                await pilot.pause()
                out.append(tuple(app.query_one(p).outer_size.width for p in PANES))
                choice = pick(app, rng)
                await type_text(pilot, C.typed(choice.actions[0]) if choice.is_range
                                else choice.number)
                await settle(app, pilot)

    asyncio.run(run())
    return out


def test_the_panes_keep_their_widths_from_one_decision_to_the_next(tmp_path: Path) -> None:
    """Both titles, at 120x40 and 80x24: the board, moves, choices and side panes are as
    wide at every decision of a seeded game (widths follow the terminal, not the text)."""
    for title in ("chicago-express", "trans-siberian"):
        for size in ((120, 40), (80, 24)):
            folder = tmp_path / f"{title}-{size[0]}"
            folder.mkdir()
            widths = _widths_over_a_game(folder, title, size, 10)
            assert len(widths) >= 8, (title, size)
            assert len(set(widths)) == 1, (title, size, widths)


# ----- 4. and 5. the choices open at option 1; the title says what is out of view ---------


def _menu_lines(app: TableApp) -> tuple[OptionList, int, int]:
    menu = app.query_one("#menu", OptionList)
    menu._update_lines()
    return menu, int(menu.scroll_y), menu.scrollable_content_region.height


def _in_view(app: TableApp, choice: C.Choice) -> bool:
    menu, top, height = _menu_lines(app)
    index = app.option_index(choice)
    line = menu._index_to_line[index]
    return top <= line and line + menu._heights[index] <= top + height


def _ts_build(game: Game) -> bool:
    return sum(1 for a in game.state.legal_actions() if a.kind == "link") >= 40


def test_a_new_decisions_choices_open_at_option_1(tmp_path: Path) -> None:
    """The choices paged to their end at one decision; at the next decision (every seat
    human) option 1 is in view, whole, at the top, also after the terminal is resized."""
    game = new_game(tmp_path, "trans-siberian", bots="0")
    _play_until(game, _ts_build, seed=7)

    async def check(app: TableApp, pilot: Pilot[int]) -> None:
        for _ in range(40):
            await pilot.press("pagedown")
        await pilot.pause()
        menu = app.query_one("#menu", OptionList)
        assert menu.scroll_y > 0 and not _in_view(app, app.shown[0])
        moment = app.moment()
        last = next(c for c in reversed(app.shown) if not _ends_game(app, c))  # a choice
        await type_text(pilot, last.base if last.is_route else last.number)  # paged to
        await settle(app, pilot)
        await pilot.pause()
        assert app.moment() != moment and app.menu
        for size in ((80, 24), (120, 40), (80, 24)):
            await pilot.resize_terminal(*size)
            await pilot.pause()
            await pilot.pause()
            assert menu.scroll_y == 0 and _in_view(app, app.shown[0]), size
            assert menu.highlighted == app.option_index(app.shown[0])

    _run(game, (80, 24), check)


def _ends_game(app: TableApp, choice: C.Choice) -> bool:
    """Whether playing ``choice`` ends the game (then no next decision has choices)."""
    after = app.game.state.clone()
    after.apply(choice.actions[0])
    return after.is_terminal()


def _title_matches_view(app: TableApp) -> None:
    hidden = [c for c in app.shown if not _in_view(app, c)]
    title = str(app.query_one("#menu", OptionList).border_title)
    assert ("PgUp/PgDn" in title) == bool(hidden), (title, [c.number for c in hidden])


async def _titles_over_a_game(app: TableApp, pilot: Pilot[int], notes_only: list[int]) -> None:
    """50 decisions, each checked (and after a page down at every fifth); ``notes_only``
    gets those whose choices are all in view while the notes under them are not."""
    rng = random.Random(5)
    for decision in range(50):
        await pilot.pause()
        await pilot.pause()
        menu = app.query_one("#menu", OptionList)
        if menu.max_scroll_y > 0 and all(_in_view(app, c) for c in app.shown):
            notes_only.append(decision)
        _title_matches_view(app)
        if decision % 5 == 0:
            await pilot.press("pagedown")
            await pilot.pause()
            await pilot.pause()
            _title_matches_view(app)
        choice = pick(app, rng)
        await type_text(pilot, C.typed(choice.actions[0]) if choice.is_range
                        else choice.number)
        await settle(app, pilot)


def test_pgup_pgdn_are_named_only_when_some_choice_is_out_of_view(tmp_path: Path) -> None:
    """A seeded Trans-Siberian game (every seat human) at 80x24 and 120x40: the choices'
    title names PgUp/PgDn exactly when a choice is out of view, also after paging down;
    decisions whose notes under the choices are out of view but whose choices are all in
    view (``choices: 2, PgUp/PgDn for more`` over two choices in view) come up."""
    for size in ((80, 24), (120, 40)):
        folder = tmp_path / f"{size[0]}"
        folder.mkdir()
        game = new_game(folder, "trans-siberian", bots="0", seed=5)
        notes_only: list[int] = []
        _run(game, size, functools.partial(_titles_over_a_game, notes_only=notes_only))
        assert notes_only, size


def _many_places(game: Game) -> bool:
    return sum(1 for a in game.state.legal_actions() if a.kind == "place") >= 8


async def _titles_after_marks(app: TableApp, pilot: Pilot[int], seen: list[str]) -> None:
    """Each choice marked in turn (as F3's hint or a click marks one: the list scrolls to
    it), then with the last one marked the terminal made shorter row by row (as a message
    line under the board shortens the menu, which scrolls to keep the mark in view): the
    title is checked after each; ``seen`` notes the scrolls."""
    menu = app.query_one("#menu", OptionList)
    width, height = app.size
    for choice in [*app.shown, *reversed(app.shown)]:
        app.mark(choice)
        await settle(app, pilot)
        seen.append(f"mark {choice.number} at {menu.scroll_y}")
        _title_matches_view(app)
    for shorter in range(1, 13):
        await pilot.resize_terminal(width, height - shorter)
        await settle(app, pilot)
        await pilot.pause(0.05)
        seen.append(f"{shorter} rows shorter at {menu.scroll_y}")
        _title_matches_view(app)


def test_a_marked_choice_out_of_view_keeps_the_title_true(tmp_path: Path) -> None:
    """The title says PgUp/PgDn exactly when a choice is out of view also when the list
    scrolls by itself: to a choice marked below (F3's hint, a click) and to keep the mark
    in view in a menu made shorter (a message line under the board). (Checked when the
    38th newcomer run read a build's "2, 4, 5 ... 0" as choices out of view; they were
    numbers kept: the next test.)"""
    for title, wanted in (("chicago-express", _many_places), ("trans-siberian", _ts_build)):
        folder = tmp_path / title
        folder.mkdir()
        game = new_game(folder, title, bots="0")
        _play_until(game, wanted, seed=7)
        seen: list[str] = []
        _run(game, (120, 40), functools.partial(_titles_after_marks, seen=seen))
        assert any(not s.endswith(" at 0") for s in seen), (title, seen)  # it scrolled


def test_a_build_s_kept_numbers_are_said_in_the_title(tmp_path: Path) -> None:
    """The 38th newcomer run placed choices 1 and 3 of a build and read the list "2, 4, 5
    ... 0" as choices gone missing: the numbers stay with their places while one player
    goes on placing (numbering), and the title says so, naming the numbers gone."""
    game = new_game(tmp_path, "chicago-express", bots="0")

    def first_of_a_long_build(g: Game) -> bool:
        s = g.state
        assert isinstance(s, ChicagoExpressState)
        return _many_places(g) and s.b_placed == 0 and s.treasury[s.b_company] >= 12

    _play_until(game, first_of_a_long_build, seed=7)

    async def check(app: TableApp, pilot: Pilot[int]) -> None:
        menu = app.query_one("#menu", OptionList)
        assert "numbers kept" not in str(menu.border_title)  # numbered afresh: no gap
        first = app.shown[0]
        assert first.number == "1"
        await type_text(pilot, "1")
        await settle(app, pilot)
        numbers = [c.number for c in app.shown]
        assert "1" not in numbers and "2" in numbers, numbers  # 1 was placed, 2 kept
        assert str(menu.border_title).endswith(" · numbers kept (1 gone)"), menu.border_title

    _run(game, (120, 40), check)


# ----- 6. an example is never split -------------------------------------------------------


def _bidding(game: Game) -> bool:
    return any(c.is_range for c in C.build(game.state, game.describe_in))


def test_a_choices_example_is_never_split_across_lines(tmp_path: Path) -> None:
    """A run of bids (``bid 7..30  type b and the amount: `b 7` to `b 30```) drawn at
    80x24 and 120x40, both titles: every line of every choice holds whole examples (an
    even number of backticks) and fits the menu (no further wrapping splits one)."""
    for title in ("chicago-express", "trans-siberian"):
        for size in ((80, 24), (120, 40)):
            folder = tmp_path / f"{title}-{size[0]}"
            folder.mkdir()
            game = new_game(folder, title, bots="0")
            _play_until(game, _bidding)

            async def check(app: TableApp, pilot: Pilot[int]) -> None:
                menu = app.query_one("#menu", OptionList)
                width = menu.scrollable_content_region.width
                ranges = [c for c in app.shown if c.is_range]
                assert ranges
                for choice in app.shown:
                    for line in app._prompt(choice).plain.split("\n"):
                        assert line.count("`") % 2 == 0, line
                        assert len(line) <= width, (line, width)
                drawn = [menu.render_line(y).text for y in range(menu.size.height)]
                assert any("`b " in line for line in drawn), drawn
                for line in drawn:  # as the player sees it
                    assert line.count("`") % 2 == 0, drawn

            _run(game, size, check)
