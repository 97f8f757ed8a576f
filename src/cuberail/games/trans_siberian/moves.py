"""Trans-Siberian Railroad in words: what a move says and what happened (no rendering).

``describe_parts`` (a move's sentence as data, a catalog key of
``data/words-*.json`` and its values), ``describe_action`` (its English),
``event_parts`` (what happened by itself when an action was applied, as data),
``events`` (its English), ``describe_step`` (who decides what), ``choice_note`` (a note
beside a choice on offer, :mod:`.notes`) and the links' names:
the one source of these words for the terminal, the server, the drawings and the
research environments. The engine does not import Rich; the terminal views do.
"""

from __future__ import annotations

from cuberail.core.actions import Action
from cuberail.core.state import GameState
from cuberail.core.words import Said, Value, named, seat, seat_name
from cuberail.games.trans_siberian import actions as A
from cuberail.games.trans_siberian import network as N
from cuberail.games.trans_siberian.board import (
    COMPANY_IDS,
    COMPANY_INDEX,
    LINK_INDEX,
    LINKS,
    LOCATIONS,
    NATIONALIZE_STEPS,
    NUM_COMPANIES,
    PAYEE_IDS,
    PHASE2_VALUE,
    SHARE_TRACK,
    SURCHARGE,
    TOP,
)
from cuberail.games.trans_siberian.notes import choice_note
from cuberail.games.trans_siberian.state import (
    ACTIVE,
    AUCTION,
    BUILD_FIRST,
    BUILD_SECOND,
    NATIONALIZED,
    OVER,
    PICK_LINK,
    PICK_SURCHARGE,
    PICK_VALUE,
    TransSiberianState,
)
from cuberail.games.words import english


def _ts(state: GameState) -> TransSiberianState:
    if not isinstance(state, TransSiberianState):
        raise TypeError(f"not a Trans-Siberian Railroad state: {type(state).__name__}")
    return state



# Which way each border location lies from its city on the board as drawn (the printed
# board's positions, draw/trans_siberian/data/ts_positions.json; x east, y south), to the
# nearest of eight compass points: the words a player reads instead of a border's id.
BORDER_SIDES = {
    "ext_astrakhan": "s", "ext_barnaul": "w", "ext_bryansk": "w", "ext_chita": "e",
    "ext_orsk": "se", "ext_oryol": "w", "ext_rostovnadonu": "s", "ext_smolensk": "sw",
    "ext_stpetersburg1": "w", "ext_stpetersburg2": "w", "ext_stpetersburg3": "n",
    "ext_tuapse": "s", "ext_vladivostok": "s",
}
SIDES = ("n", "ne", "e", "se", "s", "sw", "w", "nw")


def border_words(location: int) -> Said:
    """A border location as words: the map's border and the side it lies on (``border
    (east)``); a city with several borders numbers them (St. Petersburg's ``border 1
    (west)``, as its board tooltip ``St. Petersburg #1``)."""
    loc = LOCATIONS[location]
    side = Said(f"ts.side_{BORDER_SIDES[loc.id]}")
    number = loc.name.partition("#")[2]
    if number:
        return Said("ts.beyond_n", {"n": number, "side": side})
    return Said("ts.beyond", {"side": side})


def link_name(link: int) -> Value:
    """A link's name as data: its places inside the map joined by dashes (``Moscow–Kazan``);
    a link to a border ends in an arrow and the border in words of the reader's language,
    with the side of the map it lies on (``Chita→border (east)``, ``Chita→confine (est)``).
    No link has two border ends."""
    ends = [LOCATIONS[e] for e in LINKS[link].ends]
    places = "–".join(loc.name for loc in ends if not loc.is_external)
    border = next((loc.index for loc in ends if loc.is_external), None)
    if border is None:
        return places
    return Said("ts.link_out", {"places": places, "beyond": border_words(border)})


def link_parts(link: int) -> Said:
    """``link_text`` as data: the link's name and income (``Moscow–Kazan 3``,
    ``Chita→border (east) 5``)."""
    return Said("ts.link_value", {"name": link_name(link), "value": LINKS[link].value})


