"""The lobby on a phone, in Chromium (a newcomer's run): at 390 px the Seats box was 413 px
wide, its seat dropdowns ("human", "bot: medium: answers at once") cut off at the right
edge. At 390 and 360 px, with 3, 4 and 5 seats and bots chosen, the page has no sideways
scroll and every control of the lobby lies fully inside the screen, its choice readable."""

from __future__ import annotations

import os
from typing import Any

import pytest

SHOTS = os.environ.get("CUBERAIL_SHOTS")  # a folder: screenshots of the lobby for a look
TITLES = ("chicago-express", "trans-siberian")

# every shown control of the lobby, and where it lies against the screen's width
OUTSIDE = """() => [...document.querySelectorAll(
    'input, select, button, summary, textarea, legend, fieldset, .card')]
  .filter(e => e.getClientRects().length > 0)
  .map(e => { const r = e.getBoundingClientRect();
    return { what: `${e.tagName}#${e.id}.${e.className}[${e.name || ''}]`,
             left: Math.round(r.left), right: Math.round(r.right) }; })
  .filter(b => b.left < 0 || b.right > WIDTH)"""

def fill_lobby(page: Any, base_url: str, title: str, players: int) -> None:
    page.goto(f"{base_url}/")
    page.wait_for_selector("body[data-ready='1']")
    page.select_option("#title", title)
    low = int(page.locator("#players").get_attribute("min") or 2)
    high = int(page.locator("#players").get_attribute("max") or 6)
    page.fill("#players", str(max(low, min(high, players))))
    page.dispatch_event("#players", "input")
    seats = page.locator(".seat")
    for i in range(seats.count()):  # the longest choices: the slow bot, and a long name
        seats.nth(i).locator(".seat-bot").select_option("hard" if i else "medium")
        seats.nth(i).locator(".seat-name").fill("Alexandra Konstantinopoulou")
    page.click("#options-box summary")  # the rule options open too
    page.wait_for_timeout(100)


@pytest.mark.parametrize("width", [390, 360])
@pytest.mark.parametrize("title", TITLES)
@pytest.mark.parametrize("locale", ["en-US", "de-DE"])
def test_the_lobby_fits_a_phone(base_url: str, open_page: Any, width: int, title: str,
                                locale: str) -> None:
    page = open_page(width, 844, locale=locale, touch=True).page
    for players in (3, 4, 5):
        fill_lobby(page, base_url, title, players)
        assert page.locator("#bot-delay-box").is_visible()  # all bots: the pause is asked too
        if SHOTS:
            page.screenshot(path=f"{SHOTS}/lobby-{title}-{locale}-{width}-{players}.png",
                            full_page=True)
            page.locator("#create").screenshot(path=f"{SHOTS}/seats-{title}-{locale}-{width}-{players}.png")
        # (a phone's browser widens its layout to the page's width, zoomed out: so the
        # screen's width, not innerWidth, is the measure)
        scroll = page.evaluate("() => [document.scrollingElement.scrollWidth, innerWidth]")
        assert scroll == [width, width], (players, scroll)
        assert page.evaluate(OUTSIDE.replace("WIDTH", str(width))) == [], players
