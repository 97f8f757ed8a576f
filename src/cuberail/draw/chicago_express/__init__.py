"""The Chicago Express board as SVG, from a JSON snapshot (``state.to_json()``).

Flat-top hexes in odd-q layout (columns A..S west to east, odd columns half a hex
lower; data/map.json of the title). Each hex shows its terrain (a fill and a pattern,
so colour is never the only cue), its id, red build cost, income, name, house, and
the locomotives on it (company colour plus the company's letter) over the company's track
lines (track.py). Under the map:
the three action gauges, the industrial tracks of Detroit, Wheeling and Pittsburgh,
the houses left and a terrain key. Every word (labels, tooltips, the moves on a hex or
gauge, as the games' views word them) is in the language of the ``Words`` given (draw/words.py).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from cuberail.draw.chicago_express.track import Tracks
from cuberail.draw.common import HIGHLIGHT, INK, MUTED, Targets, ink_on, split_targets
from cuberail.draw.svg import Attr, document, el, points, text, title
from cuberail.draw.words import Words
from cuberail.games.chicago_express import INFO
from cuberail.games.chicago_express.board import CHICAGO_ID, COMPANIES, GAUGE_NAMES, HEXES, Hex
from cuberail.games.face import company_looks

R = 34.0  # centre to corner
H = math.sqrt(3) * R  # flat side to flat side
MARGIN = 16.0
MAP_W = 2 * MARGIN + 2 * R + 18 * 1.5 * R
MAP_H = 2 * MARGIN + 11.5 * H
PANEL_H = 150.0

TERRAIN_FILL = {
    "plain": "#f1f3d8", "forest": "#b7d7a0", "mountain": "#d8c3a5",
    "city": "#ffffff", "industrial": "#c9ccd6", "start": "#fde7c8",
}
TERRAIN_PATTERN = {"forest": "url(#p-forest)", "mountain": "url(#p-mountain)",
                   "industrial": "url(#p-industrial)"}
COST_RED = "#b71c1c"  # 6.4:1 on the palest fill
LOOKS = company_looks(INFO.title)  # the companies' colours and letters: the title's face
LETTERS = {cid: look.letter for cid, look in LOOKS.items()}
COMPANY_FILL = {cid: look.colour for cid, look in LOOKS.items()}
KINDS = {"place": "", "develop": "", "choose": "gauge-"}

DEFS = (
    '<defs>'
    '<pattern id="p-forest" width="9" height="9" patternUnits="userSpaceOnUse">'
    '<path d="M4.5 1.5 L7.5 7 L1.5 7 Z" fill="#5c8f3e" opacity="0.45"/></pattern>'
    '<pattern id="p-mountain" width="12" height="10" patternUnits="userSpaceOnUse">'
    '<path d="M0 9 L4 3 L8 9" fill="none" stroke="#8d6e4c" stroke-width="1" opacity="0.6"/>'
    '</pattern>'
    '<pattern id="p-industrial" width="6" height="6" patternUnits="userSpaceOnUse"'
    ' patternTransform="rotate(45)">'
    '<line x1="0" y1="0" x2="0" y2="6" stroke="#8a8f9c" stroke-width="1.2"/></pattern>'
    '</defs>'
)
STYLE = (
    ".hex.target{cursor:pointer}"
    ".hex.target:hover .outline,.hex.target:focus .outline{stroke-width:6}"
    ".gauge.target{cursor:pointer}"
)


def centre(hx: Hex) -> tuple[float, float]:
    """The pixel centre of a hex (odd-q: odd columns half a hex lower)."""
    x = MARGIN + R + hx.col * 1.5 * R
    y = MARGIN + H / 2 + hx.row * H + (hx.col % 2) * H / 2
    return x, y


def corners(x: float, y: float, radius: float = R) -> list[tuple[float, float]]:
    return [(x + radius * math.cos(math.radians(60 * i)),
             y + radius * math.sin(math.radians(60 * i))) for i in range(6)]


class _Board:
    """The facts of one snapshot that the drawing needs, by hex id."""

    def __init__(self, snap: Mapping[str, Any], words: Words) -> None:
        self.snap = snap
        self.words = words
        self.on: dict[str, list[str]] = {}
        for co in snap["companies"]:
            for h in co["hexes"]:
                self.on.setdefault(h, []).append(co["id"])
        self.developed = set(snap.get("developed", ()))
        self.track: dict[str, int] = dict(snap.get("industrial_track", {}))
        self.options: Mapping[str, Any] = snap.get("options", {})
        build = snap.get("build") or {}
        self.builder: str | None = build.get("company")
        self.income = {co["id"]: int(co["income"]) for co in snap["companies"]}
        self.tracks = Tracks([(co["id"], co["hexes"]) for co in snap["companies"]], centre,
                             COMPANY_FILL)

    def gain(self, hx: Hex) -> int:
        """CE-5.5: the income a locomotive placed here adds now."""
        if hx.terrain_name == "industrial":
            return self.track.get(hx.name, hx.track_start)
        house = hx.house if hx.id in self.developed and hx.terrain_name in (
            "city", "mountain") else 0
        return (hx.income + house) if hx.terrain_name in ("city", "mountain") else 0

    def track_max(self, hx: Hex) -> int:
        key = f"{hx.name.lower()}_max"
        return int(self.options.get(key, hx.track_max))


def _hex_text(hx: Hex) -> str:
    return f"{hx.id} {hx.name}" if hx.name else hx.id


def _tooltip(board: _Board, hx: Hex, targets: Targets) -> str:
    """The hex's facts on one line (CE-5.4 cost, CE-5.5 income, CE-6 houses), then its moves."""
    say = board.words.say
    here = board.on.get(hx.id, [])
    parts = [say("ce.hex", hex=_hex_text(hx), terrain=say(f"terrain.{hx.terrain_name}"))]
    if hx.cost:
        parts.append(say("ce.cost", cost=hx.cost, now=hx.cost * (len(here) + 1)))
    gain = board.gain(hx)
    if gain:
        parts.append(say("ce.income", n=gain))
    if board.builder and gain:
        now = board.income[board.builder]
        parts.append(say("ce.builder_income", company=board.builder, now=now, after=now + gain))
    if hx.house:
        built = "ce.house_developed" if hx.id in board.developed else "ce.house_undeveloped"
        parts.append(say(built, n=hx.house))
    if hx.terrain_name == "forest" and hx.develop_cash:
        parts.append(say("ce.develop_cash", cash=hx.develop_cash))
    if here:
        parts.append(say("ce.locomotives", companies=board.words.join(here)))
    lines = ["; ".join(parts), *targets.words(hx.id)]
    return "\n".join(lines)


