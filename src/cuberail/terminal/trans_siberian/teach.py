"""What the table teaches of Trans-Siberian Railroad: how to win, the rules in short, the
end tracker, nationalization ahead (TS-8.1), why a build, a share or a bid is not on offer
and why a pass was the only move."""

from __future__ import annotations

import textwrap

from rich.text import Text

from cuberail.core.actions import Action
from cuberail.core.state import GameState
from cuberail.games.trans_siberian import board as tsb
from cuberail.games.trans_siberian.moves import interturn_marker
from cuberail.games.trans_siberian.notes import choice_note
from cuberail.games.trans_siberian.state import (
    ACTIVE,
    AUCTION,
    TURN,
    WAITING,
    TransSiberianState,
)
from cuberail.games.words import english
from cuberail.terminal.kit import TRACKER_WIDTH, History, bid_out_of_reach
from cuberail.terminal.trans_siberian import board

LINE = 76  # the most a tracker line takes on a small terminal (80 columns, less borders)

HOW_TO_WIN = (
    "How to win Trans-Siberian: score = cash + the value of your shares in PUBLIC"
    " companies (2+ shares owned). Buy shares, and build links for a company you hold"
    " the most shares of: links raise its income and its share value. Dividends come"
    " each time the timing track fills. In phase 2 a company whose share value is at"
    " or below the nationalization value is nationalized at the next dividend (its"
    " shares vanish and score nothing). That value climbs at every phase-2 dividend, 3"
    " steps more for each company nationalized: late in the game it can take every"
    " company, and then only cash counts (TS-8.2). The game ends when the dividend"
    " track is full or a share value reaches $75.")

RULES = (
    "Trans-Siberian Railroad in short (full rules: {docs}):\n"
    "- A turn: BUY one share at its share value (or two shares of two different"
    " companies: both values plus a $4 fee, paid to whichever of the two you choose),"
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
    "- The nationalization value climbs at every phase-2 dividend, 3 steps more for"
    " each company nationalized: late in the game it can take them all.\n"
    "- End: dividend track full, or a share value at $75. Score = cash + shares of"
    " public companies (nationalized shares count nothing).")

# the title's rows of the help page's key table: ``key<TAB>what it does``, a line each
KEYS = (
    "4\tbuild link 4 by its cheapest route\n"
    "4?  then 4b\tlist link 4's other routes, then play one\n"
    "omsk · tyumen-omsk\ta link by its cities (any case; a name's start will do)\n"
    "F4\tthe networks as lists (what each builds next), or the map")


def _ts(state: GameState) -> TransSiberianState:
    assert isinstance(state, TransSiberianState)
    return state


def _top_value(s: TransSiberianState, words: str = "top value") -> str:
    """The highest share value of a company in play (TS-9.1: $75 ends the game); once
    every company is nationalized (phase 2, or the game's end), that none is in play
    (the thirteenth newcomer run read "top value $0/75" at such an end)."""
    live = [c for c in range(tsb.NUM_COMPANIES) if s.status[c] == ACTIVE and s.value[c] >= 0]
    if not live and (s.phase >= 2 or s.is_terminal()):
        return "no company in play"
    top = max((s.share_value(c) for c in live), default=0)
    return f"{words} ${top}/{tsb.SHARE_TRACK[tsb.TOP]}"


