"""Chicago Express in the terminal (its face): the hex map, companies, players, gauges and the step.

Rendering only: the rules live in state.py, the words of moves and events in moves.py
(re-exported here: ``render``, ``describe_action`` and ``events`` are what every title's
terminal face offers); the full-screen table's parts are in :mod:`.table`.
The map is a staggered text grid (flat-top, odd-q: odd columns half a hex lower),
five characters per hex: a line in the terrain's colour (id or city, house mark,
red cost) over a line with the companies present.
"""

from __future__ import annotations

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from cuberail.core.state import GameState
from cuberail.core.words import seat_name
from cuberail.games.chicago_express import INFO
from cuberail.games.chicago_express.board import (
    CHICAGO,
    CITY,
    COMPANIES,
    COMPANY_IDS,
    FOREST,
    GAUGE_NAMES,
    HEX_INDEX,
    HEXES,
    INDUSTRIAL,
    INDUSTRIAL_HEXES,
    MOUNTAIN,
    PLAIN,
    START,
    TERRAINS,
    Hex,
)
from cuberail.games.chicago_express.moves import (
    describe_action,
    describe_parts,
    describe_step,
    events,
    menu_parts,
)
from cuberail.games.chicago_express.state import (
    DEVELOP,
    PLACE,
    ChicagoExpressState,
)
from cuberail.games.face import company_looks

CELL = 5
COLS = 1 + max(h.col for h in HEXES)
ROWS = 1 + max(h.row for h in HEXES)
GRID = {(h.col, h.row): h for h in HEXES}
LOOKS = company_looks(INFO.title)  # the companies' letters and styles: the title's face
LETTER = tuple(LOOKS[cid].letter for cid in COMPANY_IDS)
COMPANY_STYLE = tuple(LOOKS[cid].terminal for cid in COMPANY_IDS)
TERRAIN_STYLE = {PLAIN: "black on dark_khaki", FOREST: "white on dark_green",
                 MOUNTAIN: "white on orange4", CITY: "black on grey85",
                 INDUSTRIAL: "bold white on purple4"}
CHICAGO_STYLE = "bold black on gold1"
GLYPH = {FOREST: "♣", MOUNTAIN: "▲"}
_ABBR_OVERRIDES = {"Charlottesville": "Chv"}


def _abbr(name: str) -> str:
    """Three letters for a city on the map: initials of several words, else its start."""
    if name in _ABBR_OVERRIDES:
        return _ABBR_OVERRIDES[name]
    words = name.split()
    return "".join(w[0] for w in words)[:3] if len(words) > 1 else name[:3]


ABBR = {h.index: _abbr(h.name) for h in HEXES if h.name}


def _ce(state: GameState) -> ChicagoExpressState:
    if not isinstance(state, ChicagoExpressState):
        raise TypeError(f"not a Chicago Express state: {type(state).__name__}")
    return state



# ----- the map ----------------------------------------------------------------------


def _hex_style(hx: Hex) -> str:
    if hx.index == CHICAGO:
        return CHICAGO_STYLE
    if hx.terrain == START:
        return COMPANY_STYLE[COMPANY_IDS.index(hx.start_of)]
    return TERRAIN_STYLE[hx.terrain]


def _label(s: ChicagoExpressState, hx: Hex, targets: set[int]) -> Text:
    """The coloured line: id (or city), house mark, red cost."""
    head = ABBR.get(hx.index, hx.id)
    mark = "⌂" if s.is_developed(hx.index) else " "
    cost = "★" if hx.terrain == START else str(hx.cost)
    style = _hex_style(hx) + (" reverse" if hx.index in targets else "")
    return Text(f"{head:<3}{mark}{cost}", style=style)


