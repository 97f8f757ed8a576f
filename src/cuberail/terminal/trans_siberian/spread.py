"""Labels moved along their rows so that the links between them show their lines.

:func:`.places.fixed` sets each city's label near its place on the board. Where the map
is crowded (the east, round Moscow) two linked cities then often stand on neighbouring
rows, one above the other, and the straight line between their middles lies all under
their names: the line does not show and its tag (``R3``) floats between names (the 35th,
36th, 39th and 41st newcomer runs: "tags float away from their links"). :func:`spread`
moves labels along their own rows, each at most :data:`REACH` columns from where
:func:`~.places.fixed` put it and never past a neighbour, wherever that shows more of the
links' lines and hides fewer under other cities' names. Every city keeps its row, its
order along it and its side of every city clearly west or east of it on the board
(:data:`APART`), so the map keeps the board's geography; the same labels and size give
the same places (no randomness), whatever is built.

Measured over 106 positions of 24 games of medium bots (2890 links drawn, `python
benchmarks/ts_map_lines.py`), tags off their own line: 518 -> 191 on the 29-row map, 850
-> 621 on the 22-row one, 1533 -> 960 on the compact one; links showing under two cells of
line 1186 -> 829, 1597 -> 1264, 1948 -> 1609. About 50-100 ms a size, once a process.
"""

from __future__ import annotations

from functools import cache

from cuberail.games.trans_siberian.board import LINKS, LOCATIONS
from cuberail.terminal.trans_siberian.lines import middle_of, segments, stroke_cells
from cuberail.terminal.trans_siberian.places import Cell, board_xy, fixed

REACH = 6  # the most columns a label moves from its place
ROOM = 2  # free cells kept between two labels on a row (a tag may still need a third)
NEED = 3  # cells of its own line a link between two cities should show (its tag, a gap)
SHORT_COST = 12.0  # for each cell of line a link lacks (to the power 1.5: none is worst)
UNDER_COST = 8.0  # for each cell of a link's line under another city's name
SHIFT_COST = 1.0  # for each column a label stands from its place
SWEEPS = 8  # passes over the labels, at most (each pass moves each label once at most)
APART = 2000  # board x (pixels) between two cities whose west-east order a move keeps


