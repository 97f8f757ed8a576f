"""The table gives the board each place on offer with its choice's number: a number read
off the Chicago Express map at 120x40 and typed builds on that hex (the tenth newcomer
run: "highlight the choosable hexes with their menu numbers")."""

from __future__ import annotations

import random
from pathlib import Path

from tablekit import at_table, new_game, settle, type_text
from textual.pilot import Pilot
from textual.widgets import Static

from cuberail.cli.table.app import TableApp
from cuberail.core.actions import Action
from cuberail.games.chicago_express.board import HEX_INDEX, HEXES
from cuberail.games.chicago_express.state import PLACE, ChicagoExpressState
from cuberail.terminal.chicago_express import board as ce_map


def test_ce_at_120x40_a_number_read_off_the_map_builds_on_that_hex(tmp_path: Path) -> None:
    game = new_game(tmp_path, "chicago-express", bots="random,random", seed=3)
    state = game.state
    assert isinstance(state, ChicagoExpressState)
    rng = random.Random(3)
    while not (state.step == PLACE and state.current_player() == 0
               and len(state.legal_actions()) > 3):
        game.apply(rng.choice(state.legal_actions()))
        state = game.state
        assert isinstance(state, ChicagoExpressState)

    async def check(app: TableApp, pilot: Pilot[int]) -> None:
        assert app.face is app.full_face.small
        lines = app.query_one("#map", Static).content.plain.split("\n")  # type: ignore
        hx = HEXES[HEX_INDEX[str(state.legal_actions()[-2].args[0])]]
        x, y = hx.col * ce_map.SMALL_STEP, 2 * hx.row + hx.col % 2
        number = lines[y][x:x + ce_map.SMALL].split("$")[0].strip()  # `1$2`: 1, $2 price
        assert number.isdigit(), lines[y]
        await type_text(pilot, number + "\n")
        await settle(app, pilot)
        assert Action("place", (hx.id,)) in game.record.actions

    at_table(game, check)
