"""The routes of the Trans-Siberian schematic (:mod:`.layout` draws it with them): each
link that matters now (built, or on offer) as a line of its own.

The cities' labels sit where :mod:`.places` puts them. Each link is routed across and
down (never diagonally) from a cell beside one end's label to a cell beside the other's,
around labels and the links already drawn, so no two lines merge. A link with no free
way, even a long one, crosses another line at a right angle (``┼``), where that line runs
straight and each goes straight on. A junction link (TS-4.5) runs from its first two
ends, its further ends joining its line.
"""

from __future__ import annotations

import heapq
import math
from dataclasses import dataclass

from cuberail.games.trans_siberian.board import LINKS
from cuberail.terminal.trans_siberian.places import Cell

STEPS = {"R": (1, 0), "L": (-1, 0), "D": (0, 1), "U": (0, -1)}
BACK = {"R": "L", "L": "R", "U": "D", "D": "U"}
TURN, NEAR_LINE, NEAR_LABEL = 1, 1, 2  # a route's extra costs: a bend, a cell by another's
CROSS = 16  # what crossing another line costs: a detour of up to this many cells is better
ACROSS = {"L": frozenset("UD"), "R": frozenset("UD"), "U": frozenset("LR"),
          "D": frozenset("LR")}  # the line a step may cross: the one running the other way
DETOUR, SLACK = 2, 10  # a line at most twice the way between its cities, and ten
FACING = 8  # what leaving a label costs for each radian it turns from the way to go


@dataclass(frozen=True)
class Drawing:
    """Where everything is drawn: the drawn links' cities' labels, the links' lines (with
    their arms: the sides of a cell the line leaves by), the crossings, their tags (built:
    company letter and value; on offer: the menu's number), the links with no clear way
    drawn dotted instead (``left_out``, ``dots``), and the other cities' labels, dim."""

    width: int
    height: int
    words: dict[int, str]  # location -> its label
    where: dict[int, Cell]  # location -> its label's first cell
    labels: dict[Cell, tuple[int, str]]  # cell -> (location, character)
    arms: dict[Cell, tuple[int, frozenset[str]]]  # cell -> (link, sides its line leaves by)
    tags: dict[Cell, tuple[int, str]]  # cell -> (link, character: its letter or value)
    left_out: tuple[int, ...]  # links with no clear way: drawn dotted
    crosses: dict[Cell, int]  # cell -> the link crossing the one in ``arms`` straight there
    dots: dict[Cell, int]  # cell -> the link drawn dotted there (not over another line)
    dotted: dict[int, tuple[Cell, ...]]  # a link with no clear way -> its dots' whole way
    dim: dict[Cell, tuple[int, str]]  # cell -> (location, character): an undrawn city

    def link_at(self, cell: Cell) -> int | None:
        """The link drawn at ``cell`` (its line, its dots or its tag), if any."""
        hit = self.tags.get(cell) or self.arms.get(cell)
        return hit[0] if hit else self.dots.get(cell)


# ----- routes ----------------------------------------------------------------------------


