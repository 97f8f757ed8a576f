"""F3's hint of a link's dearer route (the fourteenth newcomer run: "F3 crashes the TS
terminal table ... OptionDoesNotExist: There is no option with an ID of '22'", the hint
being choice `19b`, one of two routes to one link). The menu draws a link's cheapest
route and lists the others after `N?`; the hint now lists them and marks its own, and
Enter plays it."""

from __future__ import annotations

import random
from pathlib import Path

from tablekit import at_table, new_game
from textual.pilot import Pilot

from cuberail.cli.play import Game
from cuberail.cli.table import choices as C
from cuberail.cli.table.app import TableApp
from cuberail.cli.table.hint import short_move
from cuberail.terminal import face


def _to_a_dearer_route(game: Game) -> None:
    """Seeded moves, builds first (jumps give a link several routes), until seat 0 (the
    table's player) decides among a link's routes."""
    rng = random.Random(9)
    view = face("trans-siberian")
    for _ in range(400):
        state = game.state
        assert not state.is_terminal()
        if state.current_player() == 0 and any(
                c.is_dearer_route for c in C.build(state, view.describe_action, lambda a: "")):
            return
        acts = state.legal_actions()
        game.apply(rng.choice([a for a in acts if a.kind in ("build", "link")] or acts))
    raise AssertionError("no dearer route came")


def test_a_hinted_dearer_route_is_listed_marked_and_played(tmp_path: Path) -> None:
    game = new_game(tmp_path, "trans-siberian", bots="random,random,random", players=4)
    _to_a_dearer_route(game)

    async def check(app: TableApp, pilot: Pilot[int]) -> None:
        dearer = [c for c in app.menu if c.is_dearer_route]
        wanted = dearer[-1]
        assert wanted not in app.shown  # folded under its link, as the newcomer's 19b
        state = app.game.state
        action = wanted.actions[0]
        app.game.hint_memory.last[state.current_player()] = action
        text = "hint: " + short_move(app.game.describe_in, state, action)
        said = app._ready_hint(text)  # (F3's answer, without the search)
        await pilot.pause()
        # what the letter means, and where it is (the 39th newcomer run read "choice
        # 20b is marked" and found no 20b among the numbers it saw)
        assert said == (f". Enter plays it (choice {wanted.number} is marked: link"
                        f" {wanted.base} by another route, listed under {wanted.base})"), said
        assert wanted in app.shown and app._highlighted() == wanted
        moves = len(app.game.record.actions)
        await pilot.press("enter")
        await pilot.pause()
        assert app.game.record.actions[moves] == action

    at_table(game, check)
