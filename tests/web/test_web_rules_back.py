"""From the rules page back to the game (issue 29, the 26th newcomer run: "the rules page
has no link back to the game"). The game's Rules link opens the rules in a tab of their
own, naming the game; its "◀ Back to the game" closes that tab (the game's is still
there), and where the rules were opened otherwise it goes to the game's page."""

from __future__ import annotations

import contextlib
from typing import Any

from playwright._impl._errors import TargetClosedError
from webplay import post_json, wait_loaded


def test_the_rules_opened_from_a_game_lead_back_to_it(base_url: str, open_page: Any) -> None:
    made = post_json(f"{base_url}/api/games", {
        "title": "trans-siberian", "players": 3,
        "seats": [{"name": n} for n in ("Ann", "Bob", "Cleo")]})
    page = open_page(1366, 768).page
    page.goto(made["seats"][0]["invite_url"])
    wait_loaded(page)
    link = page.locator("#rules-link")
    link.wait_for(state="visible")
    assert link.get_attribute("href") == f"/rules/trans-siberian?game={made['id']}"
    with page.context.expect_page() as opened:
        link.click()
    rules = opened.value
    rules.wait_for_selector("#rules[aria-busy='false']")
    back = rules.locator("#back-link")
    assert back.is_visible() and back.inner_text() == "◀ Back to the game"
    assert back.get_attribute("href") == f"/g/{made['id']}"
    # the rules' own tab closes (the click's own wait can see the tab close under it: a
    # CI run raised TargetClosedError from the click itself, the close being the point)
    with rules.expect_event("close", timeout=5000), contextlib.suppress(TargetClosedError):
        back.click(no_wait_after=True)
    assert not page.is_closed() and page.locator("#game").count() == 1


def test_rules_opened_in_the_same_tab_go_to_the_game_and_alone_say_nothing(
        base_url: str, open_page: Any) -> None:
    made = post_json(f"{base_url}/api/games", {
        "title": "chicago-express", "players": 3,
        "seats": [{"name": n} for n in ("Ann", "Bob", "Cleo")]})
    page = open_page().page
    page.goto(f"{base_url}/")
    page.goto(f"{base_url}/rules/chicago-express?game={made['id']}")
    page.wait_for_selector("#rules[aria-busy='false']")
    page.locator("#back-link").click()
    page.wait_for_url(f"**/g/{made['id']}")
    page.goto(f"{base_url}/rules/chicago-express")
    page.wait_for_selector("#rules[aria-busy='false']")
    assert page.locator("#back-to-game").is_hidden()
    page.goto(f"{base_url}/rules/chicago-express?game=../x")  # not a game id: nothing
    page.wait_for_selector("#rules[aria-busy='false']")
    assert page.locator("#back-to-game").is_hidden()
