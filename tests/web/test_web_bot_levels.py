"""The lobby's bot seats name each level with what a player should know before choosing it
(the tenth newcomer run: "make hard a lobby choice and say what it costs in waiting time"):
how it plays and, for the searching level, how long it thinks, in the page's language."""

from __future__ import annotations

from typing import Any

import pytest


@pytest.mark.parametrize(("lang", "hard"), [("en", "about 1 s a move"),
                                            ("de", "etwa 1 s pro Zug")])
def test_each_bot_level_says_how_it_plays_and_how_long_hard_thinks(
        base_url: str, open_page: Any, lang: str, hard: str) -> None:
    page = open_page().page
    page.goto(f"{base_url}/")
    page.wait_for_selector("body[data-ready='1']")
    page.select_option("#lang", lang)
    page.wait_for_selector(f"html[lang='{lang}']")
    seat = page.locator(".seat").nth(1).locator(".seat-bot")
    labels = {o.get_attribute("value"): (o.text_content() or "")
              for o in seat.locator("option").all()}
    assert hard in labels["hard"], labels
    assert labels["medium"] != labels["easy"] and ":" in labels["easy"].split(":", 1)[1], labels
    assert seat.input_value() == "medium"  # the default bot seat is unchanged
    seat.select_option("hard")
    assert seat.input_value() == "hard"
