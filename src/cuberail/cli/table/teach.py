"""What the table teaches: how to win, the rules in short, the end tracker, warnings.

Texts are per title and short; the full rules are the docs pages they name.
Warnings are computed from the state (and, for Chicago Express, from what this
player built for before), never guessed.
"""

from __future__ import annotations

from rich.text import Text

from cuberail.core.actions import Action
from cuberail.core.state import GameState
from cuberail.games.chicago_express import board as ceb
from cuberail.games.chicago_express.state import ChicagoExpressState
from cuberail.games.trans_siberian import board as tsb
from cuberail.games.trans_siberian.state import ACTIVE, TransSiberianState

DOCS = {"chicago-express": "docs/chicago-express.md", "trans-siberian": "docs/trans-siberian.md"}

HOW_TO_WIN = {
    "chicago-express": (
        "How to win Chicago Express: the player with the most CASH at the end wins; shares"
        " and company money count for nothing. Buy shares at auction (your bid goes into"
        " the company's treasury), build track for a company you hold a share of, towards"
        " Chicago and rich cities, and collect dividends. Dividends are paid when two of"
        " the three gauges (auction, develop, build) are full. The game ends at such a"
        " dividend once 3 companies are sold out or out of locomotives, 3 houses or fewer"
        " are left, or Detroit reaches 8 (tracker on the right)."),
    "trans-siberian": (
        "How to win Trans-Siberian: score = cash + the value of your shares in PUBLIC"
        " companies (2+ shares owned). Buy shares, and build links for a company you hold"
        " the most shares of: links raise its income and its share value. Dividends come"
        " each time the timing track fills. In phase 2 a company whose share value is at"
        " or below the nationalization value is nationalized at the next dividend (its"
        " shares vanish). The game ends when the dividend track is full or a share value"
        " reaches $75."),
}

KEYS = (
    "Type a choice number and Enter, or click a move; click a hex/link on the map to find"
    " its move. Moves as text also work (`bid 12`, `place F5`, any case). In an auction"
    " any number is a bid. Short forms: p pass, s stop, f forgo, u undo, q quit."
    " Commands: help, help rules, hint (the engine's preferred move and what it expects),"
    " undo (your own last decision only), save [FILE], board (the board alone), quit."
    " Trans-Siberian: a link is one line (its cheapest route); `4` plays it, `4?` lists"
    " its other routes (`4b`, ...); a link may be typed by its cities (`omsk`, `build"
    " omsk`, `yekaterinburg-chelyabinsk`, any case, a start of a name will do)."
    " Keys: Up/Down pick a move, Enter plays it, PgUp/PgDn scroll the log, Ctrl+Left/"
    "Right/Up/Down scroll the map (also while typing; Home/End move in the input line),"
    " F1 help, F2 the board alone (whole map at 80 columns; there Up/Down and PgUp/PgDn"
    " scroll it), F3 hint (unless the game was started with --no-hints), Ctrl+Q quit."
    " The game is saved after every move.")

RULES = {
    "chicago-express": (
        "Chicago Express in short (full rules: {docs}):\n"
        "- A turn: choose one gauge not yet full: AUCTION a share (you open, everyone"
        " bids; the money goes to the company), DEVELOP a hex that holds a locomotive (a"
        " house on a city or mountain raises its companies' income; a forest pays its"
        " company $2; Wheeling and Pittsburgh step up), or BUILD for a company you hold a"
        " share of (1-3 locomotives, each next to its network, paid from its treasury:"
        " the hex's cost times the locomotives on it; cities and mountains add income).\n"
        "- When two gauges are full: every company pays income / shares sold (rounded up)"
        " per share, then the gauges reset. Reaching Chicago pays an extra dividend and"
        " opens the Wabash.\n"
        "- End: at a dividend when 3 companies are out of locomotives, or 3 are sold out,"
        " or 3 houses or fewer are left, or Detroit is at 8. Most cash wins."),
    "trans-siberian": (
        "Trans-Siberian Railroad in short (full rules: {docs}):\n"
        "- A turn: BUY one share (or one each of two companies, $4 more to one of them),"
        " BUILD for a public company (2+ shares owned) of which you hold the most shares,"
        " ties too (one link touching its network, $4; or two in a row; or one external"
        " link, $8; jumping other companies' links pays them a fee), or PASS. Buying two,"
        " building two, an external link and passing move the timing track; when it"
        " fills, dividends are paid.\n"
        "- Dividend: income / shares owned, rounded up, per share. Share values rise"
        " with income marks and with second and external links.\n"
        "- Phase 2 starts when a value reaches $48: Black and White are auctioned, and at"
        " each dividend a company at or below the nationalization value is nationalized"
        " (final dividend, shares removed).\n"
        "- End: dividend track full, or a share value at $75. Score = cash + shares of"
        " public companies."),
}


def how_to_win(title: str) -> str:
    return HOW_TO_WIN.get(title, "")


