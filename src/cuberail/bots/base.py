"""What every bot is: something that picks a legal action for the seat to move."""

from __future__ import annotations

from abc import abstractmethod

from mypy_extensions import mypyc_attr

from cuberail.core.actions import Action
from cuberail.core.state import GameState


@mypyc_attr(allow_interpreted_subclasses=True)  # other bots subclass it
class Bot:
    """A player. ``choose`` must return one of ``state.legal_actions()``.

    Not an ``ABC``, for the reason in :class:`cuberail.core.state.GameState` (compiled
    classes of an ABC hierarchy share one isinstance cache)."""

    name: str = "bot"

    @abstractmethod
    def choose(self, state: GameState) -> Action:
        """The action to play for ``state.current_player()``; the state is not changed."""

