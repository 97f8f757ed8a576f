"""CE-9.1 and TS-9.1: a finished game says why it ended, as words data every face renders
in the reader's language (the snapshot's ``end``), the same reasons as the engine's."""

from __future__ import annotations

import random

import pytest

from cuberail.core.state import GameState
from cuberail.core.words import LANGUAGES, Said, Words
from cuberail.games import get_game, moves_module
from cuberail.games.trans_siberian.board import COMPANY_IDS, NUM_COMPANIES, TOP
from cuberail.games.trans_siberian.state import NATIONALIZED
from cuberail.games.words import MOVE_PACKAGES

ENGLISH = {"chicago-express": "end_conditions", "trans-siberian": "end_reasons"}


def finished(title: str, seed: int) -> GameState:
    state = get_game(title).new_game(4)
    rng = random.Random(seed)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("title", sorted(ENGLISH))
def test_the_end_reasons_as_words_are_the_engines_reasons(title: str) -> None:
    english = Words("en", MOVE_PACKAGES)
    seen: set[str] = set()
    for seed in range(12):
        state = finished(title, seed)
        parts = moves_module(title).end_parts(state)
        assert parts, "a finished game ends for a reason"
        reasons = getattr(state, ENGLISH[title])()
        said = [english.render(p) for p in parts]
        assert said[:len(reasons)] == reasons
        assert said[len(reasons):] == nationalized_note(state, reasons)
        assert state.to_json()["end"] == [p.to_json() for p in parts]
        seen.update(p.key for p in parts)
    assert seen  # the check above ran on real reasons


def nationalized_note(state: GameState, reasons: list[str]) -> list[str]:
    """TS-8.1: after the reasons, the companies nationalized (their shares count for
    nothing), unless every company was (the reason says so)."""
    if state.title != "trans-siberian":
        return []
    companies = state.to_json()["companies"]
    gone = [c["id"] for c in companies if c["status"] == "nationalized"]
    out = []
    if gone and not any("every company in play was nationalized" in r for r in reasons):
        out.append("the shares of the nationalized companies count for nothing:"
                   f" {', '.join(gone)} (TS-8.1)")
    topped = [c for c in range(len(companies)) if companies[c]["status"] == "nationalized"
              and state.value[c] == TOP]  # type: ignore[attr-defined]
    if topped:
        out.append(topped_note(", ".join(companies[c]["id"] for c in topped)))
    return out


def topped_note(companies: str) -> str:
    return (f"{companies} reached the top share value $75, but a dividend nationalizes before"
            " the game's end is checked (TS-6, TS-8.1, TS-9.1), so it counted for nothing")


def test_a_company_nationalized_at_the_top_value_says_why_that_did_not_end_it() -> None:
    """The 29th newcomer run: blue reached $75 ("the game ends when a share value reaches
    $75") and was nationalized at the same dividend, its value at or below the marker
    (TS-8.1 comes before the end check, TS-6 and TS-9.1); the end said only that every
    company had gone. It now says why the $75 counted for nothing."""
    for seed in range(40):
        state = finished("trans-siberian", seed)
        gone = [c for c in range(NUM_COMPANIES) if state.status[c] == NATIONALIZED]  # type: ignore[attr-defined]
        if gone:
            break
    else:
        pytest.fail("no random game nationalized a company")
    state.value[gone[0]] = TOP  # type: ignore[attr-defined]  # as if it had reached $75
    said = [Words("en", MOVE_PACKAGES).render(p)
            for p in moves_module("trans-siberian").end_parts(state)]
    assert said[-1] == topped_note(COMPANY_IDS[gone[0]]), said


def test_a_game_ended_with_companies_nationalized_says_their_shares_count_nothing() -> None:
    """The 25th newcomer run took cash-only scores for a bug: every company had been
    nationalized (TS-8.1: their shares leave the game). The end says so."""
    notes = {"note": 0, "all": 0}
    for seed in range(40):
        state = finished("trans-siberian", seed)
        said = [Words("en", MOVE_PACKAGES).render(p)
                for p in moves_module("trans-siberian").end_parts(state)]
        notes["note"] += any("count for nothing: " in s for s in said)
        notes["all"] += any(s.startswith("every company in play was nationalized and none can"
                                         " enter: their shares count for nothing, so the"
                                         " scores are cash alone") for s in said)
    assert notes["note"] and notes["all"], notes


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_end_reason_has_a_sentence_in_every_language(lang: str) -> None:
    words = Words(lang, MOVE_PACKAGES)
    keys = [Said(f"ce.end_{c}") for c in ("locos", "shares", "houses", "detroit")]
    keys += [Said(f"ts.end_{c}", {"top": 75} if c == "top" else {})
             for c in ("top", "dividends", "empty")]
    keys.append(Said("ts.end_nationalized", {"companies": (Said("company.red"),)}))
    keys.append(Said("ts.end_top_gone", {"companies": (Said("company.red"),), "top": 75}))
    for said in keys:
        assert said.key in words.own, (lang, said.key)
        assert "{" not in words.render(said)


def test_an_unfinished_game_has_no_end_reasons() -> None:
    for title in ENGLISH:
        assert "end" not in get_game(title).new_game(4).to_json()
