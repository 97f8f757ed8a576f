"""The Chicago Express batch encoder: the layout of :mod:`.observe`, fast.

See :mod:`cuberail.env.batch`. Per state, :func:`.gather.gather` lists its integers (one
row of ``G``, compiled) and the changed cells of the map fields (networks, occupancy,
houses built), looked at only when its networks or houses changed (occupancy follows the
networks: a company places on a hex once).
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
from cuberail.env.chicago_express.gather import Memory
from cuberail.env.chicago_express.gather import gather as gather_rows
from cuberail.env.chicago_express.observe import MONEY, C, H, P
from cuberail.env.observe import Layout
from cuberail.games.chicago_express.board import COMPANIES, HOUSES, INDUSTRIAL_HEXES
from cuberail.games.chicago_express.state import (
    BID,
    PLACE,
    SETUP,
    STEP_NAMES,
    ChicagoExpressState,
)

SHARES = np.array([c.shares for c in COMPANIES], dtype=np.float64)
LOCOS = np.array([c.locomotives for c in COMPANIES], dtype=np.float64)
IND = len(INDUSTRIAL_HEXES)
COMPANY_DIVISORS = np.concatenate([np.full(2 * C, MONEY), SHARES, LOCOS])
# the columns after cash (n) and shares (n * C): treasury, income, sold, locomotives left
# (C each), then the scalars below, then the industrial tracks
SCALARS = ("wabash", "houses", "g0", "g1", "g2", "dividends", "step", "player",
           "a_company", "a_kind", "a_high", "a_bidder", "a_out", "min_bid", "b_company",
           "b_placed", "b_chicago")


class CEBatch(BatchEncoder):
    """Chicago Express observations of many states at once (see the module docstring)."""

    CONSTANT = ("seats", "options")

    def __init__(self, layout: Layout, out: Matrix) -> None:
        super().__init__(layout, out)
        self.gauge_size = np.ones((self.rows, 3), dtype=np.float64)
        self.memory = Memory(self.rows, layout.size, self.start("networks"),
                             self.start("occupancy"), self.start("developed"))
        self.divisors = np.ones(layout.size, dtype=np.float64)  # of the map cells
        self.divisors[self.start("occupancy"):self.start("occupancy") + H] = 5.0
        self.g: Ints = np.zeros((self.rows, 0), dtype=np.int64)
        self.row_index = np.arange(self.rows)[:, None]
        self.share_divisors = SHARES
        self.n = 0

    def reset_rows(self, states: Sequence[GameState], rows: Sequence[int]) -> None:
        super().reset_rows(states, rows)
        for row in rows:
            s = states[row]
            assert isinstance(s, ChicagoExpressState)
            self.gauge_size[row] = [s.gauge_size(g) for g in range(3)]
            self.n = s.num_players
        self.share_divisors = np.tile(SHARES, self.n)
        width = self._col("b_chicago") + 1 + IND
        if self.g.shape[1] != width:
            self.g = np.zeros((self.rows, width), dtype=np.int64)
        for row in rows:
            self.out[row, self.start("networks"):self.start("developed") + H] = 0.0
            self.memory.forget(row, width)

    def encode(self, states: Sequence[GameState], seats: Sequence[int]) -> None:
        ints: list[int] = []
        cells: list[int] = []
        rows = cast("list[ChicagoExpressState]", states if isinstance(states, list) else
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
        return self.n + self.n * C + 4 * C + SCALARS.index(name)

    def _players(self, g: Ints, order: Ints) -> None:
        """Cash and shares, rotated to the observer (``order``: see :func:`rotation`)."""
        n, out, rows = self.n, self.out, self.row_index
        at = self.start("cash")
        out[:, at:at + n] = g[rows, order] / MONEY
        held = (n + order[:, :, None] * C + np.arange(C)).reshape(self.rows, n * C)
        at = self.start("shares")
        out[:, at:at + n * C] = g[rows, held] / self.share_divisors

    def _companies(self, g: Ints) -> None:
        """Treasury, income, shares sold, locomotives left, open, dividend per share."""
        base, out = self.n + self.n * C, self.out
        at = self.start("treasury")
        out[:, at:at + 4 * C] = g[:, base:base + 4 * C] / COMPANY_DIVISORS
        at = self.start("open")
        out[:, at:at + C - 1] = 1.0
        out[:, at + C - 1] = g[:, self._col("wabash")]
        income, sold = g[:, base + C:base + 2 * C], g[:, base + 2 * C:base + 3 * C]
        dividend = np.where(sold > 0, -(-income // np.maximum(sold, 1)), 0)
        at = self.start("dividend")
        out[:, at:at + C] = dividend / MONEY

    def _scalars(self, g: Ints, observer: Ints, order: Ints) -> None:
        out, n = self.out, self.n

        def col(name: str) -> Ints:
            return g[:, self._col(name)]

        ind = self._col("b_chicago") + 1
        out[:, self.start("industrial"):self.start("industrial") + IND] = \
            g[:, ind:ind + IND] / 12.0
        out[:, self.start("houses")] = col("houses") / HOUSES
        at = self.start("gauges")
        out[:, at:at + 3] = g[:, self._col("g0"):self._col("g0") + 3] / self.gauge_size
        out[:, self.start("dividends")] = col("dividends") / 10.0
        step = col("step")
        one_hot_rows(out, self.start("step"), len(STEP_NAMES), step)
        player = col("player")
        one_hot_rows(out, self.start("to_move"), P, (player - observer) % n, player >= 0)
        self._auction(g, observer, order, (step == SETUP) | (step == BID))
        self._build(g, step == PLACE)

    def _auction(self, g: Ints, observer: Ints, order: Ints, on: np.ndarray) -> None:
        out, n = self.out, self.n
        at = self.start("auction")
        out[:, at:at + C + 3 + 2 + 2 * P] = 0.0
        bidder = g[:, self._col("a_bidder")]
        one_hot_rows(out, at, C, g[:, self._col("a_company")], on)
        one_hot_rows(out, at + C, 3, g[:, self._col("a_kind")], on)
        high = np.where(bidder >= 0, g[:, self._col("a_high")], 0) / MONEY
        out[:, at + C + 3] = np.where(on, high, 0.0)
        out[:, at + C + 4] = np.where(on, g[:, self._col("min_bid")] / MONEY, 0.0)
        one_hot_rows(out, at + C + 5, P, (bidder - observer) % n, on & (bidder >= 0))
        passed = g[:, self._col("a_out"), None] >> order & 1
        out[:, at + C + 5 + P:at + C + 5 + P + n] = np.where(on[:, None], passed, 0)

    def _build(self, g: Ints, on: np.ndarray) -> None:
        out = self.out
        at = self.start("build")
        one_hot_rows(out, at, C, g[:, self._col("b_company")], on)
        out[:, at + C] = np.where(on, g[:, self._col("b_placed")] / 3.0, 0.0)
        out[:, at + C + 1] = np.where(on, g[:, self._col("b_chicago")], 0.0)