LOCO, LOCO_GAP = 11.0, 1.5  # a locomotive's square, and the gap between two


def _loco_xs(x: float, count: int) -> list[float]:
    """The middles of ``count`` squares in a row centred on x."""
    left = x - (count * (LOCO + LOCO_GAP) - LOCO_GAP) / 2
    return [left + i * (LOCO + LOCO_GAP) + LOCO / 2 for i in range(count)]


def _locos(x: float, y: float, companies: list[str]) -> list[str]:
    out = []
    size = LOCO
    for co, mid in zip(companies, _loco_xs(x, len(companies)), strict=True):
        fill = COMPANY_FILL[co]
        lx = mid - size / 2
        out.append(el("g", [
            el("rect", x=lx, y=y, width=size, height=size, rx=2.0, fill=fill,
               stroke="#000000", stroke_width=0.8),
            text(lx + size / 2, y + size / 2 + 0.5, LETTERS[co], fill=ink_on(fill),
                 font_size=8, font_weight="bold"),
        ], class_="loco", data_company=co))
    return out


def _name_lines(name: str) -> list[str]:
    if len(name) <= 11 or " " not in name:
        return [name]
    cut = name.rfind(" ", 0, len(name) // 2 + 3)
    cut = cut if cut > 0 else name.find(" ")
    return [name[:cut], name[cut + 1:]]


def _house(x: float, y: float, value: int, built: bool) -> str:
    shape = [(x - 6, y), (x - 6, y - 7), (x, y - 12), (x + 6, y - 7), (x + 6, y)]
    fill = "#6d4c41" if built else "#ffffff"
    return el("g", [
        el("polygon", points=points(shape), fill=fill, stroke="#6d4c41", stroke_width=1.0),
        text(x, y - 5, str(value), fill=ink_on(fill), font_size=7.5, font_weight="bold"),
    ], class_="house developed" if built else "house")


def _hex(board: _Board, hx: Hex, targets: Targets) -> str:
    x, y = centre(hx)
    terrain = hx.terrain_name
    fill = TERRAIN_FILL[terrain]
    if terrain == "start":
        owner = next((c.id for c in COMPANIES if c.start == hx.id), "")
        fill = "#fde7c8" if not owner else fill
    body = [title(_tooltip(board, hx, targets)),
            el("polygon", points=points(corners(x, y)), fill=fill, stroke="#7a7a7a",
               stroke_width=1.0)]
    if terrain in TERRAIN_PATTERN:
        body.append(el("polygon", points=points(corners(x, y, R - 1)),
                       fill=TERRAIN_PATTERN[terrain], stroke="none"))
    here = board.on.get(hx.id, [])
    joins = dict(zip(here, ((lx, y) for lx in _loco_xs(x, len(here))), strict=True))
    tracks = board.tracks.drawn(hx.id, joins)  # each company's lines meet above its square
    body.extend(tracks)
    halo: dict[str, Attr] = {"stroke": fill, "stroke_width": 3.0, "paint_order": "stroke",
                             "stroke_linejoin": "round"} if tracks else {}  # text over lines
    body.append(text(x, y - H / 2 + 7, hx.id, fill=MUTED, font_size=8, **halo))
    body.extend(_numbers(board, hx, x, y, halo))
    lines = _name_lines(hx.name)
    for i, line in enumerate(lines):
        body.append(text(x, y + H / 2 - 7 - 8.5 * (len(lines) - 1 - i), line, fill=INK,
                         font_size=8.5, font_weight="bold" if hx.id == "A2" else None,
                         class_="place-name", **halo))
    if hx.house:
        body.append(_house(x + 17, y - 4, hx.house, hx.id in board.developed))
    elif terrain == "forest" and hx.id in board.developed:
        body.append(el("g", [el("circle", cx=x + 17, cy=y - 9, r=6.0, fill="#2e7d32"),
                             text(x + 17, y - 9, "$", fill="#ffffff", font_size=8)],
                       class_="house developed"))
    if here:
        body.append(el("g", _locos(x, y + 2, here), class_="locos"))
    target = targets.data(hx.id)
    if target["data_action"]:
        body.append(el("polygon", points=points(corners(x, y, R - 2.5)), fill="none",
                       stroke=HIGHLIGHT, stroke_width=4.0, class_="outline"))
    classes = f"hex {terrain}" + (" target" if target["data_action"] else "")
    return el("g", body, id=f"hex-{hx.id}", class_=classes, data_hex=hx.id,
              data_home="" if terrain == "start" else None,  # CE-1.1: where the companies start
              data_goal=hx.name if hx.id == CHICAGO_ID else None,  # CE-7.1: the race west
              tabindex="0" if target["data_action"] else None, **target)


def _numbers(board: _Board, hx: Hex, x: float, y: float, halo: dict[str, Attr]) -> list[str]:
    """Red build cost (left) and income (right) above the locomotives."""
    out = []
    if hx.cost:
        out.append(text(x - 15, y - 9, f"${hx.cost}", fill=COST_RED, font_size=11.5,
                        font_weight="bold", class_="cost value", **halo))
    gain = board.gain(hx)
    if hx.terrain_name == "industrial":
        mark = "#000000" if hx.automatic else "#37474f"
        out.append(el("g", [el("rect", x=x - 2, y=y - 16, width=16.0, height=14.0, rx=3.0,
                                fill=mark),
                            text(x + 6, y - 9, str(gain), fill="#ffffff", font_size=9.5,
                                 font_weight="bold")],
                      class_="track-marker", data_value=gain))
    elif gain:
        out.append(text(x + 2, y - 9, f"+{gain}", fill=INK, font_size=11.5, class_="income value",
                        **halo))
    return out


def _gauge(board: _Board, name: str, x: float, y: float, targets: Targets) -> str:
    g = board.snap["gauges"][name]
    used, size = int(g["used"]), int(g["size"])
    red = used >= size
    say = board.words.say
    tip = say(f"ce.gauge_tip_{name}", used=used, size=size)
    body = [title("\n".join([tip + (" " + say("ce.gauge_red") if red else ""),
                             *targets.words(f"gauge-{name}")])),
            text(x, y + 8, say(f"ce.gauge_{name}", n=used, of=size), fill=INK, font_size=12,
                 text_anchor="start", font_weight="bold")]
    for i in range(size):
        cell_fill = ("#c62828" if red else "#455a64") if i < used else "#ffffff"
        body.append(el("rect", x=x + i * 18.0, y=y + 18, width=15.0, height=15.0, rx=2.0,
                       fill=cell_fill, stroke="#455a64", stroke_width=1.0))
    target = targets.data(f"gauge-{name}")
    if target["data_action"]:
        body.insert(1, el("rect", x=x - 6, y=y - 4, width=max(size * 18.0, 110.0) + 8,
                          height=44.0, rx=5.0, fill="#fff3f7", stroke=HIGHLIGHT,
                          stroke_width=3.0, class_="outline"))
    classes = "gauge" + (" red" if red else "") + (" target" if target["data_action"] else "")
    return el("g", body, id=f"gauge-{name}", class_=classes, data_used=used, data_size=size,
              tabindex="0" if target["data_action"] else None, **target)


def _track(board: _Board, hx: Hex, x: float, y: float) -> str:
    start, step, top = hx.track_start, hx.track_step, board.track_max(hx)
    now = board.track.get(hx.name, start)
    values = list(range(start, top + 1, step)) or [start]
    if values[-1] != top:
        values.append(top)
    say = board.words.say
    body = [title(say("ce.track_tip", name=hx.name, now=now, start=start, top=top, step=step)),
            text(x, y + 8, say("ce.track_automatic", name=hx.name) if hx.automatic else hx.name,
                 fill=INK, font_size=12, text_anchor="start", font_weight="bold")]
    for i, v in enumerate(values):
        cx = x + 9 + i * 20.0
        here = v == now
        body.append(el("circle", cx=cx, cy=y + 26, r=8.5, fill="#000000" if here else "#ffffff",
                       stroke="#37474f", stroke_width=1.0))
        body.append(text(cx, y + 26, str(v), fill="#ffffff" if here else INK, font_size=9))
    return el("g", body, id=f"track-{hx.name.lower()}", class_="industrial-track",
              data_value=now)


def _legend(words: Words, x: float, y: float) -> str:
    body = []
    for i, terrain in enumerate(TERRAIN_FILL):
        cx, cy = x + (i % 3) * 92.0, y + (i // 3) * 26.0
        body.append(el("polygon", points=points(corners(cx + 9, cy + 9, 9)),
                       fill=TERRAIN_FILL[terrain], stroke="#7a7a7a"))
        if terrain in TERRAIN_PATTERN:
            body.append(el("polygon", points=points(corners(cx + 9, cy + 9, 8)),
                           fill=TERRAIN_PATTERN[terrain]))
        body.append(text(cx + 22, cy + 9, words.say(f"terrain.{terrain}"), fill=INK,
                         font_size=11, text_anchor="start"))
    return el("g", body, class_="legend")


def _panel(board: _Board, targets: Targets) -> list[str]:
    y = MAP_H + 4
    out = [el("rect", x=0.0, y=MAP_H, width=MAP_W, height=PANEL_H, fill="#f7f7f7")]
    for i, name in enumerate(GAUGE_NAMES):
        out.append(_gauge(board, name, MARGIN + 6 + i * 200.0, y + 6, targets))
    industrial = [hx for hx in HEXES if hx.terrain_name == "industrial"]
    for i, hx in enumerate(sorted(industrial, key=lambda h: (not h.automatic, h.col))):
        out.append(_track(board, hx, MARGIN + 6 + i * 200.0, y + 62))
    houses = board.snap.get("houses")
    out.append(el("g", [text(MAP_W - 300, y + 14, board.words.say("ce.houses", n=houses),
                             fill=INK, font_size=12, text_anchor="start", font_weight="bold")],
                  class_="houses", data_value=houses))
    out.append(_legend(board.words, MAP_W - 300, y + 40))
    return out


def draw(snapshot: Mapping[str, Any], targets: Iterable[str] | None = None,
         words: Words | None = None, describe: Callable[[str], str] = str) -> str:
    """The board of a Chicago Express snapshot as an SVG document (a string).

    ``targets``: action texts to mark as clickable (``place R3``, ``develop I6``,
    ``choose build``), their words (``describe``: the games' sentence of a move in the
    drawing's language, see ``cuberail.draw.svg_for``) added to the element's tooltip;
    ``words``: the language (English by default).
    """
    board = _Board(snapshot, words or Words())
    marks = split_targets(targets, KINDS)
    marks.describe = describe
    plain = [hx for hx in HEXES if hx.id not in marks.by_key]
    marked = [hx for hx in HEXES if hx.id in marks.by_key]  # last: outlines on top
    body = [DEFS, el("rect", x=0.0, y=0.0, width=MAP_W, height=MAP_H, fill="#dcebf5"),
            el("g", [_hex(board, hx, marks) for hx in plain + marked], class_="map"),
            *_panel(board, marks)]
    return document(MAP_W, MAP_H + PANEL_H, body, css_class="board chicago-express",
                    label=board.words.say("ce.board"), style=STYLE)
