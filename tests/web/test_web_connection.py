"""The game page without its server (issue 29, item 3), in real Chromium.

Offline (the browser's network cut, the server stopped, or one request lost), the page
shows a banner at the top in words, takes no moves and never shows a browser error text
("TypeError: Failed to fetch"); once the server answers again, the banner goes, the page
fetches the game again (moves made meanwhile appear) and a move works.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlparse

from webplay import click_action, game_index, get_json, is_my_turn, offered, post_json, wait_loaded
from webserver import free_port, start_server, stop_server

BANNER = "#net"
# what Chromium logs by itself when a request or the socket finds no server
NETWORK_NOISE = ("ERR_INTERNET_DISCONNECTED", "ERR_CONNECTION_REFUSED", "ERR_FAILED",
                 "WebSocket connection", "Failed to load resource", "ERR_CONNECTION_RESET",
                 "ERR_EMPTY_RESPONSE", "ERR_NETWORK_CHANGED")


def drop_network_noise(watched: Any) -> None:
    watched.problems[:] = [p for p in watched.problems
                           if not any(noise in p for noise in NETWORK_NOISE)]


def create_game(base_url: str) -> dict[str, Any]:
    made: dict[str, Any] = post_json(f"{base_url}/api/games", {
        "title": "chicago-express", "players": 2, "seats": [{"name": "Ann"}, {"name": "Bob"}]})
    return made


def assert_offline(page: Any) -> None:
    page.wait_for_selector(f"{BANNER}:visible")
    assert "reach the server" in page.locator(BANNER).inner_text()
    assert page.locator("#board.clickable").count() == 0
    assert page.locator("#actions button[data-action]:visible").count() == 0
    assert not page.locator("#turn").evaluate("e => e.classList.contains('mine')")
    assert "Your turn" not in page.locator("#turn").inner_text()
    body = page.locator("body").inner_text()
    assert "TypeError" not in body and "Failed to fetch" not in body, body


def test_offline_browser_shows_a_banner_pauses_moves_and_resyncs(base_url: str,
                                                                 open_page: Any) -> None:
    made = create_game(base_url)
    gid = made["id"]
    view = get_json(f"{base_url}/api/games/{gid}")
    mover = view["current_player"]
    watcher = 1 - mover  # the page's seat: the other player moves while it is offline
    w = open_page()
    page = w.page
    page.goto(made["seats"][watcher]["invite_url"])
    wait_loaded(page)
    page.wait_for_function("() => document.querySelector('#game').dataset.live === '1'")
    assert not is_my_turn(page)
    assert page.locator(BANNER).is_hidden()

    page.context.set_offline(True)
    assert_offline(page)
    # the other player moves meanwhile: now it is the page's seat's turn
    post_json(f"{base_url}/api/games/{gid}/actions", {"action": view["legal"][0], "index": 0},
              made["seats"][mover]["token"])
    page.wait_for_timeout(1500)
    assert_offline(page)  # still offline: no move offered although it is the seat's turn

    page.context.set_offline(False)
    page.wait_for_selector(BANNER, state="hidden", timeout=20000)
    page.wait_for_function("() => document.querySelector('#game').dataset.gameIndex === '1'",
                           timeout=20000)  # the move made meanwhile, fetched on return
    assert is_my_turn(page)
    assert page.locator("#log li.move").count() == 1
    click_action(page, offered(page)[0])  # a move works again
    assert game_index(page) == 2
    drop_network_noise(w)


def settled(page: Any, gid: str) -> None:
    """The page at rest: its live connection open and the game fetched again on the
    socket's first event (the state), all of it shown; no request of the page in flight.
    (An answer to a request still in flight when a later one is lost proves the server
    reachable: the page rightly takes the banner away at once.)"""
    page.wait_for_selector("#game[data-live='1']")
    page.wait_for_function("path => performance.getEntriesByType('resource')"
                           ".filter(e => new URL(e.name).pathname === path).length >= 2",
                           arg=f"/api/games/{gid}")
    wait_loaded(page)


def test_a_lost_request_says_so_in_words_and_recovers(base_url: str, open_page: Any) -> None:
    """A move whose request gets no answer (the Wi-Fi drops as it is sent, the live
    connection still open): the banner, no browser error text; the page comes back by
    itself once requests are answered again, and the move can be made."""
    made = create_game(base_url)
    gid = made["id"]
    first = get_json(f"{base_url}/api/games/{gid}")["current_player"]
    w = open_page(locale="it-IT")
    page = w.page
    page.goto(made["seats"][first]["invite_url"])
    settled(page, gid)
    assert is_my_turn(page)
    move = offered(page)[0]
    lost: list[str] = []

    def wifi_down(route: Any) -> None:  # from the move on, no request gets an answer
        lost.append(f"{route.request.method} {urlparse(route.request.url).path}")
        route.abort("internetdisconnected")

    page.route("**/api/**", wifi_down)
    page.locator(f"#actions button[data-action='{move}']:visible").first.click()
    page.wait_for_selector(f"{BANNER}:visible")
    assert f"POST /api/games/{gid}/actions" in lost, lost  # the move's request was lost
    banner = page.locator(BANNER).inner_text()
    assert banner == "Impossibile raggiungere il server — riconnessione in corso…", banner
    body = page.locator("body").inner_text()
    assert "TypeError" not in body and "Failed to fetch" not in body
    page.unroute("**/api/**", wifi_down)
    page.wait_for_selector(BANNER, state="hidden", timeout=20000)  # a probe was answered
    assert is_my_turn(page)
    click_action(page, move)
    assert game_index(page) == 1
    drop_network_noise(w)


def test_server_stopped_and_restarted(tmp_path: Any, open_page: Any) -> None:
    """The server goes away (a restart): banner, no moves; it comes back on the same
    address with the same games: the page reconnects, resyncs and plays on."""
    port = free_port()
    db = tmp_path / "games.sqlite3"
    proc = start_server(port, db)
    base = f"http://127.0.0.1:{port}"
    try:
        made = create_game(base)
        first = get_json(f"{base}/api/games/{made['id']}")["current_player"]
        w = open_page(width=390, height=844, touch=True)
        page = w.page
        page.goto(made["seats"][first]["invite_url"])
        assert is_my_turn(page)
        page.wait_for_function("() => document.querySelector('#game').dataset.live === '1'")
        stop_server(proc)
        assert_offline(page)
        page.screenshot(path=str(tmp_path / "offline-phone.png"))
        proc = start_server(port, db)
        page.wait_for_selector(BANNER, state="hidden", timeout=20000)
        assert is_my_turn(page)
        assert page.locator("#message").inner_text() == "Connected again: the game is up to date."
        click_action(page, offered(page)[0])
        assert game_index(page) == 1
        drop_network_noise(w)
    finally:
        stop_server(proc)
