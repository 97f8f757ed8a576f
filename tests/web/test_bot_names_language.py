"""The twenty-second newcomer run played the browser table in Italian and found the bots
named "Bot 3 (medium)". A bot seat's name as the lobby makes it (``Bot N (level)``) is
now shown in the page's language: "Bot 3 (medio)"; a name a player chose is left as it
is, and so is a bot given by its search (``mcts:200``)."""

from __future__ import annotations

from typing import Any

import pytest
from webplay import post_json, wait_loaded

LEVELS = {"it": ("medio", "difficile"), "de": ("mittel", "schwer"), "en": ("medium", "hard")}


@pytest.mark.parametrize("lang", sorted(LEVELS))
def test_a_bot_s_name_is_in_the_page_s_language(base_url: str, open_page: Any,
                                                 lang: str) -> None:
    made = post_json(f"{base_url}/api/games", {
        "title": "trans-siberian", "players": 4,
        "seats": [{"name": "Me"}, {"bot": "medium"}, {"bot": "hard", "name": "Hal"},
                  {"bot": "mcts:200"}]})
    page = open_page(width=1366, height=768, locale=f"{lang}-CH").page
    page.goto(made["seats"][0]["invite_url"])
    wait_loaded(page)
    names = page.inner_text("#players")
    medium, _hard = LEVELS[lang]
    assert f"Bot 2 ({medium})" in names, names
    assert "Hal" in names and "Bot 4 (mcts:200)" in names, names
    if lang != "en":
        assert "(medium)" not in names
