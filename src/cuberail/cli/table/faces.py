"""What differs per title at the table: the map, compact tables, targets and hints.

A :class:`Face` bundles a title's map geometry (render, click lookup, names off-
screen) with company and player tables narrow enough for an 80-column terminal.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from rich import box
from rich.table import Table
from rich.text import Text

from cuberail.core.state import GameState
from cuberail.games.chicago_express import board as ceb
from cuberail.games.chicago_express.state import ChicagoExpressState
from cuberail.games.trans_siberian import board as tsb
from cuberail.games.trans_siberian.state import ACTIVE, STATUS_NAMES, TransSiberianState
from cuberail.terminal import chicago_express as ce_view

from . import ce_map, ts_map


@dataclass(frozen=True)
class Face:
    """One title's table parts."""

    width: int
    height: int
    cell: int  # map characters per column step, for 'off-screen' notes
    board: Callable[[GameState, set[str]], Text]
    hit: Callable[[int, int], str | None]
    names: Callable[[int, int], str]  # places drawn between two x positions
    about: Callable[[GameState, str], str]  # one line about a clicked hex or link
    companies: Callable[[GameState], Table]
    players: Callable[[GameState, list[str]], Table]
    key: Callable[[], Text]
    home_x: int  # where the board starts scrolled on a small terminal (the opening area)
    small: Face | None = None  # a compact map for the board alone on a narrow terminal


def _table(*heads: str) -> Table:
    table = Table(box=box.SIMPLE_HEAD, padding=(0, 0), pad_edge=False, show_edge=False)
    for head in heads:
        table.add_column(head, justify="left" if head in ("co", "player", "", "st") else "right",
                         no_wrap=True)
    return table


def _short(name: str, width: int = 9) -> str:
    return name if len(name) <= width else name[:width - 1] + "…"


# ----- Chicago Express -----------------------------------------------------------------


def _ce(state: GameState) -> ChicagoExpressState:
    assert isinstance(state, ChicagoExpressState)
    return state


def _ce_board(state: GameState, targets: set[str]) -> Text:
    return ce_map.render(_ce(state), targets)


def _ce_small_board(state: GameState, targets: set[str]) -> Text:
    return ce_map.render_small(_ce(state), targets)


def _ce_companies(state: GameState) -> Table:
    s = _ce(state)
    table = _table("co", "inc", "cash", "sold", "loc", "div")
    for c, cid in enumerate(ceb.COMPANY_IDS):
        name = Text(f"{ce_view.LETTER[c]} {cid}", style=ce_view.COMPANY_STYLE[c])
        sold = f"{s.sold[c]}/{ceb.COMPANIES[c].shares}" if s.is_open(c) else "shut"
        table.add_row(name, str(s.income[c]), f"${s.treasury[c]}", sold, str(s.locos_left[c]),
                      f"${s.dividend_per_share(c)}" if s.sold[c] else "-")
    return table


def _ce_players(state: GameState, names: list[str]) -> Table:
    s = _ce(state)
    table = _table("", "player", "cash", "shares")
    for p in range(s.num_players):
        shares = Text()
        for c in range(len(ceb.COMPANIES)):
            if s.held[p][c]:
                shares.append(ce_view.LETTER[c], style=ce_view.COMPANY_STYLE[c])
                shares.append(f"{s.held[p][c]} ")
        shares.rstrip()
        mark = "▶" if p == s.current_player() else ""
        table.add_row(mark, Text(_short(names[p])), f"${s.cash[p]}", shares)
    return table


def _ce_about(state: GameState, target: str) -> str:
    s = _ce(state)
    hx = ceb.HEXES[ceb.HEX_INDEX[target]]
    parts = [f"{hx.id} {hx.name}".strip(), hx.terrain_name, f"cost ${hx.cost}"]
    if hx.income:
        parts.append(f"income +{hx.income}")
    if hx.house:
        parts.append(f"house +{hx.house}" + (" (developed)" if s.is_developed(hx.index) else ""))
    if hx.develop_cash:
        parts.append(f"develop: ${hx.develop_cash} to its companies")
    here = ", ".join(ceb.COMPANY_IDS[c] for c in s.companies_on(hx.index))
    if here:
        parts.append(f"locomotives: {here}")
    return ", ".join(parts)


