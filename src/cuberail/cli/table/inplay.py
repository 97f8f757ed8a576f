"""Where a game at the table is played: here (a saved file) or on a server.

The table (:class:`~cuberail.cli.table.app.TableApp`; its flow, which a link calls back,
is :class:`~cuberail.cli.table.flow.TableFlow`) shows one ``play.Game`` and asks
its :class:`Link` the few things that differ: which seats move elsewhere, how a move
is sent (here: applied and saved at once; on a server: posted, and applied when the
server accepts it), how an undo is asked for, and what leaving means. :class:`Local`
is the game of ``cuberail play``; ``cli/remote.py`` holds the server's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from cuberail.core.actions import Action

from .undo import undo_own

if TYPE_CHECKING:
    from cuberail.cli.play import Game

    from .flow import TableFlow


class Link(Protocol):
    """What the table asks of the place where its game is played."""

    def opening(self) -> str:
        """The first line of the log: where the game is kept."""
        ...

    def is_away(self, seat: int) -> bool:
        """Whether ``seat`` decides elsewhere (the table waits for its moves)."""
        ...

    def start(self, app: TableFlow) -> None:
        """Begin following the game (a server's live events); nothing for a local game."""
        ...

    def send(self, app: TableFlow, action: Action, note: str) -> bool:
        """A move decided at this table; True when it is already played (the table goes
        on), False when the answer comes later (the link calls back the app)."""
        ...

    def undo(self, app: TableFlow, seat: int) -> None:
        """``undo`` typed while ``seat`` is to move."""
        ...

    def leave(self) -> None:
        """Before the table closes (a local game is saved; CuberailError keeps it open)."""
        ...


def kept(link: Link, game: Game) -> str:
    """Where a game left now is kept and how to come back (asked before leaving)."""
    from cuberail.cli.console import resume_hint

    if isinstance(link, Local):
        return f"It is saved after every move, to {game.path}.\n{resume_hint(game.path)}"
    return f"{link.opening()}: the game goes on there; join again with your invite link."


class Local:
    """The game of ``cuberail play``: every seat is at this keyboard or a bot here."""

    def __init__(self, game: Game) -> None:
        self.game = game

    def opening(self) -> str:
        return f"saving to {self.game.path} after every move"

    def is_away(self, seat: int) -> bool:
        return False

    def start(self, app: TableFlow) -> None:
        return None

    def send(self, app: TableFlow, action: Action, note: str) -> bool:
        app.play_move(action, note)
        return True

    def undo(self, app: TableFlow, seat: int) -> None:
        """Hotseat undo: only the asking player's own decision (see :mod:`.undo`)."""
        if app.thinking or seat < 0 or self.game.seats[seat].is_bot:
            app.say("undo works on your own turn")
            return
        text = undo_own(self.game, seat)
        if text.startswith("took back"):
            app.taken_back(text)
        app.say(text)

    def leave(self) -> None:
        self.game.save()


__all__ = ["Link", "Local", "kept"]