class _Layout:
    """Labels at their cells, the cells under them, the links' strokes and their costs."""

    def __init__(self, words: tuple[tuple[int, str], ...], width: int, height: int,
                 start: dict[int, Cell]) -> None:
        self.label = dict(words)
        self.width, self.height = width, height
        self.start = start
        self.where = dict(start)
        self.under: dict[Cell, int] = {}  # cell -> the location whose label covers it
        for loc, cell in self.where.items():
            self._cover(loc, cell, loc)
        self.links_of: dict[int, list[int]] = {}
        for k, link in enumerate(LINKS):
            if all(e in self.where for e in link.ends):
                for e in link.ends:
                    self.links_of.setdefault(e, []).append(k)
        self.cells: dict[int, list[Cell]] = {}
        self.through: dict[Cell, set[int]] = {}  # cell -> the links whose line crosses it
        for k in {k for ks in self.links_of.values() for k in ks}:
            self._stroke(k)
        self.cost = {k: self._cost(k) for k in self.cells}
        # the labels each must stay east of (and west of): clearly so on the board, and
        # so placed to start with (the compact map's crowding may already have swapped
        # a pair: Omsk and Irkutsk, 2,400 pixels apart, start two columns apart)
        xy = board_xy()
        bx = {loc: xy[LOCATIONS[loc].id][0] for loc in self.where}
        self.east_of = {loc: [o for o in self.where if bx[o] + APART <= bx[loc]
                              and self._before(o, self.where[o][0], loc, self.where[loc][0])]
                        for loc in self.where}
        self.west_of = {loc: [o for o in self.where if bx[loc] + APART <= bx[o]
                              and self._before(loc, self.where[loc][0], o, self.where[o][0])]
                        for loc in self.where}

    def _before(self, a: int, ax: int, b: int, bx: int) -> bool:
        """Whether label ``a`` at column ``ax`` begins west of label ``b`` at column ``bx``
        and centres west of it (or at its middle)."""
        return ax < bx and ax + len(self.label[a]) / 2 <= bx + len(self.label[b]) / 2

    def _cover(self, loc: int, cell: Cell, value: int | None) -> None:
        x, y = cell
        for i in range(len(self.label[loc])):
            if value is None:
                del self.under[(x + i, y)]
            else:
                self.under[(x + i, y)] = value

    def _stroke(self, k: int) -> None:
        for c in self.cells.get(k, ()):
            self.through[c].discard(k)
        middle = {e: middle_of(self.where[e], self.label[e]) for e in LINKS[k].ends}
        cells = [c for a, b in segments(k, middle) for c in stroke_cells(a, b)
                 if 0 <= c[1] < self.height - 1]
        self.cells[k] = cells
        for c in cells:
            self.through.setdefault(c, set()).add(k)

    def _cost(self, k: int) -> float:
        """A link's cost: the cells of line it lacks, those under other cities' names."""
        ends = LINKS[k].ends
        shown = under = 0
        for c in self.cells[k]:
            covered = self.under.get(c)
            if covered is None:
                shown += 1
            elif covered not in ends:
                under += 1
        lack = max(0, NEED * (len(ends) - 1) - shown)
        return float(SHORT_COST * lack ** 1.5 + UNDER_COST * under)

    def _free(self, loc: int, x: int) -> bool:
        """Whether ``loc``'s label may stand at column ``x`` of its row: on the map, and
        nothing but itself between its place now and there, nor within ``ROOM`` of it."""
        x0, y = self.where[loc]
        size = len(self.label[loc])
        if x < 0 or x + size > self.width:
            return False
        if (not all(self._before(o, self.where[o][0], loc, x) for o in self.east_of[loc])
                or not all(self._before(loc, x, o, self.where[o][0]) for o in self.west_of[loc])):
            return False
        return all(self.under.get((i, y), loc) == loc
                   for i in range(min(x, x0) - ROOM, max(x, x0) + size + ROOM))

    def _move(self, loc: int, x: int) -> set[int]:
        """Put ``loc``'s label at column ``x``; the links whose cost may have changed."""
        old = self.where[loc]
        new = (x, old[1])
        size = len(self.label[loc])
        touched = set(self.links_of.get(loc, ()))
        for i in range(size):
            touched |= self.through.get((old[0] + i, old[1]), set())
            touched |= self.through.get((x + i, old[1]), set())
        self._cover(loc, old, None)
        self.where[loc] = new
        self._cover(loc, new, loc)
        for k in self.links_of.get(loc, ()):
            self._stroke(k)
        return touched

    def _gain(self, loc: int, x: int) -> float:
        """How much the layout's cost falls with ``loc``'s label at column ``x`` (tried,
        then put back)."""
        here = self.where[loc][0]
        touched = self._move(loc, x)
        after = {k: self._cost(k) for k in touched}
        self._move(loc, here)
        shift = abs(x - self.start[loc][0]) - abs(here - self.start[loc][0])
        return sum(self.cost[k] - after[k] for k in touched) - SHIFT_COST * shift

    def improve(self) -> bool:
        """One pass: each label with a costly link to the column that lowers the cost
        most, if any does; whether any label moved."""
        moved = False
        for loc in sorted(self.links_of):
            if not any(self.cost[k] for k in self.links_of[loc]):
                continue
            sx = self.start[loc][0]
            best, gain = self.where[loc][0], 1e-9
            for x in range(sx - REACH, sx + REACH + 1):
                if x != best and self._free(loc, x):
                    g = self._gain(loc, x)
                    if g > gain:
                        best, gain = x, g
            if best != self.where[loc][0]:
                for k in self._move(loc, best):
                    self.cost[k] = self._cost(k)
                moved = True
        return moved


@cache
def spread(words: tuple[tuple[int, str], ...], width: int, height: int,
           hub: int = -1) -> dict[int, Cell]:
    """Every location's label's first cell on a map of this size: :func:`~.places.fixed`'s
    place, moved along its row where that shows more of the links' lines."""
    layout = _Layout(words, width, height, fixed(words, width, height, hub))
    for _ in range(SWEEPS):
        if not layout.improve():
            break
    return layout.where
