"""The integers of many Chicago Express states, for the batch encoder (compiled with mypyc).

:func:`gather` reads each state's integers in the column order of
:class:`cuberail.env.chicago_express.batch.CEBatch` (``SCALARS`` there names the
scalar columns) and hands on those that changed since the last call, with the changed
cells of the map fields (networks, occupancy, houses built). No numpy here: mypyc
compiles this module where only the build requirements exist.
"""

from __future__ import annotations

from cuberail.env.stream import UNSET, diff_bits, put, update
from cuberail.games.chicago_express.board import COMPANIES, HEXES, INDUSTRIAL_HEXES
from cuberail.games.chicago_express.state import BID, SETUP, ChicagoExpressState


def _update_all(values: list[int], k: int, last: list[int], position: int,
                out: list[int]) -> int:
    """:func:`update` each of ``values`` from ``k`` on; the next ``k``."""
    for value in values:
        update(last, k, value, position, out)
        k += 1
    return k


def write_state(s: ChicagoExpressState, last: list[int], position: int,
                out: list[int]) -> None:
    """The integers of ``s`` (cash, shares, company columns, scalars, tracks) against the
    row's last ones (``last``, updated): the changed ones to ``out``, packed."""
    k = _update_all(s.cash, 0, last, position, out)
    for held in s.held:
        k = _update_all(held, k, last, position, out)
    for column in (s.treasury, s.income, s.sold, s.locos_left):
        k = _update_all(column, k, last, position, out)
    step, g = s.step, s.gauges
    minimum = s.minimum_bid() if step in (SETUP, BID) else 0
    k = _update_all([int(s.wabash_open), s.houses, g[0], g[1], g[2], s.dividends, step,
                     s.current_player(), s.a_company, s.a_kind, s.a_high, s.a_bidder,
                     s.a_out, minimum, s.b_company, s.b_placed, int(s.b_chicago)],
                    k, last, position, out)
    track = s.track
    for h in INDUSTRIAL_HEXES:
        update(last, k, track[h], position, out)
        k += 1


class Memory:
    """What the batch encoder last wrote of each row: its integers and its map, and where
    the map fields lie in an observation row (``size`` floats)."""

    def __init__(self, rows: int, size: int, networks: int, occupancy: int,
                 developed: int) -> None:
        self.size, self.networks_at, self.occupancy_at = size, networks, occupancy
        self.developed_at = developed
        self.ints: list[list[int]] = [[] for _ in range(rows)]  # each row's integers
        self.developed = [0] * rows
        self.networks = [[0] * len(COMPANIES) for _ in range(rows)]

    def forget(self, row: int, width: int) -> None:
        """Row ``row`` holds a new game (``width`` integers), its map fields zeroed: write
        it all."""
        self.ints[row] = [UNSET] * width
        self.developed[row] = 0
        self.networks[row] = [0] * len(COMPANIES)


def _map(row: int, s: ChicagoExpressState, memory: Memory, cells: list[int]) -> None:
    """The changed cells of the map fields of ``row``: networks, occupancy, houses built.

    A hex's occupancy changes only when a company places there, which it does once (a
    placement is the one change of ``occ``, and sets the company's bit): so only where a
    network bit changed; the tests compare every step with the reference encoder."""
    base = row * memory.size
    old, occ = memory.networks[row], s.occ
    for c in range(len(COMPANIES)):
        at = base + memory.networks_at + c * len(HEXES)
        new = s.network[c]
        changed = old[c] ^ new
        while changed:
            low = changed & -changed
            h = low.bit_length() - 1
            put(at + h, new >> h & 1, cells)
            put(base + memory.occupancy_at + h, occ[h], cells)
            changed ^= low
    diff_bits(base + memory.developed_at, memory.developed[row], s.developed, cells)
    memory.networks[row] = s.network[:]
    memory.developed[row] = s.developed


def gather(states: list[ChicagoExpressState], memory: Memory, width: int, ints: list[int],
           cells: list[int]) -> None:
    """Each state's changed integers (``width`` a row, in the order of :func:`write_state`)
    to ``ints``, its changed map cells (observation positions) to ``cells``: packed
    changes (:mod:`cuberail.env.stream`)."""
    for row, s in enumerate(states):
        write_state(s, memory.ints[row], row * width, ints)
        if s.developed != memory.developed[row] or s.network != memory.networks[row]:
            _map(row, s, memory, cells)
