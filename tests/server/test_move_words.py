"""A move's words for the page: ``moves[i].words`` and GET /api/words/{lang}.

The browser renders a move's ``words`` (a catalog key and its values, nested for words
that translate) with the catalog of its page's language; ``label`` stays the terminal's
English for API clients. ``render`` (served_words.py) does what web/js/i18n.js ``sayParts`` does.
"""

from __future__ import annotations

import re

import pytest
from fastapi.testclient import TestClient
from play import new_game, play_until, view
from served_words import render

from cuberail.core.words import LANGUAGES, catalog
from cuberail.games.words import move_packages
from cuberail.server.games import SERVER_WORDS


@pytest.mark.parametrize("title", ["chicago-express", "trans-siberian"])
def test_every_move_carries_its_words_and_english_label(client: TestClient, title: str) -> None:
    """Rendered with the English catalog, a move's words are its label, byte for byte."""
    game = new_game(client, 4, title=title)
    english = client.get("/api/words/en").json()["words"]
    seen = 0
    for stop in (0, 30, 60):
        play_until(client, game, stop=stop)
        for m in view(client, game["id"])["moves"]:
            assert render(m["words"], english) == m["label"], m
            seen += 1
    assert seen > 20


def test_the_same_moves_read_in_italian(client: TestClient) -> None:
    game = new_game(client, 3, title="trans-siberian")
    play_until(client, game, stop=40)
    italian = client.get("/api/words/it").json()["words"]
    moves = view(client, game["id"])["moves"]
    said = [render(m["words"], italian) for m in moves]
    assert said and all(s != m["label"] for s, m in zip(said, moves, strict=True))
    assert any(re.search(r"\b(rossa|blu|verde|gialla|nera|bianca)\b", s) for s in said)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_words_of_a_language_hold_every_move_and_refusal_key(client: TestClient, lang: str) -> None:
    answer = client.get(f"/api/words/{lang}").json()
    assert answer["lang"] == lang
    keys = {k for p in (*move_packages(), SERVER_WORDS) for k in catalog(p, "en")}
    assert set(answer["words"]) == keys
    assert answer["words"] == {**answer["words"], **{
        k: v for p in (*move_packages(), SERVER_WORDS) for k, v in catalog(p, lang).items()}}


@pytest.mark.parametrize(("tag", "lang"), [("it-IT", "it"), ("de_CH", "de"), ("fr", "en")])
def test_a_language_tag_picks_its_words_or_english(client: TestClient, tag: str,
                                                   lang: str) -> None:
    assert client.get(f"/api/words/{tag}").json()["lang"] == lang


@pytest.mark.parametrize("tag", ["it it", "1t", "x" * 50])
def test_what_is_not_a_language_tag_is_a_clear_422(client: TestClient, tag: str) -> None:
    answer = client.get(f"/api/words/{tag}")
    assert answer.status_code == 422
    assert "is not a language tag; cuberail draws in: en, it, es, de, ca" in answer.text
