"""The table's maps: every hex id stays visible, every link can be clicked."""

from __future__ import annotations

from tablekit import played

from cuberail.core.state import GameState
from cuberail.games.chicago_express.board import HEXES
from cuberail.games.chicago_express.state import ChicagoExpressState
from cuberail.games.trans_siberian.board import LINKS, LOCATIONS
from cuberail.games.trans_siberian.state import TransSiberianState
from cuberail.terminal.chicago_express import board as ce_map
from cuberail.terminal.trans_siberian import board as ts_map


def _played(title: str, moves: int) -> GameState:
    return played(title, moves, players=3, seed=8)


def test_ce_every_hex_shows_its_id_where_a_click_finds_it() -> None:
    s = _played("chicago-express", 150)
    assert isinstance(s, ChicagoExpressState)
    lines = ce_map.render(s, set()).plain.split("\n")
    assert len(lines) == ce_map.HEIGHT and max(map(len, lines)) <= ce_map.WIDTH
    for hx in HEXES:
        x, y = hx.col * ce_map.STEP, 2 * hx.row + hx.col % 2  # the hex's first line
        assert lines[y][x:x + len(hx.id) + 1] == hx.id + " " or lines[y][x:x + 3] == hx.id
        assert ce_map.hex_at(x, y) == ce_map.hex_at(x + 4, y + 1) == hx.id


def test_ce_locomotives_are_drawn_inside_their_hex() -> None:
    s = _played("chicago-express", 150)
    assert isinstance(s, ChicagoExpressState)
    lines = ce_map.render(s, set()).plain.split("\n")
    for hx in HEXES:
        letters = "".join(ce_map.LETTER[c] for c in s.companies_on(hx.index))
        if not letters:
            continue
        x = hx.col * ce_map.STEP
        y = 2 * hx.row + hx.col % 2 + 1  # the hex's second line
        assert lines[y][x:x + ce_map.CELL].rstrip(ce_map.RAIL).endswith(letters)


def test_ts_every_drawn_city_is_labelled_and_every_drawn_link_can_be_clicked() -> None:
    s = _played("trans-siberian", 60)
    assert isinstance(s, TransSiberianState)
    text = ts_map.render(s, set()).plain
    draw = ts_map.drawing(s, set())
    assert len(draw.words) > 3
    for loc, word in draw.words.items():  # the whole map writes whole names
        assert word == ("◇" if LOCATIONS[loc].is_external else LOCATIONS[loc].name)
        assert word in text
    clickable = {ts_map.link_at(x, y) for y in range(ts_map.HEIGHT)
                 for x in range(ts_map.WIDTH)}
    built = {LINKS[k].id for k, o in enumerate(s.owner) if o >= 0}
    assert built <= clickable  # (every other link is drawn too, dim: it names itself)


def test_ts_city_labels_are_unique() -> None:
    for width in (ts_map.SMALL_WIDTH, ts_map.WIDTH):
        names = [ts_map.label(loc.name, width) for loc in LOCATIONS if not loc.is_external]
        assert len(names) == len(set(names))
