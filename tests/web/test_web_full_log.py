"""Issue 29, done when: a browser that watches a whole game live, move by move as the
bots play, shows in its log every auction result, every dividend (what each player
received) and the end reason that the engine produces when it replays the record alone.

Seat 0 (the page's seat) is played through the API by a seeded policy; the other seats
are the server's ``easy`` bots. The engine then replays the game's record and says, as
words data (``event_parts``), what happened; each fact must be found, in English, among
the events under the move that caused it.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Any

import pytest
from webplay import get_json, post_json, wait_loaded

from cuberail.core.record import Record, start_state
from cuberail.core.state import GameState
from cuberail.core.words import SEAT, Said, Value, named, seat_name
from cuberail.games import get_game, moves_module
from cuberail.games.words import english

PLAYERS = ["Ann", "Bob", "Cleo"]
BOT = "easy"
# Each kind of fact, by the engine's event keys, and a word its English line must hold.
KINDS = {
    "auction": {"ce.ev_share": "gets", "ce.ev_share_free": "free", "ce.ev_unsold": "nobody bids",
                "ts.ev_won": "wins", "ts.ev_unsold": "nobody bids"},
    "dividend": {"ce.ev_dividend": "dividend", "ce.ev_dividend_last": "dividend",
                 "ce.ev_paid": "paid", "ce.ev_chicago": "Chicago",
                 "ts.ev_dividend": "dividend", "ts.ev_nationalized": "nationalized"},
    "end": {"event.end": "the game ends"},
}
MONEY = {"price", "amount", "income", "value"}


@dataclass(frozen=True)
class Fact:
    """One thing the engine said happened: its kind, the move (from 1) that caused it,
    and the words its line in the log must contain."""

    kind: str
    key: str
    move: int
    needles: tuple[str, ...]


def value_words(name: str, value: Value) -> list[str]:
    """A value of an event as the English the log must show (players by name, money as $N)."""
    if isinstance(value, Said) and value.key == SEAT and isinstance(value.values["n"], int):
        return [seat_name(PLAYERS, value.values["n"])]
    if isinstance(value, Said):
        return [english(named(value, PLAYERS))]
    if isinstance(value, tuple):
        return [w for item in value for w in value_words(name, item)]
    if isinstance(value, bool) or not isinstance(value, int):
        return [str(value)]
    return [f"${value}" if name in MONEY else f"#{value}" if name == "n" else str(value)]


def fact_of(said: Said, move: int) -> Fact | None:
    for kind, keys in KINDS.items():
        if said.key in keys:
            words = [w for k, v in said.values.items() for w in value_words(k, v)]
            return Fact(kind, said.key, move, (keys[said.key], *words))
    return None


def engine_facts(record: Record) -> tuple[list[Fact], GameState]:
    """Every auction result, dividend and end the engine produces replaying ``record``."""
    state = start_state(record, get_game)
    words = moves_module(record.title)
    facts = []
    for move, action in enumerate(record.actions, 1):
        before = state.clone()
        state.apply(action)
        facts += [f for said in words.event_parts(before, state)
                  if (f := fact_of(said, move)) is not None]
    return facts, state


def cheap_move(legal: list[str], rng: random.Random) -> str:
    """Seat 0's policy: often pass, else bid low, so that the game stays short."""
    bids = [a for a in legal if a.startswith("bid ")]
    if "pass" in legal and rng.random() < 0.5:
        return "pass"
    if bids and rng.random() < 0.7:
        return min(bids, key=lambda a: int(a.split()[1]))
    return rng.choice(legal)


def play_seat_zero(base_url: str, made: dict[str, Any], seed: int) -> dict[str, Any]:
    """Play seat 0 through the API while the bots play theirs, to the end; the last view."""
    rng = random.Random(seed)
    url = f"{base_url}/api/games/{made['id']}"
    token = made["seats"][0]["token"]
    deadline = time.monotonic() + 45
    while time.monotonic() < deadline:
        view: dict[str, Any] = get_json(url)
        if view["over"]:
            return view
        if view["current_player"] != 0:
            time.sleep(0.01)  # a bot's turn
            continue
        post_json(f"{url}/actions", {"action": cheap_move(view["legal"], rng),
                                     "index": view["index"]}, token)
    raise AssertionError("the game did not end within 45 seconds")


def shown_events(page: Any, moves: int) -> dict[int, list[str]]:
    """The page's log, once it shows all ``moves``: the event lines under each move."""
    page.wait_for_function(
        "n => document.querySelectorAll('#log li.move:not(.undone)').length === n", arg=moves,
        timeout=30000)
    wait_loaded(page)
    found: dict[int, list[str]] = {}
    for move, texts in page.evaluate(
            """() => [...document.querySelectorAll('#log li.move:not(.undone)')].map(li =>
                 [Number(li.dataset.index),
                  [...li.querySelectorAll('li.event')].map(e => e.innerText)])"""):
        found[move] = texts
    return found


def missing(facts: list[Fact], shown: dict[int, list[str]]) -> list[str]:
    """The facts not found under their move, in the engine's order within the move."""
    out = []
    at: dict[int, int] = {}
    for fact in facts:
        lines = shown.get(fact.move, [])
        start = at.get(fact.move, 0)
        hit = next((i for i in range(start, len(lines))
                    if all(n in lines[i] for n in fact.needles)), None)
        if hit is None:
            out.append(f"move {fact.move}: {fact.key} {fact.needles} not in {lines[start:]}")
        else:
            at[fact.move] = hit + 1
    return out


@pytest.mark.parametrize(("title", "seed"), [("chicago-express", 3), ("trans-siberian", 4)])
def test_a_watched_game_logs_every_auction_dividend_and_the_end(
        base_url: str, open_page: Any, title: str, seed: int) -> None:
    made = post_json(f"{base_url}/api/games", {
        "title": title, "players": len(PLAYERS),
        "seats": [{"name": n, "bot": BOT if i else None} for i, n in enumerate(PLAYERS)]})
    page = open_page(width=1366, height=768).page
    reads: list[str] = []
    page.on("request", lambda r: reads.append(r.url) if "/actions?since=" in r.url else None)
    page.goto(made["seats"][0]["invite_url"])
    wait_loaded(page)
    view = play_seat_zero(base_url, made, seed)
    shown = shown_events(page, view["index"])
    record = Record.from_json(get_json(f"{base_url}/api/games/{made['id']}/record"))
    facts, final = engine_facts(record)
    counts = {kind: sum(f.kind == kind for f in facts) for kind in KINDS}
    assert counts["auction"] > 0 and counts["dividend"] > 0 and counts["end"] == 1, counts
    numbered = [f for f in facts if f.key in ("ce.ev_dividend", "ce.ev_dividend_last",
                                                "ts.ev_dividend")]
    assert len(numbered) == final.dividends  # type: ignore[attr-defined]
    end = facts[-1]
    assert end.key == "event.end" and end.move == len(record.actions)
    assert len(end.needles) > 1, "the end says why"
    assert missing(facts, shown) == []
    assert len(reads) > 2, "the log grew while the game was played, not in one read"
    # the last dividend's notice goes when the end banner comes (it said the outcome;
    # the ninth newcomer run saw the notice stay over the end screen)
    page.wait_for_selector("#end-banner:not([hidden])")
    assert page.locator("#toast").is_hidden()
