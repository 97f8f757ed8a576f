"""The note under the marked buy buttons, whole on a phone, in Chromium (the 35th
newcomer run at 390x844 read "ⓘ on the marked buttons: leaves you $2: no more …": the
rest only in a tooltip, which a phone cannot hover)."""

from __future__ import annotations

from typing import Any

from test_web_choice_notes import _game, _play
from webplay import wait_loaded


def test_the_note_under_the_buy_buttons_is_whole_on_a_phone(base_url: str,
                                                            open_page: Any) -> None:
    made = _game(base_url)
    # Ann wins red at $30 and sets $8; buying red then leaves her $2 (TS-5.2)
    view = _play(base_url, made, "bid 30", "pass", "pass", "pass", "link moscow-kazan",
                 "value 8", *["pass"] * 12)
    assert "note" in next(m for m in view["moves"] if m["action"] == "buy red")
    page = open_page(width=390, height=844, touch=True).page
    page.goto(made["seats"][0]["invite_url"])
    wait_loaded(page)
    line = page.locator("#move-list .noted-line")
    line.wait_for()
    assert line.inner_text().strip().endswith("no more shares until a dividend")
    cut = line.evaluate("(el) => el.scrollWidth > el.clientWidth + 1"
                        " || el.scrollHeight > el.clientHeight + 1")
    assert not cut, "the note is cut"
    box = line.bounding_box()
    assert box and box["x"] >= 0 and box["x"] + box["width"] <= 390, box
