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

    def gatherer(self) -> tuple[Rows, int] | None:
        """The compiled gatherer and its row width, for a caller that gathers each row's
        changes itself while it steps the states (:func:`cuberail.env.legal.step_all`),
        then hands them to :meth:`put_gathered`; None: call :meth:`encode`."""
        return None

    def put_gathered(self, ints: list[int], cells: list[int], seats: Ints) -> None:
        """Write every row from the changes its :meth:`gatherer` gathered (seen from
        ``seats``)."""
        raise NotImplementedError


class GatheredBatch(BatchEncoder):
    """A batch encoder fed by a title's compiled gatherer (a :class:`Rows`, ``memory``).

    The gatherer hands on the changes of the integer matrix ``g`` (one row per game; a
    row's columns: ``PER_SEAT``'s blocks, ``OWN`` of the title's, ``SCALARS``, ``TAIL``
    more) and of the cells it writes itself (the map, the one-hot fields). A changed
    integer of the title's :meth:`linear` fields (the same for every observer) is written
    into the observations where it changed; one of the per-seat fields goes, over its
    divisor, into :attr:`rot`, where each row keeps its per-seat blocks twice over, so
    that the blocks seen from any observer are one stretch of it: each step copies the
    observers' stretches of every row in one go (a numpy call costs more than its work
    here). The title writes the rest (:meth:`fill`: what needs a divisor per row).
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
        self.n = 0
        self.scalars_at = 0  # the first scalar column in g
        self.scalar = {name: i for i, name in enumerate(self.SCALARS)}
        self.every = np.arange(self.rows)
        self.g_flat = self.g.reshape(-1)  # a view
        # per flat position in g: its column's divisor, where its value goes in rot's flat
        # view (twice: each copy of the blocks; the last column of rot for a column not
        # per seat) and in the observations' (a linear field's; -1: none)
        self.flat_divisors = np.ones(0)
        self.rot_first: Ints = np.zeros(0, dtype=np.int64)
        self.rot_second: Ints = np.zeros(0, dtype=np.int64)
        self.linear_flat: Ints = np.zeros(0, dtype=np.int64)
        # each row's per-seat blocks over their divisors, seat-major, each block twice
        self.rot = np.zeros((self.rows, 1), dtype=np.float32)
        self.rot_flat = self.rot.reshape(-1)
        # per block: (its first observation position, its integers, rot seen from each
        # observer: [row, observer, k])
        self.turned: list[tuple[int, int, npt.NDArray[np.float32]]] = []
        # out's flat view (None: out is not contiguous, written by rows and columns)
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
            self.g_flat = self.g.reshape(-1)
        for row in rows:
            for start, stop in self.map_fields():
                self.out[row, start:stop] = 0.0
            self.memory.forget(row)

    def _tables(self) -> int:
        """Per flat position of ``g``: its divisor and where it goes (:attr:`rot` for the
        per-seat blocks, the observations for the title's :meth:`linear` fields); the
        views of :attr:`rot` from each observer; the width of ``g``."""
        n, at, blocks, divisors = self.n, 0, [], []
        for name, per, divisor in self.PER_SEAT:
            blocks.append((at, n * per, per, self.start(name)))
            divisors.append(np.tile(self.SHARES, n) if divisor is None
                            else np.full(n * per, divisor))
            at += n * per
        self.scalars_at = at + self.OWN
        width = self.scalars_at + len(self.SCALARS) + self.TAIL
        spare = 2 * at  # rot's last column: where a column not per seat goes
        first, second = np.full(width, spare), np.full(width, spare)
        column_divisors = np.ones(width)
        column_divisors[:at] = np.concatenate(divisors) if divisors else []
        self.rot = np.zeros((self.rows, spare + 1), dtype=np.float32)
        self.rot_flat, self.turned, item = self.rot.reshape(-1), [], self.rot.itemsize
        for start, length, per, position in blocks:  # rot: each block, then it again
            first[start:start + length] = 2 * start + np.arange(length)
            second[start:start + length] = 2 * start + length + np.arange(length)
            seen = np.lib.stride_tricks.as_strided(
                self.rot[:, 2 * start:], shape=(self.rows, n, length),
                strides=(self.rot.strides[0], per * item, item), writeable=False)
            self.turned.append((position, length, seen))
        linear = np.full(width, -1)
        for position, column, divisor in self.linear():
            if linear[column] >= 0 or column < at:
                raise ValueError(f"column {column} of g: linear once, and not per seat")
            linear[column], column_divisors[column] = position, divisor
        rows, size = np.repeat(self.every, width), self.layout.size
        self.flat_divisors = np.tile(column_divisors, self.rows)
        self.rot_first = rows * self.rot.shape[1] + np.tile(first, self.rows)
        self.rot_second = rows * self.rot.shape[1] + np.tile(second, self.rows)
        lin = np.tile(linear, self.rows)
        self.linear_flat = np.where(lin >= 0, rows * size + lin, -1)
        self.tables_n = n
        return width

    def encode(self, states: Sequence[GameState], seats: Sequence[int],
               seat_array: Ints | None = None) -> None:
        ints: list[int] = []
        cells: list[int] = []
        self.memory.gather(states if isinstance(states, list) else list(states),
                           seats if isinstance(seats, list) else
                           np.asarray(seats, dtype=np.int64).tolist(),
                           self.g.shape[1], ints, cells)
        self._put(ints, cells, np.asarray(seats, dtype=np.int64)
                  if seat_array is None else seat_array)

    def gatherer(self) -> tuple[Rows, int] | None:
        return self.memory, self.g.shape[1]

    def put_gathered(self, ints: list[int], cells: list[int], seats: Ints) -> None:
        self._put(ints, cells, seats)

    def _put(self, ints: list[int], cells: list[int], seats: Ints) -> None:
        """Write the changes gathered (:meth:`put_changes`), then every row's per-seat
        fields seen from its seat in ``seats``, then the title's :meth:`fill`."""
        self.put_changes(ints, cells)
        observer = seats % self.n
        for position, length, seen in self.turned:
            self.out[:, position:position + length] = seen[self.every, observer]
        self.fill(self.g)

    def put_changes(self, ints: list[int], cells: list[int]) -> None:
        """Write the packed changes: ``ints`` into ``g``, over their divisors into
        :attr:`rot` and the observations (the linear fields); ``cells`` into the
        observations (positions in their flat order), each over its column's divisor
        (:attr:`divisors`). One conversion for both."""
        count = len(ints)
        ints += cells
        if not ints:
            return
        at, values = unpack(ints)
        if count:
            into, value = at[:count], values[:count]
            self.g_flat[into] = value
            scaled = value / self.flat_divisors[into]
            self.rot_flat[self.rot_first[into]] = scaled
            self.rot_flat[self.rot_second[into]] = scaled
            where = self.linear_flat[into]
            kept = where >= 0
            self._put_flat(where[kept], scaled[kept])
        if count < len(ints):
            into = at[count:]  # (divisors per row: a table of every row's is out's size)
            self._put_flat(into, values[count:] / self.divisors[into % self.out.shape[1]])

    def _put_flat(self, positions: Ints, values: npt.NDArray[np.float64]) -> None:
        """Write ``values`` at flat positions of the observations."""
        if self.out_flat is not None:
            self.out_flat[positions] = values
        else:
            rows, columns = np.divmod(positions, self.out.shape[1])
            self.out[rows, columns] = values


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
