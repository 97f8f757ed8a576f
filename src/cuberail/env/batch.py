"""Batched observation encoders: many states at once into the rows of one float32 array.

The reference encoder (:meth:`cuberail.env.observe.Layout.encode`) builds each field as
a list of Python floats: exact, documented, slow (about 100 us a state). A batch encoder
writes the same numbers (the tests compare them at every step) into a preallocated
``(rows, size)`` array: per state, compiled code (the title's gatherer, a
:class:`cuberail.env.stream.Rows`) reads the raw integers of the state against the row's
last ones and hands on only the changed ones, packed (:mod:`cuberail.env.stream`), for an
integer matrix; it also writes the fields that are best written cell by cell where they
changed (the map; the one-hot fields, from the observer). Then numpy scales and rotates
the integers of all rows together (:class:`GatheredBatch`). Fields fixed for a game
(seats, rule options) are written only when a row gets a new game
(:meth:`BatchEncoder.reset_rows`). So the rows must not be written by anyone else: the
vector environment hands out read-only views.

Each title with a batch encoder declares it in its env kit (``EnvKit.batch``);
:func:`batch_encoder_for` falls back to :class:`ReferenceBatch` (the reference encoder
row by row) for a title without one.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from cuberail.core.state import GameState
from cuberail.env.observe import Layout, Seats
from cuberail.env.stream import BIAS, SHIFT, Rows

Ints = npt.NDArray[np.int64]
Matrix = npt.NDArray[np.float32]


class BatchEncoder:
    """Encodes ``states[i]`` from seat ``seats[i]`` into ``out[i]`` for every row.

    Subclasses implement :meth:`encode`; this base writes the per-game constant fields
    (named in ``CONSTANT``) with the reference getters when a row gets a new game.
    """

    CONSTANT: tuple[str, ...] = ()

    def __init__(self, layout: Layout, out: Matrix) -> None:
        if out.shape[1] != layout.size or out.dtype != np.float32:
            raise ValueError(f"out must be float32 (rows, {layout.size}), got {out.shape}")
        self.layout, self.out, self.rows = layout, out, out.shape[0]
        self.at = {f.name: (at, f) for at, f in layout.offsets()}

    def start(self, name: str) -> int:
        """The offset of field ``name`` in the layout."""
        return self.at[name][0]

    def reset_rows(self, states: Sequence[GameState], rows: Sequence[int]) -> None:
        """Rows ``rows`` hold new games ``states[row]``: rewrite their constant fields."""
        for row in rows:
            state = states[row]
            seats = Seats(0, state.num_players, self.layout.max_players)
            for name in self.CONSTANT:
                at, f = self.at[name]
                self.out[row, at:at + f.length] = f.get(state, seats)

    def encode(self, states: Sequence[GameState], seats: Sequence[int],
               seat_array: Ints | None = None) -> None:
        """Write the observation of every row (all rows; ``seats`` one per row, also as
        an int64 array when the caller has one: ``seat_array``)."""
        raise NotImplementedError


class GatheredBatch(BatchEncoder):
    """A batch encoder fed by a title's compiled gatherer (a :class:`Rows`, ``memory``).

    The gatherer hands on the changes of the integer matrix ``g`` (one row per game; a
    row's columns: ``PER_SEAT``'s blocks, ``OWN`` of the title's, ``SCALARS``, ``TAIL``
    more) and of the cells it writes itself (the map, the one-hot fields). Then the per-seat
    fields rotated to the observer and the title's :meth:`linear` fields are written in
    one go (a numpy call costs more than its work here), and the title writes the rest
    (:meth:`fill`: what needs a divisor per row).
    """

    CONSTANT = ("seats", "options")
    # the fields first in a row of integers, seat-major: (field name, integers per seat,
    # the divisor of each, or None for the shares held of each company: ``SHARES``)
    PER_SEAT: tuple[tuple[str, int, float | None], ...] = ()
    SHARES: npt.NDArray[np.float64] = np.ones(0)  # each company's shares
    SCALARS: tuple[str, ...] = ()  # the names of the scalar columns
    OWN = 0  # the title's own columns (after the per-seat ones, before the scalars)
    TAIL = 0  # integers after the scalars

    def __init__(self, layout: Layout, out: Matrix, memory: Rows) -> None:
        super().__init__(layout, out)
        self.memory = memory
        self.divisors = np.ones(layout.size, dtype=np.float64)  # of the map cells
        self.g: Ints = np.zeros((self.rows, 0), dtype=np.int64)
        # g over each column's divisor, kept where g changes (a step divides only those),
        # already float32 (rounded once, as the observations' own writing of it would)
        self.scaled = np.zeros((self.rows, 0), dtype=np.float32)
        self.scaled_divisors = np.ones(0)  # the divisor of each column of g
        self.n = 0
        self.scalars_at = 0  # the first scalar column in g
        self.scalar = {name: i for i, name in enumerate(self.SCALARS)}
        self.every = np.arange(self.rows)
        self.every_n = self.every  # every * n: each row's first row of columns
        # [row * n + observer]: the positions in g (flat) written over their divisor
        self.columns: Ints = np.zeros((self.rows, 0), dtype=np.int64)
        self.positions: Ints = np.zeros(0, dtype=np.int64)  # ... written there
        self.g_flat, self.scaled_flat = self.g.reshape(-1), self.scaled.reshape(-1)  # views
        self.flat_divisors = np.ones(0)  # scaled_divisors of each flat position in g
        # out's flat view (None: out is not contiguous, written as put_cells does)
        self.out_flat = out.reshape(-1) if out.flags.c_contiguous else None
        self.tables_n = 0  # the players the tables are for

    # ----- what a title says ---------------------------------------------------------

    def map_fields(self) -> list[tuple[int, int]]:
        """The spans of the fields the gatherer writes cell by cell (zeroed for a new
        game)."""
        raise NotImplementedError

    def linear(self) -> list[tuple[int, int, float]]:
        """The observation positions that hold one column of ``g`` over a divisor, the same
        for every observer: (position, column, divisor)."""
        return []

    def new_game(self, row: int, state: GameState) -> None:
        """Row ``row`` holds a new game: remember what the title needs of it."""

    def fill(self, g: Ints) -> None:
        """Write the title's other fields of every row from ``g``."""
        raise NotImplementedError

    # ----- the common part -----------------------------------------------------------

    def col(self, name: str) -> int:
        """The column of scalar ``name`` in ``g``."""
        return self.scalars_at + self.scalar[name]

    def reset_rows(self, states: Sequence[GameState], rows: Sequence[int]) -> None:
        super().reset_rows(states, rows)
        for row in rows:
            self.new_game(row, states[row])
            self.n = states[row].num_players
        width = self._tables() if self.n != self.tables_n else self.g.shape[1]
        if self.g.shape[1] != width:
            self.g = np.zeros((self.rows, width), dtype=np.int64)
            self.scaled = np.zeros((self.rows, width), dtype=np.float32)
            self.g_flat, self.scaled_flat = self.g.reshape(-1), self.scaled.reshape(-1)
        for row in rows:
            for start, stop in self.map_fields():
                self.out[row, start:stop] = 0.0
            self.memory.forget(row)

    def _tables(self) -> int:
        """Per row and observer, the integers of ``g`` written as they are over a divisor:
        the per-seat blocks rotated to the observer, then the title's :meth:`linear`
        fields; the width of ``g``."""
        n, columns, positions, divisors, at = self.n, [], [], [], 0
        for name, per, divisor in self.PER_SEAT:
            seat = (np.arange(n)[:, None] + np.arange(n)) % n  # [observer, k]
            columns.append((at + seat[:, :, None] * per + np.arange(per)).reshape(n, -1))
            positions.append(self.start(name) + np.arange(n * per))
            divisors.append(np.tile(self.SHARES, n) if divisor is None
                            else np.full(n * per, divisor))
            at += n * per
        self.scalars_at = at + self.OWN
        fixed = self.linear()
        columns.append(np.tile(np.array([c for _, c, _ in fixed], dtype=np.int64), (n, 1)))
        positions.append(np.array([p for p, _, _ in fixed], dtype=np.int64))
        divisors.append(np.array([d for _, _, d in fixed], dtype=np.float64))
        width = self.scalars_at + len(self.SCALARS) + self.TAIL
        turned = np.concatenate(columns, axis=1)  # [observer, k]: a column of g
        self.columns = (self.every[:, None, None] * width + turned).reshape(self.rows * n, -1)
        self.positions = np.concatenate(positions)
        self.scaled_divisors = np.ones(width)
        self.scaled_divisors[turned] = np.concatenate(divisors)  # the same for each observer
        self.tables_n = n
        self.every_n = self.every * n
        self.flat_divisors = np.tile(self.scaled_divisors, self.rows)  # [flat position in g]
        return width

    def encode(self, states: Sequence[GameState], seats: Sequence[int],
               seat_array: Ints | None = None) -> None:
        ints: list[int] = []
        cells: list[int] = []
        self.memory.gather(states if isinstance(states, list) else list(states),
                           seats if isinstance(seats, list) else
                           np.asarray(seats, dtype=np.int64).tolist(),
                           self.g.shape[1], ints, cells)
        self.put_changes(ints, cells)
        observer = (np.asarray(seats, dtype=np.int64) if seat_array is None
                    else seat_array) % self.n
        at = np.take(self.columns, self.every_n + observer, axis=0)
        self.out[:, self.positions] = np.take(self.scaled, at)
        self.fill(self.g)

    def put_changes(self, ints: list[int], cells: list[int]) -> None:
        """Write the packed changes: ``ints`` into ``g`` and, over their divisors, into
        :attr:`scaled`; ``cells`` into the observations as :func:`put_cells` does (with
        :attr:`divisors`). One conversion for both."""
        count = len(ints)
        ints += cells
        if not ints:
            return
        at, values = unpack(ints)
        if count:
            into, value = at[:count], values[:count]
            self.g_flat[into] = value
            self.scaled_flat[into] = value / self.flat_divisors[into]
        flat = self.out_flat
        if count < len(ints) and flat is None:
            put_cells(self.out, cells, self.divisors)
        elif count < len(ints) and flat is not None:
            into = at[count:]  # (divisors per row: a table of every row's is out's size)
            flat[into] = values[count:] / self.divisors[into % self.out.shape[1]]

class ReferenceBatch(BatchEncoder):
    """The reference encoder, row by row: for titles without a batch encoder."""

    def encode(self, states: Sequence[GameState], seats: Sequence[int],
               seat_array: Ints | None = None) -> None:
        for row, (state, seat) in enumerate(zip(states, seats, strict=True)):
            self.out[row] = self.layout.encode(state, seat)


def unpack(changes: list[int]) -> tuple[Ints, Ints]:
    """Positions and values of changes packed by :mod:`cuberail.env.stream`."""
    packed = np.fromiter(changes, dtype=np.int64, count=len(changes))
    return packed >> SHIFT, (packed & ((1 << SHIFT) - 1)) - BIAS


def put_cells(out: Matrix, changes: list[int], divisors: npt.NDArray[np.float64]) -> None:
    """Write packed changes into the observations (positions in their flat order), each
    value divided by its column's divisor (``divisors``: one per column)."""
    if changes:
        at, values = unpack(changes)
        out.reshape(-1)[at] = values / divisors[at % out.shape[1]]
