"""The Trans-Siberian Railroad board as SVG, from a JSON snapshot (``state.to_json()``).

Locations sit at the published board positions (data/ts_positions.json, see its
provenance); links are drawn in the owner's colour over a dark casing (white and
yellow stay visible) with the owner's letter beside the value box, so colour is never
the only cue. A link with more than two ends meets at a junction point (the mean of
its ends). Under the map: the share-value track with each company's marker and the
nationalization marker, the income track with its marks, the timing and dividend tracks.
Every word (labels, tooltips, the moves on a link or a share-value cell, as the games'
views word them) is in the language of the ``Words`` given (draw/words.py).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any

from cuberail.draw.common import HIGHLIGHT, INK, MUTED, Targets, ink_on, split_targets
from cuberail.draw.svg import document, el, points, text, title
from cuberail.draw.words import Words
from cuberail.games.face import company_looks
from cuberail.games.trans_siberian import INFO, moves
from cuberail.games.trans_siberian.board import (
    COMPANY_IDS,
    INCOME_MARKS,
    LINKS,
    LOCATION_INDEX,
    LOCATIONS,
    SHARE_TRACK,
    Link,
    parse_marks,
)

SCALE = 0.12
MARGIN = 40.0
PANEL_H = 222.0  # the tracks under the map end at +207 (the dividend track's boxes)
LOOKS = company_looks(INFO.title)  # the companies' colours and letters: the title's face
COLOURS = {cid: look.colour for cid, look in LOOKS.items()}
LETTERS = {cid: look.letter for cid, look in LOOKS.items()}
KINDS = {"link": "", "value": "value-"}
UNOWNED = "#8c8c8c"
STYLE = (
    ".link.target{cursor:pointer}"
    ".link.target:hover .outline,.link.target:focus .outline{stroke-width:14}"
    ".share-cell.target{cursor:pointer}"
    ".location,.link text{pointer-events:none}"  # labels never block a click on a link
)


@lru_cache(maxsize=1)
def positions() -> dict[str, tuple[float, float]]:
    """Board pixel positions, scaled and shifted so the map starts at the margin."""
    raw = resources.files(__name__).joinpath("data/ts_positions.json").read_text()
    pos = json.loads(raw)["positions"]
    x0 = min(p[0] for p in pos.values())
    y0 = min(p[1] for p in pos.values())
    return {k: (MARGIN + (p[0] - x0) * SCALE, MARGIN + (p[1] - y0) * SCALE)
            for k, p in pos.items()}


def _size() -> tuple[float, float]:
    pos = positions().values()
    return (max(x for x, _ in pos) + MARGIN + 40, max(y for _, y in pos) + MARGIN)


def link_points(link: Link) -> tuple[list[tuple[float, float]], tuple[float, float]]:
    """The ends' positions and where the value box goes (a junction: the mean of the ends)."""
    pos = positions()
    ends = [pos[LOCATIONS[e].id] for e in link.ends]
    mx = sum(x for x, _ in ends) / len(ends)
    my = sum(y for _, y in ends) / len(ends)
    return ends, (mx, my)


ALONG = (0.5, 0.42, 0.58, 0.35, 0.65, 0.28, 0.72, 0.22, 0.78)  # where on a link, in order


