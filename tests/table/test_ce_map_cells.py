"""Issue 29 (a newcomer's run of the Chicago Express table): what the numbers hid.

1. A hex on offer showed its choice's number alone (``R2`` read `` 1 ``): it now shows
   the number and the price of that choice on its first line (`` 1 $2``, ``1$2`` on the
   compact map; developing, what it adds) and its id on its second (a city its name).
2. On the compact map a hex with track read ``═P═``, its cost gone: where another company
   may still build there (CE-5.3) it reads ``$2P``, the price for the next one (CE-5.4).
3. At 80x24 the board's border cut a name in two (``◀ Buffalo, White Sulphu``): it names
   the nearest hidden places whole and counts the others (``◀ Buffalo +16``); the line of
   the players cut every bot to ``Bot 2 (…``: a bracketed end goes first (``Bot 2``).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from rich.console import Console
from rich.style import Style
from rich.text import Text
from tablekit import at_table, new_game
from test_ce_map_numbers import _at_step, _offer
from textual.containers import ScrollableContainer
from textual.pilot import Pilot

from cuberail.cli.menu import Menu
from cuberail.cli.table.app import TableApp
from cuberail.cli.table.drawing import WHOLE, standings
from cuberail.games.chicago_express.board import FOREST, HEX_INDEX, HEXES, MOUNTAIN, Hex
from cuberail.games.chicago_express.state import DEVELOP, PLACE, ChicagoExpressState
from cuberail.terminal.chicago_express import COMPANY_STYLE, LETTER, describe_action
from cuberail.terminal.chicago_express import board as ce_map
from cuberail.terminal.chicago_express import table as ce_table

CELLS = (ce_map.CELL, ce_map.SMALL)
CONSOLE = Console(width=200)
CITIES = {hx.name for hx in HEXES if hx.name}


def _cells(s: ChicagoExpressState, targets: dict[str, str], hx: Hex,
           cell: int) -> tuple[Text, Text]:
    """A hex's two lines on the map of ``cell`` characters a hex."""
    lines = ce_map.render(s, targets, cell).split("\n")
    x, y = hx.col * (cell + 1), 2 * hx.row + hx.col % 2
    return lines[y][x:x + cell], lines[y + 1][x:x + cell]


def _price(text: str) -> str:
    """What a choice's words say it costs: ``... (forest, $2)`` -> ``$2``."""
    return "$" + text.split("$")[1].split(",")[0].rstrip(")")


@pytest.mark.parametrize("cell", CELLS)
@pytest.mark.parametrize(("seed", "skip"), [(1, 2), (3, 12), (5, 2)])
def test_ce_a_hex_to_build_on_shows_its_number_its_price_and_its_id(
        seed: int, skip: int, cell: int) -> None:
    s = _at_step(PLACE, seed, skip)
    offer = _offer(s)
    menu = Menu.build(s.legal_actions())
    seen = 0
    for hx_id, number in offer.items():
        hx = HEXES[HEX_INDEX[hx_id]]
        first, second = _cells(s, offer, hx, cell)
        price = f"${s.placement_cost(hx.index)}"
        assert price == _price(describe_action(s, menu.by_number(int(number)))), hx_id
        shown = first.plain
        assert shown.split()[0].startswith(number), (hx_id, shown)
        number_style = first.get_style_at_offset(CONSOLE, shown.index(number))
        assert number_style == Style.parse(COMPANY_STYLE[s.b_company] + " reverse")
        if len(number) + len(price) <= cell:
            seen += 1
            assert shown.endswith(price) and shown.replace(" ", "") == number + price, shown
            price_style = first.get_style_at_offset(CONSOLE, cell - 1)
            assert not price_style.reverse  # the price in the hex's own colours
        else:  # the number alone, never run together with the price ("122")
            assert shown.strip() == number, (hx_id, shown)
        if hx.name:
            assert second.plain.startswith(ce_map.label(hx.name, cell)[:2]), hx_id
        else:
            assert second.plain.startswith(hx_id), (hx_id, second.plain)
    assert seen >= 4


