"""The Chicago Express board for the full-screen table: one hex, one coloured block.

Each hex is a 5x2 block in its terrain's colour; the column between map columns draws
the slanted sides of the hexes either side (``╱C1 ╲`` over ``╲$1▁╱``), so a hex's second
line is closed by its own lower corners and never read as its neighbour's (the columns
are staggered: odd ones sit a line lower, flat-top, odd-q). The first line carries the
id, a mark and the cost, or on offer the choice's number to type (reversed in the
building company's colours) and the price (`` 7 $2``; developing, what it adds), the
id then going to the second line (``R2▁▁▁``) but for a city, which keeps its name;
the second the city's name (five letters: ``Pitts``) and
the company locomotives as coloured letters between rails in the company's colour
(``Phi P``, ``═NB══``), so a route reads hex to hex; a letter never starts the line.
The compact map (three characters a hex) writes a city's locomotives after its id
(``R5P``) over its whole three letters (``Phi``), and a hex with one company's track
that others may still build on its price for the next one (``$2P``, CE-5.4); the key
names every city with its hex.
:func:`hex_at` turns a click position back into a hex id: the geometry lives here.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping

from rich.console import Console, ConsoleOptions, Group, RenderResult
from rich.measure import Measurement
from rich.text import Text

from cuberail.games.chicago_express.board import (
    CHICAGO,
    COMPANY_IDS,
    FOREST,
    HEXES,
    MOUNTAIN,
    START,
    Hex,
)
from cuberail.games.chicago_express.state import PLACE, ChicagoExpressState
from cuberail.terminal.chicago_express import (
    CHICAGO_STYLE,
    COLS,
    COMPANY_STYLE,
    GRID,
    LETTER,
    TERRAIN_STYLE,
)
from cuberail.terminal.chicago_express import GLYPH as VIEW_GLYPH

CELL = 5  # characters of a hex
STEP = CELL + 1  # a map column: the hex and one blank column
WIDTH = COLS * STEP
# the rows, down to the last line of the lowest hex (every id names its column: no header)
HEIGHT = max(2 * h.row + h.col % 2 for h in HEXES) + 2
SMALL = 3  # characters of a hex on the compact map (the board alone at 80 columns)
SMALL_STEP = SMALL + 1
SMALL_WIDTH = COLS * SMALL_STEP
SMALL_HEIGHT = HEIGHT
TARGET_STYLE = "bold black on bright_cyan"
BORDER_STYLE = "grey62"  # a hex's slanted sides, in the blank column between map columns
GLYPH = {**VIEW_GLYPH, START: "★"}  # the text view's marks, and the start cities'
DEVELOPED = "⌂"
EDGE = "▁"  # fills a hex's second line: its lower edge, so a hex reads as one block
RAIL = "═"  # fills it instead where companies have track: a network reads without colour
_ABBR_OVERRIDES = {"Charlottesville": "Chv", "White Sulphur Springs": "WSS"}


# A city in five letters on the whole map (F2 at 120 columns, wide terminals): more of
# its name than the compact map's three, read without a key.
_FIVE = {
    "Chicago": "Chicg", "Lafayette": "Lafay", "South Bend": "SBend", "Fort Wayne": "FtWay",
    "Indianapolis": "Indpl", "Detroit": "Detrt", "Toledo": "Toldo", "Columbus": "Colmb",
    "Cincinnati": "Cinci", "Cleveland": "Clevl", "Canton": "Cantn", "Wheeling": "Wheel",
    "Charleston": "Chstn", "Pittsburgh": "Pitts", "Grafton": "Grftn",
    "White Sulphur Springs": "WSSpr", "Buffalo": "Bufal", "Altoona": "Altna",
    "Staunton": "Stntn", "Cumberland": "Cumbl", "Rochester": "Rochr",
    "Harrisburg": "Harbg", "Charlottesville": "Chvil", "Syracuse": "Syrac",
    "Binghamton": "Bingh", "Baltimore": "Balti", "Washington": "Washn",
    "Philadelphia": "Phila", "Albany": "Albny", "New York": "NYork",
}


def abbr(name: str) -> str:
    """Three letters for a city: initials of several words, else its start."""
    if name in _ABBR_OVERRIDES:
        return _ABBR_OVERRIDES[name]
    words = name.split()
    return "".join(w[0] for w in words)[:3] if len(words) > 1 else name[:3]


def label(name: str, cell: int = CELL) -> str:
    """A city's name on a map of ``cell`` characters a hex: five letters on the whole map
    (``Phila``), three on the compact one (``Phi``; the key names them all)."""
    return _FIVE.get(name, name[:cell]) if cell >= CELL else abbr(name)


def _on_top(s: ChicagoExpressState, hx: Hex, cell: int, offered: bool = False) -> list[int]:
    """The companies whose letters a compact city shows after its id (``R5P``), where
    they fit, so that its second line keeps the whole of its three letters (``Phi``):
    the letters stay apart from the name."""
    if cell >= CELL or not hx.name or offered:
        return []
    return list(s.companies_on(hx.index))[:max(cell - len(hx.id), 0)]


def hex_style(hx: Hex) -> str:
    """The block colour: Chicago gold, a start city in its company's colour, else terrain."""
    if hx.index == CHICAGO:
        return CHICAGO_STYLE
    if hx.terrain == START:
        return COMPANY_STYLE[COMPANY_IDS.index(hx.start_of)]
    return TERRAIN_STYLE[hx.terrain]


