"""Game records: ``{title, rules_version, options, players, actions}``. The log is the game.

Reading is strict and bounded (:mod:`cuberail.core.jsontext` for the bytes and JSON,
:mod:`cuberail.core.schema` for the fields): every refusal is a one-line
:class:`RecordError`. Writing is atomic and durable (:mod:`cuberail.core.files`), and
writes only what would load again.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cuberail.core.actions import Action
from cuberail.core.errors import CuberailError, IllegalActionError, RecordError
from cuberail.core.files import read_capped, shown, write_atomic
from cuberail.core.game import GameInfo
from cuberail.core.jsontext import MAX_RECORD_BYTES, parse_json
from cuberail.core.names import clean_name
from cuberail.core.schema import FORMAT, RecordModel, validate_record
from cuberail.core.state import GameState

__all__ = ["FORMAT", "Record", "new_record", "replay", "start_state"]


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
        """Read a record from parsed JSON, validated by :class:`RecordModel`."""
        return cls.from_model(validate_record(data))

    @classmethod
    def from_model(cls, model: RecordModel) -> Record:
        """The record a validated :class:`RecordModel` describes (the server validates first)."""
        return cls(model.title, model.rules_version, dict(model.options), list(model.players),
                   list(model.actions), dict(model.meta))

    def to_model(self) -> RecordModel:
        """This record validated (RecordError when it would not load again as it is)."""
        data = {
            "title": self.title, "rules_version": self.rules_version, "options": self.options,
            "players": self.players, "actions": self.actions, "meta": self.meta,
        }
        return validate_record(data)

    @classmethod
    def loads(cls, data: str | bytes | bytearray | memoryview) -> Record:
        """Read a record from its JSON text or bytes (UTF-8, at most MAX_RECORD_BYTES)."""
        return cls.from_json(parse_json(data))

    def dumps(self) -> str:
        return json.dumps(self.to_json(), indent=1)

    def _checked_bytes(self) -> bytes:
        """The file content, refused (RecordError) when it would not load again."""
        fields = self.to_model().model_dump(mode="json")
        if not fields["meta"]:
            del fields["meta"]  # as to_json() writes it
        data = (json.dumps(fields, indent=1) + "\n").encode("utf-8")
        if len(data) > MAX_RECORD_BYTES:
            raise RecordError(f"the record is {len(data)} bytes; at most {MAX_RECORD_BYTES}")
        return data

    def save(self, path: str | Path, overwrite: bool = True) -> None:
        """Write atomically and durably: an interrupted save never destroys an older file.

        The record is validated first (RecordError, and nothing written, when it would
        not load again). A unique temporary file in the same folder is written, fsynced
        and renamed over ``path``, and the folder fsynced; two games saving in one folder
        never clobber each other's temporary. With ``overwrite=False`` this is
        :meth:`save_new`. An I/O failure is a :class:`SaveError` (a CuberailError, and an
        OSError) whose message is ``cannot save to PATH: REASON``.
        """
        write_atomic(path, self._checked_bytes(), overwrite=overwrite)

    def save_new(self, path: str | Path) -> None:
        """Save to a path that must not exist yet: :class:`SaveError` (errno EEXIST) when it does.

        Race-free: if another process creates ``path`` at the same moment, one of the two
        gets the error and neither file is lost (the final step is a hard link, or
        ``O_EXCL`` where links are not supported). For a new game's first save, so that
        it never replaces a different game.
        """
        write_atomic(path, self._checked_bytes(), overwrite=False)

    @classmethod
    def load(cls, path: str | Path) -> Record:
        """Read a record file: a regular file of at most MAX_RECORD_BYTES bytes.

        Directories, FIFOs and devices are refused before they are opened, so that
        loading never hangs or reads without end.
        """
        data = parse_json(read_capped(path, MAX_RECORD_BYTES), name=shown(path))
        try:
            return cls.from_json(data)
        except RecordError as exc:
            if exc.index is not None:
                raise
            raise RecordError(f"{shown(path)}: {exc.reason}") from None


def new_record(info: GameInfo, players: list[str], options: dict[str, Any]) -> Record:
    """An empty record for a new game, with every option written out.

    Player names are cleaned by :func:`clean_name` (RecordError when one is refused).
    """
    try:
        names = [clean_name(p) for p in players]
    except CuberailError as exc:
        raise RecordError(str(exc)) from None
    return Record(info.title, info.rules_version, info.resolve_options(options), names)


def start_state(record: Record, lookup: Callable[[str], GameInfo]) -> GameState:
    """The initial state a record describes, checking its title and rules version."""
    return _start(record, _info(record, lookup))


def _info(record: Record, lookup: Callable[[str], GameInfo]) -> GameInfo:
    try:
        return lookup(record.title)
    except CuberailError as exc:
        raise RecordError(str(exc)) from None


def _start(record: Record, info: GameInfo) -> GameState:
    """The initial state, after the rules version and the title's own refusal check."""
    if record.rules_version > info.rules_version:
        raise RecordError(
            f"played under rules version {record.rules_version} of {record.title};"
            f" this cuberail knows versions up to {info.rules_version}"
        )
    if info.refuse_record is not None:
        refusal = info.refuse_record(record.rules_version, record.options)
        if refusal is not None:
            raise RecordError(refusal)
    try:
        options = info.record_options(record.rules_version, record.options)
        return info.new_game(len(record.players), options)
    except CuberailError as exc:
        raise RecordError(str(exc)) from None


def replay(
    record: Record, lookup: Callable[[str], GameInfo], upto: int | None = None
) -> GameState:
    """Rebuild the state after the first ``upto`` actions (all when None).

    A refused action is a :class:`RecordError` naming its index; for a record of an older
    rules version the reason says so, since the rules that changed may be the cause.
    """
    info = _info(record, lookup)
    state = _start(record, info)
    actions = record.actions if upto is None else record.actions[:upto]
    for i, action in enumerate(actions):
        try:
            state.apply(action)
        except IllegalActionError as exc:
            reason = exc.reason + f" ({action.text()})"
            if record.rules_version < info.rules_version:
                reason += (f" (played under rules version {record.rules_version};"
                           f" this cuberail plays version {info.rules_version})")
            raise RecordError(reason, i) from None
    return state
