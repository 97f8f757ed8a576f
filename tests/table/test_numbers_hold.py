"""The twenty-first newcomer run placed Chicago Express locomotives by number and typed
``1`` for R2, which had been 1: after the locomotive before, R1 had opened and taken 1
(the hexes were numbered afresh after each). While one player places locomotive after
locomotive (CE-5.2: up to three in a build), a hex still on offer keeps its number, a
new one takes a number never given in that build, and the number of a hex gone from the
offer is refused, not given to another."""

from __future__ import annotations

from pathlib import Path

from tablekit import at_table, new_game, settle, type_text
from textual.pilot import Pilot
from textual.widgets import Static

from cuberail.cli.table import choices as C
from cuberail.cli.table.app import TableApp


async def _to_a_build(app: TableApp, pilot: Pilot[int]) -> None:
    """Play the human's seat with a bot until it places a locomotive with four or more
    hexes on offer (CE-5.2)."""
    for _ in range(2000):
        await settle(app, pilot)
        state = app.game.state
        n = len(app.game.record.actions)
        if n >= 40 and sum(a.kind == "place" for a in state.legal_actions()) >= 4:
            return
        app.choose(app.game.seats[1].make_bot(n).choose(state.clone()))
    raise AssertionError("no build came")


def _numbers(app: TableApp) -> dict[str, str]:
    return {C.key_of(c.actions[0]): c.number for c in app.menu}


def test_a_hex_keeps_its_number_while_locomotives_are_placed(tmp_path: Path) -> None:
    game = new_game(tmp_path, "chicago-express", bots="medium,medium,medium", players=4,
                    seed=5)

    async def check(app: TableApp, pilot: Pilot[int]) -> None:
        await _to_a_build(app, pilot)
        before = _numbers(app)
        assert before["stop"] == "0"  # stop: 0, last; the hexes 1, 2, ...
        assert sorted(map(int, before.values())) == list(range(len(before)))
        placed = next(c for c in app.menu if c.target)
        await type_text(pilot, placed.number)
        await settle(app, pilot)
        assert app.game.record.actions[-1] == placed.actions[0]
        after = _numbers(app)
        kept = set(before) & set(after)
        assert "stop" in kept and len(kept) >= 2
        assert all(after[k] == before[k] for k in kept), (before, after)
        new = [int(after[k]) for k in set(after) - set(before)]
        assert all(n >= len(before) for n in new), (before, after)  # above every hex's
        # the placed hex's number is refused, not given to another hex
        moves = len(app.game.record.actions)
        await type_text(pilot, placed.number)
        await pilot.pause()
        assert len(app.game.record.actions) == moves
        said = str(app.query_one("#hint", Static).content)
        assert f"there is no choice {placed.number}" in said, said
        # the places by number, then the move without a place: "0 stop" (the 25th newcomer
        # run read "3, 4, 5, 7 … 6 stop building")
        targeted = [int(c.base) for c in app.menu if c.target]
        assert targeted == sorted(targeted) and not app.menu[-1].target
        assert app.menu[-1].number == "0" and 0 not in targeted
        # the map numbers each hex on offer with its kept number
        board = str(app.query_one("#map", Static).content)
        for c in app.menu:
            if c.target:
                assert c.number in board

    at_table(game, check)


def test_the_next_build_is_numbered_afresh(tmp_path: Path) -> None:
    """Another player's moves between two of one's builds: numbered 1, 2, ... again."""
    game = new_game(tmp_path, "chicago-express", bots="medium,medium,medium", players=4,
                    seed=5)

    async def check(app: TableApp, pilot: Pilot[int]) -> None:
        await _to_a_build(app, pilot)
        while any(a.kind == "place" for a in app.game.state.legal_actions()):
            await type_text(pilot, next(c for c in app.menu if c.label == "stop").number)
            await settle(app, pilot)
        for _ in range(500):
            if app.game.state.is_terminal():
                return
            if any(a.kind == "place" for a in app.game.state.legal_actions()):
                numbers = sorted(int(c.base) for c in app.menu if c.target)
                assert numbers == list(range(1, len(numbers) + 1)), numbers
                return
            n = len(app.game.record.actions)
            app.choose(app.game.seats[1].make_bot(n).choose(app.game.state.clone()))
            await settle(app, pilot)

    at_table(game, check)
