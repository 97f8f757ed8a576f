"""Each title's table parts are its table kit, found by the title: the generic table
(its help, rules, tracker and warnings) reads them and names no title."""

from __future__ import annotations

import pytest

from cuberail.cli.table import teach
from cuberail.games import get_game, titles
from cuberail.terminal import face
from cuberail.terminal.kit import Face, TableKit, find_table, table_for, table_module_name


@pytest.mark.parametrize("title", titles())
def test_each_title_has_a_table_kit_in_its_terminal_face(title: str) -> None:
    kit = table_for(title)
    assert isinstance(kit, TableKit) and isinstance(kit.face, Face)
    assert find_table(title) is kit
    assert table_module_name(title) == f"{face(title).__name__}.table"


@pytest.mark.parametrize("title", titles())
def test_the_help_and_rules_come_from_the_kit(title: str) -> None:
    kit = table_for(title)
    assert teach.rules(title).startswith(kit.rules.format(docs="below"))
    assert "docs/" not in teach.rules(title)  # a pip-installed player has no docs folder
    assert teach.how_to_win(title) == kit.how_to_win
    keys = teach.keys(title)
    assert [line for line in keys.splitlines() if line and not line.startswith(" ")][:3] == [
        "Choosing", "Board", "Game"]  # F1 is a key table, grouped
    own = [line.partition("\t") for line in kit.keys.splitlines()]
    assert all(f"{key.strip()}  " in keys and what in keys for key, _, what in own)


@pytest.mark.parametrize("title", titles())
def test_the_tracker_and_refusals_are_the_kits_for_the_states_title(title: str) -> None:
    kit = table_for(title)
    state = get_game(title).new_game(3)
    assert teach.tracker(state).plain == kit.tracker(state).plain != ""
    assert teach.build_refusals(state) == kit.refusals(state)
    action = state.legal_actions()[0]
    assert teach.warning(state, action, []) == kit.warning(state, action, [])