@lru_cache(maxsize=1)
def box_places() -> dict[str, tuple[float, float]]:
    """Where each link's value box goes: a junction's above its point; a two-ended link's
    at its middle, else the first place along it (nearer one end, then the other; then
    just beside it) whose box clears the boxes placed before, every city and the other
    links' lines. Around Moscow the middles of the links fall on each other
    and some links run side by side: moved apart, each value reads and takes its own
    click."""
    pos = positions()
    cities = [(x - r, y - r, x + r, y + r) for k, (x, y) in pos.items()
              for r in [11.0 if k == "moscow" else 7.0]]
    out: dict[str, tuple[float, float]] = {}
    placed: list[Box] = []
    for link in LINKS:
        ends, (mx, my) = link_points(link)
        if len(ends) > 2:
            out[link.id] = (mx, my - 10)
            placed.append((mx - 8, my - 18, mx + 8, my - 2))
    plain = [k for k in LINKS if len(k.ends) == 2]
    for link in sorted(plain, key=lambda k: _length(k)):  # the short ones have least room
        (x1, y1), (x2, y2) = link_points(link)[0]
        size = _length(link) or 1.0
        nx, ny = (y1 - y2) / size, (x2 - x1) / size  # across the link
        others = [seg for k in LINKS if k is not link for seg in _segments(k)]
        best: tuple[float, tuple[float, float]] | None = None
        spots = [(t, off) for off in (0.0, 10.0, -10.0) for t in ALONG]
        for order, (t, off) in enumerate(spots):
            x, y = x1 + (x2 - x1) * t + nx * off, y1 + (y2 - y1) * t + ny * off
            box = (x - 9.5, y - 9.5, x + 9.5, y + 9.5)
            cost = sum(_overlap(box, b) for b in placed) * 4 + sum(_overlap(box, c) for c in cities)
            cost += sum(_near(x, y, seg, 15.0) for seg in others) * 200 + order * 0.5
            if best is None or cost < best[0]:
                best = (cost, (x, y))
            if cost <= order * 0.5:
                break
        assert best is not None
        out[link.id] = best[1]
        placed.append((best[1][0] - 8, best[1][1] - 8, best[1][0] + 8, best[1][1] + 8))
    return out


@lru_cache(maxsize=1)
def box_cover() -> dict[str, float]:
    """How much of the other links' lines pass over each link's value box (0: none). The
    links are drawn in this order, so that a box that could not avoid the lines of the
    links fanning out of Moscow is drawn over them."""
    out: dict[str, float] = {}
    for link in LINKS:
        x, y = box_places()[link.id]
        out[link.id] = sum(_near(x, y, seg, 15.0) for k in LINKS if k is not link
                           for seg in _segments(k))
    return out


def _near(x: float, y: float, segment: tuple[tuple[float, float], tuple[float, float]],
          reach: float) -> float:
    """How far inside ``reach`` of the point the segment passes (0: not that near)."""
    (x1, y1), (x2, y2) = segment
    dx, dy = x2 - x1, y2 - y1
    t = max(0.0, min(1.0, ((x - x1) * dx + (y - y1) * dy) / ((dx * dx + dy * dy) or 1.0)))
    gap = float(((x - x1 - t * dx) ** 2 + (y - y1 - t * dy) ** 2) ** 0.5)
    return max(0.0, reach - gap)


def _segments(link: Link) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    """The lines a link is drawn with (a junction's: from each end to its point)."""
    ends, middle = link_points(link)
    return [(e, middle) for e in ends] if len(ends) > 2 else [(ends[0], ends[1])]


def _length(link: Link) -> float:
    (x1, y1), (x2, y2) = link_points(link)[0]
    return float(((x2 - x1) ** 2 + (y2 - y1) ** 2) ** 0.5)


def _place(loc_id: str) -> str:
    """A location's name; a border's without the word ' external' (``Chita #1``)."""
    base, _, rest = LOCATIONS[LOCATION_INDEX[loc_id]].name.partition(" external")
    return base + rest


Box = tuple[float, float, float, float]  # left, top, right, bottom


def _overlap(a: Box, b: Box) -> float:
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0.0


def _text_width(words: str, size: float, bold: bool = False) -> float:
    """About how wide Helvetica (Arial, the drawing's font) sets ``words`` at ``size``."""
    em = 0.0
    for ch in words:
        em += (0.28 if ch in "ijlI.,-'’ " else 0.34 if ch in "frt" else
               0.86 if ch in "mwMW" else 0.72 if ch.isupper() else 0.56)
    return em * size * (1.07 if bold else 1.0) + 2.0