def tracker(state: GameState) -> Text:
    """How close the game is to its end, and the companies nationalization threatens, in
    lines of at most :data:`cuberail.terminal.kit.TRACKER_WIDTH` characters: two in play
    (the side panel at 120x40 has 19 rows for it, the companies and five players), a
    warning's two before them."""
    s = _ts(state)
    top = _top_value(s)
    over = s.is_terminal()
    paid = f"{s.dividends} dividend{'s' * (s.dividends != 1)}"  # a top value ends it anytime
    out = Text()
    urgent, milder = ([], []) if over else _warning_lines(s)
    for line in urgent:  # first: the panel may not show its end
        out.append(line + "\n", style="bold red")
    for line in milder:  # the milder after them, in the warning's two lines
        out.append(line + "\n", style="yellow")
    out.append(f"game over after {paid};\n " if over else "end: ", style="bold")
    paid_of = f"dividends {s.dividends}/{s.opts.dividend_track}"
    if not over and _all_doomed(s) and _ends_empty(s):  # said louder (the 28th newcomer
        # (run: "the rug"; "dividends 3/6; the next ends it" did not say why one dividend
        # goes from 3 of 6 to the end: the 33rd newcomer run)
        out.append("next dividend nationalizes all\n", style="bold red")
    else:
        out.append(f"{paid_of}  {top}\n")
    out.append(f" phase {s.phase}  timing {s.timing}/{s.opts.timing}"
               f"  nat. value ${s.nationalization_value()}")
    return out


def _warning_lines(s: TransSiberianState) -> tuple[list[str], list[str]]:
    """The tracker's warning lines: the companies the next dividend nationalizes
    (:func:`doomed_lines`), then those at risk at the one after (:func:`risk_lines`) in the
    room left: two lines with five players (the side panel's 19 rows at 120x40), a line
    more for each seat fewer. With no room left both at once a line each by short names
    where they fit, else the urgent alone (the ``?`` in the companies' table marks the
    others)."""
    urgent = doomed_lines(s)
    room = 2 + max(0, 5 - s.num_players) - len(urgent)
    milder = risk_lines(s, room)
    risky = at_risk(s)
    if urgent and risky and not milder:
        now = [f"⚠ next dividend: {_codes(nationalization_ahead(s))}"
               f" {_sign(s)}${s.nationalization_value()}",
               f"at risk after next: {_codes(risky)} {_sign(s)}${_next_marker(s)}"]
        if all(len(line) <= TRACKER_WIDTH for line in now):
            return now[:1], now[1:]
    return urgent, milder


def _codes(companies: list[int]) -> str:
    return " ".join(board.COMPANY_SHORT[c] for c in companies)


def doomed_lines(s: TransSiberianState) -> list[str]:
    """TS-8.1: the companies the next dividend nationalizes, in one sentence wrapped to
    the side panel's width in two lines (never cut: the tracker puts it first): by their
    names, else their short names (as the tables have them); where they are too many for
    two lines, by the ``!`` after their values in the companies' table."""
    doomed = nationalization_ahead(s)
    if not doomed:
        return []
    verb = "is" if len(doomed) == 1 else "are"
    head = "⚠ nationalized at the next dividend:"
    value = f"{_compared(s)} ${s.nationalization_value()}"
    for names in (tsb.COMPANY_IDS, board.COMPANY_SHORT):
        who = ", ".join(f"{names[c]} ${s.share_value(c)}" for c in doomed)
        lines = textwrap.wrap(f"{head} {who} {verb} {value}", TRACKER_WIDTH,
                              subsequent_indent="  ")
        if len(lines) <= 2:
            return lines
    return [head, f"  the {len(doomed)} marked ! are {value}"]


def at_risk(s: TransSiberianState) -> list[int]:
    """TS-8.1, TS-8.2: companies the next dividend spares but the one after it would
    nationalize as things stand: their share value above the marker now, at or below where
    the next phase-2 dividend moves it (the engine's own step, ``interturn_marker``: one
    step, or three per company it nationalizes). None when the next dividend ends the game
    (the dividend track full)."""
    if s.phase < 2 or s.is_terminal() or s.dividends + 1 >= s.opts.dividend_track:
        return []
    doomed = nationalization_ahead(s)
    after = s.clone()
    assert isinstance(after, TransSiberianState)
    after.nat = interturn_marker(s, len(doomed))
    return [c for c in range(tsb.NUM_COMPANIES) if s.status[c] == ACTIVE and s.value[c] >= 0
            and c not in doomed and after.nationalizes(c)]


