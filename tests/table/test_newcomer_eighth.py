"""What the sixth newcomer run found at the terminal table (2026-12-05).

- A hint named the move it rated lower than the runner-up (``bid $7 ... about 27% (vs
  29% after pass ...)``) and said nothing of it: the newcomer thought the hint wrong.
- The screenshot (Textual's command palette) said ``Failed to save screenshot`` and no
  reason: Textual saves into the Downloads folder, which the machine did not have.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from tablekit import new_game, settle
from textual.widgets import OptionList

from cuberail.bots import analysis
from cuberail.bots.analysis import Estimate
from cuberail.cli.table import hint as hints
from cuberail.cli.table.app import TableApp
from cuberail.cli.table.hintwords import CLOSE_CALL
from cuberail.cli.table.menuview import SAME_TIP
from cuberail.core.actions import Action
from cuberail.games import get_game
from cuberail.terminal import face


def searched(best_value: float, runner_value: float) -> tuple[str, str]:
    """The hint's line when the search prefers ``pass`` (most visits) at
    ``best_value`` and rates the runner-up, the lowest bid, at ``runner_value``."""
    state = get_game("chicago-express").new_game(4)
    legal = state.legal_actions()
    best, other = legal[0], legal[1]
    found = Estimate([0.25] * 4, best, best_value,
                     {best: (30, best_value), other: (10, runner_value)}, 40)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(analysis, "estimate", lambda *_: found)
        # (a close call is decided by the blend of score: here it agrees)
        patch.setattr(analysis, "_most_visited", lambda tree: best)
        text = hints.hint(state, face("chicago-express").describe_action, iterations=40)
    return text, other.text()


def test_a_hint_rated_below_its_runner_up_says_it_is_a_close_call() -> None:
    """The ninth newcomer run read "22% (vs 26% after ...)" as the hint recommending the
    worse move: the two chances now come as one range for either move, never as a lower
    number for the hinted one."""
    text, _ = searched(0.27, 0.29)
    assert "your winning chance about 27%-29% with it or " in text, text
    assert CLOSE_CALL in text
    assert "vs 29%" not in text


def test_a_hint_rated_above_its_runner_up_says_nothing_more() -> None:
    text, _ = searched(0.40, 0.29)
    assert "40%" in text and "29%" in text
    assert CLOSE_CALL not in text


def run_screenshot(tmp_path: Path, folder: Path, monkeypatch: pytest.MonkeyPatch
                   ) -> tuple[list[Path], list[str]]:
    """Take the table's screenshot as the command palette does (no folder named), from
    the current folder ``folder``; the SVGs there and the notices."""
    game = new_game(tmp_path, "chicago-express")
    folder.mkdir()
    monkeypatch.chdir(folder)

    async def run() -> list[str]:
        app = TableApp(game)
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(app, pilot)
            if folder.name == "gone":
                folder.rmdir()  # the current folder removed meanwhile: nothing can go there
            app.deliver_screenshot()  # what the command palette's "Screenshot" calls
            await pilot.pause()
            return [str(n.message) for n in app._notifications]

    notes = asyncio.run(run())
    return (sorted(folder.glob("*.svg")) if folder.is_dir() else []), notes


def test_the_screenshot_is_saved_in_the_current_folder_and_says_where(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    saved, notes = run_screenshot(tmp_path, tmp_path / "here", monkeypatch)
    assert len(saved) == 1 and saved[0].read_text(encoding="utf-8").startswith("<svg")
    assert any(saved[0].name in n and "saved" in n for n in notes), notes


def test_a_screenshot_that_cannot_be_saved_says_why(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    saved, notes = run_screenshot(tmp_path, tmp_path / "gone", monkeypatch)
    assert saved == []
    assert any("not saved" in n and "No such file" in n for n in notes), notes


def test_a_tip_shared_by_several_choices_is_written_once(tmp_path: Path) -> None:
    """Trans-Siberian's share values at or below the nationalization value in phase 1
    (TS-8.1) carry the same 3-line tip: written under the first, not under each."""
    game = new_game(tmp_path, "trans-siberian")
    game.apply(Action("bid", (20,)))
    while any(a.kind == "pass" for a in game.state.legal_actions()):
        game.apply(Action("pass", ()))
    game.apply(game.state.legal_actions()[0])  # the winner's first link
    assert game.state.current_player() == 0 and game.state.legal_actions()[0].kind == "value"

    async def run() -> list[str]:
        app = TableApp(game)
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(app, pilot)
            await pilot.press("f4")  # the list beside the side panel: the wider menu
            await settle(app, pilot)
            menu = app.query_one("#menu", OptionList)
            return [str(menu.get_option_at_index(i).prompt)
                    for i in range(menu.option_count)]

    lines = asyncio.run(run())
    tips = [line for line in lines if "tip: at or below the nationalization value" in line]
    same = [line for line in lines if SAME_TIP in line]
    assert len(tips) == 1 and len(same) >= 3, lines
    # one row each (seventh newcomer run: "tip: the same as above" on its own line under
    # every option still read as repetition)
    assert all("\n" not in line for line in same), same


def test_a_hint_without_a_title_phrase_gives_the_medium_bot_s_reason() -> None:
    """The ninth newcomer run: "place a NYC locomotive on R2 — your winning chance about
    34%" gave no reason where the browser's hint gave one. Without a title phrase the
    terminal's hint now says the medium bot's reason too, in English, with the move's
    effect on the mover's dividend when it has one (CE-5.2: a placement)."""
    import random

    state = get_game("chicago-express").new_game(4)
    rng = random.Random(5)
    for _ in range(3000):
        places = [a for a in state.legal_actions() if a.kind == "place"]
        if places:
            reason = hints.reason(state, places[0])
            assert reason, places[0].text()
            assert "{" not in reason and "player None" not in reason, reason
            assert not reason.startswith("your dividend"), reason  # the bot's words first
            return
        state.apply(rng.choice(state.legal_actions()))
    raise AssertionError("no placement came")
