"""Issue 29 in real Chromium: things that covered each other or moved about (a newcomer
run at 1366x768). The dividend notice over the move log, the guide's panel over the
companies, the action choice's cut help beside wrapped buttons, "Pass" moving from one
auction to the next, and a Trans-Siberian share value that scrolled the map away from
Moscow's links."""

from __future__ import annotations

from typing import Any

from test_dividend_notice_room import _box, _meet, _watching
from test_web_guided import PANEL, start_guided
from webapi import create, play_until
from webplay import click_action, get_json, post_json, wait_loaded

NAMES = ["Ann", "Bob", "Cleo"]
DESKTOP = {"width": 1366, "height": 768}


def test_the_dividend_notice_covers_neither_the_moves_nor_the_decision(
        base_url: str, open_page: Any) -> None:
    page, _ = _watching(base_url, open_page, "chicago-express", 1366, 768)
    notice = _box(page, "#toast")
    assert notice["y"] >= 0 and notice["y"] + notice["height"] <= 768, notice
    for covered in ("#log-title", "#log", "#actions", "#players table", "#companies-title"):
        if covered == "#actions" and page.locator(covered).is_hidden():
            continue  # (a watcher's move card has nothing in it: not shown)
        assert not _meet(notice, _box(page, covered)), (covered, notice)
    # what lies under its middle is the notice itself (nothing over it, it over nothing)
    top = page.evaluate("""() => {
      const r = document.querySelector('#toast p').getBoundingClientRect();
      return document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2)
        .closest('#toast') !== null; }""")
    assert top
    page.click("#toast .toast-close")  # gone, the log has its room back: nothing moved over it
    page.wait_for_selector("#toast", state="hidden")
    assert not page.locator(".log-card #toast:not([hidden])").count()


def test_the_guide_panel_covers_no_panel_the_decision_needs(base_url: str,
                                                           open_page: Any) -> None:
    page = open_page(**DESKTOP).page
    start_guided(page, base_url, "chicago-express")
    page.wait_for_selector(PANEL)
    page.wait_for_function("() => document.querySelector('#turn').classList.contains('mine')")
    page.wait_for_timeout(300)  # the layout settled
    guide = _box(page, "#guide")
    for needed in ("#companies table", "#players table", "#actions", "#board"):
        assert not _meet(guide, _box(page, needed)), (needed, guide)
    companies = _box(page, "#companies table")
    assert companies["y"] + 60 < 768, companies  # its head and first rows in the window
    got = _box(page, "#guide button.got-it")
    assert got["y"] >= 0 and got["y"] + got["height"] <= 768, got  # "Got it" in reach
    page.click("#guide button.got-it")
    page.wait_for_selector("#guide", state="hidden")
    shown = page.evaluate("() => getComputedStyle(document.querySelector('#log')).display")
    assert shown != "none"  # the log back in its place


def _choosing(view: dict[str, Any]) -> bool:
    return view["current_player"] == 0 and any(a.startswith("choose ") for a in view["legal"])


def test_the_action_choice_has_its_help_on_a_line_and_its_buttons_in_a_row(
        base_url: str, open_page: Any) -> None:
    made = create(base_url, "chicago-express", NAMES)
    view = play_until(base_url, made, _choosing, seed=2)
    assert _choosing(view)
    page = open_page(**DESKTOP).page
    page.goto(made["seats"][0]["invite_url"])
    wait_loaded(page)
    page.wait_for_timeout(300)
    buttons = page.locator("#move-list > button.move")
    boxes = [buttons.nth(i).bounding_box() for i in range(buttons.count())]
    assert len(boxes) == 3, boxes
    assert len({round(b["y"]) for b in boxes}) == 1, boxes  # one row
    assert len({round(b["width"]) for b in boxes}) == 1, boxes  # as wide as each other
    help_line = _box(page, "#actions .help.decide")
    under = help_line["y"] + help_line["height"] - 1
    assert all(b["y"] >= under for b in boxes), (help_line, boxes)
    # cut, it says in a word that a click opens it
    mark = page.evaluate("() => getComputedStyle(document.querySelector("
                         "'#actions .help.decide.cut'), '::after').content")
    assert "more" in mark, mark


