"""Game records: JSON forms, files, and replay (including every way a record is refused)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from cuberail.core import Action, Record, RecordError, replay
from cuberail.core.game import GameInfo
from cuberail.core.record import new_record
from cuberail.games import get_game

CE = get_game("chicago-express")


def random_record(seed: int = 1, players: int = 3, steps: int | None = None) -> Record:
    """A record of a seeded random game of Chicago Express (whole, or its first steps)."""
    rng = random.Random(seed)
    record = new_record(CE, [f"p{i}" for i in range(players)], {})
    state = CE.new_game(players)
    while not state.is_terminal() and (steps is None or len(record.actions) < steps):
        legal = state.legal_actions()
        action = legal[rng.randrange(len(legal))]
        state.apply(action)
        record.actions.append(action)
    return record


def record_data(**changes: object) -> dict[str, object]:
    data = random_record(steps=10).to_json()
    data.update(changes)
    return data


def test_new_record_writes_every_option() -> None:
    record = new_record(CE, ["ann", "bob"], {"chicago": "continue"})
    assert record.title == "chicago-express"
    assert record.rules_version == CE.rules_version
    assert record.options == CE.resolve_options({"chicago": "continue"})
    assert record.options["build_gauge"] == 5 and record.actions == []


def test_to_json_fields() -> None:
    record = random_record(steps=6)
    record.meta["event"] = "club night"
    data = record.to_json()
    assert data["format"] == "cuberail-record"
    assert (data["title"], data["rules_version"]) == ("chicago-express", CE.rules_version)
    assert data["players"] == ["p0", "p1", "p2"]
    assert data["actions"] == [a.text() for a in record.actions]
    assert data["meta"] == {"event": "club night"}
    assert "meta" not in random_record(steps=1).to_json()


def test_json_round_trip() -> None:
    record = random_record(seed=5)
    record.meta = {"note": "x"}
    again = Record.from_json(json.loads(record.dumps()))
    assert again == record


def test_from_json_reads_actions_in_either_form() -> None:
    data = record_data(actions=["bid 7", {"kind": "pass"}, {"kind": "pass", "args": []}])
    assert Record.from_json(data).actions == [Action("bid", (7,)), Action("pass"),
                                              Action("pass")]


def test_save_and_load(tmp_path: Path) -> None:
    record = random_record(seed=2)
    path = tmp_path / "game.json"
    record.save(path)
    assert Record.load(path) == record
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]  # no temporary left behind
    record.actions.pop()
    record.save(str(path))  # overwrite, path as text
    assert Record.load(path) == record


def test_load_refuses_a_missing_file(tmp_path: Path) -> None:
    with pytest.raises(RecordError, match=r"record refused: cannot read .*nope\.json"):
        Record.load(tmp_path / "nope.json")


@pytest.mark.parametrize("text", ["", "{", "not json", '{"title": "chicago-express",}'])
def test_load_refuses_corrupt_json(tmp_path: Path, text: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(RecordError, match=r"is not JSON \(.*line"):
        Record.load(path)


@pytest.mark.parametrize("data", [None, [], "record", 3])
def test_from_json_refuses_a_non_object(data: object) -> None:
    with pytest.raises(RecordError, match="a record is a JSON object"):
        Record.from_json(data)


@pytest.mark.parametrize("field", ["title", "rules_version", "options", "players", "actions"])
def test_from_json_refuses_a_missing_field(field: str) -> None:
    data = record_data()
    del data[field]
    with pytest.raises(RecordError, match=f"field '{field}' is missing; it must be"):
        Record.from_json(data)


@pytest.mark.parametrize(("field", "value"), [("title", 7), ("rules_version", "1"),
                                              ("options", []), ("players", "ab"),
                                              ("actions", "bid 7")])
def test_from_json_refuses_a_mistyped_field(field: str, value: object) -> None:
    with pytest.raises(RecordError, match=f"field '{field}'"):
        Record.from_json(record_data(**{field: value}))


def test_from_json_refuses_a_malformed_action_naming_its_index() -> None:
    data = record_data(actions=["bid 7", "pass", {"kind": "bid", "args": [True]}])
    with pytest.raises(RecordError, match="record refused: action 2: bad action args") as info:
        Record.from_json(data)
    assert info.value.index == 2


def test_from_json_refuses_unparsable_action_text() -> None:
    with pytest.raises(RecordError) as info:
        Record.from_json(record_data(actions=["bid 7", "5 bid"]))
    assert info.value.index == 1


@pytest.mark.parametrize("seed", range(3))
def test_replay_rebuilds_the_exact_state(seed: int) -> None:
    record = random_record(seed=seed, players=2 + seed)
    state = CE.new_game(2 + seed)
    for action in record.actions:
        state.apply(action)
    assert state.is_terminal()
    assert replay(record, get_game).to_json() == state.to_json()
    loaded = Record.from_json(json.loads(record.dumps()))
    assert replay(loaded, get_game).to_json() == state.to_json()


def test_replay_upto_stops_early() -> None:
    record = random_record(seed=4)
    state = CE.new_game(3)
    for action in record.actions[:25]:
        state.apply(action)
    assert replay(record, get_game, upto=25).to_json() == state.to_json()
    assert replay(record, get_game, upto=0).to_json() == CE.new_game(3).to_json()


def test_replay_uses_the_recorded_options() -> None:
    record = new_record(CE, ["a", "b"], {"auction_gauge": 1})
    state = replay(record, get_game)
    assert state.to_json()["options"]["auction_gauge"] == 1


def test_replay_refuses_an_illegal_action_naming_index_and_reason() -> None:
    record = random_record(seed=3, steps=12)
    record.actions.insert(9, Action("bid", (999,)))
    reason = replay(record, get_game, upto=9).illegal_reason(Action("bid", (999,)))
    assert reason
    with pytest.raises(RecordError) as info:
        replay(record, get_game)
    assert info.value.index == 9
    assert str(info.value) == f"record refused: action 9: {reason} (bid 999)"


def test_replay_refuses_an_action_after_the_end() -> None:
    record = random_record(seed=6)
    record.actions.append(Action("pass"))
    with pytest.raises(RecordError, match="the game is over") as info:
        replay(record, get_game)
    assert info.value.index == len(record.actions) - 1


def test_replay_refuses_an_unknown_title() -> None:
    record = random_record(steps=3)
    record.title = "monopoly"
    with pytest.raises(RecordError, match="unknown game 'monopoly'"):
        replay(record, get_game)


def test_replay_refuses_a_newer_rules_version() -> None:
    record = random_record(steps=3)
    record.rules_version = CE.rules_version + 1
    with pytest.raises(RecordError, match=f"rules version {CE.rules_version + 1}.*"
                                          f"versions up to {CE.rules_version}"):
        replay(record, get_game)


def test_replay_accepts_the_current_rules_version() -> None:
    record = random_record(steps=3)
    assert record.rules_version == CE.rules_version
    replay(record, get_game)


@pytest.mark.parametrize(("change", "message"),
                         [({"players": ["solo"]}, "2 to 6 players"),
                          ({"options": {"chicago": "pause"}}, "option chicago"),
                          ({"options": {"colour": "red"}}, "unknown option 'colour'")])
def test_replay_refuses_a_bad_setup(change: dict[str, object], message: str) -> None:
    record = Record.from_json(record_data(**change))
    with pytest.raises(RecordError, match=message):
        replay(record, get_game)


def test_replay_looks_titles_up_through_the_given_function() -> None:
    seen: list[str] = []

    def lookup(title: str) -> GameInfo:
        seen.append(title)
        return CE

    replay(random_record(steps=2), lookup)
    assert seen == ["chicago-express"]


def test_an_older_record_gets_the_legacy_values_of_options_it_does_not_name() -> None:
    from dataclasses import replace

    info = replace(CE, rules_version=2, legacy={1: {"build_gauge": 3}})
    assert info.record_options(1, {"chicago": "continue"}) == {"chicago": "continue",
                                                               "build_gauge": 3}
    assert info.record_options(1, {"build_gauge": 4}) == {"build_gauge": 4}
    assert info.record_options(2, {}) == {}
    record = random_record(steps=3)
    record.options.pop("build_gauge")
    record.rules_version = 1
    state = replay(record, lambda title: info)
    assert state.opts.gauges[2] == 3  # type: ignore[attr-defined]


# ----- a title's refusal of older records (GameInfo.refuse_record) ---------------------------


def _v1_ce_record(chicago: str) -> Record:
    """A version-1 Chicago Express record (CE rules v2 changed chicago=continue, CE-5.7)."""
    record = random_record(seed=4, steps=12)
    record.options["chicago"] = chicago
    record.rules_version = 1
    return record


def test_a_version_1_ce_record_with_chicago_continue_is_refused_with_the_titles_reason() -> None:
    with pytest.raises(RecordError) as info:
        replay(_v1_ce_record("continue"), get_game)
    assert info.value.index is None
    assert "chicago=continue" in info.value.reason and "CE-5.7" in info.value.reason


def test_a_version_1_ce_record_with_chicago_stop_replays() -> None:
    record = _v1_ce_record("stop")
    state = replay(record, get_game)
    current = random_record(seed=4, steps=12)
    assert state.to_json() == replay(current, get_game).to_json()


def test_the_refusal_hook_sees_the_recorded_version_and_options() -> None:
    from dataclasses import replace

    seen: list[tuple[int, dict[str, object]]] = []

    def refuse(version: int, options: object) -> str | None:
        seen.append((version, dict(options)))  # type: ignore[call-overload]
        return "no thanks" if version == 1 else None

    info = replace(CE, rules_version=3, refuse_record=refuse)
    record = random_record(steps=2)
    record.rules_version = 2
    replay(record, lambda title: info)
    record.rules_version = 1
    with pytest.raises(RecordError, match="record refused: no thanks"):
        replay(record, lambda title: info)
    assert [v for v, _ in seen] == [2, 1] and seen[0][1] == record.options


def test_an_older_record_that_fails_at_an_action_names_both_rules_versions() -> None:
    record = random_record(steps=6)
    record.options["chicago"] = "stop"
    record.rules_version = 1
    record.actions[3] = Action("bid", (999,))
    with pytest.raises(RecordError) as info:
        replay(record, get_game)
    assert info.value.index == 3
    assert info.value.reason.endswith(
        f"(played under rules version 1; this cuberail plays version {CE.rules_version})")


def test_a_current_record_that_fails_at_an_action_does_not_mention_versions() -> None:
    record = random_record(steps=6)
    record.actions[3] = Action("bid", (999,))
    with pytest.raises(RecordError) as info:
        replay(record, get_game)
    assert "rules version" not in info.value.reason
