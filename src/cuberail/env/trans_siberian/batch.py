"""The Trans-Siberian batch encoder: the layout of :mod:`.observe`, fast.

See :mod:`cuberail.env.batch`. Per state, :class:`.gather.TSRows` lists its integers (one
row of ``g``, compiled) and the changed cells of the map fields (link owners, networks,
where a second link may start) and of the one-hot fields. Here: which integers are
written over which divisor where, and the timing and dividend tracks (a divisor per
game).
"""

from __future__ import annotations

import numpy as np

from cuberail.core.state import GameState
from cuberail.env.batch import GatheredBatch, Ints, Matrix
from cuberail.env.observe import Layout
from cuberail.env.trans_siberian.gather import TSRows
from cuberail.env.trans_siberian.observe import LOC, MONEY, TOP_VALUE, C, L
from cuberail.games.trans_siberian.board import MAX_LINKS, SHARES
from cuberail.games.trans_siberian.state import STATUS_NAMES, STEP_NAMES, TransSiberianState

# the columns of each company after cash, scores (n each) and shares (n * C); its status
# is written cell by cell (:meth:`TSRows.write_cells`)
PER_COMPANY = ("treasury", "income", "value", "unsold", "removed", "links", "public",
               "dividend")
_WIDTH = len(PER_COMPANY) + len(STATUS_NAMES)  # of a company in the observation
_SCALE = np.array([[MONEY, MONEY, TOP_VALUE, s, s, MAX_LINKS, 1.0, MONEY] for s in SHARES])


class TSBatch(GatheredBatch):
    """Trans-Siberian observations of many states at once (see the module docstring)."""

    PER_SEAT = (("cash", 1, MONEY), ("scores", 1, MONEY), ("shares", C, None))
    SHARES = np.array(SHARES, dtype=np.float64)
    # then the scalars (an auction's zero outside it)
    SCALARS = ("phase2", "timing", "dividends", "nationalization", "a_phase2", "high")
    OWN = C * len(PER_COMPANY)

    def __init__(self, layout: Layout, out: Matrix) -> None:
        at = {f.name: at for at, f in layout.offsets()}
        super().__init__(layout, out, TSRows(out.shape[0], layout.size, at,
                                             layout.max_players))
        self.tracks = np.ones((self.rows, 2), dtype=np.float64)  # timing, dividend track

    def map_fields(self) -> list[tuple[int, int]]:
        """The map, and the fields written cell by cell (:meth:`TSRows.write_cells`)."""
        turn, status, p = self.start("turn"), self.start("companies") + 8, \
            self.layout.max_players
        return [(self.start("owners"), self.start("networks") + C * LOC),
                (turn, turn + 2 * C + L + LOC),
                *((status + c * _WIDTH, status + c * _WIDTH + len(STATUS_NAMES))
                  for c in range(C)),
                (self.start("step"), self.start("step") + len(STEP_NAMES)),
                (self.start("to_move"), self.start("to_move") + p),
                (self.start("auction"), self.start("auction") + C + 2 + 2 * p)]

    def linear(self) -> list[tuple[int, int, float]]:
        """Each company's columns but its status; phase 2 started, the nationalization
        value; an auction's phase 2 and high bid."""
        base, width, at, col = self.n * (2 + C), len(PER_COMPANY), self.start("companies"), \
            self.col
        out = [(at + c * _WIDTH + j, base + c * width + j, float(_SCALE[c, j]))
               for c in range(C) for j in range(width)]
        at = self.start("tracks")
        out += [(at, col("phase2"), 1.0), (at + 3, col("nationalization"), float(TOP_VALUE))]
        at = self.start("auction")
        out += [(at + C, col("a_phase2"), 1.0), (at + C + 1, col("high"), MONEY)]
        return out

    def new_game(self, row: int, state: GameState) -> None:
        assert isinstance(state, TransSiberianState)
        self.tracks[row] = [state.opts.timing, state.opts.dividend_track]

    def fill(self, g: Ints) -> None:
        at, timing = self.start("tracks"), self.col("timing")
        self.out[:, at + 1:at + 3] = g[:, timing:timing + 2] / self.tracks
