"""The Trans-Siberian map's straight lines, as cells: where a link's strokes run between
its cities' labels (:mod:`.geo` draws them, :mod:`.spread` places the labels so that
they show). Points are in dots: two across and four down a cell, so that a dot is as
wide as it is tall."""

from __future__ import annotations

import math

from cuberail.games.trans_siberian.board import LINKS

Cell = tuple[int, int]
Point = tuple[int, int]


def middle_of(where: Cell, word: str) -> Point:
    """A label's middle, in dots (``where``: its first cell)."""
    return 2 * where[0] + len(word), 4 * where[1] + 2


def segments(k: int, middle: dict[int, Point]) -> list[tuple[Point, Point]]:
    """A link's straight strokes: end to end, or for a junction (TS-4.5) from the middle
    of its ends to each."""
    points = [middle[e] for e in LINKS[k].ends]
    if len(points) == 2:
        return [(points[0], points[1])]
    hub = (sum(p[0] for p in points) // len(points), sum(p[1] for p in points) // len(points))
    return [(hub, p) for p in points]


def stroke_cells(a: Point, b: Point) -> list[Cell]:
    """The cells of a straight stroke from ``a`` to ``b``, in order, each once: one a
    column (a row where the stroke is steep), the cells whose middles are nearest (a
    cell's middle: its dots 0.5 across, 1.5 down), halves rounded up, so no gap."""
    (x0, y0), (x1, y1) = (((p[0] - 0.5) / 2, (p[1] - 1.5) / 4) for p in (a, b))
    dx, dy = x1 - x0, y1 - y0
    steps = max(math.ceil(abs(dx)), math.ceil(abs(dy)), 1)  # a cell a step at most
    return list(dict.fromkeys(
        (math.floor(x0 + dx * i / steps + 0.5), math.floor(y0 + dy * i / steps + 0.5))
        for i in range(steps + 1)))
