"""Batched observation encoders: many states at once into the rows of one float32 array.

The reference encoder (:meth:`cuberail.env.observe.Layout.encode`) builds each field as
a list of Python floats: exact, documented, slow (about 100 us a state). A batch encoder
writes the same numbers (the tests compare them at every step) into a preallocated
``(rows, size)`` array: per state it gathers the raw integers of the state into one flat
list, then scales, rotates and one-hot encodes all rows together with numpy. Fields that
change rarely (the map) are rewritten for a row only when their source values changed,
and fields fixed for a game (seats, rule options) only when a row gets a new game
(:meth:`BatchEncoder.reset_rows`). So the rows must not be written by anyone else: the
vector environment hands out read-only views.

Each title with a batch encoder declares it in its observation module (``BATCH``);
:func:`batch_encoder_for` falls back to :class:`ReferenceBatch` (the reference encoder
row by row) for a title without one.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from cuberail.core.state import GameState
from cuberail.env.observe import Layout, Seats, Vector

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


def bit_rows(masks: Sequence[int], length: int) -> Vector:
    """Bits ``0 .. length-1`` of each mask, one after the other, as 0.0/1.0."""
    width = (length + 7) // 8
    raw = b"".join(m.to_bytes(width, "little") for m in masks)
    bits = np.unpackbits(np.frombuffer(raw, dtype=np.uint8), bitorder="little")
    return bits.reshape(len(masks), width * 8)[:, :length].reshape(-1).astype(np.float32)


def rotation(num_players: int, seats: Ints) -> Ints:
    """Per row, the seat at each relative position: ``(seat + k) % n`` for k < n."""
    return (seats[:, None] + np.arange(num_players)) % num_players


def one_hot_rows(out: Matrix, start: int, length: int, index: Ints,
                 where: npt.NDArray[np.bool_] | None = None) -> None:
    """Zero ``out[:, start:start+length]`` and set a one at ``index`` where it is in range."""
    out[:, start:start + length] = 0.0
    ok = (index >= 0) & (index < length)
    if where is not None:
        ok &= where
    rows = np.flatnonzero(ok)
    out[rows, start + index[rows]] = 1.0


def gather(flat: list[int], rows: int) -> Ints:
    """The gathered integers as a ``(rows, width)`` array."""
    return np.array(flat, dtype=np.int64).reshape(rows, -1)
