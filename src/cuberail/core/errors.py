"""Typed errors. Each carries a message meant for a person: what was wrong and what is allowed."""

from __future__ import annotations


class CuberailError(Exception):
    """Base of every error cuberail raises on purpose."""


class IllegalActionError(CuberailError, ValueError):
    """An action that is not legal in the current state; the state is left untouched."""

    def __init__(self, action: object, reason: str) -> None:
        super().__init__(f"illegal action {action}: {reason}")
        self.action = action
        self.reason = reason


class ActionParseError(CuberailError, ValueError):
    """Text or JSON that does not describe an action."""


class OptionError(CuberailError, ValueError):
    """A rule option that is unknown or has a value outside what it allows."""


class RecordError(CuberailError, ValueError):
    """A game record that cannot be loaded or does not replay."""

    def __init__(self, reason: str, index: int | None = None) -> None:
        where = f"action {index}: " if index is not None else ""
        super().__init__(f"record refused: {where}{reason}")
        self.index = index
        self.reason = reason
