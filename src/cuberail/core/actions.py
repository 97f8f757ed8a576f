"""Actions: small immutable values with exact round trips to text and JSON.

An action is a ``kind`` (a lowercase word) and at most 16 ``args``: ints (never bools
or floats) of at most 9 digits, or words (printable ASCII without spaces, not an integer,
at most 200 characters). Its text form is the kind followed by its args, separated by
spaces, at most 400 characters::

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

from cuberail.core.errors import ActionParseError, show

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
        """Parse the text form; integers are read back as ints.

        Refused with :class:`ActionParseError`: text over :data:`MAX_TEXT` characters, a
        kind that is not a lowercase word, more than :data:`MAX_ARGS` arguments, and an
        argument that is neither a whole number of at most :data:`MAX_DIGITS` digits nor a
        word (printable ASCII, not an integer; at most :data:`MAX_WORD` characters).
        """
        if not isinstance(text, str):
            raise ActionParseError(f"an action is text like 'bid 7', not {type(text).__name__}")
        if len(text) > MAX_TEXT:
            raise ActionParseError(f"action text is at most {MAX_TEXT} characters,"
                                   f" not {len(text)}")
        words = text.split()
        if not words:
            raise ActionParseError("empty action text")
        kind = words[0].lower()
        if not _is_kind(kind):
            raise ActionParseError(f"'{show(words[0])}' is not an action word"
                                   " (a lowercase letter, then letters, digits, '_' or '-')")
        if len(words) > MAX_ARGS + 1:
            raise ActionParseError(f"an action has at most {MAX_ARGS} arguments,"
                                   f" not {len(words) - 1}")
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
        if not isinstance(data, dict) or not _is_kind(data.get("kind")) or set(data) - _KEYS:
            expected = "{'kind': ..., 'args': [...]} or a text like 'bid 7'"
            shown = show(data, quoted=True)
            raise ActionParseError(f"not an action: {shown} (expected {expected})")
        args = data.get("args", [])
        if (not isinstance(args, list) or len(args) > MAX_ARGS
                or not all(_is_arg(a) for a in args)):
            raise ActionParseError(f"bad action args: {show(args, quoted=True)} (expected a list"
                                   f" of at most {MAX_ARGS} whole numbers of at most"
                                   f" {MAX_DIGITS} digits and words)")
        return cls(data["kind"], tuple(args))


MAX_TEXT = 400
MAX_ARGS = 16
MAX_DIGITS = 9
MAX_WORD = 200  # a route's jump payments ("pay:blue,blue,...") reach 60+ characters
MAX_KIND = 40
ARG_LIMIT = 10**MAX_DIGITS - 1  # the largest (absolute) integer argument
_KEYS = frozenset({"kind", "args"})
_INT = re.compile(r"-?[0-9]+")
_KIND = re.compile(rf"[a-z][a-z0-9_-]{{0,{MAX_KIND - 1}}}")
# A word: printable ASCII other than space (ids such as "B&O", "pay:bank,red"), that is not
# an integer (those are read as ints): "4.5" or "+7" are words, which no game accepts.
_WORD = re.compile(rf"(?!-?[0-9]+\Z)[!-~]{{1,{MAX_WORD}}}")


def _is_kind(value: object) -> bool:
    return isinstance(value, str) and _KIND.fullmatch(value) is not None


def _is_arg(value: object) -> bool:
    """Ints (not bools) of at most MAX_DIGITS digits, and words (see :data:`_WORD`)."""
    if type(value) is int:
        return bool(-ARG_LIMIT <= value <= ARG_LIMIT)
    return type(value) is str and _WORD.fullmatch(value) is not None


def _parse_arg(word: str) -> Arg:
    if _INT.fullmatch(word):
        digits = len(word.lstrip("-").lstrip("0"))
        if digits > MAX_DIGITS:
            raise ActionParseError(f"{show(word)} is too big: a number has at most"
                                   f" {MAX_DIGITS} digits")
        return int(word)
    if _WORD.fullmatch(word) is None:
        raise ActionParseError(f"'{show(word)}' is neither a whole number nor a word"
                               f" (printable ASCII; at most {MAX_WORD} long)")
    return word


def action_problem(action: object) -> str | None:
    """Why ``action`` is not a well-formed :class:`Action`, or None when it is.

    Cheap (no parsing): :meth:`GameState.apply` runs it before the engine sees an action,
    so that ``Action("bid", (7.0,))`` or ``Action("bid", (True,))`` (equal to ``bid 7`` and
    ``bid 1`` by value, but not the same text) are refused, not accepted.
    """
    if type(action) is not Action:
        return (f"not an action but a {type(action).__name__}; pass an Action"
                " (a word and a tuple of args), e.g. Action.from_text('pass')")
    if not _is_kind(action.kind):
        return "its kind is not an action word"
    args = action.args
    if type(args) is not tuple or len(args) > MAX_ARGS:
        return f"its arguments are not a tuple of at most {MAX_ARGS}"
    for arg in args:
        if not _is_arg(arg):
            return (f"argument {show(arg, quoted=True)} is not a whole number of at most"
                    f" {MAX_DIGITS} digits or a word")
    return None