def _label_box(x: float, y: float, anchor: str, width: float, size: float) -> Box:
    """The box of a text of ``width`` whose baseline sits at ``y`` (the drawing's texts are
    vertically centred: ``dominant-baseline: central``)."""
    left = x - width / 2 if anchor == "middle" else x if anchor == "start" else x - width
    return (left, y - size * 0.6, left + width, y + size * 0.6)


def _obstacles() -> tuple[list[tuple[Box, float]],
                         list[tuple[tuple[float, float], tuple[float, float]]]]:
    """What a city's name must not cover, with a weight: every link's value box, its
    owner's letter (drawn once the link is bought: it weighs less), every location; and
    the links' lines (covering those is allowed, at a cost)."""
    boxes: list[tuple[Box, float]] = []
    lines = []
    pos = positions()
    for link in LINKS:
        ends, (mx, my) = link_points(link)
        bx, by = box_places()[link.id]
        boxes.append(((bx - 9, by - 9, bx + 9, by + 9), 4.0))
        boxes.append(((bx + 5, by - 15, bx + 19, by - 1), 1.0))  # the owner's letter
        lines += [(e, (mx, my)) for e in ends] if len(ends) > 2 else [(ends[0], ends[1])]
    for loc in LOCATIONS:
        x, y = pos[loc.id]
        r = 11.0 if loc.id == "moscow" else 7.0
        boxes.append(((x - r, y - r, x + r, y + r), 4.0))
    return boxes, lines


def _on_lines(box: Box, lines: list[tuple[tuple[float, float], tuple[float, float]]]) -> int:
    hits = 0
    for (x1, y1), (x2, y2) in lines:
        for i in range(1, 12):
            t = i / 12
            x, y = x1 + (x2 - x1) * t, y1 + (y2 - y1) * t
            hits += box[0] <= x <= box[2] and box[1] <= y <= box[3]
    return hits


def _meets(a: Box, b: Box) -> bool:
    """Whether two boxes share a point (edges included)."""
    return a[0] <= b[2] and b[0] <= a[2] and a[1] <= b[3] and b[1] <= a[3]


def _line_box(line: tuple[tuple[float, float], tuple[float, float]]) -> Box:
    """The box a line spans."""
    (x1, y1), (x2, y2) = line
    return (min(x1, x2), min(y1, y2), max(x1, x2), max(y1, y2))


def _gap(box: Box, at: tuple[float, float]) -> float:
    """How far the point ``at`` is from the box (0 inside)."""
    dx = max(box[0] - at[0], 0.0, at[0] - box[2])
    dy = max(box[1] - at[1], 0.0, at[1] - box[3])
    return float((dx * dx + dy * dy) ** 0.5)


Point = tuple[float, float]
Segment = tuple[Point, Point]


@dataclass(frozen=True)
class Near:
    """What one city's name candidates are scored against: value boxes, letters and
    cities (weighted), the names placed before, the links' lines and the other cities."""

    boxes: list[tuple[Box, float]]
    placed: list[Box]
    lines: list[Segment]
    rivals: list[Point]


# (region, reach; everything but the city itself) -> what can touch a candidate there
Scope = Callable[[Box, float, Near], Near]


def nearby(region: Box, reach: float, every: Near) -> Near:
    """Only what can touch a candidate: the boxes and lines that meet the region its
    candidates cover, the names placed there, and the cities near enough that a candidate
    could be nearer to them than to its own city (``reach``). The same costs as over
    everything: the first drawing of a game took 0.9 s placing names, pure Python,
    before this (the 37th newcomer run waited on "Drawing the board...")."""
    return Near([(b, weight) for b, weight in every.boxes if _meets(region, b)],
                [b for b in every.placed if _meets(region, b)],
                [line for line in every.lines if _meets(region, _line_box(line))],
                [other for other in every.rivals if _gap(region, other) < reach])


