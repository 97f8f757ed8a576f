"""The move buttons in the page's language, in real Chromium.

The server sends each legal move's ``words`` (its sentence as data, from the title's view)
and its English ``label``; the page renders the words with the catalog of its language
(GET /api/words/LANG) and renders them again when the reader switches, without a reload.
Any console error or 4xx answer fails the test (conftest's ``open_page``).
"""

from __future__ import annotations

import random
import re
from typing import Any

from tests.server.served_words import render
from webplay import create_in_lobby, get_json, is_my_turn, take_turn, wait_loaded

BUTTONS = "#move-list button.move"


def buttons(page: Any) -> dict[str, str]:
    """The move list's buttons (those folded in "moves on the board" too): action -> text."""
    found: dict[str, str] = page.evaluate(
        """sel => Object.fromEntries([...document.querySelectorAll(sel)]
             .map(b => [b.dataset.action, b.textContent]))""", BUTTONS)
    return found


def test_move_buttons_follow_the_language_switch(base_url: str, open_page: Any) -> None:
    w = open_page(locale="en-US")
    links = create_in_lobby(w.page, base_url, "chicago-express",
                            [{"name": "Ann"}, {"bot": "random"}, {"bot": "random"}])
    page = w.page
    page.goto(links[0])
    rng = random.Random(3)
    for _ in range(60):  # bid or pass through the auctions until Ann has move buttons
        if is_my_turn(page) and page.locator(BUTTONS).count():
            break
        if is_my_turn(page):
            take_turn(page, rng)
        else:
            page.wait_for_timeout(200)
    game_id = links[0].split("/g/")[1].split("#")[0].split("?")[0]
    moves = {m["action"]: m for m in get_json(f"{base_url}/api/games/{game_id}")["moves"]}
    english = buttons(page)
    assert english and all(text == moves[a]["label"] for a, text in english.items()
                           if a != "stop"), english
    page.evaluate("() => { window.notReloaded = true; }")
    page.select_option("#lang", "it")
    page.wait_for_function("([sel, old]) => document.querySelector(sel).textContent !== old",
                           arg=[BUTTONS, next(iter(english.values()))])
    wait_loaded(page)
    italian = buttons(page)
    served = get_json(f"{base_url}/api/words/it")["words"]
    assert {a: t for a, t in italian.items() if a != "stop"} == {
        a: render(moves[a]["words"], served) for a in italian if a != "stop"}
    said = " ".join(italian.values())
    assert re.search(r"scegli|metti all'asta|costruisci|sviluppa|piazza|rinuncia", said), said
    for fragment in ("choose to", "put a", "build for", "forgo", "gauge", "share"):
        assert fragment not in said, (fragment, said)
    page.select_option("#lang", "en")
    page.wait_for_function("([sel, old]) => document.querySelector(sel).textContent !== old",
                           arg=[BUTTONS, next(iter(italian.values()))])
    wait_loaded(page)
    assert buttons(page) == english
    assert page.evaluate("() => window.notReloaded === true")


def test_company_chips_name_trans_siberian_colours_in_the_page_language(
        base_url: str, open_page: Any) -> None:
    """A Trans-Siberian company is a colour, a word of the language (as on the board and in
    the move buttons): the auction's and the company table's chips say "rossa" in Italian,
    "red" in English, switching without a reload; a Chicago Express id would stay as it is."""
    w = open_page(locale="it-IT")
    links = create_in_lobby(w.page, base_url, "trans-siberian",
                            [{"name": "Ann"}, {"bot": "random"}, {"bot": "random"}])
    page = w.page
    page.goto(links[0])
    wait_loaded(page)
    chips = "#companies tr[data-company='red'] .chip"
    page.wait_for_selector(chips)
    assert page.locator(chips).first.text_content() == "rossa"
    assert page.locator(".auction-company .chip").first.text_content() == "rossa"
    page.select_option("#lang", "en")
    page.wait_for_function("sel => document.querySelector(sel).textContent === 'red'",
                           arg=chips)
    assert page.locator(".auction-company .chip").first.text_content() == "red"
