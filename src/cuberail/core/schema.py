"""The one declared schema of a game record (pydantic v2), and its limits.

Every record that cuberail reads, from a file, the command line or the network, is
validated by :class:`RecordModel`; :func:`validate_record` turns any refusal into a
one-line :class:`RecordError` naming the field and what it allows. The limits:

=================  ====================================================================
field              allowed
=================  ====================================================================
``format``         optional; when present, ``"cuberail-record"``
``title``          a title id: a lowercase letter, then lowercase letters, digits, ``-``
                   (at most 40)
``rules_version``  a whole number 1..:data:`MAX_RULES_VERSION` (not ``true``/``false``)
``options``        an object of at most :data:`MAX_OPTIONS` option names (lowercase
                   word) to a whole number (at most 12 digits), ``true``/``false`` or a
                   text of 1..:data:`MAX_OPTION_TEXT` printable characters; no
                   decimals, no nesting
``players``        1..:data:`MAX_PLAYERS` names (texts), each loaded as cleaned by
                   :func:`cuberail.core.names.clean_name` (control characters become
                   spaces, lone surrogates U+FFFD, cut at 40 characters); a name with
                   nothing visible is refused
``actions``        at most :data:`MAX_ACTIONS` actions, each a text like ``"bid 7"`` or
                   an object ``{"kind": "bid", "args": [7]}`` (see
                   :mod:`cuberail.core.actions`)
``meta``           optional; an object of JSON values (finite numbers, no lone
                   surrogates), at most :data:`MAX_META_BYTES` bytes as JSON
(anything else)    refused
=================  ====================================================================

The server imports :class:`RecordModel` (and :class:`ActionModel` for one action sent on
its own) to describe and check what strangers send.
"""

from __future__ import annotations

import json
import math
from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    PlainSerializer,
    PlainValidator,
    StringConstraints,
    ValidationError,
    WithJsonSchema,
)

from cuberail.core.actions import MAX_ARGS, MAX_TEXT, Action, action_problem
from cuberail.core.errors import CuberailError, RecordError, show
from cuberail.core.names import MAX_NAME, clean_name

FORMAT = "cuberail-record"
MAX_RULES_VERSION = 999_999
MAX_PLAYERS = 8
MAX_OPTIONS = 64
MAX_OPTION_TEXT = 100
OPTION_LIMIT = 10**12 - 1
MAX_ACTIONS = 20_000
MAX_META_BYTES = 64 * 1024
MAX_META_DEPTH = 32
META_DIGITS = 40  # meta holds seeds (a tournament seed times a game factor)
META_INT_LIMIT = 10**META_DIGITS

ALLOWED = {
    "format": f"it must be {FORMAT!r} when present",
    "title": "it must be a title id (lowercase letters, digits and '-', at most 40)",
    "rules_version": f"it must be a whole number from 1 to {MAX_RULES_VERSION}",
    "options": f"it must be an object of at most {MAX_OPTIONS} option names (lowercase words)"
               " to whole numbers, true/false or short texts",
    "players": f"it must be a list of 1 to {MAX_PLAYERS} player names: texts with"
               f" something visible (cut at {MAX_NAME} characters)",
    "actions": f"it must be a list of at most {MAX_ACTIONS} actions, each a text like"
               " 'bid 7' or {'kind': 'bid', 'args': [7]}",
    "meta": f"it must be an object of JSON values, at most {MAX_META_BYTES} bytes",
}


def _option_value(value: object) -> bool | int | str:
    """An option's value: a bool, a whole number or a short printable text."""
    if isinstance(value, bool):
        return value
    if type(value) is int:
        if -OPTION_LIMIT <= value <= OPTION_LIMIT:
            return value
        raise ValueError(f"{show(value)} has more than 12 digits")
    if isinstance(value, str):
        if 1 <= len(value) <= MAX_OPTION_TEXT and value.isprintable():
            return value
        raise ValueError(f"a text option is 1 to {MAX_OPTION_TEXT} printable characters")
    raise ValueError(f"{show(value, quoted=True)} is not a whole number, true/false or a text")


def _player(value: object) -> str:
    try:
        return clean_name(value)
    except CuberailError as exc:
        raise ValueError(str(exc)) from None


def _action(value: object) -> Action:
    if isinstance(value, Action):  # made in code: it may hold anything (7.0, True...)
        problem = action_problem(value)
        if problem is not None:
            raise ValueError(f"action {show(value)}: {problem}")
        return value
    try:
        return Action.from_json(value)
    except CuberailError as exc:
        raise ValueError(str(exc)) from None


def _meta(value: dict[str, Any]) -> dict[str, Any]:
    """JSON values only (finite numbers, no lone surrogates), bounded in depth and size."""
    todo: list[tuple[object, int]] = [(value, 0)]
    while todo:
        item, depth = todo.pop()
        if depth > MAX_META_DEPTH:
            raise ValueError(f"meta is nested deeper than {MAX_META_DEPTH}")
        if isinstance(item, dict):
            if not all(isinstance(k, str) for k in item):
                raise ValueError("meta object keys must be texts")
            todo.extend((k, depth + 1) for k in item)
            todo.extend((v, depth + 1) for v in item.values())
        elif isinstance(item, list):
            todo.extend((v, depth + 1) for v in item)
        else:
            _meta_scalar(item)
    size = len(json.dumps(value, allow_nan=False))
    if size > MAX_META_BYTES:
        raise ValueError(f"meta is {size} bytes as JSON; at most {MAX_META_BYTES}")
    return value


