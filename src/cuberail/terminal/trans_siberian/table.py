"""Trans-Siberian Railroad at the full-screen table: its map (:mod:`.board`), the
networks as a list (:mod:`.netview`: F4 from the map, beside the side panel),
compact company and player tables, a clicked link in words, and what the table teaches
(:mod:`.teach`)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import replace
from functools import cache

from rich.table import Table
from rich.text import Text

from cuberail.core.state import GameState
from cuberail.games.trans_siberian import board as tsb
from cuberail.games.trans_siberian.moves import end_words
from cuberail.games.trans_siberian.state import (
    ACTIVE,
    NATIONALIZED,
    STATUS_NAMES,
    TransSiberianState,
)
from cuberail.terminal.kit import NAME, Face, Payout, TableKit, compact_table, short
from cuberail.terminal.trans_siberian import board, hints, netview, teach

SHORT_STATUS = {"waiting": "wait", "never entered": "never", "nationalized": "nat."}


def _ts(state: GameState) -> TransSiberianState:
    assert isinstance(state, TransSiberianState)
    return state


def _board(state: GameState, targets: Mapping[str, str]) -> Text:
    return board.render(_ts(state), targets)


def _small_board(state: GameState, targets: Mapping[str, str]) -> Text:
    return board.render_small(_ts(state), targets)


def _network(width: int, height: int) -> Callable[[GameState, Mapping[str, str]], Text]:
    def draw(state: GameState, targets: Mapping[str, str]) -> Text:
        return netview.render(_ts(state), targets, width, height)
    return draw


def _status(s: TransSiberianState, c: int) -> str:
    if s.status[c] != ACTIVE:
        name = STATUS_NAMES[s.status[c]]
        return SHORT_STATUS.get(name, name)
    return "pub" if s.is_public(c) else "priv"


def companies(state: GameState) -> Table:
    """Status, share value (``$44!``: nationalized at the next dividend; ``$48?``: at risk
    at the one after), income, dividend, treasury, shares owned and links of each, a line
    each under a line of headers."""
    s = _ts(state)
    table = compact_table("co", "st", "val", "inc", "div", "cash", "own", "lnk")
    doomed, risky = teach.nationalization_ahead(s), teach.at_risk(s)
    for c in range(tsb.NUM_COMPANIES):
        live = s.status[c] == ACTIVE
        value = Text(f"${s.share_value(c)}" if s.value[c] >= 0 else "-")
        if c in doomed:  # TS-8.1: the tracker's first lines say why
            value.append("!", style="bold red")
        elif c in risky:  # at risk at the dividend after next: the tracker's next lines
            value.append("?", style="yellow")
        table.add_row(Text(board.COMPANY_SHORT[c], style=board.COMPANY_STYLE[c]), _status(s, c),
                      value, str(s.income[c]),
                      f"${s.dividend_per_share(c)}" if live and s.owned(c) else "-",
                      f"${s.treasury[c]}", f"{s.owned(c)}/{tsb.SHARES[c]}", str(s.nlinks[c]))
    return table


def players(state: GameState, names: list[str]) -> Table:
    """Cash, score and shares of each player, a line each; the one to move is marked.
    Where the panel is too narrow for a whole name and the shares, the name is cut (an
    ellipsis) and the shares stay whole: they abut (``Re2Bu1``, each in its company's
    colour) where a space between them would not fit."""
    s = _ts(state)
    table = compact_table("", "player", "cash", "score", "shares")
    # the names give way: a name column may shrink (its names cut, never wrapped)
    table.columns[1].no_wrap, table.columns[-1].justify = False, "left"
    for p, score in enumerate(s.scores()):
        mark = "▶" if p == s.current_player() else ""
        name = Text(short(names[p], NAME), no_wrap=True, overflow="ellipsis")
        table.add_row(mark, name, f"${s.cash[p]}", f"${score}", _shares(s, p))
    return table


SHARES_WIDTH = 16  # the most columns of a player's shares: the panel has 38 at 120x40


PRIVATE = "($0)"  # after a share of a company not public: it scores nothing (TS-9.2)


def _shares(s: TransSiberianState, p: int) -> Text:
    """The shares player ``p`` holds, by company, each code in its company's colour: the
    tables' codes apart (``Re2 Bu1``), else abutting (``Re2Bu1Gr1Ye3Bk1``), else the
    map's letters (``R2 B1``, ``R2B1G1Y3K1W1``): the first no wider than
    :data:`SHARES_WIDTH`. A company's lone share (not public) says it scores nothing,
    ``Re1($0)``: the 40th newcomer run read "score $26 Re1" after winning red for $22
    and nothing said why the score had dropped (the browser says "red 1: $0 (not
    public)")."""
    held = [(c, s.shares_held(p, c)) for c in range(tsb.NUM_COMPANIES) if s.shares_held(p, c)]
    out = Text()
    for codes in (board.COMPANY_SHORT, board.LETTER):
        for gap in (" ", ""):
            out = Text()
            for c, n in held:
                out.append(gap if out else "")
                out.append(codes[c], style=board.COMPANY_STYLE[c])
                out.append(str(n))
                if not s.is_public(c):
                    out.append(PRIVATE, style="yellow")
            if out.cell_len <= SHARES_WIDTH:
                return out
    return out


