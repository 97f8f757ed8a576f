"""Issue 29 item 1, done when: after a whole game, the browser's log shows every auction
result, every dividend and the end reason the engine produced, in the page's language,
each under the move that caused it; and "since your last visit" marks what is new.

The game is played to its end through the API; the engine then replays its record and
says (``events``, English, with the players' names) what the log must show.
"""

from __future__ import annotations

from typing import Any

import pytest
from webapi import create, finished, play_until
from webplay import click_action, get_json, wait_loaded

from cuberail.core.record import Record, start_state
from cuberail.games import get_game, moves_module

PLAYERS = ["Ann", "Bob", "Cleo"]
KEYS = {"chicago-express": ("ce.ev_share", "ce.ev_share_free", "ce.ev_unsold", "ce.ev_paid",
                            "ce.ev_dividend", "ce.ev_dividend_last", "event.end"),
        "trans-siberian": ("ts.ev_won", "ts.ev_unsold", "ts.ev_dividend", "ts.ev_nationalized",
                           "event.end")}


def engine_events(base_url: str, game_id: str) -> list[tuple[str, str]]:
    """(key, English sentence) of every event the engine produced in the game's record."""
    record = Record.from_json(get_json(f"{base_url}/api/games/{game_id}/record"))
    state = start_state(record, get_game)
    words = moves_module(record.title)
    out = []
    for action in record.actions:
        before = state.clone()
        state.apply(action)
        keys = [s.key for s in words.event_parts(before, state)]
        out += zip(keys, words.events(before, state, PLAYERS), strict=True)
    return out


def finished_page(base_url: str, open_page: Any, title: str,
                  locale: str) -> tuple[Any, list[tuple[str, str]]]:
    made = create(base_url, title, PLAYERS)
    assert play_until(base_url, made, finished, seed=5)["over"]
    page = open_page(width=1366, height=900, locale=locale).page
    page.goto(made["seats"][0]["invite_url"])
    wait_loaded(page)
    page.wait_for_selector("#log li.move ul.events li.event")
    return page, engine_events(base_url, made["id"])


@pytest.mark.parametrize("title", sorted(KEYS))
def test_the_log_shows_every_auction_dividend_and_the_end(base_url: str, open_page: Any,
                                                          title: str) -> None:
    page, said = finished_page(base_url, open_page, title, "en-US")
    shown = page.locator("#log li.move:not(.undone) li.event").all_inner_texts()
    assert shown == [text for _key, text in said]  # every event, in order, in English
    wanted = [(k, text) for k, text in said if k in KEYS[title]]
    assert {k for k, _ in wanted} >= {KEYS[title][0], "event.end"}
    assert any("dividend" in k for k, _ in wanted)
    assert shown[-1].startswith("the game ends: ")
    first = page.locator("#log li.move").filter(has=page.locator("li.event")).first
    assert first.locator(".chip").count() >= 1  # companies as chips, in the move and events
    assert "seat " not in " ".join(shown)  # players by name


def test_the_log_in_german_has_no_english_event(base_url: str, open_page: Any) -> None:
    page, said = finished_page(base_url, open_page, "trans-siberian", "de-DE")
    shown = page.locator("#log li.move:not(.undone) li.event").all_inner_texts()
    assert len(shown) == len(said)
    text = page.locator("#log").inner_text()
    for _key, english in said:
        assert english not in text, english
    assert shown[-1].startswith("das Spiel endet: "), shown[-1]
    assert any(line.startswith("Dividende Nr. ") for line in shown)


def test_since_your_last_visit(base_url: str, open_page: Any) -> None:
    made = create(base_url, "chicago-express", PLAYERS)
    at = play_until(base_url, made, lambda v: v["index"] >= 4, seed=2)
    page = open_page().page
    page.goto(made["seats"][0]["invite_url"])
    wait_loaded(page)
    assert page.locator("#log li.since").count() == 0  # a first visit: nothing marked
    page.goto("about:blank")  # the reader leaves; the others play on
    later = play_until(base_url, made, lambda v: v["index"] >= at["index"] + 3, seed=3)
    page.goto(made["seats"][0]["invite_url"])
    wait_loaded(page)
    page.wait_for_selector("#log li.since")
    after = page.locator("#log li.since + li")
    assert after.get_attribute("data-seq") == str(at["seq"] + 1)
    assert page.locator("#log li.since").inner_text() == "since your last visit"
    assert later["seq"] > at["seq"]


def test_since_your_last_visit_never_marks_your_own_move(base_url: str,
                                                         open_page: Any) -> None:
    """A newcomer's run: back at the table, the reader's own move, just made, came under
    "since your last visit"; the mark is for others' moves before the page opened."""
    made = create(base_url, "chicago-express", PLAYERS)
    at = play_until(base_url, made, lambda v: v["index"] >= 4 and v["current_player"] == 0,
                    seed=2)
    page = open_page().page
    page.goto(made["seats"][0]["invite_url"])
    wait_loaded(page)
    page.reload()  # a second visit, nothing new since the first
    wait_loaded(page)
    page.wait_for_selector("#game[data-live='1']")
    assert page.locator("#log li.since").count() == 0
    click_action(page, sorted(at["legal"])[0])
    page.wait_for_selector(f"#log li.move[data-seq='{at['seq'] + 1}']")
    page.wait_for_timeout(300)
    assert page.locator("#log li.since").count() == 0
