"""Changed integers of many rows, packed one per Python int (compiled with mypyc).

A batch encoder keeps each row's integers in a numpy matrix and, at each step, converts
to numpy only what changed: a change is ``(position << SHIFT) + value + BIAS``, one
integer, so a step's changes are one list and one conversion
(:func:`cuberail.env.batch.unpack` undoes the packing). :class:`Rows` remembers each
row's integers and drives a title's gatherer over the states (the title's ``gather``
module says which integers a state has). No numpy here: mypyc compiles this module where
only the build requirements exist.
"""

from __future__ import annotations

from typing import Final

from cuberail.core.state import GameState

SHIFT: Final = 32
BIAS: Final = 1 << 31  # values from -2**31 to 2**31 - 1
UNSET: Final = -(1 << 40)  # a remembered value no real one equals: a row never written


def put(position: int, value: int, out: list[int]) -> None:
    """Append the change ``position`` := ``value``."""
    out.append((position << SHIFT) + value + BIAS)


def hot(last: list[int], j: int, at: int, index: int, out: list[int]) -> None:
    """One-hot field ``j`` of a row (its cells from observation position ``at``): its one
    moves from ``last[j]`` to ``index`` (-1: none); append the changes, remember."""
    was = last[j]
    if was != index:
        if was >= 0:
            out.append(((at + was) << SHIFT) + BIAS)
        if index >= 0:
            out.append(((at + index) << SHIFT) + 1 + BIAS)
        last[j] = index


def seen_from(seats: int, seat: int, n: int) -> int:
    """A set of seats (bit ``i``: seat ``i``) seen from ``seat`` of ``n``: bit ``k`` is
    seat ``(seat + k) % n``'s."""
    out = 0
    for k in range(n):
        out |= (seats >> (seat + k) % n & 1) << k
    return out


def diff_bits(position: int, old: int, new: int, out: list[int]) -> None:
    """Append ``position + i`` := bit ``i`` of ``new`` for each bit where ``old`` differs."""
    changed = old ^ new
    while changed:
        low = changed & -changed
        i = low.bit_length() - 1
        out.append(((position + i) << SHIFT) + (new >> i & 1) + BIAS)
        changed ^= low


class Changes:
    """Writes one row's integers at a time, group by group (a list each, in the row's
    column order), against the row's remembered groups: a group equal to the remembered
    one (most groups at most steps) costs one list comparison, a changed one hands on its
    changed integers (to ``out``, packed) and is remembered."""

    def __init__(self, out: list[int]) -> None:
        self.out = out
        self.groups: list[list[int]] = []
        self.j = 0  # the next group
        self.k = 0  # its first column
        self.position = 0  # the row's first position

    def start(self, groups: list[list[int]], position: int) -> None:
        """Write the row whose remembered groups are ``groups`` (empty: a new game), its
        first integer at ``position``."""
        self.groups, self.position, self.j, self.k = groups, position, 0, 0

    def add(self, values: list[int]) -> bool:
        """The next group of the row; whether it changed."""
        groups, j = self.groups, self.j
        if j == len(groups):
            groups.append([UNSET] * len(values))
        old = groups[j]
        changed = old != values
        if changed:
            at, out = self.position + self.k, self.out
            for i, value in enumerate(values):
                if old[i] != value:
                    old[i] = value
                    out.append(((at + i) << SHIFT) + value + BIAS)
        self.j = j + 1
        self.k += len(values)
        return changed

    def begin(self, length: int) -> list[int]:
        """Start the next group of the row (``length`` integers) to be written one at a
        time (:meth:`item`, no list made for it), then ended with :meth:`skip`; its
        remembered integers."""
        groups, j = self.groups, self.j
        if j == len(groups):
            groups.append([UNSET] * length)
        return groups[j]

    def item(self, old: list[int], i: int, value: int) -> None:
        """Integer ``i`` of the group begun (``old``, :meth:`begin`) is ``value``."""
        if old[i] != value:
            old[i] = value
            self.out.append(((self.position + self.k + i) << SHIFT) + value + BIAS)

    def skip(self, length: int) -> None:
        """The next group of the row (``length`` integers) is known unchanged: the caller
        knows that what it is made of did not change (it was added before)."""
        self.j += 1
        self.k += length


class Rows:
    """What a batch encoder last wrote of each row: its integers (as groups, see
    :class:`Changes`); a title's gatherer adds its map fields (observation cells) and says
    which integers a state has (:meth:`write`)."""

    def __init__(self, rows: int, size: int) -> None:
        self.size = size  # floats in an observation row
        self.groups: list[list[list[int]]] = [[] for _ in range(rows)]

    def forget(self, row: int) -> None:
        """Row ``row`` holds a new game, its map fields zeroed: write it all."""
        self.groups[row] = []
        self.forget_own(row)

    def forget_own(self, row: int) -> None:
        """Forget what the title's gatherer remembers of ``row`` itself (the map, the
        one-hot fields: they are zeroed)."""

    def write(self, row: int, state: GameState, changes: Changes) -> None:
        """The integers of ``state`` (in row ``row``), group by group (:meth:`Changes.add`)."""
        raise NotImplementedError

    def write_map(self, row: int, state: GameState, cells: list[int]) -> None:
        """The changed cells of the map fields of ``row`` (observation positions) to
        ``cells``, packed."""

    def write_cells(self, row: int, state: GameState, seat: int, cells: list[int]) -> None:
        """The changed cells of the fields written cell by cell of ``row`` seen from
        ``seat`` (one-hot fields: :func:`hot`) to ``cells``, packed."""

    def gather(self, states: list[GameState], seats: list[int], width: int, ints: list[int],
               cells: list[int]) -> None:
        """Each state's changed integers (``width`` a row) to ``ints``, its changed map
        cells and cells seen from its seat to ``cells``: packed changes."""
        changes = Changes(ints)
        for row, state in enumerate(states):
            self.gather_row(row, state, seats[row], width, changes, cells)

    def gather_row(self, row: int, state: GameState, seat: int, width: int,
                   changes: Changes, cells: list[int]) -> None:
        """What :meth:`gather` does for one row: its changed integers to ``changes``, its
        changed cells to ``cells``. :func:`cuberail.env.legal.step_all` calls it right
        after stepping the row's state, while the state is in cache."""
        changes.start(self.groups[row], row * width)
        self.write(row, state, changes)
        self.write_map(row, state, cells)
        self.write_cells(row, state, seat, cells)
