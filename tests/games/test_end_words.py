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
        assert [english.render(p) for p in parts] == getattr(state, ENGLISH[title])()
        assert state.to_json()["end"] == [p.to_json() for p in parts]
        seen.update(p.key for p in parts)
    assert seen  # the check above ran on real reasons


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_end_reason_has_a_sentence_in_every_language(lang: str) -> None:
    words = Words(lang, MOVE_PACKAGES)
    keys = [Said(f"ce.end_{c}") for c in ("locos", "shares", "houses", "detroit")]
    keys += [Said(f"ts.end_{c}", {"top": 75} if c == "top" else {})
             for c in ("top", "dividends", "empty")]
    for said in keys:
        assert said.key in words.own, (lang, said.key)
        assert "{" not in words.render(said)


def test_an_unfinished_game_has_no_end_reasons() -> None:
    for title in ENGLISH:
        assert "end" not in get_game(title).new_game(4).to_json()
