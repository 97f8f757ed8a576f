"""The table option ``undo``: how far a seat may take back its own last move.

- ``"free"`` (the default, what the server always did): a seat takes back its own last
  move in force, as long as the log's last effective action is its own.
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
