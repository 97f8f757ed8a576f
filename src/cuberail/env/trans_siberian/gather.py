"""The integers of many Trans-Siberian states, for the batch encoder (compiled with mypyc).

:class:`TSRows` says which integers a state has, in the column order of
:class:`cuberail.env.trans_siberian.batch.TSBatch` (``PER_COMPANY`` and ``SCALARS`` there
name the columns), and the changed cells of the map fields (link owners, networks, where
a second link may start: bit masks wider than 64 bits, read apart) and of the one-hot
fields; :class:`cuberail.env.stream.Rows` hands on only what changed. No numpy here:
mypyc compiles this module where only the build requirements exist.
"""

from __future__ import annotations

from typing import Final, cast

from cuberail.core.state import GameState
from cuberail.env.stream import Changes, Rows, diff_bits, hot, put, seen_from
from cuberail.games.trans_siberian.board import LOCATIONS, NUM_COMPANIES, NUM_LINKS
from cuberail.games.trans_siberian.state import (
    AUCTION,
    PICK_LINK,
    PICK_VALUE,
    STATUS_NAMES,
    STEP_NAMES,
    TransSiberianState,
)

# the board's sizes as compiled constants (a plain module global, as the board's are, is
# a dictionary lookup at each use)
C: Final = NUM_COMPANIES
LINKS: Final = NUM_LINKS
PLACES: Final = len(LOCATIONS)
STEPS: Final = len(STEP_NAMES)
STATUSES: Final = len(STATUS_NAMES)
IN_AUCTION: Final = (AUCTION, PICK_LINK, PICK_VALUE)  # the steps of an auction
# the one-hot fields: each company's status, then step, seat to move, an auction's company
# and high bidder, the company building, its first link
HOTS: Final = C + 6


class TSRows(Rows):
    """What the batch encoder last wrote of each row: its integers and its map, and where
    the map fields lie in an observation row (``size`` floats)."""

    def __init__(self, rows: int, size: int, at: dict[str, int], max_players: int) -> None:
        super().__init__(rows, size)
        self.owners_at, self.networks_at = at["owners"], at["networks"]
        self.companies_at, self.step_at, self.to_move_at = \
            at["companies"], at["step"], at["to_move"]
        self.auction_at, self.turn_at, self.max_players = \
            at["auction"], at["turn"], max_players
        self.ends_at = self.turn_at + 2 * C + LINKS
        self.owners = [[-1] * LINKS for _ in range(rows)]
        self.networks = [[0] * C for _ in range(rows)]
        self.ends = [0] * rows
        self.hots = [[-1] * HOTS for _ in range(rows)]  # the one of each one-hot
        self.pairs = [0] * rows  # the companies bought (bits)
        self.passed = [0] * rows  # the seats out of the auction, from the observer

    def forget_own(self, row: int) -> None:
        self.owners[row] = [-1] * LINKS
        self.networks[row] = [0] * C
        self.ends[row] = 0
        self.hots[row] = [-1] * HOTS
        self.pairs[row] = 0
        self.passed[row] = 0

    def write(self, row: int, state: GameState, changes: Changes) -> None:
        """Cash, scores, shares, the company columns, the scalars (an auction's zero
        outside it)."""
        s = cast(TransSiberianState, state)
        changes.add(s.cash)
        changes.add(s.scores())
        changes.add(s.held)
        for c in range(C):
            changes.add([s.treasury[c], s.income[c], s.share_value(c), s.unsold[c],
                         s.removed[c], s.nlinks[c], int(s.is_public(c)),
                         s.dividend_per_share(c)])
        auction = s.step in IN_AUCTION
        changes.add([int(s.phase == 2), s.timing, s.dividends, s.nationalization_value(),
                     int(auction and s.a_phase == 2),
                     s.a_high if auction and s.a_bidder >= 0 else 0])

    def write_cells(self, row: int, state: GameState, seat: int, cells: list[int]) -> None:
        """The one-hot fields (each company's status, step, seat to move, an auction's
        company and high bidder, the company building, its first link), the companies
        bought and the seats out of an auction, from ``seat``."""
        s = cast(TransSiberianState, state)
        n, base, last, step = s.num_players, row * self.size, self.hots[row], s.step
        width = 8 + STATUSES
        for c in range(C):
            status = s.status[c]
            hot(last, c, base + self.companies_at + c * width + 8,
                status if 0 <= status < STATUSES else -1, cells)
        hot(last, C, base + self.step_at, step if 0 <= step < STEPS else -1, cells)
        player = s.current_player()
        hot(last, C + 1, base + self.to_move_at, (player - seat) % n if player >= 0 else -1,
            cells)
        auction, at, company, bidder = step in IN_AUCTION, base + self.auction_at, \
            s.a_company, s.a_bidder
        hot(last, C + 2, at, company if auction and 0 <= company < C else -1, cells)
        hot(last, C + 3, at + C + 2, (bidder - seat) % n if auction and bidder >= 0 else -1,
            cells)
        passed = seen_from(s.a_out, seat, n) if auction else 0
        diff_bits(at + C + 2 + self.max_players, self.passed[row], passed, cells)
        self.passed[row] = passed
        turn, pairs = base + self.turn_at, 0
        for company in s.pair:
            if 0 <= company < C:
                pairs |= 1 << company
        diff_bits(turn, self.pairs[row], pairs, cells)
        self.pairs[row] = pairs
        company, first = s.b_company, s.b_first
        hot(last, C + 4, turn + C, company if 0 <= company < C else -1, cells)
        hot(last, C + 5, turn + 2 * C, first if 0 <= first < LINKS else -1, cells)

    def write_map(self, row: int, state: GameState, cells: list[int]) -> None:
        """Link owners, networks, second-link starts, looked at only when one changed."""
        s = cast(TransSiberianState, state)
        if (s.b_ends == self.ends[row] and s.owner == self.owners[row]
                and s.network == self.networks[row]):
            return
        base = row * self.size
        old = self.owners[row]
        for link in range(LINKS):
            was, now = old[link], s.owner[link]
            if was != now:
                at = base + self.owners_at + link * C
                if was >= 0:
                    put(at + was, 0, cells)
                if now >= 0:
                    put(at + now, 1, cells)
        nets = self.networks[row]
        for c in range(C):
            diff_bits(base + self.networks_at + c * PLACES, nets[c], s.network[c],
                      cells)
        diff_bits(base + self.ends_at, self.ends[row], s.b_ends, cells)
        self.owners[row] = s.owner[:]
        self.networks[row] = s.network[:]
        self.ends[row] = s.b_ends
