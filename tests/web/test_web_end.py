"""The end of a game announced at the top of the page (issue 29, item 4), in Chromium:
the winner(s), every player's final score, and why the game ended, in the page's
language; the Chicago Express panel counts the dividends actually paid."""

from __future__ import annotations

from typing import Any

import pytest
from tests.server.play import finished_record
from webapi import create, finished, play_until
from webplay import get_json, post_json, wait_loaded

PLAYERS = ["Ann", "Bob", "Cleo"]


def open_finished(base_url: str, open_page: Any, title: str, options: dict[str, Any],
                  locale: str = "en-US") -> tuple[Any, dict[str, Any]]:
    made = create(base_url, title, PLAYERS, options)
    view = play_until(base_url, made, finished, seed=5)
    assert view["over"]
    page = open_page(width=1366, height=768, locale=locale).page
    page.goto(made["seats"][0]["invite_url"])
    wait_loaded(page)
    page.wait_for_selector("#end-banner:visible")
    return page, view


def check_banner(page: Any, view: dict[str, Any]) -> None:
    banner = page.locator("#end-banner")
    box = banner.bounding_box()
    assert box and box["y"] < 200, box  # at the top, not below the fold
    assert page.locator("#turn").is_hidden()  # no "The game is over." line above it
    assert page.locator("#actions").is_hidden()  # nor a card saying it under the banner
    # (the replay bar's heading: no "the game goes on" at the end)
    assert page.locator("#replay-title").inner_text() in ("Replay", "Wiederholung")
    scores = view["result"]["scores"]
    rows = banner.locator("tbody tr:not(.parts-row)")
    assert rows.count() == len(PLAYERS)
    shown = [int(rows.nth(i).locator("td.score").inner_text().lstrip("$"))
             for i in range(rows.count())]
    assert shown == sorted(scores, reverse=True)
    winners = [PLAYERS[s] for s in view["result"]["winners"]]
    title = banner.locator("h2").inner_text()
    assert all(name in title for name in winners), title
    for seat in view["result"]["winners"]:
        assert banner.locator(f"tr.winner[data-seat='{seat}']").count() == 1


def test_chicago_express_end_banner(base_url: str, open_page: Any) -> None:
    page, view = open_finished(base_url, open_page, "chicago-express", {})
    check_banner(page, view)
    why = page.locator("#end-banner .why").inner_text()
    assert why.startswith("The game ended because ")
    state = view["state"]
    english = {"ce.end_locos": "3 companies have no locomotives left",
               "ce.end_shares": "3 companies have no unsold shares",
               "ce.end_houses": "the supply holds 3 houses or fewer",
               "ce.end_detroit": "Detroit stands at its maximum"}
    said = {w["key"] for w in state["end"]}
    assert said, "a finished game says why it ended (CE-9.1)"
    for key, sentence in english.items():
        assert (sentence in why) == (key in said), why
    paid = page.locator("#end .dividends-paid").inner_text()
    assert paid == f"General dividends paid: {state['dividends_paid']}"


def test_trans_siberian_end_banner_in_german(base_url: str, open_page: Any) -> None:
    page, view = open_finished(base_url, open_page, "trans-siberian", {"dividend_track": 1},
                               locale="de-DE")
    check_banner(page, view)
    heading = page.locator("#end-banner h2").inner_text()
    assert any(w in heading for w in ("gewinnt", "du gewinnst", "teilen sich den Sieg")), heading
    why = page.locator("#end-banner .why").inner_text()
    assert why == "Das Spiel ist zu Ende: die Dividendenleiste ist am Ende angekommen.", why
    assert "dividend track" not in page.locator("#end").inner_text()  # translated there too