def _meta_scalar(item: object) -> None:
    if item is None or isinstance(item, bool):
        return
    if type(item) is int:
        if -META_INT_LIMIT < item < META_INT_LIMIT:
            return
        raise ValueError(f"meta holds {show(item)}: integers have at most {META_DIGITS} digits")
    if type(item) is float:
        if math.isfinite(item):
            return
        raise ValueError(f"meta holds {item}: numbers must be finite")
    if type(item) is str:
        try:
            item.encode("utf-8")
        except UnicodeEncodeError:
            raise ValueError("meta holds a text with a lone surrogate") from None
        return
    raise ValueError(f"meta holds a {type(item).__name__}, which is not a JSON value")


Title = Annotated[str, StringConstraints(pattern=r"^[a-z][a-z0-9-]{0,39}$")]
OptionName = Annotated[str, StringConstraints(pattern=r"^[a-z][a-z0-9_]{0,39}$")]
OptionValue = Annotated[
    bool | int | str, PlainValidator(_option_value),
    WithJsonSchema({"anyOf": [{"type": "boolean"}, {"type": "integer"}, {"type": "string"}]})]
PlayerName = Annotated[str, PlainValidator(_player),
                       WithJsonSchema({"type": "string", "minLength": 1, "maxLength": MAX_NAME})]
ACTION_JSON_SCHEMA: dict[str, Any] = {
    "anyOf": [
        {"type": "string", "maxLength": MAX_TEXT, "examples": ["bid 7", "pass"]},
        {"type": "object", "required": ["kind"], "additionalProperties": False,
         "properties": {"kind": {"type": "string"},
                        "args": {"type": "array", "maxItems": MAX_ARGS,
                                 "items": {"anyOf": [{"type": "integer"},
                                                     {"type": "string"}]}}}},
    ]
}
ActionItem = Annotated[Action, PlainValidator(_action),
                       PlainSerializer(lambda a: a.text(), return_type=str),
                       WithJsonSchema(ACTION_JSON_SCHEMA)]
Meta = Annotated[dict[str, Any], AfterValidator(_meta)]


class ActionModel(BaseModel):
    """One action on its own (as the server receives a move): ``{"action": "bid 7"}``."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    action: ActionItem


class RecordModel(BaseModel):
    """A game record as stored and exchanged (see the module docstring for the limits)."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)

    format: Literal["cuberail-record"] = "cuberail-record"
    title: Title
    rules_version: Annotated[int, Field(ge=1, le=MAX_RULES_VERSION)]
    options: Annotated[dict[OptionName, OptionValue], Field(max_length=MAX_OPTIONS)]
    players: Annotated[list[PlayerName], Field(min_length=1, max_length=MAX_PLAYERS)]
    actions: Annotated[list[ActionItem], Field(max_length=MAX_ACTIONS)]
    meta: Meta = Field(default_factory=dict)


def validate_record(data: object) -> RecordModel:
    """``data`` (parsed JSON) as a :class:`RecordModel`, or a one-line :class:`RecordError`."""
    if not isinstance(data, dict):
        raise RecordError(f"a record is a JSON object, not {_json_kind(data)}")
    try:
        return RecordModel.model_validate(data)
    except ValidationError as exc:
        raise record_error(exc) from None
    except RecursionError:
        raise RecordError("the record is nested too deeply") from None


def record_error(exc: ValidationError) -> RecordError:
    """The first problem pydantic found, as one line naming the field and what it allows."""
    error = exc.errors(include_url=False)[0]
    loc = error["loc"]
    top = str(loc[0]) if loc else ""
    if top == "actions" and len(loc) >= 2 and isinstance(loc[1], int):
        return RecordError(_detail(error), loc[1])
    if error["type"] == "extra_forbidden":
        fields = ", ".join(RecordModel.model_fields)
        return RecordError(f"unknown field {show(top, quoted=True)}; a record has: {fields}")
    where = _where(loc)
    if error["type"] == "missing":
        return RecordError(f"field {where!r} is missing; {ALLOWED.get(top, '')}")
    return RecordError(f"field {where!r}: {_detail(error)}; {ALLOWED.get(top, '')}")


def _where(loc: tuple[int | str, ...]) -> str:
    """``('players', 2)`` -> ``players[2]``; ``('options', 'x')`` -> ``options.x``."""
    parts = [str(loc[0])] if loc else []
    for part in loc[1:]:
        if part == "[key]":
            parts.append(" (name)")
        elif isinstance(part, int):
            parts.append(f"[{part}]")
        else:
            parts.append(f".{show(part)}")
    return "".join(parts)


def _detail(error: Any) -> str:
    """The reason: our own message for our validators, pydantic's (and the input) else."""
    cause = error.get("ctx", {}).get("error")
    if isinstance(cause, Exception):
        return show(str(cause), limit=200)
    return f"{error['msg'].lower()}, got {_json_kind(error.get('input'))}"


def _json_kind(value: object) -> str:
    """What a parsed JSON value is, in JSON words, with a short preview."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return f"the number {show(value)}"
    if isinstance(value, str):
        return f"the text {show(value, limit=40, quoted=True)}"
    if isinstance(value, list):
        return f"a list of {len(value)}"
    if isinstance(value, dict):
        return f"an object of {len(value)} fields"
    return f"a {type(value).__name__}"
