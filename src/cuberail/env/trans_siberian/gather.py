"""The integers of many Trans-Siberian states, for the batch encoder (compiled with mypyc).

:func:`gather` reads each state's integers in the column order of
:class:`cuberail.env.trans_siberian.batch.TSBatch` (``PER_COMPANY`` and ``SCALARS`` there
name the columns) and hands on those that changed since the last call, with the changed
cells of the map fields (link owners, networks, where a second link may start: bit masks
wider than 64 bits, read apart). No numpy here: mypyc compiles this module where only
the build requirements exist.
"""

from __future__ import annotations

from cuberail.env.stream import UNSET, diff_bits, put, update
from cuberail.games.trans_siberian.board import LOCATIONS, NUM_COMPANIES, NUM_LINKS
from cuberail.games.trans_siberian.state import TransSiberianState


def _update_all(values: list[int], k: int, last: list[int], position: int,
                out: list[int]) -> int:
    """:func:`update` each of ``values`` from ``k`` on; the next ``k``."""
    for value in values:
        update(last, k, value, position, out)
        k += 1
    return k


def write_state(s: TransSiberianState, last: list[int], position: int,
                out: list[int]) -> None:
    """The integers of ``s`` (cash, scores, shares, company columns, scalars) against the
    row's last ones (``last``, updated): the changed ones to ``out``, packed."""
    k = _update_all(s.cash, 0, last, position, out)
    k = _update_all(s.scores(), k, last, position, out)
    k = _update_all(s.held, k, last, position, out)
    for c in range(NUM_COMPANIES):
        k = _update_all([s.treasury[c], s.income[c], s.share_value(c), s.unsold[c],
                         s.removed[c], s.nlinks[c], int(s.is_public(c)),
                         s.dividend_per_share(c), s.status[c]], k, last, position, out)
    _update_all([s.phase, s.timing, s.dividends, s.nationalization_value(), s.step,
                 s.current_player(), s.a_company, s.a_phase, s.a_high, s.a_bidder, s.a_out,
                 s.pair[0], s.pair[1], s.b_company, s.b_first], k, last, position, out)


class Memory:
    """What the batch encoder last wrote of each row: its integers and its map, and where
    the map fields lie in an observation row (``size`` floats)."""

    def __init__(self, rows: int, size: int, owners: int, networks: int, ends: int) -> None:
        self.size, self.owners_at, self.networks_at, self.ends_at = size, owners, networks, ends
        self.ints: list[list[int]] = [[] for _ in range(rows)]
        self.owners = [[-1] * NUM_LINKS for _ in range(rows)]
        self.networks = [[0] * NUM_COMPANIES for _ in range(rows)]
        self.ends = [0] * rows

    def forget(self, row: int, width: int) -> None:
        """Row ``row`` holds a new game (``width`` integers), its map fields zeroed: write
        it all."""
        self.ints[row] = [UNSET] * width
        self.owners[row] = [-1] * NUM_LINKS
        self.networks[row] = [0] * NUM_COMPANIES
        self.ends[row] = 0


def _map(row: int, s: TransSiberianState, memory: Memory, cells: list[int]) -> None:
    """The changed cells of the map fields of ``row``: owners, networks, second-link starts."""
    base = row * memory.size
    old = memory.owners[row]
    for link in range(NUM_LINKS):
        was, now = old[link], s.owner[link]
        if was != now:
            at = base + memory.owners_at + link * NUM_COMPANIES
            if was >= 0:
                put(at + was, 0, cells)
            if now >= 0:
                put(at + now, 1, cells)
    nets = memory.networks[row]
    for c in range(NUM_COMPANIES):
        diff_bits(base + memory.networks_at + c * len(LOCATIONS), nets[c], s.network[c], cells)
    diff_bits(base + memory.ends_at, memory.ends[row], s.b_ends, cells)
    memory.owners[row] = s.owner[:]
    memory.networks[row] = s.network[:]
    memory.ends[row] = s.b_ends


def gather(states: list[TransSiberianState], memory: Memory, width: int, ints: list[int],
           cells: list[int]) -> None:
    """Each state's changed integers (``width`` a row, in the order of :func:`write_state`)
    to ``ints``, its changed map cells (observation positions) to ``cells``: packed
    changes (:mod:`cuberail.env.stream`)."""
    for row, s in enumerate(states):
        write_state(s, memory.ints[row], row * width, ints)
        if (s.b_ends != memory.ends[row] or s.owner != memory.owners[row]
                or s.network != memory.networks[row]):
            _map(row, s, memory, cells)
