"""The plain face of a title without a terminal face of its own: the games' words only.

Every title's package has a ``moves`` module whose sentences are words data
(``describe_parts``, ``event_parts``); :class:`PlainFace` renders them in English (and uses
``describe_step`` where the title has it), with a short :meth:`PlainFace.render` (the
players and the step), so that ``cuberail play --plain`` plays any title.
"""

from __future__ import annotations

from types import ModuleType

from rich.console import Group, RenderableType
from rich.text import Text

from cuberail.core.actions import Action
from cuberail.core.state import GameState
from cuberail.core.words import named, seat_name
from cuberail.games import moves_module
from cuberail.games.words import english


class PlainFace:
    """A title's moves module as a terminal face, with a table of players and the step."""

    def __init__(self, title: str) -> None:
        self.title = title
        self.moves: ModuleType = moves_module(title)

    def describe_action(self, state: GameState, action: Action) -> str:
        """The move in the title's own English sentence."""
        parts = getattr(self.moves, "describe_parts", None)
        if parts is None:  # a title with English sentences only
            return str(self.moves.describe_action(state, action))
        return english(parts(state, action))

    def describe_step(self, state: GameState, players: list[str]) -> str:
        """What the player to move decides now (who is to move, without the title's own)."""
        step = getattr(self.moves, "describe_step", None)
        if step is not None:
            return str(step(state, players))
        return f"{seat_name(players, state.current_player())} to move"

    def events(self, before: GameState, after: GameState, players: list[str]) -> list[str]:
        """What a move made happen by itself, the seats named."""
        parts = getattr(self.moves, "event_parts", None)
        if parts is None:
            return []
        return [english(named(said, players)) for said in parts(before, after)]

    def render(self, state: GameState, players: list[str]) -> RenderableType:
        """The players (the one to move marked) and the step: no board without a face."""
        mover = state.current_player()
        lines = [Text(("▶ " if seat == mover else "  ") + name)
                 for seat, name in enumerate(players)]
        step = Text.assemble(("now: ", "bold"), self.describe_step(state, players))
        return Group(*lines, step)


__all__ = ["PlainFace"]
