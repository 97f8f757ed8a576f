"""The record schema (core/schema.py) and the guarded JSON reader (core/jsontext.py)."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from test_core_record import random_record

from cuberail.core import Action, Record, RecordError
from cuberail.core.jsontext import MAX_DEPTH, MAX_RECORD_BYTES, nesting_depth, parse_json
from cuberail.core.schema import ActionModel, RecordModel, validate_record


def data(**changes: Any) -> dict[str, Any]:
    out = random_record(steps=10).to_json()
    out.update(changes)
    return out


def refusal(value: object) -> str:
    with pytest.raises(RecordError) as info:
        Record.from_json(value)
    message = str(info.value)
    assert message.isprintable() and message.startswith("record refused: ")
    return message


@pytest.mark.parametrize(("field", "value", "expected"), [
    ("format", "other", "field 'format'"),
    ("title", "Chicago Express", "field 'title'.*title id"),
    ("title", 7, "field 'title'"),
    ("rules_version", True, "field 'rules_version'.*got true.*whole number from 1"),
    ("rules_version", 1.0, "field 'rules_version'.*got the number 1.0"),
    ("rules_version", 0, "field 'rules_version'.*greater than or equal to 1"),
    ("rules_version", "1", "field 'rules_version'.*got the text '1'"),
    ("options", [], "field 'options'.*option names"),
    ("options", {"build_gauge": 5.0}, r"field 'options.build_gauge': 5.0 is not a whole"),
    ("options", {"build_gauge": [5]}, r"field 'options.build_gauge'"),
    ("options", {"Bad Name": 5}, r"field 'options.Bad Name \(name\)'"),
    ("options", {"x": 10**12}, "more than 12 digits"),
    ("options", {"x": "a\nb"}, "printable characters"),
    ("options", {f"o{i}": 1 for i in range(65)}, "field 'options'.*at most 64"),
    ("players", [], "field 'players'.*at least 1"),
    ("players", ["p"] * 9, "field 'players'.*at most 8"),
    ("players", "ab", "field 'players'"),
    ("players", ["a", "\x00\x1b"], r"field 'players\[1\]': a player name may not be empty"),
    ("players", ["a", 5], r"field 'players\[1\]': a player name is text"),
    ("actions", "bid 7", "field 'actions'"),
    ("actions", ["pass"] * 20_001, "field 'actions'.*at most 20000"),
    ("meta", [], "field 'meta'.*object"),
    ("meta", "x", "field 'meta'"),
    ("meta", {"x": "a" * 70_000}, "field 'meta'.*at most 65536"),
    ("meta", {"x": float("inf")}, "field 'meta'.*finite"),
    ("meta", {"x": 10**45}, "field 'meta'.*40 digits"),
    ("meta", {"x": "\ud800"}, "field 'meta'.*lone surrogate"),
    ("meta", {"x": {1, 2}}, "field 'meta'.*not a JSON value"),
])
def test_each_field_is_refused_naming_it_and_what_it_allows(field: str, value: object,
                                                            expected: str) -> None:
    message = refusal(data(**{field: value}))
    assert re.search(expected, message), message


def test_names_needing_cleaning_load_cleaned() -> None:
    """Issue 8: names are sanitised once at the edge, so such a record still loads."""
    model = validate_record(data(players=["A\x1b[2Jnn", "half\udc80", "x" * 100_000]))
    assert model.players == ["A [2Jnn", "half\ufffd", "x" * 39 + "…"]


def test_an_unknown_field_is_refused_listing_the_known_ones() -> None:
    assert "unknown field 'colour'; a record has: format, title" in refusal(data(colour="red"))


def test_a_missing_field_is_named() -> None:
    bad = data()
    del bad["players"]
    assert "field 'players' is missing; it must be a list" in refusal(bad)


@pytest.mark.parametrize(("actions", "index", "expected"), [
    (["pass", {"kind": "bid", "args": [7.0]}], 1, "bad action args: [7.0]"),
    (["pass", "pass", {"kind": "bid", "args": [True]}], 2, "bad action args: [True]"),
    (["pass", "bid \u00b2"], 1, "'\u00b2' is neither a whole number nor a word"),
    (["bid 1234567890"], 0, "at most 9 digits"),
    (["bid " + "9" * 5000], 0, "at most 400 characters"),
    ([7], 0, "not an action"),
    ([{"kind": "bid", "args": [7], "by": 1}], 0, "not an action"),
])
def test_a_bad_action_is_refused_naming_its_index(actions: list[Any], index: int,
                                                  expected: str) -> None:
    with pytest.raises(RecordError) as info:
        Record.from_json(data(actions=actions))
    assert info.value.index == index and expected in str(info.value)
    assert str(info.value).startswith(f"record refused: action {index}: ")


def test_names_are_cleaned_on_loading() -> None:
    assert Record.from_json(data(players=[" Ann  Lee ", "Bob", "Cy"])).players[0] == "Ann Lee"


def test_the_model_is_what_the_server_can_use() -> None:
    record = random_record(steps=5)
    record.meta = {"event": "club"}
    model = record.to_model()
    assert isinstance(model, RecordModel) and model.actions == record.actions
    assert model.model_dump(mode="json") == record.to_json()
    assert Record.from_model(model) == record
    schema = RecordModel.model_json_schema()
    assert set(schema["required"]) == {"title", "rules_version", "options", "players",
                                       "actions"}
    assert schema["properties"]["players"]["maxItems"] == 8
    assert ActionModel.model_validate({"action": "bid 7"}).action == Action("bid", (7,))
    assert ActionModel.model_validate({"action": {"kind": "pass"}}).action == Action("pass")
    assert "action" in ActionModel.model_json_schema()["properties"]


def test_validate_record_refuses_a_non_object() -> None:
    for value in (None, [], "x", 3, True):
        with pytest.raises(RecordError, match="a record is a JSON object, not"):
            validate_record(value)


# --- the JSON reader --------------------------------------------------------------------

@pytest.mark.parametrize(("text", "depth"), [
    ("1", 0), ("[]", 1), ("[[1], {\"a\": [2]}]", 3), ('["[[[[", "]"]', 1),
    ('{"a\\"[": [["]]]"]]}', 3), ('["\\\\", [1]]', 2), ('["unterminated [[[[', 1),
])
def test_nesting_depth_skips_strings(text: str, depth: int) -> None:
    assert nesting_depth(text) == depth


def depth_of(value: object) -> int:
    if isinstance(value, list):
        return 1 + max((depth_of(v) for v in value), default=0)
    if isinstance(value, dict):
        return 1 + max((depth_of(v) for v in value.values()), default=0)
    return 0


JSON = st.recursive(st.none() | st.integers() | st.text(st.sampled_from('ab"\\[]{}')),
                    lambda inner: st.lists(inner, max_size=3)
                    | st.dictionaries(st.text(st.sampled_from('"[\\{'), max_size=3), inner,
                                      max_size=3), max_leaves=20)


@given(JSON)
def test_nesting_depth_agrees_with_the_parsed_value(value: object) -> None:
    assert nesting_depth(json.dumps(value)) == depth_of(value)


@pytest.mark.parametrize(("raw", "expected"), [
    (b'{"a": "\xff"}', "not UTF-8 text (byte 0xff at offset 7)"),
    (b"[" * (MAX_DEPTH + 1) + b"]" * (MAX_DEPTH + 1), f"nested deeper than {MAX_DEPTH}"),
    (b"[" * 100_000, f"nested deeper than {MAX_DEPTH}"),
    (b"[" + b"9" * 5000 + b"]", "has 5000 digits; at most 40"),
    (b"[NaN]", "NaN is not a JSON number"),
    (b"[-Infinity]", "-Infinity is not a JSON number"),
    (b'{"a": 1, "a": 2}', "repeats the key 'a'"),
    (b"{", "is not JSON (Expecting property name"),
    (b"", "is not JSON"),
    (b" " * (MAX_RECORD_BYTES + 1), f"at most {MAX_RECORD_BYTES}"),
])
def test_parse_json_refuses_in_one_line(raw: bytes, expected: str) -> None:
    with pytest.raises(RecordError) as info:
        parse_json(raw)
    assert expected in str(info.value) and str(info.value).isprintable()


def test_parse_json_accepts_a_byte_order_mark_and_text() -> None:
    assert parse_json(b'\xef\xbb\xbf{"a": [1]}') == {"a": [1]}
    assert parse_json('{"a": [1]}') == {"a": [1]}
    assert parse_json("[" * MAX_DEPTH + "]" * MAX_DEPTH) is not None