def _act(base_url: str, made: dict[str, Any], view: dict[str, Any], action: str) -> None:
    post_json(f"{base_url}/api/games/{made['id']}/actions",
              {"action": action, "index": view["index"]},
              made["seats"][view["current_player"]]["token"])


def _to_my_bid(base_url: str, made: dict[str, Any], page: Any) -> dict[str, Any]:
    """Others open an auction at its least bid and pass after: up to seat 0's bid; the
    page at that position, settled."""
    for _ in range(60):
        view: dict[str, Any] = get_json(f"{base_url}/api/games/{made['id']}")
        bids = sorted((a for a in view["legal"] if a.startswith("bid ")),
                      key=lambda a: int(a.split()[1]))
        if view["current_player"] == 0 and bids:
            page.wait_for_function(f"() => document.querySelector('#game').dataset.gameIndex"
                                   f" === '{view['index']}'")
            wait_loaded(page)
            page.wait_for_timeout(300)
            return view
        opening = view["state"].get("auction") and view["state"]["auction"]["high_bid"] is None
        _act(base_url, made, view, bids[0] if bids and opening else "pass"
             if "pass" in view["legal"] else view["legal"][0])
    raise AssertionError("seat 0 was never to bid")


def test_pass_stays_in_its_place_from_one_auction_to_the_next(base_url: str,
                                                             open_page: Any) -> None:
    made = create(base_url, "chicago-express", NAMES)
    page = open_page(**DESKTOP).page
    page.goto(made["seats"][0]["invite_url"])
    wait_loaded(page)
    page.wait_for_selector("#game[data-live='1']")
    seen = []
    for _ in range(2):
        view = _to_my_bid(base_url, made, page)
        seen.append((page.locator("#actions .bids button.bid:not(.free)").count(),
                     _box(page, "#actions button.pass")))
        rich = max(int(a.split()[1]) for a in view["legal"] if a.startswith("bid "))
        _act(base_url, made, view, f"bid {min(rich, 30)}")  # less cash: fewer quick bids next
    (quick_a, pass_a), (quick_b, pass_b) = seen
    assert quick_a != quick_b, seen  # (else the row's content did not change)
    assert abs(pass_a["x"] - pass_b["x"]) < 1 and abs(pass_a["y"] - pass_b["y"]) < 1, seen


def test_a_share_value_keeps_the_map_on_moscow(base_url: str, open_page: Any) -> None:
    made = create(base_url, "trans-siberian", ["Ann", "Ben", "Cat", "Dan"])
    page = open_page(**DESKTOP).page
    page.goto(made["seats"][0]["invite_url"])
    wait_loaded(page)
    page.wait_for_selector("#game[data-live='1']")
    url = f"{base_url}/api/games/{made['id']}"
    for action in ("bid 30", "pass", "pass", "pass"):  # Ann wins red's opening auction
        _act(base_url, made, get_json(url), action)
    page.wait_for_selector("#board.clickable [data-action='link moscow-kazan']")
    click_action(page, "link moscow-kazan")  # clicked on the map, as the newcomer did
    page.wait_for_selector("#actions button.value")
    page.wait_for_timeout(300)
    moscow = _box(page, "#board [data-location='moscow']")
    frame = _box(page, "#board")
    inside = (moscow["x"] >= frame["x"] and moscow["y"] >= frame["y"]
              and moscow["x"] + moscow["width"] <= frame["x"] + frame["width"]
              and moscow["y"] + moscow["height"] <= frame["y"] + frame["height"])
    scrolled = page.evaluate("() => document.querySelector('#board').scrollTop")
    assert inside, (moscow, frame, scrolled)
