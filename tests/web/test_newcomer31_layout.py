"""The 31st newcomer run (a demanding player, 1366x768 and 390x844), in Chromium: the
dividend notice over nothing the player needs (on a phone it covered the header, on a
desktop it seemed to hide the half-scrolled move under it), ..."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from test_dividend_notice_room import _box, _meet, _watching
from test_web_guided import PANEL, start_guided
from webapi import create, play_until
from webplay import create_in_lobby, wait_loaded

# ----- 1. the dividend notice ----------------------------------------------------------------


def test_a_phone_dividend_notice_pushes_the_page_down_under_the_header(
        base_url: str, open_page: Any) -> None:
    """Fixed at the window's top it covered the title, Rules and Settings (and, in a
    full-page shot, "Waiting for Alice."): now in the page's flow under the header."""
    page, _ = _watching(base_url, open_page, "trans-siberian", 390, 844)
    notice = _box(page, "#toast")
    assert notice["y"] >= 0 and notice["y"] + notice["height"] <= 844, notice  # in sight
    for needed in ("header.top", "header.top h1", "#rules-link", "#settings-toggle", "#turn"):
        assert not _meet(notice, _box(page, needed)), (needed, notice)
    assert page.evaluate("() => getComputedStyle(document.querySelector('#toast')).position") \
        == "static"  # in the flow: over nothing when the page scrolls either
    page.click("#toast .toast-close")  # still dismissible
    page.wait_for_selector("#toast", state="hidden")


def test_a_desktop_dividend_notice_is_under_the_latest_moves(base_url: str,
                                                             open_page: Any) -> None:
    """Between the log's heading and its list, the notice sat over the list's first,
    half-scrolled line ("move 121's text cut in half"): it is under the list now, the
    latest moves (the dividend's) just over it, the list and the notice in the window."""
    page, _ = _watching(base_url, open_page, "trans-siberian", 1366, 768)
    notice, log = _box(page, "#toast"), _box(page, "#log")
    assert notice["y"] >= log["y"] + log["height"] - 0.5, (notice, log)
    assert notice["y"] + notice["height"] <= 768, notice
    heading = _box(page, "#log-title")
    assert log["y"] - (heading["y"] + heading["height"]) < 12  # the list right under it
    latest = _box(page, "#log > li:last-child")
    assert latest["y"] + latest["height"] <= log["y"] + log["height"] + 1  # the latest in sight


# ----- 2. a phone's counters beside the map's income track -----------------------------------

COUNTERS = """() => {
  const frame = document.querySelector('#board').getBoundingClientRect();
  const inside = (r, f) => r.width > 0 && r.left >= f.left - .5 && r.right <= f.right + .5;
  const page = { left: 0, right: window.innerWidth };
  return [...document.querySelectorAll('#board svg g[data-used][data-size]')].map((g) => {
    const words = g.querySelector('text').textContent;
    const drawn = [...g.querySelectorAll('text, rect')]
      .every((e) => inside(e.getBoundingClientRect(), frame));
    const listed = [...document.querySelectorAll('#share-counters li')].some((li) =>
      li.textContent.includes(words) && li.checkVisibility()
      && inside(li.getBoundingClientRect(), page));
    return { words, seen: drawn || listed };
  });
}"""


def test_a_phone_shows_the_timing_and_dividend_counters_whole(base_url: str,
                                                              open_page: Any) -> None:
    """At 390 px the drawn counters ("Timing 0/5", "Dividends 4/6") lay past the frame's
    right edge, cut: they are listed whole under the map, with the share track."""
    made = create(base_url, "trans-siberian", ["Ann", "Bob", "Cleo"])
    play_until(base_url, made, lambda v: v["state"]["dividends"]["paid"] >= 1, seed=5)
    page = open_page(390, 844, touch=True).page
    page.goto(made["seats"][0]["invite_url"])
    wait_loaded(page)
    page.wait_for_selector("#game[data-live='1']")
    page.wait_for_timeout(300)
    found = page.evaluate(COUNTERS)
    assert len(found) == 2, found
    assert [f["words"] for f in found if not f["seen"]] == [], found
    listed = page.locator("#share-counters li")
    assert listed.count() == 2 and "1/" in listed.nth(1).inner_text()  # the dividend paid


# ----- 4. "you may click this" unlike every company's colour ---------------------------------

GAMES = Path(__file__).resolve().parents[2] / "src" / "cuberail" / "games"


def _lab(rgb: tuple[float, ...]) -> tuple[float, float, float]:
    """CIE L*a*b* of an sRGB colour (0-255 channels): how far apart two colours look."""
    def linear(c: float) -> float:
        c /= 255
        return ((c + 0.055) / 1.055) ** 2.4 if c > 0.04045 else c / 12.92

    r, g, b = (linear(c) for c in rgb[:3])
    x = (r * 0.4124 + g * 0.3576 + b * 0.1805) / 0.95047
    y = r * 0.2126 + g * 0.7152 + b * 0.0722
    z = (r * 0.0193 + g * 0.1192 + b * 0.9505) / 1.08883

    def f(v: float) -> float:
        return float(v ** (1 / 3)) if v > 0.008856 else 7.787 * v + 16 / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def _apart(a: tuple[float, ...], b: tuple[float, ...]) -> float:
    return float(sum((p - q) ** 2 for p, q in zip(_lab(a), _lab(b), strict=True)) ** 0.5)


