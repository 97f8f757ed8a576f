"""The board's words in the reader's language: catalogs, tooltips, the moves on an element."""

from __future__ import annotations

import importlib
import random
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator

import pytest
from drawstates import position_where, state_where

from cuberail.core.errors import CuberailError
from cuberail.core.state import GameState
from cuberail.draw import board_svg, svg_for
from cuberail.draw.words import LANGUAGES, Words, catalog, language, placeholders
from cuberail.games import get_game

NS = "{http://www.w3.org/2000/svg}"
TITLES = ("chicago-express", "trans-siberian")
BOARD_KINDS = {"place", "develop", "choose", "link", "value"}
VIEWS = {"chicago-express": "cuberail.games.chicago_express.moves",
         "trans-siberian": "cuberail.games.trans_siberian.moves"}


def titles_of(svg: str) -> list[str]:
    return [e.text or "" for e in ET.fromstring(svg).iter(f"{NS}title")]


def texts_of(svg: str) -> list[str]:
    return [e.text or "" for e in ET.fromstring(svg).iter(f"{NS}text")]


def mid_game(title: str, seed: int, kind: str, after: int = 60) -> GameState:
    """A seeded random game played at least ``after`` moves, stopped where a ``kind`` move
    is legal (a position with networks, owners and houses, and moves on the board)."""
    state = get_game(title).new_game(4)
    rng = random.Random(seed)
    for i in range(1500):
        if i >= after and any(a.kind == kind for a in state.legal_actions()):
            return state
        assert not state.is_terminal(), f"seed {seed}: no {kind!r} move after {after}"
        state.apply(rng.choice(state.legal_actions()))
    raise AssertionError(f"seed {seed}: no {kind!r} move")


def board_positions(title: str, seeds: range) -> Iterator[GameState]:
    """Positions of seeded random games where a move acts on the board."""
    for seed in seeds:
        state = get_game(title).new_game(3 + seed % 3)
        rng = random.Random(seed)
        for i in range(400):
            if state.is_terminal():
                break
            if i % 3 == 0 and any(a.kind in BOARD_KINDS for a in state.legal_actions()):
                yield state.clone()
            state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_catalog_has_exactly_the_english_keys_and_placeholders(lang: str) -> None:
    en, other = catalog("en"), catalog(lang)
    assert sorted(other) == sorted(en)
    for key, text in en.items():
        assert placeholders(other[key]) == placeholders(text), (lang, key)
        assert other[key].strip(), (lang, key)


@pytest.mark.parametrize("title", TITLES)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_position_draws_in_every_language(title: str, lang: str) -> None:
    """No key or placeholder the drawing needs is missing (a miss raises KeyError)."""
    for state in list(board_positions(title, range(2)))[::4]:
        snap = state.to_json()
        root = ET.fromstring(board_svg(title, snap, lang))
        assert root.get("aria-label") == Words(lang).say(
            "ce.board" if title == "chicago-express" else "ts.board")


ENGLISH_TIPS = ("build cost", "income", "locomotives:", "house +", "develop", "gauge",
                "industrial track", "place a", " value", "owner", "unowned", "network of",
                "border", "internal", "external", "junction", "share value", "build ",
                "start ", "set ", "no company", "nationalization")


@pytest.mark.parametrize(("title", "kind", "italian"), [
    ("chicago-express", "place", ("costo di costruzione", "locomotive:", "reddito +",
                                  "piazza una locomotiva", "quadrante")),
    ("trans-siberian", "link", ("valore", "proprietaria:", "costruisci", "rete di:",
                                "reddito +")),
])
def test_italian_board_has_italian_tooltips_and_words(title: str, kind: str,
                                                      italian: tuple[str, ...]) -> None:
    """A mid-game position drawn in Italian: no English fragment in any tooltip or label."""
    state = mid_game(title, 3, kind)
    svg = board_svg(title, state, "it")
    tips = titles_of(svg)
    words = "\n".join(tips + texts_of(svg))
    for fragment in italian:
        assert fragment in words, fragment
    for tip in tips:
        for english in ENGLISH_TIPS:
            assert english not in tip.lower(), (english, tip)
    english = board_svg(title, state, "en")
    assert sum("income" in t for t in titles_of(english)) > 0


