"""Each title's face (``data/face.json``) read through ``cuberail.games.face``: the one
place of the companies' colours and letters, which the browser, the board drawing and
the terminal all read."""

from __future__ import annotations

import re

import pytest
from rich.style import Style

from cuberail.draw.svg import contrast_ink, contrast_ratio
from cuberail.games import get_game, titles
from cuberail.games.face import company_looks, face
from cuberail.server.catalog import face_json
from cuberail.terminal.kit import find_table

HEX = "#[0-9a-f]{6}"


@pytest.mark.parametrize("title", titles())
def test_every_company_has_a_complete_look(title: str) -> None:
    state = get_game(title).new_game(get_game(title).min_players).to_json()
    looks = company_looks(title)
    assert [c["id"] for c in state["companies"]] == list(looks)
    for look in looks.values():
        for colour in (look.colour, look.ink, look.line):
            assert re.fullmatch(HEX, colour)
        assert len(look.letter) == 1
        assert look.ink == contrast_ink(look.colour)  # the letter reads on the fill
        assert contrast_ratio(look.ink, look.colour) >= 4.5


@pytest.mark.parametrize("title", titles())
def test_a_terminal_face_has_a_style_for_each_company(title: str) -> None:
    if find_table(title) is None:
        pytest.skip("no terminal table")
    for look in company_looks(title).values():
        Style.parse(look.terminal)  # a Rich style, or it raises
        Style.parse(look.terminal_plain)


@pytest.mark.parametrize("title", titles())
def test_the_browser_is_served_the_same_face(title: str) -> None:
    served = face_json(title)
    assert served == {k: v for k, v in face(title).items() if k != "about"}

