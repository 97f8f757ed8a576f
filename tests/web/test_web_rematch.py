"""Rematch from the end banner (issue 29), in Chromium: one player asks, everyone at the
old game sees the link at once (the server's `rematch` event on the game's WebSocket),
another player takes their seat, and the new game has the same title, options and seats.
A page that was offline when the rematch was made asks the server once it is back."""

from __future__ import annotations

from typing import Any

from webapi import create, finished, play_until
from webplay import get_json, post_json, wait_loaded

NAMES = ["Ann", "Bob", "Cleo"]
# what Chromium logs by itself while the network is cut
NETWORK_NOISE = ("ERR_INTERNET_DISCONNECTED", "WebSocket connection", "Failed to load resource",
                 "ERR_NETWORK_CHANGED", "ERR_FAILED")


def finished_game(base_url: str) -> dict[str, Any]:
    made = create(base_url, "trans-siberian", NAMES, {"dividend_track": 1})
    assert play_until(base_url, made, finished, seed=5)["over"]
    return made


def watching(open_page: Any, made: dict[str, Any],
             route: Any = None) -> tuple[Any, list[str]]:
    """A watcher's page of the finished game (its WebSocket through ``route`` if given),
    once it follows its live connection, and the rematch look-ups it had answered."""
    watched = open_page()
    page, asked = watched.page, []
    page.on("response", lambda r: asked.append(r.url) if r.request.method == "GET"
            and r.url.endswith(f"/api/games/{made['id']}/rematch") else None)
    if route is not None:
        page.route_web_socket("**/ws*", route)
    page.goto(made["seats"][0]["invite_url"].split("#")[0])
    wait_loaded(page)
    page.wait_for_selector("#end-banner:visible")
    page.wait_for_function("() => document.querySelector('#game').dataset.live === '1'")
    for _ in range(100):  # asked at the first view, and again once following the socket
        if len(asked) >= 2:
            break
        page.wait_for_timeout(50)
    assert len(asked) == 2, asked
    page.wait_for_timeout(100)  # (the answers read)
    return watched, asked


def ask_rematch(base_url: str, made: dict[str, Any]) -> str:
    """Another client asks for the rematch (by the API); its id."""
    answer = post_json(f"{base_url}/api/games/{made['id']}/rematch", {},
                       made["seats"][1]["token"])
    return str(answer["id"])


def test_rematch_from_the_end_banner(base_url: str, open_page: Any) -> None:
    made = create(base_url, "trans-siberian", NAMES, {"dividend_track": 1})
    assert play_until(base_url, made, finished, seed=5)["over"]
    ann = open_page(width=1366, height=768).page
    bob = open_page(width=390, height=844).page
    watcher = open_page().page
    for page, url in ((ann, made["seats"][0]["invite_url"]), (bob, made["seats"][1]["invite_url"]),
                      (watcher, made["seats"][0]["invite_url"].split("#")[0])):
        page.goto(url)
        wait_loaded(page)
        page.wait_for_selector("#end-banner:visible")
    assert watcher.locator("#rematch button").count() == 0  # a watcher cannot ask
    ask = ann.locator("#rematch button.rematch")
    assert ask.inner_text() == "Rematch"
    ask.click()
    ann.wait_for_selector("#rematch a.rematch-link")
    link = ann.locator("#rematch a.rematch-link")
    assert link.inner_text() == "Play the rematch"
    new_id = (link.get_attribute("href") or "").removeprefix("/g/")
    invites = ann.locator("#rematch .rematch-invites input")
    assert invites.count() == 2  # Bob's and Cleo's seats
    for page in (bob, watcher):  # told at once, without reloading
        page.wait_for_selector(f"#rematch a.rematch-link[href='/g/{new_id}']")
        assert page.locator("#rematch a.rematch-link").inner_text() == "Watch the rematch"
        assert "rematch" not in page.locator("#chat").inner_text()  # no chat line of it
    assert watcher.locator("#rematch button").count() == 0
    bob.locator("#rematch button.take").click()
    bob.wait_for_selector("#rematch a.rematch-link:text('Play the rematch')")
    bob.locator("#rematch a.rematch-link").click()
    bob.wait_for_url(f"**/g/{new_id}")
    wait_loaded(bob)
    me = bob.locator("#players tr[data-seat='1'] .badge.you")
    assert me.count() == 1  # Bob plays seat 1 again
    new = get_json(f"{base_url}/api/games/{new_id}")
    old = get_json(f"{base_url}/api/games/{made['id']}")
    assert new["title"] == old["title"] and not new["over"]
    assert new["state"]["options"] == old["state"]["options"]
    assert [p["name"] for p in new["players"]] == NAMES
    ann.reload()  # the second visit knows the rematch (and asks for no second one)
    wait_loaded(ann)
    ann.wait_for_selector(f"#rematch a.rematch-link[href='/g/{new_id}']")
    assert ann.locator("#rematch button.rematch").count() == 0


def test_a_watcher_hears_the_rematch_event(base_url: str, open_page: Any) -> None:
    made = finished_game(base_url)
    watched, asked = watching(open_page, made)
    page = watched.page
    before = len(asked)
    assert page.locator("#rematch a.rematch-link").count() == 0
    new_id = ask_rematch(base_url, made)
    page.wait_for_selector(f"#rematch a.rematch-link[href='/g/{new_id}']")
    assert len(asked) == before  # told by the event: not asked again
    assert page.locator("#chat li").count() == 0


def test_a_page_that_missed_the_event_asks_on_its_next_connection(
        base_url: str, open_page: Any) -> None:
    sockets: list[Any] = []

    def route(ws: Any) -> None:  # the server's events, except any rematch event
        server = ws.connect_to_server()
        server.on_message(lambda m: None if '"type":"rematch"' in str(m) else ws.send(m))
        sockets.append(ws)

    made = finished_game(base_url)
    watched, asked = watching(open_page, made, route)
    page = watched.page
    new_id = ask_rematch(base_url, made)  # its event never reaches the page
    page.wait_for_timeout(500)
    assert page.locator("#rematch a.rematch-link").count() == 0
    before, connections = len(asked), len(sockets)
    sockets[-1].close()  # the connection drops: the page connects again
    page.wait_for_selector(f"#rematch a.rematch-link[href='/g/{new_id}']")
    assert len(sockets) > connections and len(asked) > before  # and asked the server
    watched.problems[:] = [p for p in watched.problems
                           if not any(noise in p for noise in NETWORK_NOISE)]