@pytest.mark.parametrize("title", TITLES)
def test_english_move_words_are_the_engines_descriptions(title: str) -> None:
    """CE-5.4/CE-5.5 cost and income, CE-6 develop, TS-4.2 jump fees, TS-4.6 value steps,
    TS-8.1 nationalization: each tooltip line after the first is the view's sentence for
    the move of that position in ``data-actions`` order (what the tap menu's buttons show):
    one source, the view's ``describe_parts`` rendered from the titles' catalogs."""
    describe = importlib.import_module(VIEWS[title]).describe_action
    seen = 0
    for state in board_positions(title, range(5)):
        root = ET.fromstring(board_svg(title, state))
        by_text = {a.text(): a for a in state.legal_actions()}
        for g in root.iter(f"{NS}g"):
            if not g.get("data-action"):
                continue
            actions = (g.get("data-actions") or g.get("data-action") or "").split("|")
            lines = (g.findtext(f"{NS}title") or "").split("\n")[1:]
            assert lines == [describe(state, by_text[a]) for a in actions]
            seen += len(actions)
    assert seen > 100


def test_the_moves_words_follow_the_language() -> None:
    """The same moves, in Italian and German, name the same costs."""
    snap = state_where("chicago-express", 4, 7, "place")
    places = [a.text() for a in snap.legal_actions() if a.kind == "place"]
    for lang, verb in (("it", "piazza una locomotiva"), ("de", "setze eine Lok von"),
                       ("es", "coloca una locomotora de"), ("ca", "col·loca una locomotora de")):
        root = ET.fromstring(svg_for("chicago-express", snap, places, lang))
        g = root.find(f".//{NS}g[@data-action='{places[0]}']")
        assert g is not None
        line = (g.findtext(f"{NS}title") or "").split("\n")[1]
        english = (ET.fromstring(svg_for("chicago-express", snap, places)).find(
            f".//{NS}g[@data-action='{places[0]}']"))
        assert english is not None
        cost = re.search(r"\$\d+", (english.findtext(f"{NS}title") or "").split("\n")[1])
        assert cost and line.startswith(verb) and cost.group() in line


@pytest.mark.parametrize(("tag", "lang"), [
    (None, "en"), ("it", "it"), ("it-IT", "it"), ("DE", "de"), ("de_CH", "de"),
    ("ca-ES-valencia", "ca"), ("fr", "en"), ("pt-BR", "en")])
def test_language_tags_pick_a_catalog_or_english(tag: str | None, lang: str) -> None:
    assert language(tag) == lang


@pytest.mark.parametrize("tag", ["", "../en", "it it", "i", "x" * 50, "it\n", "1t"])
def test_what_is_not_a_language_tag_is_refused_with_a_reason(tag: str) -> None:
    with pytest.raises(CuberailError, match="is not a language tag; cuberail draws in: en, it"):
        svg_for("chicago-express", get_game("chicago-express").new_game(3).to_json(), None, tag)


def test_same_snapshot_same_drawing_in_every_language() -> None:
    snap = position_where("trans-siberian", 4, 2, "link")
    drawn = {lang: board_svg("trans-siberian", snap, lang) for lang in LANGUAGES}
    assert all(svg == board_svg("trans-siberian", snap, lang) for lang, svg in drawn.items())
    assert len(set(drawn.values())) == len(LANGUAGES)


@pytest.mark.parametrize("title", TITLES)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_moves_words_are_the_views_said_in_the_language(title: str, lang: str) -> None:
    """The board's move lines are the view's ``describe_parts`` rendered in the language
    (the same words the browser's move buttons render), not a second wording."""
    view = importlib.import_module(VIEWS[title])
    words = Words(lang)
    for state in list(board_positions(title, range(2)))[::6]:
        root = ET.fromstring(board_svg(title, state, lang))
        by_text = {a.text(): a for a in state.legal_actions()}
        for g in root.iter(f"{NS}g"):
            actions = (g.get("data-actions") or g.get("data-action") or "").split("|")
            if actions == [""]:
                continue
            lines = (g.findtext(f"{NS}title") or "").split("\n")[1:]
            assert lines == [words.render(view.describe_parts(state, by_text[a]))
                             for a in actions]


def test_a_snapshot_alone_draws_each_moves_text() -> None:
    """Without the state there is no sentence to say: the move's line is its action text."""
    state = state_where("chicago-express", 4, 7, "place")
    root = ET.fromstring(board_svg("chicago-express", state.to_json(), "it"))
    places = [a.text() for a in state.legal_actions() if a.kind == "place"]
    g = root.find(f".//{NS}g[@data-action='{places[0]}']")
    assert g is not None
    assert (g.findtext(f"{NS}title") or "").split("\n")[1:] == [places[0]]
