"""The geometry of the Trans-Siberian schematic (:mod:`.board` draws it): only the links
that matter now (built, or on offer), each routed as a line of its own.

The cities' labels are placed by :mod:`.places`. Each link is routed across and down
(never diagonally) from a cell beside one end's label to a cell beside the other's,
around labels and the links already drawn, so no two lines merge. A link with no free
way, even a long one, crosses another line at a right angle (``┼``), where that line runs
straight and each goes straight on, the fewest such crossings the orders tried give; a
link left out all the same (none in thousands of sampled maps) is named on the key row.
A junction link (TS-4.5) runs from its first two ends, its further ends joining its line.
A link's tag, its company's letter and value (``R3``), sits on a straight stretch of its
own line, near the middle.
"""

from __future__ import annotations

import heapq
import math
from dataclasses import dataclass
from functools import lru_cache
from itertools import pairwise

from cuberail.games.trans_siberian.board import LINKS, MOSCOW
from cuberail.terminal.trans_siberian.places import WEST_SHARE, Cell, frame, place_labels

STEPS = {"R": (1, 0), "L": (-1, 0), "D": (0, 1), "U": (0, -1)}
BACK = {"R": "L", "L": "R", "U": "D", "D": "U"}
TURN, NEAR_LINE, NEAR_LABEL = 1, 1, 2  # a route's extra costs: a bend, a cell by another's
CROSS = 16  # what crossing another line costs: a detour of up to this many cells is better
ACROSS = {"L": frozenset("UD"), "R": frozenset("UD"), "U": frozenset("LR"),
          "D": frozenset("LR")}  # the line a step may cross: the one running the other way
DETOUR, SLACK = 2, 10  # a line at most twice the way between its cities, and ten
FACING = 8  # what leaving a label costs for each radian it turns from the way to go
CROWDED = 3  # crossings that make the labels worth placing again, the crossing links first


@dataclass(frozen=True)
class Drawing:
    """Where everything is drawn: labels, the links' lines (with their arms: the sides of
    a cell the line leaves by), the crossings, their tags, and the links left out."""

    width: int
    height: int
    words: dict[int, str]  # location -> its label
    where: dict[int, Cell]  # location -> its label's first cell
    labels: dict[Cell, tuple[int, str]]  # cell -> (location, character)
    arms: dict[Cell, tuple[int, frozenset[str]]]  # cell -> (link, sides its line leaves by)
    tags: dict[Cell, tuple[int, str]]  # cell -> (link, character: its letter or value)
    left_out: tuple[int, ...]
    crosses: dict[Cell, int]  # cell -> the link crossing the one in ``arms`` straight there

    def link_at(self, cell: Cell) -> int | None:
        """The link drawn at ``cell`` (its line or its tag), if any."""
        hit = self.tags.get(cell) or self.arms.get(cell)
        return hit[0] if hit else None


# ----- routes ----------------------------------------------------------------------------


class _Grid:
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
                and (self.crossing or self.sides.get(cell, ends[0]) in ends))

    def crossable(self, cell: Cell, step: str, link: int) -> bool:
        """Whether a route stepping ``step`` into ``cell`` may cross the line there: another
        link's, running straight the other way, not crossed yet."""
        held = self.arms.get(cell)
        return (self.crossing and held is not None and held[0] != link
                and held[1] == ACROSS[step] and cell not in self.crosses)

    def crowding(self, cell: Cell, ends: tuple[int, ...]) -> int:
        """What a cell costs beyond a step: beside a line, or another city's label."""
        labels = sum(1 for loc in self.by_labels.get(cell, ()) if loc not in ends)
        return NEAR_LINE * self.by_lines.get(cell, 0) + NEAR_LABEL * labels


