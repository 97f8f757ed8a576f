"""What the tenth newcomer run (a demanding Board Game Arena player) found at the
terminal table.

- F1 was one dense paragraph of keys: it is a key table now (key | what it does), in
  groups, readable at 80x24 (it scrolls) and at 120x40.
- Keys typed while bots thought stayed in the input line and became part of the next
  answer (`there is no choice 111`): a new decision drops what was typed before it.
- The hint's winning chance swung between decisions with no sign of how sure it was:
  it now comes with the range the search measured and a word (ahead of, behind or about
  an even share).
"""

from __future__ import annotations

import asyncio
import random
import threading
from pathlib import Path

import pytest
from rich.console import Console
from tablekit import new_game, settle
from textual.widgets import Input, Static

from cuberail.bots import analysis
from cuberail.bots.analysis import Estimate
from cuberail.cli.seats import Seat
from cuberail.cli.table import hint as hints
from cuberail.cli.table import teach
from cuberail.cli.table.app import TableApp
from cuberail.cli.table.screens import HelpScreen
from cuberail.core.actions import Action
from cuberail.core.state import GameState
from cuberail.games import get_game
from cuberail.terminal import face

# ----- 1. F1: a key table ----------------------------------------------------------------


def _help_lines(tmp_path: Path, title: str, size: tuple[int, int]) -> list[str]:
    """The help page's key table as drawn at a terminal of ``size`` (F1 pressed)."""
    game = new_game(tmp_path, title)

    async def run() -> list[str]:
        app = TableApp(game)
        async with app.run_test(size=size) as pilot:
            await settle(app, pilot)
            await pilot.press("f1")
            await pilot.pause()
            assert isinstance(app.screen, HelpScreen)
            body = app.screen.query_one("#body", Static)
            console = Console(width=body.content_region.width, record=True)
            console.print(body.content)
            return console.export_text().splitlines()

    return asyncio.run(run())


@pytest.mark.parametrize(("title", "size"), [("trans-siberian", (80, 24)),
                                             ("chicago-express", (120, 40))])
def test_f1_is_a_key_table_in_groups(tmp_path: Path, title: str,
                                     size: tuple[int, int]) -> None:
    lines = _help_lines(tmp_path, title, size)
    stripped = [line.strip() for line in lines]
    for group in ("Choosing", "Board", "Game"):
        assert group in stripped, lines
    row = next(line for line in lines if line.lstrip().startswith("F3 · hint"))
    assert "the engine's move" in row  # the key and what it does on one line
    assert stripped.index("Choosing") < stripped.index("Board") < stripped.index("Game")
    keys_at = {line.index(k) for line in lines for k in ("F2 · board", "F3 · hint", "place F5")
               if k in line}
    whats_at = {line.index(w) for line in lines
                for w in ("the board alone", "a move as text") if w in line}
    assert len(keys_at) == 1 and len(whats_at) == 1  # one column each, aligned
    assert max(len(line) for line in lines) <= size[0]


def test_the_title_s_own_keys_follow_the_table_s() -> None:
    text = teach.keys("trans-siberian")
    assert text.index("Game") < text.index("Trans-Siberian Railroad")
    assert "4?  then 4b" in text and "tyumen-omsk" in text
    assert "Trans-Siberian" not in teach.keys("chicago-express")
    assert all(len(line) <= 80 for line in text.splitlines())


# ----- 2. typing while bots think ----------------------------------------------------------


class _Gate:
    """Bots that wait for the gate to open before moving (a bot thinking for as long as
    the test needs), then play the first legal move."""

    def __init__(self) -> None:
        self.open = threading.Event()

    def choose(self, state: GameState) -> Action:
        self.open.wait(timeout=30)
        return state.legal_actions()[0]


def test_keys_typed_while_bots_think_never_become_the_next_answer(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The run's `there is no choice 111`: `1` typed during each bot's turn piled up in
    the input line. A move Enter-ed while a bot thinks is answered with a wait and
    cleared; what is left typed when the human's choices come is dropped (and the empty
    line says so), so `2` then Enter plays choice 2."""
    game = new_game(tmp_path, "chicago-express", bots="random,random", players=3)
    gate = _Gate()
    rng = random.Random(3)

    async def run() -> None:
        app = TableApp(game)
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(app, pilot)
            monkeypatch.setattr(Seat, "make_bot", lambda seat, move: gate)
            while not app.thinking:  # the human moves until a bot is to move
                app.choose(rng.choice(app.menu).actions[0])
                await pilot.pause()
            field = app.query_one("#command", Input)
            await pilot.press("1", "enter")
            assert app.message == f"wait: {app.thinking} is thinking" and field.value == ""
            await pilot.press("1", "1")
            assert field.value == "11"
            gate.open.set()
            await settle(app, pilot)
            assert app.menu and not app.thinking
            assert field.value == "", field.value
            assert field.placeholder.startswith("`11`, typed before these choices showed,")
            assert not app.message.startswith("wait:")  # the wait is over
            moves = len(game.record.actions)
            chosen = app.menu[1]
            await pilot.press("2", "enter")
            await pilot.pause()
            assert "there is no choice" not in app.message, app.message
            assert len(game.record.actions) > moves or chosen.is_range, app.message
            assert not field.placeholder.startswith("`")

    asyncio.run(run())


# ----- 3. the hint's winning chance, with what the search measured -------------------------


def _hint(value: float, visits: int, players: int = 4) -> str:
    state = get_game("chicago-express").new_game(players)
    best, other = state.legal_actions()[:2]
    found = Estimate([0.25] * players, best, value,
                     {best: (visits, value), other: (visits // 3, value / 2)}, visits * 2)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(analysis, "estimate", lambda *_: found)
        return hints.hint(state, face("chicago-express").describe_action, seconds=1.0,
                          iterations=None)


def test_the_hint_says_how_sure_its_winning_chance_is() -> None:
    """34% over 40 playouts is not ahead of an even 25%: its range says so; 8% over 60 is
    behind; the numbers are the search's own."""
    short = _hint(0.34, 40)
    assert "your winning chance about 34%" in short
    assert ", about an even 25% (21-49% over 40 playouts)" in short, short
    assert "1 s of search" in short
    assert ", behind an even 25% (3-18% over 60 playouts)" in _hint(0.08, 60)
    assert ", ahead of an even 33% (57-63% over 1000 playouts)" in _hint(0.6, 1000, 3)


def test_the_range_narrows_with_more_playouts_and_holds_the_chance() -> None:
    for share in (0.0, 0.08, 0.34, 1.0):
        few, many = hints.wilson(share, 20), hints.wilson(share, 2000)
        assert few[0] <= share <= few[1] and many[0] <= share <= many[1]
        assert many[1] - many[0] < few[1] - few[0]
        assert few[0] >= 0.0 and few[1] <= 1.0
