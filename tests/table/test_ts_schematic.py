"""The twelfth newcomer run: the Trans-Siberian board in the terminal must read.

The map (F4 at 120x40) and the whole map (F2) were a tangle: diagonal links crossed, values
sat by several links, and nobody could tell which link joined which cities; the
fifteenth and sixteenth runs found the routed schematic that followed "winding cyan
boxes ... routed far from the real geography". The map now draws the board as a graph
(:mod:`cuberail.terminal.trans_siberian.geo`): each link a straight line of braille dots
between its cities' names, the built ones in their company's colour tagged with its letter
and value (``R3``), those on offer bright with the number that chooses them (``[7]``), the
others dim and dotted. The network list (the default beside the side panel, at 120x40
and at 80x24) gives each company its route as city chains, a branch a line, then what it
can build with cost and income. The companies pane's nationalization warning is whole at
120x40 and at 80x24.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from rich.style import Style
from tablekit import at_table, new_game, played
from textual.containers import ScrollableContainer
from textual.pilot import Pilot

from cuberail.cli.table.app import TableApp
from cuberail.games.trans_siberian.board import COMPANY_INDEX, LINK_INDEX, LINKS, SHARE_TRACK
from cuberail.games.trans_siberian.state import (
    ACTIVE,
    BUILD_FIRST,
    BUILD_SECOND,
    TURN,
    TransSiberianState,
)
from cuberail.terminal.trans_siberian import board as ts_map
from cuberail.terminal.trans_siberian import netview
from cuberail.terminal.trans_siberian import table as ts_table
from cuberail.terminal.trans_siberian.geo import BUILT, FREE, GLYPHS, OFFER, Drawing

# the whole map, the compact one, and the whole map in the fewest rows it is drawn in
SIZES = [(ts_map.WIDTH, ts_map.HEIGHT), (ts_map.SMALL_WIDTH, ts_map.SMALL_HEIGHT),
         (ts_map.WIDTH, ts_table.SHORTEST)]


def _position(seed: int, moves: int = 0) -> tuple[TransSiberianState, set[str]]:
    """A seeded random position (from the opening to the end; ``moves`` random moves if
    given) and the links on offer."""
    moves = moves or random.Random(seed).randrange(20, 1500)
    s = played("trans-siberian", moves, players=4, seed=seed)
    assert isinstance(s, TransSiberianState)
    offer = {str(a.args[0]) for a in s.legal_actions() if a.kind == "link" and a.args}
    return s, offer


def _dense(seed: int) -> tuple[TransSiberianState, set[str]]:
    """A seeded position where the players build whenever they may (as bots do): 30 to 40
    links on the map by the middle game, the densest maps."""
    rng = random.Random(seed)
    s = played("trans-siberian", 0, players=4, seed=seed)
    assert isinstance(s, TransSiberianState)
    for _ in range(rng.randrange(300, 1500)):
        if s.is_terminal():
            break
        actions = s.legal_actions()
        builds = [a for a in actions if a.kind in ("build", "link")]
        s.apply(rng.choice(builds if builds and rng.random() < 0.9 else actions))
    return s, {str(a.args[0]) for a in s.legal_actions() if a.kind == "link" and a.args}


def _building(seed: int, steps: tuple[int, ...] = (BUILD_FIRST, BUILD_SECOND)
              ) -> tuple[TransSiberianState, set[str]]:
    """A seeded position where a company builds (at one of ``steps``): links are on
    offer."""
    rng = random.Random(seed)
    s = played("trans-siberian", 0, players=4, seed=seed)
    assert isinstance(s, TransSiberianState)
    while s.step not in steps or sum(o >= 0 for o in s.owner) < 8:
        s.apply(rng.choice(s.legal_actions()))
        assert not s.is_terminal()
    return s, {str(a.args[0]) for a in s.legal_actions() if a.kind == "link" and a.args}


def _middle(draw: Drawing, loc: int) -> tuple[int, int]:
    """A label's middle, in braille dots (two across and four down a cell)."""
    x, y = draw.where[loc]
    return 2 * x + len(draw.words[loc]), 4 * y + 2


