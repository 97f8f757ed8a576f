"""What every bot is: something that picks a legal action for the seat to move."""

from __future__ import annotations

from abc import ABC, abstractmethod

from cuberail.core.actions import Action
from cuberail.core.state import GameState


class Bot(ABC):
    """A player. ``choose`` must return one of ``state.legal_actions()``."""

    name: str = "bot"

    @abstractmethod
    def choose(self, state: GameState) -> Action:
        """The action to play for ``state.current_player()``; the state is not changed."""


def apply_legal(state: GameState, action: Action) -> None:
    """Apply an action taken from ``state.legal_actions()``, skipping the legality check.

    Search applies millions of actions it took from the legal list itself; the
    check in :meth:`GameState.apply` (a scan of that list) would double the cost.
    Games that override ``apply`` itself get the checked call.
    """
    if type(state).apply is GameState.apply:
        state._apply(action)
    else:
        state.apply(action)
