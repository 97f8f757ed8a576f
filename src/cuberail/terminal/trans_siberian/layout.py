"""The Trans-Siberian schematic's drawing (:mod:`.board` writes it): a fixed map of the
board with the links that matter now (built, or on offer) routed on it (:mod:`.schematic`).

Every city's label sits at the same place for a given map size (:func:`.places.fixed`):
west left, east right, north up. The drawn links' cities are written in full; the other
cities dim where no line passes, so the reader learns the board. A link with no clear
way, even crossing others, is drawn dotted (``·``) from city to city over the others'
lines: every built link and every link on offer is on the map. A built link's tag, its
company's letter and value (``R3``), a link on offer's, the menu's number (``[7]``), sit
on a straight stretch of its own line, near the middle.
"""

from __future__ import annotations

import heapq
from functools import lru_cache
from itertools import pairwise

from cuberail.games.trans_siberian.board import LINKS, MOSCOW
from cuberail.terminal.trans_siberian.places import Cell, fixed
from cuberail.terminal.trans_siberian.schematic import (
    CROSS,
    STEPS,
    Drawing,
    Grid,
    route,
)

Link = tuple[int, str, str]  # a drawn link: its index, its owner's letter, its menu number


# ----- tags ------------------------------------------------------------------------------


def _straight(grid: Grid, cell: Cell) -> str:
    """``-`` or ``|`` for a cell whose line runs straight through it, else ''."""
    arms = grid.arms[cell][1]
    return "-" if arms == {"L", "R"} else "|" if arms == {"U", "D"} else ""


def _tag_cells(grid: Grid, path: list[Cell], size: int, tags: dict[Cell, tuple[int, str]],
               flat: bool = False, strict: bool = False) -> list[Cell] | None:
    """``size`` cells in a row of a line's ``path`` for its tag (top to bottom, left to
    right), on a straight stretch if it has one (across, if ``flat``), the nearest its
    middle, where no other tag sits beside them on their row when it can (a label
    never: ``SamaraY3`` would read as one word)."""
    runs: list[tuple[int, list[Cell]]] = []
    bent: list[tuple[int, list[Cell]]] = []
    for i in range(len(path) - size + 1):
        cells = path[i:i + size]
        if any(abs(a[0] - b[0]) + abs(a[1] - b[1]) != 1 for a, b in pairwise(cells)):
            continue  # a junction's branch starts again elsewhere
        if any(c in grid.crosses or c in tags for c in cells):
            continue  # a crossing shows both lines
        if _touches_label(grid, cells):
            continue
        ways = {_straight(grid, c) if c in grid.arms else "·" for c in cells}
        tag = sorted(cells, key=lambda c: (c[1], c[0]))
        good = len(ways) == 1 and "" not in ways and (not flat or ways != {"|"})
        (runs if good else bent).append((i, tag))
    if flat:
        bent = [r for r in bent if len({c[1] for c in r[1]}) == 1]
    runs = runs or bent
    if strict:
        runs = [r for r in runs if not _by_tag(tags, r[1])]
    if not runs:
        return None
    middle = (len(path) - size) / 2

    def crowded(cells: list[Cell]) -> bool:
        return any((c[0] + d, c[1]) in grid.labels or (c[0] + d, c[1]) in tags
                   for c in cells for d in (-1, 1) if (c[0] + d, c[1]) not in cells)

    return min(runs, key=lambda r: (crowded(r[1]), abs(r[0] - middle)))[1]


def _by_tag(tags: dict[Cell, tuple[int, str]], cells: list[Cell]) -> bool:
    """Whether another tag sits just before or after these cells on their row (``3[4]``
    would read as one tag)."""
    return any((c[0] + d, c[1]) in tags for c in cells for d in (-1, 1)
               if (c[0] + d, c[1]) not in cells)


def _touches_label(grid: Grid, cells: list[Cell]) -> bool:
    """Whether a label sits just before or after these cells on their row."""
    return any((c[0] + d, c[1]) in grid.labels for c in cells for d in (-1, 1))


