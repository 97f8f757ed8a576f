"""Where the Trans-Siberian map (:mod:`.geo`) writes its cities' labels.

Cities sit near where the printed board puts them (its pixel coordinates, in
data/ts_board_xy.json, the crowded west stretched across, the crowded south-east down),
in the part of the board the drawn links span (the map zooms to them); each label moves
to the nearest place where it keeps room from every other label and from the cities it
links to.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from itertools import pairwise

from cuberail.games.trans_siberian.board import LOCATIONS

Cell = tuple[int, int]
WEST_SPLIT = 3600  # board x where the crowded west ends
WEST_SHARE = 0.62  # of the width given to the west on the whole board
BLEND = (2500, 5000)  # board x where the west's height gives way to the east's
WEST_HEIGHT = 0.85  # of the height given to the west (it ends further north than the east)


@cache
def board_xy() -> dict[str, tuple[int, int]]:
    """Each location's place on the printed board (pixels: x east, y south)."""
    text = resources.files(__package__ or __name__).joinpath("data/ts_board_xy.json")
    xy = json.loads(text.read_text(encoding="utf-8"))["board_xy"]
    return {k: (int(v[0]), int(v[1])) for k, v in xy.items()}


def _unit(loc: int) -> tuple[float, float]:
    """Where a location lies on the board, 0..1 across (the crowded west stretched to
    ``WEST_SHARE``) and down (the west, which ends further north, stretched to the whole
    ``WEST_HEIGHT``, the east's crowded south stretched by ``EAST_Y``, blended between
    ``BLEND``)."""
    xy = board_xy()
    xs, ys = [p[0] for p in xy.values()], [p[1] for p in xy.values()]
    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
    px, py = xy[LOCATIONS[loc].id]
    if px <= WEST_SPLIT:
        fx = (px - x0) / (WEST_SPLIT - x0) * WEST_SHARE
    else:
        fx = WEST_SHARE + (px - WEST_SPLIT) / (x1 - WEST_SPLIT) * (1 - WEST_SHARE)
    west_y1 = max(p[1] for p in xy.values() if p[0] <= WEST_SPLIT)
    east = min(max((px - BLEND[0]) / (BLEND[1] - BLEND[0]), 0.0), 1.0)
    west = min((py - y0) / (west_y1 - y0), 1.0) * WEST_HEIGHT
    fy = (1 - east) * west + east * _east_y((py - y0) / (y1 - y0))
    return fx, fy


# The east's height, warped (board fraction -> map fraction, linear between): its south
# (Omsk to Vladivostok, 20 cities from Lesosibirsk to Ulan-Ude) had a quarter of the rows
# and its north (Nizhny Bestyakh, Tommot) as many for two; links between names on
# neighbouring rows showed no line, their tags floated (``B3 Tynda R4 G3``, the 35th,
# 36th and 39th newcomer runs). Measured on 24 games of medium bots (106 positions, 2890
# links drawn: `python benchmarks/ts_map_lines.py`): tags off their own line 1163 -> 518
# on the 29-row map, 1413 -> 850 on the 22-row one, 1642 -> 1533 on the compact one;
# links showing under two cells of line 1582 -> 1186, 1604 -> 1597, 1921 -> 1948.
EAST_Y = ((0.0, 0.0), (0.357, 0.25), (0.625, 0.40), (0.872, 0.95), (1.0, 1.0))


def _east_y(f: float) -> float:
    for (a, fa), (b, fb) in pairwise(EAST_Y):
        if f <= b:
            return fa + (f - a) / (b - a) * (fb - fa)
    return 1.0


def spot(loc: int, width: int, height: int) -> Cell:
    """Where a location's label would sit (its middle) on a map of this size, its last
    row left for the key."""
    fx, fy = _unit(loc)
    return 4 + round(fx * (width - 8)), round(fy * (height - 2))


# ----- labels --------------------------------------------------------------------------

GAP = 4  # free cells between two labels on a row: room for a tag (``R3``) between them


Item = tuple[float, int, int]  # a label on a row: its wished first column, size, location
HUB = 50  # how much more than another a hub's label (and the room kept round it) holds still


