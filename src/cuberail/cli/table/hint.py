"""``hint``: the engine's preferred move for the player to move, and why, in one line.

The search is the analysis engine's (:mod:`cuberail.bots.analysis`): win share only,
so the numbers are winning chances. The line names the preferred move, the mover's
chance after it, and the chance after the runner-up (the move the search tried most
after it), so that a player sees what the preference is worth.
"""

from __future__ import annotations

from collections.abc import Callable

from cuberail.bots.analysis import analysis_bot, estimate
from cuberail.core.actions import Action
from cuberail.core.state import GameState

Describe = Callable[[GameState, Action], str]
SECONDS = 1.0  # the default budget of a hint: long enough to be useful, short to wait for
OFF = "hints are off in this game"  # the answer in a game played with --no-hints


def hint(state: GameState, describe: Describe, seconds: float | None = SECONDS,
         iterations: int | None = None, seed: int = 0) -> str:
    """One line: the preferred move, the mover's chance after it and after the runner-up.

    ``state`` is not changed. A budget of ``iterations`` (when given) makes the answer
    reproducible for a seed; else the search runs for ``seconds``.
    """
    if state.is_terminal():
        return "hint: the game is over"
    legal = state.legal_actions()
    if len(legal) == 1:
        return f"hint: {describe(state, legal[0])} (the only legal move)"
    if iterations is not None:
        seconds = None
    found = estimate(state.clone(), analysis_bot(seconds, iterations, seed))
    if found.best is None:
        return "hint: the search found no move to prefer"
    runner = max(((visits, value, action) for action, (visits, value)
                  in found.children.items() if action != found.best),
                 key=lambda t: (t[0], t[1]), default=None)
    versus = (f" (vs {_percent(runner[1])} after {_short(describe, state, runner[2])})"
              if runner is not None else "")
    budget = f"{seconds:g} s" if seconds is not None else f"{found.iterations} iterations"
    return (f"hint: {_short(describe, state, found.best)} — your winning chance about"
            f" {_percent(found.best_value)}{versus}, {budget} of search")


def _short(describe: Describe, state: GameState, action: Action) -> str:
    """The move's description without its notes (brackets, costs after a colon): the
    menu shows those."""
    return describe(state, action).split(" (")[0].split(": ")[0]


def _percent(value: float) -> str:
    return f"{round(100 * value)}%"
