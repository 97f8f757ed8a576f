"""Why a move is worth making in Trans-Siberian Railroad, in a short phrase for the table's
hint (``buy red: a red share pays $4 a dividend now (income 11 ÷ 3 shares) and counts $12
at the end while red is public``): facts of the position, never the search's guess."""

from __future__ import annotations

from cuberail.core.actions import Action
from cuberail.core.auction import dividend_per_share
from cuberail.core.state import GameState
from cuberail.games.trans_siberian.board import COMPANY_IDS, COMPANY_INDEX
from cuberail.games.trans_siberian.state import AUCTION, TransSiberianState
from cuberail.terminal.trans_siberian.teach import nationalization_ahead


def _ts(state: GameState) -> TransSiberianState:
    assert isinstance(state, TransSiberianState)
    return state


def _share(s: TransSiberianState, c: int) -> str:
    """TS-5.2, TS-9.2: what one more share of ``c`` pays a dividend and counts at the end;
    of a company the next dividend nationalizes (TS-8.1), that it pays that last dividend
    and then counts nothing (the 28th newcomer run was told a doomed share "counts $44 at
    the end")."""
    per = dividend_per_share(s.income[c], s.owned(c) + 1)
    pays = f"a {COMPANY_IDS[c]} share pays ${per} a dividend now (income {s.income[c]} ÷"
    if c in nationalization_ahead(s):
        return (f"{pays} {s.owned(c) + 1} shares), its last: {COMPANY_IDS[c]} is"
                " nationalized at the next dividend, and then the share counts nothing")
    public = "is public" if s.owned(c) + 1 >= 2 else "is public (2+ shares owned)"
    return (f"{pays} {s.owned(c) + 1} shares) and counts ${s.share_value(c)} at the end while"
            f" {COMPANY_IDS[c]} {public}")


def why(state: GameState, action: Action) -> str:
    """The reason for ``action`` in a phrase: a share's dividend and end value for a buy
    (TS-3.1), what a bid sets (TS-2.2), who decides a company's building (TS-3.2), what
    a pass keeps and what a share value decides (:func:`_value`); '' for other moves
    (the table then says what the move does to the mover's dividend)."""
    s = _ts(state)
    me = s.current_player()
    arg = action.args[0] if action.args else ""
    if action.kind == "buy":
        return "; ".join(_share(s, COMPANY_INDEX[str(a)]) for a in action.args)
    if action.kind == "bid" and s.step == AUCTION and s.a_company >= 0:
        co = COMPANY_IDS[s.a_company]
        return (f"the winner sets {co}'s share value (up to the bid) and its first link;"
                f" the ${arg} pays for {co}'s building")
    if action.kind == "build":
        c = COMPANY_INDEX[str(arg)]
        return (f"you hold {s.shares_held(me, c)} of {COMPANY_IDS[c]}'s {s.owned(c)} shares:"
                " links raise its income and its share value")
    if action.kind == "pass":
        return f"you keep your ${s.cash[me]}"
    if action.kind == "value" and isinstance(arg, int) and s.a_company >= 0:
        return _value(s, arg)
    return ""


def _value(s: TransSiberianState, value: int) -> str:
    """TS-2.2, TS-3.1, TS-9.2: a share value is what each share scores at the end (while
    the company is public) and what its next share costs, so who can buy that share and
    make it public; at or below the nationalization value, the risk (TS-8.1). The 40th
    newcomer run read a share-value hint's chance with no reason."""
    co = COMPANY_IDS[s.a_company]
    me = s.current_player()
    others = sum(1 for p in range(s.num_players) if p != me and s.cash[p] >= value)
    players = f"{others} other player{'s' * (others != 1)}"
    if s.cash[me] >= value:
        who = f"you and {players} can pay it" if others else "only you can pay it"
    else:
        who = (f"{players} can pay it, not you (you have ${s.cash[me]})" if others
               else f"nobody can pay it now (you have ${s.cash[me]})")
    said = (f"{co}'s shares start at ${value}: each scores that at the end while {co} is"
            f" public (links raise it), and its next share costs ${value}: {who}")
    if s.value_nationalizes(value) and s.phase < 2:  # (in phase 2 the move's ⚠ says it)
        said += (f"; at or below the nationalization value ${s.nationalization_value()}:"
                 " nationalized in phase 2 unless links raise it")
    return said
