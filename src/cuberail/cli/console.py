"""The CLI's console and small text helpers: names and typed text are data, never markup.

Everything typed or read from a file is untrusted: names are cleaned once where they
enter (core's :func:`~cuberail.core.names.clean_name`) and printed with Rich markup off.
"""

from __future__ import annotations

from pathlib import Path

from rich.console import Console

WIDTH = 110  # the views are drawn for this width


def make_console() -> Console:
    """A console on stdout that never reads markup or emoji codes: names are data.

    When stdout is not a terminal, it is wide enough for the views.
    """
    console = Console(markup=False, emoji=False, highlight=False)
    if console.is_terminal:
        return console
    return Console(width=WIDTH, markup=False, emoji=False, highlight=False)



def short(value: object, limit: int = 60) -> str:
    """A value's repr cut short, for messages about untrusted input."""
    text = repr(value) if not isinstance(value, str) else repr(value[: limit + 1])
    return text if len(text) <= limit else text[:limit] + "…"


def is_number(text: str, digits: int = 9) -> bool:
    """ASCII digits only, and not too many (``"²".isdigit()`` is true, ``int("²")`` fails;
    ``int()`` of 5,000 digits raises)."""
    return text.isascii() and text.isdigit() and len(text) <= digits



def resume_hint(path: Path | str) -> str:
    """The command that resumes a saved game."""
    return f"resume with: cuberail play --load {path}"