def _next_marker(s: TransSiberianState) -> int:
    """The nationalization value after the next dividend (TS-8.2)."""
    return tsb.SHARE_TRACK[interturn_marker(s, len(nationalization_ahead(s)))]


def _sign(s: TransSiberianState) -> str:
    """TS-8.1's comparison as a sign: ``≤`` (at or below), or ``<`` with the option
    ``nationalization=below``."""
    return "<" if s.opts.nat_below else "≤"


def _lift(s: TransSiberianState, marker: int) -> str:
    """What saves a share value from a nationalization value of ``marker`` (TS-8.1)."""
    return f"to ${marker} or more" if s.opts.nat_below else f"above ${marker}"


def risk_lines(s: TransSiberianState, room: int = 2) -> list[str]:
    """The companies at risk at the dividend after next (:func:`at_risk`), milder than
    :func:`doomed_lines` and after them, in at most ``room`` lines of the side panel: by
    name, else by short name; nothing where they do not fit (the choices still say it)."""
    risky = at_risk(s)
    if not risky or room <= 0:
        return []
    head = "at risk at the dividend after next:"
    unless = f"unless {'it rises' if len(risky) == 1 else 'they rise'}"
    marker = _next_marker(s)
    for names in (tsb.COMPANY_IDS, board.COMPANY_SHORT):
        who = ", ".join(f"{names[c]} ${s.share_value(c)}" for c in risky)
        text = f"{head} {who} {unless} {_lift(s, marker)}"
        for form in (text, text.replace(head, "at risk after next dividend:"),
                     text.replace(f" {unless}", "")):
            lines = textwrap.wrap(form, TRACKER_WIDTH, subsequent_indent="  ")
            if len(lines) <= room:
                return lines
    for line in (f"at risk after next: {_codes(risky)} {_sign(s)}${marker}",
                 f"at risk after next: the {len(risky)} marked ?"):
        if len(line) <= TRACKER_WIDTH:
            return [line]
    return []


def tracker_line(state: GameState) -> Text:
    """The end tracker in a line or two, for a small terminal."""
    s = _ts(state)
    top = _top_value(s, "top share value")
    out = Text("end: ", style="bold")
    out.append(f"dividends {s.dividends}/{s.opts.dividend_track} · {top}"
               f" · timing {s.timing}/{s.opts.timing} (full: dividend)")
    out.append(f"\nphase {s.phase} · nationalization ${s.nationalization_value()}",
               style="dim")
    ahead = nationalization_ahead(s)
    if ahead and not s.is_terminal() and _all_doomed(s):
        out.append(f" {_ALL[_ends_empty(s)]}", style="bold red")
    elif ahead and not s.is_terminal():  # whole names where the line has room
        for names in (tsb.COMPANY_IDS, board.COMPANY_SHORT):
            warning = f" ⚠ next dividend nationalizes {', '.join(names[c] for c in ahead)}"
            if len(out.plain.split("\n")[-1]) + len(warning) <= LINE:
                break
        out.append(warning, style="bold red")
    risky = [] if s.is_terminal() else at_risk(s)
    if risky:  # milder, where the line has room (TS-8.2: the marker after the next dividend)
        for names in (tsb.COMPANY_IDS, board.COMPANY_SHORT):
            later = f" · at risk after next: {', '.join(names[c] for c in risky)}"
            if len(out.plain.split("\n")[-1]) + len(later) <= LINE:
                out.append(later, style="yellow")
                break
    return out


# TS-8.1, TS-9.1: the next dividend nationalizes every company in play; with the option
# end_when_empty (the default) the game then ends: said in two of the tracker's lines
_ALL = {True: "⚠ next dividend nationalizes ALL: the game ends, cash alone counts",
        False: "⚠ next dividend nationalizes ALL: then cash alone counts"}


