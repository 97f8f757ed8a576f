"""The eleventh newcomer run: the terminal maps must read without decoding.

Trans-Siberian: the compact map's three-letter codes (NzV, UsI, Ktl) tangled with the line
art, and a company's first link drew as ``R3═Kaz`` (read: Moscow–Kazan; it was Moscow–
Nizhny Novgorod). The networks list stays first at 120x40 (whole names, what each company
can build and jump to); the whole map (F2 at 120 columns, wide terminals) writes every
city's name, a line never runs into another city's label, and the compact map's key
spells out its codes.

Chicago Express: ``PhP``, ``NYN``, ``BiN`` mixed a city's name with a locomotive's letter.
On the compact map a city keeps its three letters and its locomotives follow its id
(``R5P`` over ``Phi``); the whole map writes five letters (``Phila``); the key names
every city with its hex.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

from tablekit import at_table, new_game, played
from textual.containers import ScrollableContainer
from textual.pilot import Pilot
from textual.widgets import Static

from cuberail.cli.table.app import TableApp
from cuberail.games.chicago_express.board import HEXES
from cuberail.games.chicago_express.state import ChicagoExpressState
from cuberail.games.trans_siberian.board import LINK_INDEX, LINKS, LOCATION_INDEX, LOCATIONS
from cuberail.games.trans_siberian.state import TransSiberianState
from cuberail.terminal.chicago_express import board as ce_map
from cuberail.terminal.chicago_express import table as ce_table
from cuberail.terminal.trans_siberian import board as ts_map
from cuberail.terminal.trans_siberian import table as ts_table
from cuberail.terminal.trans_siberian.geo import BUILT, FREE

CODES = ("NzV", "UsI", "NzA", "Ktl", "Vlg", "NNo", "UsK", "NzB", "NUr", "StP")


def _ts_played(moves: int, seed: int = 4) -> TransSiberianState:
    s = played("trans-siberian", moves, players=4, seed=seed)
    assert isinstance(s, TransSiberianState)
    return s


def _ce_played(moves: int, seed: int = 3) -> ChicagoExpressState:
    s = played("chicago-express", moves, players=4, seed=seed)
    assert isinstance(s, ChicagoExpressState)
    return s


# ----- Trans-Siberian ------------------------------------------------------------------


def test_ts_whole_map_writes_the_whole_name_of_every_city_it_draws_and_no_code() -> None:
    s = _ts_played(150)
    assert any(o >= 0 for o in s.owner)
    text = ts_map.render(s, set()).plain
    for k, o in enumerate(s.owner):
        if o >= 0:
            for end in LINKS[k].ends:
                if not LOCATIONS[end].is_external:
                    assert LOCATIONS[end].name in text, LOCATIONS[end].name
    words = set(re.findall(r"[A-Za-z.\-]+", text))
    assert not words & set(CODES), words & set(CODES)


def test_ts_every_drawn_link_shows_its_value() -> None:
    s = _ts_played(150)
    for size in ((ts_map.WIDTH, ts_map.HEIGHT), (ts_map.SMALL_WIDTH, ts_map.SMALL_HEIGHT)):
        draw = ts_map.drawing(s, set(), *size)
        rows = ts_map.render(s, set(), *size).plain.split("\n")
        values = {k: ch for (x, y), (k, ch) in draw.tags.items() if ch.isdigit()}
        built = {k for kind, k in draw.lines.values() if kind == BUILT}
        for k in built & set(values):
            assert values[k] == str(LINKS[k].value), LINKS[k].id
        assert len(built & set(values)) >= 0.75 * len(built), (len(values), len(built))
        for (x, y), (_, ch) in draw.tags.items():
            assert rows[y][x] == ch


def test_ts_a_tag_never_touches_a_city_s_label() -> None:
    """``Mos─R3═Kaz`` read as a link to Kazan: no tag touches, on its row, a city's label
    (its line runs straight between its own cities: test_ts_schematic.py)."""
    for seed in range(6):
        s = _ts_played(100 + 150 * seed, seed)
        for size in ((ts_map.WIDTH, ts_map.HEIGHT), (ts_map.SMALL_WIDTH, ts_map.SMALL_HEIGHT)):
            draw = ts_map.drawing(s, set(), *size)
            for (x, y), (k, _) in draw.tags.items():
                for d in (-1, 1):
                    near = draw.labels.get((x + d, y)) or draw.dim.get((x + d, y))
                    assert near is None, (size, LINKS[k].id, LOCATIONS[near[0]].name)


def test_ts_red_s_first_link_reads_as_its_own_ends() -> None:
    """The review's case: red started on Moscow–Nizhny Novgorod; the compact map drew
    ``R3═Kaz``. Now red's link is the only bright one, between Moscow and N.Novgor,
    tagged ``R3``; Kazan, which no built link touches, is a dim name in its place, and
    neither red's line nor its tag touches it."""
    s = _ts_played(0)
    k = LINK_INDEX["moscow-nizhnynovgorod"]
    s.owner[k] = 0
    text = ts_map.render_small(s, set()).plain
    assert "Moscow" in text and "N.Novgor" in text
    draw = ts_map.drawing(s, set(), ts_map.SMALL_WIDTH, ts_map.SMALL_HEIGHT)
    kazan = LOCATION_INDEX["kazan"]
    assert kazan not in draw.words and kazan in {loc for loc, _ in draw.dim.values()}
    near = {(x + dx, y + dy) for (x, y), (loc, _) in draw.dim.items() if loc == kazan
            for dx in (-1, 0, 1) for dy in (-1, 0, 1)}
    red = {c for c, (kind, link) in draw.lines.items() if link == k}
    assert red and not near & (red | set(draw.tags))
    assert {link for kind, link in draw.lines.values() if kind != FREE} == {k}
    assert sorted(ch for link, ch in draw.tags.values()) == ["3", ts_map.LETTER[0]]


