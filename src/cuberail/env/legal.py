"""The legal ids of many games at once, as runs of consecutive ids, and their moves
applied (compiled with mypyc).

The vector environment asks for every game's legal ids at every step. The engines hand
out shared action objects, the very objects of the title's action table
(:func:`cuberail.env.actions.known_ids`), so each legal action's id is found by its
identity; consecutive ids (a range of bids) are kept as one run, so that a game with a
hundred legal bids costs the conversion to numpy of two integers. A game holding an
action not known so (formed on the fly, or a bid past the table) is handed to ``slow``,
which answers its ids the general way.

No numpy here: mypyc compiles this module where only the build requirements exist.
"""

from __future__ import annotations

from collections.abc import Callable

from cuberail.core.actions import Action
from cuberail.core.state import GameState

Slow = Callable[[int, GameState], list[int]]  # (game, state) -> its legal ids


class Runs:
    """The legal ids of a batch of games: each game's as runs, in the engine's order."""

    def __init__(self) -> None:
        self.starts: list[int] = []  # the first id of each run
        self.lengths: list[int] = []  # the ids in each run
        self.runs: list[int] = []  # the runs of each game
        self.counts: list[int] = []  # the legal ids of each game
        self.to_move: list[int] = []  # the seat to move in each game

    def add(self, ids: list[int]) -> None:
        """Add one game's ids, in order."""
        starts, lengths = self.starts, self.lengths
        first, last = len(starts), -2
        for i in ids:
            if i == last + 1:
                lengths[-1] += 1
            else:
                starts.append(i)
                lengths.append(1)
            last = i
        self.runs.append(len(starts) - first)
        self.counts.append(len(ids))


def _known(known: dict[int, int], state: GameState, runs: Runs) -> bool:
    """Add the ids of ``state`` found by identity; False (nothing added) when one is not."""
    starts, lengths = runs.starts, runs.lengths
    first, last, count = len(starts), -2, 0
    for action in state.legal_actions():
        i = known.get(id(action), -1)
        if i < 0:
            del starts[first:]
            del lengths[first:]
            return False
        if i == last + 1:
            lengths[-1] += 1
        else:
            starts.append(i)
            lengths.append(1)
        last = i
        count += 1
    runs.runs.append(len(starts) - first)
    runs.counts.append(count)
    return True


def gather(known: dict[int, int], states: list[GameState], slow: Slow) -> Runs:
    """The legal ids and seats to move of ``states`` (see the module docstring)."""
    runs = Runs()
    for row, state in enumerate(states):
        runs.to_move.append(state.current_player())
        if not _known(known, state, runs):
            runs.add(slow(row, state))
    return runs


def apply_all(states: list[GameState], chosen: list[Action | None]) -> list[int]:
    """Apply ``chosen[i]`` (one of its legal actions, or None: not stepped) in game ``i``;
    the games that ended."""
    ended: list[int] = []
    for row in range(len(states)):
        action = chosen[row]
        if action is not None:
            state = states[row]
            state.apply_unchecked(action)
            if state.is_terminal():
                ended.append(row)
    return ended