def _off_line(point: tuple[float, float], a: tuple[int, int], b: tuple[int, int]) -> float:
    """How far ``point`` lies from the stroke ``a``-``b``, in dots."""
    (px, py), (ax, ay), (bx, by) = point, a, b
    span = (bx - ax) ** 2 + (by - ay) ** 2
    t = 0.0 if not span else max(0.0, min(1.0, ((px - ax) * (bx - ax) + (py - ay) * (by - ay))
                                          / span))
    return float(((px - ax - t * (bx - ax)) ** 2 + (py - ay - t * (by - ay)) ** 2) ** 0.5)


def drawn_ends(draw: Drawing, rows: list[str], link: int) -> set[int]:
    """The cities a drawn link is seen to join: their names are on the map, its tag is
    written, and every cell its line shows lies on the straight stroke between them (a
    junction, TS-4.5: the strokes from the middle of its ends)."""
    ends = [e for e in LINKS[link].ends if e in draw.where]
    if len(ends) < len(LINKS[link].ends):
        return set(ends)
    points = [_middle(draw, e) for e in ends]
    hub = (sum(p[0] for p in points) // len(points), sum(p[1] for p in points) // len(points))
    strokes = [(points[0], points[1])] if len(points) == 2 else [(hub, p) for p in points]
    for (x, y), (_, k) in draw.lines.items():
        if k == link:  # its dots on the stroke (two thick): its middle 4 dots off at most
            assert min(_off_line((2 * x + 0.5, 4 * y + 1.5), *st) for st in strokes) <= 4, (
                LINKS[link].id, (x, y))
    tag = sorted(c for c, (k, _) in draw.tags.items() if k == link)
    assert "".join(rows[y][x] for x, y in tag) == "".join(draw.tags[c][1] for c in tag)
    if tag and LINKS[link].id not in draw_offer(draw, link):  # a built link's: near it
        mid = (sum(p[0] for p in points) / len(points) / 2,
               sum(p[1] for p in points) / len(points) / 4)
        near = [*_shown(draw, link), (round(mid[0]), round(mid[1]))]
        assert any(abs(x - cx) <= 6 and abs(y - cy) <= 2 for x, y in tag for cx, cy in near), (
            LINKS[link].id, tag)
    return set(ends)


def draw_offer(draw: Drawing, link: int) -> set[str]:
    """The link's id when it is drawn as on offer."""
    return {LINKS[link].id for kind, k in draw.lines.values() if k == link and kind == OFFER}


def _shown(draw: Drawing, link: int) -> list[tuple[int, int]]:
    """The cells where a link's line shows (under its tag too)."""
    return [c for c, (_, k) in draw.lines.items() if k == link]


def _abutting(draw: Drawing) -> int:
    """Tags that touch another tag or a label on their row (``3[4]``, ``SamaraY3``)."""
    return sum(1 for (x, y), (k, _) in draw.tags.items() for d in (-1, 1)
               if (x + d, y) in draw.labels or (x + d, y) in draw.dim
               or ((x + d, y) in draw.tags and draw.tags[(x + d, y)][0] != k))


@pytest.mark.parametrize("size", SIZES)
def test_every_built_link_and_link_on_offer_can_be_followed_from_city_to_city(
        size: tuple[int, int]) -> None:
    """Over many seeded positions, late dense ones among them (the game's end): every
    built link and every link on offer is drawn, its end cities named on the map, its
    line straight from one to the other, its tag written; the other links are drawn dim
    (their kind), never tagged; a tag touches another tag or a name only where no other
    place was free (rare)."""
    drawn = most = abut = tags = 0
    for seed in range(40):
        s, offer = (_dense(seed) if seed % 4 == 2 else
                    _position(seed, 10**5 if seed % 4 == 3 else 0))
        text = ts_map.render(s, offer, *size).plain
        rows = text.split("\n")
        assert len(rows) == size[1] and all(len(row) == size[0] for row in rows[:-1])
        draw = ts_map.drawing(s, offer, *size)
        for loc, (x, y) in draw.where.items():  # every label whole where it is said to be
            assert rows[y][x:x + len(draw.words[loc])] == draw.words[loc]
        links = ts_map.drawn_links(s, offer)
        drawn, most = drawn + len(links), max(most, len(links))
        for k in links:
            assert drawn_ends(draw, rows, k) == set(LINKS[k].ends), (seed, LINKS[k].id)
        bright = {k for kind, k in draw.lines.values() if kind != FREE}
        tagged = {k for k, _ in draw.tags.values()}
        assert bright <= set(links) and tagged <= set(links)
        assert {LINK_INDEX[i] for i in offer} <= tagged  # every number on offer
        assert all(kind == FREE for kind, k in draw.lines.values() if k not in links)
        abut, tags = abut + _abutting(draw), tags + len(tagged)
    assert drawn > 500 and most >= 30
    # a built link's tag only where its line has room (the compact map's crowded west
    # leaves some out: its colour says whose it is)
    assert tags >= drawn * (0.95 if size[0] >= ts_map.NAMED_WIDTH else 0.75), (tags, drawn)
    assert abut <= tags // 50, (abut, tags)  # the very last resort


@pytest.mark.parametrize("size", SIZES[:2])
def test_lines_are_line_glyphs_without_gaps_read_as_text(size: tuple[int, int]) -> None:
    """The thirty-third and thirty-fourth newcomer runs read the map's braille dots, in a
    terminal's text, as noise (``⠄⢽⡟⣿⢧⡁``): a line is drawn in line glyphs, a built one
    heavy (``━┃╱╲``), one on offer double (``═║``), an unbuilt one dotted (``·``). A
    straight line between two cities on one row reads ``━━━`` from one name to the
    other; every line's cells follow one another, one a column (a row where steep),
    without a gap but where a name, a tag or another line covers it."""
    flat = 0
    for s, offer in [_building(5), _building(7), *(_dense(seed) for seed in range(10))]:
        rows = ts_map.render(s, offer, *size).plain.split("\n")
        draw = ts_map.drawing(s, offer, *size)
        assert not any(0x2800 <= ord(ch) <= 0x28FF for row in rows for ch in row)
        for (x, y), (kind, _) in draw.lines.items():
            if (x, y) not in draw.tags:
                assert rows[y][x] in GLYPHS[kind], ((x, y), rows[y][x])
        for k, link in enumerate(LINKS):
            if len(link.ends) != 2 or s.owner[k] < 0 or LINK_INDEX.get(link.id) in offer:
                continue
            (ax, ay), (bx, by) = (draw.where[e] for e in link.ends)
            if ay != by:
                continue
            west, east = sorted([(ax, link.ends[0]), (bx, link.ends[1])])
            gap = rows[ay][west[0] + len(draw.words[west[1]]):east[0]]
            if any(c in draw.labels or c in draw.dim for c in
                   ((x, ay) for x in range(west[0] + len(draw.words[west[1]]), east[0]))):
                continue  # another name between them
            assert "━" in gap and "  " not in gap, (link.id, gap)
            flat += 1
    assert flat >= 3


@pytest.mark.parametrize(("seed", "size"), [(21, SIZES[0]), (23, SIZES[0]), (7, SIZES[1]),
                                            (11, SIZES[1])])
def test_a_crowded_map_names_no_link_left_out(seed: int, size: tuple[int, int]) -> None:
    """Positions where the map once said ``no room for Moscow–Kazan 3`` (or three links at
    Oryol) on its key row: every link is drawn, and the key row is the key."""
    s, offer = _position(seed)
    rows = ts_map.render(s, offer, *size).plain.split("\n")
    draw = ts_map.drawing(s, offer, *size)
    assert rows[-1].startswith("built") and "no room" not in rows[-1]
    for k in ts_map.drawn_links(s, offer):
        assert drawn_ends(draw, rows, k) == set(LINKS[k].ends), LINKS[k].id


def test_built_links_and_links_on_offer_are_bright_the_others_dim() -> None:
    """The whole map with names (F2) shows the networks and the links on offer bright,
    the cities they touch by their whole names; the links nobody built or may take now
    are dim and dotted (the board a company may still reach), their cities dim."""
    s, offer = _building(3)
    assert offer
    content = ts_map.render(s, offer)
    draw = ts_map.drawing(s, offer)
    built = [k for k, o in enumerate(s.owner) if o >= 0]
    shown = {k for kind, k in draw.lines.values() if kind != FREE}
    for k in built + [LINK_INDEX[i] for i in offer]:
        assert k in shown or k in {k for k, _ in draw.tags.values()}, LINKS[k].id
    touched = {e for k in built + [LINK_INDEX[i] for i in offer] for e in LINKS[k].ends}
    for loc, word in draw.words.items():
        assert loc in touched or word == "Moscow"
    dim = {loc for loc, _ in draw.dim.values()}
    assert dim and not dim & touched
    free = [c for c, (kind, _) in draw.lines.items() if kind == FREE]
    assert len(free) > 50
    width = ts_map.WIDTH

    def styles(x: int, y: int) -> set[str]:
        return {str(sp.style) for sp in content.spans if sp.start <= y * (width + 1) + x < sp.end}

    for (x, y), (loc, _) in draw.dim.items():  # written in the dim style
        assert styles(x, y) == {ts_map.DIM_STYLE}, loc
    for x, y in free:
        if (x, y) not in draw.tags:
            assert styles(x, y) == {ts_map.UNBUILT_STYLE}
    assert content.plain.split("\n")[-1].startswith("built R3")


def test_a_built_link_shows_its_company_letter_and_value_a_link_on_offer_is_bright() -> None:
    s, offer = _building(5)
    content = ts_map.render(s, offer)
    rows = content.plain.split("\n")
    draw = ts_map.drawing(s, offer)
    width = ts_map.WIDTH
    tagged = 0
    for k, o in enumerate(s.owner):
        if o < 0:
            continue
        tag = "".join(ch for _, (link, ch) in sorted(draw.tags.items(), key=lambda t: t[0][::-1])
                      if link == k)
        assert tag in ("", f"{ts_map.LETTER[o]}{LINKS[k].value}"), (LINKS[k].id, tag)
        tagged += bool(tag)
        for (x, y), (kind, link) in draw.lines.items():
            if link == k and (x, y) not in draw.tags:
                assert kind == BUILT and rows[y][x] in GLYPHS[BUILT]
                spans = {str(sp.style) for sp in content.spans
                         if sp.start <= y * (width + 1) + x < sp.end}
                assert spans == {ts_map.COMPANY_STYLE[o]}, (LINKS[k].id, spans)
    assert tagged >= 3
    key_row = content.plain.rindex("\n")
    numbers = {content.plain[span.start:span.end] for span in content.spans
               if Style.parse(str(span.style)) == Style.parse(ts_map.NUMBER_STYLE)
               and span.start < key_row}
    assert numbers and all(ch in "[]0123456789" for n in numbers for ch in n), numbers
    for k in {LINK_INDEX[i] for i in offer}:  # (no menu numbers given: its value)
        tag = "".join(ch for _, (link, ch) in sorted(draw.tags.items(), key=lambda t: t[0][::-1])
                      if link == k)
        assert tag == str(LINKS[k].value), (LINKS[k].id, tag)
        assert {kind for kind, link in draw.lines.values() if link == k} <= {OFFER}
    numbered = ts_map.drawing(s, {i: str(n) for n, i in enumerate(sorted(offer), 1)})
    for n, i in enumerate(sorted(offer), 1):  # a link on offer's number: ``[7]``
        tag = "".join(ch for _, (link, ch) in sorted(numbered.tags.items(),
                                                     key=lambda t: t[0][::-1])
                      if link == LINK_INDEX[i])
        assert tag == f"[{n}]", (i, tag)
    lit = [content.plain[span.start:span.end] for span in content.spans
           if str(span.style) == ts_map.LINE_STYLE and span.start < key_row]
    assert lit and all(ch in GLYPHS[OFFER] for b in lit for ch in b)


def test_a_click_on_a_drawn_line_names_its_link() -> None:
    s, offer = _building(7)
    ts_map.render(s, offer, ts_map.SMALL_WIDTH, ts_map.SMALL_HEIGHT)
    draw = ts_map.drawing(s, offer, ts_map.SMALL_WIDTH, ts_map.SMALL_HEIGHT)
    for (x, y), (_, k) in draw.lines.items():
        if (x, y) not in draw.tags:
            assert ts_map.link_at_small(x, y) == LINKS[k].id
    for (x, y), (k, _) in draw.tags.items():
        assert ts_map.link_at_small(x, y) == LINKS[k].id
    clicked = {ts_map.link_at_small(x, y) for y in range(ts_map.SMALL_HEIGHT)
               for x in range(ts_map.SMALL_WIDTH)}
    assert offer <= clicked


def test_short_names_on_the_compact_map_read_as_words() -> None:
    assert ts_map.label("Yekaterinburg", ts_map.SMALL_WIDTH) == "Yekater."
    assert ts_map.label("Nizhny Novgorod", ts_map.SMALL_WIDTH) == "N.Novgor"
    assert ts_map.label("Omsk", ts_map.SMALL_WIDTH) == "Omsk"
    assert ts_map.label("Nizhny Novgorod", ts_map.WIDTH) == "Nizhny Novgorod"
    assert all(len(ts_map.label(name, 78)) <= ts_map.SHORT for name in (
        "St. Petersburg", "Komsomolsk-na-Amure", "Novy Urengoy", "Nizhnevartovsk"))


# ----- the network list -----------------------------------------------------------------


def test_the_list_gives_each_branch_a_chain_then_what_it_can_build_with_cost_and_income(
        ) -> None:
    """TS-4.1: a company's network as chains of whole city names (a branch on a line of
    its own, ``↳``), then the links it can build: ``$4 each``, ``border $8``, ``jump``
    with the total cost, each link with the income it adds (``+3``)."""
    s, offer = _building(11, (BUILD_FIRST,))
    c = s.b_company
    lines = [line.rstrip() for line in netview.render(s, offer, 78, 29).plain.split("\n")]
    name = netview.company_name(c)
    first = next(i for i, line in enumerate(lines) if line.startswith(name))
    block = [lines[first]]
    for line in lines[first + 1:]:
        if not line.startswith(" "):
            break
        block.append(line)
    chains = netview.chains(s, c)
    assert sum(line.count("↳") for line in block) == len(chains) - 1
    building = next(line for line in block if "▶ building" in line)
    assert "$4 each:" in building and "+" in building
    for k in (LINK_INDEX[i] for i in offer):
        if not LINKS[k].external and s.network[c] >> LINKS[k].ends[0] & 1:
            assert f"+{LINKS[k].value}" in "\n".join(block)


@pytest.mark.parametrize("size", [(78, 19), (78, 29)])
def test_the_list_fits_and_names_every_built_link(size: tuple[int, int]) -> None:
    """At 120x40 (78x19 beside the side panel) and on the board alone at 80x24: the
    list fits its box and, in every seeded position, names each built link at least
    through its cities, unless it says how many it left out (``… +3``)."""
    for seed in range(12):
        s, offer = _position(seed)
        text = netview.render(s, offer, *size).plain
        rows = text.split("\n")
        assert len(rows) == size[1] and all(len(row) <= size[0] for row in rows)
        named = {netview.link_at(x, y) for y in range(size[1]) for x in range(size[0])}
        built = {LINKS[k].id for k, o in enumerate(s.owner) if o >= 0}
        assert built <= named or "… +" in text, seed


# ----- the nationalization warning --------------------------------------------------------


def _doomed_game(tmp_path: Path) -> object:
    game = new_game(tmp_path, "trans-siberian", bots="0", players=4, seed=5)
    s = game.state
    assert isinstance(s, TransSiberianState)
    rng = random.Random(1)
    while s.step != TURN:
        s.apply(rng.choice(s.legal_actions()))
    yellow = COMPANY_INDEX["yellow"]
    safe = next(i for i, v in enumerate(SHARE_TRACK) if v > 44)
    s.value = [safe if v >= 0 else v for v in s.value]  # the others above the marker
    s.cash = [120] * s.num_players  # shares to buy: not a forced pass
    s.phase, s.status[yellow] = 2, ACTIVE
    s.nat = SHARE_TRACK.index(44)
    s.value[yellow] = SHARE_TRACK.index(44)
    return game


def _screen(app: TableApp) -> str:
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


@pytest.mark.parametrize("size", [(120, 40), (80, 24)])
def test_the_nationalization_warning_is_never_cut(tmp_path: Path,
                                                  size: tuple[int, int]) -> None:
    """The review's screen: ``⚠ yellow $44 is at or below $44:`` ended the side panel at
    120x40. The warning now leads the end tracker, wrapped whole to the panel's width
    (beside the list, F4 at 120x40); under the map, first there, and at 80x24 the end line
    says it in a line."""
    game = _doomed_game(tmp_path)

    async def check(app: TableApp, pilot: Pilot[int]) -> None:
        await pilot.pause()
        rows = _screen(app).split("\n")
        assert any(row.rstrip().endswith("⚠ next dividend nationalizes yellow")
                   for row in rows), rows
        if size == (120, 40):  # the side panel's lines from the warning on
            await pilot.press("f4")
            await pilot.pause()
            rows = _screen(app).split("\n")
            y = next(i for i, row in enumerate(rows) if "⚠ nationalized" in row)
            x = rows[y].index("⚠ nationalized")
            words = [row[x:].split("│")[0].split() for row in rows[y:y + 2]]
            said = " ".join(words[0] + words[1])
            assert said == ("⚠ nationalized at the next dividend: yellow $44 is at or below"
                            " $44"), rows[y:y + 2]
            assert "$44!" in "\n".join(rows)

    at_table(game, check, size)  # type: ignore[arg-type]


# ----- the board beside the rest at 80x24 --------------------------------------------------


def test_at_80x24_the_board_beside_the_rest_is_the_list_with_the_offer_in_view(
        tmp_path: Path) -> None:
    """At 80x24 the board's pane beside the side panel is 44x5: the whole map showed a
    corner of itself there. The default view is the network list, as narrow as the pane
    (nothing off to the sides), its window on the links on offer; F4 gives the map."""
    game = new_game(tmp_path, "trans-siberian", bots="0", players=4, seed=5)
    s = game.state
    assert isinstance(s, TransSiberianState)
    rng = random.Random(4)
    while s.step not in (BUILD_FIRST, BUILD_SECOND) or sum(o >= 0 for o in s.owner) < 6:
        game.apply(rng.choice(s.legal_actions()))

    async def check(app: TableApp, pilot: Pilot[int]) -> None:
        await pilot.pause()
        await pilot.pause()
        assert app.face is app.full_face.other and app.face.name == "the networks as a list"
        board = app.query_one("#board", ScrollableContainer)
        region = board.scrollable_content_region
        assert app.face.width <= region.width < ts_map.WIDTH
        seen = {app.face.hit(x, y) for y in range(int(board.scroll_y),
                                                  int(board.scroll_y) + region.height)
                for x in range(region.width)}
        offer = {str(a.args[0]) for a in s.legal_actions() if a.kind == "link" and a.args}
        assert offer & seen, (offer, seen)
        await pilot.press("f4")
        await pilot.pause()
        assert app.face is app.full_face

    at_table(game, check, (80, 24))


@pytest.mark.parametrize("size", [(ts_map.WIDTH, ts_map.HEIGHT),
                                  (ts_map.SMALL_WIDTH, ts_map.SMALL_HEIGHT)])
def test_an_empty_map_says_why_it_has_no_links(size: tuple[int, int]) -> None:
    """The thirteenth newcomer run: F2 at the opening showed "only city names, with no
    links". With nothing built and nothing on offer the key says so, and where links
    will be drawn; once a link is drawn the usual key comes back."""
    state = played("trans-siberian", 0, 4, 1)
    last = ts_map.render(state, {}, *size).plain.split("\n")[-1]
    assert last.startswith("no link built yet"), last
    assert len(last) <= size[0]
    offer = {str(a.args[0]): "1" for a in state.legal_actions() if a.kind == "link"}
    if not offer:  # the opening auction first: the winner's first link is on offer after
        state = played("trans-siberian", 40, 4, 1)
        offer = {}
    last = ts_map.render(state, offer, *size).plain.split("\n")[-1]
    assert last.startswith("built"), last
