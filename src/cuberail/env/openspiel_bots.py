"""Any cuberail bot as an OpenSpiel bot, to play in OpenSpiel's own harnesses.

    >>> import pyspiel, cuberail.openspiel
    >>> from cuberail.env.openspiel_bots import CuberailBot
    >>> from cuberail.games import titles
    >>> name = cuberail.openspiel.SHORT_NAMES[titles()[0]]  # a title's GameInfo.short_name
    >>> game = pyspiel.load_game(name, {"players": 3})
    >>> bots = [CuberailBot(game, s, "heuristic", seed=s) for s in range(3)]
    >>> returns = pyspiel.evaluate_bots(game.new_initial_state(), bots, 1)

:class:`CuberailBot` is a ``pyspiel.Bot``: OpenSpiel's C++ ``pyspiel.evaluate_bots``
and Python ``open_spiel.python.algorithms.evaluate_bots`` accept it beside their own
bots. ``step(state)`` reads the cuberail state under the OpenSpiel state (a state of
this package's games carries it as ``state.engine``; any other state with the same
game is replayed from its history), asks the wrapped bot for its move and answers
the move's id (action-id scheme v2: :meth:`ActionTable.encode`), which is always one
of ``state.legal_actions()``. The bot is seeded once, at construction, as
``make_bot(spec, seed)``. The wrapped bots decide from the position alone (our MCTS
reuses a subtree only for the exact position it was grown from), so restarts and
other players' actions need no bookkeeping.
"""

from __future__ import annotations

from typing import Any

import pyspiel

from cuberail.bots.base import Bot
from cuberail.bots.registry import make_bot
from cuberail.core.state import GameState
from cuberail.env.actions import action_table


def engine_of(state: Any) -> GameState:
    """The cuberail state under an OpenSpiel state of a cuberail game."""
    engine = getattr(state, "engine", None)
    if isinstance(engine, GameState):
        return engine
    replay = state.get_game().new_initial_state()  # a state seen through C++: replay it
    for action in state.history():
        replay.apply_action(action)
    return replay.engine  # type: ignore[no-any-return]


class CuberailBot(pyspiel.Bot):  # type: ignore[misc]
    """A cuberail bot (``random``, ``heuristic``, ``mcts:200``, ...) playing one seat."""

    def __init__(self, game: Any, player_id: int, spec: str, seed: int = 0) -> None:
        pyspiel.Bot.__init__(self)
        self._game = game
        self.player_id = player_id
        self.spec = spec
        self.bot: Bot = make_bot(spec, seed)

    def step(self, state: Any) -> int:
        """The id of the wrapped bot's move in ``state`` (its player must be to move)."""
        engine = engine_of(state)
        if engine.current_player() != self.player_id:
            raise ValueError(f"seat {self.player_id}'s bot asked to move for seat"
                             f" {engine.current_player()}")
        action = self.bot.choose(engine)
        return action_table(engine.title).encode(engine, action)

    def restart_at(self, state: Any) -> None:
        """Nothing to reset: the wrapped bots decide from the position (module docstring)."""

    def inform_action(self, state: Any, player_id: int, action: int) -> None:
        """Nothing to track (see :meth:`restart_at`)."""

    def provides_force_action(self) -> bool:
        return False

    def provides_policy(self) -> bool:
        return False

    def is_clone_implemented(self) -> bool:
        return False
