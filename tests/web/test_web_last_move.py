"""The board marks what the last move acted on (a glow, three times), for every page but
the mover's own: the eighth newcomer run asked for "an animated last move" to see what a
bot just did.

Trans-Siberian: the first auction's winner sets the share value and starts the company
on its first link (TS-2.2, TS-2.3); a watcher's board then marks that link.
"""

from __future__ import annotations

from typing import Any

from webplay import get_json, play_first_auction, post_json, wait_loaded

PLAYERS = ["Ann", "Bob", "Cleo"]


def start_the_first_company(base_url: str, made: dict[str, Any]) -> tuple[str, int]:
    """Play the first auction, then the winner's moves up to its first link: the link's
    move and the seat that made it."""
    play_first_auction(base_url, made)
    url = f"{base_url}/api/games/{made['id']}"
    for _ in range(5):
        view = get_json(url)
        seat, action = view["current_player"], view["legal"][0]
        post_json(f"{url}/actions", {"action": action, "index": view["index"]},
                  made["seats"][seat]["token"])
        if action.startswith("link "):
            return action, seat
    raise AssertionError("no first link")


def marked(page: Any) -> list[dict[str, str]]:
    return list(page.evaluate("""() => [...document.querySelectorAll('#board .just-moved')]
        .map(el => ({id: el.id, animation: getComputedStyle(el).animationName}))"""))


def test_a_watcher_sees_the_last_move_marked_on_the_board(
        base_url: str, open_page: Any) -> None:
    made = post_json(f"{base_url}/api/games", {
        "title": "trans-siberian", "players": 3, "seats": [{"name": n} for n in PLAYERS]})
    watcher = open_page(width=1366, height=768).page
    watcher.goto(made["seats"][0]["invite_url"].split("#")[0])  # no seat: watching
    wait_loaded(watcher)
    action, seat = start_the_first_company(base_url, made)
    link = action.split()[1]
    watcher.wait_for_selector("#board .just-moved")
    assert marked(watcher) == [{"id": f"link-{link}", "animation": "just-moved"}]
    mover = open_page(width=1366, height=768).page
    mover.goto(made["seats"][seat]["invite_url"])
    wait_loaded(mover)
    mover.wait_for_selector("#board svg")
    assert marked(mover) == []  # their own move: nothing to find