def payouts(state: GameState) -> list[Payout]:
    """TS-5.2: what each company in play with shares owned would pay now, ceil(income /
    shares owned by players) a share, and who holds its shares."""
    s = _ts(state)
    out = []
    for c, cid in enumerate(tsb.COMPANY_IDS):
        if s.status[c] == ACTIVE and s.owned(c):
            holders = tuple((p, s.shares_held(p, c)) for p in range(s.num_players)
                            if s.shares_held(p, c))
            out.append(Payout(f"{board.COMPANY_SHORT[c]} {cid}", board.COMPANY_STYLE[c],
                              s.income[c], s.owned(c), s.dividend_per_share(c), holders))
    return out


def about(state: GameState, target: str) -> str:
    """A clicked link in one line: its ends, value and owner."""
    s = _ts(state)
    link = tsb.LINK_INDEX[target]
    owner = s.owner[link]
    who = tsb.COMPANY_IDS[owner] if owner >= 0 else "nobody"
    ext = ", external" if tsb.LINKS[link].external else ""
    return f"{tsb.link_name(link)}: value {tsb.LINKS[link].value}{ext}, owned by {who}"


def score_words(state: GameState, seat: int) -> str:
    """TS-9.2: a seat's score as cash plus each public company's shares at its value; the
    shares of a company not public count nothing ("$39 cash + red 1 × $38 + blue 3 × $50
    = $227; green 1: not public, $0")."""
    s = _ts(state)
    parts, idle = [f"${s.cash[seat]} cash"], []
    for c in range(tsb.NUM_COMPANIES):
        n = s.shares_held(seat, c)
        name = tsb.COMPANY_IDS[c]
        if n and s.is_public(c):
            parts.append(f"{name} {n} × ${s.share_value(c)}")
        elif n:
            idle.append(f"{name} {n}")
    text = f"{' + '.join(parts)} = ${s.scores()[seat]}"
    return text + (f"; {', '.join(idle)}: not public, $0" if idle else "")


def losses(moves: Iterable[tuple[GameState, GameState]]) -> dict[int, str]:
    """TS-8.1: the shares each seat held in a company when a dividend nationalized it,
    which the final score no longer shows (the engine removes them): "green 1 lost to the
    nationalization at dividend #4". The 42nd newcomer run lost a game holding a green
    share and its end screen never said where it went."""
    lost: dict[int, list[str]] = {}
    for before, after in moves:
        b, a = _ts(before), _ts(after)
        for c in range(tsb.NUM_COMPANIES):
            if b.status[c] == ACTIVE and a.status[c] == NATIONALIZED:
                for p in range(b.num_players):
                    if b.shares_held(p, c):
                        lost.setdefault(p, []).append(
                            f"{tsb.COMPANY_IDS[c]} {b.shares_held(p, c)} lost to the"
                            f" nationalization at dividend #{a.dividends}")
    return {p: ", ".join(parts) for p, parts in lost.items()}


