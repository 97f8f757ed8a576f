"""Keyboard play, in Chromium: every move reachable and made with Tab, the arrows, Enter
and Escape; every board target and control has an accessible name."""

from __future__ import annotations

from typing import Any

from webapi import create, play_until
from webplay import GAME, game_index, wait_loaded

NAMES = ["Ann", "Bob", "Cleo"]
FOCUSED = "() => { const e = document.activeElement; return e ? [e.id, e.dataset.action || '',"\
          " e.closest('#board') !== null, e.closest('#actions') !== null] : null; }"


def tab_to(page: Any, selector: str, limit: int = 120) -> None:
    """Press Tab until the focused element matches ``selector`` (AssertionError if never)."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        if page.evaluate("s => document.activeElement?.matches(s) ?? false", selector):
            return
    raise AssertionError(f"Tab never reached {selector}")


def unnamed_controls(page: Any) -> list[str]:
    """The visible buttons, links, inputs and board targets without an accessible name."""
    return list(page.evaluate("""() => [...document.querySelectorAll(
        'button, a[href], input, select, #board.clickable [data-action]')]
        .filter(e => e.getClientRects().length > 0)
        .filter(e => !((e.getAttribute('aria-label') || '').trim()
                       || (e.labels && [...e.labels].some(l => l.textContent.trim()))
                       || (e.textContent || '').trim() || e.getAttribute('title')))
        .map(e => e.outerHTML.slice(0, 80))"""))


def test_chicago_express_by_keyboard(base_url: str, open_page: Any) -> None:
    made = create(base_url, "chicago-express", NAMES)
    view = play_until(base_url, made, lambda v: v["state"]["step"] == "choose action", seed=2)
    seat = view["current_player"]
    page = open_page(width=1366, height=768).page
    page.goto(made["seats"][seat]["invite_url"])
    wait_loaded(page)
    page.keyboard.press("Tab")  # the first stop: the skip link, shown when focused
    skip = page.locator("a.skip-link")
    assert page.evaluate("() => document.activeElement.classList.contains('skip-link')")
    assert skip.is_visible() and skip.inner_text() == "Skip to the moves"
    assert unnamed_controls(page) == []
    targets = page.locator("#board.clickable [data-action]")
    assert targets.count() >= 1
    for i in range(targets.count()):
        assert targets.nth(i).get_attribute("role") == "button"
        assert (targets.nth(i).get_attribute("aria-label") or "").strip()
    tab_to(page, "#board.clickable [data-action]")
    first = page.evaluate(FOCUSED)
    if targets.count() > 1:  # the arrows go from target to target
        page.keyboard.press("ArrowRight")
        assert page.evaluate(FOCUSED)[1] != first[1]
        page.keyboard.press("ArrowLeft")
        assert page.evaluate(FOCUSED)[1] == first[1]
    before = game_index(page)
    page.keyboard.press("Enter")
    page.wait_for_function(f"() => Number(document.querySelector('{GAME}').dataset.gameIndex)"
                           f" > {before}")
    wait_loaded(page)
    # The same player decides next (which share, where to build or develop): the focus
    # waits on that decision's first control, so Enter makes the next move.
    page.wait_for_function("() => document.activeElement?.dataset.action !== undefined")
    _, action, on_board, in_actions = page.evaluate(FOCUSED)
    assert action and (on_board or in_actions)
    assert unnamed_controls(page) == []
    before = game_index(page)
    page.keyboard.press("Enter")
    page.wait_for_function(f"() => Number(document.querySelector('{GAME}').dataset.gameIndex)"
                           f" > {before}")


def test_auction_by_keyboard_then_focus_waits_on_the_moves(base_url: str,
                                                            open_page: Any) -> None:
    made = create(base_url, "trans-siberian", NAMES)
    page = open_page().page
    page.goto(made["seats"][0]["invite_url"])  # seat 0 opens the first auction
    wait_loaded(page)
    tab_to(page, "#actions button.bid")
    page.keyboard.press("Enter")
    page.wait_for_function(f"() => Number(document.querySelector('{GAME}').dataset.gameIndex)"
                           " === 1")
    wait_loaded(page)
    page.wait_for_function("() => document.activeElement?.id === 'actions-title'")


def test_escape_closes_a_choice_and_returns_to_where_it_was_opened(base_url: str,
                                                                    open_page: Any) -> None:
    made = create(base_url, "trans-siberian", NAMES)
    view = play_until(base_url, made, lambda v: v["state"]["step"] == "choose share value",
                      seed=1)
    page = open_page(width=390, height=844).page  # the share strip: a choice to confirm
    page.goto(made["seats"][view["current_player"]]["invite_url"])
    wait_loaded(page)
    page.wait_for_selector("#share-strip:not([hidden]) button.cell")
    tab_to(page, "#share-strip button.cell")
    opener = page.evaluate("() => document.activeElement.dataset.action")
    page.keyboard.press("Enter")
    page.wait_for_selector("#chooser:not([hidden])")
    assert page.evaluate("() => document.querySelector('#chooser')"
                         ".contains(document.activeElement)")
    page.keyboard.press("Escape")
    page.wait_for_selector("#chooser", state="hidden")
    assert page.evaluate("() => document.activeElement.dataset.action") == opener
    page.keyboard.press("Enter")  # again, and this time confirm with Enter
    page.wait_for_selector("#chooser:not([hidden])")
    before = game_index(page)
    page.keyboard.press("Enter")
    page.wait_for_function(f"() => Number(document.querySelector('{GAME}').dataset.gameIndex)"
                           f" > {before}")


def test_a_move_clicked_with_the_mouse_leaves_the_focus_alone(base_url: str,
                                                              open_page: Any) -> None:
    """After a move made from the keyboard the focus waits on the next decision's first
    control (the test above). A click with the mouse focuses the clicked board target
    too, and the page took that for keyboard play: the next decision's first target was
    focused (its ring drawn, the map scrolled to it) under a mouse player's pointer. Now
    only a move whose last input was a key moves the focus."""
    made = create(base_url, "chicago-express", NAMES)
    view = play_until(base_url, made, lambda v: v["state"]["step"] == "choose action", seed=2)
    page = open_page(width=1366, height=768).page
    page.goto(made["seats"][view["current_player"]]["invite_url"])
    wait_loaded(page)
    before = game_index(page)
    page.locator("#board.clickable [data-action]").first.click()
    page.wait_for_function(f"() => Number(document.querySelector('{GAME}').dataset.gameIndex)"
                           f" > {before}")
    wait_loaded(page)
    page.wait_for_timeout(500)  # (the keyboard's refocus comes with the redraw)
    _, action, on_board, in_actions = page.evaluate(FOCUSED) or ["", "", False, False]
    assert not (action and (on_board or in_actions)), page.evaluate(FOCUSED)
