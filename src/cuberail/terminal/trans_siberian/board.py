"""The Trans-Siberian board for the full-screen table: a schematic map.

Cities sit where the printed board puts them (its pixel coordinates, copied into
data/ts_board_xy.json), with the crowded west stretched so that names fit. The whole
map writes every city's name (a few of the longest shortened: ``N.Angarsk``); the compact one
(78 columns) three letters, spelled out in its key (:func:`key_small`). Links
are lines between city labels with their value at the middle: dim when unowned, in
the owner's colour when owned, bright when the player to move may build them; a line
stops a cell short of another city's label, so it never reads as a link to that city.
A junction link runs from a ``+`` to each of its ends. :func:`link_at` answers a
click with the link drawn there.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources

from rich.text import Text

from cuberail.games.face import company_looks
from cuberail.games.trans_siberian import INFO
from cuberail.games.trans_siberian.board import (
    COMPANY_IDS,
    LINKS,
    LOCATIONS,
    NUM_COMPANIES,
)
from cuberail.games.trans_siberian.state import TransSiberianState

WIDTH, HEIGHT = 112, 29
SMALL_WIDTH, SMALL_HEIGHT = 78, 19  # the compact map: the board alone at 80x24
WEST_SPLIT = 3600  # board x where the crowded west ends
WEST_SHARE = 0.56  # of the width given to the west
TARGET_STYLE = "bold black on bright_cyan"
FREE_STYLE = "grey50"
LOOKS = company_looks(INFO.title)  # the companies' styles at the table: the title's face
COMPANY_STYLE = tuple(LOOKS[cid].terminal for cid in COMPANY_IDS)
OWNED_STROKE = {"─": "═", "│": "║"}  # an owned link's line is doubled: owned without colour
LETTER = tuple(LOOKS[cid].letter for cid in COMPANY_IDS)  # an owned link's mark on the map
# Two letters per company, distinct (black and blue both begin "Bl"): the side panel's
# tables, the standings line and the map's key.
SHORT_NAMES = {"red": "Re", "blue": "Bu", "green": "Gr", "yellow": "Ye", "black": "Bk",
               "white": "Wh"}
COMPANY_SHORT = tuple(SHORT_NAMES.get(cid, cid[:2].capitalize()) for cid in COMPANY_IDS)
_ABBR = {
    "Nizhneangarsk": "NzA", "Nizhnevartovsk": "NzV", "Nizhny Bestyakh": "NzB",
    "Nizhny Novgorod": "NNo", "Ust-Ilimsk": "UsI", "Ust-Kut": "UsK", "Novosibirsk": "Nsk",
    "Novy Urengoy": "NUr", "Vologda": "Vlg", "Volgograd": "Vgr", "Komsomolsk-na-Amure": "Kms",
    "Kotlas": "Ktl", "Konosha": "Kon", "Krasnoyarsk": "Kra", "St. Petersburg": "StP",
    "Rostov-na-Donu": "Ros", "Ulan-Ude": "UlU", "Yekaterinburg": "Yek", "Yaroslavl": "Yar",
    "Moscow": "Mos", "Birobidzhan": "Bir", "Bratsk": "Bra", "Bryansk": "Bry",
    "Khabarovsk": "Kha", "Kazan": "Kaz", "Kirov": "Kir", "Vorkuta": "Vor",
    "Voronezh": "Vrn", "Salekhard": "Sal", "Samara": "Sam", "Saratov": "Sar",
    "Orenburg": "Ore", "Orsk": "Ors", "Oryol": "Ory", "Tyumen": "Tyu", "Tynda": "Tyn",
}


# The whole map (112 columns: the board alone at 120 columns, F2, and wide terminals)
# writes every city's name, a few of the longest shortened to a readable word (never a
# code; the crowded east keeps every line and value with these).
_LONG = {
    "Nizhneangarsk": "N.Angarsk", "Nizhnevartovsk": "N.Vartovsk",
    "Nizhny Bestyakh": "N.Bestyakh", "Komsomolsk-na-Amure": "Komsomolsk",
    "Rostov-na-Donu": "Rostov",
}
NAMED_WIDTH = 100  # maps at least this wide write names, narrower ones three letters


def abbr(name: str) -> str:
    """A city's three letters on the compact map (its key names them all)."""
    return _ABBR.get(name, name[:3])


def label(name: str, width: int = 0) -> str:
    """A city's label on a map ``width`` columns wide: its name (a few of the longest
    shortened, ``N.Angarsk``) on the whole map, its three letters on the compact one."""
    return _LONG.get(name, name) if width >= NAMED_WIDTH else abbr(name)


