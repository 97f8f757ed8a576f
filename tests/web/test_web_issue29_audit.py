"""Issue 29 items 5 and 9 in real Chromium, audited: Trans-Siberian's companies table whole
at 1366 px in every language, the side panel after a Trans-Siberian game counting only
the dividends paid, and "My games" saying whose turn it is."""

from __future__ import annotations

from typing import Any

from test_web_ts_labels import NAMES, page_of_current, table_fits
from webapi import create, finished, play_until
from webplay import create_in_lobby, get_json, wait_loaded


def test_trans_siberian_companies_table_fits_at_1366_in_every_language(
        base_url: str, open_page: Any) -> None:
    made = create(base_url, "trans-siberian", NAMES)
    view = play_until(base_url, made, lambda v: v["index"] >= 12, seed=1)
    for lang in ("en-US", "it-IT", "es-ES", "ca-ES"):
        page = page_of_current(base_url, open_page, made, view, width=1366, height=768,
                               locale=lang)
        table_fits(page)
        assert page.locator("table.companies thead th").nth(3).is_visible()


def test_trans_siberian_side_panel_after_the_game_counts_the_dividends_paid(
        base_url: str, open_page: Any) -> None:
    made = create(base_url, "trans-siberian", NAMES)
    view = play_until(base_url, made, finished, seed=5)
    dividends = view["state"]["dividends"]
    page = open_page(width=1366, height=768).page
    page.goto(made["seats"][0]["invite_url"])
    wait_loaded(page)
    page.wait_for_selector("#end-banner:visible")
    side = page.locator("#end").inner_text()
    assert f"{dividends['paid']}/{dividends['size']}" in side, side
    assert f"#{dividends['paid'] + 1}" not in side and "next dividend" not in side, side


def test_my_games_says_whose_turn_it_is(base_url: str, open_page: Any) -> None:
    w = open_page()
    create_in_lobby(w.page, base_url, "chicago-express", [{"name": "Ann"}, {"name": "Bob"}])
    w.page.reload()
    item = w.page.locator("#mine li.my-game").first
    w.page.wait_for_selector("#mine li.my-game .turn:not(:text('…'))")
    game = get_json(f"{base_url}/api/games/{item.get_attribute('data-game')}")
    mover = game["current_player"]
    expected = "your turn" if mover == 0 else f"{['Ann', 'Bob'][mover]} to move"
    assert item.locator(".turn").inner_text() == expected


def test_the_minimum_bid_shown_is_the_lowest_bid_allowed_now(
        base_url: str, open_page: Any) -> None:
    """A newcomer's run: in Chicago Express the panel kept showing the auction's opening
    bid ($7) as "Minimum bid" after the bids rose; it shows the lowest legal bid now."""
    made = create(base_url, "chicago-express", NAMES)
    view = play_until(base_url, made, lambda v: v["state"].get("auction") is not None
                      and v["state"]["auction"]["high_bid"] is not None
                      and any(a.startswith("bid ") for a in v["legal"]), seed=3)
    lowest = min(int(a.split()[1]) for a in view["legal"] if a.startswith("bid "))
    assert lowest > view["state"]["auction"]["minimum_bid"]  # (else the test shows nothing)
    page = page_of_current(base_url, open_page, made, view, width=1366, height=768)
    assert page.locator("#auction dd.minimum").inner_text() == f"${lowest}"
    # and its label says so: not "Minimum bid" beside a lower high bid, but the next bid's least
    label = page.locator("#auction dd.minimum").evaluate(
        "e => e.previousElementSibling.textContent")
    assert label == "Next bid from"


def test_a_game_against_bots_opens_the_table_at_once(base_url: str, open_page: Any) -> None:
    """A newcomer's run: after "Create game" against bots the lobby showed invite links,
    one more click away from the table; the page now opens the seat's table itself."""
    w = open_page(width=1366, height=768)
    links = create_in_lobby(w.page, base_url, "chicago-express", [{"name": "Me"}, {"bot": "easy"},
                                                                 {"bot": "easy"}])
    game = links[0].split("/g/")[1].split("#")[0]
    assert w.page.url.split("#")[0].endswith(f"/g/{game}")
    you = w.page.locator("#players tr:has(.badge.you)")  # the seat's own table: its token came
    assert you.count() == 1 and you.get_attribute("data-seat") == "0"
    assert w.page.locator("#chat-form").is_visible()


def test_a_game_with_friends_keeps_the_invites_in_view_and_focus(base_url: str,
                                                                  open_page: Any) -> None:
    """With another human seat the lobby stays, its first "Play as" link in view and
    focused (Enter opens the table), the others' links to copy."""
    w = open_page(width=1366, height=768)
    create_in_lobby(w.page, base_url, "chicago-express", [{"name": "Me"}, {"name": "Ann"},
                                                          {"bot": "easy"}])
    assert w.page.locator("#invites a.invite").count() == 2
    way = w.page.locator("#invites a.invite").first
    assert way.evaluate("e => e === document.activeElement")
    assert way.evaluate("e => { const r = e.getBoundingClientRect();"
                        " return r.top >= 0 && r.bottom <= innerHeight; }")
