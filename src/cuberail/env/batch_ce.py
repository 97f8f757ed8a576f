"""The Chicago Express batch encoder: the layout of :mod:`cuberail.env.observe_ce`, fast.

See :mod:`cuberail.env.batch`. Per state, :func:`_gather` lists its integers (one row of
``G``); the map fields (networks, occupancy, houses built) are rewritten for a row only
when its networks or houses changed (occupancy follows the networks: a company places
on a hex once).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from cuberail.core.state import GameState
from cuberail.env.batch import BatchEncoder, Ints, Matrix, bit_rows, gather, one_hot_rows, rotation
from cuberail.env.observe import Layout
from cuberail.env.observe_ce import MONEY, C, H, P
from cuberail.games.chicago_express.board import COMPANIES, HOUSES, INDUSTRIAL_HEXES
from cuberail.games.chicago_express.state import (
    BID,
    PHASE_NAMES,
    PLACE,
    SETUP,
    ChicagoExpressState,
)

SHARES = np.array([c.shares for c in COMPANIES], dtype=np.float64)
LOCOS = np.array([c.locomotives for c in COMPANIES], dtype=np.float64)
IND = len(INDUSTRIAL_HEXES)
# the columns after cash (n) and shares (n * C): treasury, income, sold, locomotives left
# (C each), then the scalars below, then the industrial tracks
SCALARS = ("wabash", "houses", "g0", "g1", "g2", "dividends", "phase", "player",
           "a_company", "a_kind", "a_high", "a_bidder", "a_out", "min_bid", "b_company",
           "b_placed", "b_chicago")


def _gather(s: ChicagoExpressState, flat: list[int]) -> None:
    """Append the integers of ``s`` in the column order of :class:`CEBatch`."""
    flat += s.cash
    for row in s.held:
        flat += row
    flat += s.treasury
    flat += s.income
    flat += s.sold
    flat += s.locos_left
    phase = s.phase
    auction = phase in (SETUP, BID)
    g = s.gauges
    flat += (s.wabash_open, s.houses, g[0], g[1], g[2], s.dividends, phase,
             s.current_player(), s.a_company, s.a_kind, s.a_high, s.a_bidder, s.a_out,
             s.minimum_bid() if auction else 0, s.b_company, s.b_placed, s.b_chicago)
    track = s.track
    flat += [track[h] for h in INDUSTRIAL_HEXES]


class CEBatch(BatchEncoder):
    """Chicago Express observations of many states at once (see the module docstring)."""

    CONSTANT = ("seats", "options")

    def __init__(self, layout: Layout, out: Matrix) -> None:
        super().__init__(layout, out)
        self.gauge_size = np.ones((self.rows, 3), dtype=np.float64)
        self.map_key: list[tuple[int, ...] | None] = [None] * self.rows
        self.n = 0

    def reset_rows(self, states: Sequence[GameState], rows: Sequence[int]) -> None:
        super().reset_rows(states, rows)
        for row in rows:
            s = states[row]
            assert isinstance(s, ChicagoExpressState)
            self.gauge_size[row] = [s.gauge_size(g) for g in range(3)]
            self.map_key[row] = None
            self.n = s.num_players

    def encode(self, states: Sequence[GameState], seats: Sequence[int]) -> None:
        flat: list[int] = []
        keys, changed = self.map_key, []
        for row, s in enumerate(states):
            assert isinstance(s, ChicagoExpressState)
            _gather(s, flat)
            key = (s.developed, *s.network)
            if keys[row] != key:
                keys[row] = key
                changed.append(row)
        if changed:
            self._map([states[r] for r in changed], changed)
        g = gather(flat, self.rows)
        observer = np.asarray(seats, dtype=np.int64)
        self._players(g, observer)
        self._companies(g)
        self._scalars(g, observer)

    def _map(self, states: Sequence[GameState], rows: list[int]) -> None:
        """Rewrite the map fields of ``rows`` (their maps changed)."""
        ce = [s for s in states if isinstance(s, ChicagoExpressState)]
        out = self.out
        at = self.start("networks")
        out[rows, at:at + C * H] = bit_rows([m for s in ce for m in s.network], H) \
            .reshape(len(rows), C * H)
        at = self.start("occupancy")
        out[rows, at:at + H] = np.array([s.occ for s in ce], dtype=np.float64) / 5.0
        at = self.start("developed")
        out[rows, at:at + H] = bit_rows([s.developed for s in ce], H).reshape(len(rows), H)

    def _col(self, name: str) -> int:
        return self.n + self.n * C + 4 * C + SCALARS.index(name)

    def _players(self, g: Ints, observer: Ints) -> None:
        """Cash and shares, rotated to the observer."""
        n, out = self.n, self.out
        order = rotation(n, observer)
        rows = np.arange(self.rows)[:, None]
        at = self.start("cash")
        out[:, at:at + n] = g[rows, order] / MONEY
        held = (n + order[:, :, None] * C + np.arange(C)).reshape(self.rows, n * C)
        at = self.start("shares")
        out[:, at:at + n * C] = g[rows, held] / np.tile(SHARES, n)

    def _companies(self, g: Ints) -> None:
        """Treasury, income, shares sold, locomotives left, open, dividend per share."""
        base, out = self.n + self.n * C, self.out
        div = np.concatenate([np.full(2 * C, MONEY), SHARES, LOCOS])
        at = self.start("treasury")
        out[:, at:at + 4 * C] = g[:, base:base + 4 * C] / div
        at = self.start("open")
        out[:, at:at + C - 1] = 1.0
        out[:, at + C - 1] = g[:, self._col("wabash")]
        income, sold = g[:, base + C:base + 2 * C], g[:, base + 2 * C:base + 3 * C]
        dividend = np.where(sold > 0, -(-income // np.maximum(sold, 1)), 0)
        at = self.start("dividend")
        out[:, at:at + C] = dividend / MONEY

    def _scalars(self, g: Ints, observer: Ints) -> None:
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
        phase = col("phase")
        one_hot_rows(out, self.start("phase"), len(PHASE_NAMES), phase)
        player = col("player")
        one_hot_rows(out, self.start("to_move"), P, (player - observer) % n, player >= 0)
        self._auction(g, observer, (phase == SETUP) | (phase == BID))
        self._build(g, phase == PLACE)

    def _auction(self, g: Ints, observer: Ints, on: np.ndarray) -> None:
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
        passed = g[:, self._col("a_out"), None] >> rotation(n, observer) & 1
        out[:, at + C + 5 + P:at + C + 5 + P + n] = np.where(on[:, None], passed, 0)

    def _build(self, g: Ints, on: np.ndarray) -> None:
        out = self.out
        at = self.start("build")
        one_hot_rows(out, at, C, g[:, self._col("b_company")], on)
        out[:, at + C] = np.where(on, g[:, self._col("b_placed")] / 3.0, 0.0)
        out[:, at + C + 1] = np.where(on, g[:, self._col("b_chicago")], 0.0)