def _ends_empty(s: TransSiberianState) -> bool:
    """Whether nationalizing every company in play ends the game (TS-9.1): the option
    says so and no company waits to enter."""
    return s.opts.end_when_empty and WAITING not in s.status


def _all_doomed(s: TransSiberianState) -> bool:
    """Whether the next dividend nationalizes every company in play (TS-8.1)."""
    ahead = nationalization_ahead(s)
    return bool(ahead) and ahead == [c for c in range(tsb.NUM_COMPANIES)
                                     if s.status[c] == ACTIVE and s.value[c] >= 0]



def nationalization_ahead(s: TransSiberianState) -> list[int]:
    """TS-8.1: companies that the next (phase 2) interturn will nationalize as things stand.

    The engine decides (``nationalizes``: at or below the marker, or only below with the
    option ``nationalization=below``); the table only asks it. None once the game is
    over (the end's companies table marked values "!" as if a dividend were coming)."""
    if s.phase < 2 or s.is_terminal():
        return []
    return [c for c in range(tsb.NUM_COMPANIES)
            if s.status[c] == ACTIVE and s.value[c] >= 0 and s.nationalizes(c)]


def _compared(s: TransSiberianState) -> str:
    """The TS-8.1 comparison in words, as the rule option sets it."""
    return "below" if s.opts.nat_below else "at or below"


def _doomed_bids(s: TransSiberianState) -> int:
    """TS-2.2, TS-7.1: the highest bid whose winner can only choose a share value the
    nationalization would take (TS-8.1): the winner sets the value, at most the bid."""
    safe = [v for v in tsb.SHARE_TRACK if not s.value_nationalizes(v)]
    return min(safe, default=tsb.SHARE_TRACK[tsb.TOP] + 1) - 1


def _risk(s: TransSiberianState, action: Action) -> str:
    """TS-8.1 before the pick, in one line. In phase 2 a warning: a bid (TS-2.2, TS-7.1:
    the winner then sets a share value not above it) or a share value at or below the
    nationalization value (the next dividend nationalizes it). In phase 1 nothing is
    nationalized and links raise the value before phase 2, so a low bid is no risk (the
    thirteenth newcomer run bid $28 of $40 on the old tip "bid $28 or more" and could
    afford nothing after); the share value's choice gets a tip (``tip:``) instead: at or
    below the marker, or above what the winner has left for the second share. A bid
    without a warning says the rule it decides (:func:`_value_cap`)."""
    amount = action.args[0] if action.args else None
    if not isinstance(amount, int):
        return ""
    if action.kind == "bid":
        return ((_bid_warning(s, amount) if s.phase >= 2 else "") or _lockout(s, action)
                or _value_cap(s))
    if action.kind != "value":
        return ""
    if s.value_nationalizes(amount):
        if s.phase >= 2:
            return ""  # the move's own sentence warns (moves.nat_warning)
        return (f"tip: {_compared(s)} the nationalization value ${s.nationalization_value()}:"
                " nationalized in phase 2 unless links raise it")
    return _second_share(s, amount)


def _bid_warning(s: TransSiberianState, amount: int) -> str:
    """Phase 2: a bid whose winner can only set a value the next dividend nationalizes."""
    doomed = _doomed_bids(s)
    if amount > doomed:
        return ""
    co = tsb.COMPANY_IDS[s.a_company]
    cash = s.cash[s.current_player()]
    nat = f"{_compared(s)} ${s.nationalization_value()}"
    cap = max(v for v in tsb.SHARE_TRACK if v <= doomed)  # the value such a bid allows
    worth = ("the nationalization value" if cap == s.nationalization_value()
             else nat.replace(" $", " the nationalization value $"))
    if cash <= doomed:  # said plainly: no bid of theirs helps
        text = f"any bid you can make (up to ${cash}) caps {co}'s share value at ${cap}"
    else:
        text = f"bid ${doomed + 1} or more: a lower bid caps {co}'s share value at ${cap}"
    return f"{text}, {worth}: nationalized at the next dividend"


