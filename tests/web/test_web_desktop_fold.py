"""A newcomer at a 1366x768 desktop sees, without scrolling, the decision (its prompt and
first move button) above a board at least 800 px wide (at a Chicago Express gauge decision
too: its map stays readable, test_map_room_1366), most of that board, and beside it
a right column with the players' cash and shares, a move log showing at least 8 moves and
the companies; a phone keeps its one column (the decision first, no sideways scrolling)."""

from __future__ import annotations

import time
from typing import Any

import pytest
from webapi import create, play_until
from webplay import wait_loaded

NAMES = ["Ann", "Bob", "Cleo"]
WHERE = """() => {
  const rect = (q) => { const e = document.querySelector(q); const r = e.getBoundingClientRect();
    return {top: r.top, bottom: r.bottom, left: r.left, right: r.right}; };
  return {board: rect('#board svg'), area: rect('.board-area'), actions: rect('#actions'),
    move: rect('#actions button[data-action]'), players: rect('#players table'),
    cash: rect('#players tbody tr:last-child'), companies: rect('#companies table'),
    prompt: rect('#actions .help.decide'), log: rect('#log'),
    logShown: [...document.querySelectorAll('#log > li')].filter((li) => {
      const r = li.getBoundingClientRect();
      const box = document.querySelector('#log').getBoundingClientRect();
      return r.height > 0 && r.top >= box.top - 1 && r.bottom <= box.bottom + 1; }).length,
    logCount: document.querySelectorAll('#log > li').length,
    width: document.documentElement.scrollWidth, scrollY: window.scrollY};
}"""


def my_turn_page(base_url: str, open_page: Any, title: str, **size: Any) -> Any:
    made = create(base_url, title, NAMES)
    view = play_until(base_url, made, lambda v: v["index"] >= 30 and len(v["legal"]) > 1,
                      seed=3)
    page = open_page(**size).page
    page.goto(made["seats"][view["current_player"]]["invite_url"])
    wait_loaded(page)
    page.wait_for_selector("#actions button[data-action]")
    page.wait_for_selector("#players table")
    return page


@pytest.mark.parametrize("title", ["trans-siberian", "chicago-express"])
def test_a_1366x768_desktop_sees_board_decision_and_players(base_url: str, open_page: Any,
                                                            title: str) -> None:
    page = my_turn_page(base_url, open_page, title, width=1366, height=768)
    at = page.evaluate(WHERE)
    assert at["scrollY"] == 0 and at["width"] <= 1366, at
    board = at["board"]
    assert board["right"] - board["left"] >= 800, at  # hex ids, costs and names readable
    if title == "trans-siberian":  # it opens readable, scrolling in its frame (whole below)
        frame = page.evaluate("() => document.querySelector('#board').getBoundingClientRect()"
                              ".bottom")
        assert board["top"] >= 0 and frame <= 768, (frame, at)
        page.click("#zoom-fit")
        at = page.evaluate(WHERE)
        board = at["board"]
    assert board["top"] >= 0, at
    assert 768 - board["top"] >= 0.45 * (board["bottom"] - board["top"]), at  # most of it
    assert at["prompt"]["bottom"] <= 768 and at["move"]["bottom"] <= 768, at  # the decision
    assert at["actions"]["bottom"] <= at["area"]["top"], at  # above the board
    assert at["players"]["bottom"] <= 768 and at["cash"]["bottom"] <= 768, at
    assert at["area"]["right"] <= at["players"]["left"], at  # a column right of the board
    # the move log under the players, then the companies (Board Game Arena's order)
    assert at["players"]["top"] < at["log"]["top"] < at["companies"]["top"] < 768, at
    assert at["logShown"] >= min(8, at["logCount"]), at  # the move log: 8 moves in sight


@pytest.mark.parametrize("title", ["trans-siberian", "chicago-express"])
def test_a_phone_keeps_one_column_decision_first(base_url: str, open_page: Any,
                                                 title: str) -> None:
    page = my_turn_page(base_url, open_page, title, width=390, height=844, touch=True)
    at = page.evaluate(WHERE)
    assert at["width"] <= 390, at
    assert at["actions"]["bottom"] <= at["area"]["top"] < at["players"]["top"], at
    assert at["players"]["right"] <= 390 and at["players"]["left"] >= 0, at


def test_the_log_keeps_8_moves_in_sight_when_a_dividend_split_arrives_late(
        base_url: str, open_page: Any) -> None:
    """The split of a dividend by company is read after the log is drawn (log.js); on a
    loaded machine it arrived after the log was fitted and pushed moves out of the box
    (a CI run saw 4 of the last 8). Here the snapshots are made slow on purpose."""
    made = create(base_url, "trans-siberian", NAMES)
    view = play_until(base_url, made, lambda v: v["index"] >= 30 and len(v["legal"]) > 1,
                      seed=3)
    page = open_page(width=1366, height=768).page

    def slow(route: Any) -> None:
        time.sleep(0.6)
        route.continue_()

    page.route("**/state?at=*", slow)  # (open_page unroutes it before the page closes)
    page.goto(made["seats"][view["current_player"]]["invite_url"])
    wait_loaded(page)
    page.wait_for_selector("#log li.split li", timeout=20_000)  # the split came, late
    page.wait_for_timeout(300)
    at = page.evaluate(WHERE)
    assert at["logShown"] >= min(8, at["logCount"]), at