def _companies(folder: str) -> dict[str, tuple[int, ...]]:
    face = json.loads((GAMES / folder / "data" / "face.json").read_text(encoding="utf-8"))
    said = face["companies"]
    return {k: tuple(int(v["colour"][i:i + 2], 16) for i in (1, 3, 5)) for k, v in said.items()}


OUTLINE = """() => {
  const el = document.querySelector('#board.clickable .target .outline');
  const s = getComputedStyle(el);
  return {stroke: s.stroke, dashed: s.strokeDasharray !== 'none', glow: s.filter !== 'none'};
}"""


@pytest.mark.parametrize(("title", "folder", "wanted"), [
    ("trans-siberian", "trans_siberian", "link "),
    ("chicago-express", "chicago_express", "place ")])
def test_the_board_s_moves_are_outlined_in_no_company_s_colour(
        base_url: str, open_page: Any, title: str, folder: str, wanted: str) -> None:
    """The links a player may build were outlined thick magenta: beside the red company's
    links "red owns this" and "you may click this" looked alike. The outline is now far
    from every company's colour (CIE76 distance over 40; magenta was 31 from red), and
    dashed or glowing besides."""
    made = create(base_url, title, ["Ann", "Bob", "Cleo"])
    view = play_until(base_url, made, lambda v: any(a.startswith(wanted) for a in v["legal"]),
                      seed=3)
    page = open_page(1366, 768).page
    page.goto(made["seats"][view["current_player"]]["invite_url"])
    wait_loaded(page)
    page.wait_for_selector("#board.clickable .target .outline")
    got = page.evaluate(OUTLINE)
    rgb = tuple(float(n) for n in re.findall(r"[\d.]+", got["stroke"])[:3])
    near = {name: round(_apart(rgb, colour)) for name, colour in _companies(folder).items()}
    assert min(near.values()) > 40, (got, near)
    assert got["dashed"] or got["glow"], got


# ----- 5. the lobby: a game's links in sight once it is created ------------------------------

SIGHT = """() => {
  const whole = (sel) => [...document.querySelectorAll(sel)].every((e) => {
    const r = e.getBoundingClientRect();
    return r.height > 0 && r.top >= 0 && r.bottom <= innerHeight;
  });
  return {message: whole('#message'), heading: whole('#created-title'),
    links: whole('#invites a, #invites input'),
    count: document.querySelectorAll('#invites a').length,
    focus: document.activeElement.matches('#invites a.invite')
      && document.activeElement.dataset.seat === '0'};
}"""


@pytest.mark.parametrize("players", [3, 5])
def test_the_lobby_shows_the_invite_links_with_its_game_created_message(
        base_url: str, open_page: Any, players: int) -> None:
    """After "Create game" (1366x768) the green "Game created: send each player their
    link." was at the page's top and the links in a box below the fold: the box is under
    the message now, both in the first screen, the first player's link focused."""
    page = open_page(1366, 768).page
    create_in_lobby(page, base_url, "trans-siberian", [{"name": f"P{i}"} for i in range(players)])
    page.wait_for_timeout(200)
    at = page.evaluate(SIGHT)
    assert at == {"message": True, "heading": True, "links": True, "count": players + 1,
                  "focus": True}, at
    assert "Game created" in page.locator("#message").inner_text()


# ----- 6. the guide's explanation readable in the side column --------------------------------

READ = """() => {
  const box = document.querySelector('#guide').getBoundingClientRect();
  const foot = document.querySelector('#guide .guide-buttons').getBoundingClientRect().top;
  return [...document.querySelectorAll('#guide-body > p')].slice(0, 2).map((p) => {
    const r = p.getBoundingClientRect();
    return {words: p.textContent.slice(0, 40), whole: r.top >= box.top && r.bottom <= foot + 1};
  });
}"""


@pytest.mark.parametrize("title", ["trans-siberian", "chicago-express"])
def test_the_guide_s_explanation_is_readable_beside_the_moves_at_1366(
        base_url: str, open_page: Any, title: str) -> None:
    """The guide's panel in the side column showed two lines of its explanation ("What it
    is: A company's first share is for sale. In t…"), the rest behind "More ▾": its first
    parts (what it is, what to click) are whole in sight now, the move buttons and the
    companies' first rows too."""
    page = open_page(1366, 768).page
    start_guided(page, base_url, title)
    page.wait_for_selector(PANEL)
    page.wait_for_function("() => document.querySelector('#turn').classList.contains('mine')")
    page.wait_for_timeout(300)
    assert "in-side" in (page.get_attribute("#guide", "class") or "")
    parts = page.evaluate(READ)
    assert len(parts) == 2 and all(p["whole"] for p in parts), parts
    for needed in ("#actions button[data-action='pass']", "#companies-title",
                   "#companies tbody tr"):
        box = page.locator(needed).first.bounding_box()
        assert box and box["y"] >= 0 and box["y"] + box["height"] <= 768, (needed, box)
    assert not _meet(_box(page, "#guide"), _box(page, "#companies table"))