def rules(title: str) -> str:
    return RULES.get(title, "").format(docs=DOCS.get(title, "docs/"))


def _mark(done: bool) -> str:
    return "bold red" if done else ""


def tracker(state: GameState) -> Text:
    """How close the game is to its end, condition by condition."""
    if isinstance(state, ChicagoExpressState):
        return _ce_tracker(state)
    if isinstance(state, TransSiberianState):
        return _ts_tracker(state)
    return Text("")


def _ce_tracker(s: ChicagoExpressState) -> Text:
    n = len(ceb.COMPANIES)
    sold_out = sum(1 for c in range(n) if s.unsold(c) == 0)
    no_locos = sum(1 for c in range(n) if s.locos_left[c] == 0)
    detroit, top = s.track[ceb.DETROIT], ceb.HEXES[ceb.DETROIT].track_max
    out = Text("game ends at a dividend when one holds:\n", style="bold")
    out.append(f" sold out {sold_out}/3", style=_mark(sold_out >= 3))
    out.append(f"  no locos {no_locos}/3\n", style=_mark(no_locos >= 3))
    out.append(f" houses left {s.houses} (ends at 3)", style=_mark(s.houses <= 3))
    out.append(f"  Detroit {detroit}/{top}", style=_mark(detroit >= top))
    gauges = "  ".join(f"{name} {s.gauges[g]}/{s.gauge_size(g)}"
                       for g, name in enumerate(ceb.GAUGE_NAMES))
    out.append(f"\n gauges {gauges} (2 full: dividend #{s.dividends + 1})")
    return out


def _ts_tracker(s: TransSiberianState) -> Text:
    live = [c for c in range(tsb.NUM_COMPANIES) if s.status[c] == ACTIVE and s.value[c] >= 0]
    top = max((s.share_value(c) for c in live), default=0)
    out = Text("game ends when one holds:\n", style="bold")
    out.append(f" dividends {s.dividends}/{s.opts.dividend_track}")
    out.append(f"  top share value ${top}/{tsb.SHARE_TRACK[tsb.TOP]}\n")
    out.append(f" phase {s.phase}  timing {s.timing}/{s.opts.timing}"
               f"  nationalization ${s.nationalization_value()}")
    for c in nationalization_ahead(s):
        out.append(f"\n ⚠ {tsb.COMPANY_IDS[c]} ${s.share_value(c)} is {_compared(s)}"
                   f" ${s.nationalization_value()}: nationalized at the next dividend",
                   style="bold red")
    return out


def nationalization_ahead(s: TransSiberianState) -> list[int]:
    """TS-8.1: companies that the next (phase 2) interturn will nationalize as things stand.

    The engine decides (``nationalizes``: at or below the marker, or only below with the
    option ``nationalization=below``); the table only asks it."""
    if s.phase < 2:
        return []
    return [c for c in range(tsb.NUM_COMPANIES)
            if s.status[c] == ACTIVE and s.value[c] >= 0 and s.nationalizes(c)]


def _compared(s: TransSiberianState) -> str:
    """The TS-8.1 comparison in words, as the rule option sets it."""
    return "below" if s.opts.nat_below else "at or below"


def warning(state: GameState, action: Action, history: list[tuple[int, Action]]) -> str:
    """A warning for a move that may backfire, or ''."""
    if isinstance(state, ChicagoExpressState) and action.kind == "company":
        seat = state.current_player()
        last = next((a for p, a in reversed(history) if p == seat and a.kind == "company"), None)
        if last is not None and last.args != action.args:
            return f"you built for {last.args[0]} last time"
    if isinstance(state, TransSiberianState) and action.kind in ("buy", "build"):
        doomed = {tsb.COMPANY_IDS[c] for c in nationalization_ahead(state)}
        hit = [str(a) for a in action.args if str(a) in doomed]
        if hit:
            return (f"{', '.join(hit)} will be nationalized at the next dividend"
                    f" (value {_compared(state)} ${state.nationalization_value()})")
    return ""


def build_refusals(state: GameState) -> list[str]:
    """Trans-Siberian: why the player to move cannot build for a company they hold."""
    if not isinstance(state, TransSiberianState) or state.current_player() < 0:
        return []
    s, p = state, state.current_player()
    out = []
    for c in range(tsb.NUM_COMPANIES):
        mine = s.shares_held(p, c)
        if not mine or s.status[c] != ACTIVE or s.can_build_for(p, c):
            continue
        name = tsb.COMPANY_IDS[c]
        top = max(s.shares_held(q, c) for q in range(s.num_players))
        if not s.is_public(c):
            why = "it is private (one share owned); it needs two owned to build"
        elif top > mine:
            why = f"another player holds more of it ({top} shares to your {mine})"
        elif s.nlinks[c] >= tsb.MAX_LINKS:
            why = "it has no link cubes left"
        else:
            why = f"no link it may build is affordable from its ${s.treasury[c]}"
        out.append(f"cannot build for {name}: {why}")
    return out
