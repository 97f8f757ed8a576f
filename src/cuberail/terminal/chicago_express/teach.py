"""What the table teaches of Chicago Express: how to win, the rules in short, the end
tracker, the tip of building for the company that pays the player most, and why no bid
is on offer (or a pass was the only move)."""

from __future__ import annotations

from rich.text import Text

from cuberail.core.actions import Action
from cuberail.core.state import GameState
from cuberail.games.chicago_express import board as ceb
from cuberail.games.chicago_express.state import (
    AUCTION_GAUGE,
    BID,
    CHOOSE,
    SETUP,
    ChicagoExpressState,
)
from cuberail.terminal.kit import History, bid_out_of_reach

HOW_TO_WIN = (
    "How to win Chicago Express: the player with the most CASH at the end wins; shares"
    " and company money count for nothing. Buy shares at auction (your bid goes into"
    " the company's treasury), build track for a company you hold a share of, towards"
    " Chicago and rich cities, and collect dividends. Dividends are paid when two of"
    " the three gauges (auction, develop, build) are full. The game ends at such a"
    " dividend once 3 companies are sold out or out of locomotives, 3 houses or fewer"
    " are left, or Detroit reaches 8 (the end tracker counts).")

RULES = (
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
    " or 3 houses or fewer are left, or Detroit is at 8. Most cash wins.")


def _mark(done: bool) -> str:
    return "bold red" if done else ""


def _ce(state: GameState) -> ChicagoExpressState:
    assert isinstance(state, ChicagoExpressState)
    return state


def _end_counts(s: ChicagoExpressState) -> tuple[int, int, int, int]:
    """The end conditions' counts (CE-9.1): companies sold out, companies without
    locomotives, Detroit's track and its top."""
    n = len(ceb.COMPANIES)
    sold_out = sum(1 for c in range(n) if s.unsold(c) == 0)
    no_locos = sum(1 for c in range(n) if s.locos_left[c] == 0)
    return sold_out, no_locos, s.track[ceb.DETROIT], ceb.HEXES[ceb.DETROIT].track_max


def _of3(count: int) -> str:
    """A count of companies against the 3 that end the game (CE-9.1): ``2/3``; from 3 on
    the count and a tick, ``4 ✓`` (the 32nd newcomer run read "sold out 4/3" as an
    error)."""
    return f"{count}/3" if count < 3 else f"{count} ✓"


def tracker(state: GameState) -> Text:
    """How close the game is to its end, condition by condition, in lines of at most
    :data:`cuberail.terminal.kit.TRACKER_WIDTH` characters (none wraps at 120 columns)."""
    s = _ce(state)
    sold_out, no_locos, detroit, top = _end_counts(s)
    over = s.is_terminal()
    head = (f"game over after general dividend #{s.dividends};\n" if over
            else "ends at a dividend when one holds:\n")
    out = Text(head, style="bold")
    out.append(f" sold out {_of3(sold_out)}", style=_mark(sold_out >= 3))
    out.append(f"  no locos {_of3(no_locos)}\n", style=_mark(no_locos >= 3))
    out.append(f" houses {s.houses} (ends at 3)", style=_mark(s.houses <= 3))
    out.append(f"  Detroit {detroit}/{top}", style=_mark(detroit >= top))
    gauges = [f"{name} {s.gauges[g]}/{s.gauge_size(g)}"
              for g, name in enumerate(ceb.GAUGE_NAMES)]
    out.append(f"\n gauges {'  '.join(gauges[:2])}\n  {'  '.join(gauges[2:])}")
    if not over:
        out.append(f" (2 full: dividend #{s.dividends + 1})")
    return out


def tracker_line(state: GameState) -> Text:
    """The end tracker in two short lines, for a small terminal."""
    s = _ce(state)
    sold_out, no_locos, detroit, top = _end_counts(s)
    out = Text("end at a dividend: ", style="bold")
    out.append(f"sold out {_of3(sold_out)}", style=_mark(sold_out >= 3))
    out.append(f" · no locos {_of3(no_locos)}", style=_mark(no_locos >= 3))
    out.append(f" · houses {s.houses} (≤3)", style=_mark(s.houses <= 3))
    out.append(f" · Detroit {detroit}/{top}", style=_mark(detroit >= top))
    gauges = " ".join(f"{name} {s.gauges[g]}/{s.gauge_size(g)}"
                      for g, name in enumerate(ceb.GAUGE_NAMES))
    nxt = (f"game over after dividend #{s.dividends}" if s.is_terminal()
           else f"dividend #{s.dividends + 1} when 2 gauges are full")
    out.append(f"\n{nxt}: {gauges}", style="dim")
    return out


def warning(state: GameState, action: Action, history: History) -> str:
    """A tip (not a rule) when building for a company while another one the player may
    build for gives them a larger part of its dividends (CE-7.1: income / shares sold per
    share): a build raises a company's income, so it pays this player more there. One line
    of the choices at 120x40 (45 columns after its indent): the nineteenth newcomer run
    found three two-line tips pushing the build's choices onto a second page."""
    if action.kind != "company":
        return ""
    s, seat = _ce(state), state.current_player()
    ids = ceb.COMPANY_IDS
    chosen = ids.index(str(action.args[0]))
    better = max(s.buildable_companies(seat), key=lambda c: _part(s, seat, c), default=chosen)
    if _part(s, seat, better) <= _part(s, seat, chosen):
        return ""
    return (f"tip: dividends to you: here {_percent(s, seat, chosen)},"
            f" {ids[better]} {_percent(s, seat, better)}")


def _part(s: ChicagoExpressState, seat: int, company: int) -> float:
    """The player's part of a company's dividends: their shares of those sold."""
    return s.held[seat][company] / max(s.sold[company], 1)


def _percent(s: ChicagoExpressState, seat: int, company: int) -> str:
    return f"{round(100 * _part(s, seat, company))}%"


def _no_auction(s: ChicagoExpressState) -> str:
    """CE-3.1, CE-4: a share is auctioned when a player chooses the auction gauge."""
    g = AUCTION_GAUGE
    if s.gauges[g] >= s.gauge_size(g):
        return (f"no auction is running, and the auction gauge is full ({s.gauges[g]} of"
                f" {s.gauge_size(g)}) until the next dividend: choose develop or build")
    return "no auction is running: choose auction to open one (you bid first)"


def why_not(state: GameState, kind: str) -> str:
    """Why no bid is on offer to the player to move, in their words: the lowest bid is
    beyond their cash (CE-3.3), or no auction runs (CE-3.1); '' for other kinds, where
    the step's own sentence says enough."""
    s = _ce(state)
    if kind != "bid":
        return ""
    if s.step in (SETUP, BID):
        return bid_out_of_reach(s)
    return _no_auction(s) if s.step == CHOOSE else ""


def only_move(state: GameState, action: Action) -> str:
    """Why a pass was the player's only move: no bid within their cash (CE-3.3)."""
    s = _ce(state)
    return bid_out_of_reach(s) if action.kind == "pass" and s.step in (SETUP, BID) else ""
