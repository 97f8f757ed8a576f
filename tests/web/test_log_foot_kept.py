"""The move log opens at its latest move, also when it was hidden as the page loaded.

The eighteenth newcomer run: "after a reload, the Moves list sometimes opened at move 1
instead of the latest move". A log hidden while its moves were added (the side column
folded by "Wide map", or the guide's panel in its place) came back scrolled to its top.
"""

from __future__ import annotations

from typing import Any

from webapi import create, play_until
from webplay import wait_loaded

NAMES = ["Ann", "Bob", "Cleo"]
AT_FOOT = ("() => { const b = document.querySelector('#log');"
           " return [b.scrollTop, b.clientHeight, b.scrollHeight]; }")


def test_a_log_hidden_at_load_shows_its_latest_move_when_it_comes_back(
        base_url: str, open_page: Any) -> None:
    made = create(base_url, "chicago-express", NAMES)
    view = play_until(base_url, made, lambda v: v["index"] >= 60, seed=2)
    page = open_page(1366, 768).page
    page.goto(made["seats"][view["current_player"]]["invite_url"])
    wait_loaded(page)
    page.click("#fold-side")  # "Wide map": the log is hidden with the side column
    page.reload()
    wait_loaded(page)
    page.wait_for_timeout(300)
    page.click("#fold-side")  # "Show panels"
    page.wait_for_timeout(300)
    top, height, total = page.evaluate(AT_FOOT)
    assert total > height + 100, "the log does not scroll: this test needs one that does"
    assert top + height >= total - 4, (top, height, total)
    last = page.locator("#log > li.move").last.bounding_box()
    box = page.locator("#log").bounding_box()
    assert last is not None and box is not None
    assert last["y"] + last["height"] <= box["y"] + box["height"] + 2