def _word(loc: int, width: int) -> str:
    where = LOCATIONS[loc]
    return "◇" if where.is_external else label(where.name, width)


@dataclass(frozen=True)
class Layout:
    """Where everything is drawn: city label cells, link cells, value cells."""

    where: dict[int, tuple[int, int]]  # location -> (x, y) of its label's middle
    cells: dict[tuple[int, int], tuple[int, str]]  # (x, y) -> (link, character)
    values: dict[tuple[int, int], int]  # (x, y) -> link whose value is written there
    labels: dict[tuple[int, int], tuple[int, str]]  # (x, y) -> (location, character)
    marks: dict[tuple[int, int], int]  # (x, y) -> link whose owner's letter is written there


def _scale(px: float, py: float, box: tuple[float, float, float, float],
           size: tuple[int, int]) -> tuple[int, int]:
    x0, x1, y0, y1 = box
    width, height = size
    usable = width - 6
    if px <= WEST_SPLIT:
        fx = (px - x0) / (WEST_SPLIT - x0) * WEST_SHARE
    else:
        fx = WEST_SHARE + (px - WEST_SPLIT) / (x1 - WEST_SPLIT) * (1 - WEST_SHARE)
    fy = (py - y0) / (y1 - y0)
    return 2 + round(fx * usable), 1 + round(fy * (height - 3))


def _stroke(dx: int, dy: int) -> str:
    if abs(dy) * 3 <= abs(dx):
        return "─"
    if abs(dx) <= abs(dy):
        return "│"
    return "╲" if (dx > 0) == (dy > 0) else "╱"


def _line(a: tuple[int, int], b: tuple[int, int]) -> list[tuple[int, int]]:
    steps = max(abs(b[0] - a[0]), abs(b[1] - a[1]), 1)
    return [(round(a[0] + (b[0] - a[0]) * t / steps), round(a[1] + (b[1] - a[1]) * t / steps))
            for t in range(steps + 1)]


