"""The browser game in real headless Chromium against the real server (issue 10).

Each test plays through the page: the lobby form, clicks on the board and the auction
panel; it never calls the API itself. Any console error or 4xx answer fails the test.
"""

from __future__ import annotations

import random
from typing import Any

from webplay import (
    click_action,
    create_in_lobby,
    finished,
    game_index,
    is_my_turn,
    offered,
    take_turn,
    wait_loaded,
)


def test_lobby_creates_a_game_lists_it_and_serves_a_favicon(base_url: str, open_page: Any) -> None:
    w = open_page()
    links = create_in_lobby(w.page, base_url, "chicago-express",
                            [{"name": "Ann"}, {"name": "Bob"}, {"bot": "random"}])
    assert sorted(links) == [0, 1]
    assert all("#seat=" in url and "&token=" in url for url in links.values())
    assert w.page.locator("input.link").count() == 3  # two invites and the watch link
    w.page.reload()
    w.page.wait_for_selector("#mine li.my-game")
    assert w.page.locator("#mine li.my-game").count() == 1
    icon = w.page.request.get(f"{base_url}/favicon.ico")
    assert icon.ok and icon.body()[:4] == b"\x00\x00\x01\x00"


def test_two_seats_see_each_others_moves_and_undo(base_url: str, open_page: Any) -> None:
    """CE-2: the setup auction; each bid or pass appears on the other seat's page."""
    lobby = open_page()
    links = create_in_lobby(lobby.page, base_url, "chicago-express",
                            [{"name": "Ann"}, {"name": "Bob"}])
    ann, bob = open_page().page, open_page().page
    ann.goto(links[0])
    bob.goto(links[1])
    wait_loaded(ann)
    wait_loaded(bob)
    assert "token=" not in ann.url  # the token leaves the address bar
    first, other = (ann, bob) if is_my_turn(ann) else (bob, ann)
    assert "bid 7" in offered(first)  # CE-2.1: PRR opens at 7
    click_action(first, "bid 7")
    other.wait_for_function("() => document.querySelector('#game').dataset.gameIndex === '1'")
    assert other.locator("#log li.move").count() == 1
    assert "$7" in other.locator("#auction .high").inner_text()
    # Undo by the player who bid, seen by the other.
    first.click("#undo")
    other.wait_for_function("() => document.querySelector('#game').dataset.gameIndex === '0'")
    assert other.locator("#log li.undone").count() == 1
    # Play on, alternating pages, until a build: a placement is clicked on the board.
    rng = random.Random(4)
    pages = [ann, bob]
    for _ in range(60):
        mine = [p for p in pages if is_my_turn(p)]
        if not mine:
            ann.wait_for_timeout(200)
            continue
        page = mine[0]
        moves = offered(page)
        if any(m.startswith("place ") for m in moves):
            place = next(m for m in moves if m.startswith("place "))
            before = game_index(page)
            click_action(page, place)
            watcher = bob if page is ann else ann
            watcher.wait_for_function(
                f"() => Number(document.querySelector('#game').dataset.gameIndex) > {before}")
            hexid = place.split()[1]
            assert watcher.locator(f"#hex-{hexid} .loco").count() >= 1
            assert page.locator("#actions button[data-confirm]").count() == 1
            return
        take_turn(page, rng)
    raise AssertionError("no build within 60 moves")


def _finish_against_bots(base_url: str, open_page: Any, title: str, options: dict[str, str],
                         bots: int, seed: int) -> Any:
    lobby = open_page()
    seats = [{"name": "Me"}] + [{"bot": "random"} for _ in range(bots)]
    links = create_in_lobby(lobby.page, base_url, title, seats, options)
    page = open_page().page
    page.goto(links[0])
    wait_loaded(page)
    rng = random.Random(seed)
    for _ in range(600):
        if finished(page):
            break
        if not is_my_turn(page):
            page.wait_for_function("() => document.querySelector('#turn').classList"
                                   ".contains('mine') || document.querySelector('.result')")
            continue
        take_turn(page, rng)
    assert finished(page), "the game did not end within 600 of my moves"
    page.wait_for_selector("#charts:not([hidden]) figure.chart-box")
    return page


