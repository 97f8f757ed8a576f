"""Issue 8: the action parser and GameState.apply take anything without crashing.

Any text or JSON value either parses to a well-formed action whose text reads back as
itself, or is refused with a one-line ActionParseError; any object handed to apply is
refused with IllegalActionError (or applied, when it is a legal action)."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from cuberail.core import Action, IllegalActionError
from cuberail.core.actions import action_problem
from cuberail.core.errors import ActionParseError
from cuberail.games import get_game, titles

# Text built from the pieces that trip parsers: digits, signs, dots, spaces of every kind,
# controls, surrogates, non-ASCII digits and letters, and plain letters.
PIECES = st.sampled_from(["bid", "pass", "7", "-", "+", ".", "0", "9" * 12, " ", "\t", "\n",
                          "\u3000", "\x00", "\x1b", "\ud800", "\u0663", "²", "é", "B&O", "_",
                          "True", "e5", "1e3", "NaN", "inf"])
TEXTS = st.one_of(st.text(st.characters(codec=None), max_size=40),
                  st.lists(PIECES, max_size=12).map("".join),
                  st.integers().map(lambda n: f"bid {n}"))
JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | TEXTS,
    lambda inner: st.lists(inner, max_size=4)
    | st.dictionaries(st.sampled_from(["kind", "args", "x"]), inner, max_size=3),
    max_leaves=10)
ACTION_LIKE = st.one_of(
    JSON_VALUES,
    st.builds(Action, TEXTS, st.lists(st.one_of(st.integers(), st.floats(), st.booleans(),
                                                TEXTS, st.none()), max_size=3).map(tuple)),
    st.builds(Action, st.sampled_from(["bid", "pass", "share", "build", "place"]),
              st.lists(st.integers(-5, 70) | st.sampled_from(["B&O", "NYC", "red", "M3"]),
                       max_size=2).map(tuple)),
)


def check_parsed(action: Action) -> None:
    assert action_problem(action) is None
    assert Action.from_text(action.text()) == action
    assert Action.from_json(json.loads(json.dumps(action.to_json()))) == action
    assert type(action.text()) is str and action.text().isprintable()


def check_parsed_or_refused(parse: Callable[[Any], Action], value: object) -> None:
    """``parse(value)`` gives a well-formed action or a one-line ActionParseError."""
    try:
        action = parse(value)
    except ActionParseError as exc:
        assert str(exc).isprintable()
        return
    check_parsed(action)


@given(TEXTS)
def test_any_text_parses_to_a_well_formed_action_or_a_one_line_refusal(text: str) -> None:
    check_parsed_or_refused(Action.from_text, text)


@given(JSON_VALUES)
def test_any_json_value_parses_to_a_well_formed_action_or_a_one_line_refusal(
        value: object) -> None:
    check_parsed_or_refused(Action.from_json, value)


@given(st.sampled_from(sorted(titles())), ACTION_LIKE)
def test_apply_refuses_anything_but_a_legal_action_with_an_illegal_action_error(
        title: str, thing: object) -> None:
    state = get_game(title).new_game(3)
    before = state.to_json()
    legal = state.legal_actions()
    try:
        state.apply(thing)  # type: ignore[arg-type]
    except IllegalActionError as exc:
        assert str(exc).isprintable() and exc.reason and exc.action is thing
        assert state.to_json() == before and state.legal_actions() == legal
        return
    assert thing in legal and action_problem(thing) is None