def _candidates(x: float, y: float, r: float, w: float) -> list[tuple[float, float, str]]:
    """A name's places around its city, in order of preference (below, above, beside,
    diagonal, shifted; each ring 5 further out)."""
    out: list[tuple[float, float, str]] = []
    for far in (0.0, 5.0, 10.0, 15.0, 20.0):
        out += [(x, y + r + 8 + far, "middle"), (x, y - r - 7 - far, "middle"),
                (x + r + 3 + far, y, "start"), (x - r - 3 - far, y, "end"),
                (x + r + far, y + r + 6 + far, "start"), (x - r - far, y + r + 6 + far, "end"),
                (x + r + far, y - r - 5 - far, "start"), (x - r - far, y - r - 5 - far, "end"),
                (x + w / 3, y + r + 8 + far, "middle"), (x - w / 3, y + r + 8 + far, "middle"),
                (x + w / 3, y - r - 7 - far, "middle"), (x - w / 3, y - r - 7 - far, "middle")]
    return out


def place_names(scope: Scope) -> dict[str, tuple[float, float, str]]:
    """:func:`label_places`, each city's candidates scored against what ``scope`` keeps."""
    boxes, lines = _obstacles()
    pos = positions()
    width = _size()[0]
    placed: list[Box] = []
    spots = [pos[loc.id] for loc in LOCATIONS]
    out: dict[str, tuple[float, float, str]] = {}
    cities = sorted((loc for loc in LOCATIONS if loc.kind != "external"),
                    key=lambda loc: loc.id != "moscow")  # Moscow chooses first
    for loc in cities:
        x, y = pos[loc.id]
        moscow = loc.id == "moscow"
        r, size = (10.0, 12.5) if moscow else (6.0, 10.0)
        w = _text_width(loc.name, size, moscow)
        own = (x - r - 1, y - r - 1, x + r + 1, y + r + 1)
        candidates = _candidates(x, y, r, w)
        shapes = [_label_box(cx, cy, anchor, w, size) for cx, cy, anchor in candidates]
        region = (min(b[0] for b in shapes), min(b[1] for b in shapes),
                  max(b[2] for b in shapes), max(b[3] for b in shapes))
        reach = max(_gap(box, (x, y)) - r for box in shapes) + 6
        near = scope(region, reach, Near([(b, wt) for b, wt in boxes if b != own], placed,
                                         lines, [o for o in spots if o != (x, y)]))
        best: tuple[float, int, tuple[float, float, str]] | None = None
        for order, ((cx, cy, anchor), box) in enumerate(zip(candidates, shapes, strict=True)):
            cover = sum(_overlap(box, b) * weight for b, weight in near.boxes)
            cover += sum(_overlap(box, b) for b in near.placed) * 8
            if box[0] < 2 or box[2] > width - 2 or box[1] < 2:
                cover += 1000.0
            mine = _gap(box, (x, y)) - r
            if any(_gap(box, other) - 6 < mine for other in near.rivals):
                cover += 300.0  # nearer another city: read as that city's name
            cost = cover * 10 + _on_lines(box, near.lines) * 3 + order + max(mine, 0.0) * 40
            if best is None or cost < best[0]:
                best = (cost, order, (cx, cy, anchor))
        assert best is not None
        cx, cy, anchor = best[2]
        placed.append(_label_box(cx, cy, anchor, w, size))
        out[loc.id] = (round(cx, 1), round(cy, 1), anchor)
    return out


@lru_cache(maxsize=1)
def label_places() -> dict[str, tuple[float, float, str]]:
    """Where each city's name goes (x, y, text-anchor): below the city when that covers no
    value box, letter, city or other name, else the first free place around it (above,
    beside, diagonal), else the least covered; crossing a link's line costs a little (the
    names have a white halo). Near Moscow the names would otherwise overlap."""
    return place_names(nearby)


