"""A page with no seat says it is watching (issue 29, the 27th newcomer run opened the
table's address /g/ID on a phone and read "Waiting for Me." where its own move was: the
address is a spectator's; a seat is played from its invite link)."""

from __future__ import annotations

from typing import Any

from webplay import post_json, wait_loaded


def test_the_games_address_without_a_seat_says_it_watches(base_url: str,
                                                          open_page: Any) -> None:
    made = post_json(f"{base_url}/api/games", {
        "title": "chicago-express", "players": 3,
        "seats": [{"name": "Me"}, {"name": "Bot", "bot": "medium"}, {"name": "Cleo"}]})
    watcher = open_page(390, 844).page
    watcher.goto(f"{base_url}/g/{made['id']}")
    wait_loaded(watcher)
    turn = watcher.locator("#turn")
    turn.wait_for(state="visible")
    # whom the game waits for first; then where a seat's own link is (the 37th run copied
    # the address bar to a phone and did not find "On another device")
    assert turn.inner_text() == (
        "You are watching: waiting for Me. This address is the watchers' link and holds"
        " no seat. To play your seat here, open its own link: on the device where you"
        " play, “On another device” at the top gives it, to copy or as a QR code to scan.")
    # the card under it does not say it again (the 28th and 29th runs read it twice)
    assert watcher.locator("#move-list .waiting").count() == 0
    player = open_page(390, 844).page
    player.goto(made["seats"][2]["invite_url"])
    wait_loaded(player)
    assert player.locator("#turn").inner_text() == "Waiting for Me."
    assert player.locator("#move-list .waiting").count() == 0
    assert "Waiting for Me." not in player.locator("#actions").inner_text()


def test_a_game_of_bots_alone_is_just_watched(base_url: str, open_page: Any) -> None:
    made = post_json(f"{base_url}/api/games", {
        "title": "chicago-express", "players": 3, "bot_delay": 5,
        "seats": [{"name": f"B{i}", "bot": "random"} for i in range(3)]})
    page = open_page().page
    page.goto(f"{base_url}/g/{made['id']}")
    wait_loaded(page)
    text = page.locator("#turn").inner_text()
    assert text.startswith("Waiting for B") or text == "The game is over.", text
