"""The thirteenth newcomer run: the Trans-Siberian map a newcomer can read.

The review: "a layout with no geography: Rostov and Oryol sit top-left, Murmansk is in
the middle"; "at the end it gives up: `no room for St. Petersburg→border 2 (west) 3,
Chita→border (east) 5, …`"; "give the TS terminal a geographic, fixed-layout map with
the on-offer links numbered". The map now keeps every city at one place for its size
(west left, east right, north up; cities no drawn link touches dim), numbers each link
on offer with its number in the menu (``[7]``), and draws every built link and link on
offer, at the end of long games too (dotted, from city to city, where no line can go).
"""

from __future__ import annotations

import random

import pytest
from rich.text import Text
from tablekit import played
from test_ts_schematic import SIZES, _building, drawn_ends

from cuberail.cli.table import choices as C
from cuberail.games import get_game
from cuberail.games.trans_siberian.board import LINK_INDEX, LINKS, LOCATIONS, MOSCOW
from cuberail.games.trans_siberian.state import TransSiberianState
from cuberail.terminal.trans_siberian import board as ts_map
from cuberail.terminal.trans_siberian import places
from cuberail.terminal.trans_siberian.geo import Drawing

BY_NAME = {loc.name: loc.index for loc in LOCATIONS}


def _offer(s: TransSiberianState) -> set[str]:
    return {str(a.args[0]) for a in s.legal_actions() if a.kind == "link" and a.args}


def _game(seed: int, players: int) -> list[TransSiberianState]:
    """Positions along a long game where the players build whenever they may (as bots
    do), a few with links on offer and the last, its end."""
    rng = random.Random(seed)
    s = get_game("trans-siberian").new_game(players, {})
    assert isinstance(s, TransSiberianState)
    out = []
    while not s.is_terminal():
        actions = s.legal_actions()
        builds = [a for a in actions if a.kind in ("build", "link")]
        if any(a.kind == "link" for a in actions) and rng.random() < 0.1:
            out.append(s.clone())
        s.apply(rng.choice(builds if builds and rng.random() < 0.9 else actions))
    return [*out[-3:], s]


def _firsts(draw: Drawing) -> dict[int, tuple[int, int]]:
    """Where each city's label starts on the map, in full or dim."""
    out = dict(draw.where)
    for cell, (loc, _) in sorted(draw.dim.items(), reverse=True):
        out[loc] = cell
    return out


def _label_at(rows: list[str], draw: Drawing, loc: int) -> str:
    x, y = draw.where[loc]
    return rows[y][x:x + len(draw.words[loc])]


def _styled(content: Text, width: int, cell: tuple[int, int]) -> set[str]:
    at = cell[1] * (width + 1) + cell[0]
    return {str(span.style) for span in content.spans if span.start <= at < span.end}


@pytest.mark.parametrize("size", SIZES)
def test_every_city_keeps_its_place_from_the_opening_to_the_end(
        size: tuple[int, int]) -> None:
    """The same city at the same cell in every position of a game, drawn or dim: the
    map no longer zooms to the links drawn."""
    places: dict[int, tuple[int, int]] = {}
    for s in [played("trans-siberian", 0, 4, 1), *_game(1, 4)]:
        draw = ts_map.drawing(s, _offer(s), *size)
        for loc, cell in _firsts(draw).items():
            assert places.setdefault(loc, cell) == cell, LOCATIONS[loc].name
    assert len(places) > 50


@pytest.mark.parametrize("size", SIZES)
def test_the_map_keeps_the_board_s_geography(size: tuple[int, int]) -> None:
    """Moscow in the west, Vladivostok in the east, Murmansk in the north; on each row
    the cities run west to east as on the board."""
    s = played("trans-siberian", 10**5, 4, 2)  # a game's end: many cities drawn
    draw = ts_map.drawing(s, set(), *size)
    where = _firsts(draw)
    width = size[0]
    moscow, vladivostok = where[BY_NAME["Moscow"]], where[BY_NAME["Vladivostok"]]
    assert moscow[0] < width * 0.4 < width * 0.75 < vladivostok[0]
    for north, south in (("Murmansk", "Moscow"), ("Murmansk", "Vladivostok"),
                         ("Arkhangelsk", "Volgograd"), ("Moscow", "Rostov-na-Donu")):
        if BY_NAME[north] in where and BY_NAME[south] in where:
            assert where[BY_NAME[north]][1] < where[BY_NAME[south]][1], (north, south)
    for west, east in (("Smolensk", "Moscow"), ("Moscow", "Kazan"), ("Kazan", "Krasnoyarsk"),
                       ("Omsk", "Irkutsk"), ("Irkutsk", "Khabarovsk")):
        if BY_NAME[west] in where and BY_NAME[east] in where:
            assert where[BY_NAME[west]][0] < where[BY_NAME[east]][0], (west, east)


