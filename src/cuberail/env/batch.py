"""Batched observation encoders: many states at once into the rows of one float32 array.

The reference encoder (:meth:`cuberail.env.observe.Layout.encode`) builds each field as
a list of Python floats: exact, documented, slow (about 100 us a state). A batch encoder
writes the same numbers (the tests compare them at every step) into a preallocated
``(rows, size)`` array: per state it gathers the raw integers of the state (compiled
code), keeps them in an integer matrix updated only where they changed (one conversion
to numpy of the changes, packed by :mod:`cuberail.env.stream`), then scales, rotates
and one-hot encodes all rows together with numpy. The map fields are written cell by
cell where they changed, and fields fixed for a game (seats, rule options) only when a
row gets a new game
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
from cuberail.env.stream import BIAS, SHIFT

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

    def encode(self, states: Sequence[GameState], seats: Sequence[int]) -> None:
        """Write the observation of every row (all rows; ``seats`` one per row)."""
        raise NotImplementedError


class ReferenceBatch(BatchEncoder):
    """The reference encoder, row by row: for titles without a batch encoder."""

    def encode(self, states: Sequence[GameState], seats: Sequence[int]) -> None:
        for row, (state, seat) in enumerate(zip(states, seats, strict=True)):
            self.out[row] = self.layout.encode(state, seat)


def rotation(num_players: int, seats: Ints) -> Ints:
    """Per row, the seat at each relative position: ``(seat + k) % n`` for k < n."""
    return (seats[:, None] + np.arange(num_players)) % num_players


def one_hot_rows(out: Matrix, start: int, length: int, index: Ints,
                 where: npt.NDArray[np.bool_] | None = None, clear: bool = True) -> None:
    """Zero ``out[:, start:start+length]`` (unless not ``clear``) and set a one at ``index``
    where it is in range."""
    if clear:
        out[:, start:start + length] = 0.0
    ok = (index >= 0) & (index < length)
    if where is not None:
        ok &= where
    rows = np.flatnonzero(ok)
    out[rows, start + index[rows]] = 1.0


def unpack(changes: list[int]) -> tuple[Ints, Ints]:
    """Positions and values of changes packed by :mod:`cuberail.env.stream`."""
    packed = np.array(changes, dtype=np.int64)
    return packed >> SHIFT, (packed & ((1 << SHIFT) - 1)) - BIAS


def put_ints(matrix: Ints, changes: list[int]) -> None:
    """Write packed changes into an integer matrix (positions in its flat order)."""
    if changes:
        at, values = unpack(changes)
        matrix.reshape(-1)[at] = values


def put_cells(out: Matrix, changes: list[int], divisors: npt.NDArray[np.float64]) -> None:
    """Write packed changes into the observations (positions in their flat order), each
    value divided by its column's divisor (``divisors``: one per column)."""
    if changes:
        at, values = unpack(changes)
        out.reshape(-1)[at] = values / divisors[at % out.shape[1]]