def link_name(link: Link, words: Words) -> str:
    """``Moscow–Kazan``; a link to a border ends in an arrow and the border's side:
    ``Chita→border (east)`` (the view's name of the link, in the reader's language)."""
    return words.value(moves.link_name(link.index))


def _link_tip(link: Link, owner: str | None, words: Words) -> str:
    say = words.say
    parts = [say("ts.link", link=link_name(link, words), value=link.value),
             say("ts.external" if link.external else "ts.internal")]
    if len(link.ends) > 2:
        parts.append(say("ts.junction"))
    parts.append(say("ts.owner", company=words.company(owner)) if owner else say("ts.unowned"))
    return ", ".join(parts)


def _link(link: Link, owner: str | None, marks: Targets, words: Words) -> str:
    ends, (mx, my) = link_points(link)
    junction = len(ends) > 2
    segments = [(e, (mx, my)) for e in ends] if junction else [(ends[0], ends[1])]
    target = marks.data(link.id)
    colour = COLOURS[owner] if owner else UNOWNED
    body = [title("\n".join([_link_tip(link, owner, words), *marks.words(link.id)]))]
    for layer, width, stroke in (("outline", 11.0, HIGHLIGHT), ("casing", 7.0, "#000000"),
                                 ("line", 4.5, colour)):
        if layer == "outline" and not target["data_action"]:
            continue
        if layer == "casing" and not owner:
            continue
        for (x1, y1), (x2, y2) in segments:
            body.append(el("line", x1=x1, y1=y1, x2=x2, y2=y2, stroke=stroke,
                           stroke_width=width if owner or layer != "line" else 2.5,
                           stroke_linecap="round", class_=layer,
                           stroke_dasharray="5 3" if layer == "line" and not owner and
                           link.external else None))
    if junction:
        body.append(el("circle", cx=mx, cy=my, r=4.0, fill="#000000", class_="junction"))
    bx, by = box_places()[link.id]
    box = COLOURS[owner] if owner else "#ffffff"
    body.append(el("rect", x=bx - 8, y=by - 8, width=16.0, height=16.0, rx=2.0, fill=box,
                   stroke="#000000", stroke_width=1.0))
    body.append(text(bx, by + 0.5, str(link.value), fill=ink_on(box), font_size=11.5,
                     font_weight="bold", class_="value"))
    if owner:
        body.append(el("circle", cx=bx + 12, cy=by - 8, r=6.5, fill="#ffffff",
                       stroke="#000000", stroke_width=0.8))
        body.append(text(bx + 12, by - 7.5, LETTERS[owner], fill="#000000", font_size=8.5,
                         font_weight="bold", class_="owner-letter"))
    classes = "link" + (" external" if link.external else "") + (
        " junction-link" if junction else "") + (" target" if target["data_action"] else "")
    return el("g", body, id=f"link-{link.id}", class_=classes, data_link=link.id,
              data_owner=owner, tabindex="0" if target["data_action"] else None, **target)


def _location(loc_id: str, name: str, kind: str, networks: list[str], words: Words) -> str:
    x, y = positions()[loc_id]
    where = name if kind != "external" else _place(loc_id)
    if networks:
        where = words.say("ts.network", place=where,
                          companies=words.join([words.company(c) for c in networks]))
    if kind == "external":
        shape = el("rect", x=x - 5, y=y - 5, width=10.0, height=10.0, fill="#ffffff",
                   stroke="#000000", stroke_width=1.5, transform=f"rotate(45 {x:.1f} {y:.1f})")
        return el("g", [title(words.say("ts.border", place=where)), shape],
                  id=f"loc-{loc_id}", class_="location external", data_location=loc_id)
    moscow = loc_id == "moscow"
    r = 10.0 if moscow else 6.0
    return el("g", [
        title(where),
        el("circle", cx=x, cy=y, r=r, fill="#ffffff", stroke="#000000",
           stroke_width=2.5 if moscow else 1.5),
        text(label_places()[loc_id][0], label_places()[loc_id][1], name, fill=INK,
             font_size=12.5 if moscow else 10, font_weight="bold" if moscow else None,
             stroke="#ffffff", stroke_width=2.5, paint_order="stroke",
             text_anchor=label_places()[loc_id][2], class_="place-name"),
    ], id=f"loc-{loc_id}", class_="location" + (" moscow" if moscow else ""),
        data_location=loc_id, data_home="" if moscow else None)  # TS-2.2: every line starts there


