"""JSON snapshots of a Trans-Siberian Railroad state, and reasons for refused actions."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cuberail.core.actions import Action
from cuberail.core.bits import iter_bits
from cuberail.games.trans_siberian import network as N
from cuberail.games.trans_siberian.board import (
    COMPANY_IDS,
    COMPANY_INDEX,
    LINK_INDEX,
    LINKS,
    LOCATIONS,
    MAX_LINKS,
    MIN_BID,
    NUM_COMPANIES,
    PHASE2_VALUE,
    SHARE_TRACK,
    SURCHARGE,
)
from cuberail.games.trans_siberian.moves import end_parts, end_words

if TYPE_CHECKING:
    from cuberail.games.trans_siberian.state import TransSiberianState


def snapshot(s: TransSiberianState) -> dict[str, Any]:
    """Every fact of the state, by name, as plain JSON values."""
    from cuberail.games.trans_siberian.state import AUCTION, OVER, PICK_LINK, PICK_VALUE, STEP_NAMES

    data: dict[str, Any] = {
        "title": s.title,
        "options": dict(s.opts.raw),
        "step": STEP_NAMES[s.step],
        "phase": s.phase,
        "current_player": s.current_player(),
        "turn": s.turn,
        "timing": {"advanced": s.timing, "size": s.opts.timing},
        "dividends": {"paid": s.dividends, "size": s.opts.dividend_track},
        "nationalization_value": s.nationalization_value(),
        "nationalization": {"value": s.nationalization_value(),
                            "comparison": s.opts.raw.get("nationalization", "at-or-below"),
                            "phase2_value": PHASE2_VALUE},  # TS-6.2: a value that starts phase 2
        "players": [_player(s, p, score) for p, score in enumerate(s.scores())],
        "companies": [_company(s, c) for c in range(NUM_COMPANIES)],
        "links": {LINKS[i].id: COMPANY_IDS[o] for i, o in enumerate(s.owner) if o >= 0},
        "bank": {"paid_in": s.bank_in, "paid_out": s.bank_out, "start_total": s.start_total},
    }
    if s.step in (AUCTION, PICK_LINK, PICK_VALUE):
        data["auction"] = {
            "company": COMPANY_IDS[s.a_company],
            "kind": "opening" if s.a_phase == 1 else "phase 2",
            "opener": s.a_opener,
            "high_bid": s.a_high if s.a_bidder >= 0 else None,
            "high_bidder": s.a_bidder if s.a_bidder >= 0 else None,
            "passed": [p for p in range(s.num_players) if s.has_passed(p)],
            "still_to_come": [COMPANY_IDS[c] for c in s.a_queue],
        }
    build = _build(s)
    if build:
        data["build"] = build
    if s.step == OVER:
        data["result"] = s.result().to_json()
        data["end_reasons"] = end_words(s)
        data["end"] = [said.to_json() for said in end_parts(s)]  # the reasons as words
    data["legal_actions"] = [a.text() for a in s.legal_actions()]
    return data


def _player(s: TransSiberianState, p: int, score: int) -> dict[str, Any]:
    return {"seat": p, "cash": s.cash[p], "score": score,
            # (phase 2 only: a phase-1 dividend nationalizes nothing, TS-6.3; the 28th
            # newcomer run read "⚠ $28 at risk" from the first auction)
            "score_at_risk": sum(s.share_value(c) * s.shares_held(p, c)
                                 for c in range(NUM_COMPANIES)
                                 if s.phase >= 2 and s.is_public(c) and _at_risk(s, c)),
            "shares": {COMPANY_IDS[c]: s.shares_held(p, c) for c in range(NUM_COMPANIES)
                       if s.shares_held(p, c)}}


def _at_risk(s: TransSiberianState, c: int) -> bool:
    """TS-8.1: whether company ``c`` is in play with a share value the nationalization
    value would take now (at a phase-2 dividend; in phase 1, once phase 2 comes)."""
    from cuberail.games.trans_siberian.state import ACTIVE

    return s.status[c] == ACTIVE and s.value[c] >= 0 and s.nationalizes(c)


def _company(s: TransSiberianState, c: int) -> dict[str, Any]:
    from cuberail.games.trans_siberian.state import STATUS_NAMES

    return {
        "id": COMPANY_IDS[c], "status": STATUS_NAMES[s.status[c]], "public": s.is_public(c),
        "income": s.income[c], "share_value": s.share_value(c) or None,
        "nationalization_value": s.nationalization_value(),
        "at_risk": _at_risk(s, c),
        "treasury": s.treasury[c], "shares_owned": s.owned(c), "shares_unsold": s.unsold[c],
        "shares_removed": s.removed[c], "links": s.nlinks[c],
        "network": [LOCATIONS[i].id for i in iter_bits(s.network[c])],
    }


def _build(s: TransSiberianState) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if s.b_company >= 0:
        out["company"] = COMPANY_IDS[s.b_company]
    if s.b_first >= 0:
        out["first_link"] = LINKS[s.b_first].id
        out["second_from"] = [LOCATIONS[i].id for i in iter_bits(s.b_ends)]
    if s.pair[0] >= 0:
        out["buying"] = [COMPANY_IDS[c] for c in s.pair]
    return out


# ----- why an action is refused ------------------------------------------------------


def explain(s: TransSiberianState, action: Action) -> str:
    """Why ``action`` is refused, naming what is allowed now."""
    from cuberail.games.trans_siberian.state import STEP_NAMES

    legal = s.legal_actions()
    kinds = STEP_KINDS[s.step]
    where = f"{STEP_NAMES[s.step]}, player {s.current_player()} to act"
    if action.kind not in ALL_KINDS:
        return f"not a Trans-Siberian action; the actions are {', '.join(ALL_KINDS)}"
    if action.kind not in kinds:
        return f"{where}: '{action.kind}' is not allowed now; allowed: {', '.join(kinds)}"
    why = _specific(s, action)
    return f"{where}: {why}" if why else f"{where}: allowed are {_shown(legal)}"


# The action kinds each step takes, in the order of the steps in state.py.
STEP_KINDS = (("bid", "pass"), ("link",), ("value",), ("buy", "build", "pass"), ("surcharge",),
              ("link",), ("link", "stop"), ())
ALL_KINDS = tuple(dict.fromkeys(k for step in STEP_KINDS for k in step))


def _shown(legal: list[Action], limit: int = 12) -> str:
    names = [a.text() for a in legal[:limit]]
    return ", ".join(names) + (", ..." if len(legal) > limit else "")


def _specific(s: TransSiberianState, action: Action) -> str | None:
    handler = _HANDLERS.get(action.kind)
    return handler(s, action) if handler else None


def _why_bid(s: TransSiberianState, action: Action) -> str | None:
    args = action.args
    if len(args) != 1 or not isinstance(args[0], int):
        return "write a bid as 'bid N' with N in dollars"
    low, cash = s.minimum_bid(), s.cash[s.a_to_act]
    if args[0] < low:
        first = "the minimum bid is" if s.a_bidder < 0 else "a bid must beat the last one:"
        return f"{first} ${low} (opening bids start at ${MIN_BID})"
    if args[0] > cash:
        return f"a bid cannot exceed your cash (${cash})"
    return None


def _why_value(s: TransSiberianState, action: Action) -> str | None:
    args = action.args
    if len(args) != 1 or args[0] not in SHARE_TRACK:
        return f"a share value is a space of the share track ({SHARE_TRACK[0]}, 12, 16, ...)"
    return f"the share value may not exceed the winning bid (${s.a_high})"


def _company_arg(word: object) -> int | None:
    return COMPANY_INDEX.get(word) if isinstance(word, str) else None


def _why_buy(s: TransSiberianState, action: Action) -> str | None:
    from cuberail.games.trans_siberian.state import STATUS_NAMES

    cs = [_company_arg(a) for a in action.args]
    if not 1 <= len(cs) <= 2 or None in cs:
        return f"write 'buy C' or 'buy C D' with companies among {', '.join(COMPANY_IDS)}"
    idx = [c for c in cs if c is not None]
    if len(idx) == 2 and idx[0] >= idx[1]:
        if idx[0] == idx[1]:
            return "two shares bought in one turn must be of different companies"
        pair = f"{COMPANY_IDS[idx[1]]} {COMPANY_IDS[idx[0]]}"
        return f"name the two companies in board order: buy {pair}"
    for c in idx:
        if not s.buyable(c):
            state = STATUS_NAMES[s.status[c]]
            return f"{COMPANY_IDS[c]} has no share for sale ({state}, {s.unsold[c]} unsold)"
    price = sum(s.share_value(c) for c in idx) + (SURCHARGE if len(idx) == 2 else 0)
    return f"that costs ${price} and you have ${s.cash[s.turn]}"


def _why_surcharge(s: TransSiberianState, action: Action) -> str | None:
    pair = f"{COMPANY_IDS[s.pair[0]]} or {COMPANY_IDS[s.pair[1]]}"
    return f"the ${SURCHARGE} surcharge goes to one of the two companies bought: {pair}"


def _why_build(s: TransSiberianState, action: Action) -> str | None:
    c = _company_arg(action.args[0]) if len(action.args) == 1 else None
    if c is None:
        return f"write 'build C' with a company among {', '.join(COMPANY_IDS)}"
    name, p = COMPANY_IDS[c], s.turn
    if not s.is_public(c):
        return f"{name} is not public (it needs at least 2 shares held by players)"
    if any(s.shares_held(q, c) > s.shares_held(p, c) for q in range(s.num_players)):
        return f"another player holds more shares of {name} than you"
    if s.nlinks[c] >= MAX_LINKS:
        return f"{name} has built all its {MAX_LINKS} links"
    return f"{name} cannot pay for any link it can reach (treasury ${s.treasury[c]})"


def _link_rule(s: TransSiberianState) -> str:
    from cuberail.games.trans_siberian.state import BUILD_SECOND

    if s.step == BUILD_SECOND:
        ends = ", ".join(LOCATIONS[i].id for i in iter_bits(s.b_ends))
        return f"the second link is internal and starts where the first ended ({ends})"
    if s.a_phase == 1:
        return "the first link is an unoccupied link from Moscow"
    return "the first link is an unowned internal link touching another company's link"


def _why_link(s: TransSiberianState, action: Action) -> str | None:
    from cuberail.games.trans_siberian.state import BUILD_FIRST

    link = LINK_INDEX.get(str(action.args[0])) if action.args else None
    if link is None:
        return "write 'link ID' with a link id from the board (e.g. moscow-kazan)"
    if s.owner[link] >= 0:
        return f"{LINKS[link].id} is already owned by {COMPANY_IDS[s.owner[link]]}"
    same = [a for a in s.legal_actions() if a.args and a.args[0] == LINKS[link].id]
    if same:
        return f"{LINKS[link].id} can be built as: {_shown(same)}"
    if s.step != BUILD_FIRST:
        return f"{_link_rule(s)}; allowed are {_shown(s.legal_actions())}"
    c = s.b_company
    return (f"{COMPANY_IDS[c]} cannot reach {LINKS[link].id} or cannot pay for it"
            f" (treasury ${s.treasury[c]}; ${N.link_cost(link)[0]} plus jump fees)")


_HANDLERS = {
    "bid": _why_bid,
    "value": _why_value,
    "buy": _why_buy,
    "surcharge": _why_surcharge,
    "build": _why_build,
    "link": _why_link,
}