def _top(s: ChicagoExpressState, hx: Hex, style: str, cell: int = CELL) -> Text:
    """Id (always), a mark (developed, else the terrain glyph) and the cost; the compact
    map keeps the id and, when it has room, the mark."""
    mark = DEVELOPED if s.is_developed(hx.index) else GLYPH.get(hx.terrain, " ")
    letters = _on_top(s, hx, cell)
    if letters:
        out = Text(hx.id, style=style)
        for c in letters:
            out.append(LETTER[c], style=COMPANY_STYLE[c] + " bold underline")
        return out
    if cell < CELL:
        return Text(f"{hx.id}{mark}"[:cell].ljust(cell), style=style)
    return Text(f"{hx.id:<3}{mark}{hx.cost % 10}", style=style)


def offer_style(s: ChicagoExpressState) -> str:
    """How a hex on offer shows its choice's number: reversed in the colours of the company
    placing track (CE-5), else (developing, CE-6) the table's bright mark."""
    if s.step == PLACE and 0 <= s.b_company < len(COMPANY_STYLE):
        return COMPANY_STYLE[s.b_company] + " reverse"
    return TARGET_STYLE


def offer_value(s: ChicagoExpressState, hx: Hex) -> str:
    """What the choice of a hex on offer costs or gives, as the choices' list says it:
    building, the placement's price (CE-5.4: ``$4`` on a $2 hex a locomotive holds
    already); developing, the income it adds (``+1``, CE-6.3 and CE-6.5) or the cash
    a forest pays (``$2``, CE-6.4)."""
    if s.step == PLACE:
        return f"${s.placement_cost(hx.index)}"
    if hx.terrain == FOREST:
        return f"${hx.develop_cash}"
    if hx.index in s.track:
        now = s.track[hx.index]
        return f"+{min(now + hx.track_step, s.opts.track_max[hx.index]) - now}"
    return f"+{hx.house}"


def _number(number: str, value: str, style: str, plain: str, cell: int) -> Text:
    """A hex on offer's first line: the number to type for it (bright, ``style``) and
    what it costs or gives (``value``, in the hex's colours): `` 1 $2``, ``1$2``; the
    number alone where both do not fit (a two-digit number on the compact map: ``12 ``;
    it read ``122`` there, number and price run together: the 26th newcomer run)."""
    field = max(cell - len(value), len(number))
    if field + len(value) > cell:
        value, field = "", cell
    out = Text()
    out.append(f"{number[:cell]:^{min(field, cell)}}", style=style)  # ``12 $2``
    out.append(value[:max(cell - out.cell_len, 0)], style=plain)
    return out


