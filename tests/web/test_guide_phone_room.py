"""The guided game on a phone, in Chromium (the eleventh newcomer run): the guide's panel
sat fixed over the lower two thirds of the screen, over the Pass button and the move
buttons it asked to click. On a phone it never covers the move controls: every move
button's centre is the button itself (``elementFromPoint``), with the panel open."""

from __future__ import annotations

import os
from typing import Any

import pytest
from test_web_guided import PANEL, TITLES, shown, start_guided

SHOTS = os.environ.get("CUBERAIL_SHOTS")  # a folder: screenshots of the phone for a look
PHONE = {"width": 390, "height": 844, "touch": True}

COVERED = """() => [...document.querySelectorAll('#actions button[data-action]')]
  .filter(b => b.getClientRects().length > 0)
  .map(b => {
    b.scrollIntoView({ block: 'nearest' });
    const r = b.getBoundingClientRect();
    const at = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
    return { action: b.dataset.action, ok: at === b || b.contains(at),
             found: at ? `${at.tagName}#${at.id}.${at.className}` : 'nothing' };
  })"""


def buttons_reached(page: Any) -> list[dict[str, Any]]:
    """Each move button scrolled into sight as a finger would, and what its centre hits."""
    reached: list[dict[str, Any]] = page.evaluate(COVERED)
    assert reached, "no move button shown"
    return reached


@pytest.mark.parametrize("title", TITLES)
def test_on_a_phone_the_guide_leaves_every_move_button_clickable(
        base_url: str, open_page: Any, title: str) -> None:
    page = open_page(**PHONE).page
    start_guided(page, base_url, title)
    assert shown(page).startswith("decision:")
    page.wait_for_function("() => document.querySelector('#turn').classList.contains('mine')")
    page.wait_for_timeout(200)  # the last renders settle
    if SHOTS:
        page.screenshot(path=f"{SHOTS}/guide-phone-{title}.png")
    reached = buttons_reached(page)
    assert all(x["ok"] for x in reached), [x for x in reached if not x["ok"]]
    assert page.locator(PANEL).is_visible()  # still open: reading and clicking together
    # the panel's own buttons are in reach too, and "Got it" closes it
    page.locator("#guide button.got-it").scroll_into_view_if_needed()
    got = page.locator("#guide button.got-it").bounding_box()
    assert got is not None and got["y"] >= 0 and got["y"] + got["height"] <= PHONE["height"]
    page.locator("#guide button.got-it").click()
    page.wait_for_selector("#guide", state="hidden")
