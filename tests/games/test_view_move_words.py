"""Every move's sentence: English unchanged byte for byte, and the same words in every language.

The golden file tests/games/view_move_words.json is written by
tests/games/view_move_words_golden.py (seeded random games of both titles, every legal
move of every third position); it was first written from the views as they were before
their sentences moved to the catalogs games/*/data/words-*.json.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from cuberail.core.actions import Action
from cuberail.core.words import LANGUAGES, Said, Words, catalog, placeholders
from cuberail.games import get_game
from cuberail.games.words import MOVE_PACKAGES, TITLE_PACKAGES, move_words
from cuberail.terminal import face as view_module

GOLDEN = json.loads(Path(__file__).with_name("view_move_words.json").read_text("utf-8"))


def positions(game: dict[str, Any]) -> dict[int, Any]:
    """The positions of one golden game by index (the game replayed from its seed)."""
    state = get_game(game["title"]).new_game(game["players"], game["options"])
    rng = random.Random(game["seed"])
    wanted = {index for index, _, _ in game["moves"]}
    out, index = {}, 0
    while not state.is_terminal() and index <= max(wanted):
        if index in wanted:
            out[index] = state.clone()
        state.apply(rng.choice(state.legal_actions()))
        index += 1
    return out


@pytest.mark.parametrize("game", GOLDEN["games"], ids=lambda g: f"{g['title']}-{g['seed']}")
def test_english_sentences_are_unchanged(game: dict[str, Any]) -> None:
    """describe_action gives exactly the golden sentence for every move (the terminal, the
    logs, ``cuberail analyse`` and the server's ``label`` show it)."""
    view = view_module(game["title"])
    states = positions(game)
    for index, action, text in game["moves"]:
        assert view.describe_action(states[index], Action.from_text(action)) == text, (
            index, action)


@pytest.mark.parametrize("game", GOLDEN["games"][::3], ids=lambda g: f"{g['title']}-{g['seed']}")
@pytest.mark.parametrize("lang", LANGUAGES[1:])
def test_every_move_renders_in_every_language(game: dict[str, Any], lang: str) -> None:
    """No key or placeholder is missing (a miss raises) and no sentence stays English."""
    view = view_module(game["title"])
    states = positions(game)
    words = move_words(lang)
    changed = 0
    for index, action, text in game["moves"][::5]:
        said = view.describe_parts(states[index], Action.from_text(action))
        out = words.render(said)
        assert out.strip()
        changed += out != text
    assert changed > len(game["moves"][::5]) * 0.9


@pytest.mark.parametrize("package", MOVE_PACKAGES)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_move_catalog_has_exactly_the_english_keys_and_placeholders(
        package: str, lang: str) -> None:
    en, other = catalog(package, "en"), catalog(package, lang)
    assert sorted(other) == sorted(en)
    for key, text in en.items():
        assert placeholders(other[key]) == placeholders(text), (lang, key)
        assert other[key].strip(), (lang, key)


def test_said_is_plain_json_with_nested_words() -> None:
    """TS-4.2 jump fees: the browser gets the structure, and renders it as Python does."""
    said = Said("ts.cost_jumping", {"cost": "$9", "n": 2, "payees": (
        Said("ts.fee", {"company": Said("company.red"), "fee": 2}),
        Said("ts.fee", {"company": Said("company.bank"), "fee": 2}))})
    assert json.loads(json.dumps(said.to_json())) == {"key": "ts.cost_jumping", "values": {
        "cost": "$9", "n": 2, "payees": [
            {"key": "ts.fee", "values": {"company": {"key": "company.red", "values": {}},
                                         "fee": 2}},
            {"key": "ts.fee", "values": {"company": {"key": "company.bank", "values": {}},
                                         "fee": 2}}]}}
    assert move_words("en").render(said) == ("$9 (jumping 2 links of other owners: red $2, "
                                             "bank $2)")
    assert move_words("it").render(said) == ("$9 (saltando 2 collegamenti altrui: rossa $2, "
                                             "banca $2)")


def test_each_title_owns_its_move_words() -> None:
    """A title's sentences are in its own catalog; the catalogs never share a key."""
    keys = {p: set(catalog(p, "en")) for p in MOVE_PACKAGES}
    assert all(k.startswith(("ce.", "terrain.")) for k in keys[TITLE_PACKAGES["chicago-express"]])
    assert all(k.startswith(("ts.", "company.")) for k in keys[TITLE_PACKAGES["trans-siberian"]])
    assert len(Words("de", MOVE_PACKAGES).own) == sum(len(k) for k in keys.values())