def _locos(s: ChicagoExpressState, hx: Hex) -> Text:
    """The line under: company letters, or the hex id / terrain glyph when empty."""
    companies = s.companies_on(hx.index)
    if not companies:
        text = hx.id if hx.index in ABBR else GLYPH.get(hx.terrain, "")
        return Text(f"{text:^{CELL}}", style="dim")
    pad = CELL - len(companies)
    out = Text(" " * (pad // 2))
    for c in companies:
        out.append(LETTER[c], style=COMPANY_STYLE[c])
    out.append(" " * (pad - pad // 2))
    return out


def _cell(s: ChicagoExpressState, col: int, line: int, targets: set[int]) -> Text:
    shifted = line - (col % 2)
    hx = GRID.get((col, shifted // 2)) if shifted >= 0 else None
    if hx is None:
        return Text(" " * CELL)
    return _label(s, hx, targets) if shifted % 2 == 0 else _locos(s, hx)


def _targets(s: ChicagoExpressState) -> set[int]:
    """Hexes the player to move may place on or develop now (drawn reversed)."""
    if s.step not in (PLACE, DEVELOP):
        return set()
    return {HEX_INDEX[str(a.args[0])] for a in s.legal_actions() if a.args}


def render_map(s: ChicagoExpressState) -> Text:
    """The staggered hex grid with a column header."""
    targets = _targets(s)
    lines = [Text("".join(f"{chr(65 + c):^{CELL}}" for c in range(COLS)), style="bold")]
    for line in range(2 * ROWS + 1):
        row = Text()
        for col in range(COLS):
            row.append_text(_cell(s, col, line, targets))
        lines.append(row)
    return _block(lines)


def _legend_entry(s: ChicagoExpressState, hx: Hex) -> Text:
    text = Text(f"{hx.id} ", style="bold")
    text.append(hx.name if len(hx.name) <= 13 else hx.name[:12] + ".")
    if hx.terrain == START:
        text.append(f" {hx.start_of}", style="dim")
    elif hx.terrain == INDUSTRIAL:
        text.append(f" +{s.track[hx.index]}", style="dim")
    else:
        house = f"⌂{hx.house}" if hx.house else ""
        text.append(f" +{hx.income}{house}", style="dim")
    return text


def _key() -> Text:
    key = Text("key: ")
    for terrain, style in TERRAIN_STYLE.items():
        key.append(f" {TERRAINS[terrain]} ", style=style)
        key.append(" ")
    key.append(" Chicago ", style=CHICAGO_STYLE)
    key.append("  digit: cost  ⌂ developed  ★ start  PBCNW locos", style="dim")
    return key


def _block(lines: list[Text]) -> Text:
    """Lines joined into one block that is cropped, never wrapped (a grid must stay a grid)."""
    out = Text("\n").join(lines)
    out.no_wrap, out.overflow = True, "crop"
    return out


def render_legend(s: ChicagoExpressState, per_row: int = 5) -> Text:
    """Named hexes (id, name, income and house value) in columns, and a key to the map."""
    entries = [_legend_entry(s, h) for h in HEXES if h.name]
    widths = [max(e.cell_len for e in entries[c::per_row]) + 2 for c in range(per_row)]
    lines = []
    for i in range(0, len(entries), per_row):
        line = Text()
        for c, entry in enumerate(entries[i:i + per_row]):
            line.append_text(entry)
            line.append(" " * (widths[c] - entry.cell_len))
        line.rstrip()
        lines.append(line)
    return _block([*lines, _key()])


# ----- tables and status ------------------------------------------------------------


def render_companies(s: ChicagoExpressState) -> Table:
    """Income, treasury, shares, locomotives and dividend per share of each company."""
    table = Table(box=box.SIMPLE_HEAD, padding=(0, 1), pad_edge=False)
    for head in ("company", "income", "cash", "sold", "left", "locos", "div", "open"):
        table.add_column(head, justify="left" if head == "company" else "right")
    for c in range(len(COMPANIES)):
        table.add_row(
            Text(f" {COMPANY_IDS[c]} ", style=COMPANY_STYLE[c]), str(s.income[c]),
            f"${s.treasury[c]}",
            f"{s.sold[c]}/{COMPANIES[c].shares}", str(s.unsold(c)), str(s.locos_left[c]),
            f"${s.dividend_per_share(c)}" if s.sold[c] else "-",
            "yes" if s.is_open(c) else "no",
        )
    return table


def _shares(s: ChicagoExpressState, seat: int) -> Text:
    out = Text()
    for c in range(len(COMPANIES)):
        if s.held[seat][c]:
            out.append(LETTER[c], style=COMPANY_STYLE[c])
            out.append(f"{s.held[seat][c]} ")
    out.rstrip()
    return out


def render_players(s: ChicagoExpressState, players: list[str]) -> Table:
    """Cash and shares of each player; the one to move is marked."""
    table = Table(box=box.SIMPLE_HEAD, padding=(0, 1), pad_edge=False)
    for head in ("", "player", "cash", "shares"):
        table.add_column(head, justify="right" if head == "cash" else "left")
    mover = s.current_player()
    for p in range(s.num_players):
        mark = Text("▶", style="bold") if p == mover else Text("")
        table.add_row(mark, seat_name(players, p)[:15], f"${s.cash[p]}", _shares(s, p))
    return table


def _gauges(s: ChicagoExpressState) -> Text:
    out = Text.assemble(("gauges: ", "bold"))
    for g, name in enumerate(GAUGE_NAMES):
        used, size = s.gauges[g], s.gauge_size(g)
        out.append(f"{name} {used}/{size}", style="bold red" if used >= size else "green")
        out.append("  ")
    return out


def _track(s: ChicagoExpressState) -> Text:
    out = Text.assemble(("industrial track: ", "bold"))
    for h in INDUSTRIAL_HEXES:
        out.append(f"{HEXES[h].name} {s.track[h]}/{s.opts.track_max[h]}  ")
    out.append(f"  houses left: {s.houses}   dividends paid: {s.dividends}")
    return out


def render(state: GameState, players: list[str]) -> RenderableType:
    """The whole table: map, legend, companies and players, gauges, track and the step."""
    s = _ce(state)
    tables = Table.grid(padding=(0, 3))
    tables.add_row(render_companies(s), render_players(s, players))
    step = Text.assemble(("now: ", "bold"), describe_step(s, players))
    return Group(render_map(s), render_legend(s), tables, _gauges(s), _track(s), step)

__all__ = ["describe_action", "describe_parts", "describe_step", "events", "menu_parts", "render",
           "render_companies", "render_legend", "render_map", "render_players"]
