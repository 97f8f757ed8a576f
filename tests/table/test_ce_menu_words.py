"""The twenty-third newcomer run at 80x24: a build's choices were cut ("place a PRR
locomotive on Q5 (pl…"). The step line names the company that builds, so the list says
a placement as ``locomotive on Q5 (plain, $1)`` (CE-5.4: the cost; CE-5.5: the income a
city adds), which fits the list at 80 columns; the log keeps the whole sentence."""

from __future__ import annotations

import random
from pathlib import Path

from tablekit import at_table, new_game
from test_numbers_hold import _to_a_build
from textual.pilot import Pilot
from textual.widgets import OptionList

from cuberail.cli.table.app import TableApp
from cuberail.games import get_game
from cuberail.games.chicago_express.moves import describe_action
from cuberail.games.words import english
from cuberail.terminal.chicago_express import menu_parts


def test_a_placement_in_the_list_leaves_out_the_company() -> None:
    s = get_game("chicago-express").new_game(3)
    assert menu_parts(s, s.legal_actions()[0]) is None  # an auction's move: as the log
    rng = random.Random(4)
    while not any(a.kind == "place" for a in s.legal_actions()):
        s.apply(rng.choice(s.legal_actions()))
    for place in (a for a in s.legal_actions() if a.kind == "place"):
        parts = menu_parts(s, place)  # the table's list says them in English
        assert parts is not None
        said = english(parts)
        assert said.startswith(f"locomotive on {place.args[0]}")
        whole = describe_action(s, place)
        assert whole.endswith(said.removeprefix("locomotive on ")), (whole, said)


def test_a_build_s_choices_fit_the_list_at_80x24(tmp_path: Path) -> None:
    game = new_game(tmp_path, "chicago-express", bots="medium,medium,medium", players=4,
                    seed=5)

    async def check(app: TableApp, pilot: Pilot[int]) -> None:
        await _to_a_build(app, pilot)
        menu = app.query_one("#menu", OptionList)
        width = menu.scrollable_content_region.width
        places = [c for c in app.menu if c.target]
        assert places
        for choice in places:
            line = f"{choice.number:>3} {choice.detail}"
            assert len(line) <= width, (line, width)
            assert choice.detail.startswith("locomotive on ")

    at_table(game, check, (80, 24))
