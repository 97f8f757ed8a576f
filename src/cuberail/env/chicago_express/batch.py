"""The Chicago Express batch encoder: the layout of :mod:`.observe`, fast.

See :mod:`cuberail.env.batch`. Per state, :class:`.gather.CERows` lists its integers (one
row of ``g``, compiled) and the changed cells of the map fields (networks, occupancy,
houses built), looked at only when its networks or houses changed (occupancy follows the
networks: a company places on a hex once), and of the one-hot fields. Here: which
integers are written over which divisor where, and the gauges (a divisor per game).
"""

from __future__ import annotations

import numpy as np

from cuberail.core.state import GameState
from cuberail.env.batch import GatheredBatch, Ints, Matrix
from cuberail.env.chicago_express.gather import CERows
from cuberail.env.chicago_express.observe import MONEY, C, H
from cuberail.env.observe import Layout
from cuberail.games.chicago_express.board import COMPANIES, HOUSES, INDUSTRIAL_HEXES
from cuberail.games.chicago_express.state import STEP_NAMES, ChicagoExpressState

LOCOS = np.array([c.locomotives for c in COMPANIES], dtype=np.float64)
IND = len(INDUSTRIAL_HEXES)


class CEBatch(GatheredBatch):
    """Chicago Express observations of many states at once (see the module docstring)."""

    PER_SEAT = (("cash", 1, MONEY), ("shares", C, None))
    SHARES = np.array([c.shares for c in COMPANIES], dtype=np.float64)
    # the columns after cash and shares: treasury, income, sold, locomotives left,
    # dividend per share (C each), then the scalars below, then the industrial tracks
    SCALARS = ("wabash", "houses", "g0", "g1", "g2", "dividends", "high", "min_bid",
               "b_placed", "b_chicago")
    TAIL = IND
    OWN = 5 * C

    def __init__(self, layout: Layout, out: Matrix) -> None:
        at = {f.name: at for at, f in layout.offsets()}
        super().__init__(layout, out, CERows(out.shape[0], layout.size, at,
                                             layout.max_players))
        self.gauge_size = np.ones((self.rows, 3), dtype=np.float64)
        self.divisors[self.start("occupancy"):self.start("occupancy") + H] = 5.0

    def map_fields(self) -> list[tuple[int, int]]:
        """The map, and the fields written cell by cell (:meth:`CERows.write_cells`)."""
        p = self.layout.max_players
        return [(self.start("networks"), self.start("developed") + H),
                (self.start("step"), self.start("step") + len(STEP_NAMES)),
                (self.start("to_move"), self.start("to_move") + p),
                (self.start("auction"), self.start("auction") + C + 3 + 2 + 2 * p),
                (self.start("build"), self.start("build") + C)]

    def linear(self) -> list[tuple[int, int, float]]:
        """Treasury, income, shares sold, locomotives left, dividend per share; the Wabash
        open, the industrial tracks, houses left, dividends paid, an auction's high and
        opening bids, a build's placements and Chicago reached."""
        base, col = self.n + self.n * C, self.col
        divisors = np.concatenate([np.full(2 * C, MONEY), self.SHARES, LOCOS,
                                   np.full(C, MONEY)])
        out = [(self.start(name) + i, base + k * C + i, float(divisors[k * C + i]))
               for k, name in enumerate(("treasury", "income", "sold", "locos_left", "dividend"))
               for i in range(C)]
        out.append((self.start("open") + C - 1, col("wabash"), 1.0))
        out += [(self.start("industrial") + i, col("b_chicago") + 1 + i, 12.0)
                for i in range(IND)]
        out.append((self.start("houses"), col("houses"), float(HOUSES)))
        out.append((self.start("dividends"), col("dividends"), 10.0))
        at = self.start("auction")
        out += [(at + C + 3, col("high"), MONEY), (at + C + 4, col("min_bid"), MONEY)]
        at = self.start("build")
        out += [(at + C, col("b_placed"), 3.0), (at + C + 1, col("b_chicago"), 1.0)]
        return out

    def new_game(self, row: int, state: GameState) -> None:
        assert isinstance(state, ChicagoExpressState)
        self.gauge_size[row] = [state.gauge_size(g) for g in range(3)]
        self.out[row, self.start("open"):self.start("open") + C - 1] = 1.0  # but the Wabash

    def fill(self, g: Ints) -> None:
        at, g0 = self.start("gauges"), self.col("g0")
        self.out[:, at:at + 3] = g[:, g0:g0 + 3] / self.gauge_size
