"""The Trans-Siberian board for the full-screen table: the board as a graph.

Every city stands at one place for the map's size, as on the printed board (west left,
east right, north up: :mod:`.places`); each link is a straight line of line glyphs
between its cities (:mod:`.geo`): the links on offer for the decision at hand bright,
tagged with the number typed to choose them (``[7]``), the built links in their
company's colour, tagged with its letter and the link's value (``R3``), the links
nobody has built dim and dotted. Cities no built link or link on offer touches are dim.
The whole map (F2, wide terminals) writes every city's whole name; the compact one (78
columns) a short form of at most eight letters (``Yekater.``). The map's last row is
its key. :func:`link_at` answers a click with the link drawn there.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from functools import cache

from rich.text import Text

from cuberail.games.face import company_looks
from cuberail.games.trans_siberian import INFO
from cuberail.games.trans_siberian.board import (
    COMPANY_IDS,
    LINKS,
    LOCATIONS,
    MOSCOW,
    NUM_COMPANIES,
)
from cuberail.games.trans_siberian.state import TransSiberianState
from cuberail.terminal.trans_siberian import geo
from cuberail.terminal.trans_siberian.geo import BUILT, OFFER, Drawing

WIDTH, HEIGHT = 112, 29
SMALL_WIDTH, SMALL_HEIGHT = 78, 19  # the compact map: the board alone at 80x24
TARGET_STYLE = "bold black on bright_cyan"
NUMBER_STYLE = "bold bright_white on black"  # a link on offer's number: ``[7]``
FREE_STYLE = "grey50"
DIM_STYLE = "grey42"  # a city no drawn link touches
LOOKS = company_looks(INFO.title)  # the companies' styles at the table: the title's face
COMPANY_STYLE = tuple(LOOKS[cid].terminal for cid in COMPANY_IDS)
LETTER = tuple(LOOKS[cid].letter for cid in COMPANY_IDS)  # an owned link's mark on the map
# Two letters per company, distinct (black and blue both begin "Bl"): the side panel's
# tables, the standings line and the map's key.
SHORT_NAMES = {"red": "Re", "blue": "Bu", "green": "Gr", "yellow": "Ye", "black": "Bk",
               "white": "Wh"}
COMPANY_SHORT = tuple(SHORT_NAMES.get(cid, cid[:2].capitalize()) for cid in COMPANY_IDS)
NAMED_WIDTH = 100  # maps at least this wide write whole names, narrower ones short forms
SHORT = 8  # the most letters of a city's short form
_SHORTER = {"Nizhny Novgorod": "N.Novgor", "Nizhneangarsk": "N.Angar.",
            "Nizhnevartovsk": "N.Vartov", "Nizhny Bestyakh": "N.Bestya",
            "Komsomolsk-na-Amure": "Komsomol", "Rostov-na-Donu": "Rostov",
            "St. Petersburg": "St.Peter", "Novy Urengoy": "N.Urengoy"[:SHORT]}
LINE_STYLE = "bold bright_cyan"  # a link on offer's line (its tag: NUMBER_STYLE)
UNBUILT_STYLE = "grey35"  # a link nobody has built: dim, dotted
_drawn: dict[tuple[int, int], Drawing] = {}  # the last drawing at each size


def label(name: str, width: int = 0) -> str:
    """A city's label on a map ``width`` columns wide: its whole name on the whole map, a
    short form of at most :data:`SHORT` letters on the compact one (``Yekater.``)."""
    if width >= NAMED_WIDTH:
        return name
    name = _SHORTER.get(name, name)
    return name if len(name) <= SHORT else name[:SHORT - 1] + "."


@cache
def _words(width: int) -> tuple[tuple[int, str], ...]:
    return tuple((loc.index, "◇" if loc.is_external else label(loc.name, width))
                 for loc in LOCATIONS)


def _owner(s: TransSiberianState, link: int) -> int:
    owner = s.owner[link]
    return owner if 0 <= owner < NUM_COMPANIES else -1


def drawn_links(s: TransSiberianState, targets: Collection[str]) -> list[int]:
    """The links the map draws bright: the built ones and those on offer now (the others
    dim)."""
    return [k for k, link in enumerate(LINKS) if _owner(s, k) >= 0 or link.id in targets]


def drawing(s: TransSiberianState, targets: Collection[str], width: int = WIDTH,
            height: int = HEIGHT) -> Drawing:
    """The map's geometry for this state (remembered for clicks at this size).
    ``targets``: the links on offer; a mapping gives each its number in the menu (the
    number typed to choose it), written on its line."""
    number = targets if isinstance(targets, Mapping) else {}
    links = tuple((k, LETTER[_owner(s, k)] if _owner(s, k) >= 0 else "",
                   LINKS[k].id in targets, number.get(LINKS[k].id, ""))
                  for k in drawn_links(s, targets))
    out = geo.draw(links, _words(width), width, height)
    _drawn[(width, height)] = out
    return out


def _style(s: TransSiberianState, kind: int, link: int, targets: Collection[str]) -> str:
    if kind == OFFER or LINKS[link].id in targets:
        return LINE_STYLE
    owner = _owner(s, link)
    return COMPANY_STYLE[owner] if kind == BUILT and owner >= 0 else UNBUILT_STYLE


def _cell(s: TransSiberianState, draw: Drawing, cell: tuple[int, int],
          targets: Collection[str]) -> tuple[str, str]:
    """A cell's character and style."""
    if cell in draw.labels:
        loc, ch = draw.labels[cell]
        return ch, ("bold" if loc == MOSCOW else
                    "italic grey70" if LOCATIONS[loc].is_external else "")
    if cell in draw.dim:
        return draw.dim[cell][1], DIM_STYLE
    if cell in draw.tags:
        link, ch = draw.tags[cell]
        if LINKS[link].id in targets:
            return ch, NUMBER_STYLE
        return ch, _style(s, BUILT, link, targets) + " bold"
    if cell in draw.lines:
        kind, link = draw.lines[cell]
        return draw.char(cell), _style(s, kind, link, targets)
    return " ", ""


