"""The game view: what ``GET /api/games/{id}`` (and the WebSocket's ``state``) answers.

The whole game as a page needs it: the state, the legal moves with their sentences (as
data, for every reader's language), the seats, the last move and the table options.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from cuberail.core.actions import Action
from cuberail.core.state import GameState
from cuberail.core.words import Said
from cuberail.games import moves_module
from cuberail.games.words import english
from cuberail.server.undo import undo_seat

if TYPE_CHECKING:
    from cuberail.server.games import Loaded


def result_json(state: GameState) -> dict[str, Any] | None:
    return state.result().to_json() if state.is_terminal() else None


def labels(title: str, state: GameState) -> list[dict[str, Any]]:
    """The legal actions with the view's description of each: ``label`` in English (as the
    terminal says it) and ``words``, the same sentence as data (``{"key", "values"}``) that
    the browser renders in the page's language with the catalogs of ``GET /api/words/{lang}``
    (so one broadcast serves readers of every language); ``note``, only where the title
    has one, a note beside the choice as data (e.g. a buy that leaves too little cash)."""
    words = moves_module(title)
    describe, note_of = words.describe_parts, getattr(words, "choice_note", None)
    out: list[dict[str, Any]] = []
    for action in state.legal_actions():
        try:
            said = describe(state, action)
            label = english(said)
        except Exception:  # a view bug must not break the game page
            said = Said("move.text", {"text": action.text()})
            label = action.text()
        entry: dict[str, Any] = {"action": action.text(), "label": label, "words": said.to_json()}
        note = _note(note_of, state, action)
        if note is not None:
            entry["note"] = note.to_json()
        out.append(entry)
    return out


def _note(note_of: Callable[[GameState, Action], object] | None, state: GameState,
          action: Action) -> Said | None:
    """The title's note beside a choice (``choice_note(state, action)`` in its moves
    module, optional: a legal move worth a thought first), None without one or on a bug."""
    try:
        found = note_of(state, action) if note_of is not None else None
    except Exception:  # a view bug must not break the game page
        return None
    return found if isinstance(found, Said) else None


def game_view(loaded: Loaded, chat: list[dict[str, Any]], connected: set[int],
              answered_by: int | None = None) -> dict[str, Any]:
    """What ``GET /api/games/{id}`` answers; ``answered_by``: the first other seat that
    acted after the last move in force (see :func:`cuberail.server.undo.answering_seat`)."""
    game, snap, state = loaded.game, loaded.snap, loaded.snap.state
    last = snap.effective[-1] if snap.effective else None
    moves = labels(game.title, state) if not state.is_terminal() else []
    return {
        "id": game.id, "title": game.title, "name": game.name, "index": snap.index,
        "seq": snap.seq, "current_player": state.current_player(),
        "over": state.is_terminal(), "state": state.to_json(),
        "legal": [m["action"] for m in moves], "moves": moves,
        "result": result_json(state), "options": game.options,
        "bot_after": game.bot_after, "bot_delay": game.bot_delay or 0.0,
        "created": game.created.isoformat(),
        "players": [{"seat": s.seat, "name": s.name, "bot": s.bot,
                     "connected": s.seat in connected, "webhook": s.webhook is not None}
                    for s in loaded.seats],
        "last": None if last is None else {"action": last.action, "seat": last.seat,
                                           "name": loaded.seats[last.seat].name,
                                           "answered_by": answered_by},
        "chat": chat, "hints": game.hints, "undo": game.undo,
        "undo_seat": undo_seat(loaded, answered_by),
    }