def _marker(x: float, y: float, company: str, r: float = 7.0) -> str:
    fill = COLOURS[company]
    return el("g", [el("circle", cx=x, cy=y, r=r, fill=fill, stroke="#000000",
                       stroke_width=1.0),
                    text(x, y + 0.5, LETTERS[company], fill=ink_on(fill), font_size=8.5,
                         font_weight="bold")],
              class_="marker", data_company=company)


def _cell_tip(words: Words, value: int, here: list[str], national: bool) -> str:
    say = words.say
    tip = say("ts.cell", value=value, companies=words.join([words.company(c) for c in here])
              ) if here else say("ts.cell_empty", value=value)
    return tip + ("; " + say("ts.cell_national") if national else "")


def _share_track(snap: Mapping[str, Any], marks: Targets, words: Words, x: float, y: float,
                 width: float) -> str:
    cell = width / len(SHARE_TRACK)
    values = {co["id"]: co["share_value"] for co in snap["companies"] if co["share_value"]}
    national = snap.get("nationalization_value")
    body = [text(x, y, words.say("ts.share_value"), fill=INK, font_size=14, font_weight="bold",
                 text_anchor="start")]
    for i, v in enumerate(SHARE_TRACK):
        cx = x + i * cell
        key = f"value-{v}"
        target = marks.data(key)
        here = [c for c in COMPANY_IDS if values.get(c) == v]
        parts = [title("\n".join([_cell_tip(words, v, here, national == v),
                                  *marks.words(key)])),
                 el("rect", x=cx, y=y + 12, width=cell - 3, height=58.0, rx=3.0,
                    fill="#fff3f7" if target["data_action"] else "#ffffff",
                    stroke=HIGHLIGHT if target["data_action"] else "#607d8b",
                    stroke_width=3.0 if target["data_action"] else 1.0),
                 text(cx + (cell - 3) / 2, y + 24, str(v), fill=INK, font_size=13,
                      font_weight="bold")]
        for j, c in enumerate(here):
            parts.append(_marker(cx + 11 + (j % 2) * 19, y + 42 + (j // 2) * 17, c, 8.0))
        if national == v:
            mid = cx + (cell - 3) / 2
            tri = points([(mid - 11, y + 88), (mid + 11, y + 88), (mid, y + 73)])
            parts.append(el("g", [el("polygon", points=tri, fill="#000000"),
                                  text(mid, y + 83, "N", fill="#ffffff", font_size=9)],
                            class_="nationalization", data_value=v))
        body.append(el("g", parts, class_="share-cell" + (" target" if target["data_action"]
                                                         else ""),
                       data_value=v, tabindex="0" if target["data_action"] else None, **target))
    return el("g", body, class_="share-track")


def _income_track(snap: Mapping[str, Any], words: Words, x: float, y: float,
                  width: float) -> str:
    raw = snap.get("options", {}).get("income_marks")
    marks = parse_marks(str(raw)) if raw else INCOME_MARKS
    top = max(*marks, *(co["income"] for co in snap["companies"]), 75)
    unit = width / top
    body = [text(x, y, words.say("ts.income_track"), fill=INK, font_size=14,
                 font_weight="bold", text_anchor="start"),
            el("line", x1=x, y1=y + 30, x2=x + width, y2=y + 30, stroke="#455a64",
               stroke_width=2.0)]
    for m in marks:
        body.append(el("g", [el("line", x1=x + m * unit, y1=y + 24, x2=x + m * unit,
                                y2=y + 36, stroke="#000000", stroke_width=2.0),
                             text(x + m * unit, y + 46, str(m), fill=INK, font_size=11)],
                       class_="income-mark", data_value=m))
    seen: dict[int, int] = {}
    for co in snap["companies"]:
        if co["status"] != "in play":
            continue
        k = seen.get(co["income"], 0)
        seen[co["income"]] = k + 1
        body.append(_marker(x + co["income"] * unit + k * 17, y + 15, co["id"], 8.0))
    return el("g", body, class_="income-track")


def _count_track(name: str, label: str, done: int, size: int, x: float, y: float) -> str:
    body = [text(x, y, label, fill=INK, font_size=14, font_weight="bold", text_anchor="start")]
    for i in range(size):
        body.append(el("rect", x=x + i * 20.0, y=y + 10, width=17.0, height=17.0, rx=2.0,
                       fill="#455a64" if i < done else "#ffffff", stroke="#455a64"))
    return el("g", body, class_=f"{name}-track", data_used=done, data_size=size)


def _panel(snap: Mapping[str, Any], marks: Targets, words: Words, width: float,
           y: float) -> list[str]:
    timing, divs = snap["timing"], snap["dividends"]
    done, size = int(timing["advanced"]), int(timing["size"])
    paid, track = int(divs["paid"]), int(divs["size"])
    return [
        el("rect", x=0.0, y=y, width=width, height=PANEL_H, fill="#f7f7f7"),
        _share_track(snap, marks, words, 16.0, y + 20, width - 32),
        _income_track(snap, words, 16.0, y + 128, width - 420),
        _count_track("timing", words.say("ts.timing", n=done, of=size), done, size,
                     width - 350, y + 128),
        _count_track("dividends", words.say("ts.dividends", n=paid, of=track), paid, track,
                     width - 350, y + 180),
        text(16.0, y + 200, words.say("ts.phase", n=snap.get("phase", 1)), fill=MUTED,
             font_size=13, text_anchor="start", class_="phase"),
    ]


def draw(snapshot: Mapping[str, Any], targets: Iterable[str] | None = None,
         words: Words | None = None, describe: Callable[[str], str] = str) -> str:
    """The board of a Trans-Siberian snapshot as an SVG document (a string).

    ``targets``: action texts to mark as clickable (``link moscow-kazan``, several
    ``link X pay:...`` variants of one link, ``value 16``), their words (``describe``: the
    games' sentence of a move in the drawing's language, see ``cuberail.draw.svg_for``)
    added to the element's tooltip; ``words``: the language (English by default).
    """
    words = words or Words()
    owners: Mapping[str, str] = snapshot.get("links", {})
    marks = split_targets(targets, KINDS)
    marks.describe = describe
    networks: dict[str, list[str]] = {}
    for co in snapshot["companies"]:
        for loc in co["network"]:
            networks.setdefault(loc, []).append(co["id"])
    width, height = _size()
    cover = box_cover()  # the links whose boxes lie under other lines come last
    plain = sorted((k for k in LINKS if k.id not in marks.by_key), key=lambda k: cover[k.id])
    marked = sorted((k for k in LINKS if k.id in marks.by_key), key=lambda k: cover[k.id])
    body = [el("rect", x=0.0, y=0.0, width=width, height=height, fill="#eef3e6"),
            el("g", [_link(k, owners.get(k.id), marks, words) for k in plain + marked],
               class_="links"),
            el("g", [_location(loc.id, loc.name, loc.kind, networks.get(loc.id, []), words)
                     for loc in LOCATIONS], class_="locations"),
            *_panel(snapshot, marks, words, width, height)]
    return document(width, height + PANEL_H, body, css_class="board trans-siberian",
                    label=words.say("ts.board"), style=STYLE)
