"""Untrusted bytes or text to JSON values, with every limit checked before it can bite.

:func:`parse_json` refuses, with a one-line :class:`RecordError`: more than
:data:`MAX_RECORD_BYTES`, bytes that are not UTF-8 (a leading byte order mark is allowed),
nesting deeper than :data:`MAX_DEPTH` (checked by a scan before :func:`json.loads`, whose
recursion would otherwise fail), integers longer than :data:`MAX_INT_DIGITS` digits
(Python refuses to read more than 4,300 with a bare ValueError), ``NaN`` and
``Infinity`` (not JSON), duplicate keys in an object (which one would count?) and text
that is not JSON at all.
"""

from __future__ import annotations

import json
import re
from array import array
from functools import partial
from itertools import accumulate
from typing import Any

from cuberail.core.errors import RecordError, show

MAX_RECORD_BYTES = 5 * 1024 * 1024
MAX_DEPTH = 64
# Far below the 4,300 digits where Python's int() fails, far above any real number in a
# record: bot seeds in meta are derived from a tournament seed and can pass 20 digits.
MAX_INT_DIGITS = 40

# The longest prefix made of complete strings and other characters (possessive: linear).
_PREFIX = re.compile(r'(?:[^"]++|"(?:[^"\\]++|\\.)*+")*+', re.DOTALL)
_STRING = re.compile(r'"(?:[^"\\]++|\\.)*+"', re.DOTALL)
_NOT_BRACKET = re.compile(r"[^\[\]{}]++")
_STEPS = str.maketrans({"[": "\x01", "{": "\x01", "]": "\xff", "}": "\xff"})


def decode(data: bytes | bytearray | memoryview | str, name: str = "the record",
           kind: str = "record") -> str:
    """Size-checked, strictly decoded UTF-8 text (``kind``: what it should be, for messages)."""
    if isinstance(data, str):
        if len(data) > MAX_RECORD_BYTES:
            raise RecordError(f"{name} is {len(data)} characters; at most {MAX_RECORD_BYTES}")
        return data
    raw = bytes(data)
    if len(raw) > MAX_RECORD_BYTES:
        raise RecordError(f"{name} is {len(raw)} bytes; a {kind} is at most {MAX_RECORD_BYTES}")
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise RecordError(
            f"{name} is not UTF-8 text (byte 0x{raw[exc.start]:02x} at offset {exc.start})"
        ) from None


def nesting_depth(text: str) -> int:
    """The deepest bracket nesting outside strings, in linear time (C loops only).

    Only the part before an unterminated string counts: json.loads refuses the text
    there, before it could go deeper.
    """
    prefix = text[: _PREFIX.match(text).end()]  # type: ignore[union-attr]
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", prefix))
    steps = array("b", brackets.translate(_STEPS).encode("latin-1"))
    return max(accumulate(steps, initial=0))


def parse_json(data: bytes | bytearray | memoryview | str, name: str = "the record",
               kind: str = "record") -> Any:
    """The JSON value in ``data``, or a one-line :class:`RecordError` saying why not.

    ``name`` is how the messages name the text, ``kind`` what it should be.
    """
    text = decode(data, name, kind)
    if nesting_depth(text) > MAX_DEPTH:
        raise RecordError(f"{name} is nested deeper than {MAX_DEPTH} levels")
    try:
        return json.loads(text, parse_int=partial(_parse_int, kind=kind),
                          parse_constant=_refuse_constant,
                          object_pairs_hook=partial(_object, kind=kind))
    except json.JSONDecodeError as exc:
        raise RecordError(f"{name} is not JSON ({exc.msg}, line {exc.lineno})") from None
    except RecursionError:  # a second guard: the scan above should make this unreachable
        raise RecordError(f"{name} is nested too deeply") from None


def _parse_int(text: str, kind: str) -> int:
    if len(text.lstrip("-")) > MAX_INT_DIGITS:
        raise RecordError(f"a number in the {kind} has {len(text.lstrip('-'))} digits;"
                          f" at most {MAX_INT_DIGITS}")
    return int(text)


def _refuse_constant(text: str) -> Any:
    raise RecordError(f"{text} is not a JSON number (numbers must be finite)")


def _object(pairs: list[tuple[str, Any]], kind: str) -> dict[str, Any]:
    out = dict(pairs)
    if len(out) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                shown = show(key, quoted=True)
                raise RecordError(f"an object in the {kind} repeats the key {shown}")
            seen.add(key)
    return out
