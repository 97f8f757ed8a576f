"""Issue 29: what happened by itself, as words data (``moves.event_parts``), says every
auction result, every dividend payment and the end reason the engine produced.

Whole seeded games are played through the engine; after each action the state's deltas
(shares held, treasuries, cash, dividends, companies' status) are compared with the
sentences ``event_parts`` gave for it. The seats are seat values (``Said("seat")``),
rendered as names by each face; every sentence reads in every language.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from cuberail.core.state import GameState
from cuberail.core.words import LANGUAGES, SEAT, Said, Words, named, seat
from cuberail.games import get_game, moves_module
from cuberail.games.words import MOVE_PACKAGES

CE, TS = "chicago-express", "trans-siberian"
NAMES = ["Ann", "Bob", "Cyd", "Dee"]


def steps(title: str, seed: int) -> Iterator[tuple[GameState, GameState, list[Said]]]:
    """(before, after, event_parts) for every action of a whole seeded 4-player game."""
    state, rng = get_game(title).new_game(4), random.Random(seed)
    words = moves_module(title)
    while not state.is_terminal():
        before = state.clone()
        state.apply(rng.choice(state.legal_actions()))
        yield before, state, words.event_parts(before, state)


def of(parts: list[Said], *keys: str) -> list[Said]:
    return [p for p in parts if p.key in keys]


def payments(said: Said) -> dict[int, int]:
    """seat -> amount of a sentence's ``payments`` list."""
    out: dict[int, int] = {}
    for pay in said.values["payments"]:
        assert isinstance(pay, Said) and pay.key == "event.payment"
        who = pay.values["seat"]
        assert isinstance(who, Said) and who.key == SEAT
        out[int(who.values["n"])] = int(pay.values["amount"])
    return out


def ce_shares(b: Any, a: Any) -> list[tuple[int, str, int]]:
    """CE: (seat, company, price) of every share a player got in one action."""
    from cuberail.games.chicago_express.board import COMPANY_IDS
    return [(p, COMPANY_IDS[c], a.treasury[c] - b.treasury[c])
            for p in range(b.num_players) for c in range(len(COMPANY_IDS))
            if a.held[p][c] > b.held[p][c]]


def said_shares(parts: list[Said]) -> list[tuple[int, str, int]]:
    out = []
    for p in of(parts, "ce.ev_share", "ce.ev_share_free"):
        who = p.values["seat"]
        assert isinstance(who, Said)
        out.append((int(who.values["n"]), str(p.values["company"]),
                    int(p.values.get("price", 0))))
    return out


def ce_paid(b: Any, a: Any) -> dict[int, int]:
    """CE-8: each seat's cash gain, money paid for a share in the same action added back."""
    paid = {p: a.cash[p] - b.cash[p] for p in range(b.num_players)}
    for p, _company, price in ce_shares(b, a):
        paid[p] += price
    return paid


@pytest.mark.parametrize("seed", range(4))
def test_ce_every_share_dividend_and_the_end_are_said(seed: int) -> None:
    won = dividends = 0
    for b, a, parts in steps(CE, seed):
        assert said_shares(parts) == ce_shares(b, a)
        won += len(ce_shares(b, a))
        said = of(parts, "ce.ev_dividend", "ce.ev_dividend_last")
        assert [p.values["n"] for p in said] == list(range(b.dividends + 1, a.dividends + 1))
        if a.dividends > b.dividends:
            dividends += 1
            assert payments(of(parts, "ce.ev_paid")[0]) == ce_paid(b, a)
    assert won >= 8 and dividends == a.dividends > 0
    assert parts[-1] == Said("event.end", {"reasons": tuple(moves_module(CE).end_parts(a))})


def ts_won(b: Any, a: Any) -> list[tuple[int, str, int]]:
    """TS-2: (seat, company, price) of every company that entered play in one action."""
    from cuberail.games.trans_siberian.board import COMPANY_IDS
    from cuberail.games.trans_siberian.state import ACTIVE
    return [(next(p for p in range(a.num_players) if a.shares_held(p, c)), COMPANY_IDS[c],
             a.treasury[c]) for c in range(len(COMPANY_IDS))
            if b.status[c] != a.status[c] and a.status[c] == ACTIVE]