def link_text(link: int) -> str:
    """``Moscow–Kazan 3``; an external link ends at the border: ``Chita→border (east) 5``."""
    return english(link_parts(link))


# ----- the step -----------------------------------------------------------------------------


def _auction_step(s: TransSiberianState, players: list[str]) -> str:
    co = COMPANY_IDS[s.a_company]
    if s.step == PICK_LINK:
        return f"{seat_name(players, s.a_bidder)} won {co} for ${s.a_high}: choose its first link"
    if s.step == PICK_VALUE:
        return f"{seat_name(players, s.a_bidder)} chooses {co}'s share value (at most ${s.a_high})"
    text = f"auction of a {co} share, opened by {seat_name(players, s.a_opener)}"
    if s.a_bidder >= 0:
        text += f": high bid ${s.a_high} by {seat_name(players, s.a_bidder)}"
    else:
        text += f": no bid yet (minimum ${s.minimum_bid()})"
    return text + f". {seat_name(players, s.a_to_act)} to bid or pass"


def describe_step(s: TransSiberianState, players: list[str]) -> str:
    """One line saying what is going on and who decides."""
    who = seat_name(players, s.turn)
    if s.step in (AUCTION, PICK_LINK, PICK_VALUE):
        return _auction_step(s, players)
    if s.step == OVER:
        winners = ", ".join(seat_name(players, p) for p in s.result().winners)
        return f"game over ({'; '.join(end_words(s))}): {winners} won"
    if s.step == PICK_SURCHARGE:
        return f"{who} chooses which company gets the ${SURCHARGE} surcharge"
    if s.step == BUILD_FIRST:
        c = s.b_company
        return f"{who} builds for {COMPANY_IDS[c]} (treasury ${s.treasury[c]}): choose a link"
    if s.step == BUILD_SECOND:
        return f"{who} may build a second {COMPANY_IDS[s.b_company]} link, or stop"
    return f"{who}'s turn: {_turn_choices(s, who)}"


def _turn_choices(s: TransSiberianState, who: str) -> str:
    """TS-3: the kinds of move on offer (buy, build, pass), and why no share can be bought
    when none can: none left in play, or the cheapest dearer than the player's cash."""
    kinds = {a.kind for a in s.legal_actions()}
    offered = [k for k in ("buy", "build", "pass") if k in kinds]
    text = ", ".join(offered[:-1]) + " or " + offered[-1] if len(offered) > 1 else offered[0]
    if "buy" in kinds:
        return text
    prices = [s.share_value(c) for c in range(NUM_COMPANIES) if s.buyable(c)]
    if not prices:
        return f"{text} (no share left to buy)"
    return (f"{text} (no share to buy: the cheapest costs ${min(prices)},"
            f" {who} has ${s.cash[s.turn]})")


# ----- actions and events -------------------------------------------------------------------


def _value_steps(s: TransSiberianState, c: int, link: int, bonus: int) -> int:
    before = s.income[c]
    marks = sum(1 for m in s.opts.marks if before < m <= before + LINKS[link].value)
    return min(s.value[c] + marks + bonus, TOP) - s.value[c]


def _counted(key: str, n: int) -> str:
    """The catalog key for a count of ``n``: its singular (``key_one``: "1 link", not
    "1 links") for one, as the page's own ``t()`` picks."""
    return f"{key}_one" if n == 1 else key


def company_word(company_id: str) -> Said:
    """A company (or the bank) as a word of the reader's language: its colour."""
    return Said(f"company.{company_id}")


def nat_warning(s: TransSiberianState, dollars: int) -> Said | str:
    """The warning (TS-8.1) when a share value of ``dollars`` would be nationalized, as data;
    '' when there is nothing to warn of. Only a phase-2 dividend nationalizes (TS-6.3,
    TS-8), so in phase 1 the warning would say nothing a player can act on yet (the marker
    still moves; the table's nationalization figure and the rules page tell of it)."""
    if s.phase < 2 or not s.value_nationalizes(dollars):
        return ""
    key = "ts.nat_below" if s.opts.nat_below else "ts.nat_at_or_below"
    return Said(key, {"value": s.nationalization_value()})


