"""Notes beside a choice on offer (never in the log): a move that is legal and may be
right, but worth a thought first.

Cash comes back only with dividends (TS-5.2): a buy (TS-3.1) or a winning bid (TS-2.1,
TS-7.1) that leaves a player less than any share for sale costs shuts them out of the
share market until then. The sixteenth newcomer run bought its way to $0 in its first
turns and could buy nothing for the rest of the game, with no word before it happened.
"""

from __future__ import annotations

from cuberail.core.actions import Action
from cuberail.core.state import GameState
from cuberail.core.words import Said
from cuberail.games.trans_siberian.board import (
    COMPANY_IDS,
    COMPANY_INDEX,
    NUM_COMPANIES,
    SHARE_TRACK,
    SURCHARGE,
)
from cuberail.games.trans_siberian.state import AUCTION, TURN, TransSiberianState


def _buy_note(s: TransSiberianState, player: int, names: list[str]) -> Said | None:
    """TS-3.1: the buy's price (two shares: the surcharge too) against the cheapest share
    still for sale after it."""
    bought = [COMPANY_INDEX[n] for n in names]
    cost = sum(s.share_value(c) for c in bought) + (SURCHARGE if len(bought) == 2 else 0)
    left = s.cash[player] - cost
    after = [(s.share_value(c), c) for c in range(NUM_COMPANIES)
             if s.buyable(c) and s.unsold[c] > bought.count(c)]
    if not after or left >= min(after)[0]:
        return None
    price, company = min(after)
    return Said("ts.note_buy_locked", {"cash": left, "cheapest": price,
                                       "company": Said(f"company.{COMPANY_IDS[company]}")})


def _bid_note(s: TransSiberianState, player: int, bid: int) -> Said | None:
    """TS-2.2, TS-7.1: the winner pays the bid; no share can cost less than the track's
    lowest value (TS-1.3), whatever value the winner then sets."""
    left = s.cash[player] - bid
    if left >= SHARE_TRACK[0]:
        return None
    return Said("ts.note_bid_locked", {"bid": bid, "cash": left, "cheapest": SHARE_TRACK[0]})


def choice_note(state: GameState, action: Action) -> Said | None:
    """The note for ``action`` among the choices of the player to move, as data; None when
    it has none (every move but a buy or a bid, and those that leave cash for a share)."""
    if not isinstance(state, TransSiberianState) or state.current_player() < 0:
        return None
    player = state.current_player()
    if action.kind == "buy" and state.step == TURN and action.args:
        return _buy_note(state, player, [str(a) for a in action.args])
    if action.kind == "bid" and state.step == AUCTION and action.args:
        bid = action.args[0]
        return _bid_note(state, player, bid) if isinstance(bid, int) else None
    return None


__all__ = ["choice_note"]
