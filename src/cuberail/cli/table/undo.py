"""Hotseat undo over play.py's Game: a human takes back only their own decisions.

The line mode's ``Game.undo`` takes back the last human decision, whoever made it,
so at a shared keyboard one player's ``undo`` could take back another's move. Here
the decision taken back must be the asking player's own, and no other human may
have decided since (their move would go with it); bots' moves after it are replayed
away and named in the answer.

The table option ``--undo`` (kept in the record's meta ``undo``, as ``--no-hints``
keeps ``no_hints``, and as the server's exported records do): ``free`` (the default) is
the above; ``unanswered`` refuses the undo once any other seat, a bot included, has
moved after the decision, so nobody learns an answer and then changes their mind.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cuberail.cli.records import replay_record
from cuberail.core.errors import CuberailError

if TYPE_CHECKING:
    from cuberail.cli.play import Game

FREE = "free"
UNANSWERED = "unanswered"
CHOICES = (FREE, UNANSWERED)
LIMITED = "this game was started with --undo unanswered"


def undo_option(game: Game) -> str:
    """The game's ``--undo``: ``unanswered`` when its record keeps it, else ``free``."""
    return UNANSWERED if game.record.meta.get("undo") == UNANSWERED else FREE


def set_undo_option(game: Game, value: str | None) -> None:
    """``--undo VALUE`` for a new or loaded game: a loaded game's undo can be limited,
    never freed again (CuberailError)."""
    if value == UNANSWERED:
        game.record.meta["undo"] = UNANSWERED
    elif value == FREE and undo_option(game) == UNANSWERED:
        raise CuberailError(f"--undo free: {LIMITED}, and it keeps that limit")


def undo_own(game: Game, seat: int) -> str:
    """Take back ``seat``'s last decision and what followed; says what was taken back."""
    state = replay_record(game.record, 0)
    deciders: list[tuple[int, int]] = []  # (action index, seat) of every real human decision
    movers: list[int] = []  # the seat that made each action
    for i, action in enumerate(game.record.actions):
        mover = state.current_player()
        movers.append(mover)
        if not game.seats[mover].is_bot and len(state.legal_actions()) > 1:
            deciders.append((i, mover))
        state.apply(action)
    mine = [i for i, p in deciders if p == seat]
    name = game.seats[seat].name
    if not mine:
        return f"nothing to undo: {name} has made no decision yet"
    last = mine[-1]
    answered = [p for p in movers[last + 1:] if p != seat]
    if answered and undo_option(game) == UNANSWERED:
        who = game.seats[answered[0]].name
        return (f"cannot undo: {who} has moved since your last decision, and {LIMITED}"
                " (an undo only until another player moves)")
    others = [p for i, p in deciders if i > last and p != seat]
    if others:
        who = game.seats[others[0]].name
        return f"cannot undo: {who} has moved since your last decision; {who} must undo first"
    before = replay_record(game.record, last)
    taken = game.view.describe_action(before, game.record.actions[last])
    bots = len(game.record.actions) - last - 1
    del game.record.actions[last:]
    game.state = replay_record(game.record)
    game.save()
    tail = f" and {bots} later move{'s' * (bots != 1)}" if bots else ""
    return f"took back {name}'s '{taken}'{tail}"
