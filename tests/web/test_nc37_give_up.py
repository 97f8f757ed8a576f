"""A move that gives the decision up while its moves wait on the map is no call to
action (issue 29, the 37th newcomer run: after "choose to develop a hex" the card's only
button was "forgo the development", and a quick clicker threw three developments away;
"a bigger 'click a highlighted hex' cue ... would help"). Forgo, and a Chicago Express
build finished with nothing placed ("Build nothing (forgo)"), are outlined buttons as
wide as their words under a cue that points at the map; a build with a locomotive placed
finishes with the strong button."""

from __future__ import annotations

from typing import Any

from webapi import create, play_until
from webplay import click_action, is_my_turn, wait_loaded

NAMES = ["Ann", "Bob", "Cleo"]
FORGO = "#move-list button[data-action='forgo']"
# read on the element found afresh (the card is drawn again on each live update: a held
# element can be a detached one, with no computed style)
LOOK = ("sel => { const e = document.querySelector(sel); const s = getComputedStyle(e);"
        " return [e.className, s.borderTopStyle, e.getBoundingClientRect().width"
        " / document.querySelector('#actions').getBoundingClientRect().width]; }")


def _page_at(base_url: str, open_page: Any, title: str, done: Any, seed: int,
             width: int = 1366, height: int = 768) -> tuple[Any, dict[str, Any]]:
    made = create(base_url, title, NAMES)
    view = play_until(base_url, made, done, seed=seed, limit=600)
    assert done(view), "no such position in this seeded game"
    page = open_page(width, height).page
    page.goto(made["seats"][view["current_player"]]["invite_url"])
    wait_loaded(page)
    assert is_my_turn(page)
    return page, view


def _develop(view: dict[str, Any]) -> bool:
    return "forgo" in view["legal"] and any(a.startswith("develop ") for a in view["legal"])


def _build_start(view: dict[str, Any]) -> bool:
    build = view["state"].get("build") or {}
    return "stop" in view["legal"] and build.get("placed") == 0 and any(
        a.startswith("place ") for a in view["legal"])


def test_forgoing_a_development_is_not_the_cards_call_to_action(
        base_url: str, open_page: Any) -> None:
    for width, height in ((1366, 768), (390, 844)):
        page, _ = _page_at(base_url, open_page, "chicago-express", _develop, 5, width, height)
        name, border, share = page.evaluate(LOOK, FORGO)
        assert (name, border) == ("move quiet", "dashed")
        assert share < 0.75  # as wide as its words, not the card's width
        # the decision's help says what to click; the cue under it how to read a place
        assert "Click a highlighted hex to develop it" in page.locator(
            "#move-list .help.decide").inner_text()
        cue = page.locator("#move-list .board-cue")
        assert cue.inner_text() == ("Hover or long-press a highlighted place for its cost"
                                    " and income.")
        assert page.locator("#board .target").count() >= 1


def test_a_build_with_nothing_placed_says_it_builds_nothing(
        base_url: str, open_page: Any) -> None:
    page, view = _page_at(base_url, open_page, "chicago-express", _build_start, 1)
    stop = page.locator("#move-list button[data-action='stop']")
    assert stop.inner_text() == "Build nothing (forgo)"
    assert stop.get_attribute("class") == "move quiet"
    place = next(a for a in view["legal"] if a.startswith("place "))
    click_action(page, place)
    # one locomotive placed (the same turn goes on): the strong button finishes the build
    stop = page.locator("#move-list button[data-action='stop']")
    stop.wait_for()
    assert stop.inner_text() == "Finish the build (1 placed)"
    assert stop.get_attribute("class") == "move confirm"


def test_the_italian_table_says_it_too(base_url: str, open_page: Any) -> None:
    page, _ = _page_at(base_url, open_page, "chicago-express", _build_start, 1)
    page.select_option("#lang", "it")
    stop = page.locator("#move-list button[data-action='stop']")
    page.wait_for_function("() => document.querySelector(`#move-list"
                           " button[data-action='stop']`)?.textContent.startsWith('Non')")
    assert stop.inner_text() == "Non costruire nulla (rinuncia)"