def _value_cap(s: TransSiberianState) -> str:
    """TS-2.2 (TS-7.1 in phase 2) at a company's opening auction: the winner sets its share
    value, at most the winning bid, so a low bid caps it (the 31st newcomer run read only
    "bid 8..40" and learned it after bidding). The rule said, no amount advised: the
    thirteenth run followed a bid tip into a ruinous bid."""
    if s.step != AUCTION or s.a_company < 0:
        return ""
    rule = "TS-2.2" if s.a_phase == 1 else "TS-7.1"
    return (f"tip: the winner sets {tsb.COMPANY_IDS[s.a_company]}'s share value, at most"
            f" the bid ({rule})")


def _second_share(s: TransSiberianState, amount: int) -> str:
    """TS-3.2 at the share value's choice: a private company builds once a second share
    is owned, sold at the value chosen; above the winner's cash it is not theirs to buy."""
    c = s.a_company
    cash = s.cash[s.current_player()]
    if c < 0 or s.owned(c) != 1 or amount <= cash:
        return ""
    co = tsb.COMPANY_IDS[c]
    return (f"tip: above ${cash} (your cash) you cannot buy {co}'s second share yourself;"
            f" {co} builds only once two shares are owned (TS-3.2)")


def _lockout(s: TransSiberianState, action: Action) -> str:
    """A buy or a bid that leaves less cash than any share for sale costs, as a tip
    (:func:`cuberail.games.trans_siberian.notes.choice_note`: the browser's words too)."""
    note = choice_note(s, action)
    return f"tip: {english(note)}" if note is not None else ""


def warning(state: GameState, action: Action, history: History) -> str:
    """Buying or building for a company the next dividend will nationalize; a bid or a
    share value at or below the nationalization value (:func:`_risk`); else a buy or a
    bid that leaves too little cash for any share (:func:`_lockout`)."""
    s = _ts(state)
    if action.kind in ("bid", "value"):
        return _risk(s, action)
    if action.kind not in ("buy", "build"):
        return ""
    doomed = {tsb.COMPANY_IDS[c] for c in nationalization_ahead(s)}
    hit = [str(a) for a in action.args if str(a) in doomed]
    if not hit:
        return _lockout(s, action) or _risk_tip(s, action)
    # "unless ...": a build before the dividend can lift a value over the marker (the 30th
    # newcomer run read "red will be nationalized" four times, and red never was)
    nat = s.nationalization_value()
    return (f"{', '.join(hit)} will be nationalized at the next dividend unless its share"
            f" value rises {_lift(s, nat)} (now {_compared(s)} ${nat})")


def _risk_tip(s: TransSiberianState, action: Action) -> str:
    """A buy or build for a company at risk at the dividend after next (:func:`at_risk`):
    a tip, one dividend before the ⚠ (the 31st newcomer run saw every company nationalized
    and only the ⚠ line, a dividend too late to change it)."""
    risky = {tsb.COMPANY_IDS[c]: c for c in at_risk(s)}
    hit = [str(a) for a in action.args if str(a) in risky]
    if not hit:
        return ""
    values = ", ".join(f"${s.share_value(risky[h])}" for h in hit)
    verb, rise = ("is", "it rises") if len(hit) == 1 else ("are", "they rise")
    return (f"tip: at risk at the dividend after next: {', '.join(hit)} ({values}) {verb}"
            f" nationalized then unless {rise} {_lift(s, _next_marker(s))}")


BORDER_NOTE = (
    "→border is an external link, to the map's border (◇ on the map; St. Petersburg has"
    " three, border 1-3): it costs $8, is built alone, moves the timing track and raises"
    " the share value one step more")