class Grid:
    """The map being drawn: labels, the cells beside their ends kept for their own links,
    and the lines routed so far."""

    def __init__(self, words: dict[int, str], where: dict[int, Cell], width: int,
                 height: int) -> None:
        self.width, self.height = width, height
        self.labels: dict[Cell, int] = {}
        self.sides: dict[Cell, int] = {}
        for loc, (x, y) in where.items():
            n = len(words[loc])
            self.labels.update({(x + i, y): loc for i in range(n)})
            self.sides.update({(x - 1, y): loc, (x + n, y): loc})
        self.by_labels: dict[Cell, list[int]] = {}  # cell -> the labels beside it
        for cell, loc in self.labels.items():
            for near in _around(cell):
                self.by_labels.setdefault(near, []).append(loc)
        self.by_lines: dict[Cell, int] = {}  # cell -> how many line cells are beside it
        self.arms: dict[Cell, tuple[int, set[str]]] = {}
        self.crosses: dict[Cell, int] = {}  # cell -> the link crossing the one in arms
        self.crossing = False  # whether a route may cross a line (its last resort)
        self.paths: dict[int, list[Cell]] = {}

    def mark(self, cell: Cell, more: int) -> None:
        """Count a line cell in (``more`` 1) or out (-1) of its neighbours' crowding."""
        for near in _around(cell):
            self.by_lines[near] = self.by_lines.get(near, 0) + more

    def inside(self, cell: Cell) -> bool:
        return 0 <= cell[0] < self.width and 0 <= cell[1] < self.height - 1

    def toward(self, loc: int, other: int) -> list[tuple[Cell, str, int]]:
        """The free cells beside ``loc``'s label, the side that faces it, and what leaving
        there costs: more the further it turns from the way to ``other``."""
        (x0, y0), (x1, y1) = self.middle(loc), self.middle(other)
        way = math.atan2(2 * (y1 - y0), x1 - x0)
        out = []
        for cell, side in self.ports(loc):
            turn = abs(way - math.atan2(2 * (cell[1] - y0), cell[0] - x0))
            out.append((cell, side, round(FACING * min(turn, 2 * math.pi - turn))))
        return out

    def middle(self, loc: int) -> tuple[float, float]:
        cells = [c for c, owner in self.labels.items() if owner == loc]
        return sum(c[0] for c in cells) / len(cells), cells[0][1]

    def ports(self, loc: int) -> list[tuple[Cell, str]]:
        """The free cells beside a label, with the side that faces it."""
        out = []
        for (x, y), owner in self.labels.items():
            if owner != loc:
                continue
            for side, (dx, dy) in STEPS.items():
                cell = (x - dx, y - dy)
                if (self.inside(cell) and cell not in self.labels and cell not in self.arms
                        and self.sides.get(cell, loc) == loc):
                    out.append((cell, side))
        return out

    def free(self, cell: Cell, ends: tuple[int, ...]) -> bool:
        return (self.inside(cell) and cell not in self.labels and cell not in self.arms
                and self.sides.get(cell, ends[0]) in ends)

    def crossable(self, cell: Cell, step: str, link: int) -> bool:
        """Whether a route stepping ``step`` into ``cell`` may cross the line there: another
        link's, running straight the other way, not crossed yet, long enough to keep room
        for its tag."""
        held = self.arms.get(cell)
        return (self.crossing and held is not None and held[0] != link
                and held[1] == ACROSS[step] and cell not in self.crosses
                and len(self.paths.get(held[0], ())) > 2)

    def crowding(self, cell: Cell, ends: tuple[int, ...]) -> int:
        """What a cell costs beyond a step: beside a line, or another city's label."""
        labels = sum(1 for loc in self.by_labels.get(cell, ()) if loc not in ends)
        return NEAR_LINE * self.by_lines.get(cell, 0) + NEAR_LABEL * labels


def _search(grid: Grid, link: int, starts: list[tuple[Cell, str, int]],
            goals: dict[Cell, int]) -> list[Cell] | None:
    """The cheapest way (A*) from a start to a goal cell over free cells; None if none.
    ``starts``: cells with the side they leave by backwards and what starting there
    costs; ``goals``: what ending at each costs."""
    ends = LINKS[link].ends
    if not goals:
        return None  # every cell beside the label is taken
    gx = [c[0] for c in goals]
    gy = [c[1] for c in goals]
    box = (min(gx), max(gx), min(gy), max(gy))

    def guess(c: Cell) -> int:  # a little over the least steps left: quicker, near best
        return 3 * (max(box[0] - c[0], 0, c[0] - box[1])
                    + max(box[2] - c[1], 0, c[1] - box[3])) // 2

    todo: list[tuple[int, int, Cell, str]] = []
    came: dict[tuple[Cell, str], tuple[Cell, str] | None] = {}
    best: dict[tuple[Cell, str], int] = {}
    for cell, side, extra in starts:
        heading = BACK[side]
        cost = extra + goals.get(cell, 0)
        best[(cell, heading)] = cost
        came[(cell, heading)] = None
        heapq.heappush(todo, (cost + guess(cell), cost, cell, heading))
    while todo:
        _, cost, cell, heading = heapq.heappop(todo)
        if cost > best.get((cell, heading), cost):
            continue
        if cell in goals:
            return _walk(came, (cell, heading))
        for step, (dx, dy) in STEPS.items():
            near = (cell[0] + dx, cell[1] + dy)
            if cell in grid.arms and step != heading:
                continue  # a line goes straight on through a crossing
            if grid.free(near, ends):
                extra = 0
            elif grid.crossable(near, step, link):
                extra = CROSS
            else:
                continue
            more = (cost + 1 + extra + (TURN if step != heading else 0)
                    + grid.crowding(near, ends) + goals.get(near, 0))
            if more < best.get((near, step), 1 << 30):
                best[(near, step)] = more
                came[(near, step)] = (cell, heading)
                heapq.heappush(todo, (more + guess(near), more, near, step))
    return None


