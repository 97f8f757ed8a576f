"""Where the Trans-Siberian schematic (:mod:`.schematic`) writes its cities' labels.

Cities sit near where the printed board puts them (its pixel coordinates, in
data/ts_board_xy.json, the crowded west stretched), in the part of the board the drawn
links span (the map zooms to them); each label moves to the nearest place where it keeps
room from every other label and from the cities it links to.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from functools import cache
from importlib import resources

from cuberail.games.trans_siberian.board import LOCATIONS

Cell = tuple[int, int]
WEST_SPLIT = 3600  # board x where the crowded west ends
WEST_SHARE = 0.62  # of the width given to the west on the whole board
SHARES = (0.35, 0.75)  # the least and most of it given to the west on a zoomed map
ROOM = 4  # cells a link keeps between its ends' labels (its tag and a stroke)
RADIUS = 12  # how far (in columns) a label may move from its place before any place will do


@cache
def _board_xy() -> dict[str, tuple[int, int]]:
    text = resources.files(__package__ or __name__).joinpath("data/ts_board_xy.json")
    xy = json.loads(text.read_text(encoding="utf-8"))["board_xy"]
    return {k: (int(v[0]), int(v[1])) for k, v in xy.items()}


# the part of the board drawn: x0, x1, y0, y1, and the share of the width the west takes
Frame = tuple[float, float, float, float, float]
WHOLE: Frame = (0.0, 1.0, 0.0, 1.0, WEST_SHARE)
LEAST = 0.4  # the least part of the board's width or height a frame spans


def _unit(loc: int, share: float = WEST_SHARE) -> tuple[float, float]:
    """Where a location lies on the board, 0..1 across (the crowded west stretched to
    ``share``) and down."""
    xy = _board_xy()
    xs, ys = [p[0] for p in xy.values()], [p[1] for p in xy.values()]
    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
    px, py = xy[LOCATIONS[loc].id]
    if px <= WEST_SPLIT:
        fx = (px - x0) / (WEST_SPLIT - x0) * share
    else:
        fx = share + (px - WEST_SPLIT) / (x1 - WEST_SPLIT) * (1 - share)
    return fx, (py - y0) / (y1 - y0)


def frame(locs: Iterable[int], share: float | None = None) -> Frame:
    """The part of the board that holds ``locs``, at least ``LEAST`` of it each way: the
    map zooms to the networks drawn; west and east share the width as they share the
    cities (within ``SHARES``), so a crowded east gets room too; or as ``share`` says."""
    locs = list(locs)
    west = sum(_board_xy()[LOCATIONS[loc].id][0] <= WEST_SPLIT for loc in locs)
    if share is None:
        share = min(max(west / len(locs), SHARES[0]), SHARES[1])
    points = [_unit(loc, share) for loc in locs]
    spans = []
    for axis in (0, 1):
        low, high = min(p[axis] for p in points), max(p[axis] for p in points)
        grow = max(LEAST - (high - low), 0) / 2
        low, high = low - grow, high + grow
        shift = max(-low, 0) - max(high - 1, 0)
        spans += [low + shift, high + shift]
    return spans[0], spans[1], spans[2], spans[3], share


def spot(loc: int, width: int, height: int, part: Frame = WHOLE) -> Cell:
    """Where a location's label would sit (its middle) on a map of this size showing
    ``part`` of the board, unmoved."""
    fx, fy = _unit(loc, part[4])
    fx, fy = (fx - part[0]) / (part[1] - part[0]), (fy - part[2]) / (part[3] - part[2])
    return 5 + round(fx * (width - 12)), 1 + round(fy * (height - 4))


# ----- labels --------------------------------------------------------------------------


def _gap(a: tuple[int, int, int], b: tuple[int, int, int]) -> int:
    """Free cells between two labels (first column, last column, row): across plus down."""
    across = max(a[0], b[0]) - min(a[1], b[1]) - 1
    return max(across, 0) + max(abs(a[2] - b[2]) - 1, 0)


def _fits(box: tuple[int, int, int], boxes: Iterable[tuple[int, int, int]]) -> bool:
    """Whether a label keeps room from every other: three columns on its row (a cell
    beside each for its own links, one between for others'), one on the rows above and
    below."""
    first, last, y = box
    for f, lst, row in boxes:
        if row == y and f - 3 <= last and first <= lst + 3:
            return False
        if abs(row - y) == 1 and f - 1 <= last and first <= lst + 1:
            return False
    return True


def place_labels(words: dict[int, str], partners: dict[int, set[int]], width: int,
                 height: int, part: Frame = WHOLE, first: frozenset[int] = frozenset()
                 ) -> dict[int, Cell]:
    """Each label's first cell: ``first`` first, then the best linked, each at the
    nearest free place to its own (columns count once, rows twice) that keeps ``ROOM``
    from its partners."""
    boxes: dict[int, tuple[int, int, int]] = {}
    order = sorted(words, key=lambda loc: (loc not in first, -len(partners.get(loc, ())),
                                           loc))
    for loc in order:
        size = len(words[loc])
        mx, my = spot(loc, width, height, part)
        near = sorted(((x, y) for x in range(1, width - size) for y in range(1, height - 2)),
                      key=lambda c: abs(c[0] + size // 2 - mx) + 2 * abs(c[1] - my))
        placed = [boxes[p] for p in partners.get(loc, ()) if p in boxes]
        for x, y in near:
            box = (x, x + size - 1, y)
            far = abs(x + size // 2 - mx) > RADIUS
            if _fits(box, boxes.values()) and (far or all(_gap(box, b) >= ROOM
                                                          for b in placed)):
                boxes[loc] = box
                break
    return {loc: (b[0], b[2]) for loc, b in boxes.items()}
