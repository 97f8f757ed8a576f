"""Rematch from the end banner (issue 29), in Chromium: one player asks, everyone at the
old game sees the link at once, another player takes their seat, and the new game has
the same title, options and seats."""

from __future__ import annotations

from typing import Any

from webapi import create, finished, play_until
from webplay import get_json, wait_loaded

NAMES = ["Ann", "Bob", "Cleo"]


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
