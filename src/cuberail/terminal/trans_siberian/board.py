"""The Trans-Siberian board for the full-screen table: a schematic map.

Cities sit where the printed board puts them (its pixel coordinates, copied into
data/ts_board_xy.json), with the crowded west stretched so that names fit. Links
are lines between city labels with their value at the middle: dim when unowned, in
the owner's colour when owned, bright when the player to move may build them.
A junction link runs from a ``+`` to each of its ends. :func:`link_at` answers a
click with the link drawn there.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources

from rich.text import Text

from cuberail.games.face import company_looks
from cuberail.games.trans_siberian import INFO
from cuberail.games.trans_siberian.board import (
    COMPANIES,
    COMPANY_IDS,
    LINKS,
    LOCATIONS,
    NUM_COMPANIES,
)
from cuberail.games.trans_siberian.state import TransSiberianState

WIDTH, HEIGHT = 112, 26
WEST_SPLIT = 3600  # board x where the crowded west ends
WEST_SHARE = 0.56  # of the width given to the west
TARGET_STYLE = "bold black on bright_cyan"
FREE_STYLE = "grey50"
LOOKS = company_looks(INFO.title)  # the companies' styles at the table: the title's face
COMPANY_STYLE = tuple(LOOKS[cid].terminal for cid in COMPANY_IDS)
_ABBR = {
    "Nizhneangarsk": "NzA", "Nizhnevartovsk": "NzV", "Nizhny Bestyakh": "NzB",
    "Nizhny Novgorod": "NNo", "Ust-Ilimsk": "UsI", "Ust-Kut": "UsK", "Novosibirsk": "Nsk",
    "Novy Urengoy": "NUr", "Vologda": "Vlg", "Volgograd": "Vgr", "Komsomolsk-na-Amure": "Kms",
    "Kotlas": "Ktl", "Konosha": "Kon", "Krasnoyarsk": "Kra", "St. Petersburg": "StP",
    "Rostov-na-Donu": "Ros", "Ulan-Ude": "UlU", "Yekaterinburg": "Yek", "Yaroslavl": "Yar",
    "Moscow": "MOS", "Birobidzhan": "Bir", "Bratsk": "Bra", "Bryansk": "Bry",
    "Khabarovsk": "Kha", "Kazan": "Kaz", "Kirov": "Kir", "Vorkuta": "Vor",
    "Voronezh": "Vrn", "Salekhard": "Sal", "Samara": "Sam", "Saratov": "Sar",
    "Orenburg": "Ore", "Orsk": "Ors", "Oryol": "Ory", "Tyumen": "Tyu", "Tynda": "Tyn",
}


def abbr(name: str) -> str:
    return _ABBR.get(name, name[:3])


@dataclass(frozen=True)
class Layout:
    """Where everything is drawn: city label cells, link cells, value cells."""

    where: dict[int, tuple[int, int]]  # location -> (x, y) of its label's middle
    cells: dict[tuple[int, int], tuple[int, str]]  # (x, y) -> (link, character)
    values: dict[tuple[int, int], int]  # (x, y) -> link whose value is written there
    labels: dict[tuple[int, int], tuple[int, str]]  # (x, y) -> (location, character)


def _scale(px: float, py: float, box: tuple[float, float, float, float]) -> tuple[int, int]:
    x0, x1, y0, y1 = box
    usable = WIDTH - 6
    if px <= WEST_SPLIT:
        fx = (px - x0) / (WEST_SPLIT - x0) * WEST_SHARE
    else:
        fx = WEST_SHARE + (px - WEST_SPLIT) / (x1 - WEST_SPLIT) * (1 - WEST_SHARE)
    fy = (py - y0) / (y1 - y0)
    return 2 + round(fx * usable), 1 + round(fy * (HEIGHT - 3))


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


def _cells(loc: int, at: tuple[int, int]) -> set[tuple[int, int]]:
    width = 1 if LOCATIONS[loc].is_external else 3
    return {(at[0] - width // 2 + i, at[1]) for i in range(width)}


def _spread(where: dict[int, tuple[int, int]]) -> dict[int, tuple[int, int]]:
    """Move labels apart until every link keeps a visible stretch between its ends.

    A link whose line runs only through its two labels would be invisible: the
    southern (else eastern) end moves down a row, or sideways, onto free cells.
    """
    where = dict(where)
    for _ in range(12):
        moved = False
        for link in LINKS:
            for a, b in zip(link.ends, link.ends[1:], strict=False):
                (ax, ay), (bx, by) = where[a], where[b]
                ends = _cells(a, where[a]) | _cells(b, where[b])
                if any(c not in ends for c in _line(where[a], where[b])):
                    continue
                mover, other = (b, a) if (by, bx) >= (ay, ax) else (a, b)
                mx, my = where[mover]
                ox = where[other][0]
                taken = set().union(*(_cells(i, p) for i, p in where.items() if i != mover))
                away = 1 if mx >= ox else -1
                for step in ((mx, my + 1), (mx + away, my), (mx, my - 1), (mx - away, my)):
                    inside = 2 <= step[0] <= WIDTH - 3 and 0 < step[1] < HEIGHT
                    if inside and not _cells(mover, step) & taken:
                        where[mover] = step
                        moved = True
                        break
        if not moved:
            break
    return where


@cache
def layout() -> Layout:
    """The fixed geometry of the map (computed once)."""
    text = resources.files(__package__ or __name__).joinpath("data/ts_board_xy.json")
    xy = json.loads(text.read_text(encoding="utf-8"))["board_xy"]
    pts = [xy[loc.id] for loc in LOCATIONS]
    box = (min(p[0] for p in pts), max(p[0] for p in pts),
           min(p[1] for p in pts), max(p[1] for p in pts))
    where = _spread({loc.index: _scale(xy[loc.id][0], xy[loc.id][1], box)
                     for loc in LOCATIONS})
    labels: dict[tuple[int, int], tuple[int, str]] = {}
    for loc in LOCATIONS:
        x, y = where[loc.index]
        word = "◇" if loc.is_external else abbr(loc.name)
        start = x - len(word) // 2
        for i, ch in enumerate(word):
            labels[(start + i, y)] = (loc.index, ch)
    cells: dict[tuple[int, int], tuple[int, str]] = {}
    values: dict[tuple[int, int], int] = {}
    longest_first = sorted(LINKS, key=lambda k: -max(
        abs(where[k.ends[0]][0] - where[e][0]) + abs(where[k.ends[0]][1] - where[e][1])
        for e in k.ends))
    for link in longest_first:  # short links drawn last keep their few cells
        ends = [where[e] for e in link.ends]
        hub = (round(sum(p[0] for p in ends) / len(ends)), round(sum(p[1] for p in ends)
                                                                 / len(ends)))
        spokes = [(hub, e) for e in ends] if link.is_junction else [(ends[0], ends[1])]
        for a, b in spokes:
            ch = _stroke(b[0] - a[0], b[1] - a[1])
            for cell in _line(a, b):
                if cell not in labels:
                    cells[cell] = (link.index, ch)
        if link.is_junction:
            cells[hub] = (link.index, "+")
        mid = _line(*spokes[0])
        spot = next((c for c in [mid[len(mid) // 2], *mid] if c in cells
                     and cells[c][0] == link.index and c not in values), None)
        if spot is not None:
            values[spot] = link.index
    return Layout(where, cells, values, labels)


def _link_style(s: TransSiberianState, link: int, targets: set[str]) -> str:
    if LINKS[link].id in targets:
        return TARGET_STYLE
    owner = s.owner[link]
    return COMPANY_STYLE[owner] if 0 <= owner < NUM_COMPANIES else FREE_STYLE


def render(s: TransSiberianState, targets: set[str]) -> Text:
    """The schematic map; links the player may build now are drawn bright."""
    lay = layout()
    out = Text()
    for y in range(HEIGHT):
        for x in range(WIDTH):
            if (x, y) in lay.labels:
                loc, ch = lay.labels[(x, y)]
                style = "bold" if LOCATIONS[loc].id == "moscow" else (
                    "italic grey70" if LOCATIONS[loc].is_external else "")
                out.append(ch, style=style)
            elif (x, y) in lay.values:
                link = lay.values[(x, y)]
                out.append(str(LINKS[link].value), style=_link_style(s, link, targets))
            elif (x, y) in lay.cells:
                link, ch = lay.cells[(x, y)]
                out.append(ch, style=_link_style(s, link, targets))
            else:
                out.append(" ")
        if y < HEIGHT - 1:
            out.append("\n")
    out.no_wrap, out.overflow = True, "crop"
    return out


def link_at(x: int, y: int) -> str | None:
    """The id of the link drawn at ``(x, y)``, if any."""
    hit = layout().cells.get((x, y))
    if hit is None and (x, y) in layout().values:
        return LINKS[layout().values[(x, y)]].id
    return LINKS[hit[0]].id if hit else None


def names_between(first: int, last: int) -> str:
    """Cities whose label sits in columns ``first..last`` (for 'off-screen' notes)."""
    lay = layout()
    inside = [loc for loc in LOCATIONS
              if not loc.is_external and first <= lay.where[loc.index][0] <= last]
    return ", ".join(loc.name for loc in sorted(inside, key=lambda loc: lay.where[loc.index][0]))


def key() -> Text:
    """A complete key to the map, short enough for the side panel."""
    out = Text()
    out.append("── unowned", style=FREE_STYLE)
    out.append("  ")
    out.append(" you may build ", style=TARGET_STYLE)
    out.append("\nowned: ")
    for c, company in enumerate(COMPANIES):
        out.append(company.name, style=COMPANY_STYLE[c])
        out.append(" ")
    out.append("\ndigit on a link: its value.  ◇ border (external).  + junction."
               " Click a link or type its number.")
    return out
