"""A Trans-Siberian share-value hint says why in the position's facts (the 40th newcomer
run read the chance of "set red's share value to $12" and no reason): what each share
then scores at the end while the company is public (TS-9.2), what its next share costs
and who can pay it (TS-3.1), and, in phase 1, the nationalization value it is at or
below (TS-8.1)."""

from __future__ import annotations

from cuberail.core.actions import Action
from cuberail.games import get_game
from cuberail.games.trans_siberian.state import PICK_VALUE, TransSiberianState
from cuberail.terminal.trans_siberian.hints import why


def _picking(bid: int, cash: list[int]) -> TransSiberianState:
    s = get_game("trans-siberian").new_game(3, {})
    assert isinstance(s, TransSiberianState)
    s.apply(Action("bid", (bid,)))
    while s.step != PICK_VALUE:  # the others pass, the winner picks a first link
        acts = s.legal_actions()
        s.apply(next((a for a in acts if a.kind == "pass"), acts[0]))
    s.cash[:] = cash
    return s


def test_a_share_value_says_what_it_scores_costs_and_who_can_pay_it_ts_2_2() -> None:
    s = _picking(30, [18, 40, 10])  # seat 0 won red for $30 and has $18 left
    me = s.current_player()
    assert me == 0
    said = why(s, Action("value", (16,)))
    assert said.startswith("red's shares start at $16: each scores that at the end while red"
                           " is public (links raise it), and its next share costs $16:"), said
    assert "you and 1 other player can pay it" in said  # $40 can, $10 cannot
    assert "nationalization value $24: nationalized in phase 2" in said  # TS-8.1
    said = why(s, Action("value", (28,)))
    assert "1 other player can pay it, not you (you have $18)" in said
    assert "nationalization" not in said
    s.cash[1] = 12
    assert "nobody can pay it now (you have $18)" in why(s, Action("value", (28,)))
    assert "only you can pay it" in why(s, Action("value", (16,)))
