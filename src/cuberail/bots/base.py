"""What every bot is: something that picks a legal action for the seat to move."""

from __future__ import annotations

from abc import ABC, abstractmethod

from mypy_extensions import mypyc_attr

from cuberail.core.actions import Action
from cuberail.core.state import GameState


@mypyc_attr(allow_interpreted_subclasses=True)  # other bots subclass it
class Bot(ABC):
    """A player. ``choose`` must return one of ``state.legal_actions()``."""

    name: str = "bot"

    @abstractmethod
    def choose(self, state: GameState) -> Action:
        """The action to play for ``state.current_player()``; the state is not changed."""

