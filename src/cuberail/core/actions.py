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

from typing import Any

from cuberail.core.errors import ActionParseError

Arg = int | str


class Action:
    """One decision of one player. Compared and hashed by value."""

    __slots__ = ("_hash", "args", "kind")

    kind: str
    args: tuple[Arg, ...]

    def __init__(self, kind: str, args: tuple[Arg, ...] = ()) -> None:
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "args", args)
        object.__setattr__(self, "_hash", hash((kind, args)))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Action is immutable")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Action):
            return NotImplemented
        return self.kind == other.kind and self.args == other.args

    def __hash__(self) -> int:
        return self._hash  # type: ignore[no-any-return]

    def __repr__(self) -> str:
        return f"Action({self.text()!r})"

    def __str__(self) -> str:
        return self.text()

    def __reduce__(self) -> tuple[Any, ...]:
        return (Action, (self.kind, self.args))

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
        return cls(words[0].lower(), tuple(_parse_arg(w) for w in words[1:]))

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
        if not isinstance(data, dict) or not isinstance(data.get("kind"), str):
            raise ActionParseError(f"not an action: {data!r} (expected {{'kind': ..., 'args': [...]}})")
        args = data.get("args", [])
        if not isinstance(args, list) or not all(_is_arg(a) for a in args):
            raise ActionParseError(f"bad action args: {args!r} (expected a list of ints and words)")
        return cls(data["kind"], tuple(args))


def _is_arg(value: object) -> bool:
    if isinstance(value, bool):
        return False
    if isinstance(value, int):
        return True
    return isinstance(value, str) and bool(value) and not any(c.isspace() for c in value)


def _parse_arg(word: str) -> Arg:
    if word.lstrip("-").isdigit():
        return int(word)
    return word
