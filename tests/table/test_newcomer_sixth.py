"""The sixth newcomer's report on the terminal: a forced move's note does not outlive the
decision after it (it said "you had to pass ... $7 at least" under a later auction's
"bid 5..6"), and a long list of choices opens at its first choice."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

from tablekit import at_table, new_game, settle
from textual.pilot import Pilot
from textual.widgets import OptionList

from cuberail.cli.play import Game
from cuberail.cli.table.app import TableApp
from cuberail.core.actions import Action
from cuberail.core.state import GameState

FORCED_NOTE = "(your only legal move)"


# ----- 1. a forced move's note, and the decision after it ------------------------------


def _since_forced(app: TableApp) -> list[str]:
    """The log's moves after the last forced move of a human seat (events left out)."""
    entries = app.log_entries
    last = max(i for i, e in enumerate(entries) if e.kind == "forced"
               and not app.game.seats[e.seat].is_bot)
    return [e.text for e in entries[last + 1:] if e.kind == "move"]


async def _play(app: TableApp, pilot: Pilot[int], game: Game, seed: int) -> tuple[int, int]:
    """Random moves of the humans; counts the decisions after a human's forced move that
    show its note (it was the last move) and those that do not (moves came after it)."""
    rng = random.Random(seed)
    kept = cleared = 0
    for _ in range(150):
        bots = any(seat.is_bot for seat in game.seats)
        if game.state.is_terminal() or (cleared >= 3 and (kept or bots)):
            break
        if any(e.kind == "forced" and not game.seats[e.seat].is_bot for e in app.log_entries):
            later = _since_forced(app)
            if FORCED_NOTE in app.message:
                assert not later, (app.message, later)
                kept += 1
            elif later:
                cleared += 1
        passes = [c for c in app.menu if c.label == "pass"]
        choice = passes[0] if passes and rng.random() < 0.3 else rng.choice(app.menu)
        app.choose(rng.choice(choice.actions))
        await settle(app, pilot)
    return kept, cleared


def test_a_forced_note_is_gone_at_the_next_decision_after_other_moves(tmp_path: Path) -> None:
    """A forced pass is said in the message line; once the bots played on and the player
    faces a new decision (a later auction), the note is gone: it contradicted the new
    choices."""
    game = new_game(tmp_path, "chicago-express", bots="2", seed=7)

    async def run() -> None:
        app = TableApp(game)
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(app, pilot)
            _, cleared = await _play(app, pilot, game, 3)
        assert cleared >= 3, "no decision came after a forced move and other moves"

    asyncio.run(run())


def test_a_forced_note_stays_at_the_decision_right_after_it(tmp_path: Path) -> None:
    """Hotseat: a player's forced pass followed at once by the next player's decision is
    the last thing that happened, so its note stays for that decision (and only then)."""
    game = new_game(tmp_path, "chicago-express", bots="0", seed=7)

    async def run() -> None:
        app = TableApp(game)
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(app, pilot)
            kept, cleared = await _play(app, pilot, game, 3)
        assert kept >= 1 and cleared >= 1, (kept, cleared)

    asyncio.run(run())


# ----- 2. a long list of choices opens at its first choice -----------------------------


def _long_then_long(game: Game) -> Action:
    """Play random moves (all seats human) to a long list of places one of which leads
    to another long list; returns that place."""
    rng = random.Random(4)

    def long(state: GameState) -> bool:
        legal = state.legal_actions()
        return len(legal) > 12 and legal[0].kind == "place"

    while True:
        state = game.state
        for action in state.legal_actions() if long(state) else []:
            after = state.clone()
            after.apply(action)
            if long(after):
                return action
        game.apply(rng.choice(state.legal_actions()))


def test_new_choices_open_at_the_first_even_after_the_cursor_was_at_the_last(
        tmp_path: Path) -> None:
    """A build of many places at 120x40: the player goes up to the last choice (the notes
    under it scroll into view) and types a place at once; the next list of places opens
    at its top, choice 1 under the cursor (it opened scrolled to its foot, choices 1-3
    off-screen)."""
    game = new_game(tmp_path, "chicago-express", bots="0")
    place = _long_then_long(game)

    async def check(app: TableApp, pilot: Pilot[int]) -> None:
        menu = app.query_one("#menu", OptionList)
        assert menu.max_scroll_y > 0 and menu.scroll_y == 0
        number = next(c.number for c in app.shown if place in c.actions)
        # Up from choice 1 wraps to the last (the notes under it are scrolled into
        # view after the next refresh), and the place is typed before that refresh
        # (keys read in one burst): the new list must not be scrolled to its foot.
        app.action_menu(-1)
        assert menu.highlighted == app.option_index(app.shown[-1])
        app.submit(number)
        await settle(app, pilot)
        await pilot.pause()
        assert len(app.shown) > 12 and menu.max_scroll_y > 0, "not a long list again"
        assert menu.highlighted == app.option_index(app.menu[0])
        assert menu.scroll_y == 0, (menu.scroll_y, menu.max_scroll_y)

    at_table(game, check)