@pytest.mark.parametrize("cell", CELLS)
def test_ce_a_hex_to_develop_shows_its_number_and_what_it_adds(cell: int) -> None:
    s = _at_step(DEVELOP, 4)
    offer = _offer(s)
    assert len(offer) >= 4
    for hx_id, number in offer.items():
        hx = HEXES[HEX_INDEX[hx_id]]
        shown = _cells(s, offer, hx, cell)[0].plain.replace(" ", "")
        gain = f"${hx.develop_cash}" if hx.terrain == FOREST else f"+{hx.house}"
        if hx.index in s.track:
            gain = f"+{hx.track_step}"
        assert shown == number + gain, (hx_id, shown)


def test_ce_compact_track_keeps_the_price_for_the_next_company() -> None:
    """``═P═`` hid the cost of a plain hex with one company's track: ``$2P``, all in the
    company's colour (a route still reads hex to hex); a forest or a mountain, where no
    other company builds (CE-5.3), keeps ``═P═``."""
    s = _at_step(PLACE, 3, skip=12)
    shared = closed = 0
    for hx in HEXES:
        here = s.companies_on(hx.index)
        if hx.name or len(here) != 1:
            continue
        second = _cells(s, {}, hx, ce_map.SMALL)[1]
        if hx.terrain in (FOREST, MOUNTAIN):
            closed += 1
            assert second.plain == ce_map.RAIL + LETTER[here[0]] + ce_map.RAIL, hx.id
            continue
        shared += 1
        assert second.plain == f"${s.placement_cost(hx.index)}{LETTER[here[0]]}", hx.id
        colour = Style.parse(COMPANY_STYLE[here[0]]).bgcolor
        assert all(second.get_style_at_offset(CONSOLE, i).bgcolor == colour
                   for i in range(ce_map.SMALL)), hx.id
    assert shared >= 3 and closed >= 1
    assert "$2P: PRR's track" in ce_map.key().plain


def _whole(note: str) -> bool:
    """A note of the board's border said whole: ``▲ more above`` (or shorter), ``◀``
    with cities, each whole, the farthest too, the others counted (``◀ Buffalo … Chicago
    +15``), the farthest alone (``◀ …Chicago``), or their number."""
    if note in VERTICAL:
        return True
    arrow, _, rest = note.partition(" ")
    if arrow not in ("◀", "▶"):
        return False
    if re.fullmatch(r"\d+( places)?", rest) or not rest:
        return True
    rest = re.sub(r" \+\d+$", "", rest).removeprefix("…")
    return set(re.split(r", | … ", rest)) <= CITIES


VERTICAL = {"▲ more above", "▼ more below", "▲ above", "▼ below", "▲", "▼", "▲▼"}


def test_ce_the_board_s_border_at_80x24_names_hidden_cities_whole(tmp_path: Path) -> None:
    game = new_game(tmp_path, "chicago-express", seed=11)

    async def check(app: TableApp, pilot: Pilot[int]) -> list[str]:
        board = app.query_one("#board", ScrollableContainer)
        seen = []
        for y in (0, int(board.max_scroll_y) // 2, int(board.max_scroll_y)):
            for x in range(0, int(board.max_scroll_x) + 1, 6):
                board.scroll_to(x=x, y=y, animate=False)
                await pilot.pause()
                app.board_scrolled()
                title = str(board.border_title)
                assert len(title) <= board.scrollable_content_region.width - 2, title
                title = title.removesuffix(WHOLE)  # how to see it all, where it fits
                seen.append(title)
                notes = title.removeprefix("board, ").removeprefix("off-screen: ").split(" | ")
                assert all(_whole(note) for note in notes), title  # nothing cut in two
        return seen

    seen = at_table(game, check, (80, 24))
    assert any("◀ " in t and "▶ " in t for t in seen), seen  # a window with both sides
    # names, not bare counts (``◀ 13 | ▶ 3`` read as cryptic: the 35th newcomer run)
    assert not any(re.search(r"[◀▶] \d+( |$)", t) for t in seen), seen
    assert any(t.endswith("▲▼") for t in seen), seen


def test_the_line_of_the_players_at_80_columns_tells_the_bots_apart() -> None:
    s = _at_step(PLACE, 3, skip=12)  # every player holds shares
    names = ["Player 1", "Bot 2 (medium)", "Bot 3 (medium)", "Bot 4 (medium)"]
    line = standings(ce_table.players(s, names), names, 78).plain
    assert "…" not in line and len(line) <= 78, line
    assert all(f"Bot {n} $" in line for n in (2, 3, 4)), line
