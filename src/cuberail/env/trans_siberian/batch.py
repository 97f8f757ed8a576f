"""The Trans-Siberian batch encoder: the layout of :mod:`.observe`, fast.

See :mod:`cuberail.env.batch`. Per state, :func:`.gather.gather` lists its integers (one
row of ``G``, compiled) and the changed cells of the map fields (link owners, networks,
where a second link may start).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

import numpy as np

from cuberail.core.state import GameState
from cuberail.env.batch import (
    BatchEncoder,
    Ints,
    Matrix,
    one_hot_rows,
    put_cells,
    put_ints,
    rotation,
)
from cuberail.env.observe import Layout
from cuberail.env.trans_siberian.gather import Memory
from cuberail.env.trans_siberian.gather import gather as gather_rows
from cuberail.env.trans_siberian.observe import LOC, MONEY, TOP_VALUE, C, L, P
from cuberail.games.trans_siberian.board import MAX_LINKS, SHARES
from cuberail.games.trans_siberian.state import (
    AUCTION,
    PICK_LINK,
    PICK_VALUE,
    STATUS_NAMES,
    STEP_NAMES,
    TransSiberianState,
)

# the columns of each company after cash, scores (n each) and shares (n * C)
PER_COMPANY = ("treasury", "income", "value", "unsold", "removed", "links", "public",
               "dividend", "status")
# then the scalars
SCALARS = ("phase", "timing", "dividends", "nationalization", "step", "player", "a_company",
           "a_phase", "a_high", "a_bidder", "a_out", "pair0", "pair1", "b_company", "b_first")
_SHARES = np.array(SHARES, dtype=np.float64)
_STATUS = len(STATUS_NAMES)
# each company's divisors of its first eight columns (status is one-hot)
_SCALE = np.array([[MONEY, MONEY, TOP_VALUE, s, s, MAX_LINKS, 1.0, MONEY] for s in SHARES])


class TSBatch(BatchEncoder):
    """Trans-Siberian observations of many states at once (see the module docstring)."""

    CONSTANT = ("seats", "options")

    def __init__(self, layout: Layout, out: Matrix) -> None:
        super().__init__(layout, out)
        self.tracks = np.ones((self.rows, 2), dtype=np.float64)  # timing, dividend track
        self.memory = Memory(self.rows, layout.size, self.start("owners"),
                             self.start("networks"), self.start("turn") + 2 * C + L)
        self.divisors = np.ones(layout.size, dtype=np.float64)  # of the map cells: 0/1
        self.g: Ints = np.zeros((self.rows, 0), dtype=np.int64)
        self.row_index = np.arange(self.rows)[:, None]
        self.share_divisors = _SHARES
        self.n = 0

    def reset_rows(self, states: Sequence[GameState], rows: Sequence[int]) -> None:
        super().reset_rows(states, rows)
        ends = self.start("turn") + 2 * C + L
        for row in rows:
            s = states[row]
            assert isinstance(s, TransSiberianState)
            self.tracks[row] = [s.opts.timing, s.opts.dividend_track]
            self.n = s.num_players
            self.out[row, self.start("owners"):self.start("networks") + C * LOC] = 0.0
            self.out[row, ends:ends + LOC] = 0.0
        self.share_divisors = np.tile(_SHARES, self.n)
        width = self._col(SCALARS[-1]) + 1
        if self.g.shape[1] != width:
            self.g = np.zeros((self.rows, width), dtype=np.int64)
        for row in rows:
            self.memory.forget(row, width)

    def encode(self, states: Sequence[GameState], seats: Sequence[int]) -> None:
        ints: list[int] = []
        cells: list[int] = []
        rows = cast("list[TransSiberianState]", states if isinstance(states, list) else
                    list(states))
        gather_rows(rows, self.memory, self.g.shape[1], ints, cells)
        put_ints(self.g, ints)
        put_cells(self.out, cells, self.divisors)
        g = self.g
        observer = np.asarray(seats, dtype=np.int64)
        order = rotation(self.n, observer)
        self._players(g, order)
        self._companies(g)
        self._scalars(g, observer, order)

    def _col(self, name: str) -> int:
        return self.n * (2 + C) + C * len(PER_COMPANY) + SCALARS.index(name)

    def _players(self, g: Ints, order: Ints) -> None:
        """Cash, scores and shares, rotated to the observer (``order``: see :func:`rotation`)."""
        n, out, rows = self.n, self.out, self.row_index
        at = self.start("cash")
        out[:, at:at + n] = g[rows, order] / MONEY
        at = self.start("scores")
        out[:, at:at + n] = g[rows, n + order] / MONEY
        held = (2 * n + order[:, :, None] * C + np.arange(C)).reshape(self.rows, n * C)
        at = self.start("shares")
        out[:, at:at + n * C] = g[rows, held] / self.share_divisors

    def _companies(self, g: Ints) -> None:
        """Per company: eight scaled columns, then its status one-hot."""
        base, width = self.n * (2 + C), len(PER_COMPANY)
        block = g[:, base:base + C * width].reshape(self.rows, C, width)
        values = np.zeros((self.rows, C, 8 + _STATUS), dtype=np.float64)
        values[:, :, :8] = block[:, :, :8] / _SCALE
        values[:, :, 8:] = block[:, :, 8:9] == np.arange(_STATUS)
        at = self.start("companies")
        self.out[:, at:at + C * (8 + _STATUS)] = values.reshape(self.rows, -1)

    def _scalars(self, g: Ints, observer: Ints, order: Ints) -> None:
        out, n = self.out, self.n

        def col(name: str) -> Ints:
            return g[:, self._col(name)]

        at = self.start("tracks")
        out[:, at] = col("phase") == 2
        out[:, at + 1:at + 3] = g[:, self._col("timing"):self._col("timing") + 2] / self.tracks
        out[:, at + 3] = col("nationalization") / TOP_VALUE
        step = col("step")
        one_hot_rows(out, self.start("step"), len(STEP_NAMES), step)
        player = col("player")
        one_hot_rows(out, self.start("to_move"), P, (player - observer) % n, player >= 0)
        self._auction(g, observer, order,
                      (step == AUCTION) | (step == PICK_LINK) | (step == PICK_VALUE))
        self._turn(g)

    def _auction(self, g: Ints, observer: Ints, order: Ints, on: np.ndarray) -> None:
        out, n = self.out, self.n
        at = self.start("auction")
        out[:, at:at + C + 2 + 2 * P] = 0.0
        bidder = g[:, self._col("a_bidder")]
        one_hot_rows(out, at, C, g[:, self._col("a_company")], on)
        out[:, at + C] = np.where(on, g[:, self._col("a_phase")] == 2, 0.0)
        high = np.where(bidder >= 0, g[:, self._col("a_high")], 0) / MONEY
        out[:, at + C + 1] = np.where(on, high, 0.0)
        one_hot_rows(out, at + C + 2, P, (bidder - observer) % n, on & (bidder >= 0))
        passed = g[:, self._col("a_out"), None] >> order & 1
        out[:, at + C + 2 + P:at + C + 2 + P + n] = np.where(on[:, None], passed, 0)

    def _turn(self, g: Ints) -> None:
        """The pair bought (surcharge pending), the company building and its first link."""
        out = self.out
        at = self.start("turn")
        out[:, at:at + C] = 0.0
        for name in ("pair0", "pair1"):
            one_hot_rows(out, at, C, g[:, self._col(name)], None, clear=False)
        one_hot_rows(out, at + C, C, g[:, self._col("b_company")])
        one_hot_rows(out, at + 2 * C, L, g[:, self._col("b_first")])