def _build_parts(s: TransSiberianState, action: Action) -> Said:
    """TS-4: the cost with the TS-4.2 jump fees, the income, the TS-4.6 value steps."""
    c, link = s.b_company, LINK_INDEX[str(action.args[0])]
    first = s.step == BUILD_FIRST
    key = A.parse_pay(str(action.args[1])) if len(action.args) > 1 else 0
    paid = A.payees(key or 0)
    base, fee = N.link_cost(link)
    cost: Value = f"${base + fee * len(paid)}"
    if paid:
        who = tuple(Said("ts.fee", {"company": company_word(PAYEE_IDS[p]),
                                    "fee": fee * paid.count(p)}) for p in sorted(set(paid)))
        cost = Said(_counted("ts.cost_jumping", len(paid)),
                    {"cost": cost, "n": len(paid), "payees": who})
    bonus = 0 if first and not LINKS[link].external else 1
    steps = _value_steps(s, c, link, bonus)
    rise: Value = ""
    if steps:
        rise = Said("ts.rise_one") if steps == 1 else Said("ts.rise", {"n": steps})
    return Said("ts.move_build", {"link": link_parts(link), "company": company_word(
        COMPANY_IDS[c]), "cost": cost, "value": LINKS[link].value, "rise": rise})


def menu_parts(state: GameState, action: Action) -> Said | None:
    """A build's link in a list of choices, where the step line already names the company:
    its name, the income it adds, its cost (with the TS-4.2 jump fees) and the TS-4.6 value
    steps, on one line (``Moscow–Smolensk: $4, +2 income``; a jump's fees in brief,
    ``$6 (fees: blue $2)``). None for every other move (the list says it as the log does)."""
    s = _ts(state)
    if action.kind != "link" or s.step not in (BUILD_FIRST, BUILD_SECOND):
        return None
    full = _build_parts(s, action).values
    link = LINK_INDEX[str(action.args[0])]
    cost = full["cost"]
    if isinstance(cost, Said):  # TS-4.2: "$6 (jumping 1 link of another owner: blue $2)"
        cost = Said("ts.cost_fees", {"cost": cost.values["cost"], "payees": cost.values["payees"]})
    return Said("ts.menu_build", {"name": link_name(link), "value": LINKS[link].value,
                                  "cost": cost, "rise": full["rise"]})


def _buy_parts(s: TransSiberianState, names: list[str]) -> Said:
    cs = [COMPANY_INDEX[n] for n in names]
    if len(cs) == 1:
        return Said("ts.move_buy", {"company": company_word(names[0]),
                                    "price": s.share_value(cs[0])})
    total = sum(s.share_value(c) for c in cs) + SURCHARGE
    return Said("ts.move_buy_two", {
        "first": company_word(names[0]), "first_price": s.share_value(cs[0]),
        "second": company_word(names[1]), "second_price": s.share_value(cs[1]),
        "total": total})


def _bid_parts(s: TransSiberianState, kind: str, arg: object) -> Said:
    co = company_word(COMPANY_IDS[s.a_company])
    if kind != "bid":
        return Said("ts.move_pass_share", {"company": co})
    bid = arg if isinstance(arg, int) else str(arg)
    if isinstance(arg, int):  # TS-2.2: the share value can be at most the bid
        best = max((v for v in SHARE_TRACK if v <= arg), default=SHARE_TRACK[0])
        warning = nat_warning(s, best)
        if warning:
            return Said("ts.move_bid_warned", {"bid": bid, "company": co, "best": best,
                                               "warning": warning})
    return Said("ts.move_bid", {"bid": bid, "company": co})


def _start_parts(s: TransSiberianState, arg: object) -> Said:
    """TS-2.2: the auction's winner places the company's first link."""
    link = LINK_INDEX[str(arg)]
    return Said("ts.move_start", {"company": company_word(COMPANY_IDS[s.a_company]),
                                  "link": link_parts(link), "value": LINKS[link].value})


