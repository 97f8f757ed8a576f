"""Action values: text and JSON forms, exact round trips, refusals of malformed input."""

from __future__ import annotations

import json
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cuberail.core import Action
from cuberail.core.actions import action_problem
from cuberail.core.errors import ActionParseError

KINDS = st.from_regex(r"[a-z][a-z0-9_]{0,9}", fullmatch=True)
# Words are args that are not integers: they start with a letter (ids like "B&O", "A2").
WORDS = st.from_regex(r"[A-Za-z][A-Za-z0-9&_\-]{0,9}", fullmatch=True)
INTS = st.integers(min_value=-(10**9 - 1), max_value=10**9 - 1)  # at most 9 digits
ARGS = st.lists(st.one_of(INTS, WORDS), max_size=4)
ACTIONS = st.builds(lambda kind, args: Action(kind, tuple(args)), KINDS, ARGS)


@given(ACTIONS)
def test_text_round_trip(action: Action) -> None:
    assert Action.from_text(action.text()) == action


@given(ACTIONS)
def test_json_round_trip(action: Action) -> None:
    data = json.loads(json.dumps(action.to_json()))
    assert Action.from_json(data) == action
    assert Action.from_json(action.text()) == action


@given(ACTIONS, ACTIONS)
def test_equality_and_hash_by_value(a: Action, b: Action) -> None:
    assert (a == b) == (a.text() == b.text())
    if a == b:
        assert hash(a) == hash(b)
    assert Action(a.kind, a.args) == a and hash(Action(a.kind, a.args)) == hash(a)


def test_text_forms() -> None:
    assert Action("pass").text() == "pass"
    assert Action("bid", (8,)).text() == "bid 8"
    assert Action("share", ("B&O",)).text() == "share B&O"
    assert str(Action("place", ("A2",))) == "place A2"
    assert repr(Action("bid", (8,))) == "Action('bid 8')"


def test_from_text_reads_ints_and_words() -> None:
    assert Action.from_text("bid 8").args == (8,)
    assert Action.from_text("move -3 x").args == (-3, "x")
    assert Action.from_text("  Share   NYC ") == Action("share", ("NYC",))  # kind lowercased
    assert Action.from_text("develop I6").args == ("I6",)


@pytest.mark.parametrize("text", ["", "   ", "\n"])
def test_from_text_refuses_empty_text(text: str) -> None:
    with pytest.raises(ActionParseError, match="empty"):
        Action.from_text(text)


def test_json_forms() -> None:
    assert Action("pass").to_json() == {"kind": "pass"}
    assert Action("bid", (8,)).to_json() == {"kind": "bid", "args": [8]}
    assert Action.from_json({"kind": "bid", "args": [8]}) == Action("bid", (8,))
    assert Action.from_json({"kind": "pass"}) == Action("pass")
    assert Action.from_json("share NYC") == Action("share", ("NYC",))


@pytest.mark.parametrize("data", [None, 8, [], ["bid", 8], {}, {"kind": 3}, {"args": [1]}])
def test_from_json_refuses_non_actions(data: object) -> None:
    with pytest.raises(ActionParseError, match="not an action"):
        Action.from_json(data)


@pytest.mark.parametrize("args", ["8", [True], [1.5], [None], [""], ["two words"], [[1]],
                                  {"a": 1}])
def test_from_json_refuses_bad_args(args: object) -> None:
    with pytest.raises(ActionParseError, match="bad action args"):
        Action.from_json({"kind": "bid", "args": args})


def test_actions_are_immutable() -> None:
    action = Action("bid", (8,))
    with pytest.raises(AttributeError):
        action.kind = "pass"  # type: ignore[misc]
    assert action == Action("bid", (8,))


def test_parse_errors_are_value_errors() -> None:
    assert issubclass(ActionParseError, ValueError)


@pytest.mark.parametrize("text", ["bid --5", "bid ²", "bid -²"])
def test_from_text_never_raises_a_bare_value_error(text: str) -> None:
    try:
        action = Action.from_text(text)
    except ActionParseError:
        return
    assert Action.from_text(action.text()) == action


