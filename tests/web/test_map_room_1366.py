"""The map's room at a 1366x768 desktop, at every kind of decision.

A newcomer's run at 1366x768: at decisions that are not about the board (an auction,
choosing an action, buying a share) the whole map shrank to some 600 px wide, its names
5 px high: the game read as a side panel with a thumbnail. (Chicago Express's choice of an
action, whose moves are the gauges under its map, showed the whole drawing in the frame's
height, and every decision after it kept that until a move on the map came.) The map keeps
a readable size at each decision: at least 60% of the window wide on screen, its place
names and values at least 11 px. And a Chicago Express game opened on the east coast,
Chicago (its west edge, the goal) off-screen: it opens with Chicago's hex in sight.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from webapi import create
from webplay import get_json, post_json, wait_loaded

NAMES = ["Ann", "Bob", "Cleo"]
WIDTH, HEIGHT = 1366, 768

ROOM = """() => {
  const box = document.querySelector('#board'), svg = box.querySelector('svg');
  const s = svg.getBoundingClientRect(), f = box.getBoundingClientRect();
  const [left, top] = [f.left + box.clientLeft, f.top + box.clientTop];  // inside its borders
  const k = s.width / svg.viewBox.baseVal.width;  // screen px per drawing unit
  const labels = [...svg.querySelectorAll('text.place-name, text.value')];
  return {wide: Math.min(s.right, left + box.clientWidth) - Math.max(s.left, left),
    high: Math.min(s.bottom, top + box.clientHeight) - Math.max(s.top, top),
    px: Math.min(...labels.map((t) => parseFloat(t.getAttribute('font-size')) * k)),
    labels: labels.length, svg: s.width, scrollY: window.scrollY};
}"""

CHICAGO = """() => {
  const box = document.querySelector('#board');
  const name = [...box.querySelectorAll('text.place-name')]
    .find((t) => t.textContent === 'Chicago');
  const r = name.closest('[data-hex]').getBoundingClientRect(), f = box.getBoundingClientRect();
  const [left, top] = [f.left + box.clientLeft, f.top + box.clientTop];
  return {hex: [r.left, r.top, r.right, r.bottom],
    shown: [left, top, left + box.clientWidth, Math.min(top + box.clientHeight, innerHeight)]};
}"""


def roomy(page: Any, what: str) -> dict[str, Any]:
    """The map's part in sight at the page's decision: wide and readable."""
    at: dict[str, Any] = page.evaluate(ROOM)
    assert at["labels"] > 50, (what, at)
    assert at["wide"] >= 0.6 * WIDTH, (what, at)  # not a side panel's thumbnail
    assert at["px"] >= 10.95, (what, at)  # names and values readable
    assert at["high"] >= 0.5 * HEIGHT - 2 and at["scrollY"] == 0, (what, at)
    return at


def turn_choice(view: dict[str, Any]) -> bool:
    """The turn's choice of an action: Chicago Express's gauges (CE-4), Trans-Siberian's
    buy, build or pass (TS-4)."""
    legal = view["legal"]
    return any(a.startswith("choose ") for a in legal) or (
        "pass" in legal and any(a.startswith(("buy ", "link ")) for a in legal))


def auction(view: dict[str, Any]) -> bool:
    return any(a.startswith("bid ") for a in view["legal"])


def follow(base_url: str, page: Any, made: dict[str, Any], wanted: list[Callable[..., bool]],
           seed: int) -> list[str]:
    """Play the game by the API (cheap bids, frequent passes) while the page follows it as
    seat 0; at each of seat 0's decisions that the next of ``wanted`` names (in order),
    check the map's room. What was checked, by decision."""
    rng = random.Random(seed)
    url = f"{base_url}/api/games/{made['id']}"
    checked: list[str] = []
    for _ in range(400):
        view = get_json(url)
        if not wanted or view["over"]:
            break
        legal = view["legal"]
        if view["current_player"] == 0 and wanted[0](view):
            page.wait_for_function(f"() => document.querySelector('#game').dataset.gameIndex"
                                   f" === '{view['index']}'")
            wait_loaded(page)
            page.wait_for_timeout(150)
            roomy(page, f"{wanted[0].__name__} at {view['index']}: {legal[:4]}")
            checked.append(wanted.pop(0).__name__)
        bids = sorted((a for a in legal if a.startswith("bid ")), key=lambda a: int(a.split()[1]))
        action = ("pass" if "pass" in legal and rng.random() < 0.5
                  else bids[0] if bids and rng.random() < 0.7 else rng.choice(legal))
        post_json(f"{url}/actions", {"action": action, "index": view["index"]},
                  made["seats"][view["current_player"]]["token"])
    return checked


@pytest.mark.parametrize("title", ["chicago-express", "trans-siberian"])
def test_the_map_keeps_its_room_at_auctions_and_turn_choices(base_url: str, open_page: Any,
                                                             title: str) -> None:
    """One page, live: the first auction, the turn's choice, and (Chicago Express) an
    auction after it, for which the gauge decision's whole drawing stayed, 600 px wide."""
    made = create(base_url, title, NAMES)
    page = open_page(width=WIDTH, height=HEIGHT).page
    page.goto(made["seats"][0]["invite_url"])
    wait_loaded(page)
    page.wait_for_selector("#game[data-live='1']")
    wanted = [auction, turn_choice] + ([auction] if title == "chicago-express" else [])
    names = [w.__name__ for w in wanted]
    checked = follow(base_url, page, made, wanted, seed=4)
    assert checked == names, checked


