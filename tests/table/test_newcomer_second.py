"""A second newcomer's run of the table: every player's cash in view at every size, a
choice that can only be forgone marked as such, the log kept at its end, the final
standings in the choices' place, refusals only where a build is a choice, and the rules
page told for the terminal."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest
from tablekit import new_game, settle, type_text
from test_issue29_audit import _finished
from textual.containers import ScrollableContainer, VerticalScroll
from textual.widgets import OptionList, Static

from cuberail.cli import play
from cuberail.cli.table import rulebook, teach
from cuberail.cli.table.app import TableApp
from cuberail.cli.table.menuview import rank_of
from cuberail.core.actions import Action
from cuberail.games import get_game
from cuberail.games.chicago_express.state import ChicagoExpressState
from cuberail.games.trans_siberian.state import ACTIVE, TURN, TransSiberianState
from cuberail.terminal.trans_siberian import teach as ts_teach

SIZES = [(120, 40), (80, 24), (160, 50)]
TITLES = ["chicago-express", "trans-siberian"]


def screen_text(app: TableApp) -> str:
    """What the terminal shows, line by line."""
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


@pytest.mark.parametrize("title", TITLES)
@pytest.mark.parametrize("size", SIZES)
def test_every_players_cash_is_in_view(tmp_path: Path, title: str, size: tuple[int, int]) -> None:
    """Cash is the score: each player's name and cash are on the screen (the side panel's
    players, or the standings line where that panel is out of view)."""
    game = new_game(tmp_path, title, bots="random,random,random", players=4)

    async def run() -> None:
        app = TableApp(game)
        async with app.run_test(size=size) as pilot:
            await settle(app, pilot)
            await pilot.pause()
            shown = screen_text(app)
            state = game.state
            assert isinstance(state, ChicagoExpressState | TransSiberianState)
            cash = state.cash
            for p, name in enumerate(game.names):
                assert any(name[:5] in line and f"${cash[p]}" in line
                           for line in shown.splitlines()), (name, shown)

    asyncio.run(run())


def test_the_standings_line_names_shares_and_other_numbers(tmp_path: Path) -> None:
    game = new_game(tmp_path, "trans-siberian", bots="random,random", players=3)

    async def run() -> None:
        app = TableApp(game)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            line = app.query_one("#standings", Static).content
            assert "score $" in str(line) and str(line).count(" · ") == 2

    asyncio.run(run())


def _to_a_develop_with_nothing_to_develop(game: play.Game) -> None:
    """Random moves until the human (seat 0) chooses a gauge and develop can only be
    forgone."""
    rng = random.Random(0)
    for _ in range(2000):
        state = game.state
        if state.current_player() == 0 and Action("choose", ("develop",)) in state.legal_actions():
            after = state.clone()
            after.apply(Action("choose", ("develop",)))
            if after.legal_actions() == [Action("forgo")]:
                return
        game.apply(rng.choice(state.legal_actions()))
    raise AssertionError("no develop with nothing to develop")


def test_a_choice_that_can_only_be_forgone_says_so_in_the_list(tmp_path: Path) -> None:
    """CE: `develop` with no hex to develop is marked with the engine's forgo, before it
    silently spends the turn; `auction` and `build` that can be played are not."""
    game = new_game(tmp_path, "chicago-express")
    _to_a_develop_with_nothing_to_develop(game)

    async def run() -> None:
        app = TableApp(game)
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(app, pilot)
            develop = next(c for c in app.menu if Action("choose", ("develop",)) in c.actions)
            assert "only move is to forgo the development" in develop.warning
            menu = app.query_one("#menu", OptionList)
            line = str(menu.get_option_at_index(app.option_index(develop)).prompt)
            assert "forgo the development" in " ".join(line.split())  # however it is broken
            others = [c for c in app.menu if c is not develop]
            assert others and not any("forgo" in c.warning for c in others)

    asyncio.run(run())


def test_the_log_stays_at_its_end_after_a_resize_unless_scrolled_up(tmp_path: Path) -> None:
    """At the start and after a resize the log shows its last line; a log scrolled up on
    purpose stays where it was; the title fits the log's box at 80 columns."""
    game = new_game(tmp_path, "chicago-express")

    async def run() -> None:
        app = TableApp(game)
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(app, pilot)
            await type_text(pilot, "p")  # bots move: yellow lines, a longer title
            await settle(app, pilot)
            await pilot.pause()
            log = app.query_one("#logbox", VerticalScroll)
            assert log.max_scroll_y > 0 and log.scroll_y == log.max_scroll_y
            await pilot.resize_terminal(80, 24)
            await pilot.pause()
            await pilot.pause()
            assert log.max_scroll_y > 0 and log.scroll_y == log.max_scroll_y
            title = str(log.border_title)
            assert "yellow" in title and len(title) + 4 <= log.size.width
            await pilot.press("shift+pageup")
            await pilot.pause()
            up = log.scroll_y
            assert up < log.max_scroll_y
            await pilot.resize_terminal(82, 24)
            await pilot.pause()
            await pilot.pause()
            assert log.scroll_y < log.max_scroll_y  # left where the user put it

    asyncio.run(run())


