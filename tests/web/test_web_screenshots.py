"""Screenshots for docs/screenshots/: run with CUBERAIL_SCREENSHOTS=docs/screenshots.

Skipped otherwise (a normal test run writes nothing into the tree). The pictures are
taken from real play: lobby, both boards mid-game, an auction, the end (the winner
banner, then the charts), at desktop (1366x768) and phone (390x844) sizes.
"""

from __future__ import annotations

import os
import random
from pathlib import Path
from typing import Any

import pytest
from webplay import create_in_lobby, finished, is_my_turn, take_turn, wait_loaded

OUT = os.environ.get("CUBERAIL_SCREENSHOTS")
pytestmark = pytest.mark.skipif(not OUT, reason="set CUBERAIL_SCREENSHOTS=DIR to take them")
SIZES = {"desktop": (1366, 768), "phone": (390, 844)}


def shoot(open_page: Any, url: str, name: str, ready: str = "#game[aria-busy='false']") -> None:
    for size, (w, h) in SIZES.items():
        page = open_page(w, h).page
        page.goto(url)
        page.wait_for_selector(ready)
        page.wait_for_timeout(300)
        page.screenshot(path=str(Path(OUT or ".") / f"{name}-{size}.png"))


def play_moves(page: Any, moves: int, seed: int, until: str | None = None) -> None:
    rng = random.Random(seed)
    done = 0
    while done < moves and not finished(page):
        if until and page.locator(until).count():
            return
        if not is_my_turn(page):
            page.wait_for_function("() => document.querySelector('#turn').classList"
                                   ".contains('mine') || document.querySelector('.result')")
            continue
        take_turn(page, rng)
        done += 1


def test_take_screenshots(base_url: str, open_page: Any) -> None:
    Path(OUT or ".").mkdir(parents=True, exist_ok=True)
    shoot(open_page, f"{base_url}/", "lobby", "body[data-ready='1']")
    for title, seats, moves in (("chicago-express", 3, 40), ("trans-siberian", 4, 14)):
        lobby = open_page().page
        links = create_in_lobby(lobby, base_url, title,
                                [{"name": "Me"}] + [{"bot": "medium"}] * (seats - 1))
        page = open_page().page
        page.goto(links[0])
        wait_loaded(page)
        play_moves(page, moves, seed=5)
        shoot(open_page, links[0], f"{title}-midgame")
    lobby = open_page().page
    links = create_in_lobby(lobby, base_url, "chicago-express",
                            [{"name": "Me"}, {"bot": "medium"}, {"bot": "medium"}])
    shoot(open_page, links[0], "auction")
    lobby = open_page().page
    links = create_in_lobby(lobby, base_url, "trans-siberian",
                            [{"name": "Me"}, {"bot": "random"}, {"bot": "random"}],
                            {"dividend_track": "1"})
    page = open_page().page
    page.goto(links[0])
    wait_loaded(page)
    play_moves(page, 400, seed=1)
    page.wait_for_selector("#charts:not([hidden]) figure.chart-box")
    for size, (w, h) in SIZES.items():
        shot = open_page(w, h).page
        shot.goto(links[0])
        shot.wait_for_selector("#charts:not([hidden]) figure.chart-box")
        shot.wait_for_selector("#end-banner:visible")
        shot.wait_for_timeout(300)
        shot.screenshot(path=str(Path(OUT or ".") / f"end-banner-{size}.png"))
        shot.locator("#charts").scroll_into_view_if_needed()
        shot.screenshot(path=str(Path(OUT or ".") / f"end-charts-{size}.png"))
