"""The table option ``undo``: how far a seat may take back its own last move.

- ``"free"`` (the default): a seat takes back its own last move in force, with the bots'
  moves after it when only bots have moved since (a game against bots: they answer at
  once, and the terminal's ``undo`` takes their answers back too).
- ``"unanswered"``: also refused (403 ``refusal.undo_answered``, naming the option) once
  any other seat, a bot included, has acted after that move, even with a move it took
  back since: a competitive game where nobody learns an answer and then changes their
  mind. The option is stored with the game, shown in its view (``undo``, and
  ``last.answered_by``), kept by its rematch and by its exported record (meta ``undo``,
  as ``cuberail play --undo unanswered`` writes it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from sqlalchemy import Connection

from cuberail.server.schemas import UndoOption
from cuberail.server.storage import Store

if TYPE_CHECKING:
    from cuberail.server.games import Loaded

FREE: UndoOption = "free"
UNANSWERED: UndoOption = "unanswered"
RECORD_KEY = "undo"  # in a record's meta, only when not free (as ``no_hints``)


def answering_seat(store: Store, conn: Connection, loaded: Loaded) -> int | None:
    """The first other seat that acted after the last move in force (a move or an undo,
    even one taken back since); None when nobody has, or nothing is in force."""
    snap = loaded.snap
    if not snap.effective or snap.effective[-1].seq == snap.seq:
        return None  # (the common case: the last entry is that move, no query)
    last = snap.effective[-1]
    for entry in store.entries(conn, loaded.game.id, last.seq):
        if entry.seat != last.seat:
            return entry.seat
    return None


def bot_answers(loaded: Loaded) -> tuple[int, int] | None:
    """Free undo against bots: ``(seat, n)`` when the moves in force end with ``n`` >= 1
    moves of bot seats after a move of ``seat``, a seat no bot plays (its undo takes back
    its move and those); None otherwise, and always with undo ``"unanswered"``."""
    if option_of(loaded.game.undo) != FREE:
        return None
    effective, seats = loaded.snap.effective, loaded.seats
    n = 0
    while n < len(effective) and seats[effective[-1 - n].seat].bot is not None:
        n += 1
    if n == 0 or n == len(effective):
        return None
    return effective[-1 - n].seat, n


def undo_seat(loaded: Loaded, answered_by: int | None) -> int | None:
    """The seat whose undo the server takes now (the view's ``undo_seat``), or None."""
    effective = loaded.snap.effective
    if not effective or loaded.snap.state.is_terminal():
        return None
    found = bot_answers(loaded)
    if found is not None:
        return found[0]
    last = effective[-1]
    if option_of(loaded.game.undo) == UNANSWERED and answered_by is not None:
        return None
    return last.seat if loaded.seats[last.seat].bot is None else None


def option_of(value: object) -> UndoOption:
    """The option a stored value names (anything but ``"unanswered"``: free)."""
    return UNANSWERED if value == UNANSWERED else FREE


def from_meta(meta: dict[str, Any]) -> UndoOption:
    """The option a record's meta keeps (none: free)."""
    return option_of(meta.get(RECORD_KEY))


def to_meta(meta: dict[str, Any], option: str) -> None:
    """Keep a limited undo in a record's meta (free undo writes nothing)."""
    if option == UNANSWERED:
        meta[RECORD_KEY] = UNANSWERED
