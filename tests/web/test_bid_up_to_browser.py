""""Bid up to this amount" in the browser's auction panel (proxy.js).

Newcomers: medium bots raise by $1, so one auction asks a human a dozen times. As the
terminal table's ``up to 20``, the page then bids for its player in that auction: at each
of their decisions the lowest bid allowed while it is at most the limit, else a pass; each
sent as a click's move is (the server judges it). The auction panel says so ("Bidding for
you up to $12 — Stop"), Stop ends it, and a limit below the lowest bid is refused.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest
from webplay import get_json, post_json, wait_loaded

CATALOGS = Path(__file__).resolve().parents[2] / "src" / "cuberail" / "web" / "i18n"
ME = 0
STATUS = "#auction p.upto"
UPTO = "#auction button.upto"


def start(base_url: str, open_page: Any, title: str,
          locale: str = "en-US") -> tuple[Any, str, list[int]]:
    """A game of the player against two medium bots, its page at the player's first
    decision (the first auction): the page, the game's id, the bids allowed (lowest first)."""
    made = post_json(f"{base_url}/api/games", {
        "title": title, "players": 3,
        "seats": [{"name": "Me"}, {"bot": "medium"}, {"bot": "medium"}]})
    page = open_page(width=1366, height=768, locale=locale).page
    page.goto(made["seats"][ME]["invite_url"])
    wait_loaded(page)
    page.wait_for_selector(UPTO)
    view = get_json(f"{base_url}/api/games/{made['id']}")
    assert view["current_player"] == ME and view["state"]["auction"], view["legal"]
    bids = sorted(int(a.split()[1]) for a in view["legal"] if a.startswith("bid "))
    return page, made["id"], bids


def type_limit(page: Any, limit: int) -> None:
    """Type ``limit`` in the amount field (again if a live redraw of the panel replaced the
    field as it was typed in: the page keeps only what was typed in the field it shows)."""
    for _ in range(5):
        page.fill("#bid-amount", str(limit))
        page.wait_for_timeout(200)
        if page.input_value("#bid-amount") == str(limit):
            return
    raise AssertionError("the amount field did not keep the typed limit")


def entries(base_url: str, game: str) -> list[dict[str, Any]]:
    url = f"{base_url}/api/games/{game}/actions?since=0"
    found: list[dict[str, Any]] = get_json(url)["entries"]
    return found


def first_auction(base_url: str, game: str, wait: float = 90) -> list[dict[str, Any]]:
    """The moves of the first auction, once it closed (its last move's events say who won
    the share: CE-3.2, TS-2.2), made without a click of the test."""
    deadline = time.monotonic() + wait
    while time.monotonic() < deadline:
        moves = entries(base_url, game)
        closing = next((i for i, e in enumerate(moves) if e["events"]), None)
        if closing is not None:
            return moves[:closing + 1]
        time.sleep(0.3)
    raise AssertionError(f"the first auction did not close: {entries(base_url, game)}")


def amount(entry: dict[str, Any]) -> int | None:
    action = str(entry["action"])
    return int(action.split()[1]) if action.startswith("bid ") else None


@pytest.mark.parametrize(("title", "above"), [("chicago-express", 3), ("trans-siberian", 3),
                                              ("chicago-express", 99)])
def test_the_page_bids_the_lowest_bid_up_to_the_limit_then_passes(
        base_url: str, open_page: Any, title: str, above: int) -> None:
    page, game, bids = start(base_url, open_page, title)
    limit = min(bids[0] + above, bids[-1])  # a few dollars, or all the player's cash
    type_limit(page, limit)
    page.get_by_role("button", name="Bid up to this amount").click()
    status = page.locator(STATUS)
    assert status.inner_text().startswith(f"Bidding for you up to ${limit} — Stop")
    assert "closing or reloading it stops the bidding" in (status.get_attribute("title") or "")
    moves = first_auction(base_url, game)  # no further click
    high: int | None = None
    mine = []
    for e in moves:
        if e["seat"] == ME:
            lowest = bids[0] if high is None else high + 1
            mine.append(e["action"])
            if amount(e) is None:  # a pass: only once the lowest bid is above the limit
                assert e["action"] == "pass" and lowest > limit, (e, lowest, moves)
            else:  # each bid: the lowest allowed then, at most the limit
                assert amount(e) == lowest <= limit, (e, lowest, moves)
        high = amount(e) if amount(e) is not None else high
    assert [a for a in mine if a.startswith("bid ")], moves  # it bid for the player
    assert "pass" not in mine[:-1], mine  # a pass ends it
    top = max((e for e in moves if amount(e) is not None), key=lambda e: amount(e) or 0)
    assert (mine[-1] == "pass") != (top["seat"] == ME), moves  # passed at the limit, or won
    page.wait_for_selector(STATUS, state="detached")
    # won: said so (the eighteenth newcomer run won with a limit and read "the moves say
    # who won")
    said = ["You won the ", " share; the bidding for you is over."]
    if mine[-1] == "pass":
        last = max(i for i, e in enumerate(moves) if e["seat"] == ME)
        lowest = max(amount(e) or 0 for e in moves[:last]) + 1
        said = [f"The lowest bid, ${lowest}, is above your limit of ${limit}: passed for you.", ""]
    page.wait_for_function("([head, tail]) => { const x = document.querySelector('#message')"
                           ".textContent; return x.startsWith(head) && x.endsWith(tail); }",
                           arg=said, timeout=5000)
    # no move for the player after the auction: neither in the next auction nor later
    page.wait_for_timeout(2500)
    after = entries(base_url, game)[len(moves):]
    assert not [e for e in after if e["seat"] == ME], after
    # the log marks each move the page made, as the terminal's does (a newcomer run missed
    # why the player passed), and so after a reload
    for _ in range(2):
        for e in (e for e in moves if e["seat"] == ME):
            line = page.locator(f"#log li.move[data-seq='{e['seq']}']")
            want = (f"(passed for you: your limit of ${limit} is reached)"
                    if e["action"] == "pass" else f"(bid for you: up to ${limit})")
            line.wait_for(state="attached")
            assert line.locator(".proxied").inner_text().strip() == want, line.inner_text()
        assert page.locator("#log .proxied").count() == len(mine)
        page.reload()
        wait_loaded(page)