def _search(grid: _Grid, link: int, starts: list[tuple[Cell, str, int]],
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


def _facing(grid: _Grid, cell: Cell, loc: int) -> str:
    return next(s for s, (dx, dy) in STEPS.items()
                if grid.labels.get((cell[0] + dx, cell[1] + dy)) == loc)


def _lay(grid: _Grid, link: int, path: list[Cell], first: str, last: str) -> None:
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


def route(grid: _Grid, link: int) -> bool:
    """Route a link (a junction: its first two ends, then each further end to its line);
    False, leaving the grid as it was, when there is no way. Unless the grid allows
    crossings (the last resort), a line at most :func:`_longest` cells long."""
    ends = LINKS[link].ends
    path = _search(grid, link, grid.toward(ends[0], ends[1]),
                   {c: cost for c, _, cost in grid.toward(ends[1], ends[0])})
    if path is None or (not grid.crossing and len(path) > _longest(grid, ends)):
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


def _longest(grid: _Grid, ends: tuple[int, ...]) -> int:
    """The most cells a link's line may take: a loop round the map reads as no link."""
    (x0, y0), (x1, y1) = grid.middle(ends[0]), grid.middle(ends[1])
    return int(DETOUR * (abs(x1 - x0) + abs(y1 - y0))) + SLACK


def _around(cell: Cell) -> list[Cell]:
    return [(cell[0] + dx, cell[1] + dy) for dx, dy in STEPS.values()]


def _joined(cell: Cell, line: set[Cell]) -> Cell:
    return next(n for n in _around(cell) if n in line)


def unroute(grid: _Grid, link: int) -> None:
    for cell in grid.paths.pop(link, []):
        if grid.crosses.get(cell) == link:
            del grid.crosses[cell]
        else:
            grid.arms.pop(cell, None)
        grid.mark(cell, -1)


# ----- tags ------------------------------------------------------------------------------


def _straight(grid: _Grid, cell: Cell) -> str:
    """``-`` or ``|`` for a cell whose line runs straight through it, else ''."""
    arms = grid.arms[cell][1]
    return "-" if arms == {"L", "R"} else "|" if arms == {"U", "D"} else ""


def _tag_cells(grid: _Grid, link: int, size: int,
               tags: dict[Cell, tuple[int, str]]) -> list[Cell] | None:
    """``size`` cells in a row of a link's line for its tag (top to bottom, left to
    right), on a straight stretch if it has one, the nearest its middle, where no label
    or other tag sits beside them on their row when it can."""
    path = grid.paths[link]
    runs: list[tuple[int, list[Cell]]] = []
    bent: list[tuple[int, list[Cell]]] = []
    for i in range(len(path) - size + 1):
        cells = path[i:i + size]
        if any(abs(a[0] - b[0]) + abs(a[1] - b[1]) != 1 for a, b in pairwise(cells)):
            continue  # a junction's branch starts again elsewhere
        if any(c in grid.crosses for c in cells):
            continue  # a crossing shows both lines
        ways = {_straight(grid, c) for c in cells}
        tag = sorted(cells, key=lambda c: (c[1], c[0]))
        (runs if len(ways) == 1 and "" not in ways else bent).append((i, tag))
    runs = runs or bent
    if not runs:
        return None
    middle = (len(path) - size) / 2

    def crowded(cells: list[Cell]) -> bool:
        return any((c[0] + d, c[1]) in grid.labels or (c[0] + d, c[1]) in tags
                   for c in cells for d in (-1, 1) if (c[0] + d, c[1]) not in cells)

    return min(runs, key=lambda r: (crowded(r[1]), abs(r[0] - middle)))[1]


def _tags(grid: _Grid, letters: dict[int, str]) -> dict[Cell, tuple[int, str]]:
    """Each routed link's tag: its company's letter and its value (``R3``), or its value
    alone where it has no owner (or no room for both)."""
    tags: dict[Cell, tuple[int, str]] = {}
    for link in sorted(grid.paths, key=lambda k: len(grid.paths[k])):
        value = str(LINKS[link].value)
        letter = letters.get(link, "")
        cells = _tag_cells(grid, link, 2, tags) if letter else None
        if cells is not None:
            tags[cells[0]], tags[cells[1]] = (link, letter), (link, value)
            continue
        one = _tag_cells(grid, link, 1, tags)
        if one is not None:
            tags[one[0]] = (link, value)
    return tags


# ----- the drawing -----------------------------------------------------------------------


def _apart(link: int, where: dict[int, Cell], words: dict[int, str]) -> int:
    """How far apart a link's ends' labels sit (middle to middle, across and down)."""
    mids = [(where[e][0] + len(words[e]) // 2, where[e][1]) for e in LINKS[link].ends]
    return max(abs(a[0] - b[0]) + abs(a[1] - b[1]) for a in mids for b in mids)


def _orders(links: list[tuple[int, str]], where: dict[int, Cell],
            words: dict[int, str]) -> list[list[int]]:
    """Orders to route the links in: the shortest first; company by company (the biggest
    network first); the links at Moscow first."""
    size = {k: _apart(k, where, words) for k, _ in links}
    shortest = sorted(size, key=lambda k: (size[k], k))
    count: dict[str, int] = {}
    for _, letter in links:
        count[letter] = count.get(letter, 0) + 1
    letters = dict(links)
    by_company = sorted(shortest, key=lambda k: (not letters[k], -count[letters[k]],
                                                 letters[k]))
    moscow = sorted(shortest, key=lambda k: MOSCOW not in LINKS[k].ends)
    return [shortest, by_company, moscow]


def _routed(words: dict[int, str], where: dict[int, Cell], order: list[int], width: int,
            height: int) -> tuple[int, _Grid, list[int]]:
    """The links routed in ``order``, then those with no way crossing lines: (how bad:
    links left out, crossings, then cells of detour), the grid, the links left out."""
    grid = _Grid(words, where, width, height)
    left = [k for k in order if not set(LINKS[k].ends) <= set(where) or not route(grid, k)]
    grid.crossing = True
    left = [k for k in left if not set(LINKS[k].ends) <= set(where) or not route(grid, k)]
    grid.crossing = False
    detour = sum(len(grid.paths[k]) - _apart(k, where, words) for k in grid.paths)
    return 1000 * len(left) + 2 * CROSS * len(grid.crosses) + detour, grid, left


Attempt = tuple[int, dict[int, str], dict[int, Cell], _Grid, list[int]]


def _attempt(links: tuple[tuple[int, str], ...], label: dict[int, str], width: int,
             height: int, first: frozenset[int], share: float | None = None) -> Attempt:
    """Labels placed (``first`` first; the west given ``share`` of the width, else as
    :func:`.places.frame` shares it) and the links routed in the best of a few orders:
    (how bad, the labels, where they sit, the grid, the links left out)."""
    locs = {MOSCOW} | {e for k, _ in links for e in LINKS[k].ends}
    partners: dict[int, set[int]] = {}
    for k, _ in links:
        for e in LINKS[k].ends:
            partners.setdefault(e, set()).update(x for x in LINKS[k].ends if x != e)
    where = place_labels({loc: label[loc] for loc in locs}, partners, width, height,
                         frame(locs, share), first)
    shown = {loc: label[loc] for loc in where}
    routable = [(k, letter) for k, letter in links if set(LINKS[k].ends) <= set(where)]
    tries = []
    for order in _orders(routable, where, shown):  # the next order only if one is left out
        tries.append(_routed(shown, where, order, width, height))
        if not tries[-1][2] and not tries[-1][1].crosses:
            break
    bad, grid, left = min(tries, key=lambda t: t[0])
    for _ in range(3):  # a link left out or crossing goes first; kept if better so
        late = left + sorted(set(grid.crosses.values()))
        if not late:
            break
        again = _routed(shown, where, late + [k for k in grid.paths if k not in late],
                        width, height)
        if again[0] >= bad:
            break
        bad, grid, left = again
    left += [k for k, _ in links if (k, _) not in routable]
    return bad + 1000 * (len(links) - len(routable)), shown, where, grid, left


@lru_cache(maxsize=32)
def draw(links: tuple[tuple[int, str], ...], words: tuple[tuple[int, str], ...], width: int,
         height: int) -> Drawing:
    """The schematic of ``links`` ((link, its owner's letter or '')) with ``words`` (each
    location's label) on a map of ``width`` x ``height`` (its last row left for a key).
    Where a link is left out or lines cross ``CROWDED`` times, those links' ends' labels
    are placed first and they are tried again; where one is still left out, with the
    whole board's share of the width for the west."""
    label = dict(words)
    best = _attempt(links, label, width, height, frozenset())
    late = set(best[4]) | set(best[3].crosses.values())
    ends = frozenset(e for k in late for e in LINKS[k].ends)
    if best[4] or len(best[3].crosses) >= CROWDED:
        best = min(best, _attempt(links, label, width, height, ends), key=lambda a: a[0])
    for first in (frozenset(), ends) if best[4] else ():  # the whole board's west share
        best = min(best, _attempt(links, label, width, height, first, WEST_SHARE),
                   key=lambda a: a[0])
    _, shown, where, grid, left = best
    tags = _tags(grid, {k: letter for k, letter in links if letter})
    chars = {c: (loc, shown[loc][c[0] - where[loc][0]]) for c, loc in grid.labels.items()}
    return Drawing(width, height, shown, where, chars,
                   {c: (k, frozenset(a)) for c, (k, a) in grid.arms.items()}, tags,
                   tuple(sorted(left)), dict(grid.crosses))
