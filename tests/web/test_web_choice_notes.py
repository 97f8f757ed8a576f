"""Notes beside a choice in the browser (the title's ``choice_note``, the same words as
the terminal's tips): the sixteenth newcomer run bought its way to $0 in Trans-Siberian
and was shut out of the share market for the rest of the game with no word before (cash
comes back only with dividends, TS-5.2). A buy button that would do it says so under its
words (marked; its short form once under the buttons, the whole note in the button's
title); an amount typed
in an auction whose win would do it says so under the field (the line a refused amount
uses, calmer); an amount that leaves cash for a share says nothing."""

from __future__ import annotations

from typing import Any

from webplay import get_json, post_json, wait_loaded

NAMES = ["Ann", "Ben", "Cat", "Dan"]


def _game(base_url: str) -> dict[str, Any]:
    made: dict[str, Any] = post_json(f"{base_url}/api/games", {
        "title": "trans-siberian", "players": 4, "seats": [{"name": n} for n in NAMES]})
    return made


def _play(base_url: str, made: dict[str, Any], *actions: str) -> dict[str, Any]:
    tokens = {s["seat"]: s["token"] for s in made["seats"]}
    url = f"{base_url}/api/games/{made['id']}"
    for action in actions:
        view = get_json(url)
        post_json(f"{url}/actions", {"action": action, "index": view["index"]},
                  tokens[view["current_player"]])
    return dict(get_json(url))


def test_a_buy_that_leaves_no_cash_for_a_share_says_so_on_its_button(base_url: str,
                                                                      open_page: Any) -> None:
    made = _game(base_url)
    # Ann wins red at $30 and sets $8; nobody bids on the other three (TS-2.4, TS-2.5)
    view = _play(base_url, made, "bid 30", "pass", "pass", "pass", "link moscow-kazan",
                 "value 8", *["pass"] * 12)
    assert view["current_player"] == 0 and "buy red" in view["legal"], view["legal"]
    noted = next(m for m in view["moves"] if m["action"] == "buy red")
    assert noted["note"]["key"] == "ts.note_buy_locked", noted
    assert all("note" not in m for m in view["moves"] if m["action"] != "buy red")
    page = open_page(width=1366, height=768).page
    page.goto(made["seats"][0]["invite_url"])
    wait_loaded(page)
    button = page.locator('#move-list button[data-action="buy red"]')
    button.wait_for()
    # marked (its title and description the whole note), the note's short form once under
    # the buttons (one line: the board keeps its room), the whole in its title
    whole = "leaves you $2, less than the cheapest share for sale (red, $8)"
    assert whole in (button.get_attribute("title") or "")
    assert whole in (button.get_attribute("aria-description") or "")
    assert "noted" in (button.get_attribute("class") or "")
    line = page.locator("#move-list .noted-line")
    # said of the marked buttons: the 28th newcomer run, reading it after the last button,
    # took it for what passing does
    assert line.inner_text().strip().endswith("on the marked buttons: leaves you $2: no more"
                                              " shares until a dividend"), line.inner_text()
    assert whole in (line.get_attribute("title") or "")
    assert "noted" not in (page.locator('#move-list button[data-action="pass"]')
                           .get_attribute("class") or "")


def test_an_amount_whose_win_leaves_no_cash_for_a_share_says_so_under_the_field(
        base_url: str, open_page: Any) -> None:
    made = _game(base_url)
    page = open_page(width=1366, height=768, locale="de-DE").page
    page.goto(made["seats"][0]["invite_url"])
    wait_loaded(page)
    page.wait_for_selector("#bid-amount")
    why = page.locator("#bid-why")
    page.fill("#bid-amount", "33")
    page.wait_for_function("() => document.querySelector('#bid-why').textContent !== ''")
    assert why.inner_text().startswith("gewinnst du mit $33, bleiben dir $7"), why.inner_text()
    assert "noted" in (why.get_attribute("class") or "")
    page.fill("#bid-amount", "32")
    page.wait_for_function("() => document.querySelector('#bid-why').textContent === ''")
    page.fill("#bid-amount", "41")  # a refusal still says what is wrong, not the note
    page.wait_for_function("() => document.querySelector('#bid-why').textContent !== ''")
    assert "noted" not in (why.get_attribute("class") or ""), why.inner_text()