def key_line(draw: Drawing, width: int) -> Text:
    """The map's last row: what is drawn (with nothing built or on offer yet, why: the
    thirteenth newcomer run found the opening's map "only city names, with no links")."""
    wide = width >= NAMED_WIDTH
    if not draw.tags:
        out = Text("no link built yet: dotted, the board's links; those on offer are"
                   " numbered at each build (F4: each company's network as a list)" if wide
                   else "no link built yet: offers are numbered at a build", style="dim")
        out.truncate(width, overflow="ellipsis")
        return out
    out = Text("built ", style="dim")
    out.append("R3", style="bold")
    out.append(" (company letter, value), on offer " if wide else " (letter, value), offer ",
               style="dim")
    out.append("══", style=LINE_STYLE)
    out.append("[7]", style=NUMBER_STYLE)
    out.append(" (type its number), " if wide else " (its number), ", style="dim")
    out.append("··", style=UNBUILT_STYLE)
    out.append(" not built, ◇ the border" if wide else " unbuilt, ◇ border", style="dim")
    out.truncate(width, overflow="ellipsis")
    return out


def render(s: TransSiberianState, targets: Collection[str], width: int = WIDTH,
           height: int = HEIGHT) -> Text:
    """The map: built links and the links on offer now (bright), the others dim."""
    draw = drawing(s, targets, width, height)
    out = Text()
    for y in range(height - 1):
        for x in range(width):
            ch, style = _cell(s, draw, (x, y), targets)
            out.append(ch, style=style)
        out.append("\n")
    out.append_text(key_line(draw, width))
    out.no_wrap, out.overflow = True, "crop"
    return out


def render_small(s: TransSiberianState, targets: Collection[str]) -> Text:
    """The compact map: 78x19, cities by their short forms."""
    return render(s, targets, SMALL_WIDTH, SMALL_HEIGHT)


def link_at(x: int, y: int, width: int = WIDTH, height: int = HEIGHT) -> str | None:
    """The id of the link drawn at ``(x, y)`` in the last drawing, if any."""
    draw = _drawn.get((width, height))
    link = draw.link_at((x, y)) if draw else None
    return LINKS[link].id if link is not None else None


def link_at_small(x: int, y: int) -> str | None:
    """:func:`link_at` on the compact map."""
    return link_at(x, y, SMALL_WIDTH, SMALL_HEIGHT)


def names_between(first: int, last: int, width: int = WIDTH, height: int = HEIGHT) -> str:
    """Cities whose label starts in columns ``first..last`` of the last drawing (for
    'off-screen' notes)."""
    draw = _drawn.get((width, height))
    if draw is None:
        return ""
    inside = sorted((x, loc) for loc, (x, _) in draw.where.items()
                    if first <= x <= last and not LOCATIONS[loc].is_external)
    return ", ".join(LOCATIONS[loc].name for _, loc in inside)


def names_between_small(first: int, last: int) -> str:
    """:func:`names_between` on the compact map."""
    return names_between(first, last, SMALL_WIDTH, SMALL_HEIGHT)


def side_key() -> Text:
    """The map's key in one line, for the side panel (the whole key is in the help, F1;
    the map's last row says the same at more length)."""
    out = Text(no_wrap=True, overflow="ellipsis")
    out.append("R3", style="bold")
    out.append(" built · ")
    out.append("═", style=LINE_STYLE)
    out.append("[7]", style=NUMBER_STYLE)
    out.append(" on offer · F1: key")
    return out


def key() -> Text:
    """A complete key to the map (the help shows it: F1)."""
    out = Text("Each city keeps its place, as on the board, and each link is a straight"
               " line between its cities (a line passes under a city's name). The"
               " links nobody has built are dim and dotted; a city no built link or link on"
               " offer touches is dim. ")
    out.append("━━ built", style="bold")
    out.append(", in its company's colour: ")
    for c, cid in enumerate(COMPANY_IDS):  # as the tables name them: `Bk black`
        out.append(f"{COMPANY_SHORT[c]} {cid}", style=COMPANY_STYLE[c])
        out.append(", " if c < NUM_COMPANIES - 1 else "")
    out.append("\nletter and digit on a line: its company and value (R2: red's link of 2;"
               f" {', '.join(f'{LETTER[c]} {cid}' for c, cid in enumerate(COMPANY_IDS))})\n")
    out.append("══", style=LINE_STYLE)
    out.append("[7]", style=NUMBER_STYLE)
    out.append(" on offer: a link you may choose now, with its choice's number.  ◇ the border: a"
               " link to it is external (→border in the lists), $8, built alone.  Click a"
               " link or type its number.")
    return out


# The compact map is the board alone (F2) below the whole map's width (at 120x40 the whole
# map is first, and F2 shows it): its border says where the whole names are.
SMALL_LEGEND = f"names cut to {SHORT} letters: {WIDTH + 4} columns or more write them whole"


def key_small() -> Text:
    """:func:`key` for the compact map: its short names are the first letters of each."""
    out = key()
    out.append(f"\nCities by their first letters (at most {SHORT}); a terminal of {WIDTH + 4}"
               " columns or more writes them whole (F4, F2).")
    return out
