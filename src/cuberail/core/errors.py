"""Typed errors. Each carries a message meant for a person: what was wrong and what is allowed."""

from __future__ import annotations


class CuberailError(Exception):
    """Base of every error cuberail raises on purpose."""


class IllegalActionError(CuberailError, ValueError):
    """An action that is not legal in the current state; the state is left untouched."""

    def __init__(self, action: object, reason: str) -> None:
        super().__init__(f"illegal action {show(action)}: {reason}")
        self.action = action
        self.reason = reason


class ActionParseError(CuberailError, ValueError):
    """Text or JSON that does not describe an action."""


class OptionError(CuberailError, ValueError):
    """A rule option that is unknown or has a value outside what it allows."""


class NameRefusedError(CuberailError, ValueError):
    """A player name that cannot be used (empty, too long, control characters...)."""


class RecordError(CuberailError, ValueError):
    """A game record that cannot be loaded or does not replay."""

    def __init__(self, reason: str, index: int | None = None) -> None:
        where = f"action {index}: " if index is not None else ""
        super().__init__(f"record refused: {where}{reason}")
        self.index = index
        self.reason = reason


class SaveError(CuberailError, OSError):
    """A file that could not be written; an OSError too, for callers that catch those.

    ``str()`` is ``cannot save to PATH: REASON``; ``strerror`` is the reason alone.
    """

    def __init__(self, path: str, reason: str, code: int | None = None) -> None:
        super().__init__(code, reason)
        self.path = path
        self.reason = reason

    def __str__(self) -> str:
        return f"cannot save to {self.path}: {self.reason}"


def show(value: object, limit: int = 60, quoted: bool = False) -> str:
    """A short one-line description of any value, for messages; never raises.

    ``str(value)``, or ``repr(value)`` when ``quoted``. Strings with control characters or
    lone surrogates, huge integers and objects whose ``str`` fails are all shown safely
    (escaped, summarised or by type name).
    """
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 128:
        return f"<an integer of {value.bit_length()} bits>"
    try:
        text = repr(value) if quoted else str(value)
    except Exception:
        return f"<{type(value).__name__}>"
    if not text.isprintable():
        text = ascii(text)[1:-1]
    return text if len(text) <= limit else text[: limit - 3] + "..."
