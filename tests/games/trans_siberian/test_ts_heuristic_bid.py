"""The heuristic bot under rules version 2: it does not buy a phase-2 company it would doom.

TS-7.1 lets the winner set a share value at most its bid; TS-8.1 nationalizes a
value at or below the marker at the next phase-2 dividend. A bid that cannot lift
the value above the marker only pays for a company that is gone one dividend later.
"""

from __future__ import annotations

from ts_helpers import opened, pay_cash, play, set_value

from cuberail.bots.trans_siberian.heuristic import TSHeuristic
from cuberail.core.actions import Action
from cuberail.games.trans_siberian.board import SHARE_TRACK
from cuberail.games.trans_siberian.state import AUCTION


def test_ts_8_1_heuristic_passes_on_a_phase_2_share_it_could_not_lift_above_the_marker() -> None:
    s = opened()
    set_value(s, "red", 48)
    play(s, "pass")
    s.timing = 4
    play(s, "pass")
    assert s.step == AUCTION and s.a_phase == 2
    bot = TSHeuristic(seed=1)
    seat = s.current_player()
    pay_cash(s, seat, 60)
    s.nat = SHARE_TRACK.index(36)
    assert bot.bid_limit(s, seat) == 0
    assert bot.choose(s) == Action("pass")
    s.nat = SHARE_TRACK.index(8)
    assert bot.bid_limit(s, seat) > 8 and bot.choose(s).kind == "bid"
