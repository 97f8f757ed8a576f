"""The full-screen table for ``cuberail play`` (Textual); the line mode stays in play.py.

``run_table(game)`` plays a ``play.Game`` full-screen until it ends or the players
quit, and returns an exit code. play.py calls it when stdin and stdout are both
terminals and ``--plain`` was not given (see :func:`wanted`).
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, TextIO

if TYPE_CHECKING:
    from cuberail.cli.play import Game


def wanted(plain: bool, stdin: TextIO | None = None, stdout: TextIO | None = None) -> bool:
    """Full screen only on a real terminal both ways, and not asked for plain lines."""
    return not plain and _tty(stdin or sys.stdin) and _tty(stdout or sys.stdout)


def _tty(stream: TextIO | None) -> bool:
    """True for a terminal; False for a pipe, a file, a closed or a missing stream."""
    try:
        return stream is not None and stream.isatty()
    except (ValueError, OSError, AttributeError):
        return False


def run_table(game: Game) -> int:
    """Play ``game`` at the full-screen table; prints where it is saved afterwards."""
    from cuberail.cli import common
    from cuberail.cli.table.app import TableApp

    app = TableApp(game)
    code = app.run()
    where = f"game saved to {game.path}"
    print(where if not game.state.is_terminal() else f"game over; {where}")
    if not game.state.is_terminal():
        print(common.resume_hint(game.path))
    return code if isinstance(code, int) else 0


__all__ = ["run_table", "wanted"]