def _value_parts(s: TransSiberianState, arg: object) -> Said:
    """TS-2.2: the share value the winner chooses, with the TS-8.1 warning."""
    warning = nat_warning(s, arg) if isinstance(arg, int) else ""
    return Said("ts.move_value", {"company": company_word(COMPANY_IDS[s.a_company]),
                                  "value": arg if isinstance(arg, int) else str(arg),
                                  "warning": warning})


def describe_parts(state: GameState, action: Action) -> Said:
    """The sentence for ``action`` in ``state`` (before it is applied) as data: a catalog
    key of games/trans_siberian/data/words-*.json and its values."""
    s = _ts(state)
    kind, args = action.kind, action.args
    arg = args[0] if args else ""
    if kind in ("bid", "pass") and s.step == AUCTION:
        return _bid_parts(s, kind, arg)
    if kind == "pass":  # TS-5.1: the pass that fills the timing track brings the dividends
        key = "ts.move_pass_dividend" if s.timing + 1 >= s.opts.timing else "ts.move_pass"
        return Said(key, {"n": s.timing + 1, "of": s.opts.timing})
    if kind == "link" and s.step == PICK_LINK:
        return _start_parts(s, arg)
    if kind == "link":
        return _build_parts(s, action)
    if kind == "value":
        return _value_parts(s, arg)
    if kind == "buy":
        return _buy_parts(s, [str(a) for a in args])
    if kind == "surcharge":
        return Said("ts.move_surcharge", {"cost": SURCHARGE, "company": company_word(str(arg))})
    if kind == "build":
        c = COMPANY_INDEX[str(arg)]
        return Said(_counted("ts.move_company", s.nlinks[c]), {"company": company_word(str(arg)),
                                        "cash": s.treasury[c], "links": s.nlinks[c]})
    if kind == "stop":
        return Said("ts.move_stop")
    return Said("move.text", {"text": action.text()})


def describe_action(state: GameState, action: Action) -> str:
    """A sentence for ``action`` in ``state`` (before it is applied), e.g. for logs: the
    English of ``describe_parts``."""
    return english(describe_parts(state, action))


def _auction_events(b: TransSiberianState, a: TransSiberianState, marker: int) -> list[Said]:
    """TS-2, TS-7.1: who won a company's first share and for how much, or that nobody bid
    (then the nationalization marker advances, from ``marker``: TS-2.4)."""
    out = []
    for c in range(NUM_COMPANIES):
        if b.status[c] != a.status[c] and a.status[c] == ACTIVE:
            p = next(p for p in range(a.num_players) if a.shares_held(p, c))
            out.append(Said("ts.ev_won", {"seat": seat(p), "company": company_word(
                COMPANY_IDS[c]), "price": a.treasury[c]}))
        elif b.status[c] != a.status[c] and a.status[c] != NATIONALIZED:
            out.append(Said("ts.ev_unsold", {"company": company_word(COMPANY_IDS[c])}))
            moved = min(marker + a.opts.failed_steps, TOP)
            if moved != marker:
                out.append(Said("ts.ev_nat_value", {"value": SHARE_TRACK[moved]}))
            marker = moved
    return out


def _dividend_parts(b: TransSiberianState, a: TransSiberianState) -> Said:
    """TS-6: the interturn's dividend and what each player received."""
    got = [a.cash[p] - b.cash[p] for p in range(a.num_players)]
    if b.step == PICK_SURCHARGE:  # the action itself cost the mover the surcharge
        got[b.turn] += SURCHARGE
    return Said("ts.ev_dividend", {"n": a.dividends, "payments": tuple(
        Said("event.payment", {"seat": seat(p), "amount": got[p]})
        for p in range(a.num_players))})


def _nationalized_parts(b: TransSiberianState, a: TransSiberianState) -> list[Said]:
    """TS-8.1: each company nationalized in this interturn, and why: its share value
    against the marker (unmoved between the action and the nationalization), with what
    it means (a last dividend, the shares gone, the treasury to the bank, the links left)."""
    rule = Said("ts.nat_rule_below" if a.opts.nat_below else "ts.nat_rule_at_or_below")
    return [Said("ts.ev_nationalized", {"company": company_word(COMPANY_IDS[c]),
                                        "value": a.share_value(c), "rule": rule,
                                        "marker": b.nationalization_value()})
            for c in range(NUM_COMPANIES)
            if a.status[c] == NATIONALIZED and b.status[c] != NATIONALIZED]