def test_a_chicago_express_game_opens_readable_where_the_companies_start(
        base_url: str, open_page: Any) -> None:
    """Its first decision is an auction (no move on the map): the readable map opens with
    room to read it. It opened on its west edge, Chicago (the eleventh newcomer run's
    wish); the twelfth, fourteenth and fifteenth found the companies' start hexes (CE-1.1,
    the east coast: the first auctions' companies) off the right edge and asked for them,
    so it now opens there (test_web_newcomer6), and Chicago is one click away ("Whole
    map", test_whole_map_shows_every_row_at_1366)."""
    made = create(base_url, "chicago-express", NAMES)
    page = open_page(width=WIDTH, height=HEIGHT).page
    page.goto(made["seats"][0]["invite_url"])
    wait_loaded(page)
    page.wait_for_selector("#actions button[data-action^='bid ']")
    page.wait_for_timeout(150)
    roomy(page, "the first auction")
    at = page.evaluate(CHICAGO)
    (left, _, right, _), (x0, _, x1, _) = at["hex"], at["shown"]
    assert right < x0 or left > x1, at  # the west is out of this opening's frame
    # the 24th run "expected to see" Chicago when the page opens: a mark at the frame's
    # west edge points to it, and a click on it brings it into the frame
    mark = page.locator(".board-area > .offscreen")
    assert mark.count() == 1 and mark.inner_text().startswith("◀ Chicago"), mark.all_inner_texts()
    assert "Chicago is not in view" in (mark.get_attribute("title") or "")
    box = mark.bounding_box()
    assert box is not None and x0 <= box["x"] <= x0 + 20, (box, at)
    mark.click()
    page.wait_for_timeout(100)
    at = page.evaluate(CHICAGO)
    (left, top, right, bottom), (x0, y0, x1, y1) = at["hex"], at["shown"]
    assert x0 <= left and right <= x1 and y0 <= top and bottom <= y1, at
    assert page.locator(".board-area > .offscreen").count() == 0  # in sight: no mark
    roomy(page, "Chicago brought into sight")


WHOLE = """() => {
  const box = document.querySelector('#board'), svg = box.querySelector('svg');
  const s = svg.getBoundingClientRect(), f = box.getBoundingClientRect();
  return {svg: [s.left, s.top, s.right, s.bottom],
    frame: [f.left + box.clientLeft, f.top + box.clientTop,
            f.left + box.clientLeft + box.clientWidth,
            Math.min(f.top + box.clientTop + box.clientHeight, innerHeight)],
    scrolls: box.scrollHeight > box.clientHeight + 1 || box.scrollWidth > box.clientWidth + 1};
}"""


@pytest.mark.parametrize("title", ["chicago-express", "trans-siberian"])
def test_whole_map_shows_every_row_at_1366(base_url: str, open_page: Any, title: str) -> None:
    """The twelfth newcomer run: '"Whole map" still hides the bottom rows' (it fitted the
    frame's width, and the frame ends at the window's foot). Now the whole drawing is in
    the frame and the window, nothing to scroll; "+" zooms in again."""
    made = create(base_url, title, NAMES)
    page = open_page(width=WIDTH, height=HEIGHT).page
    page.goto(made["seats"][0]["invite_url"])
    wait_loaded(page)
    page.click("#zoom-fit")
    page.wait_for_timeout(150)
    at = page.evaluate(WHOLE)
    (left, top, right, bottom), (x0, y0, x1, y1) = at["svg"], at["frame"]
    assert not at["scrolls"], at
    assert x0 - 1 <= left and right <= x1 + 1 and y0 - 1 <= top and bottom <= y1 + 1, at
    assert page.evaluate("() => window.scrollY") == 0
    page.click("#zoom-in")
    page.wait_for_timeout(150)
    assert page.evaluate(WHOLE)["svg"][2] - page.evaluate(WHOLE)["svg"][0] > right - left


def test_a_whole_map_is_remembered_for_its_own_title(base_url: str, open_page: Any) -> None:
    """The eighteenth newcomer run chose "Whole map" in one game; the next game, of the
    other title, opened with its map tiny too. The choice is remembered by title: a game
    of the other title opens readable (its map scrolls), another of the same title whole."""
    watched = open_page(width=WIDTH, height=HEIGHT)
    page = watched.page

    def open_game(title: str) -> dict[str, Any]:
        page.goto(create(base_url, title, NAMES)["seats"][0]["invite_url"])
        wait_loaded(page)
        page.wait_for_selector("#board svg")
        page.wait_for_timeout(150)
        at: dict[str, Any] = page.evaluate(WHOLE)
        return at

    assert open_game("chicago-express")["scrolls"]  # readable: wider than the frame
    page.click("#zoom-fit")
    page.wait_for_timeout(150)
    assert not page.evaluate(WHOLE)["scrolls"]
    assert open_game("trans-siberian")["scrolls"], "the other title's map opened whole"
    assert not open_game("chicago-express")["scrolls"], "its own title's whole map was forgotten"
