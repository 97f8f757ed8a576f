"""The Trans-Siberian board's city names clear of each other and of the value boxes near
Moscow, in real Chromium (the text boxes as the browser sets them); the drawing's viewBox
no taller than what it draws; and the border sides the move sentences name match the
drawing."""

from __future__ import annotations

import math
import os
from collections.abc import Iterator
from typing import Any

import pytest

from cuberail.draw.trans_siberian import draw, positions
from cuberail.games import get_game
from cuberail.games.trans_siberian import moves
from cuberail.games.trans_siberian.board import LINKS, LOCATIONS

CHROMIUM = "/usr/bin/chromium"
OVERLAPS = """(things) => {
  const box = (e) => { const b = e.getBBox(); return [b.x, b.y, b.x + b.width, b.y + b.height]; };
  const names = [...document.querySelectorAll('.location text')].map(e => [e.textContent, box(e)]);
  const others = [...document.querySelectorAll(things)].map(e => [e.closest('[id]').id, box(e)]);
  const hit = (a, b) => Math.min(a[2], b[2]) - Math.max(a[0], b[0]) > 1
    && Math.min(a[3], b[3]) - Math.max(a[1], b[1]) > 1;
  const out = [];
  names.forEach(([name, b], i) => {
    names.slice(i + 1).forEach(([other, b2]) => { if (hit(b, b2)) out.push([name, other]); });
    const own = 'loc-' + name.toLowerCase().replace(/[^a-z]/g, '');
    others.forEach(([id, b2]) => { if (hit(b, b2) && id !== own) out.push([name, id]); });
  });
  return out;
}"""


@pytest.fixture(scope="module")
def page() -> Iterator[Any]:
    sync = pytest.importorskip("playwright.sync_api")
    if not os.path.exists(CHROMIUM):
        pytest.skip(f"no Chromium at {CHROMIUM}")
    with sync.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM,
                                    args=["--headless=new", "--no-sandbox", "--disable-gpu"])
        yield browser.new_page(viewport={"width": 1300, "height": 900})
        browser.close()


def snapshot(owned: bool) -> dict[str, Any]:
    snap = get_game("trans-siberian").new_game(3).to_json()
    if owned:
        snap["links"] = {k.id: ("red", "blue", "green")[i % 3] for i, k in enumerate(LINKS)}
    return dict(snap)


def test_no_city_name_covers_another_a_value_box_or_a_city(page: Any) -> None:
    page.set_content(f"<html><body>{draw(snapshot(False))}</body></html>")
    things = ".link rect, .location circle, .location rect"
    assert page.evaluate(OVERLAPS, things) == []


def test_with_every_link_owned_no_name_covers_another_or_a_value(page: Any) -> None:
    """The owners' letters (drawn once a link is bought) may touch a name; the values
    and the other names never."""
    page.set_content(f"<html><body>{draw(snapshot(True))}</body></html>")
    assert page.evaluate(OVERLAPS, ".link rect, .location circle") == []


def test_the_drawing_fills_its_view_box(page: Any) -> None:
    """No empty band under the tracks (a phone showed it under the board)."""
    page.set_content(f"<html><body>{draw(snapshot(False))}</body></html>")
    height, bottom = page.evaluate("""() => {
        const svg = document.querySelector('svg');
        const parts = ['.links', '.locations', '.share-track', '.income-track',
                       '.timing-track', '.dividends-track', '.phase']
          .map(s => svg.querySelector(s).getBBox());
        return [svg.viewBox.baseVal.height, Math.max(...parts.map(b => b.y + b.height))];
    }""")
    assert 0 < height - bottom <= 20, (height, bottom)


def test_the_border_sides_match_the_drawing() -> None:
    """moves.BORDER_SIDES (the words of ``→border (east)``) is the compass point nearest
    the direction from the city to its border on the board as drawn."""
    pos = positions()
    for loc in LOCATIONS:
        if not loc.is_external:
            continue
        link = next(k for k in LINKS if loc.index in k.ends)
        city = LOCATIONS[link.ends[0]].id
        (x1, y1), (x2, y2) = pos[city], pos[loc.id]
        angle = math.degrees(math.atan2(y1 - y2, x2 - x1)) % 360  # y runs south
        nearest = ("e", "ne", "n", "nw", "w", "sw", "s", "se")[round(angle / 45) % 8]
        assert moves.BORDER_SIDES[loc.id] == nearest, (loc.id, angle)


def test_the_share_track_says_what_the_n_marker_is() -> None:
    svg = draw(snapshot(False))
    assert "Share value (▲N: the nationalization value)" in svg
