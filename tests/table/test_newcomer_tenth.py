"""The tenth newcomer's report on the terminal (2026-12-05): on the compact Chicago Express
map (120x40) a city's name vanished under the track marker once a company built there:
``P3♣ Bin R3♣ ═N═`` became ``P3♣ ═N═ R3♣ ═N═``, and Chicago's ``Chi`` became ``═BN``.
A city with track now keeps its name beside the companies' letters (``BiN``, ``CBN``;
``Bin N``, ``ChNBP`` on the full map)."""

from __future__ import annotations

import random
from pathlib import Path

from tablekit import at_table, new_game
from textual.pilot import Pilot
from textual.widgets import Static

from cuberail.cli.play import Game
from cuberail.cli.table.app import TableApp
from cuberail.games import get_game
from cuberail.games.chicago_express.board import HEXES, START, Hex
from cuberail.games.chicago_express.state import ChicagoExpressState
from cuberail.terminal.chicago_express import board as ce_map


def _second_line(text: str, hx: Hex, cell: int) -> str:
    """The hex's second line (its name and letters) in the map's plain text."""
    lines = text.split("\n")
    x, y = hx.col * (cell + 1), 2 * hx.row + hx.col % 2 + 1
    return lines[y][x:x + cell]


def _first_line(text: str, hx: Hex, cell: int) -> str:
    """The hex's first line (its id, and on the compact map its companies' letters)."""
    lines = text.split("\n")
    x, y = hx.col * (cell + 1), 2 * hx.row + hx.col % 2
    return lines[y][x:x + cell]


def _built_city(game: Game, seed: int = 3) -> Hex:
    """Play random legal moves until a company has built into a city that is not its
    start (CE-5.2: a locomotive placed on a hex adjacent to the company's network);
    that city, with one company on it."""
    rng = random.Random(seed)
    for _ in range(2000):
        s = game.state
        assert isinstance(s, ChicagoExpressState) and not s.is_terminal()
        for hx in HEXES:
            if hx.name and hx.terrain != START and len(s.companies_on(hx.index)) == 1:
                return hx
        game.apply(rng.choice(s.legal_actions()))
    raise AssertionError("no company built into a city")


def test_ce_a_city_with_track_keeps_its_name_on_the_compact_map_at_120x40(
        tmp_path: Path) -> None:
    """CE-5.2: the hexes with a company's locomotives are its network. At 120x40 (the
    compact map, three characters a hex) a city with a company's track shows both the
    city (its whole three letters) and the company's letter (after the hex's id, on the
    line above: ``R5P`` over ``Phi``); a start city too."""
    game = new_game(tmp_path, "chicago-express", bots="0")
    hx = _built_city(game)

    async def check(app: TableApp, pilot: Pilot[int]) -> None:
        await pilot.pause()
        assert app.face is app.full_face.small  # the compact map at 120x40
        s = app.game.state
        assert isinstance(s, ChicagoExpressState)
        text = app.query_one("#map", Static).content.plain  # type: ignore[union-attr]
        for city in [hx] + [h for h in HEXES if h.terrain == START]:
            companies = s.companies_on(city.index)
            letters = "".join(ce_map.LETTER[c] for c in companies)
            assert len(letters) == 1, city.name
            name = ce_map.abbr(city.name)
            assert _second_line(text, city, ce_map.SMALL).startswith(name), city.name
            if len(city.id) + len(letters) <= ce_map.SMALL:
                assert _first_line(text, city, ce_map.SMALL) == city.id + letters, city.name

    at_table(game, check)


def test_ce_every_city_with_track_shows_its_name_and_letters_on_both_maps() -> None:
    """CE-5.2 on both maps, in a game well on: every city with track shows (the start
    of) its name and every company there by its letter, where they fit: on the full map
    both on the second line (three companies in Chicago, ``ChNBP``), on the compact map
    the letters after the hex's id (``R5P``) and the whole name under it (``Phi``)."""
    s = get_game("chicago-express").new_game(3, {})
    assert isinstance(s, ChicagoExpressState)
    rng = random.Random(8)
    for _ in range(300):
        if s.is_terminal():
            break
        s.apply(rng.choice(s.legal_actions()))
    seen = 0
    for cell in (ce_map.CELL, ce_map.SMALL):
        text = ce_map.render(s, set(), cell).plain
        for hx in HEXES:
            letters = "".join(ce_map.LETTER[c] for c in s.companies_on(hx.index))
            if not hx.name or not letters or len(letters) >= cell:
                continue
            seen += 1
            line = _second_line(text, hx, cell)
            name = ce_map.label(hx.name, cell)
            if cell == ce_map.SMALL:
                assert line.startswith(name), (hx.id, line)
                if len(hx.id) + len(letters) <= cell:
                    assert _first_line(text, hx, cell) == hx.id + letters, hx.id
                continue
            assert line.rstrip(ce_map.RAIL).endswith(letters) and line[0] == name[0], (hx.id, line)
            kept = line.rstrip(ce_map.RAIL)[:-len(letters)].rstrip()
            assert name.startswith(kept), (hx.id, line)
    assert seen >= 8


def test_ce_the_compact_map_shows_each_empty_hex_s_build_cost() -> None:
    """The seventh newcomer run: the 120x40 map has "no costs in it" (the full map has the
    cost on a hex's first line; the compact one had no room). A hex without name or track
    now shows its build cost (CE-5.4) on its second line, before its edge (``$2▁``)."""
    s = get_game("chicago-express").new_game(4)
    assert isinstance(s, ChicagoExpressState)
    text = ce_map.render_small(s, set()).plain
    empty = [hx for hx in HEXES if not hx.name and hx.cost and not s.companies_on(hx.index)]
    assert len(empty) > 50
    for hx in empty:
        assert _second_line(text, hx, ce_map.SMALL) == f"${hx.cost}▁", hx.id
    assert "$2 cost" in ce_map.legend_small()


def test_escape_leaves_the_board_only_view(tmp_path: Path) -> None:
    """The eighth newcomer run: "Escape doesn't leave the F2 view". F2 shows the board
    alone; Esc (as F2 again, or `board`) brings back the rest."""
    game = new_game(tmp_path, "chicago-express")

    async def check(app: TableApp, pilot: Pilot[int]) -> tuple[bool, bool, str]:
        await pilot.press("f2")
        await pilot.pause()
        zoomed = app.screen.has_class("zoomed")
        said = app.message
        await pilot.press("escape")
        await pilot.pause()
        return zoomed, app.screen.has_class("zoomed"), said

    zoomed, still, said = at_table(game, check)
    assert zoomed and not still
    assert "Esc" in said