def test_ts_compact_map_key_says_its_names_are_short_forms() -> None:
    key = ts_map.key_small().plain
    assert "first letters" in key and "116 columns or more writes them whole" in key
    assert ts_table.SMALL.key is ts_map.key_small
    assert "116 columns or more" in ts_table.SMALL.legend


def test_ts_at_120x40_the_map_first_the_list_a_key_away_names_on_f2(tmp_path: Path) -> None:
    """At 120x40 the board shows the map with whole names above the rest first, drawn in
    the rows they leave it, wholly in view (the thirty-second to thirty-fourth newcomer
    runs found the list first "not a map"); F4 the networks list (whole names) beside
    the side panel; F2 the whole map with names alone."""
    game = new_game(tmp_path, "trans-siberian", seed=5)
    rng = random.Random(2)
    for _ in range(400):  # a game well on: companies with networks
        s = game.state
        assert isinstance(s, TransSiberianState)
        if sum(1 for o in s.owner if o >= 0) >= 8 or s.is_terminal():
            break
        game.state.apply(rng.choice(s.legal_actions()))
    s = game.state
    assert isinstance(s, TransSiberianState)
    owned = [k for k, o in enumerate(s.owner) if o >= 0]
    assert len(owned) >= 8

    async def check(app: TableApp, pilot: Pilot[int]) -> None:
        await pilot.pause()
        assert app.screen.has_class("wide") and not app.screen.has_class("compact")
        assert (app.face.width, app.face.height) == (ts_map.WIDTH, ts_table.SHORTEST)
        board = app.query_one("#board", ScrollableContainer)
        region = board.scrollable_content_region
        assert region.width >= app.face.width and region.height >= app.face.height
        assert app.query_one("#side-low").display  # the companies under it
        _whole_names(app)
        await pilot.press("f4")
        await pilot.pause()
        text = app.query_one("#map", Static).content.plain  # type: ignore[union-attr]
        assert app.face is app.full_face.small.other  # type: ignore[union-attr]
        assert "Moscow" in text and app.screen.has_class("compact")
        await pilot.press("f4")  # back to the map
        await pilot.pause()
        await pilot.press("f2")
        await pilot.pause()
        assert (app.face.width, app.face.height) == (ts_map.WIDTH, ts_map.HEIGHT)
        _whole_names(app)

    at_table(game, check)


def _whole_names(app: TableApp) -> None:
    """Every city a built link reaches is on the map by its whole name; no short form."""
    text = app.query_one("#map", Static).content.plain  # type: ignore[union-attr]
    state = app.game.state
    assert isinstance(state, TransSiberianState)
    for k, o in enumerate(state.owner):
        if o >= 0:
            for end in LINKS[k].ends:
                loc = LOCATIONS[end]
                if not loc.is_external:
                    assert ts_map.label(loc.name, ts_map.WIDTH) in text, loc.name
    assert not set(re.findall(r"[A-Za-z.\-]+", text)) & set(CODES)