def test_stop_ends_the_bidding_for_the_player(base_url: str, open_page: Any) -> None:
    page, game, bids = start(base_url, open_page, "chicago-express")
    type_limit(page, bids[-1])
    page.focus("#bid-amount")
    for _ in range(2):  # by keyboard: from the field, past "Bid this amount" ("Pass" is first)
        page.keyboard.press("Tab")
    assert page.evaluate("() => document.activeElement.className") == "upto"
    # Enter on it (a click) sets the limit; the focus goes to the status line's Stop
    focus = page.evaluate("() => { document.activeElement.click();"
                          " return document.activeElement.className; }")
    assert focus == "upto-stop"
    page.wait_for_selector(STATUS)
    # the first bid made for the player appears in the record; then Stop
    deadline = time.monotonic() + 30
    while not [e for e in entries(base_url, game) if e["seat"] == ME]:
        assert time.monotonic() < deadline, "no bid was made for the player"
        time.sleep(0.2)
    assert page.get_by_role("button", name="Stop bidding for me").count() == 1
    said = page.evaluate("() => { document.querySelector('#auction .upto-stop').click();"
                         " return document.querySelector('#message').textContent; }")
    assert said == "No more bids for you: you bid yourself in this auction."
    page.wait_for_selector(STATUS, state="detached")
    # the bots answer; the player's next decision in this auction waits for them
    deadline = time.monotonic() + 30
    while True:
        view = get_json(f"{base_url}/api/games/{game}")
        shown = page.get_attribute("#game", "data-game-index")
        if view["current_player"] == ME and shown == str(view["index"]):
            break
        assert time.monotonic() < deadline, "the player's turn did not come again"
        time.sleep(0.2)
    assert [a for a in view["legal"] if a.startswith("bid ")]
    assert not entries(base_url, game)[-1]["events"]  # the auction runs on
    page.wait_for_timeout(2500)
    assert get_json(f"{base_url}/api/games/{game}")["index"] == view["index"]
    assert page.locator(STATUS).count() == 0
    page.wait_for_selector("#auction button.upto")  # and the controls are back


def test_a_limit_below_the_lowest_bid_is_refused_with_the_reason(base_url: str,
                                                                open_page: Any) -> None:
    page, game, bids = start(base_url, open_page, "chicago-express")
    type_limit(page, bids[0] - 1)
    upto = page.get_by_role("button", name="Bid up to this amount")
    assert upto.is_disabled()
    assert page.inner_text("#bid-why") == (f"${bids[0] - 1} is too low: the lowest bid allowed now"
                                           f" is ${bids[0]}.")
    page.wait_for_timeout(1500)
    assert page.locator(STATUS).count() == 0
    assert entries(base_url, game) == []  # nothing was played for the player


def test_a_click_with_the_lowest_bid_in_the_box_asks_for_a_limit(base_url: str,
                                                                  open_page: Any) -> None:
    """The twenty-second newcomer run clicked "Bid up to this amount" without typing: the
    box held the lowest bid, so the page bid it and passed at the next raise ("The lowest
    bid, $10, is above your limit of $7: passed for you"), the opening share lost. A
    click with the lowest bid in the box now asks for the limit, plays nothing, and puts
    the caret in the box."""
    page, game, bids = start(base_url, open_page, "chicago-express")
    assert page.input_value("#bid-amount") == str(bids[0])
    page.get_by_role("button", name="Bid up to this amount").click()
    assert page.inner_text("#bid-why") == (f"Type the most you would pay (above ${bids[0]}) in"
                                           " the box, then press “Bid up to this amount”.")
    assert page.evaluate("() => document.activeElement.id") == "bid-amount"
    page.wait_for_timeout(1500)
    assert page.locator(STATUS).count() == 0
    assert entries(base_url, game) == []  # nothing was played for the player


@pytest.mark.parametrize("lang", ["de", "it", "es", "ca"])
def test_the_button_and_the_status_line_in_each_language(base_url: str, open_page: Any,
                                                         lang: str) -> None:
    words = json.loads((CATALOGS / f"{lang}.json").read_text(encoding="utf-8"))
    page, _game, bids = start(base_url, open_page, "trans-siberian", locale=f"{lang}-ES")
    type_limit(page, bids[-1])
    page.get_by_role("button", name=words["auction.upto"], exact=True).click()
    status = page.locator(STATUS)
    shown = status.inner_text()
    said = words["auction.upto_status"].replace("{limit}", str(bids[-1]))
    assert shown.startswith(f"{said} — {words['auction.upto_stop']}"), shown
    assert status.get_attribute("title") == words["auction.upto_page"]
    assert page.get_by_role("button", name=words["auction.upto_stop_name"], exact=True).count() == 1
    said = page.evaluate("() => { document.querySelector('#auction .upto-stop').click();"
                         " return document.querySelector('#message').textContent; }")
    assert said == words["auction.upto_stopped"]
    page.wait_for_selector(STATUS, state="detached")
