"""Chicago Express at the full-screen table: its map (:mod:`.board`), compact company
and player tables, a clicked hex in words, and what the table teaches (:mod:`.teach`)."""

from __future__ import annotations

from collections.abc import Mapping

from rich.table import Table
from rich.text import Text

from cuberail.core.state import GameState
from cuberail.games.chicago_express import board as ceb
from cuberail.games.chicago_express.state import BID, SETUP, ChicagoExpressState
from cuberail.terminal import chicago_express as view
from cuberail.terminal.chicago_express import board, hints, teach
from cuberail.terminal.kit import NAME, Face, Payout, TableKit, compact_table, short


def _ce(state: GameState) -> ChicagoExpressState:
    assert isinstance(state, ChicagoExpressState)
    return state


def _board(state: GameState, targets: Mapping[str, str]) -> Text:
    return board.render(_ce(state), targets)


def _small_board(state: GameState, targets: Mapping[str, str]) -> Text:
    return board.render_small(_ce(state), targets)


MOST = 6  # players: the side panel at 120x40 has no line to spare then


def companies(state: GameState) -> Table:
    """Income, treasury, shares sold, locomotives left and dividend of each company. Wabash
    before it opens: ``0/2*``, dim, and under the table when it opens (CE-7.2; it read
    ``shut``, which a newcomer took for closed for good); with six players the panel has
    no line to spare: ``0/2``, dim."""
    s = _ce(state)
    table = compact_table("co", "inc", "cash", "sold", "loc", "div")
    for c, cid in enumerate(ceb.COMPANY_IDS):
        name = Text(f"{view.LETTER[c]} {cid}", style=view.COMPANY_STYLE[c])
        sold = Text(f"{s.sold[c]}/{ceb.COMPANIES[c].shares}")
        if not s.is_open(c):
            sold = Text(sold.plain + ("*" if s.num_players < MOST else ""), style="dim")
        table.add_row(name, str(s.income[c]), f"${s.treasury[c]}", sold, str(s.locos_left[c]),
                      f"${s.dividend_per_share(c)}" if s.sold[c] else "-")
    if s.num_players < MOST and not all(s.is_open(c) for c in range(len(ceb.COMPANY_IDS))):
        table.caption = Text("* opens at Chicago (CE-7.2)", style="dim")
        table.caption_justify = "left"
    return table


def players(state: GameState, names: list[str]) -> Table:
    """Cash and shares of each player; the one to move is marked."""
    s = _ce(state)
    table = compact_table("", "player", "cash", "shares")
    for p in range(s.num_players):
        shares = Text()
        for c in range(len(ceb.COMPANIES)):
            if s.held[p][c]:
                shares.append(view.LETTER[c], style=view.COMPANY_STYLE[c])
                shares.append(f"{s.held[p][c]} ")
        shares.rstrip()
        mark = "▶" if p == s.current_player() else ""
        table.add_row(mark, Text(short(names[p], NAME)), f"${s.cash[p]}", shares)
    return table


def payouts(state: GameState) -> list[Payout]:
    """CE-8.1 (and CE-7.1 for one company): what each company with a share sold would
    pay now, ceil(income / shares sold) a share, and who holds its shares."""
    s = _ce(state)
    out = []
    for c, cid in enumerate(ceb.COMPANY_IDS):
        if s.sold[c]:
            holders = tuple((p, s.held[p][c]) for p in range(s.num_players) if s.held[p][c])
            out.append(Payout(f"{view.LETTER[c]} {cid}", view.COMPANY_STYLE[c], s.income[c],
                              s.sold[c], s.dividend_per_share(c), holders))
    return out


def about(state: GameState, target: str) -> str:
    """A clicked hex in one line: terrain, cost, income, house, locomotives."""
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


def networks(state: GameState) -> set[str]:
    """CE-5.2: the hexes of the networks (hexes with a company's locomotives) the player
    to move cares about: the company whose share is at auction (CE-2, CE-4), else the
    companies they hold shares of, else every company."""
    s = _ce(state)
    p = s.current_player()
    held = [c for c in range(len(ceb.COMPANIES)) if 0 <= p < s.num_players and s.held[p][c]]
    auctioned = [s.a_company] if s.step in (SETUP, BID) and s.a_company >= 0 else []
    mine = set(auctioned or held or range(len(ceb.COMPANIES)))
    return {hx.id for hx in ceb.HEXES if mine & set(s.companies_on(hx.index))}


def end_reasons(state: GameState) -> list[str]:
    """CE-9.1: the end conditions that held at the last dividend, in words."""
    return _ce(state).end_conditions()


SMALL = Face(board.SMALL_WIDTH, board.SMALL_HEIGHT, board.SMALL_STEP, _small_board,
             board.hex_at_small,
             lambda a, b: board.column_names(a // board.SMALL_STEP, b // board.SMALL_STEP),
             about, companies, players, board.key, board.SMALL_WIDTH,
             legend=board.legend_small(), side_key=board.side_key_small)
FACE = Face(board.WIDTH, board.HEIGHT, board.STEP, _board, board.hex_at,
            lambda a, b: board.column_names(a // board.STEP, b // board.STEP),
            about, companies, players, board.key, board.WIDTH, SMALL, board.legend(),
            side_key=board.side_key)
TABLE = TableKit(FACE, teach.HOW_TO_WIN, teach.RULES, teach.tracker, teach.warning,
                 tracker_line=teach.tracker_line, end_reasons=end_reasons,
                 why_not=teach.why_not, only_move=teach.only_move, payouts=payouts,
                 hint_why=hints.why, networks=networks)
