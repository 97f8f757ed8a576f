"""The dividend notice, in Chromium (a newcomer run at 1366x768): when a dividend is paid
the notice is in sight but not over the side column, where the companies table (what a
player reads right then), the players and the log are; and once the game is over, no
stale notice is left in the page: the end banner is what counts."""

from __future__ import annotations

from typing import Any

import pytest
from webapi import create, finished, play_until
from webplay import get_json, post_json, wait_loaded

NAMES = ["Ann", "Bob", "Cleo"]
PAID = {"chicago-express": lambda s: s["dividends_paid"] >= 1,
        "trans-siberian": lambda s: s["dividends"]["paid"] >= 1}
# the notice's words (en.json toast.*), in whichever of its three forms
NOTICE = ("Dividend paid", "A dividend was paid", "See who got what")


def _watching(base_url: str, open_page: Any, title: str, width: int,
              height: int) -> tuple[Any, dict[str, Any]]:
    """Seat 0's page, open while the game is played through the API to its first
    dividend (made live, so the page gives its notice)."""
    made = create(base_url, title, NAMES)
    page = open_page(width, height).page
    page.goto(made["seats"][0]["invite_url"])
    wait_loaded(page)
    page.wait_for_selector("#game[data-live='1']")
    view = play_until(base_url, made, lambda v: PAID[title](v["state"]), seed=5)
    assert not view["over"]
    page.wait_for_selector("#toast:not([hidden])")
    wait_loaded(page)
    page.wait_for_timeout(300)  # the layout settled (fit.js)
    return page, made


def _box(page: Any, selector: str) -> dict[str, float]:
    box = page.locator(selector).bounding_box()
    assert box, selector
    return dict(box)


def _meet(a: dict[str, float], b: dict[str, float]) -> bool:
    return (a["x"] < b["x"] + b["width"] and b["x"] < a["x"] + a["width"]
            and a["y"] < b["y"] + b["height"] and b["y"] < a["y"] + a["height"])


@pytest.mark.parametrize(("title", "width", "height"), [
    ("chicago-express", 1366, 768), ("chicago-express", 1920, 1080),
    ("trans-siberian", 1366, 768)])
def test_the_dividend_notice_leaves_the_companies_in_sight(
        base_url: str, open_page: Any, title: str, width: int, height: int) -> None:
    page, _ = _watching(base_url, open_page, title, width, height)
    toast = page.locator("#toast")
    assert toast.is_visible()
    assert any(words in toast.inner_text() for words in NOTICE)
    notice = _box(page, "#toast")
    assert notice["x"] >= 0 and notice["y"] >= 0, notice  # whole in the window
    assert notice["x"] + notice["width"] <= width and notice["y"] + notice["height"] <= height
    companies = _box(page, "#companies table")
    assert companies["y"] < height, "the companies table reaches into the window"
    assert not _meet(notice, companies), (notice, companies)
    assert not _meet(notice, _box(page, "#players table"))
    paid = page.locator("#log li.move:has(li.event.paid)").last  # the move that paid it
    assert not _meet(notice, dict(paid.bounding_box() or {})), "the dividend's own line"


def test_no_dividend_notice_is_left_after_the_end(base_url: str, open_page: Any) -> None:
    page, made = _watching(base_url, open_page, "chicago-express", 1366, 768)
    assert play_until(base_url, made, finished, seed=6)["over"]
    page.wait_for_selector("#end-banner:not([hidden])")
    wait_loaded(page)
    page.wait_for_timeout(300)
    text = page.evaluate("() => document.body.textContent")
    stale = [words for words in NOTICE if words in text]
    assert stale == [], stale  # not shown, nor kept hidden for a reader to find
    assert page.locator("#toast").is_hidden()
    assert page.locator("#message").inner_text() == ""


def test_the_notice_keeps_off_the_players_when_the_page_scrolls(
        base_url: str, open_page: Any) -> None:
    """The fourteenth newcomer run (four players, 1366x768): "Dividend paid: you received
    $28." hid Bot 4's row. The notice was fixed to the window where the log's card had
    been; it now sits on the page over that card, and moves with it."""
    made = create(base_url, "chicago-express", ["Ann", "Bob", "Cleo", "Dan"])
    page = open_page(1366, 768).page
    page.goto(made["seats"][0]["invite_url"])
    wait_loaded(page)
    page.wait_for_selector("#game[data-live='1']")
    page.evaluate("() => window.scrollTo(0, 120)")  # the reader had scrolled down a little
    play_until(base_url, made, lambda v: PAID["chicago-express"](v["state"]), seed=5)
    page.wait_for_selector("#toast:not([hidden])")
    wait_loaded(page)
    page.wait_for_timeout(300)
    for scrolled in (120, 0, 60):  # then scrolls back up, and down again
        page.evaluate(f"() => window.scrollTo(0, {scrolled})")
        page.wait_for_timeout(100)
        assert page.evaluate("() => window.scrollY") == scrolled
        assert not _meet(_box(page, "#toast"), _box(page, "#players table")), scrolled


def test_an_undo_of_the_paying_move_takes_its_notice_away(base_url: str,
                                                           open_page: Any) -> None:
    """The seventeenth newcomer run: after an undo struck the move that paid a dividend
    (and the player's cash went back), the notice still said "Dividend paid: you received
    $28". The notice goes with the move it told of."""
    page, made = _watching(base_url, open_page, "chicago-express", 1366, 768)
    view = get_json(f"{base_url}/api/games/{made['id']}")
    last = view["last"]
    assert last is not None
    post_json(f"{base_url}/api/games/{made['id']}/undo", {"index": view["index"]},
              made["seats"][last["seat"]]["token"])
    page.wait_for_selector("#log li.undo")
    page.wait_for_selector("#toast", state="hidden", timeout=3000)  # (not its own timeout)
    assert not any(words in page.locator("#toast").inner_text() for words in NOTICE)