def said_won(parts: list[Said]) -> list[tuple[int, str, int]]:
    out = []
    for p in of(parts, "ts.ev_won"):
        who, company = p.values["seat"], p.values["company"]
        assert isinstance(who, Said) and isinstance(company, Said)
        out.append((int(who.values["n"]), company.key.removeprefix("company."),
                    int(p.values["price"])))
    return out


def ts_nationalized(b: Any, a: Any) -> list[Said]:
    from cuberail.games.trans_siberian.board import COMPANY_IDS
    from cuberail.games.trans_siberian.state import NATIONALIZED
    return [Said(f"company.{COMPANY_IDS[c]}") for c in range(len(COMPANY_IDS))
            if a.status[c] == NATIONALIZED and b.status[c] != NATIONALIZED]


def ts_paid(b: Any, a: Any) -> dict[int, int]:
    """TS-6: each seat's cash gain (the surcharge the mover paid in the action added back)."""
    from cuberail.games.trans_siberian.board import SURCHARGE
    from cuberail.games.trans_siberian.state import PICK_SURCHARGE
    paid = {p: a.cash[p] - b.cash[p] for p in range(a.num_players)}
    if b.step == PICK_SURCHARGE:
        paid[b.turn] += SURCHARGE
    return paid


@pytest.mark.parametrize("seed", range(4))
def test_ts_every_auction_dividend_nationalization_and_the_end_are_said(seed: int) -> None:
    won = dividends = 0
    for b, a, parts in steps(TS, seed):
        assert said_won(parts) == ts_won(b, a)
        won += len(ts_won(b, a))
        said = of(parts, "ts.ev_dividend")
        assert [p.values["n"] for p in said] == list(range(b.dividends + 1, a.dividends + 1))
        if said:
            dividends += 1
            assert payments(said[0]) == ts_paid(b, a)
        gone = of(parts, "ts.ev_nationalized")
        assert [p.values["company"] for p in gone] == ts_nationalized(b, a)
    assert won >= 2 and dividends == a.dividends > 0
    assert parts[-1] == Said("event.end", {"reasons": tuple(moves_module(TS).end_parts(a))})


@pytest.mark.parametrize("title", [CE, TS])
def test_events_is_the_english_of_event_parts_with_the_names(title: str) -> None:
    english = Words("en", MOVE_PACKAGES)
    for b, a, parts in steps(title, 7):
        texts = moves_module(title).events(b, a, NAMES)
        assert texts == [english.render(named(p, NAMES)) for p in parts]
        assert all("seat " not in text for text in texts)
    assert texts[-1].startswith("the game ends: ")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_event_reads_in_every_language(lang: str) -> None:
    words, english = Words(lang, MOVE_PACKAGES), Words("en", MOVE_PACKAGES)
    seen: set[str] = set()
    for title in (CE, TS):
        for seed in range(3):
            for _b, _a, parts in steps(title, seed):
                for p in parts:
                    assert p.key in words.own, (lang, p.key)
                    text = words.render(named(p, NAMES))
                    assert "{" not in text, (lang, text)
                    assert lang == "en" or text != english.render(named(p, NAMES)), text
                    seen.add(p.key)
    assert {"ce.ev_share", "ce.ev_paid", "ts.ev_won", "ts.ev_dividend", "event.end"} <= seen


def test_a_seat_value_reads_as_a_name_or_as_the_seat() -> None:
    said = Said("event.payment", {"seat": seat(1), "amount": 5})
    assert Words("en").render(named(said, NAMES)) == "Bob +$5"
    assert Words("en").render(named(said, ["Ann"])) == "seat 1 +$5"
    assert said.to_json()["values"] == {"seat": {"key": "seat", "values": {"n": 1}}, "amount": 5}
