"""The 28th newcomer run (TS, desktop and phone, Bob building for yellow): the build
card said "Click a highlighted link on the board: it must touch the company's network"
and named no company; which one, and its money, were only in the log. The decision's
help now starts with them, from the face's ``building`` (both titles: CE-5, TS-3.2)."""

from __future__ import annotations

from typing import Any

import pytest
from webapi import create, play_until
from webplay import wait_loaded

PLAYERS = ["Ann", "Bob", "Cleo"]


def building(view: dict[str, Any]) -> bool:
    return bool(view["state"].get("build", {}).get("company"))


@pytest.mark.parametrize(("title", "width", "height"), [
    ("trans-siberian", 1366, 768), ("trans-siberian", 390, 844), ("chicago-express", 1366, 768)])
def test_the_build_card_names_the_company_and_its_treasury(
        base_url: str, open_page: Any, title: str, width: int, height: int) -> None:
    made = create(base_url, title, PLAYERS, {})
    view = play_until(base_url, made, building, seed=3)
    assert building(view), "the random game never came to a build"
    state = view["state"]
    company = state["build"]["company"]
    treasury = next(c["treasury"] for c in state["companies"] if c["id"] == company)
    seat = view["current_player"]
    page = open_page(width=width, height=height, touch=width < 600).page
    page.goto(made["seats"][seat]["invite_url"])
    wait_loaded(page)
    lead = page.locator("#move-list p.building")
    lead.wait_for()
    assert lead.inner_text() == f"Building for {company} (its treasury: ${treasury}).", \
        lead.inner_text()
    assert lead.is_visible()