def _tags(grid: Grid, links: tuple[Link, ...],
          paths: dict[int, list[Cell]]) -> dict[Cell, tuple[int, str]]:
    """Each drawn link's tag: a built one's company letter and value (``R3``, across
    where it can), or its value alone where there is no room for both; a link on offer's
    number (``[7]``, or ``7`` where there is no room for the brackets); on its line, else
    just beside it; first where no other tag abuts it on its row (the fourteenth newcomer
    run read ``3[4]``, two tags, as one)."""
    tags: dict[Cell, tuple[int, str]] = {}
    marks = {k: (f"{letter}{LINKS[k].value}" if letter else "", number)
             for k, letter, number in links}
    for link in sorted(paths, key=lambda k: len(paths[k])):
        first, number = marks[link]
        value = str(LINKS[link].value)
        wishes = ([(f"[{number}]", "flat"), (number, "flat"), (number, "on"),
                   (number, "beside")] if number else
                  [(first, "flat"), (first, "on"), (first, "beside"), (value, "on"),
                   (value, "beside")])
        for strict, (text, how) in ((s, w) for s in (True, False) for w in wishes if w[0]):
            cells = (_beside_line(grid, paths[link], len(text), tags, strict) if how == "beside"
                     else _tag_cells(grid, paths[link], len(text), tags, how == "flat", strict))
            if cells:
                tags.update({c: (link, ch) for c, ch in zip(cells, text, strict=True)})
                break
    return tags


def _beside_line(grid: Grid, path: list[Cell], size: int,
                 tags: dict[Cell, tuple[int, str]], strict: bool = False) -> list[Cell]:
    """``size`` free cells in a row just beside a line's cell: after or before it on its
    row, else on the row above or below it, touching it ([] if none)."""
    for x, y in path:
        for first, row in sorted(((f, r) for r in (y, y - 1, y + 1)
                                  for f in range(x - size, x + 2)),
                                 key=lambda w: (w[1] != y, abs(w[0] + size / 2 - x))):
            cells = [(first + i, row) for i in range(size)]
            if all(grid.inside(c) and c not in grid.labels and c not in grid.arms
                   and c not in tags and c not in grid.crosses for c in cells
                   ) and not _touches_label(grid, cells) and not (strict and _by_tag(tags, cells)):
                return cells
    return []


# ----- routing ---------------------------------------------------------------------------


