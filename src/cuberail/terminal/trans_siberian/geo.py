"""The Trans-Siberian map's geometry (:mod:`.board` writes it): the board as a graph, each
link a straight line between its cities' labels, as on the printed board and the
browser's map.

Every city's label sits at one place for a map's size (:func:`.places.fixed`: west left,
east right, north up; moved along its row where that shows more of the lines:
:func:`.spread.spread`). Lines (:mod:`.lines`) are drawn in line glyphs (``━━╲━━``),
straight, so that none winds: a link on offer (bright, double: ``══``, tagged with the
number typed to choose it: ``[7]``) above a built one (its company's colour, tagged with
its letter and value: ``R3``) above the links nobody has built yet (dim, dotted: the
board a company may still reach). A line passes under a label, never over it; a junction
link (TS-4.5) is a star from the middle of its ends. A tag sits on its own line's cells
nearest the line's middle, else beside the line, a cell apart from every other tag and
label on its row (``Samara[4]`` would read as one word); a built link's tag that has no
such room is left out (its colour says whose it is), a number on
offer never. The fifteenth and sixteenth
newcomer runs found the former schematic's routed lines "winding cyan boxes ... routed
far from the real geography", and the browser's graph clear.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

from cuberail.games.trans_siberian.board import LINKS, MOSCOW
from cuberail.terminal.trans_siberian.lines import middle_of, segments, stroke_cells
from cuberail.terminal.trans_siberian.places import Cell
from cuberail.terminal.trans_siberian.spread import spread

OFFER, BUILT, FREE = 3, 2, 1  # what a line is, the one drawn above first where two meet
# A line's glyphs by kind: along a row, down a column, and the two diagonals (rising,
# falling); a link nobody has built is a dotted line whatever its slope.
GLYPHS = {OFFER: ("═", "║", "╱", "╲"), BUILT: ("━", "┃", "╱", "╲"), FREE: ("·",) * 4}
FLAT, STEEP = 40.0, 78.0  # degrees: below FLAT a line runs along its rows, above STEEP down
# a drawn link: its index, its owner's letter (or ''), whether it is on offer, its number
# in the menu (or '': its value is its tag)
Link = tuple[int, str, bool, str]


@dataclass(frozen=True)
class Drawing:
    """Where everything is drawn: the labels of the cities a built link or a link on offer
    touches (and Moscow: ``where``, each one's first cell), the lines' glyphs by cell and
    the link each cell shows (the highest kind there), the tags, and the other cities'
    labels (written dim)."""

    width: int
    height: int
    words: dict[int, str]  # location -> its label (a drawn link's city)
    where: dict[int, Cell]  # location -> its label's first cell
    labels: dict[Cell, tuple[int, str]]  # cell -> (location, character)
    glyphs: dict[Cell, str]  # cell -> the line's glyph there (:data:`GLYPHS`)
    lines: dict[Cell, tuple[int, int]]  # cell -> (kind: OFFER, BUILT or FREE; link)
    tags: dict[Cell, tuple[int, str]]  # cell -> (link, character: ``R3``, ``[7]``)
    dim: dict[Cell, tuple[int, str]]  # cell -> (location, character): another city

    def link_at(self, cell: Cell) -> int | None:
        """The link drawn at ``cell`` (its tag or the line shown there), if any."""
        hit = self.tags.get(cell)
        if hit is not None:
            return hit[0]
        line = self.lines.get(cell)
        return line[1] if line is not None else None

    def char(self, cell: Cell) -> str:
        """The glyph of the line drawn at ``cell`` (' ' without any)."""
        return self.glyphs.get(cell, " ")


def _stroke(a: tuple[int, int], b: tuple[int, int], kind: int) -> list[tuple[Cell, str]]:
    """The cells of a straight stroke from ``a`` to ``b`` (in dots: two across and four
    down a cell, so that a dot is as wide as it is tall), one a column (a row where the
    stroke is steep), each with its glyph: a flat stroke runs along its rows (``─``), a
    diagonal where it steps to the next (``╲───╲───``); a steep one down its columns; one
    between, diagonals all the way. A line of glyphs reads as a line in any font and to a
    screen reader (the braille dots it was read, in a terminal's text, as noise:
    ``⠄⢽⡟⣿⢧⡁``, the thirty-third and thirty-fourth newcomer runs)."""
    flat, down, rising, falling = GLYPHS[kind]
    cells = stroke_cells(a, b)
    dx, dy = (b[0] - a[0]) / 2, (b[1] - a[1]) / 4  # in cells
    angle = math.degrees(math.atan2(2 * abs(dy), abs(dx)))  # as seen: a cell is twice as tall
    slant = falling if dx * dy > 0 else rising
    out: list[tuple[Cell, str]] = []
    for i, cell in enumerate(cells):
        before = cells[i - 1] if i else cell
        if angle < FLAT:
            glyph = slant if before[1] != cell[1] else flat
        elif angle > STEEP:
            glyph = slant if before[0] != cell[0] else down
        else:
            glyph = slant
        out.append((cell, glyph))
    return out


def _tag_spot(cells: list[Cell], size: int, middle: tuple[float, float],
              taken: dict[Cell, tuple[int, str]], labels: dict[Cell, tuple[int, str]],
              width: int, apart: bool) -> list[Cell] | None:
    """``size`` cells in a row for a tag, centred on one of ``cells``, the nearest the
    line's middle first; none on a label or a tag, and (``apart``) none beside one on its
    row."""
    for cx, cy in sorted(cells, key=lambda c: ((c[0] - middle[0]) ** 2
                                               + 4 * (c[1] - middle[1]) ** 2, c)):
        x0 = cx - size // 2
        span = [(x0 + i, cy) for i in range(size)]
        if x0 < 0 or x0 + size > width:
            continue
        room = [(x0 - 1, cy), *span, (x0 + size, cy)] if apart else span
        if not any(c in taken or c in labels for c in room):
            return span
    return None


def _near(cells: list[Cell], reach: int, height: int, rows: int = 1) -> list[Cell]:
    """The cells within ``reach`` columns and ``rows`` rows of ``cells`` (not theirs), on
    the map's rows."""
    own = set(cells)
    return list(dict.fromkeys((x + dx, y + dy) for x, y in cells
                              for dx in range(-reach, reach + 1) for dy in range(-rows, rows + 1)
                              if (x + dx, y + dy) not in own and 0 <= y + dy < height - 1))


def _tag_place(cells: list[Cell], size: int, middle: tuple[float, float],
               taken: dict[Cell, tuple[int, str]], labels: dict[Cell, tuple[int, str]],
               width: int, height: int, offer: bool) -> list[Cell] | None:
    """Where a tag goes, a cell apart from other tags and labels on its row: on its line;
    else beside it (a few columns along its row or the next); else near the middle of its
    ends (a short link's line may be all under its cities' labels). A built link's tag
    goes nowhere further (None: a tag far off read as "attached to nothing", the
    seventeenth newcomer run); a link on offer's number must be on the map: further
    out, and only where there is no room at all, touching another."""
    around = [(round(middle[0]), round(middle[1]))]
    near = (cells, _near(cells, 1, height), _near(cells or around, 3, height),
            _near(around, 6, height, 2))
    wider = (_near(around, 12, height, 3),) if offer else ()
    for where in (*near, *wider):
        span = _tag_spot(where, size, middle, taken, labels, width, True)
        if span is not None:
            return span
    if not offer:
        return None
    return _tag_spot(_near(around, 8, height), size, middle, taken, labels, width, False)


@lru_cache(maxsize=32)
def draw(links: tuple[Link, ...], words: tuple[tuple[int, str], ...], width: int,
         height: int) -> Drawing:
    """The map of ``links`` (:data:`Link`: built or on offer), every other link dim and
    dotted, with ``words`` (each location's label) on a map of ``width`` x ``height`` (its
    last row left for a key)."""
    label = dict(words)
    where = spread(words, width, height, MOSCOW)
    labels = {(x + i, y): (loc, ch) for loc, (x, y) in where.items()
              for i, ch in enumerate(label[loc])}
    middle = {loc: middle_of(cell, label[loc]) for loc, cell in where.items()}
    kinds = {k: OFFER if offer else BUILT for k, _, offer, _ in links}
    order = sorted(range(len(LINKS)), key=lambda k: (kinds.get(k, FREE), k))
    glyphs: dict[Cell, str] = {}
    lines: dict[Cell, tuple[int, int]] = {}
    own: dict[int, list[Cell]] = {}  # a drawn link -> the cells it shows (in stroke order)
    for k in order:  # the higher kinds last: above where two meet
        kind = kinds.get(k, FREE)
        for a, b in segments(k, middle):
            for cell, glyph in _stroke(a, b, kind):
                if cell in labels or not (0 <= cell[1] < height - 1):
                    continue
                glyphs[cell] = glyph
                lines[cell] = (kind, k)
                own.setdefault(k, []).append(cell)
    tags: dict[Cell, tuple[int, str]] = {}
    for k, letter, _, number in sorted(links, key=lambda t: (-kinds[t[0]], t[0])):
        text = f"[{number}]" if number else f"{letter}{LINKS[k].value}"
        cells = [c for c in dict.fromkeys(own.get(k, [])) if lines[c][1] == k]
        centre = [middle[e] for e in LINKS[k].ends]
        mid = (sum(p[0] for p in centre) / len(centre) / 2,
               sum(p[1] for p in centre) / len(centre) / 4)
        span = _tag_place(cells, len(text), mid, tags, labels, width, height,
                          kinds[k] == OFFER)
        if span is not None:
            tags.update({c: (k, ch) for c, ch in zip(span, text, strict=True)})
    touched = {MOSCOW} | {e for k, _, _, _ in links for e in LINKS[k].ends}
    return Drawing(width, height, {loc: label[loc] for loc in touched},
                   {loc: where[loc] for loc in touched},
                   {c: v for c, v in labels.items() if v[0] in touched}, glyphs, lines, tags,
                   {c: v for c, v in labels.items() if v[0] not in touched})


__all__ = ["BUILT", "FREE", "OFFER", "Drawing", "Link", "draw"]