def _bottom(s: ChicagoExpressState, hx: Hex, style: str, cell: int = CELL,
            offered: bool = False) -> Text:
    """The locomotives as coloured letters after the city name or between rails (``═P═══``,
    the hex's track, seen without colour): a letter never starts the line, where it would
    read as part of the neighbouring hex's id or cost. A city keeps as much of its name as
    the letters leave, a space between them where two letters of the name still fit
    (``Bin P``, ``Bi NB``), else none (``ChNBP``), so
    a city with track still says which city it is (the letters alone hid it). A hex
    without track keeps its lower edge (``▁``), after its build cost on the compact map
    (``$2▁``: its first line has no room for it, CE-5.4). A compact city writes its
    locomotives after its id (:func:`_on_top`) and keeps its three letters whole; those
    its first line has no room for (``K10``, or a second company) colour its name."""
    companies = list(s.companies_on(hx.index))[len(_on_top(s, hx, cell, offered)):]
    name = label(hx.name, cell) if hx.name else (hx.id if offered else "")
    if cell < CELL and name and companies:
        mine = COMPANY_STYLE[companies[0]] + " bold underline"
        return Text(name.ljust(cell, RAIL), style=style if TARGET_STYLE in style else mine)
    if companies and hx.name and len(name) > cell - len(companies) - 1:
        name = abbr(hx.name)  # beside letters: the three letters the key names
    fill = RAIL if s.companies_on(hx.index) else EDGE
    room = cell - len(companies)  # beside the letters
    if not companies and not name and cell < CELL and hx.cost:
        head = f"${hx.cost}"[:cell]
    elif not companies:
        head = name[:cell]
    elif name:
        head = name[:room - 1] + " " if room - 1 >= 2 else name[:max(room, 0)]
    elif cell < CELL and _shared(hx) and len(companies) + 2 <= cell:
        head = f"${s.placement_cost(hx.index)}"[:cell - len(companies)]  # ``$2P``
    else:
        head = RAIL if len(companies) < cell else ""
    here = s.companies_on(hx.index)
    rail = COMPANY_STYLE[here[0]] + " underline" if here else style  # a route's colour
    out = Text(head, style=rail if head == RAIL or (here and not name) else style)
    for c in companies[:cell - len(head)]:
        out.append(LETTER[c], style=COMPANY_STYLE[c] + " bold underline")
    out.append(fill * max(cell - len(head) - len(companies), 0), style=rail)
    return out


def _shared(hx: Hex) -> bool:
    """Whether another company may still build on a hex with track (CE-5.3: a forest or a
    mountain holds its first company only), so that its price for the next one matters."""
    return hx.terrain not in (FOREST, MOUNTAIN)