def _apart(link: int, where: dict[int, Cell], words: dict[int, str]) -> int:
    """How far apart a link's ends' labels sit (middle to middle, across and down)."""
    mids = [(where[e][0] + len(words[e]) // 2, where[e][1]) for e in LINKS[link].ends]
    return max(abs(a[0] - b[0]) + abs(a[1] - b[1]) for a in mids for b in mids)


def _orders(links: tuple[Link, ...], where: dict[int, Cell],
            words: dict[int, str]) -> list[list[int]]:
    """Orders to route the links in, the junctions (TS-4.5: three ends, the hardest to
    route) first, then: the shortest first; company by company (the biggest network
    first); the links at Moscow first."""
    size = {k: _apart(k, where, words) for k, _, _ in links}
    shortest = sorted(size, key=lambda k: (size[k], k))
    letters = {k: letter for k, letter, _ in links}
    count: dict[str, int] = {}
    for letter in letters.values():
        count[letter] = count.get(letter, 0) + 1
    by_company = sorted(shortest, key=lambda k: (not letters[k], -count[letters[k]],
                                                 letters[k]))
    moscow = sorted(shortest, key=lambda k: MOSCOW not in LINKS[k].ends)
    return [sorted(order, key=lambda k: len(LINKS[k].ends) < 3)  # a junction first
            for order in (shortest, by_company, moscow)]


def _routed(words: dict[int, str], where: dict[int, Cell], order: list[int], width: int,
            height: int) -> tuple[int, Grid, list[int]]:
    """The links routed in ``order``, then those with no way crossing lines: (how bad:
    links left out, crossings, then cells of detour), the grid, the links left out."""
    grid = Grid(words, where, width, height)
    left = [k for k in order if not route(grid, k)]
    grid.crossing = True
    left = [k for k in left if not route(grid, k)]
    grid.crossing = False
    detour = sum(len(grid.paths[k]) - _apart(k, where, words) for k in grid.paths)
    return 1000 * len(left) + 2 * CROSS * len(grid.crosses) + detour, grid, left


def _best(links: tuple[Link, ...], words: dict[int, str], where: dict[int, Cell],
          width: int, height: int) -> tuple[Grid, list[int]]:
    """The links routed in the best of a few orders, then again with the links left out
    or crossing first while that is better: the grid and the links left out."""
    tries = []
    for order in _orders(links, where, words):  # the next order only if one is left out
        tries.append(_routed(words, where, order, width, height))
        if not tries[-1][2] and not tries[-1][1].crosses:
            break
    bad, grid, left = min(tries, key=lambda t: t[0])
    for _ in range(3):
        late = left + sorted(set(grid.crosses.values()))
        if not late:
            break
        again = _routed(words, where, late + [k for k in grid.paths if k not in late],
                        width, height)
        if again[0] >= bad:
            break
        bad, grid, left = again
    return grid, left


# ----- the last resort: dots ---------------------------------------------------------------


def _dotted(grid: Grid, link: int) -> list[Cell]:
    """A link with no clear way: the fewest bends and cells from beside its first end's
    label to beside each other end's, over any cell but a label's (others' lines too)."""
    ends = LINKS[link].ends
    out: list[Cell] = []
    for end in ends[1:]:
        out += _walk_dots(grid, ends[0], end)
    return out


def _beside(grid: Grid, loc: int) -> set[Cell]:
    return {(x + dx, y + dy) for (x, y), owner in grid.labels.items() if owner == loc
            for dx, dy in STEPS.values()
            if grid.inside((x + dx, y + dy)) and (x + dx, y + dy) not in grid.labels}


def _walk_dots(grid: Grid, start: int, goal: int) -> list[Cell]:
    goals = _beside(grid, goal)
    todo = [(0, cell, "") for cell in sorted(_beside(grid, start))]
    came: dict[Cell, Cell | None] = {cell: None for _, cell, _ in todo}
    cost = dict.fromkeys(came, 0)
    while todo:
        spent, cell, heading = heapq.heappop(todo)
        if cell in goals:
            path = [cell]
            while (prior := came[path[-1]]) is not None:
                path.append(prior)
            return path[::-1]
        for step, (dx, dy) in STEPS.items():
            near = (cell[0] + dx, cell[1] + dy)
            more = spent + 1 + (step != heading) + (near in grid.arms)
            if (grid.inside(near) and near not in grid.labels
                    and more < cost.get(near, 1 << 30)):
                cost[near], came[near] = more, cell
                heapq.heappush(todo, (more, near, step))
    return []


# ----- the drawing -----------------------------------------------------------------------


def _dim(words: dict[int, str], where: dict[int, Cell], taken: set[Cell]
         ) -> dict[Cell, tuple[int, str]]:
    """The undrawn cities' labels where no line, dot or tag passes on or beside them."""
    out: dict[Cell, tuple[int, str]] = {}
    for loc, (x, y) in where.items():
        cells = [(x + i, y) for i in range(-1, len(words[loc]) + 1)]
        if not taken.intersection(cells):
            out.update({(x + i, y): (loc, ch) for i, ch in enumerate(words[loc])})
    return out


@lru_cache(maxsize=32)
def draw(links: tuple[Link, ...], words: tuple[tuple[int, str], ...], width: int,
         height: int) -> Drawing:
    """The schematic of ``links`` ((link, its owner's letter or '', its number in the
    menu or '')) with ``words`` (each location's label) on a map of ``width`` x
    ``height`` (its last row left for a key), every label where :func:`.places.fixed`
    puts it."""
    label, spots = dict(words), fixed(words, width, height, MOSCOW)
    locs = {MOSCOW} | {e for k, _, _ in links for e in LINKS[k].ends}
    where = {loc: spots[loc] for loc in locs}
    shown = {loc: label[loc] for loc in locs}
    grid, left = _best(links, shown, where, width, height)
    paths = dict(grid.paths)
    dots: dict[Cell, int] = {}
    for k in left:
        paths[k] = _dotted(grid, k)
        dots.update({c: k for c in paths[k] if c not in grid.arms and c not in dots})
    tags = _tags(grid, links, {k: [c for c in path if k not in left or dots.get(c) == k]
                               for k, path in paths.items()})
    chars = {c: (loc, shown[loc][c[0] - where[loc][0]]) for c, loc in grid.labels.items()}
    rest = {loc: spots[loc] for loc in spots if loc not in locs}
    dim = _dim(label, rest, set(grid.arms) | set(dots) | set(tags))
    return Drawing(width, height, shown, where, chars,
                   {c: (k, frozenset(a)) for c, (k, a) in grid.arms.items()}, tags,
                   tuple(sorted(left)), dict(grid.crosses), dots,
                   {k: tuple(paths[k]) for k in left}, dim)