def _replay(page: Any) -> None:
    last = game_index(page)
    page.click("#rp-first")
    page.wait_for_function("() => document.querySelector('#rp-slider').value === '0'")
    assert page.locator("#replay.replaying").count() == 1
    page.click("#rp-forward")
    page.wait_for_function("() => document.querySelector('#rp-slider').value === '1'")
    assert page.url.endswith("#at=1")
    page.click("#rp-last")
    page.wait_for_function(f"() => document.querySelector('#rp-slider').value === '{last}'")
    assert page.locator("#replay.replaying").count() == 0


def test_trans_siberian_against_bots_to_the_end_then_replay(base_url: str,
                                                            open_page: Any) -> None:
    """TS-1.6: a one-space dividend track ends the game at the first dividend."""
    page = _finish_against_bots(base_url, open_page, "trans-siberian",
                                {"dividend_track": "1"}, bots=2, seed=1)
    assert page.locator(".result li").count() == 3
    assert page.locator("figure.chart-box").count() == 4
    _replay(page)


def test_chicago_express_against_a_bot_to_the_end_then_replay(base_url: str,
                                                              open_page: Any) -> None:
    page = _finish_against_bots(base_url, open_page, "chicago-express", {}, bots=1, seed=2)
    assert page.locator(".result li").count() == 2
    assert page.locator("figure.chart-box").count() == 2
    _replay(page)


def test_language_switch_and_browser_language(base_url: str, open_page: Any) -> None:
    w = open_page(locale="de-DE")
    w.page.goto(f"{base_url}/")
    w.page.wait_for_selector("body[data-ready='1']")
    assert w.page.locator("#new-title").inner_text() == "Neues Spiel"
    for lang, words in (("it", "Nuova partita"), ("es", "Nueva partida"),
                        ("ca", "Partida nova"), ("en", "New game")):
        w.page.select_option("#lang", lang)
        w.page.wait_for_function(f"() => document.documentElement.lang === '{lang}'")
        assert w.page.locator("#new-title").inner_text() == words


def test_phone_width_is_playable_by_touch(base_url: str, open_page: Any) -> None:
    """At 390 px the page does not scroll sideways (the board scrolls in its frame); a tap
    on a board target first shows its cost and income, and a confirm button makes it."""
    lobby = open_page()
    links = create_in_lobby(lobby.page, base_url, "chicago-express",
                            [{"name": "Me"}, {"name": "Other"}])
    other = open_page().page
    other.goto(links[1])
    w = open_page(390, 844, touch=True)
    phone = w.page
    phone.goto(links[0])
    wait_loaded(phone)
    assert phone.evaluate("() => document.documentElement.scrollWidth") <= 390
    rng = random.Random(2)
    for _ in range(80):  # play both seats until the phone's player can place on the board
        page = phone if is_my_turn(phone) else other
        if not is_my_turn(page):
            page.wait_for_timeout(200)
            continue
        moves = offered(page)
        place = [m for m in moves if m.startswith("place ")]
        if page is phone and place:
            before = game_index(phone)
            phone.locator(f"#board [data-action='{place[0]}']").tap()
            box = phone.locator("#chooser:not([hidden])")
            box.wait_for()
            assert "build cost" in box.inner_text()
            assert game_index(phone) == before  # a tap only previews
            box.locator(f"button[data-confirm][data-action='{place[0]}']").tap()
            phone.wait_for_function(
                f"() => Number(document.querySelector('#game').dataset.gameIndex) > {before}")
            return
        take_turn(page, rng)
    raise AssertionError("the phone's player never had a placement within 80 moves")


def test_game_page_and_board_words_follow_the_language(base_url: str, open_page: Any) -> None:
    w = open_page(locale="it-IT")
    links = create_in_lobby(w.page, base_url, "trans-siberian",
                            [{"name": "Io"}, {"bot": "random"}, {"bot": "random"}])
    w.page.goto(links[0])
    wait_loaded(w.page)
    share = w.page.locator("#board .share-track > text")  # drawn in the page's language
    assert share.text_content() == "Valore azione (▲N: il valore di nazionalizzazione)"
    assert w.page.locator("#players-title").inner_text() == "Giocatori"
    w.page.select_option("#lang", "ca")
    w.page.wait_for_function("() => document.querySelector("
                             "'#board .share-track > text').textContent"
                             " === \"Valor de l'acció (▲N: el valor de nacionalització)\"")
