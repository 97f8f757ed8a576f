"""The full-screen table for ``cuberail play`` (Textual); the line mode stays in play.py.

``run_table(game)`` plays a ``play.Game`` full-screen until it ends or the players
quit, and returns an exit code. play.py calls it when stdin and stdout are both
terminals and ``--plain`` was not given (see :func:`wanted`) and the title has a table
kit (see :func:`missing`).
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, TextIO

from cuberail.games import get_game

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


def missing(title: str) -> str:
    """'' when ``title`` can be played full-screen, else what is missing (and that the game
    goes on line by line)."""
    from cuberail.terminal.kit import find_table, table_module_name

    if find_table(title) is not None:
        return ""
    return (f"{get_game(title).name} has no full-screen table (looked for TABLE in"
            f" {table_module_name(title)}): playing line by line")


def run_table(game: Game) -> int:
    """Play ``game`` at the full-screen table; prints where it is saved afterwards."""
    from cuberail.cli.console import resume_hint
    from cuberail.cli.table.app import TableApp

    app = TableApp(game)
    code = app.run()
    where = f"game saved to {game.path}"
    print(where if not game.state.is_terminal() else f"game over; {where}")
    if not game.state.is_terminal():
        print(resume_hint(game.path))
    return code if isinstance(code, int) else 0


__all__ = ["missing", "run_table", "wanted"]
