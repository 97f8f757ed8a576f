"""The Chicago Express map needs no decoding: a hex on offer shows the number to type for
it, a hex's two lines sit between its own slanted sides, and a company's track is drawn
on its own hex in its colour, so a route reads hex to hex."""

from __future__ import annotations

import random

import pytest
from rich.console import Console
from rich.style import Style
from rich.text import Text

from cuberail.cli.menu import Menu
from cuberail.cli.table import choices as C
from cuberail.core.actions import Action
from cuberail.games import get_game
from cuberail.games.chicago_express.board import HEX_INDEX, HEXES, Hex
from cuberail.games.chicago_express.state import DEVELOP, PLACE, ChicagoExpressState
from cuberail.terminal.chicago_express import COMPANY_STYLE, LETTER
from cuberail.terminal.chicago_express import board as ce_map

CELLS = (ce_map.CELL, ce_map.SMALL)
CONSOLE = Console(width=200)


def _at_step(step: int, seed: int, skip: int = 0) -> ChicagoExpressState:
    """A seeded 4-player game played at random to a decision of ``step`` with at least
    four hexes on offer (the ``skip``-th such decision)."""
    s = get_game("chicago-express").new_game(4, {})
    assert isinstance(s, ChicagoExpressState)
    rng = random.Random(seed)
    while not s.is_terminal():
        if s.step == step and len(s.legal_actions()) > 4:
            if skip == 0:
                return s
            skip -= 1
        s.apply(rng.choice(s.legal_actions()))
    raise AssertionError(f"seed {seed}: no such decision")


def _offer(s: ChicagoExpressState) -> dict[str, str]:
    """What the table gives the board: each hex on offer with its choice's number."""
    menu = C.build(s, lambda state, action: action.text())
    return {c.target: c.base for c in menu if c.target and not c.is_dearer_route}


def _lines(s: ChicagoExpressState, targets: dict[str, str], cell: int) -> list[Text]:
    return list(ce_map.render(s, targets, cell).split("\n"))


def _spot(hx: Hex, cell: int) -> tuple[int, int]:
    """Where a hex's first line starts on the map of ``cell`` characters a hex."""
    return hx.col * (cell + 1), 2 * hx.row + hx.col % 2


def _style(line: Text, x: int) -> Style:
    return line.get_style_at_offset(CONSOLE, x)


def _typed(s: ChicagoExpressState, raw: str) -> Action:
    """What a number typed at the table plays (and the same number in plain mode)."""
    menu = C.build(s, lambda state, action: action.text())
    action = C.interpret(s, menu, raw)
    assert isinstance(action, Action), action
    assert Menu.build(s.legal_actions()).by_number(int(raw)) == action
    return action


@pytest.mark.parametrize("cell", CELLS)
@pytest.mark.parametrize("seed", [1, 3, 5])
def test_ce_each_hex_to_build_on_shows_the_number_that_builds_there(seed: int,
                                                                    cell: int) -> None:
    s = _at_step(PLACE, seed, skip=2)
    offer = _offer(s)
    lines = _lines(s, offer, cell)
    company = COMPANY_STYLE[s.b_company]
    assert len(offer) >= 4
    for hx_id, number in offer.items():
        hx = HEXES[HEX_INDEX[hx_id]]
        x, y = _spot(hx, cell)
        shown = lines[y].plain[x:x + cell]  # the number, then the price (` 1 $2`)
        assert shown.split()[0].startswith(number) and hx_id not in shown, (hx_id, shown)
        assert ce_map.hex_at(x + cell // 2, y, cell) == hx_id  # a click there finds it
        assert _typed(s, number) == Action("place", (hx_id,))
        at = x + shown.index(number)
        style = _style(lines[y], at)  # in the building company's colours
        assert style.reverse and style == Style.parse(company + " reverse"), style
    elsewhere = [hx for hx in HEXES if hx.id not in offer]
    for hx in elsewhere:  # every other hex keeps its id
        x, y = _spot(hx, cell)
        assert lines[y].plain[x:x + len(hx.id)] == hx.id, hx.id


@pytest.mark.parametrize("cell", CELLS)
def test_ce_each_hex_to_develop_shows_the_number_that_develops_it(cell: int) -> None:
    s = _at_step(DEVELOP, 4)
    offer = _offer(s)
    lines = _lines(s, offer, cell)
    assert len(offer) >= 4
    for hx_id, number in offer.items():
        x, y = _spot(HEXES[HEX_INDEX[hx_id]], cell)
        assert lines[y].plain[x:x + cell].split()[0].startswith(number), hx_id
        assert _typed(s, number) == Action("develop", (hx_id,))


@pytest.mark.parametrize("cell", CELLS)
def test_ce_a_hex_s_two_lines_sit_between_its_own_sides(cell: int) -> None:
    """``N═`` on the row of the id beside it read as that hex's: every hex's first line
    is drawn ``╱..╲`` and its second ``╲..╱``, its lower corners closing it."""
    s = _at_step(PLACE, 3, skip=6)
    lines = [line.plain for line in _lines(s, _offer(s), cell)]
    for hx in HEXES:
        x, y = _spot(hx, cell)
        assert lines[y][x + cell] + lines[y + 1][x + cell] == "╲╱", hx.id
        if hx.col:
            assert lines[y][x - 1] + lines[y + 1][x - 1] == "╱╲", hx.id


@pytest.mark.parametrize("cell", CELLS)
def test_ce_track_is_drawn_on_its_own_hex_in_its_company_s_colour(cell: int) -> None:
    """A route reads hex to hex: the second line of a hex with one company's track, and
    no city, is its letter between rails, all in the company's colour."""
    s = _at_step(PLACE, 3, skip=12)
    lines = _lines(s, {}, cell)
    seen = 0
    for hx in HEXES:
        here = s.companies_on(hx.index)
        if hx.name or len(here) != 1:
            continue
        seen += 1
        x, y = _spot(hx, cell)
        second = lines[y + 1]
        assert LETTER[here[0]] in second.plain[x:x + cell], hx.id
        colour = Style.parse(COMPANY_STYLE[here[0]]).bgcolor
        assert all(_style(second, x + i).bgcolor == colour for i in range(cell)), hx.id
    assert seen >= 4


def test_ce_key_says_in_words_what_a_number_and_a_cost_are() -> None:
    key = ce_map.key().plain
    assert "on offer: type 7" in key and "$2 cost to build" in key
    assert "the number to type" in key