def interturn_marker(b: TransSiberianState, gone: int) -> int:
    """TS-6.2, TS-6.3, TS-8.2: the nationalization marker's index after the interturn
    (before any phase-2 auction that follows it in the same action)."""
    if b.phase == 1:
        steps = b.opts.phase1_steps
    else:
        steps = NATIONALIZE_STEPS * gone if gone else b.opts.quiet_steps
    return min(b.nat + steps, TOP)


def _interturn_events(b: TransSiberianState, a: TransSiberianState) -> list[Said]:
    """TS-6, TS-8: the dividend, the companies nationalized, phase 2, the marker's move
    (said when it moves: every change of the nationalization value has its line)."""
    if a.dividends == b.dividends:
        return []
    gone = _nationalized_parts(b, a)
    out = [_dividend_parts(b, a), *gone]
    if a.phase > b.phase:
        out.append(Said("ts.ev_phase2", {"value": PHASE2_VALUE}))
    marker = interturn_marker(b, len(gone))
    if marker == b.nat:
        return out
    if gone:  # TS-8.2
        out.append(Said("ts.ev_nat_value_jump", {"steps": NATIONALIZE_STEPS,
                                                 "value": SHARE_TRACK[marker]}))
    else:
        out.append(Said("ts.ev_nat_value", {"value": SHARE_TRACK[marker]}))
    return out


def event_parts(before: GameState, after: GameState) -> list[Said]:
    """What happened by itself when one action was applied (auctions won or unsold,
    dividends and who received what, nationalizations, phase 2, the end and why), as
    words data: catalog keys and values, players as seat values (:func:`seat`)."""
    b, a = _ts(before), _ts(after)
    out = _interturn_events(b, a)  # an interturn comes first: phase 2's auctions follow it
    marker = b.nat if a.dividends == b.dividends else interturn_marker(
        b, len(_nationalized_parts(b, a)))
    out += _auction_events(b, a, marker)
    if a.is_terminal():
        out.append(Said("event.end", {"reasons": tuple(end_parts(a))}))
    return out


def events(before: GameState, after: GameState, players: list[str]) -> list[str]:
    """``event_parts`` in English, the seats named by ``players``."""
    return [english(named(said, players)) for said in event_parts(before, after)]


def end_words(state: GameState) -> list[str]:
    """:func:`end_parts` in English."""
    return [english(said) for said in end_parts(state)]


def end_parts(state: GameState) -> list[Said]:
    """TS-9.1: why the game ends (the conditions that hold), as words in every language;
    then, unless every company was nationalized (``empty`` says so), the companies
    nationalized, whose shares count for nothing (TS-8.1: the 25th newcomer run, every
    share gone at the end, took the cash-only scores for a bug)."""
    s = _ts(state)
    codes = s.end_codes()
    out = [Said(f"ts.end_{code}", {"top": SHARE_TRACK[TOP]} if code == "top" else {})
           for code in codes]
    gone = tuple(company_word(COMPANY_IDS[c]) for c in range(NUM_COMPANIES)
                 if s.status[c] == NATIONALIZED)
    if gone and "empty" not in codes:
        out.append(Said("ts.end_nationalized", {"companies": gone}))
    topped = tuple(company_word(COMPANY_IDS[c]) for c in range(NUM_COMPANIES)
                   if s.status[c] == NATIONALIZED and s.value[c] == TOP)
    if topped:  # (the 29th newcomer run: "the game ends when a share value reaches $75",
        # yet it went on, or ended for another reason, once blue reached $75)
        out.append(Said("ts.end_top_gone", {"companies": topped, "top": SHARE_TRACK[TOP]}))
    return out


__all__ = ["BORDER_SIDES", "border_words", "choice_note", "company_word", "describe_action",
           "describe_parts", "describe_step", "end_parts", "end_words", "event_parts", "events",
           "link_name", "link_parts", "link_text", "menu_parts", "nat_warning"]
