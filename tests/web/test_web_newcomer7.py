"""The 24th newcomer run, in Chromium at 1366x768: "I typed 99 in the bid box. The message
was good … But the panel grew, and the help line, 'Undo my last move' and 'Hint' ended up
half hidden under the map." The action bar had kept the height it was fitted to before
the refusal's line came; it now fits again when its content grows or shrinks."""

from __future__ import annotations

from typing import Any

import pytest
from webapi import create

NAMES = ["Ann", "Bob", "Cleo"]

HIDDEN = """() => {
  const bar = document.querySelector('#actions'), r = bar.getBoundingClientRect();
  const board = document.querySelector('#board').getBoundingClientRect();
  const cut = [...bar.querySelectorAll('button, p, input')]
    .filter((el) => el.offsetHeight && !el.closest('[hidden]'))
    .filter((el) => { const e = el.getBoundingClientRect();
      return e.bottom > r.bottom + 1 || e.bottom > board.top + 1; })
    .map((el) => el.tagName + ':' + el.textContent.trim().slice(0, 30));
  return {cut, scrolls: bar.classList.contains('scrolls'), bottom: r.bottom, board: board.top};
}"""


@pytest.mark.parametrize("typed", ["99", "7.5"])
def test_a_refused_amount_keeps_the_bar_whole_above_the_map(
        base_url: str, open_page: Any, typed: str) -> None:
    made = create(base_url, "chicago-express", NAMES)
    page = open_page(width=1366, height=768).page
    page.goto(made["seats"][0]["invite_url"])
    page.wait_for_selector("#actions button[data-action^='bid ']")
    page.wait_for_timeout(200)
    assert page.evaluate(HIDDEN)["cut"] == []
    page.fill("#bid-amount", typed)
    page.wait_for_selector("#bid-why:not(:empty)")
    page.wait_for_timeout(150)  # (the bar fits at the next frame)
    at = page.evaluate(HIDDEN)
    assert at["cut"] == [] and not at["scrolls"], at
    assert at["bottom"] <= at["board"], at
    page.fill("#bid-amount", "8")  # allowed again: the reason's line goes, the bar shrinks
    page.wait_for_timeout(150)
    again = page.evaluate(HIDDEN)
    assert again["cut"] == [] and again["bottom"] < at["bottom"], (again, at)


def test_a_phone_shows_the_share_track_once_and_the_title_whole(
        base_url: str, open_page: Any) -> None:
    """The 24th run on a phone (390x844): "the share-value track appears twice (a graphic
    that stops at $52, then a 'Share track' list). The title is cut to 'Trans-Siberian
    Rail…'." The list of every value replaces the drawn track there; the title takes two
    lines when it needs them."""
    made = create(base_url, "trans-siberian", NAMES)
    page = open_page(width=390, height=844, touch=True).page
    page.goto(made["seats"][0]["invite_url"])
    page.wait_for_selector("#board svg .share-track", state="attached")
    page.wait_for_selector("#share-strip:not([hidden])")
    page.wait_for_timeout(200)
    seen = page.evaluate("""() => ({
      drawn: document.querySelector('#board svg .share-track').getBoundingClientRect().height,
      listed: document.querySelectorAll('#share-cells li').length,
      name: (() => { const n = document.querySelector('#game-name'), r = document.createRange();
        const title = 'Trans-Siberian Railroad', text = n.firstChild;
        r.setStart(text, 0);
        r.setEnd(text, text.textContent.startsWith(title) ? title.length : 0);
        const box = n.getBoundingClientRect();
        const rects = [...r.getClientRects()];
        const whole = document.createRange();  // the game's id after it (the 41st run)
        whole.selectNodeContents(n);
        return [Math.max(...rects.map((x) => x.bottom)), box.bottom,
                Math.max(...rects.map((x) => x.right)), box.right, n.textContent,
                Math.max(...[...whole.getClientRects()].map((x) => x.bottom))]; })()})""")
    assert seen["drawn"] == 0 and seen["listed"] >= 20, seen
    # the 25th run then saw "a large empty area" where the drawn track was: what the
    # drawing has under it moves up into its room (the panel's next track just under the
    # map, as on a desktop the share track is)
    gap = page.evaluate("""() => {
      const svg = document.querySelector('#board svg');
      const map = svg.querySelector(':scope > rect').getBoundingClientRect();  // the map's ground
      const next = svg.querySelector('.income-track').getBoundingClientRect();
      const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
      return (next.top - map.bottom) / scale;
    }""")
    assert 0 <= gap < 40, gap  # drawing units (the track took some 100)
    bottom, foot, right, edge, text, last = seen["name"]  # the title's lines, in its box
    assert text.startswith("Trans-Siberian Railroad"), seen
    assert bottom <= foot + 1 and right <= edge + 1, seen
    assert last <= foot + 1, seen  # and the id whole


def test_a_desktop_draws_the_share_track_and_lists_it_not(
        base_url: str, open_page: Any) -> None:
    made = create(base_url, "trans-siberian", NAMES)
    page = open_page(width=1366, height=768).page
    page.goto(made["seats"][0]["invite_url"])
    page.wait_for_selector("#board svg .share-track")
    page.wait_for_timeout(200)
    assert page.evaluate("""() => document.querySelector('#board svg .share-track')
      .getBoundingClientRect().height""") > 20
    assert not page.locator("#share-strip").is_visible()