@pytest.mark.parametrize("data", [{"kind": "company", "args": ["12"]}, {"kind": "bid 8"},
                                  {"kind": ""}, {"kind": "x", "args": ["-7"]}])
def test_from_json_accepts_only_values_with_an_exact_text_round_trip(data: object) -> None:
    try:
        action = Action.from_json(data)
    except ActionParseError:
        return
    assert Action.from_text(action.text()) == action


# --- limits and refusals (issue 8) ------------------------------------------------------

@pytest.mark.parametrize(("text", "message"), [
    ("bid 1234567890", "at most 9 digits"),
    ("bid " + "9" * 5000, "at most 400 characters"),
    ("bid " + "9" * 390, "at most 9 digits"),
    ("share " + "x" * 201, "at most 200 long"),
    ("share B\u00e9", "neither a whole number nor a word"),
    ("share \ud800", "neither a whole number nor a word"),
    ("bid \u0663", "neither a whole number nor a word"),
    ("bid\x007", "is not an action word"),
    ("pass " + "x " * 17, "at most 16 arguments"),
    ("x" * 401, "at most 400 characters"),
])
def test_from_text_limits(text: str, message: str) -> None:
    with pytest.raises(ActionParseError, match=re.escape(message)) as info:
        Action.from_text(text)
    assert str(info.value).isprintable()


@pytest.mark.parametrize("word", ["7.0", "True", "+7", "1_000", "4.5", "-x", "pay:red,blue"])
def test_number_like_words_stay_words(word: str) -> None:
    """Only ``-?[0-9]+`` reads as an int: ``bid 7.0`` is the word 7.0, never the int 7
    (no game takes it), so that every text reads back as exactly the action it came from."""
    action = Action.from_text(f"bid {word}")
    assert action.args == (word,) and Action.from_text(action.text()) == action


def test_from_text_keeps_nine_digit_numbers_and_leading_zeros() -> None:
    assert Action.from_text("bid 999999999").args == (999_999_999,)
    assert Action.from_text("bid -999999999").args == (-999_999_999,)
    assert Action.from_text("bid 0000000000007").args == (7,)


@pytest.mark.parametrize("text", [None, 7, b"bid 7", ["bid", 7]])
def test_from_text_refuses_what_is_not_text(text: object) -> None:
    with pytest.raises(ActionParseError, match="an action is text"):
        Action.from_text(text)  # type: ignore[arg-type]


@pytest.mark.parametrize("args", [[10**9], [7.0], [False], [10**5000], list(range(17)),
                                  ["B\u00e9"]])
def test_from_json_refuses_args_beyond_the_limits(args: list[object]) -> None:
    with pytest.raises(ActionParseError, match="bad action args") as info:
        Action.from_json({"kind": "bid", "args": args})
    assert str(info.value).isprintable()


def test_from_json_refuses_extra_keys() -> None:
    with pytest.raises(ActionParseError, match="not an action"):
        Action.from_json({"kind": "bid", "args": [7], "seat": 1})


@pytest.mark.parametrize("bad", [
    Action("bid", (7.0,)),  # type: ignore[arg-type]
    Action("bid", (True,)), Action("bid", (10**9,)), Action("bid", (10**5000,)),
    Action("bid", ("two words",)), Action("bid", ("",)), Action("bid", ("\ud800",)),
    Action("Bid", (7,)), Action(7, ()),  # type: ignore[arg-type]
    Action("bid", [7]),  # type: ignore[arg-type]
    Action("bid", (None,)),  # type: ignore[arg-type]
    "bid 7", None, ("bid", (7,)), {"kind": "bid", "args": [7]}, 7,
])
def test_action_problem_names_what_is_malformed(bad: object) -> None:
    problem = action_problem(bad)
    assert problem and problem.isprintable()


@given(ACTIONS)
def test_every_parsed_action_is_well_formed(action: Action) -> None:
    assert action_problem(action) is None