CE_SMALL = Face(ce_map.SMALL_WIDTH, ce_map.SMALL_HEIGHT, ce_map.SMALL_STEP, _ce_small_board,
                ce_map.hex_at_small,
                lambda a, b: ce_map.column_names(a // ce_map.SMALL_STEP, b // ce_map.SMALL_STEP),
                _ce_about, _ce_companies, _ce_players, ce_map.key, ce_map.SMALL_WIDTH)
CE = Face(ce_map.WIDTH, ce_map.HEIGHT, ce_map.STEP, _ce_board, ce_map.hex_at,
          lambda a, b: ce_map.column_names(a // ce_map.STEP, b // ce_map.STEP),
          _ce_about, _ce_companies, _ce_players, ce_map.key, ce_map.WIDTH, CE_SMALL)


# ----- Trans-Siberian ---------------------------------------------------------------------


def _ts(state: GameState) -> TransSiberianState:
    assert isinstance(state, TransSiberianState)
    return state


def _ts_board(state: GameState, targets: set[str]) -> Text:
    return ts_map.render(_ts(state), targets)


def _ts_status(s: TransSiberianState, c: int) -> str:
    if s.status[c] != ACTIVE:
        return {"waiting": "wait", "never entered": "out", "nationalized": "nat."}.get(
            STATUS_NAMES[s.status[c]], STATUS_NAMES[s.status[c]])
    return "pub" if s.is_public(c) else "priv"


def _ts_companies(state: GameState) -> Table:
    s = _ts(state)
    table = _table("co", "st", "val", "inc", "div", "cash", "own", "lnk")
    for c, cid in enumerate(tsb.COMPANY_IDS):
        live = s.status[c] == ACTIVE
        table.add_row(Text(cid[:3].capitalize(), style=ts_map.COMPANY_STYLE[c]), _ts_status(s, c),
                      f"${s.share_value(c)}" if s.value[c] >= 0 else "-", str(s.income[c]),
                      f"${s.dividend_per_share(c)}" if live and s.owned(c) else "-",
                      f"${s.treasury[c]}", f"{s.owned(c)}/{tsb.SHARES[c]}", str(s.nlinks[c]))
    return table


def _ts_players(state: GameState, names: list[str]) -> Table:
    s = _ts(state)
    table = _table("", "player", "cash", "score", "shares")
    for p, score in enumerate(s.scores()):
        shares = Text()
        for c, cid in enumerate(tsb.COMPANY_IDS):
            n = s.shares_held(p, c)
            if n:
                shares.append(cid[:2].capitalize(), style=ts_map.COMPANY_STYLE[c])
                shares.append(f"{n} ")
        shares.rstrip()
        mark = "▶" if p == s.current_player() else ""
        table.add_row(mark, Text(_short(names[p])), f"${s.cash[p]}", f"${score}", shares)
    return table


def _ts_about(state: GameState, target: str) -> str:
    s = _ts(state)
    link = tsb.LINK_INDEX[target]
    owner = s.owner[link]
    who = tsb.COMPANY_IDS[owner] if owner >= 0 else "nobody"
    ext = ", external" if tsb.LINKS[link].external else ""
    return f"{tsb.link_name(link)}: value {tsb.LINKS[link].value}{ext}, owned by {who}"


TS = Face(ts_map.WIDTH, ts_map.HEIGHT, 1, _ts_board, ts_map.link_at, ts_map.names_between,
          _ts_about, _ts_companies, _ts_players, ts_map.key, 0)


def face_for(title: str) -> Face:
    return {"chicago-express": CE, "trans-siberian": TS}[title]