def test_ts_the_map_above_the_rest_keeps_its_place_and_is_drawn_to_fit(
        tmp_path: Path) -> None:
    """The map above the rest at 120x40 keeps the board's geography as the 29-row map
    does; taller terminals draw it in more rows, up to the whole map's 29; F4 is the
    list beside the side panel."""
    game = new_game(tmp_path, "trans-siberian", seed=5)

    async def check(app: TableApp, pilot: Pilot[int]) -> None:
        await pilot.pause()
        short = app.face
        assert short.height == ts_table.SHORTEST
        draw = ts_map.drawing(app.game.state, set(), short.width, short.height)  # type: ignore[arg-type]
        for cell, (_, k) in draw.lines.items():  # a click names the link drawn there
            assert short.hit(*cell) == LINKS[k].id
        await pilot.resize_terminal(120, 44)
        await pilot.pause()
        assert app.face.height == 44 - 16 - 2
        await pilot.resize_terminal(120, 60)
        await pilot.pause()
        assert app.face is app.full_face
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        assert app.face is short  # the same face, drawn once for its rows
        await pilot.press("f4")
        await pilot.pause()
        assert app.face is app.full_face.small.other  # type: ignore[union-attr]
        assert app.screen.has_class("compact")

    at_table(game, check)

    at_table(game, check)


# ----- Chicago Express ---------------------------------------------------------------


def _line(text: str, col: int, row: int, second: bool, cell: int) -> str:
    lines = text.split("\n")
    x, y = col * (cell + 1), 2 * row + col % 2 + second
    return lines[y][x:x + cell]


def test_ce_compact_map_keeps_a_city_s_letters_apart_from_its_locomotives() -> None:
    """``PhP`` (Philadelphia with a PRR locomotive) now reads ``R5P`` over ``Phi``."""
    s = _ce_played(400)
    text = ce_map.render_small(s, set()).plain
    seen = 0
    for hx in HEXES:
        letters = "".join(ce_map.LETTER[c] for c in s.companies_on(hx.index))
        if hx.name:  # every city keeps its whole three letters (``WSS``, never ``WSC``)
            name = ce_map.abbr(hx.name)
            assert _line(text, hx.col, hx.row, True, ce_map.SMALL).startswith(name), hx.id
        if not hx.name or not letters or len(hx.id) + len(letters) > ce_map.SMALL:
            continue
        seen += 1
        assert _line(text, hx.col, hx.row, False, ce_map.SMALL) == hx.id + letters, hx.id
        name = ce_map.abbr(hx.name)
        assert _line(text, hx.col, hx.row, True, ce_map.SMALL).startswith(name), hx.id
    assert seen >= 3


def test_ce_whole_map_writes_five_letters_of_a_city() -> None:
    s = _ce_played(0)
    text = ce_map.render(s, set()).plain
    for name in ("Pitts", "Bingh", "Clevl", "Chicg", "Harbg", "Bufal", "Cinci"):
        assert name in text, name
    for hx in HEXES:
        if hx.name and not s.companies_on(hx.index):
            word = ce_map.label(hx.name)
            assert len(word) >= min(5, len(hx.name)) and word in text, hx.name
    assert len({ce_map.label(hx.name) for hx in HEXES if hx.name}) == sum(
        1 for hx in HEXES if hx.name)


def test_ce_compact_key_names_every_city_with_its_hex() -> None:
    key = ce_map.key().plain
    for hx in HEXES:
        if hx.name:
            assert f"{ce_map.abbr(hx.name)} {hx.name} {hx.id}" in key, hx.name
    legend = ce_map.legend_small()
    assert "$2 cost" in legend and len(legend) <= ce_map.SMALL_WIDTH - 4
    assert "R5P" in key and "Phila" in key
    assert ce_table.SMALL.legend == legend


def test_ce_at_120x40_the_default_map_shows_costs_and_whole_city_letters(
        tmp_path: Path) -> None:
    game = new_game(tmp_path, "chicago-express", bots="0")

    async def check(app: TableApp, pilot: Pilot[int]) -> None:
        await pilot.pause()
        assert app.face is app.full_face.small
        text = app.query_one("#map", Static).content.plain  # type: ignore[union-attr]
        assert text.count("$") > 50
        for name in ("Phi", "Bal", "Was", "NY", "Bin", "Pit"):
            assert name in text, name
        for merged in ("PhP", "NYN", "BaB", "WaC", "BiN"):
            assert merged not in text, merged
        await pilot.press("f2")
        await pilot.pause()
        text = app.query_one("#map", Static).content.plain  # type: ignore[union-attr]
        assert "Pitts" in text and "Bingh" in text and "Phi P" in text

    at_table(game, check)
