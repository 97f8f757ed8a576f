"""Game records: ``{title, rules_version, options, players, actions}``. The log is the game."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cuberail.core.actions import Action
from cuberail.core.errors import CuberailError, IllegalActionError, RecordError
from cuberail.core.game import GameInfo
from cuberail.core.state import GameState

FORMAT = "cuberail-record"


@dataclass
class Record:
    """A saved game: enough to rebuild the exact state by replaying its actions."""

    title: str
    rules_version: int
    options: dict[str, Any]
    players: list[str]
    actions: list[Action] = field(default_factory=list)
    meta: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "format": FORMAT,
            "title": self.title,
            "rules_version": self.rules_version,
            "options": dict(self.options),
            "players": list(self.players),
            "actions": [a.text() for a in self.actions],
        }
        if self.meta:
            data["meta"] = dict(self.meta)
        return data

    @classmethod
    def from_json(cls, data: object) -> Record:
        """Read a record, refusing one with missing or mistyped fields."""
        if not isinstance(data, dict):
            raise RecordError("a record is a JSON object")
        for key, kind in (("title", str), ("rules_version", int), ("options", dict),
                          ("players", list), ("actions", list)):
            if not isinstance(data.get(key), kind):
                raise RecordError(f"field {key!r} is missing or not a {kind.__name__}")
        actions = []
        for i, raw in enumerate(data["actions"]):
            try:
                actions.append(Action.from_json(raw))
            except CuberailError as exc:
                raise RecordError(str(exc), i) from None
        return cls(data["title"], data["rules_version"], dict(data["options"]),
                   [str(p) for p in data["players"]], actions, dict(data.get("meta") or {}))

    def dumps(self) -> str:
        return json.dumps(self.to_json(), indent=1)

    def save(self, path: str | Path) -> None:
        """Write atomically, so an interrupted save never destroys an older file."""
        target = Path(path)
        tmp = target.with_name(target.name + ".tmp")
        tmp.write_text(self.dumps() + "\n", encoding="utf-8")
        tmp.replace(target)

    @classmethod
    def load(cls, path: str | Path) -> Record:
        try:
            text = Path(path).read_text(encoding="utf-8")
        except OSError as exc:
            raise RecordError(f"cannot read {path}: {exc.strerror}") from None
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise RecordError(f"{path} is not JSON ({exc.msg}, line {exc.lineno})") from None
        return cls.from_json(data)


def new_record(info: GameInfo, players: list[str], options: dict[str, Any]) -> Record:
    """An empty record for a new game, with every option written out."""
    return Record(info.title, info.rules_version, info.resolve_options(options), list(players))


def start_state(record: Record, lookup: Callable[[str], GameInfo]) -> GameState:
    """The initial state a record describes, checking its title and rules version."""
    try:
        info = lookup(record.title)
    except CuberailError as exc:
        raise RecordError(str(exc)) from None
    if record.rules_version > info.rules_version:
        raise RecordError(
            f"played under rules version {record.rules_version} of {record.title};"
            f" this cuberail knows versions up to {info.rules_version}"
        )
    try:
        options = info.record_options(record.rules_version, record.options)
        return info.new_game(len(record.players), options)
    except CuberailError as exc:
        raise RecordError(str(exc)) from None


def replay(
    record: Record, lookup: Callable[[str], GameInfo], upto: int | None = None
) -> GameState:
    """Rebuild the state after the first ``upto`` actions (all when None)."""
    state = start_state(record, lookup)
    actions = record.actions if upto is None else record.actions[:upto]
    for i, action in enumerate(actions):
        try:
            state.apply(action)
        except IllegalActionError as exc:
            raise RecordError(exc.reason + f" ({action.text()})", i) from None
    return state
