"""Action choices that can only be forgone, marked before the click, in Chromium (the
35th newcomer run at 1366x768 chose "develop a hex" in Chicago Express again and again:
nothing set the button apart, the next step offered only "forgo the development", and the
develop gauge filled for nothing). The Build button had such a mark (test_web_newcomer);
every choice the engine knows leads to "forgo" only now has it, its gauge too; and the
help line names the buttons first, the gauges as shown with "Whole map"."""

from __future__ import annotations

from typing import Any

from test_web_newcomer import _settled
from test_web_ts_labels import page_of_current
from webapi import create, play_until

NAMES = ["Ann", "Bob", "Cleo"]


def _develop_to_forgo(view: dict[str, Any]) -> bool:
    return "choose develop" in (view["state"].get("forgo_only") or [])


def test_a_development_that_can_only_be_forgone_is_marked_before_the_click(
        base_url: str, open_page: Any) -> None:
    made = create(base_url, "chicago-express", NAMES)
    view = play_until(base_url, made, _develop_to_forgo, seed=3, limit=300)
    assert _develop_to_forgo(view), "no action choice with a development to forgo"
    page = page_of_current(base_url, open_page, made, view, width=1366, height=768)
    _settled(page)
    develop = page.locator("#move-list button.move[data-action='choose develop']")
    assert "forgoes" in (develop.get_attribute("class") or "")
    note_id = develop.get_attribute("aria-describedby")
    assert note_id
    note = page.locator(f"#{note_id}")
    assert note.inner_text().startswith("Develop: no hex with a locomotive on it can be"
                                        " developed now, so choosing it only forgoes"), \
        note.inner_text()
    gauge = page.locator("#board [data-action='choose develop']")
    assert gauge.get_attribute("aria-describedby") == note_id
    assert "only forgoes the development" in (gauge.locator("title").text_content() or "")
    for other in view["legal"]:
        if other not in view["state"]["forgo_only"]:
            button = page.locator(f"#move-list button.move[data-action='{other}']")
            assert "forgoes" not in (button.get_attribute("class") or ""), other
    help_line = page.locator("#actions .help.decide").text_content() or ""
    assert help_line.startswith("Choose your action with its button here (the three gauges"
                                " under the map, shown with \"Whole map\", take a click"), help_line
    page.click("#zoom-fit")  # the gauges in view, as the line says
    page.wait_for_timeout(300)
    box = gauge.bounding_box()
    assert box and box["y"] + box["height"] <= 768 and box["y"] >= 0, box
