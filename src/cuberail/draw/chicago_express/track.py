"""The companies' networks drawn as track lines (CE-5.2: each locomotive is placed next
to one of its company's), under the locomotives' squares.

Each network is drawn as a spanning tree: breadth-first from the company's start hex,
neighbours in map order, so the same snapshot gives the same lines. A network hex the
start does not reach (only in hand-made snapshots) joins its first neighbour in the
network, if any. The hexes are painted one after another, so each hex draws only its
halves of its edges: from its centre to the middle of the side it shares with the
neighbour. Companies on one edge run parallel, ``SPACING`` apart in company order, the
offset decided per edge so that both halves meet; a company's lines in a hex meet at
its junction (above its square), a round dot. The ends at a side are square: a round
cap's casing, drawn by the later hex, would cut a dark seam across the earlier half.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Callable, Iterable, Mapping

from cuberail.draw.svg import el, points
from cuberail.games.chicago_express.board import (
    COMPANIES,
    COMPANY_IDS,
    HEX_INDEX,
    HEXES,
    NEIGHBOURS,
    Hex,
)

Point = tuple[float, float]
WIDTH = 3.5  # the company's colour
CASING = WIDTH + 2.0  # a dark edge, so that pale colours read on pale terrain
SPACING = 5.0  # between parallel lines of one edge
BEND = 12.0  # from the centre: where a line leaves its junction for its parallel
OVER = 1.0  # past the side: the later hex's half covers the earlier one's outline
CASING_FILL = "#1b1b1b"
START = {c.id: c.start for c in COMPANIES}


def tree(hexes: Iterable[str], start: str) -> list[tuple[str, str]]:
    """The (parent, child) edges of a spanning tree of a network, in the order found."""
    network = {HEX_INDEX[h] for h in hexes if h in HEX_INDEX}
    seen: set[int] = set()
    edges: list[tuple[int, int]] = []
    if HEX_INDEX.get(start) in network:
        seen.add(HEX_INDEX[start])
        queue = deque(seen)
        while queue:
            here = queue.popleft()
            for there in NEIGHBOURS[here]:
                if there in network and there not in seen:
                    seen.add(there)
                    edges.append((here, there))
                    queue.append(there)
    for h in sorted(network - seen):  # not reached from the start: its first neighbour
        first = [n for n in NEIGHBOURS[h] if n in network][:1]
        if first and (first[0], h) not in edges:
            edges.append((h, first[0]))
    return [(HEXES[a].id, HEXES[b].id) for a, b in edges]


def _key(a: str, b: str) -> tuple[str, str]:
    return (a, b) if HEX_INDEX[a] < HEX_INDEX[b] else (b, a)


class Tracks:
    """The tree edges of every company, and who runs along each edge in what order."""

    def __init__(self, networks: Iterable[tuple[str, Iterable[str]]],
                 centre: Callable[[Hex], Point], colours: Mapping[str, str]) -> None:
        self.centre = centre
        self.colours = colours
        self.ends: dict[str, dict[str, list[str]]] = {}  # hex -> company -> neighbours
        self.users: dict[tuple[str, str], list[str]] = {}
        order = sorted(networks, key=lambda n: COMPANY_IDS.index(n[0]))
        for cid, hexes in order:
            for a, b in tree(hexes, START[cid]):
                self.users.setdefault(_key(a, b), []).append(cid)
                for here, there in ((a, b), (b, a)):
                    self.ends.setdefault(here, {}).setdefault(cid, []).append(there)

    def offset(self, a: str, b: str, cid: str) -> float:
        """How far ``cid``'s line on edge a-b lies from the line of centres."""
        users = self.users[_key(a, b)]
        return (users.index(cid) - (len(users) - 1) / 2) * SPACING

    def half(self, a: str, b: str, cid: str, join: Point) -> list[Point]:
        """``cid``'s half of edge a-b in hex a: from its junction to the middle of the side."""
        lo, hi = _key(a, b)
        (x1, y1), (x2, y2) = self.centre(HEXES[HEX_INDEX[lo]]), self.centre(HEXES[HEX_INDEX[hi]])
        length = math.hypot(x2 - x1, y2 - y1)
        nx, ny = -(y2 - y1) / length, (x2 - x1) / length  # one normal for both halves,
        if nx < 0:  # pointing east: the lines lie west to east in company order, as the squares
            nx, ny = -nx, -ny
        off = self.offset(a, b, cid)
        cx, cy = self.centre(HEXES[HEX_INDEX[a]])
        ux, uy = (x1 + x2) / 2 - cx, (y1 + y2) / 2 - cy
        over = 1 + OVER / math.hypot(ux, uy)
        side = (cx + ux * over + off * nx, cy + uy * over + off * ny)
        if join == (cx, cy) and off == 0:
            return [join, side]
        bend = BEND / math.hypot(ux, uy)
        return [join, (cx + ux * bend + off * nx, cy + uy * bend + off * ny), side]

    def drawn(self, hid: str, joins: Mapping[str, Point]) -> list[str]:
        """The lines of hex ``hid``: one group per company, casing under colour."""
        out = []
        for cid, there in sorted(self.ends.get(hid, {}).items(),
                                 key=lambda item: COMPANY_IDS.index(item[0])):
            join = joins.get(cid)
            if join is None:
                continue
            halves = [self.half(hid, b, cid, join) for b in there]
            colour = self.colours[cid]
            body = [el("polyline", points=points(p), fill="none", stroke=CASING_FILL,
                       stroke_width=CASING, class_="casing") for p in halves]
            body.append(el("circle", cx=join[0], cy=join[1], r=CASING / 2, fill=CASING_FILL))
            body += [el("polyline", points=points(p), fill="none", stroke=colour,
                        stroke_width=WIDTH, class_="rail", data_to=b)
                     for p, b in zip(halves, there, strict=True)]
            body.append(el("circle", cx=join[0], cy=join[1], r=WIDTH / 2, fill=colour))
            out.append(el("g", body, class_="track", data_company=cid, stroke_linecap="butt",
                          stroke_linejoin="round", pointer_events="none"))
        return out
