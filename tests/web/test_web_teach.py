"""Teaching in the browser (issue 29), in Chromium: a rules page per title in every
language, reached from the game page and the lobby; the "how to win" box; the help line
for the current decision, and why an option is missing."""

from __future__ import annotations

from typing import Any

import pytest
from webapi import create, play_until
from webplay import get_json, wait_loaded

NAMES = ["Ann", "Bob", "Cleo"]
TITLES = ("chicago-express", "trans-siberian")
LANGS = {"en-US": "How to win", "it-IT": "Come si vince", "es-ES": "Cómo ganar",
         "de-DE": "So gewinnst du", "ca-ES": "Com es guanya"}


@pytest.mark.parametrize("title", TITLES)
@pytest.mark.parametrize("locale", sorted(LANGS))
def test_rules_page_in_every_language(base_url: str, open_page: Any, title: str,
                                      locale: str) -> None:
    page = open_page(locale=locale).page
    page.goto(f"{base_url}/rules/{title}")
    page.wait_for_selector("#rules[aria-busy='false']")
    lang = locale.split("-")[0]
    rules = get_json(f"{base_url}/api/titles/{title}/rules/{lang}")
    assert rules["lang"] == lang
    assert page.locator("#rules-win-title").inner_text() == LANGS[locale]
    assert page.locator("#rules-win").inner_text() == rules["win"]
    headings = page.locator("#rules-sections h3")
    assert headings.count() == len(rules["sections"]) >= 5
    assert rules["sections"][0]["heading"] in headings.first.inner_text()
    assert page.locator("html").get_attribute("lang") == lang
    others = page.locator("#rules-others a")  # the other title's rules, one click away
    assert others.count() == len(TITLES) - 1


def test_rules_page_follows_the_language_switch(base_url: str, open_page: Any) -> None:
    page = open_page().page
    page.goto(f"{base_url}/rules/trans-siberian")
    page.wait_for_selector("#rules[aria-busy='false']")
    assert "Moscow" in page.locator("#rules-intro").inner_text()
    page.select_option("#lang", "de")
    page.wait_for_function("() => document.querySelector('#rules-win-title').textContent"
                           " === 'So gewinnst du'")
    page.wait_for_function("() => document.querySelector('#rules-intro').textContent"
                           ".includes('Moskau')")


def test_lobby_links_every_rules_page(base_url: str, open_page: Any) -> None:
    page = open_page().page
    page.goto(f"{base_url}/")
    page.wait_for_selector("body[data-ready='1']")
    links = page.locator("#rules-links a")
    assert sorted(links.nth(i).get_attribute("data-title") for i in range(links.count())) \
        == sorted(TITLES)
    page.locator("#rules-links a[data-title='chicago-express']").click()
    page.wait_for_selector("#rules[aria-busy='false']")
    assert page.locator("#rules-name").inner_text() == "Chicago Express: rules"


@pytest.mark.parametrize("title", TITLES)
def test_game_page_has_rules_link_and_how_to_win(base_url: str, open_page: Any,
                                                  title: str) -> None:
    made = create(base_url, title, NAMES)
    page = open_page().page
    page.goto(made["seats"][0]["invite_url"])
    wait_loaded(page)
    rules = get_json(f"{base_url}/api/titles/{title}/rules/en")
    page.wait_for_selector("#win-box:not([hidden])")
    assert page.locator("#win-text").inner_text() == rules["win"]
    link = page.locator("#rules-link")
    assert link.is_visible() and link.inner_text() == "Rules"
    assert link.get_attribute("href") == f"/rules/{title}?game={made['id']}"
    with page.context.expect_page() as opened:
        link.click()
    rules_page = opened.value
    rules_page.wait_for_selector("#rules[aria-busy='false']")
    assert rules_page.locator("#rules-win").inner_text() == rules["win"]
    page.select_option("#lang", "it")
    italian = get_json(f"{base_url}/api/titles/{title}/rules/it")["win"]
    page.wait_for_function("w => document.querySelector('#win-text').textContent === w",
                           arg=italian)


def test_help_line_says_to_click_the_gauges_under_the_map(base_url: str,
                                                          open_page: Any) -> None:
    made = create(base_url, "chicago-express", NAMES)
    view = play_until(base_url, made, lambda v: v["state"]["step"] == "choose action")
    page = open_page().page
    page.goto(made["seats"][view["current_player"]]["invite_url"])
    wait_loaded(page)
    help_line = page.locator("#move-list .help.decide")
    assert "(the three gauges under the map, shown with \"Whole map\", take a click too)" \
        in help_line.inner_text()
    assert "all filled (red) cannot be chosen" in help_line.inner_text()  # boxes, as drawn
    page.select_option("#lang", "de")
    page.wait_for_function("() => document.querySelector('#move-list .help.decide')"
                           "?.textContent.includes('Anzeigen unter der Karte')")


def test_help_line_waits_for_the_players_turn(base_url: str, open_page: Any) -> None:
    made = create(base_url, "trans-siberian", NAMES)
    page = open_page().page
    page.goto(made["seats"][1]["invite_url"])  # seat 0 opens the first auction
    wait_loaded(page)
    assert page.locator("#move-list .help.decide").count() == 0
    first = open_page().page  # another browser: the same path with a new fragment is no visit
    first.goto(made["seats"][0]["invite_url"])
    wait_loaded(first)
    assert first.locator("#move-list .help.decide").inner_text().startswith("Auction: bid")


def forgo_only(view: dict[str, Any]) -> bool:
    return view["legal"] == ["forgo"] and view["state"]["step"] == "choose company"


def test_build_with_nothing_buildable_says_why_only_forgo_is_left(base_url: str,
                                                                  open_page: Any) -> None:
    for seed in range(1, 40):
        made = create(base_url, "chicago-express", NAMES)
        view = play_until(base_url, made, forgo_only, seed=seed, limit=400)
        if forgo_only(view):
            break
    else:
        pytest.skip("no position where a build leaves only forgo in 39 seeded games")
    page = open_page().page
    page.goto(made["seats"][view["current_player"]]["invite_url"])
    wait_loaded(page)
    box = page.locator("#move-list .help.forgo")
    assert box.locator("p").inner_text().startswith("Nothing can be built now")
    state = view["state"]
    me = state["players"][view["current_player"]]
    reasons = box.locator("li").all_inner_texts()
    if not me["shares"]:
        assert reasons == ["you hold no share of any company (only shareholders build for a"
                           " company)."]
    else:
        assert len(reasons) == len(me["shares"])
        for company, reason in zip(me["shares"], reasons, strict=True):
            assert reason.startswith(company), reasons
    assert page.locator("#move-list button[data-action='forgo']").count() == 1
