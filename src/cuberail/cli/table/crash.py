"""The table's last word on a bug: a short message, not a traceback across the terminal.

An exception no handler expected ends a Textual app, which prints a full traceback with
its locals (the fourteenth newcomer run met one: F3 on a folded route). The player reads
instead what happened, that the game is saved and how to go on; the traceback goes to a
file beside the save (``GAME.crash.txt``; for a server's game, which has no save here,
``cuberail-table.crash.txt`` in the temporary directory), named in the message, for a
bug report.
"""

from __future__ import annotations

import tempfile
import traceback
from pathlib import Path


def report(error: BaseException, save: Path, kept: str) -> str:
    """Write ``error``'s traceback beside ``save``; the message for the player (``kept``:
    where the game is kept and how to come back)."""
    crash = (save.with_name(save.name + ".crash.txt") if save.name != "-"  # (a server's
             else Path(tempfile.gettempdir()) / "cuberail-table.crash.txt")  # game: none)
    text = "".join(traceback.format_exception(error))
    try:
        crash.write_text(text, encoding="utf-8")
        where = f"The details are in {crash}: please send them with a bug report."
    except OSError as exc:
        where = f"(The details could not be written to {crash}: {exc.strerror}.)"
    head = f"{type(error).__name__}: {error}"[:300]
    return (f"cuberail's table stopped on a bug: {head}\n{kept}\n{where}")
