"""An undo against bots in the browser log, in Chromium (the eleventh newcomer run).

Free undo against bots takes back the player's move and the bots' answers after it: the
server writes one undo entry per move taken back, all in the player's name. The log
showed one "takes back the last move" line per entry, each with the words of a bot's
move under the player's name, and the moves played after it reused the struck lines'
numbers. Now one line says who took back what ("Ann takes back their move (…) and the 2
bot moves after it"), the moves taken back are struck under their own players' names,
without a number, and the numbers shown stay unique.
"""

from __future__ import annotations

import os
from typing import Any

from webplay import click_action, get_json, is_my_turn, offered, post_json, wait_loaded

SHOTS = os.environ.get("CUBERAIL_SHOTS")  # a folder: screenshots of the log for a look


def lines(page: Any) -> list[dict[str, Any]]:
    """The log's lines: class, visible move number, player's name, text."""
    return list(page.evaluate("""() => [...document.querySelectorAll('#log > li')].map(li => ({
        cls: li.className, number: li.querySelector(':scope > a.at')?.textContent || '',
        who: li.querySelector(':scope > strong')?.textContent || '', text: li.innerText}))"""))


def test_one_undo_line_names_the_player_and_the_numbers_stay_unique(
        base_url: str, open_page: Any) -> None:
    made = post_json(f"{base_url}/api/games", {
        "title": "chicago-express", "players": 3,
        "seats": [{"name": "Ann"}, {"bot": "random"}, {"bot": "random"}]})
    game_id = made["id"]
    page = open_page(width=1280, height=800).page
    page.goto(made["seats"][0]["invite_url"])
    assert is_my_turn(page)
    click_action(page, "bid 7")  # CE-2.1: Ann opens; the two bots answer at once
    page.wait_for_selector("#turn.mine")
    view = get_json(f"{base_url}/api/games/{game_id}")
    answered = view["index"] - 1
    assert answered >= 1 and view["undo_seat"] == 0, view
    bots = [s["name"] for s in view["players"][1:]]
    page.click("#undo")
    page.wait_for_selector("#game[data-game-index='0'][aria-busy='false']")
    page.wait_for_selector("#log li.undo")
    if SHOTS:
        page.locator("#log").screenshot(path=f"{SHOTS}/undo-log.png")
    shown = lines(page)
    undos = [x for x in shown if "undo" in x["cls"].split()]
    assert len(undos) == 1, shown  # one line for one undo, however many moves it took back
    said = undos[0]["text"]
    assert undos[0]["who"] == "Ann", undos
    assert said.startswith("Ann takes back their move (bid $7"), said
    tail = "the bot's move after it" if answered == 1 else f"the {answered} bot moves after it"
    assert said.endswith(tail), said
    struck = [x for x in shown if "undone" in x["cls"].split()]
    assert len(struck) == answered + 1, shown
    assert struck[0]["who"] == "Ann", struck  # each struck move under its own player's name
    assert all(any(b in x["who"] for b in bots) for x in struck[1:]), struck
    assert not any(x["number"] for x in struck), struck  # a move taken back has no number
    # Ann plays again: the new moves are numbered from 1 again, and no number is shown twice
    wait_loaded(page)
    assert is_my_turn(page)
    click_action(page, "bid 8" if "bid 8" in offered(page) else offered(page)[0])
    page.wait_for_selector("#turn.mine")
    n = get_json(f"{base_url}/api/games/{game_id}")["index"]
    page.wait_for_function("n => document.querySelectorAll('#log li.move:not(.undone)').length"
                           " === n", arg=n)
    if SHOTS:
        page.locator("#log").screenshot(path=f"{SHOTS}/undo-log-after.png")
    numbers = [x["number"] for x in lines(page) if x["number"]]
    assert numbers == [f"{i}." for i in range(1, n + 1)], lines(page)
    # a reload reads the same from the history
    page.reload()
    wait_loaded(page)
    page.wait_for_selector("#log li.undo")
    again = lines(page)
    assert [x["text"] for x in again if "undo" in x["cls"].split()] == [said]
    assert [x["number"] for x in again if x["number"]] == numbers


def test_an_undo_of_a_move_nobody_answered_reads_as_before_in_every_language(
        base_url: str, open_page: Any) -> None:
    made = post_json(f"{base_url}/api/games", {
        "title": "chicago-express", "players": 2, "seats": [{"name": "Ann"}, {"name": "Bob"}]})
    page = open_page(locale="de-DE").page
    page.goto(made["seats"][0]["invite_url"])
    assert is_my_turn(page)
    click_action(page, "bid 7")
    page.click("#undo")
    page.wait_for_selector("#log li.undo")
    shown = lines(page)
    undos = [x["text"] for x in shown if "undo" in x["cls"].split()]
    assert len(undos) == 1 and undos[0].startswith("Ann nimmt den letzten Zug zurück ("), shown
    assert "Bots" not in undos[0]
    assert [x["number"] for x in shown if "undone" in x["cls"].split()] == [""], shown
