"""The 35th newcomer run at 80x24: a long list of choices is cut to a line each, and the
cut took the tips and warnings with it (``1 set red's share value to $8 / tip: at or
below the nationaliz…``, ``2 set red's share value to $12  (t…``). Only a choice's own
line is cut now; its tip or warning is whole on the lines under it, said once under the
first of a run of choices that share it, naming the run (``tip for 1–5: …``)."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Awaitable, Callable
from pathlib import Path

from tablekit import new_game, settle
from textual.pilot import Pilot
from textual.widgets import OptionList

from cuberail.cli.play import Game
from cuberail.cli.table.app import TableApp
from cuberail.core.actions import Action
from cuberail.games.trans_siberian.state import PICK_VALUE, TransSiberianState

NARROW = (80, 24)


def _phase_one_value(tmp_path: Path) -> Game:
    """The auction's winner sets red's share value in phase 1: the values at or below the
    nationalization value share a tip (TS-8.1), the rest another (TS-3.2)."""
    game = new_game(tmp_path, "trans-siberian")
    game.apply(Action("bid", (20,)))
    while any(a.kind == "pass" for a in game.state.legal_actions()):
        game.apply(Action("pass", ()))
    game.apply(game.state.legal_actions()[0])  # the winner's first link
    assert game.state.legal_actions()[0].kind == "value"
    return game


def _phase_two_value(tmp_path: Path) -> Game:
    """A phase-2 share value choice whose low values the next dividend nationalizes: the
    warning is in the choice's own words (``set black's share value to $8 — at or below
    …``)."""
    game = new_game(tmp_path, "trans-siberian", bots="0", players=4, seed=11)
    rng = random.Random(11)
    s = game.state
    assert isinstance(s, TransSiberianState)
    while not (s.step == PICK_VALUE and s.phase >= 2 and len(s.legal_actions()) > 4
               and s.value_nationalizes(12)):
        assert not s.is_terminal()
        game.apply(rng.choice(s.legal_actions()))
    return game


def _words(text: str) -> str:
    return " ".join(text.split())


def _drawn(app: TableApp) -> list[str]:
    """The menu's rows as the player sees them (the scroll bar's column left out)."""
    menu = app.query_one("#menu", OptionList)
    width = menu.scrollable_content_region.width
    return [menu.render_line(y).text[:width] for y in range(menu.size.height)]


def _open(game: Game, check: Callable[[TableApp, Pilot[int]], Awaitable[None]]) -> None:
    async def run() -> None:
        app = TableApp(game)
        async with app.run_test(size=NARROW) as pilot:
            await settle(app, pilot)
            await pilot.pause()
            await check(app, pilot)

    asyncio.run(run())


def test_a_cut_list_keeps_its_tips_whole(tmp_path: Path) -> None:
    game = _phase_one_value(tmp_path)
    tips: set[str] = set()

    async def check(app: TableApp, pilot: Pilot[int]) -> None:
        menu = app.query_one("#menu", OptionList)
        assert menu.has_class("cut")  # the long list: a line a choice
        tips.update(c.warning for c in app.shown if c.warning)
        low = app.shown[0].warning
        assert low.startswith("tip: at or below the nationalization value")
        run = [c for c in app.shown if c.warning == low]
        drawn = _drawn(app)
        said = _words(" ".join(drawn))
        # the tip under the first choice, whole, naming its run; in view at the top
        head = f"tip for {run[0].number}–{run[-1].number}: "
        assert head + low.removeprefix("tip: ") in said, drawn
        assert not any(row.rstrip().endswith("…") for row in drawn[1:5]), drawn
        assert "(t…" not in said and "tip as above" not in said, drawn
        # every line of every choice fits the menu; each tip said once, whole
        width = app._menu_columns()
        lines = [str(menu.get_option_at_index(i).prompt) for i in range(menu.option_count)]
        assert all(len(line) <= width for text in lines for line in text.split("\n")), lines
        text = _words(" ".join(lines))
        for tip in tips:
            assert text.count(tip.removeprefix("tip: ")) == 1, (tip, lines)

    _open(game, check)
    assert len(tips) >= 1


def test_a_warning_in_a_choice_s_own_words_goes_whole_under_it(tmp_path: Path) -> None:
    game = _phase_two_value(tmp_path)

    async def check(app: TableApp, pilot: Pilot[int]) -> None:
        menu = app.query_one("#menu", OptionList)
        assert menu.has_class("cut")
        first = app.shown[0]
        words, _, warning = first.detail.partition(" — ")
        assert warning.startswith("at or below the nationalization value"), first.detail
        drawn = _drawn(app)
        said = _words(" ".join(drawn))
        assert f"{first.number} {words}" in said, drawn
        doomed = [c for c in app.shown if warning in c.detail]
        assert f"⚠ for {doomed[0].number}–{doomed[-1].number}: {warning}" in said, drawn

    _open(game, check)


def test_the_choice_under_the_cursor_says_its_tip_in_the_message_line(
        tmp_path: Path) -> None:
    game = _phase_one_value(tmp_path)

    async def check(app: TableApp, pilot: Pilot[int]) -> None:
        await pilot.press("down", "down")
        await pilot.pause()
        choice = app._highlighted()
        assert choice is not None and choice is app.shown[2]
        assert _words(app.message) == _words(f"{choice.number} {choice.detail} "
                                             f"{choice.warning}"), app.message

    _open(game, check)