def test_trans_siberian_end_banner_says_what_each_score_is_made_of(
        base_url: str, open_page: Any) -> None:
    """The 28th newcomer run's scores were cash plus shares, some of companies
    nationalized: the terminal's final standings said "$39 cash + red 1 × $40 = $79",
    the browser's banner only the sum. Each row now gives the parts (TS-9.2), and a
    share that counts nothing says why (TS-8.1)."""
    page, view = open_finished(base_url, open_page, "trans-siberian", {"dividend_track": 3})
    check_banner(page, view)
    state = view["state"]
    companies = {c["id"]: c for c in state["companies"]}
    for player in state["players"]:
        row = page.locator(f"#end-banner tr[data-seat='{player['seat']}']")
        text = row.locator("td.parts").inner_text()
        held = [(c, n) for c, n in player["shares"].items() if companies[c]["public"]]
        said = " + ".join([f"${player['cash']} cash"]
                          + [f"{c} {n} × ${companies[c]['share_value']}" for c, n in held])
        assert text.startswith(f"{said} = ${player['score']}"), (text, player)
        for c, n in player["shares"].items():
            if not companies[c]["public"]:
                why = "nationalized" if companies[c]["status"] == "nationalized" \
                    else "not public"
                assert f"{c} {n}: $0 ({why})" in text, text
    assert page.locator("#end-banner thead").inner_text().count("Made of") == 1


def test_a_share_that_counts_nothing_says_why(base_url: str, open_page: Any) -> None:
    """A random game's end (tests/server/play.py, seed 1): Ann holds one blue share, and
    blue, in play, is not public (1 share owned; TS-9.2 counts public companies only):
    "blue 1: $0 (not public)"."""
    record = finished_record(1)
    made = post_json(f"{base_url}/api/games/import", {"record": record.to_json()})
    page = open_page(width=1366, height=768).page
    page.goto(made["seats"][0]["invite_url"])
    wait_loaded(page)
    text = page.locator("#end-banner tr[data-seat='0'] td.parts").inner_text()
    assert "; blue 1: $0 (not public)" in text, text


def test_chicago_express_end_banner_tells_each_players_money_story(
        base_url: str, open_page: Any) -> None:
    """The 28th newcomer run lost a Chicago Express game in the browser and could not
    tell why: the terminal's standings said "$40 at the start + $92 from dividends − $91
    spent = $41", the banner only the cash (CE-9.2: the most cash wins). Each row now
    says it, the dividends summed from the log's payments."""
    page, view = open_finished(base_url, open_page, "chicago-express", {})
    check_banner(page, view)
    start = get_json(f"{base_url}/api/games/{view['id']}/state?at=0")["state"]
    entries = get_json(f"{base_url}/api/games/{view['id']}/actions")["entries"]
    paid = {p["seat"]: 0 for p in start["players"]}
    for e in entries:
        for ev in e.get("events") or []:
            for pay in (ev.get("values") or {}).get("payments") or []:
                paid[pay["values"]["seat"]["values"]["n"]] += pay["values"]["amount"]
    assert any(paid.values()), "no dividend was paid in this game"
    for player in view["state"]["players"]:
        seat, cash = player["seat"], player["cash"]
        begin = start["players"][seat]["cash"]
        cell = page.locator(f"#end-banner tr[data-seat='{seat}'] td.parts")
        cell.wait_for()
        spent = begin + paid[seat] - cash
        assert cell.inner_text() == (f"${begin} at the start + ${paid[seat]} from dividends"
                                     f" − ${spent} spent = ${cash}"), cell.inner_text()


def test_the_winner_s_own_page_says_you_win_a_watcher_s_names_them(
        base_url: str, open_page: Any) -> None:
    """The 43rd newcomer run, seated as "Me", read "Game over — Me wins!": the winner's own
    page says "you win", with the name; a watcher's (and a loser's) names the winner."""
    made = create(base_url, "chicago-express", PLAYERS, {})
    view = play_until(base_url, made, finished, seed=5)
    winners = view["result"]["winners"]
    if len(winners) != 1:
        pytest.skip("a shared victory: the banner names them all")
    won = winners[0]
    lost = next(seat for seat in range(len(PLAYERS)) if seat != won)
    name = PLAYERS[won]
    for url, heading in ((made["seats"][won]["invite_url"], f"Game over — you win, {name}!"),
                         (made["seats"][lost]["invite_url"], f"Game over — {name} wins!"),
                         (f"{base_url}/g/{made['id']}", f"Game over — {name} wins!")):
        page = open_page(width=1366, height=768).page
        page.goto(url)
        page.wait_for_selector("#end-banner:visible")
        assert page.locator("#end-banner h2").inner_text() == heading
