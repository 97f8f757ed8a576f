"""No replay controls before the first move (issue 29, the 27th newcomer run: a new game's
invite showed "Replay · First Back Forward Last · Move 0 of 0" under a board still
loading); they come with the first move."""

from __future__ import annotations

from typing import Any

from webplay import get_json, post_json, wait_loaded


def test_the_replay_bar_comes_with_the_first_move(base_url: str, open_page: Any) -> None:
    made = post_json(f"{base_url}/api/games", {
        "title": "chicago-express", "players": 3,
        "seats": [{"name": n} for n in ("Ann", "Bob", "Cleo")]})
    page = open_page(1366, 768).page
    page.goto(made["seats"][0]["invite_url"])
    wait_loaded(page)
    assert page.locator("#replay").is_hidden()
    view = get_json(f"{base_url}/api/games/{made['id']}")
    seat = view["current_player"]
    post_json(f"{base_url}/api/games/{made['id']}/actions",
              {"action": "pass", "index": view["index"]}, made["seats"][seat]["token"])
    page.wait_for_selector("#replay:not([hidden])")
    assert page.locator("#rp-where").inner_text() == "Move 1 of 1"
    # while the game runs the bar says it looks back (the 39th newcomer run clicked Back
    # on its turn and wondered whether the game was still live)
    assert page.locator("#replay-title").inner_text() == (
        "Look back at earlier moves (the game goes on)")
