"""Board first on a desktop, as on Board Game Arena: a compact action bar (the decision's
title, its help cut to one line, its moves in wrapping rows) above a board that takes
most of the window, the players, companies and log on the right.

At 1366x768 the board's frame is at least 55% of the window high, its whole map width
in sight at the "whole map" zoom, and every move of the decision in sight (Trans-
Siberian's buy decision has some fourteen). At 1920x1080 the page uses the whole width
and the Trans-Siberian map is at least 1150 px wide, never below the fold, even with that
many moves (the bar spans both columns: a few wide rows). The cut help line is whole in
the page (a screen reader reads it) and shown whole on a click or Enter. A board target
focused by the page after a click (a closed menu) shows no browser box (black on an SVG
shape); focused by the keyboard, the page's amber ring."""

from __future__ import annotations

from typing import Any

import pytest
from webapi import create, play_until
from webplay import wait_loaded

NAMES = ["Ann", "Bob", "Cleo"]
WHERE = """() => {
  const rect = (e) => { const r = e.getBoundingClientRect();
    return {top: r.top, bottom: r.bottom, left: r.left, right: r.right,
            width: r.width, height: r.height}; };
  const $ = (q) => document.querySelector(q);
  return {frame: rect($('#board')), svg: rect($('#board svg')), actions: rect($('#actions')),
    moves: [...document.querySelectorAll('#actions button[data-action]')].map(rect),
    area: rect($('.board-area')), players: rect($('#players table')), log: rect($('#log')),
    main: rect($('main')), width: document.documentElement.scrollWidth,
    scrollY: window.scrollY, zoomed: $('#board').dataset.zoomed || ''};
}"""


def decision_page(base_url: str, open_page: Any, title: str, width: int, height: int) -> Any:
    """Mid-game, the player to move (Trans-Siberian: a buy decision, some 14 moves)."""
    made = create(base_url, title, NAMES)
    view = play_until(base_url, made, lambda v: v["index"] >= 30 and len(v["legal"]) > 1,
                      seed=3)
    page = open_page(width=width, height=height).page
    page.goto(made["seats"][view["current_player"]]["invite_url"])
    wait_loaded(page)
    page.wait_for_selector("#actions button[data-action]")
    page.wait_for_selector("#players table")
    page.wait_for_timeout(200)
    return page


def in_sight(box: dict[str, float], within: dict[str, float]) -> bool:
    return (box["top"] >= within["top"] - 1 and box["bottom"] <= within["bottom"] + 1
            and box["left"] >= within["left"] - 1 and box["right"] <= within["right"] + 1)


@pytest.mark.parametrize("title", ["chicago-express", "trans-siberian"])
def test_at_1366x768_the_board_takes_most_of_the_window(base_url: str, open_page: Any,
                                                        title: str) -> None:
    page = decision_page(base_url, open_page, title, 1366, 768)
    at = page.evaluate(WHERE)
    window = {"top": 0, "bottom": 768, "left": 0, "right": 1366}
    assert at["scrollY"] == 0 and at["width"] <= 1366, at
    assert at["frame"]["height"] >= 0.55 * 768, at  # the board first
    assert at["frame"]["bottom"] <= 768, at
    # it opens readable, wider than its frame (test_ts_desktop_room; Chicago Express at a
    # gauge decision too: test_map_room_1366)
    assert at["svg"]["width"] > at["frame"]["width"], at
    page.click("#zoom-fit")
    at = page.evaluate(WHERE)
    # the whole map's width at the "whole map" zoom (Chicago Express: column A too)
    assert at["svg"]["left"] >= at["frame"]["left"] - 1, at
    assert at["svg"]["right"] <= at["frame"]["right"] + 1, at
    # every move of the decision in sight: in the window and not scrolled out of the bar
    assert at["moves"], at
    for move in at["moves"]:
        assert in_sight(move, window) and in_sight(move, at["actions"]), (move, at)
    assert at["actions"]["bottom"] <= at["area"]["top"], at  # the bar above the board
    assert at["area"]["right"] <= at["players"]["left"], at  # the players on the right
    assert at["players"]["top"] < at["log"]["top"] < 768, at