@pytest.mark.parametrize("title", TITLES)
def test_the_end_shows_the_final_standings_in_the_choices_place(tmp_path: Path,
                                                               title: str) -> None:
    game = _finished(tmp_path, title)
    result = game.state.result()

    async def run() -> None:
        app = TableApp(game)
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(app, pilot)
            await pilot.pause()
            menu = app.query_one("#menu", OptionList)
            lines = [str(menu.get_option_at_index(i).prompt) for i in range(menu.option_count)]
            text = "\n".join(lines)
            assert "final standings" in str(menu.border_title) and "final standings" in text
            winner = game.names[result.winners[0]]
            assert any(winner in line and "winner" in line
                       and f"${result.scores[result.winners[0]]}" in line for line in lines)
            assert all(name in text for name in game.names)
            assert "the game ended:" in text
            assert "winner" in screen_text(app)

    asyncio.run(run())


def test_refused_builds_are_explained_only_at_the_turns_choice() -> None:
    """TS: `cannot build for …` under an auction or a share's value does not apply (no
    build is a choice there); at the turn's choice it does."""
    s = get_game("trans-siberian").new_game(3, {})
    assert isinstance(s, TransSiberianState)
    rng = random.Random(3)
    seen = {"turn": False, "other": False}
    for _ in range(3000):
        if s.is_terminal():
            break
        p = s.current_player()
        held = [c for c in range(len(s.status)) if s.shares_held(p, c)
                and s.status[c] == ACTIVE and not s.can_build_for(p, c)]
        if held:
            key = "turn" if s.step == TURN else "other"
            assert bool(ts_teach.build_refusals(s)) == (key == "turn")
            seen[key] = True
        s.apply(rng.choice(s.legal_actions()))
    assert seen == {"turn": True, "other": True}


@pytest.mark.parametrize("title", TITLES)
def test_the_rules_page_says_how_to_click_at_the_terminal(title: str) -> None:
    """`help rules` shows the browser's page: wherever it says to click, the next line says
    how to do it at the terminal."""
    lines = teach.rules(title).splitlines()
    clicks = [i for i, line in enumerate(lines) if rulebook.BROWSER.search(line)
              and not line.startswith("[at the terminal")]
    for i in clicks:
        assert lines[i + 1].startswith("[at the terminal: type the choice's number"), lines[i]
    if title == "chicago-express":
        assert clicks  # "choose one of three actions by clicking its gauge under the map"


def test_the_ts_board_alone_at_120x40_is_the_whole_map(tmp_path: Path) -> None:
    """F2 at 120x40: the board takes the screen's height, so the whole TS map is in view;
    F2 again gives the panels their room back."""
    game = new_game(tmp_path, "trans-siberian")

    async def run() -> None:
        app = TableApp(game)
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(app, pilot)
            board = app.query_one("#board", ScrollableContainer)
            before = board.size.height
            await pilot.press("f2")
            await pilot.pause()
            await pilot.pause()
            region = board.scrollable_content_region
            assert region.height >= app.face.height and region.width >= app.face.width
            assert "off-screen" not in str(board.border_title)
            await pilot.press("f2")
            await pilot.pause()
            await pilot.pause()
            assert board.size.height == before and app.query_one("#bottom").display

    asyncio.run(run())


def test_a_tie_shares_its_place_in_the_standings() -> None:
    assert [rank_of((30, 30, 25), p) for p in range(3)] == ["1=", "1=", "3."]
    assert [rank_of((10, 31, 29), p) for p in range(3)] == ["3.", "1.", "2."]