def _cells(loc: int, at: tuple[int, int], margin: int = 0,
           size: int = 0) -> set[tuple[int, int]]:
    """The cells of a label on a map ``size`` columns wide; ``margin=1`` adds a cell each
    side: two labels keep a blank (or a line) between them, never ``VrnSar``."""
    width = len(_word(loc, size))
    return {(at[0] - width // 2 + i, at[1]) for i in range(-margin, width + margin)}


def _spread(where: dict[int, tuple[int, int]], size: tuple[int, int]) -> dict[int, tuple[int, int]]:
    """Move labels apart until no two overlap and every link keeps a visible stretch
    between its ends.

    Of two labels that overlap, or of the two ends of a link whose line runs only
    through their labels, the southern (else eastern) one moves down a row, or sideways,
    onto free cells it has not been on before; the other one when it cannot (a small
    map crowds the west).
    """
    where = dict(where)
    been = {loc: {at} for loc, at in where.items()}
    pairs = [(a, b) for link in LINKS for a, b in zip(link.ends, link.ends[1:], strict=False)]
    for _ in range(12):
        moved = False
        for a, b in pairs + _overlaps(where, size[0]):
            if (a, b) in pairs and not _is_hidden(a, b, where, size[0]):
                continue
            mover, other = _southern(a, b, where)
            moved = (_move(mover, other, where, size, been)
                     or _move(other, mover, where, size, been) or moved)
        if not moved:
            break
    if size[0] >= NAMED_WIDTH:
        _repair(where, pairs, size)
    return where


def _repair(where: dict[int, tuple[int, int]], pairs: list[tuple[int, int]],
            size: tuple[int, int]) -> None:
    """Where a link still runs only through its ends' long names, move one end to the
    nearest free place (up to three cells away) that shows the link and hides no other."""
    for a, b in pairs:
        if not _is_hidden(a, b, where, size[0]):
            continue
        hidden = sum(_is_hidden(p, q, where, size[0]) for p, q in pairs)
        for mover in (b, a):
            x, y = where[mover]
            taken = set().union(*(_cells(i, p, 0, size[0]) for i, p in where.items()
                                  if i != mover))
            spots = sorted(((x + dx, y + dy) for dx in range(-3, 4) for dy in range(-3, 4)),
                           key=lambda s: abs(s[0] - x) + 2 * abs(s[1] - y))
            for spot in spots:
                if (not _inside(mover, spot, size) or not 0 < spot[1] < size[1]
                        or _cells(mover, spot, 1, size[0]) & taken):
                    continue
                where[mover] = spot
                if sum(_is_hidden(p, q, where, size[0]) for p, q in pairs) < hidden:
                    break
                where[mover] = (x, y)
            else:
                continue
            break
    for link in LINKS:  # a junction's ``+`` beside another city's name would join it
        hub = _spokes(link.index, where)[0][0]
        for loc in [i for i in where if link.is_junction and i not in link.ends]:
            if hub in _cells(loc, where[loc], 1, size[0]):
                _step_aside(loc, hub, where, pairs, size)


def _step_aside(loc: int, hub: tuple[int, int], where: dict[int, tuple[int, int]],
                pairs: list[tuple[int, int]], size: tuple[int, int]) -> None:
    """Move a label to the nearest free place clear of ``hub`` that hides no more links."""
    hidden = sum(_is_hidden(p, q, where, size[0]) for p, q in pairs)
    x, y = where[loc]
    taken = set().union(*(_cells(i, p, 0, size[0]) for i, p in where.items() if i != loc))
    spots = sorted(((x + dx, y + dy) for dx in range(-3, 4) for dy in range(-2, 3)),
                   key=lambda s: abs(s[0] - x) + 2 * abs(s[1] - y))
    for spot in spots:
        room = _cells(loc, spot, 1, size[0])
        if (not _inside(loc, spot, size) or not 0 < spot[1] < size[1] or room & taken
                or hub in room):
            continue
        where[loc] = spot
        if (sum(_is_hidden(p, q, where, size[0]) for p, q in pairs) <= hidden
                and all(_clear(p, q, where, size[0]) for p, q in pairs if loc in (p, q))):
            return
        where[loc] = (x, y)


def _clear(a: int, b: int, where: dict[int, tuple[int, int]], size: int) -> bool:
    """Whether the line from ``a`` to ``b`` keeps two cells off every label."""
    labels = set().union(*(_cells(i, p, 0, size) for i, p in where.items()))
    return sum(1 for c in set(_line(where[a], where[b])) if c not in labels) >= 2


def _is_hidden(a: int, b: int, where: dict[int, tuple[int, int]], size: int) -> bool:
    """Whether the line from ``a`` to ``b`` runs only through their two labels, or
    through one cell between them (a crossing link could take it)."""
    ends = _cells(a, where[a], 0, size) | _cells(b, where[b], 0, size)
    return sum(1 for c in set(_line(where[a], where[b])) if c not in ends) < 2


def _overlaps(where: dict[int, tuple[int, int]], size: int) -> list[tuple[int, int]]:
    """Pairs of labels that share a cell or touch (one would hide or run into the other)."""
    cells = {loc: _cells(loc, at, 0, size) for loc, at in where.items()}
    room = {loc: _cells(loc, at, 1, size) for loc, at in where.items()}
    return [(a, b) for a in where for b in where if a < b and room[a] & cells[b]]


def _southern(a: int, b: int, where: dict[int, tuple[int, int]]) -> tuple[int, int]:
    """(the one that moves, the other): the southern, else the eastern, moves."""
    (ax, ay), (bx, by) = where[a], where[b]
    return (b, a) if (by, bx) >= (ay, ax) else (a, b)


def _move(mover: int, other: int, where: dict[int, tuple[int, int]], size: tuple[int, int],
          been: dict[int, set[tuple[int, int]]]) -> bool:
    """Move ``mover``'s label one step, away from ``other``, to free cells where it has
    not been (no label goes back and forth); True if moved."""
    mx, my = where[mover]
    away = 1 if mx >= where[other][0] else -1
    taken = set().union(*(_cells(i, p, 0, size[0]) for i, p in where.items() if i != mover))
    for step in ((mx, my + 1), (mx + away, my), (mx, my - 1), (mx - away, my)):
        inside = _inside(mover, step, size) and 0 < step[1] < size[1]
        if inside and step not in been[mover] and not _cells(mover, step, 1, size[0]) & taken:
            where[mover] = step
            been[mover].add(step)
            return True
    return False


def _inside(loc: int, at: tuple[int, int], size: tuple[int, int]) -> bool:
    """Whether a label at ``at`` lies wholly on the map (a cell from its edges)."""
    xs = [x for x, _ in _cells(loc, at, 0, size[0])]
    return 2 <= at[0] <= size[0] - 3 and min(xs) >= 1 and max(xs) <= size[0] - 2


def _clamp(loc: int, at: tuple[int, int], size: tuple[int, int]) -> tuple[int, int]:
    """A label moved sideways, as little as it takes, to lie wholly on the map."""
    x, y = at
    while not _inside(loc, (x, y), size) and x < size[0] // 2:
        x += 1
    while not _inside(loc, (x, y), size) and x > size[0] // 2:
        x -= 1
    return x, y


@cache
def layout(width: int = WIDTH, height: int = HEIGHT) -> Layout:
    """The fixed geometry of the map at a size (computed once per size)."""
    text = resources.files(__package__ or __name__).joinpath("data/ts_board_xy.json")
    xy = json.loads(text.read_text(encoding="utf-8"))["board_xy"]
    pts = [xy[loc.id] for loc in LOCATIONS]
    box = (min(p[0] for p in pts), max(p[0] for p in pts),
           min(p[1] for p in pts), max(p[1] for p in pts))
    size = (width, height)
    where = _spread({loc.index: _clamp(loc.index, _scale(xy[loc.id][0], xy[loc.id][1], box,
                                                         size), size)
                     for loc in LOCATIONS}, size)
    labels: dict[tuple[int, int], tuple[int, str]] = {}
    for loc in LOCATIONS:
        x, y = where[loc.index]
        word = _word(loc.index, width)
        start = x - len(word) // 2
        for i, ch in enumerate(word):
            labels[(start + i, y)] = (loc.index, ch)
    spokes = {link.index: _spokes(link.index, where) for link in LINKS}
    cells = _draw(spokes, where, labels)
    _part(cells, labels)
    values: dict[tuple[int, int], int] = {}
    lines = {link: [c for a, b in spokes[link] for c in _line(a, b)] for link in spokes}
    for link in _longest_first(where):
        spot = _value_spot(lines[link], link, cells, values, labels)
        if spot is not None:
            values[spot] = link
    if width >= NAMED_WIDTH:  # the whole map writes every value
        _make_room(lines, cells, values, labels)
    marks = {}
    for spot, link in values.items():
        mark = _mark_spot(spot, link, cells, values, labels)
        if mark is not None:
            marks[mark] = link
    return Layout(where, cells, values, labels, marks)


Cells = dict[tuple[int, int], tuple[int, str]]
Spokes = list[tuple[tuple[int, int], tuple[int, int]]]


def _part(cells: Cells, labels: dict[tuple[int, int], tuple[int, str]]) -> None:
    """A line leaves a blank before another city's label, so that it never reads as a
    link to that city (``Mos─R3─ Kaz``: red's link ends elsewhere, not at Kazan); a link
    keeps a cell at least."""
    for cell, (link, ch) in sorted(cells.items()):
        beside = [labels.get((cell[0] + d, cell[1])) for d in (-1, 1)]
        foreign = any(b is not None and b[0] not in LINKS[link].ends for b in beside)
        if foreign and ch != "+" and sum(1 for k, _ in cells.values() if k == link) > 1:
            del cells[cell]


def _make_room(lines: dict[int, list[tuple[int, int]]], cells: Cells,
               values: dict[tuple[int, int], int],
               labels: dict[tuple[int, int], tuple[int, str]]) -> None:
    """A link left without its value (its few cells are beside other values) takes a
    cell whose neighbouring value can move to another cell of its own link."""
    for link in [k for k in lines if k not in values.values()]:
        for cell in [c for c, (k, _) in cells.items() if k == link and c not in values]:
            if _between(cell, labels):
                continue
            nearby = [(cell[0] + d, cell[1]) for d in (-1, 1) if (cell[0] + d, cell[1]) in values]
            moved = {spot: values.pop(spot) for spot in nearby}
            values[cell] = link
            new = {}
            for other in moved.values():
                again = _value_spot(lines[other], other, cells, values, labels)
                if again is None:
                    break
                values[again] = other
                new[again] = other
            else:
                break
            for spot in new:
                del values[spot]
            del values[cell]
            values.update(moved)


def _longest_first(where: dict[int, tuple[int, int]]) -> list[int]:
    """The links, the longest first (short links drawn last keep their few cells)."""
    return [k.index for k in sorted(LINKS, key=lambda k: -max(
        abs(where[k.ends[0]][0] - where[e][0]) + abs(where[k.ends[0]][1] - where[e][1])
        for e in k.ends))]


def _spokes(link: int, where: dict[int, tuple[int, int]]) -> Spokes:
    """The lines of a link: end to end, or from a junction's hub to each of its ends."""
    ends = [where[e] for e in LINKS[link].ends]
    hub = (round(sum(p[0] for p in ends) / len(ends)), round(sum(p[1] for p in ends)
                                                             / len(ends)))
    return [(hub, e) for e in ends] if LINKS[link].is_junction else [(ends[0], ends[1])]


def _draw(spokes: dict[int, Spokes], where: dict[int, tuple[int, int]],
          labels: dict[tuple[int, int], tuple[int, str]]) -> Cells:
    """The links' cells, the longest first; then a link left with no cell of its own
    (drawn over on a small map) takes back cells from links that keep others."""
    cells: Cells = {}
    order = _longest_first(where)
    for link in order:
        _paint(link, spokes[link], cells, labels, lambda cell: True)
    for link in order:
        if not any(owner == link for owner, _ in cells.values()):
            _paint(link, spokes[link], cells, labels, lambda cell: _spare(cells, cell))
    return cells


def _paint(link: int, spokes: Spokes, cells: Cells,
           labels: dict[tuple[int, int], tuple[int, str]],
           may: Callable[[tuple[int, int]], bool]) -> None:
    """Draw a link's lines on the cells that are not labels and that ``may`` allows."""
    for a, b in spokes:
        ch = _stroke(b[0] - a[0], b[1] - a[1])
        for cell in _line(a, b):
            if cell not in labels and may(cell):
                cells[cell] = (link, ch)
    if LINKS[link].is_junction and may(spokes[0][0]):
        cells[spokes[0][0]] = (link, "+")


def _spare(cells: Cells, cell: tuple[int, int]) -> bool:
    """Whether a cell is free, or its link keeps another cell when it loses this one."""
    if cell not in cells:
        return True
    owner = cells[cell][0]
    return sum(1 for o, _ in cells.values() if o == owner) > 1


def _value_spot(line: list[tuple[int, int]], link: int,
                cells: dict[tuple[int, int], tuple[int, str]], values: dict[tuple[int, int], int],
                labels: dict[tuple[int, int], tuple[int, str]]) -> tuple[int, int] | None:
    """Where a link's value is written: the cell of its line nearest the middle with no
    value beside it (``5`` beside ``2`` would read ``52``), not alone between two labels,
    and no label beside it if it can; None when no cell is left (a click names it)."""
    middle = len(line) // 2
    own = [c for c in sorted(set(line), key=lambda c: abs(line.index(c) - middle))
           if c in cells and cells[c][0] == link and c not in values]
    alone = [c for c in own if not _beside(c, values) and not _between(c, labels)]
    return next((c for c in alone if not _beside(c, labels)), alone[0] if alone else None)


def _mark_spot(value: tuple[int, int], link: int, cells: Cells,
               values: Mapping[tuple[int, int], int],
               labels: Mapping[tuple[int, int], object]) -> tuple[int, int] | None:
    """Where an owned link's company letter is written: a cell of its own line next to
    its value (``R2``: red's link of value 2), before it if it can, else the nearest one
    on its line; never beside another value or a label (``3R2`` or ``KazR`` would
    misread); None when there is none (its colour alone says who owns it)."""
    x, y = value
    near = [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1), (x - 1, y - 1), (x + 1, y + 1),
            (x - 1, y + 1), (x + 1, y - 1)]
    own = sorted((c for c, (k, _) in cells.items() if k == link and c not in values),
                 key=lambda c: (c not in near, abs(c[0] - x) + abs(c[1] - y)))
    others = {k: v for k, v in values.items() if k != value}
    return next((c for c in own if not _beside(c, others) and not _beside(c, labels)),
                None)


def _between(cell: tuple[int, int], labels: Mapping[tuple[int, int], object]) -> bool:
    """Whether a cell is the only gap between two labels (``Bar3Aba`` would read as one)."""
    return (cell[0] - 1, cell[1]) in labels and (cell[0] + 1, cell[1]) in labels


def _beside(cell: tuple[int, int], taken: Mapping[tuple[int, int], object]) -> bool:
    return (cell[0] - 1, cell[1]) in taken or (cell[0] + 1, cell[1]) in taken


def _link_style(s: TransSiberianState, link: int, targets: set[str]) -> str:
    if LINKS[link].id in targets:
        return TARGET_STYLE
    owner = s.owner[link]
    return COMPANY_STYLE[owner] if 0 <= owner < NUM_COMPANIES else FREE_STYLE


def render(s: TransSiberianState, targets: set[str], width: int = WIDTH,
           height: int = HEIGHT) -> Text:
    """The schematic map; links the player may build now are drawn bright."""
    lay = layout(width, height)
    out = Text()
    for y in range(height):
        for x in range(width):
            if (x, y) in lay.labels:
                loc, ch = lay.labels[(x, y)]
                style = "bold" if LOCATIONS[loc].id == "moscow" else (
                    "italic grey70" if LOCATIONS[loc].is_external else "")
                out.append(ch, style=style)
            elif (x, y) in lay.marks and 0 <= s.owner[lay.marks[(x, y)]] < NUM_COMPANIES:
                owner = s.owner[lay.marks[(x, y)]]
                out.append(LETTER[owner], style=_link_style(s, lay.marks[(x, y)], targets)
                           + " bold")
            elif (x, y) in lay.values:
                link = lay.values[(x, y)]
                out.append(str(LINKS[link].value), style=_link_style(s, link, targets))
            elif (x, y) in lay.cells:
                link, ch = lay.cells[(x, y)]
                owned = 0 <= s.owner[link] < NUM_COMPANIES
                out.append(OWNED_STROKE.get(ch, ch) if owned else ch,
                           style=_link_style(s, link, targets))
            else:
                out.append(" ")
        if y < height - 1:
            out.append("\n")
    out.no_wrap, out.overflow = True, "crop"
    return out


def render_small(s: TransSiberianState, targets: set[str]) -> Text:
    """The compact map: the whole board in 78x19 (a few values that would touch another
    are left out there; a click names them)."""
    return render(s, targets, SMALL_WIDTH, SMALL_HEIGHT)


def link_at(x: int, y: int, width: int = WIDTH, height: int = HEIGHT) -> str | None:
    """The id of the link drawn at ``(x, y)``, if any."""
    lay = layout(width, height)
    hit = lay.cells.get((x, y))
    if hit is None and (x, y) in lay.values:
        return LINKS[lay.values[(x, y)]].id
    return LINKS[hit[0]].id if hit else None


def link_at_small(x: int, y: int) -> str | None:
    """:func:`link_at` on the compact map."""
    return link_at(x, y, SMALL_WIDTH, SMALL_HEIGHT)


def names_between(first: int, last: int, width: int = WIDTH, height: int = HEIGHT) -> str:
    """Cities whose label sits in columns ``first..last`` (for 'off-screen' notes)."""
    lay = layout(width, height)
    inside = [loc for loc in LOCATIONS
              if not loc.is_external and first <= lay.where[loc.index][0] <= last]
    return ", ".join(loc.name for loc in sorted(inside, key=lambda loc: lay.where[loc.index][0]))


def names_between_small(first: int, last: int) -> str:
    """:func:`names_between` on the compact map."""
    return names_between(first, last, SMALL_WIDTH, SMALL_HEIGHT)


def key() -> Text:
    """A complete key to the map, short enough for the side panel."""
    out = Text()
    out.append("── unowned", style=FREE_STYLE)
    out.append("  ══ owned")
    out.append("  ")
    out.append(" you may build ", style=TARGET_STYLE)
    out.append("\nowned: ")
    for c, cid in enumerate(COMPANY_IDS):  # as the tables name them: `Bk black`
        out.append(f"{COMPANY_SHORT[c]} {cid}", style=COMPANY_STYLE[c])
        out.append(", " if c < NUM_COMPANIES - 1 else "")
    out.append("\nletter by an owned link's value: its company (R2: red's link of 2; ")
    out.append(", ".join(f"{LETTER[c]} {cid}" for c, cid in enumerate(COMPANY_IDS)) + ")")
    out.append("\ndigit on a link: its value.  + junction.  ◇ the border: a link to it is"
               " external (→border in the lists, with its side; St. Petersburg has three), $8,"
               " built alone.  Click a link or type its number.")
    return out


SMALL_LEGEND = "F2 at 120 columns: the map with names"


def codes() -> str:
    """Every city's three letters on the compact map with its name, west to east."""
    lay = layout(SMALL_WIDTH, SMALL_HEIGHT)
    named = sorted((loc for loc in LOCATIONS if not loc.is_external),
                   key=lambda loc: lay.where[loc.index])
    return ", ".join(f"{abbr(loc.name)} {loc.name}" for loc in named)


def key_small() -> Text:
    """:func:`key` for the compact map, with every city's three letters spelled out."""
    out = key()
    out.append(f"\nCities (west to east): {codes()}.")
    return out