@pytest.mark.parametrize("size", [size for size in SIZES if size[0] == ts_map.WIDTH])
def test_a_crowded_row_hands_a_label_to_the_next_row_before_pushing_it_far(
        size: tuple[int, int]) -> None:
    """On the maps with whole names no city's label stands more than 12 columns from its
    place, and on average less than 2. Each row was packed alone: Novosibirsk stood 24
    columns west of its place on the 29-row map (west of Omsk), 38 on the 22-row one."""
    width, height = size
    words = ts_map._words(width)
    where = places.fixed(words, width, height, MOSCOW)
    off = [abs(where[loc][0] + len(word) / 2 - places.spot(loc, width, height)[0])
           for loc, word in words]
    assert max(off) <= 12 and sum(off) / len(off) < 2, (max(off), sum(off) / len(off))


def test_cities_no_drawn_link_touches_are_written_dim() -> None:
    """At the opening (nothing built) the whole map shows the board's cities, dim, where
    they will stand; Moscow, where every railroad starts, in full."""
    s = played("trans-siberian", 0, 4, 3)
    content = ts_map.render(s, set())
    rows = content.plain.split("\n")
    draw = ts_map.drawing(s, set())
    assert {loc for loc, _ in draw.dim.values()} >= {BY_NAME["Vladivostok"],
                                                     BY_NAME["Murmansk"], BY_NAME["Omsk"]}
    for cell in draw.dim:
        assert _styled(content, ts_map.WIDTH, cell) == {ts_map.DIM_STYLE}
    moscow = BY_NAME["Moscow"]
    assert _label_at(rows, draw, moscow) == "Moscow"
    assert ts_map.DIM_STYLE not in _styled(content, ts_map.WIDTH, draw.where[moscow])


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("seed", [3, 5, 8])
def test_each_link_on_offer_carries_its_number_in_the_menu(seed: int,
                                                           size: tuple[int, int]) -> None:
    """A player can pick from the map: given the menu's numbers (the table passes each
    link on offer with its choice's number, its cheapest route's), each link on offer
    shows its number on or just beside its own line, ``[7]`` in a style of its own,
    apart from the built links' ``R3``."""
    s, offer = _building(seed)
    menu = C.build(s, lambda state, action: "")  # as the table numbers its choices
    numbers = {c.target: c.base for c in menu if c.target and not c.is_dearer_route}
    assert set(numbers) == offer
    content = ts_map.render(s, numbers, *size)
    draw = ts_map.drawing(s, numbers, *size)
    shown = 0
    for target in offer:
        k = LINK_INDEX[target]
        tag = sorted((c for c, (link, _) in draw.tags.items() if link == k),
                     key=lambda c: (c[1], c[0]))
        text = "".join(draw.tags[c][1] for c in tag)
        if text:
            assert text in (f"[{numbers[target]}]", numbers[target]), (target, text)
            assert all(_styled(content, size[0], c) == {ts_map.NUMBER_STYLE} for c in tag)
            shown += 1
    assert shown >= len(offer) - 1, (shown, len(offer))  # room for all but one at most
    for cell, (k, _) in draw.tags.items():  # built links keep their letter and value
        if s.owner[k] >= 0:
            assert ts_map.NUMBER_STYLE not in _styled(content, size[0], cell)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", [4, 5])
def test_the_end_of_long_games_draws_every_link_and_lists_none(players: int,
                                                               size: tuple[int, int]) -> None:
    """The review's end: ``no room for St. Petersburg→border 2 (west) 3, …``. At the end
    of long games (4 and 5 players, several seeds) and just before, every built link and
    link on offer is on the map between its cities, a line or (no way at all) dots; the
    key row lists none."""
    for seed in range(3):
        for s in _game(seed, players):
            offer = _offer(s)
            rows = ts_map.render(s, offer, *size).plain.split("\n")
            draw = ts_map.drawing(s, offer, *size)
            assert "no room" not in rows[-1] and rows[-1].startswith("built")
            for k in ts_map.drawn_links(s, offer):
                assert drawn_ends(draw, rows, k) == set(LINKS[k].ends), (seed, LINKS[k].id)