@pytest.mark.parametrize("title", ["chicago-express", "trans-siberian"])
def test_at_1920x1080_the_page_uses_the_width_and_the_map_is_large(
        base_url: str, open_page: Any, title: str) -> None:
    page = decision_page(base_url, open_page, title, 1920, 1080)
    at = page.evaluate(WHERE)
    window = {"top": 0, "bottom": 1080, "left": 0, "right": 1920}
    assert at["scrollY"] == 0 and at["width"] <= 1920, at
    assert at["main"]["width"] >= 1880, at  # no narrow centred column
    assert at["svg"]["width"] >= (1150 if title == "trans-siberian" else 1000), at
    assert at["svg"]["bottom"] <= at["frame"]["bottom"] + 1 <= 1080 + 1, at  # never clipped
    assert at["svg"]["top"] >= at["frame"]["top"] - 1, at
    assert at["moves"] and in_sight(at["moves"][0], window), at
    for move in at["moves"]:
        assert in_sight(move, window) and in_sight(move, at["actions"]), (move, at)
    assert at["area"]["right"] <= at["players"]["left"], at


def test_the_cut_help_line_is_whole_in_the_page_and_opens(base_url: str,
                                                           open_page: Any) -> None:
    page = decision_page(base_url, open_page, "trans-siberian", 1366, 768)
    help_line = page.locator("#actions .help.decide")
    words = help_line.evaluate("e => e.textContent")
    shown = help_line.evaluate("e => ({h: e.clientHeight, w: e.clientWidth, sw: e.scrollWidth,"
                               " line: parseFloat(getComputedStyle(e).lineHeight) || 20,"
                               " cut: e.classList.contains('cut'),"
                               " hidden: e.closest('[aria-hidden=true]') !== null})")
    assert len(words) > 80 and not shown["hidden"], shown  # all its words, for a reader
    # one line, cut after a whole word (test_ts_desktop_room), and marked so
    assert shown["h"] <= 2 * shown["line"] and shown["cut"], shown
    help_line.click()
    page.wait_for_function("() => document.querySelector('#actions').classList.contains('open')")
    opened = help_line.evaluate("e => ({h: e.clientHeight, sw: e.scrollWidth, w: e.clientWidth})")
    assert opened["h"] > shown["h"] and opened["sw"] <= opened["w"] + 1, opened  # whole
    help_line.focus()
    page.keyboard.press("Enter")  # and cut again, by the keyboard
    page.wait_for_function("() => !document.querySelector('#actions').classList.contains('open')")
    at = page.evaluate(WHERE)
    assert at["frame"]["height"] >= 0.55 * 768, at


def test_a_focused_board_target_has_no_black_browser_box(base_url: str,
                                                          open_page: Any) -> None:
    made = create(base_url, "chicago-express", NAMES)
    view = play_until(base_url, made, lambda v: v["index"] >= 10 and sum(
        a.startswith("place ") for a in v["legal"]) >= 3, seed=5)
    page = open_page(width=1366, height=768).page
    page.goto(made["seats"][view["current_player"]]["invite_url"])
    wait_loaded(page)
    target = page.locator("#board.clickable [data-action][tabindex]").first
    target.wait_for()
    page.check("#confirm-moves")  # a click opens the menu; its Cancel gives the focus back
    target.click()
    page.locator("#chooser:not([hidden]) button.cancel").click()
    style = "e => { const s = getComputedStyle(e); return {focused: e === document.activeElement," \
            " style: s.outlineStyle, colour: s.outlineColor}; }"
    after_click = target.evaluate(style)
    assert after_click["focused"], after_click
    assert after_click["style"] in ("none", "solid"), after_click  # not the browser's "auto"
    assert after_click["style"] == "none" or after_click["colour"] == "rgb(255, 179, 0)"
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Tab")  # the keyboard brings it back: the page's amber ring
    by_key = page.evaluate("() => { const e = document.activeElement;"
                           " const s = getComputedStyle(e);"
                           " return {target: !!e.closest('#board [data-action]'),"
                           " style: s.outlineStyle, colour: s.outlineColor}; }")
    assert by_key == {"target": True, "style": "solid", "colour": "rgb(255, 179, 0)"}, by_key
