"""CE-9.1 and TS-9.1: a finished game says why it ended, as words data every face renders
in the reader's language (the snapshot's ``end``), the same reasons as the engine's."""

from __future__ import annotations

import random

import pytest

from cuberail.core.state import GameState
from cuberail.core.words import LANGUAGES, Said, Words
from cuberail.games import get_game, moves_module
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
    gone = [c["id"] for c in state.to_json()["companies"] if c["status"] == "nationalized"]
    if not gone or any("every company in play was nationalized" in r for r in reasons):
        return []
    return ["the shares of the nationalized companies count for nothing:"
            f" {', '.join(gone)} (TS-8.1)"]


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
    for said in keys:
        assert said.key in words.own, (lang, said.key)
        assert "{" not in words.render(said)


def test_an_unfinished_game_has_no_end_reasons() -> None:
    for title in ENGLISH:
        assert "end" not in get_game(title).new_game(4).to_json()
