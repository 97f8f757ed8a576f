"""The integers of many Chicago Express states, for the batch encoder (compiled with mypyc).

:class:`CERows` says which integers a state has, in the column order of
:class:`cuberail.env.chicago_express.batch.CEBatch` (``SCALARS`` there names the
scalar columns), and the changed cells of the map fields (networks, occupancy, houses
built) and of the one-hot fields; :class:`cuberail.env.stream.Rows` hands on only what
changed. No numpy here: mypyc compiles this module where only the build requirements
exist.
"""

from __future__ import annotations

from typing import Final, cast

from cuberail.core.state import GameState
from cuberail.env.stream import Changes, Rows, diff_bits, hot, put, seen_from
from cuberail.games.chicago_express.board import COMPANIES, HEXES, INDUSTRIAL_HEXES
from cuberail.games.chicago_express.state import (
    BID,
    PLACE,
    SETUP,
    STEP_NAMES,
    ChicagoExpressState,
)

# sizes as compiled constants (a plain module global is a dictionary lookup at each use)
C: Final = len(COMPANIES)
H: Final = len(HEXES)
STEPS: Final = len(STEP_NAMES)


class CERows(Rows):
    """What the batch encoder last wrote of each row: its integers and its map, and where
    the map fields lie in an observation row (``size`` floats)."""

    def __init__(self, rows: int, size: int, at: dict[str, int], max_players: int) -> None:
        super().__init__(rows, size)
        self.networks_at, self.occupancy_at = at["networks"], at["occupancy"]
        self.developed_at, self.step_at, self.to_move_at = \
            at["developed"], at["step"], at["to_move"]
        self.auction_at, self.build_at, self.max_players = \
            at["auction"], at["build"], max_players
        self.developed = [0] * rows
        self.networks = [[0] * C for _ in range(rows)]
        self.hots = [[-1] * 6 for _ in range(rows)]  # the one of each one-hot field
        self.passed = [0] * rows  # the seats out of the auction, from the observer
        self.tracks: list[dict[int, int]] = [{} for _ in range(rows)]  # industrial tracks
        self.helds: list[list[list[int]]] = [[] for _ in range(rows)]  # shares held, copied
        # the auction a row's state was in at the last step (-1: none, or not written)
        self.auctions = [-1] * rows

    def forget_own(self, row: int) -> None:
        self.developed[row] = 0
        self.networks[row] = [0] * C
        self.hots[row] = [-1] * 6
        self.passed[row] = 0
        self.tracks[row] = {}
        self.helds[row] = []
        self.auctions[row] = -1

    def write(self, row: int, state: GameState, changes: Changes) -> None:
        """Cash, shares, the company columns (dividend per share last), the scalars (an
        auction's and a build's zero outside them), the industrial tracks.

        Within one auction a bid or a pass changes only the auction's own integers: the
        rest is skipped unread. One auction: the same setup auction (CE-2.5 may auction a
        company again at once, opened by the same seat: its count tells them apart), or
        the same company, kind and opener at this step and the last (CE-4: a share's
        auction ends the turn, so the next one comes after other steps)."""
        s = cast(ChicagoExpressState, state)
        step, n = s.step, s.num_players
        auction, build = step in (SETUP, BID), step == PLACE
        key = ((s.a_setup * 8 + s.a_company) * 4 + s.a_kind) * 8 + s.a_opener if auction \
            else -1
        if key >= 0 and key == self.auctions[row]:
            changes.skip(n)
            for _ in range(n):
                changes.skip(C)
            for _ in range(5):  # treasury, income, sold, locomotives, dividend per share
                changes.skip(C)
            changes.skip(6)
            self._auction_scalars(s, changes)
            changes.skip(len(INDUSTRIAL_HEXES))
            return
        self.auctions[row] = key
        changes.add(s.cash)
        helds = s.held
        if helds != self.helds[row]:  # one comparison for the shares (they seldom change)
            for held in helds:
                changes.add(held)
            self.helds[row] = [held[:] for held in helds]
        else:
            for _ in range(n):
                changes.skip(C)
        income, sold = s.income, s.sold
        changes.add(s.treasury)
        paid = changes.add(income)
        paid = changes.add(sold) or paid
        changes.add(s.locos_left)
        if paid:  # the dividends per share follow income and shares sold
            changes.add([-(-income[c] // sold[c]) if sold[c] > 0 else 0 for c in range(C)])
        else:
            changes.skip(C)
        g = s.gauges
        old = changes.begin(6)  # the scalars, as two groups: the second an auction's or a
        changes.item(old, 0, int(s.wabash_open))  # build's steps change
        changes.item(old, 1, s.houses)
        changes.item(old, 2, g[0])
        changes.item(old, 3, g[1])
        changes.item(old, 4, g[2])
        changes.item(old, 5, s.dividends)
        changes.skip(6)
        if auction:
            self._auction_scalars(s, changes)
        else:
            old = changes.begin(4)
            changes.item(old, 0, 0)
            changes.item(old, 1, 0)
            changes.item(old, 2, s.b_placed if build else 0)
            changes.item(old, 3, int(s.b_chicago) if build else 0)
            changes.skip(4)
        track = s.track
        if track != self.tracks[row]:
            changes.add([track[h] for h in INDUSTRIAL_HEXES])
            self.tracks[row] = dict(track)
        else:
            changes.skip(len(INDUSTRIAL_HEXES))

    def _auction_scalars(self, s: ChicagoExpressState, changes: Changes) -> None:
        """The scalars an auction's steps change: its high bid (0 before the first) and
        the lowest bid now; a build's two are zero."""
        old = changes.begin(4)
        changes.item(old, 0, s.a_high if s.a_bidder >= 0 else 0)
        changes.item(old, 1, s.minimum_bid())
        changes.item(old, 2, 0)
        changes.item(old, 3, 0)
        changes.skip(4)

    def write_cells(self, row: int, state: GameState, seat: int, cells: list[int]) -> None:
        """The one-hot fields (step, seat to move, an auction's company, kind and high
        bidder, the company building) and the seats out of an auction, from ``seat``."""
        s = cast(ChicagoExpressState, state)
        n, base, last, step = s.num_players, row * self.size, self.hots[row], s.step
        auction, build = step in (SETUP, BID), step == PLACE
        hot(last, 0, base + self.step_at, step if 0 <= step < STEPS else -1, cells)
        player = s.current_player()
        hot(last, 1, base + self.to_move_at, (player - seat) % n if player >= 0 else -1,
            cells)
        at, company, kind, bidder = base + self.auction_at, s.a_company, s.a_kind, s.a_bidder
        hot(last, 2, at, company if auction and 0 <= company < C else -1, cells)
        hot(last, 3, at + C, kind if auction and 0 <= kind < 3 else -1, cells)
        hot(last, 4, at + C + 5, (bidder - seat) % n if auction and bidder >= 0 else -1, cells)
        company = s.b_company
        hot(last, 5, base + self.build_at, company if build and 0 <= company < C else -1,
            cells)
        passed = seen_from(s.a_out, seat, n) if auction else 0
        diff_bits(at + C + 5 + self.max_players, self.passed[row], passed, cells)
        self.passed[row] = passed

    def write_map(self, row: int, state: GameState, cells: list[int]) -> None:
        """Networks, occupancy, houses built, looked at only when networks or houses
        changed.

        A hex's occupancy changes only when a company places there, which it does once (a
        placement is the one change of ``occ``, and sets the company's bit): so only where
        a network bit changed; the tests compare every step with the reference encoder."""
        s = cast(ChicagoExpressState, state)
        if s.developed == self.developed[row] and s.network == self.networks[row]:
            return
        base = row * self.size
        old, occ = self.networks[row], s.occ
        network = s.network
        for c in range(C):
            new = network[c]
            if old[c] == new:  # (wide integers: no XOR made for an unchanged network)
                continue
            at = base + self.networks_at + c * H
            changed = old[c] ^ new
            while changed:
                low = changed & -changed
                h = low.bit_length() - 1
                put(at + h, new >> h & 1, cells)
                put(base + self.occupancy_at + h, occ[h], cells)
                changed ^= low
        diff_bits(base + self.developed_at, self.developed[row], s.developed, cells)
        self.networks[row] = s.network[:]
        self.developed[row] = s.developed