def _packed(row: list[Item], width: int, hub: int) -> dict[int, int]:
    """Labels on one row in their order west to east, each ``GAP`` or more from the next,
    as near their wishes as may be: touching labels move as a block, to where their
    wishes average (least squares; the hub and its room, ``-1``, weigh ``HUB``)."""
    if not row:
        return {}
    offsets = [0]
    for _, size, _ in row[:-1]:
        offsets.append(offsets[-1] + size + GAP)
    blocks: list[tuple[float, int, int]] = []  # (where its offsets start, weight, labels)
    for (want, _, loc), offset in zip(row, offsets, strict=True):
        mean, weight, count = want - offset, HUB if loc in (hub, -1) else 1, 1
        while blocks and blocks[-1][0] >= mean:
            prior, heavy, many = blocks.pop()
            mean = (prior * heavy + mean * weight) / (heavy + weight)
            weight, count = weight + heavy, count + many
        blocks.append((mean, weight, count))
    high = width - 1 - (offsets[-1] + row[-1][1])
    starts = [min(max(mean, 1), max(high, 1)) for mean, _, count in blocks
              for _ in range(count)]
    return {loc: round(start) + offset
            for (_, _, loc), start, offset in zip(row, starts, offsets, strict=True)}


def _load(row: list[Item]) -> int:
    return sum(size for _, size, _ in row) + GAP * (len(row) + 1)


@cache
def fixed(words: tuple[tuple[int, str], ...], width: int, height: int,
          hub: int = -1) -> dict[int, Cell]:
    """Every location's label's first cell on a map of this size: the same place whatever
    is drawn. Each sits on the row nearest its place on the board (a full row hands the
    label nearest another row to it), its row's labels west to east in the board's
    order, as near their places as the room between them allows. The rows above and
    below the ``hub`` (where every company starts) are kept clear beside its label, for
    its many links."""
    rows: dict[int, list[Item]] = {y: [] for y in range(height - 1)}
    wished: dict[int, int] = {}
    for loc, word in words:
        mx, wished[loc] = spot(loc, width, height)
        rows[wished[loc]].append((mx - len(word) / 2, len(word), loc))
        if loc == hub:
            for y in (wished[loc] - 1, wished[loc] + 1):
                rows.get(y, []).append((mx - len(word) / 2, len(word), -1))
    for _ in range(4 * len(words)):
        full = next((y for y, row in rows.items() if _load(row) > width), None)
        if full is None:
            break
        moves = [(abs(wished[item[2]] - near), item[1], near, item) for item in rows[full]
                 for near in (full - 1, full + 1) if item[2] >= 0
                 and near in rows and _load(rows[near]) + item[1] + GAP <= width]
        _, _, near, item = min(moves or [(0, 0, full + 1 if full + 1 in rows else full - 1,
                                          rows[full][-1])])
        rows[full].remove(item)
        rows[near].append(item)
    _settle(rows, wished, width, hub)
    out: dict[int, Cell] = {}
    for y, row in rows.items():
        row.sort()
        out.update({loc: (x, y) for loc, x in _packed(row, width, hub).items() if loc >= 0})
    return out


ROW_COST = 4  # columns of sideways shift worth one row up or down from a label's place
SHIFTED = 3  # columns a label may stand from its place before a row nearby is tried


def _cost(row: list[Item], y: int, wished: dict[int, int], width: int, hub: int) -> float:
    """How far a row's labels stand from their places: columns across, and
    ``ROW_COST`` for each row up or down."""
    at = _packed(sorted(row), width, hub)
    return sum(abs(at[loc] - want) + ROW_COST * abs(y - wished[loc])
               for want, _, loc in row if loc >= 0)


def _settle(rows: dict[int, list[Item]], wished: dict[int, int], width: int,
            hub: int) -> None:
    """Moves a label pushed far along a crowded row (Novosibirsk 24 columns west of its
    place, west of Omsk, on the 29-row map) to the row above or below where the labels
    of both rows stand nearer their places, while any such move helps."""
    cost = {y: _cost(row, y, wished, width, hub) for y, row in rows.items()}
    for _ in range(4 * sum(len(row) for row in rows.values())):
        best: tuple[float, int, int, Item] | None = None
        for y, row in rows.items():
            at = _packed(sorted(row), width, hub)
            for item in row:
                if item[2] < 0 or abs(at[item[2]] - item[0]) <= SHIFTED:
                    continue
                for near in (y - 1, y + 1):
                    if near not in rows or _load(rows[near]) + item[1] + GAP > width:
                        continue
                    there = [*rows[near], item]
                    here = [i for i in row if i is not item]
                    gain = (cost[y] + cost[near] - _cost(here, y, wished, width, hub)
                            - _cost(there, near, wished, width, hub))
                    if gain > 0 and (best is None or gain > best[0]):
                        best = (gain, y, near, item)
        if best is None:
            return
        _, y, near, item = best
        rows[y].remove(item)
        rows[near].append(item)
        cost[y] = _cost(rows[y], y, wished, width, hub)
        cost[near] = _cost(rows[near], near, wished, width, hub)
