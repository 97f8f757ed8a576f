"""Actions: small immutable values with exact round trips to text and JSON.

An action is a ``kind`` (a lowercase word) and zero or more ``args`` (ints or
words). Its text form is the kind followed by its args, separated by spaces::

    >>> a = Action("bid", (8,))
    >>> a.text()
    'bid 8'
    >>> Action.from_text("bid 8") == a
    True
    >>> Action.from_json(a.to_json()) == a
    True
"""

from __future__ import annotations

import re
from typing import Any, NamedTuple

from cuberail.core.errors import ActionParseError

Arg = int | str


class Action(NamedTuple):
    """One decision of one player: immutable, compared and hashed by value (in C, for speed)."""

    kind: str
    args: tuple[Arg, ...] = ()

    def __repr__(self) -> str:
        return f"Action({self.text()!r})"

    def __str__(self) -> str:
        return self.text()

    def text(self) -> str:
        """The short text form: ``kind arg1 arg2``."""
        if not self.args:
            return self.kind
        return " ".join([self.kind, *(str(a) for a in self.args)])

    @classmethod
    def from_text(cls, text: str) -> Action:
        """Parse the text form; integers are read back as ints."""
        words = text.split()
        if not words:
            raise ActionParseError("empty action text")
        kind = words[0].lower()
        if not _is_kind(kind):
            raise ActionParseError(f"{words[0]!r} is not an action word (letters first)")
        return cls(kind, tuple(_parse_arg(w) for w in words[1:]))

    def to_json(self) -> dict[str, Any]:
        """The JSON form: ``{"kind": ..., "args": [...]}`` (args omitted when empty)."""
        if not self.args:
            return {"kind": self.kind}
        return {"kind": self.kind, "args": list(self.args)}

    @classmethod
    def from_json(cls, data: object) -> Action:
        """Read the JSON form written by :meth:`to_json` (or a text string)."""
        if isinstance(data, str):
            return cls.from_text(data)
        if not isinstance(data, dict) or not _is_kind(data.get("kind")):
            expected = "{'kind': ..., 'args': [...]}"
            raise ActionParseError(f"not an action: {data!r} (expected {expected})")
        args = data.get("args", [])
        if not isinstance(args, list) or not all(_is_arg(a) for a in args):
            raise ActionParseError(f"bad action args: {args!r} (expected a list of ints and words)")
        return cls(data["kind"], tuple(args))


_INT = re.compile(r"-?[0-9]+")
_KIND = re.compile(r"[a-z][a-z0-9_-]*")


def _is_kind(value: object) -> bool:
    return isinstance(value, str) and _KIND.fullmatch(value) is not None


def _is_arg(value: object) -> bool:
    """Ints, and words that read back as themselves (no spaces, not number-like)."""
    if isinstance(value, bool):
        return False
    if isinstance(value, int):
        return True
    return (isinstance(value, str) and bool(value) and not any(c.isspace() for c in value)
            and _INT.fullmatch(value) is None)


def _parse_arg(word: str) -> Arg:
    return int(word) if _INT.fullmatch(word) else word