def notes(state: GameState) -> list[str]:
    """What an external link (``→border``) is, when one is among the builds on offer."""
    s = _ts(state)
    links = [a for a in s.legal_actions() if a.kind == "link" and a.args]
    if any(tsb.LINKS[tsb.LINK_INDEX[str(a.args[0])]].external for a in links):
        return [BORDER_NOTE]
    return []


def _why_not(s: TransSiberianState, p: int, c: int) -> str:
    """Why player ``p``, holding shares of ``c``, cannot build for it."""
    mine = s.shares_held(p, c)
    top = max(s.shares_held(q, c) for q in range(s.num_players))
    if not s.is_public(c):
        return "it is private (one share owned); it needs two owned to build"
    if top > mine:
        return f"another player holds more of it ({top} shares to your {mine})"
    if s.nlinks[c] >= tsb.MAX_LINKS:
        return "it has no link cubes left"
    return f"no link it may build is affordable from its ${s.treasury[c]}"


def build_refusals(state: GameState) -> list[str]:
    """Why the player to move cannot build for a company they hold: at the turn's choice
    only, where building is one of the moves (not in an auction or a share's value)."""
    s = _ts(state)
    p = s.current_player()
    if p < 0 or s.step != TURN:
        return []
    return [f"cannot build for {tsb.COMPANY_IDS[c]}: {_why_not(s, p, c)}"
            for c in range(tsb.NUM_COMPANIES)
            if s.shares_held(p, c) and s.status[c] == ACTIVE and not s.can_build_for(p, c)]


def _no_auction(s: TransSiberianState) -> str:
    """TS-6.2, TS-7.1: when the companies not yet auctioned will be, if ever."""
    waiting = [tsb.COMPANY_IDS[c] for c in range(tsb.NUM_COMPANIES) if s.status[c] == WAITING]
    if not waiting or s.phase >= 2:
        return "no auction is running, nor will one: every company has been auctioned"
    return (f"no auction is running: {' and '.join(waiting)} are auctioned when phase 2"
            f" starts, at the first dividend with a share value at ${tsb.PHASE2_VALUE} or more")


def _no_share(s: TransSiberianState) -> str:
    """TS-3.1: why no share can be bought: none for sale, or none the player can pay."""
    prices = [s.share_value(c) for c in range(tsb.NUM_COMPANIES) if s.buyable(c)]
    if not prices:
        return "no share is left to buy"
    return f"you have ${s.cash[s.turn]} and the cheapest share costs ${min(prices)}"


def _no_build(s: TransSiberianState) -> str:
    """TS-3.2: why the player may build for no company."""
    refusals = build_refusals(s)
    if refusals:
        return "; ".join(refusals)
    return ("you may build only for a public company (2+ shares owned) of which you hold the"
            " most shares, and you hold no share of a company in play")


def why_not(state: GameState, kind: str) -> str:
    """Why no move of ``kind`` is on offer to the player to move, in their words (a bid:
    TS-2.1 the lowest bid beyond their cash, or no auction now; a share or a build at
    their turn, TS-3.1, TS-3.2); '' where the step's own sentence says enough."""
    s = _ts(state)
    if kind == "bid":
        return bid_out_of_reach(s) if s.step == AUCTION else (
            _no_auction(s) if s.step == TURN else "")
    if s.step == TURN and kind == "buy":
        return _no_share(s)
    if s.step == TURN and kind == "build":
        return _no_build(s)
    if s.step == TURN and kind == "link":
        return "a link is built for a company: choose build for it first, then its links"
    return ""


def only_move(state: GameState, action: Action) -> str:
    """Why a pass was the player's only move: no bid within their cash (TS-2.1), or at
    their turn no share they can pay and no company they may build for (TS-3)."""
    s = _ts(state)
    if action.kind != "pass":
        return ""
    if s.step == AUCTION:
        return bid_out_of_reach(s)
    if s.step == TURN:
        return f"{_no_share(s)}; {_no_build(s)}"
    return ""