def _at(col: int, line: int) -> tuple[Hex | None, bool]:
    """The hex drawn in map column ``col`` on ``line``, and whether it is its first line."""
    shifted = line - (col % 2)
    hx = GRID.get((col, shifted // 2)) if shifted >= 0 else None
    return hx, shifted % 2 == 0


def _side(col: int, line: int) -> str:
    """The blank column after map column ``col``: the slanted sides of the hexes either side
    (``╱C1 ╲`` over ``╲$1▁╱``), so a hex's two lines read as one hex, its second line closed
    by its own lower corners and never taken for a neighbour's first."""
    left, first = _at(col, line)
    if left is not None:
        return "╲" if first else "╱"
    right, first = _at(col + 1, line)
    if right is not None:
        return "╱" if first else "╲"
    return " "


def _offered(targets: Collection[str]) -> Mapping[str, str]:
    """The choice number of each hex on offer, when the table gives them (a mapping)."""
    return targets if isinstance(targets, Mapping) else {}


def _hex_line(s: ChicagoExpressState, hx: Hex, first: bool, targets: Collection[str],
              cell: int) -> Text:
    number = _offered(targets).get(hx.id)
    if number is not None and first:
        return _number(number, offer_value(s, hx), offer_style(s), hex_style(hx), cell)
    style = TARGET_STYLE if hx.id in targets and number is None else hex_style(hx)
    if first:
        return _top(s, hx, style, cell)
    return _bottom(s, hx, style + " underline", cell, number is not None)


def render(s: ChicagoExpressState, targets: Collection[str], cell: int = CELL) -> Text:
    """The whole map: the staggered hexes, each framed by its slanted sides (no column
    letters: each hex shows its id). ``targets``: the hexes on offer, drawn bright; a
    mapping gives each its choice's number, drawn in place of its id. ``cell=SMALL``
    draws the compact map (3 characters a hex)."""
    lines: list[Text] = []
    for line in range(HEIGHT):
        row = Text()
        for col in range(COLS):
            hx, first = _at(col, line)
            if hx is None:
                row.append(" " * cell)
            else:
                row.append_text(_hex_line(s, hx, first, targets, cell))
            row.append(_side(col, line), style=BORDER_STYLE)
        lines.append(row)
    out = Text("\n").join(lines)
    out.no_wrap, out.overflow = True, "crop"
    return out


def render_small(s: ChicagoExpressState, targets: Collection[str]) -> Text:
    """The compact map: the whole board in 76 columns (the board alone at 80x24)."""
    return render(s, targets, SMALL)


def hex_at(x: int, y: int, cell: int = CELL) -> str | None:
    """The id of the hex drawn at column ``x``, line ``y`` of :func:`render`, if any."""
    col, inside = divmod(x, cell + 1)
    if inside >= cell or not 0 <= col < COLS or y < 0:
        return None
    shifted = y - (col % 2)
    hx = GRID.get((col, shifted // 2)) if shifted >= 0 else None
    return hx.id if hx else None


def hex_at_small(x: int, y: int) -> str | None:
    """:func:`hex_at` on the compact map."""
    return hex_at(x, y, SMALL)


def column_names(first: int, last: int) -> str:
    """Named hexes in map columns ``first..last`` (for 'off-screen' notes)."""
    names = [h.name for h in sorted(HEXES, key=lambda h: h.col)
             if h.name and first <= h.col <= last]
    return ", ".join(names)


def legend() -> str:
    """The map's marks in a line, for under the map: the track's letters and the glyphs."""
    companies = " ".join(f"{LETTER[c]}={cid}" for c, cid in enumerate(COMPANY_IDS))
    return (f"{RAIL}{LETTER[0]}{RAIL} a company's track: {companies} · {GLYPH[START]} start"
            f" {GLYPH[FOREST]} forest {GLYPH[MOUNTAIN]} mountain {DEVELOPED} developed")


def legend_small() -> str:
    """:func:`legend` within the compact map's width (the side panel's key names the
    forest and mountain marks, a city's locomotives after its id, and every city's three
    letters)."""
    companies = " ".join(f"{LETTER[c]}={cid}" for c, cid in enumerate(COMPANY_IDS))
    return (f"{RAIL}{LETTER[0]}{RAIL} {companies} · $2 cost · {GLYPH[START]} start"
            f" {DEVELOPED} developed")


def cities() -> str:
    """Every city with its hex and its three letters on the compact map, west to east."""
    named = sorted((h for h in HEXES if h.name), key=lambda h: (h.col, h.row))
    return ", ".join(f"{abbr(h.name)} {h.name} {h.id}" for h in named)


TERRAIN_NAMES = ("plain", "forest", "mountain", "city", "industrial")  # TERRAIN_STYLE's order


class TerrainKey:
    """The terrains in one line, each name in the colours its hexes have on the map
    (``plain forest mountain city industrial``), for the side panel. Where the panel is
    too narrow for them (80 columns), two lines, broken between names: they abutted in
    one line, and the twenty-second newcomer run read ``plainforestmountaincityindustrial``
    as words run together. Never wrapped within a name (a name cut in two read as two
    terrains)."""

    def line(self, gap: str, terrains: tuple[int, ...] | None = None) -> Text:
        out = Text(no_wrap=True, overflow="crop")
        for terrain, style in TERRAIN_STYLE.items():
            if terrains is not None and terrain not in terrains:
                continue
            if out:
                out.append(gap)
            out.append(TERRAIN_NAMES[terrain], style=style)
        return out

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        spaced = self.line(" ")
        if spaced.cell_len <= options.max_width:
            yield spaced
            return
        order = tuple(TERRAIN_STYLE)
        yield self.line(" ", order[:3])  # plain forest mountain
        yield self.line(" ", order[3:])  # city industrial

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        order = tuple(TERRAIN_STYLE)
        return Measurement(self.line(" ", order[:3]).cell_len, self.line(" ").cell_len)


def _locomotive_line(forms: tuple[tuple[str, str], ...]) -> Text:
    """What a company's letter on a hex is, by the map's forms of it (text before and
    after the letter): ``R5P, $2P: a PRR locomotive there``, the letter in its colours."""
    line = Text(no_wrap=True, overflow="ellipsis")
    for before, after in forms:
        line.append(", " if line else "")
        line.append(before)
        line.append(LETTER[0], style=COMPANY_STYLE[0] + " bold underline")
        line.append(after)
    line.append(f": a {COMPANY_IDS[0]} locomotive there")
    return line


def side_key() -> Group:
    """The key in the side panel: the terrains' colours in a line and what a company's
    letter on a hex is (``Phi P, ═P═``: the twenty-first newcomer run found nothing on
    screen that said it); the map's other marks are on the board's border, the whole key
    in the help, F1."""
    return Group(TerrainKey(), _locomotive_line((("Phi ", ""), (RAIL, RAIL))))


def side_key_small() -> Group:
    """:func:`side_key` for the compact map: the letter after a hex's id or price."""
    return Group(TerrainKey(), _locomotive_line((("R5", ""), ("$2", ""))))


def key() -> Text:
    """A complete key to the map (the help shows it: F1)."""
    out = Text()
    for terrain, style in TERRAIN_STYLE.items():
        out.append(f" {TERRAIN_NAMES[terrain]} ", style=style)
        out.append(" ")
    out.append(" Chicago ", style=CHICAGO_STYLE)
    out.append("\n")
    for c, cid in enumerate(COMPANY_IDS):
        out.append(LETTER[c], style=COMPANY_STYLE[c])
        out.append(f" {cid} ")
    out.append(" 7 ", style=TARGET_STYLE)
    out.append(" on offer: type 7 (or click); beside it what it costs ($2) or adds (+1)")
    p, rail = LETTER[0], RAIL
    out.append(f"\nA hex sits between its slanted sides, ╱ ╲ over ╲▁╱: its second line"
               f" is closed by its own lower corners. First line: id, mark, cost to build;"
               f" on offer, the number to type and the price (7 $2), the id under it."
               f" Second line: the city's name and the letters"
               f" of its locomotives (Phila, Phi {p}; {rail}{p}{rail} without a city:"
               f" {COMPANY_IDS[0]}'s track, in its colour hex to hex: a route), else its lower"
               f" edge {EDGE * 3}. The compact map: the id, then a city's locomotives (R5{p})"
               f" over its three letters (Phi; in a company's colour where the id leaves"
               f" no room), else $2{EDGE}: $2 cost to build, or $2{p}: {COMPANY_IDS[0]}'s"
               f" track and the cost for another company there (CE-5.4; ═{p}═ in a"
               f" forest or a mountain: no other company builds there); on offer 7$2"
               f" over its id;"
               f" ♣ forest (develop: cash)  ▲ mountain  ★ start  {DEVELOPED} developed."
               " Click a hex, type its number when on offer, or its id.")
    out.append(f"\nCities (compact map's letters): {cities()}.")
    return out
