"""Issue 8: no input can crash a game or lose one. Damaged records of both titles, read from
memory and from files: every one ends in a clear one-line RecordError or a correct game."""

from __future__ import annotations

import contextlib
import json
import os
import random
import threading
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from mutations import ALWAYS_REFUSED, MUTATIONS, one_line, outcome, real_records

from cuberail.core import Record, RecordError
from cuberail.core.jsontext import MAX_RECORD_BYTES

KINDS = sorted(MUTATIONS)
JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False)
    | st.text(st.characters(codec=None), max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                 max_size=4),
    max_leaves=12,
)
FIELDS = st.sampled_from(["format", "title", "rules_version", "options", "players", "actions",
                          "meta", "other"])


@pytest.mark.parametrize("kind", KINDS)
def test_every_kind_of_damage_ends_in_a_refusal_or_a_correct_game(kind: str) -> None:
    records = real_records()
    seen = set()
    for seed in range(12):
        raw = MUTATIONS[kind](records[seed % len(records)], random.Random(seed))
        seen.add(outcome(raw))
    if kind in ALWAYS_REFUSED:
        assert seen == {"refused"}, f"{kind}: {seen}"


@settings(max_examples=100, suppress_health_check=[HealthCheck.too_slow])
@given(kind=st.sampled_from(KINDS), which=st.integers(0, 100), seed=st.integers(0, 2**32),
       again=st.sampled_from([None, *KINDS]))
def test_damaged_records_end_in_a_refusal_or_a_correct_game(
        kind: str, which: int, seed: int, again: str | None) -> None:
    """One or two kinds of damage, on a real record of either title."""
    records = real_records()
    rng = random.Random(seed)
    raw = MUTATIONS[kind](records[which % len(records)], rng)
    if again is not None:
        # The first damage may leave nothing the second can work on (no JSON, no field).
        with contextlib.suppress(ValueError, RecursionError, LookupError, TypeError,
                                 AttributeError):
            raw = MUTATIONS[again](raw, rng)
    outcome(raw)


@given(st.binary(max_size=300))
def test_arbitrary_bytes_are_refused_in_one_line(raw: bytes) -> None:
    assert outcome(raw) == "refused"


@given(field=FIELDS, value=JSON_VALUES, which=st.integers(0, 100))
def test_any_json_value_in_any_field_ends_in_a_refusal_or_a_correct_game(
        field: str, value: object, which: int) -> None:
    records = real_records()
    data = json.loads(records[which % len(records)])
    data[field] = value
    outcome(json.dumps(data).encode())
    with pytest.raises(RecordError):
        Record.from_json(value)  # not an object, or an object without the fields


@settings(max_examples=40)
@given(kind=st.sampled_from(KINDS), which=st.integers(0, 100), seed=st.integers(0, 2**32))
def test_the_same_through_a_file(tmp_path_factory: pytest.TempPathFactory, kind: str,
                                 which: int, seed: int) -> None:
    records = real_records()
    raw = MUTATIONS[kind](records[which % len(records)], random.Random(seed))
    path = tmp_path_factory.mktemp("fuzz") / "record.json"
    path.write_bytes(raw)
    try:
        from_file = Record.load(path)
    except RecordError as exc:
        assert one_line(exc).startswith("record refused: ")
        assert outcome(raw) == "refused"
        return
    assert from_file == Record.loads(raw)


def load_message(path: object) -> str:
    """The refusal of loading ``path``, run in a thread so that a hang fails (not blocks)."""
    result: list[BaseException | Record] = []

    def run() -> None:
        try:
            result.append(Record.load(path))  # type: ignore[arg-type]
        except BaseException as exc:  # reported below
            result.append(exc)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(timeout=10)
    assert result, f"loading {path!r} hung"
    assert isinstance(result[0], RecordError), f"loading {path!r} gave {result[0]!r}"
    return one_line(result[0])


def test_a_fifo_is_refused_without_hanging(tmp_path: Path) -> None:
    fifo = tmp_path / "game.json"
    os.mkfifo(fifo)
    assert "not a regular file" in load_message(fifo)


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/null", "/dev/urandom"])
def test_a_device_is_refused_without_reading(device: str) -> None:
    if not os.path.exists(device):
        pytest.skip(f"no {device} here")
    assert "not a regular file" in load_message(device)


def test_a_link_to_a_device_is_refused(tmp_path: Path) -> None:
    link = tmp_path / "game.json"
    link.symlink_to("/dev/zero")
    assert "not a regular file" in load_message(link)


def test_a_directory_is_refused(tmp_path: Path) -> None:
    assert "is a directory" in load_message(tmp_path)


def test_a_file_over_the_cap_is_refused_without_reading_it(tmp_path: Path) -> None:
    path = tmp_path / "huge.json"
    with path.open("wb") as out:
        out.truncate(MAX_RECORD_BYTES + 1)  # sparse: costs no disk
    assert f"at most {MAX_RECORD_BYTES}" in load_message(path)


def test_a_file_whose_size_lies_is_read_only_up_to_the_cap() -> None:
    """Files in /proc report size 0 but hold data: the read stops at the cap all the same."""
    if not os.path.exists("/proc/self/status"):
        pytest.skip("no /proc here")
    assert "not JSON" in load_message("/proc/self/status")


@pytest.mark.parametrize("name", ["missing.json", "a\x00b.json", "loop.json", "x" * 5000])
def test_unreadable_names_are_refused(tmp_path: Path, name: str) -> None:
    if name == "loop.json":
        (tmp_path / name).symlink_to(tmp_path / name)
    message = load_message(str(tmp_path / name))
    assert message.startswith("record refused: cannot read ")


@pytest.mark.parametrize("path", [None, 7, 3.5, ["a"]])
def test_a_path_that_is_not_a_path_is_refused(path: object) -> None:
    assert "a file name is text" in load_message(path)
