"""Trans-Siberian Railroad in the terminal: tracks, companies, players, the network, the step.

Rendering only: the rules live in state.py, the words of moves and events in moves.py
(re-exported here: ``render``, ``describe_action`` and ``events`` are what every title's
terminal face offers), with the table's own words (:mod:`.words`: links typed
by name) and plain-mode ``HELP``; the full-screen table's parts are in
:mod:`.table`.
Everything fits a 100-column terminal; the network is a list of links per owner.
"""

from __future__ import annotations

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from cuberail.core.state import GameState
from cuberail.core.words import seat_name
from cuberail.games.face import company_looks
from cuberail.games.trans_siberian import INFO
from cuberail.games.trans_siberian.board import (
    COMPANY_IDS,
    LINKS,
    NUM_COMPANIES,
    SHARES,
)
from cuberail.games.trans_siberian.moves import (
    company_word,
    describe_action,
    describe_parts,
    describe_step,
    events,
    link_name,
    link_parts,
    link_text,
    menu_parts,
    nat_warning,
)
from cuberail.games.trans_siberian.state import (
    ACTIVE,
    NATIONALIZED,
    STATUS_NAMES,
    TransSiberianState,
)
from cuberail.terminal.trans_siberian.netview import link_order
from cuberail.terminal.trans_siberian.words import by_name, names_of

# The companies' styles in the line mode: the title's face (``terminal_plain``).
STYLE = tuple(company_looks(INFO.title)[cid].terminal_plain for cid in COMPANY_IDS)
HELP = """\
Trans-Siberian: type a link by its cities (`omsk`, `build omsk`, `kazan-yekaterinburg`,
any case, the start of a name will do): its cheapest route is built."""


def menu_order(state: GameState) -> dict[str, int]:
    """Each link on offer's place in the table's list of choices: as the board's list of
    networks reads them (:func:`.netview.link_order`), so that its numbers run in order."""
    return {LINKS[k].id: i for i, k in enumerate(link_order(_ts(state)))}


def _ts(state: GameState) -> TransSiberianState:
    if not isinstance(state, TransSiberianState):
        raise TypeError(f"not a Trans-Siberian Railroad state: {type(state).__name__}")
    return state



def _co(c: int) -> Text:
    return Text(COMPANY_IDS[c], style=STYLE[c])


# ----- tracks ---------------------------------------------------------------------------


def _dots(done: int, size: int) -> str:
    return "●" * min(done, size) + "○" * max(size - done, 0)


def render_tracks(s: TransSiberianState) -> Text:
    """Phase, timing, dividend and nationalization tracks on one line."""
    out = Text()
    out.append(f"phase {s.phase}", style="bold")
    out.append(f"   timing {_dots(s.timing, s.opts.timing)} {s.timing}/{s.opts.timing}")
    out.append(f"   dividends {s.dividends}/{s.opts.dividend_track}")
    out.append("   nationalization at ")
    out.append(f"${s.nationalization_value()}", style="bold red" if s.phase == 2 else "")
    return out


# ----- companies and players --------------------------------------------------------------


def _status(s: TransSiberianState, c: int) -> str:
    if s.status[c] != ACTIVE:
        return STATUS_NAMES[s.status[c]]
    return "public" if s.is_public(c) else "private"


def render_companies(s: TransSiberianState) -> Table:
    """Status, share value, income, dividend, treasury, shares and links of each company."""
    table = Table(box=box.SIMPLE_HEAD, padding=(0, 1), pad_edge=False)
    heads = ("company", "status", "value", "nat.", "income", "div", "cash", "owned", "left",
             "links")
    for head in heads:
        table.add_column(head, justify="left" if head in ("company", "status") else "right")
    for c in range(NUM_COMPANIES):
        live = s.status[c] == ACTIVE
        value = f"${s.share_value(c)}" if s.value[c] >= 0 else "-"
        table.add_row(
            _co(c), _status(s, c), value, _nat_cell(s, c), str(s.income[c]),
            f"${s.dividend_per_share(c)}" if live and s.owned(c) else "-",
            f"${s.treasury[c]}", f"{s.owned(c)}/{SHARES[c]}", str(s.unsold[c]),
            str(s.nlinks[c]),
        )
    return table


def _nat_cell(s: TransSiberianState, c: int) -> Text:
    """The nationalization value beside a share value; marked when the value is at risk."""
    if s.status[c] != ACTIVE or s.value[c] < 0:
        return Text("-")
    if s.nationalizes(c):
        return Text(f"${s.nationalization_value()}!", style="bold red")
    return Text(f"${s.nationalization_value()}")


def _shares(s: TransSiberianState, seat: int) -> Text:
    out = Text()
    for c in range(NUM_COMPANIES):
        n = s.shares_held(seat, c)
        if n:
            out.append(COMPANY_IDS[c], style=STYLE[c])
            out.append(f"x{n} ")
    return out


def render_players(s: TransSiberianState, players: list[str]) -> Table:
    """Cash, shares and current score (TS-9.2) of each player; the one to move is marked."""
    table = Table(box=box.SIMPLE_HEAD, padding=(0, 1), pad_edge=False)
    for head in ("", "player", "cash", "score", "shares"):
        table.add_column(head, justify="right" if head in ("cash", "score") else "left")
    mover = s.current_player()
    for p, score in enumerate(s.scores()):
        mark = Text("▶", style="bold") if p == mover else Text("")
        table.add_row(mark, seat_name(players, p)[:16], f"${s.cash[p]}", f"${score}", _shares(s, p))
    return table


# ----- the network --------------------------------------------------------------------------


def render_network(s: TransSiberianState) -> Table:
    """Every link with its value, grouped by owner; ``→border`` marks external links."""
    table = Table(box=box.SIMPLE_HEAD, padding=(0, 1), pad_edge=False, expand=False)
    table.add_column("owner", no_wrap=True)
    table.add_column("links (ends, value)", max_width=86)
    for c in range(NUM_COMPANIES):
        mine = [i for i, o in enumerate(s.owner) if o == c]
        if mine:
            label = _co(c)
            if s.status[c] == NATIONALIZED:
                label.append(" (nat.)", style="dim")
            table.add_row(label, ", ".join(link_text(i) for i in mine))
    free = [i for i, o in enumerate(s.owner) if o < 0]
    table.add_row(Text("unowned", style="dim"), Text(", ".join(link_text(i) for i in free),
                                                     style="dim"))
    return table


def render(state: GameState, players: list[str]) -> RenderableType:
    """The whole table: tracks, companies and players, the network and the step."""
    s = _ts(state)
    step = Text.assemble(("now: ", "bold"), describe_step(s, players))
    return Group(render_tracks(s), render_companies(s), render_players(s, players),
                 render_network(s), step)

__all__ = ["HELP", "by_name", "company_word", "describe_action",
           "describe_parts", "describe_step", "events", "link_name", "link_parts", "link_text",
           "menu_order", "menu_parts", "names_of", "nat_warning", "render", "render_companies",
           "render_network", "render_players", "render_tracks"]
