"""An auction's bids fold into one line of the browser log once it closes.

The eighth newcomer run: "Bots raise one dollar at a time, so each auction is 10-15 log
lines." Once an auction ends (the move whose events say who won the share: CE-3.2,
TS-2.2), its earlier bids and passes fold into one line ("1-7: 7 bids and passes · $7
to $13") that a click opens; the closing move and what it caused stay in sight. An undo
of that move opens the auction again, and its bids with it.
"""

from __future__ import annotations

from typing import Any

import pytest
from webplay import RAISES, play_first_auction, post_json, wait_loaded

PLAYERS = ["Ann", "Bob", "Cleo"]


def log_lines(page: Any) -> list[dict[str, Any]]:
    return list(page.evaluate("""() => [...document.querySelectorAll('#log > li')].map(li => ({
        cls: li.className, index: li.dataset.index || '', shown: li.offsetHeight > 0,
        text: li.innerText}))"""))


@pytest.mark.parametrize("title", ["chicago-express", "trans-siberian"])
def test_a_closed_auction_folds_into_one_line_and_opens_on_a_click(
        base_url: str, open_page: Any, title: str) -> None:
    made = post_json(f"{base_url}/api/games", {
        "title": title, "players": 3, "seats": [{"name": n} for n in PLAYERS]})
    page = open_page(width=1366, height=768).page
    page.goto(made["seats"][0]["invite_url"])
    wait_loaded(page)
    moves, _seat, amounts = play_first_auction(base_url, made)
    assert len(amounts) == RAISES
    for reload in (False, True):  # made live, then read from the history
        if reload:
            page.reload()
            wait_loaded(page)
        page.wait_for_selector(f"#log li.move[data-index='{moves}']")
        page.wait_for_selector("#log li.fold")
        lines = log_lines(page)
        folds = [x for x in lines if "fold" in x["cls"].split()]
        assert len(folds) == 1, lines
        assert folds[0]["text"] == (f"1–{moves - 1}: {moves - 1} bids and passes"
                                    f" · ${min(amounts)} to ${max(amounts)}"), folds
        shown = [x["index"] for x in lines if "move" in x["cls"].split() and x["shown"]]
        assert shown == [str(moves)], lines  # only the closing move, with its events
        closing = next(x for x in lines if x["index"] == str(moves))
        assert "wins" in closing["text"] or "gets" in closing["text"], closing
    toggle = page.locator("#log li.fold button")
    assert toggle.get_attribute("aria-expanded") == "false"
    toggle.click()
    assert toggle.get_attribute("aria-expanded") == "true"
    shown = [x["index"] for x in log_lines(page) if "move" in x["cls"].split() and x["shown"]]
    assert shown == [str(i) for i in range(1, moves + 1)]
    toggle.press("Enter")  # by keyboard too: closed again
    assert toggle.get_attribute("aria-expanded") == "false"


def test_an_undo_of_the_closing_move_opens_the_auction_again(
        base_url: str, open_page: Any) -> None:
    made = post_json(f"{base_url}/api/games", {
        "title": "chicago-express", "players": 3, "seats": [{"name": n} for n in PLAYERS]})
    page = open_page(width=1366, height=768).page
    page.goto(made["seats"][0]["invite_url"])
    wait_loaded(page)
    moves, seat, _amounts = play_first_auction(base_url, made)
    page.wait_for_selector("#log li.fold")
    post_json(f"{base_url}/api/games/{made['id']}/undo", {"index": moves},
              made["seats"][seat]["token"])
    page.wait_for_selector("#log li.undo")
    page.wait_for_function("() => !document.querySelector('#log li.fold')")
    lines = log_lines(page)
    shown = [x["index"] for x in lines if "move" in x["cls"].split() and x["shown"]]
    assert shown == [str(i) for i in range(1, moves + 1)], lines
