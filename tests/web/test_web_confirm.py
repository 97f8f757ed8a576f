"""A newcomer's run found that one click commits a move, with no way to ask first (a slip
in a game between friends cannot always be undone: an undo waits for nobody else to
have moved). "Confirm each move" in the settings makes every click on a move button or
a board target ask first, in both titles, on a desktop; it is off by default, and the
browser remembers it."""

from __future__ import annotations

from typing import Any

import pytest
from webapi import create, play_until
from webplay import game_index, wait_loaded

NAMES = ["Ann", "Bob", "Cleo"]


def _my_turn(base_url: str, open_page: Any, title: str, board: bool) -> tuple[Any, str]:
    """A page at a decision whose moves are on the board (``board``) or only buttons."""
    made = create(base_url, title, NAMES)
    on_board = ("place ", "link ", "build ") if board else ()
    view = play_until(base_url, made, lambda v: len(v["legal"]) > 1 and (
        any(a.startswith(on_board) for a in v["legal"]) if board else
        all(not a.startswith(("place ", "link ")) for a in v["legal"])), seed=5)
    page = open_page(1366, 900).page
    page.goto(made["seats"][view["current_player"]]["invite_url"])
    wait_loaded(page)
    page.wait_for_selector("#actions button[data-action]")
    return page, made["id"]


def _turn_confirm_on(page: Any) -> None:
    page.check("#confirm-moves")
    assert page.evaluate("() => localStorage.getItem('cuberail.confirm')") == "1"


@pytest.mark.parametrize("title", ["chicago-express", "trans-siberian"])
def test_with_confirm_on_a_move_button_asks_then_plays(base_url: str, open_page: Any,
                                                       title: str) -> None:
    page, _ = _my_turn(base_url, open_page, title, board=False)
    assert not page.is_checked("#confirm-moves")  # off by default
    _turn_confirm_on(page)
    before = game_index(page)
    button = page.locator("#actions button[data-action]:visible").first
    action = button.get_attribute("data-action")
    button.click()
    chooser = page.locator("#chooser:not([hidden])")
    chooser.wait_for()
    page.wait_for_timeout(300)
    assert game_index(page) == before  # nothing sent yet
    assert chooser.locator(f"button[data-action='{action}']").count() == 1
    chooser.locator("button.cancel").click()  # a change of mind: nothing played
    page.wait_for_timeout(300)
    assert game_index(page) == before and page.locator("#chooser").is_hidden()
    page.locator("#actions button[data-action]:visible").first.click()
    page.locator(f"#chooser:not([hidden]) button[data-action='{action}']").click()
    page.wait_for_function(f"() => Number(document.querySelector('#game').dataset.gameIndex)"
                           f" !== {before}")


def test_with_confirm_on_a_board_target_asks_and_the_setting_is_remembered(
        base_url: str, open_page: Any) -> None:
    page, _ = _my_turn(base_url, open_page, "chicago-express", board=True)
    _turn_confirm_on(page)
    page.reload()
    wait_loaded(page)
    assert page.is_checked("#confirm-moves")  # kept by the browser
    before = game_index(page)
    target = page.locator("#board.clickable .target[data-action]").first
    action = target.get_attribute("data-action")
    target.click()
    page.locator("#chooser:not([hidden])").wait_for()
    page.wait_for_timeout(300)
    assert game_index(page) == before
    page.locator(f"#chooser:not([hidden]) button[data-action='{action}']").click()
    page.wait_for_function(f"() => Number(document.querySelector('#game').dataset.gameIndex)"
                           f" !== {before}")


def test_with_confirm_off_one_click_plays(base_url: str, open_page: Any) -> None:
    page, _ = _my_turn(base_url, open_page, "chicago-express", board=False)
    before = game_index(page)
    page.locator("#actions button[data-action]:visible").first.click()
    page.wait_for_function(f"() => Number(document.querySelector('#game').dataset.gameIndex)"
                           f" !== {before}")


def test_the_turn_is_signalled_in_the_title_and_by_the_sound_chosen(
        base_url: str, open_page: Any) -> None:
    """The window's title says "(Your turn)" while it is the player's turn (a player in
    another tab sees it), and "Sound on my turn", remembered, plays once when the turn
    comes to them (an AudioContext made then; none while it stays theirs). Kept when
    game.js's settings moved to prefs.js."""
    made = create(base_url, "chicago-express", NAMES)
    page = open_page(1366, 900).page
    page.add_init_script("window.__sounds = 0; window.AudioContext = class extends"
                         " AudioContext { constructor() { super(); window.__sounds += 1; } };")
    view = play_until(base_url, made, lambda v: v["current_player"] != 1)
    seat = made["seats"][1]
    page.goto(seat["invite_url"])
    wait_loaded(page)
    assert not page.title().startswith("(Your turn)"), page.title()
    page.check("#sound")
    assert page.evaluate("() => localStorage.getItem('cuberail.sound')") == "1"
    play_until(base_url, made, lambda v: v["current_player"] == 1, seed=view["index"])
    page.wait_for_function("() => document.title.startsWith('(Your turn) ')", timeout=10000)
    assert page.evaluate("() => window.__sounds") == 1
    page.wait_for_timeout(1500)  # live updates while the turn stays theirs: no sound
    assert page.evaluate("() => window.__sounds") == 1
    page.reload()  # the choice is kept; a page opened on their turn says so, once
    wait_loaded(page)
    page.wait_for_timeout(500)
    assert page.is_checked("#sound") and page.title().startswith("(Your turn) ")
    assert page.evaluate("() => window.__sounds") == 1