def _walk(came: dict[tuple[Cell, str], tuple[Cell, str] | None],
          last: tuple[Cell, str]) -> list[Cell]:
    out: list[tuple[Cell, str] | None] = [last]
    while came[last] is not None:
        prior = came[last]
        assert prior is not None
        out.append(prior)
        last = prior
    return [node[0] for node in reversed(out) if node is not None]


def _side_of(a: Cell, b: Cell) -> str:
    """The side of ``a`` that faces ``b`` (a neighbour)."""
    return next(s for s, (dx, dy) in STEPS.items() if (a[0] + dx, a[1] + dy) == b)


def _facing(grid: Grid, cell: Cell, loc: int) -> str:
    return next(s for s, (dx, dy) in STEPS.items()
                if grid.labels.get((cell[0] + dx, cell[1] + dy)) == loc)


def _lay(grid: Grid, link: int, path: list[Cell], first: str, last: str) -> None:
    """Write a routed path: each cell's arms to its neighbours, the ends' to ``first`` and
    ``last`` (a label's side, or the side where the link's own line is joined); a cell of
    another link's line is a crossing."""
    for i, cell in enumerate(path):
        grid.mark(cell, 1)
        if cell in grid.arms:
            grid.crosses[cell] = link
            continue
        arms = {first} if i == 0 else {_side_of(cell, path[i - 1])}
        arms.add(last if i == len(path) - 1 else _side_of(cell, path[i + 1]))
        grid.arms[cell] = (link, arms)
    grid.paths.setdefault(link, []).extend(path)


def route(grid: Grid, link: int) -> bool:
    """Route a link (a junction: its first two ends, then each further end to its line);
    False, leaving the grid as it was, when there is no way. Unless the grid allows
    crossings (the last resort), a line at most :func:`_longest` cells long."""
    ends = LINKS[link].ends
    path = _search(grid, link, grid.toward(ends[0], ends[1]),
                   {c: cost for c, _, cost in grid.toward(ends[1], ends[0])})
    if path is None or len(path) > _longest(grid, ends):
        return False
    _lay(grid, link, path, _facing(grid, path[0], ends[0]), _facing(grid, path[-1], ends[1]))
    for end in ends[2:]:
        line = {c for c in grid.paths[link]
                if c not in grid.crosses and len(grid.arms[c][1]) < 4}
        goals = {n: 0 for c in line for n in _around(c) if grid.free(n, ends) and n not in line}
        branch = _search(grid, link, [(c, side, 0) for c, side in grid.ports(end)],
                         goals) if goals else None
        if branch is None:
            unroute(grid, link)
            return False
        joint = _joined(branch[-1], line)
        _lay(grid, link, branch, _facing(grid, branch[0], end), _side_of(branch[-1], joint))
        grid.arms[joint][1].add(_side_of(joint, branch[-1]))
    return True


def _longest(grid: Grid, ends: tuple[int, ...]) -> int:
    """The most cells a link's line may take: a loop round the map reads as no link."""
    (x0, y0), (x1, y1) = grid.middle(ends[0]), grid.middle(ends[1])
    return int(DETOUR * (abs(x1 - x0) + abs(y1 - y0))) + SLACK


def _around(cell: Cell) -> list[Cell]:
    return [(cell[0] + dx, cell[1] + dy) for dx, dy in STEPS.values()]


def _joined(cell: Cell, line: set[Cell]) -> Cell:
    return next(n for n in _around(cell) if n in line)


def unroute(grid: Grid, link: int) -> None:
    for cell in grid.paths.pop(link, []):
        if grid.crosses.get(cell) == link:
            del grid.crosses[cell]
        else:
            grid.arms.pop(cell, None)
        grid.mark(cell, -1)