def end_reasons(state: GameState) -> list[str]:
    """TS-9.1: the end conditions that held when the game ended, and the companies
    nationalized (their shares count for nothing), in words."""
    return end_words(state)


def list_side_key() -> Text:
    """The list's key in one line, for the side panel (37 columns at 120x40; the whole
    key, :func:`netview.key`, is in the help, F1). The list's headings give each link's
    price ("building $4 each", "border $8", "jump $6"); the key says what a jump adds
    (TS-4.2: $2 for each rival link crossed, $4 on a border build). It read "$4 · border
    $8 · jump +$2/$4 a link", which the eighteenth newcomer run found cryptic."""
    out = Text(no_wrap=True, overflow="ellipsis")
    out.append("jump", style="bold")
    out.append(": ")
    out.append("+$2", style="bold")
    out.append(" a rival link (border ")
    out.append("+$4", style="bold")
    out.append(")")
    return out


def _list_view(width: int, height: int, legend: str = netview.LEGEND) -> Face:
    """Each company's network as a list (:mod:`.netview`), in ``width`` x ``height``."""
    return Face(width, height, 1, _network(width, height), netview.link_at,
                netview.names_between, about, companies, players, netview.key, 0,
                legend=legend, name="the networks as a list", side_key=list_side_key)


# 120x40: the map with whole names above the rest first (``_shorter``;
# ``above_first``), F2 alone; F4 the compact layout with the networks as a list, whole
# names, each company's route as chains with what it can build and jump to. The compact
# map (the built links and those on offer, cities by their first letters) is the board
# alone at 80 columns.
SMALL = Face(board.SMALL_WIDTH, board.SMALL_HEIGHT, 1, _small_board, board.link_at_small,
             board.names_between_small, about, companies, players, board.key_small, 0,
             legend=board.SMALL_LEGEND, side_key=board.side_key,
             other=_list_view(board.SMALL_WIDTH, board.SMALL_HEIGHT, netview.LEGEND_SMALL),
             other_first=True)
LIST_WIDTH = 44  # the board's pane at 80x24: the list read without a sideways scroll
# Wide terminals: the map with whole names first, the list F4 away. Below 120
# columns (80x24: a pane of 44x5 beside the side panel) the table shows the list first
# (a narrow screen shows a title's other view first); the board alone (F2) and F4 show
# the map. The list's window follows the links on offer as the map's would.
SHORTEST = 22  # rows of the fewest the whole map is drawn in (key included): see _shorter


@cache
def _shorter(rows: int) -> Face | None:
    """The whole map in ``rows`` rows (its whole names and width kept), above the rest
    at 120x40 (first there: 22 rows) and wherever the terminal is too short for its 29.
    Measured at the ends of 12 seeded games of 4 medium bots (649 links built): at 22
    rows every link shows its tag (179 have no cell of their own line, a tag between
    two names; 152 at 29 rows); at 21 rows, 12 lose their tag."""
    if rows < SHORTEST:
        return None

    def draw(state: GameState, targets: Mapping[str, str]) -> Text:
        return board.render(_ts(state), targets, board.WIDTH, rows)

    return replace(_WHOLE, height=rows, board=draw,
                   hit=lambda x, y: board.link_at(x, y, board.WIDTH, rows),
                   names=lambda a, b: board.names_between(a, b, board.WIDTH, rows))


_WHOLE = Face(board.WIDTH, board.HEIGHT, 1, _board, board.link_at, board.names_between,
              about, companies, players, board.key, 0, SMALL,
              other=_list_view(LIST_WIDTH, board.HEIGHT), side_key=board.side_key,
              name="the map, names whole")
FACE = replace(_WHOLE, shorter=_shorter, above_first=True)
TABLE = TableKit(FACE, teach.HOW_TO_WIN, teach.RULES, teach.tracker, teach.warning,
                 teach.build_refusals, teach.KEYS, teach.tracker_line, teach.notes,
                 end_reasons, why_not=teach.why_not, only_move=teach.only_move,
                 payouts=payouts, hint_why=hints.why, score_words=score_words,
                 losses=losses)
