"""The legal ids of many games at once, as runs of consecutive ids, and their moves
applied (compiled with mypyc).

The vector environment asks for every game's legal ids at every step. The engines hand
out shared action objects, the very objects of the title's action table
(:func:`cuberail.env.actions.known_ids`), so each legal action's id is found by its
identity (first as the table's next object after the one before, then through the map
of identities); consecutive ids (a range of bids) are kept as one run, so that a game
with a hundred legal bids costs the conversion to numpy of two integers. A game holding an
action not known so (formed on the fly, or a bid past the table) is handed to ``slow``,
which answers its ids the general way.

No numpy here: mypyc compiles this module where only the build requirements exist.
"""

from __future__ import annotations

from collections.abc import Callable

from cuberail.core.actions import Action
from cuberail.core.state import GameState
from cuberail.env.stream import Changes, Rows

Slow = Callable[[int, GameState], list[int]]  # (game, state) -> its legal ids
Renew = Callable[[int], GameState]  # (game) -> the new game of a game that ended


class Runs:
    """The legal ids of a batch of games: each game's as runs, in the engine's order."""

    def __init__(self, width: int) -> None:
        self.width = width  # the ids of a game: its mask row's length
        self.starts: list[int] = []  # the first id of each run, as a flat mask position
        self.lengths: list[int] = []  # the ids in each run
        self.counts: list[int] = []  # the legal ids of each game
        self.to_move: list[int] = []  # the seat to move in each game
        self.ended: list[int] = []  # the games that ended (:func:`step_all`)
        # every game's ids came in ascending order (then ``starts`` is ascending, and the
        # positions of the runs are the mask's ones in its order: no sort needed)
        self.ascending = True

    def add(self, row: int, ids: list[int]) -> None:
        """Add the ids of game ``row`` (the next), in order."""
        base, last = row * self.width, -2
        for i in ids:
            if i == last + 1:
                self.lengths[-1] += 1
            else:
                if i <= last:
                    self.ascending = False
                self.starts.append(base + i)
                self.lengths.append(1)
            last = i
        self.counts.append(len(ids))


def _known(known: dict[int, int], order: list[Action | None], row: int, state: GameState,
           runs: Runs) -> bool:
    """Add the ids of ``state`` (game ``row``) found by identity; False (nothing added)
    when one is not. ``order[i]``: the table's object of id ``i`` when ``known`` has it
    (the next object of a run is looked at first: no hashing of its identity). A run is
    written when it ends (its length counted meanwhile)."""
    starts, lengths = runs.starts, runs.lengths
    first, size, base = len(starts), len(order), row * runs.width
    last, start, count, ascending = -2, -1, 0, True
    for action in state.legal_actions():
        i = last + 1
        if i < 0 or i >= size or order[i] is not action:
            i = known.get(id(action), -1)
            if i < 0:
                del starts[first:]
                del lengths[first:]
                return False
            if i != last + 1:  # a new run
                if start >= 0:
                    starts.append(base + start)
                    lengths.append(last + 1 - start)
                    if i <= last:
                        ascending = False
                start = i
        last = i
        count += 1
    if start >= 0:
        starts.append(base + start)
        lengths.append(last + 1 - start)
    runs.counts.append(count)
    if not ascending:
        runs.ascending = False
    return True


def gather(known: dict[int, int], order: list[Action | None], width: int,
           states: list[GameState], slow: Slow) -> Runs:
    """The legal ids and seats to move of ``states`` (see the module docstring): ``known``
    and ``order`` (:func:`_known`) find them, ``width`` ids a game."""
    runs = Runs(width)
    for row, state in enumerate(states):
        runs.to_move.append(state.current_player())
        if not _known(known, order, row, state, runs):
            runs.add(row, slow(row, state))
    return runs


def step_all(known: dict[int, int], order: list[Action | None], width: int,
             states: list[GameState], table: list[Action], wanted: list[int],
             on: list[bool] | None, taken: dict[int, dict[int, Action]], slow: Slow,
             renew: Renew, rows: Rows | None = None, row_width: int = 0,
             ints: list[int] | None = None, cells: list[int] | None = None) -> Runs:
    """Apply in game ``i`` the action of id ``wanted[i]`` (one of its legal ids; not
    stepped when ``on`` is given and ``on[i]`` false): ``table[id]``, or ``taken[i][id]``
    for a game whose ids took the table's general lookup at the step before (``slow``).
    Then its legal ids and seat to move as :func:`gather`, game by game (a state is walked
    once, while in cache). A game that ends is first replaced by ``renew(i)`` (which puts
    the new game in ``states``) and listed in ``Runs.ended``.

    With ``rows`` (a batch encoder's gatherer), each game's observation changes are
    gathered too, right after its legal ids (:meth:`Rows.gather_row`: ``row_width``
    integers a row, to ``ints`` and ``cells``), from its seat to move: the state is
    read while it is still in cache (at 256 games the states do not all stay there)."""
    runs = Runs(width)
    changes = Changes(ints if ints is not None else [])
    out_cells = cells if cells is not None else []
    for row in range(len(states)):
        state = states[row]
        if on is None or on[row]:
            a = wanted[row]
            if taken and row in taken:
                state.apply_unchecked(taken[row][a])
            else:
                state.apply_unchecked(table[a])
            if state.is_terminal():
                runs.ended.append(row)
                state = renew(row)
        seat = state.current_player()
        runs.to_move.append(seat)
        if not _known(known, order, row, state, runs):
            runs.add(row, slow(row, state))
        if rows is not None:
            rows.gather_row(row, state, seat, row_width, changes, out_cells)
    return runs
