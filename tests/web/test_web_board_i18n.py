"""The board's tooltips and tap menu in the reader's language, in real Chromium.

The server draws the board in the language the page asks for (``board.svg?lang=``); the
page asks in its own language and redraws the board when the reader switches, without a
reload. Any console error or 4xx answer fails the test (conftest's ``open_page``).
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from webplay import create_in_lobby, is_my_turn, offered, take_turn, wait_loaded

HEX = "#board g[data-hex='I2'] > title"  # Cleveland: a city with a build cost and income


def hex_tip(page: Any) -> str:
    return str(page.locator(HEX).text_content())


def test_hex_tooltip_follows_the_language_switch_without_a_reload(base_url: str,
                                                                   open_page: Any) -> None:
    w = open_page(locale="en-US")
    links = create_in_lobby(w.page, base_url, "chicago-express",
                            [{"name": "Ann"}, {"bot": "random"}, {"bot": "random"}])
    page = w.page
    page.goto(links[0])
    wait_loaded(page)
    assert hex_tip(page).startswith("I2 Cleveland: city; build cost $1")
    page.evaluate("() => { window.notReloaded = true; }")
    page.select_option("#lang", "it")
    page.wait_for_function("sel => document.querySelector(sel).textContent.includes('città')",
                           arg=HEX)
    tip = hex_tip(page)
    assert tip.startswith("I2 Cleveland: città; costo di costruzione $1")
    assert "build cost" not in tip and "income" not in tip
    assert page.locator("#board svg").get_attribute("aria-label") == "Tabellone di Chicago Express"
    assert page.locator("#board .legend text").first.text_content() == "pianura"
    page.select_option("#lang", "en")
    page.wait_for_function("sel => document.querySelector(sel).textContent.includes('city')",
                           arg=HEX)
    assert hex_tip(page).startswith("I2 Cleveland: city; build cost $1")
    assert page.evaluate("() => window.notReloaded === true")
    page.reload()  # the choice is remembered: English again after a reload
    wait_loaded(page)
    assert "build cost" in hex_tip(page)


def test_italian_tap_menu_shows_the_element_and_its_moves_in_italian(
        base_url: str, open_page: Any, tmp_path: Path) -> None:
    """A tap on a board target (a phone) previews the element's tooltip and one button per
    move on it: both in Italian, as the board's tooltip is."""
    lobby = open_page()
    links = create_in_lobby(lobby.page, base_url, "chicago-express",
                            [{"name": "Io"}, {"name": "Altro"}])
    other = open_page().page
    other.goto(links[1])
    phone = open_page(390, 844, locale="it-IT", touch=True).page
    phone.goto(links[0])
    wait_loaded(phone)
    rng = random.Random(5)
    for _ in range(80):  # play both seats until the phone's player has a move on the board
        page = phone if is_my_turn(phone) else other
        if not is_my_turn(page):
            page.wait_for_timeout(200)
            continue
        on_board = [m for m in offered(page) if m.split()[0] in ("choose", "place", "develop")]
        if page is phone and on_board:
            phone.locator(f"#board [data-action='{on_board[0]}']").first.tap()
            menu = phone.locator("#chooser:not([hidden])")
            menu.wait_for()
            words = menu.inner_text()
            phone.screenshot(path=str(tmp_path / "tap-menu-it.png"))
            assert any(w in words for w in ("quadrante", "piazza una locomotiva", "sviluppa"))
            for english in ("gauge", "choose to", "place a", "build cost", "income", "develop "):
                assert english not in words, (english, words)
            button = menu.locator(f"button[data-action='{on_board[0]}']")
            tip = phone.locator(f"#board [data-action='{on_board[0]}'] > title").first
            assert button.inner_text() == str(tip.text_content()).split("\n")[1]
            menu.locator("button.cancel").tap()
            return
        take_turn(page, rng)
    raise AssertionError("the phone's player never had a move on the board within 80 moves")
