"""The 29th newcomer run opened an invite on a busy machine and saw an empty board frame
for 2.5 s (drawings get only the CPU that moves leave: docs/hosting.md). Until the first
drawing comes, the frame says it is coming; the drawing replaces the words."""

from __future__ import annotations

import re
import time
from typing import Any

from webapi import create


def test_the_board_frame_says_it_is_drawing_until_the_drawing_comes(
        base_url: str, open_page: Any) -> None:
    made = create(base_url, "trans-siberian", ["Ann", "Bob", "Cleo"], {})
    page = open_page(width=1366, height=768).page

    def slow(route: Any) -> None:
        time.sleep(1.5)  # a busy drawing worker
        route.continue_()

    page.route(re.compile(r"/board\.svg"), slow)
    page.goto(made["seats"][0]["invite_url"])
    said = page.locator("#board p.drawing")
    said.wait_for()
    assert said.inner_text() == "Drawing the board…"
    page.wait_for_selector("#board svg")
    assert page.locator("#board p.drawing").count() == 0
