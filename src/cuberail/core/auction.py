"""The open ascending auction of a share, as the titles' rules run it (each names its rule).

The opener bids at least the opening bid or passes; then, in seat order, each
player still in bids higher than the current bid or passes for good. It ends
when nobody is left in, or only the high bidder is. A player left alone before
anyone has bid may still bid or pass. What happens then (who gets the share,
who moves next) is the title's ``_close_auction``.
"""

from __future__ import annotations

from typing import Final

from cuberail.core.actions import Action
from cuberail.core.state import GameState

PASS: Final[Action] = Action("pass")
_BIDS: Final[list[Action]] = [Action("bid", (n,)) for n in range(400)]


def bid_action(amount: int) -> Action:
    """The (shared) action value for a bid of ``amount`` dollars."""
    return _BIDS[amount] if 0 <= amount < len(_BIDS) else Action("bid", (amount,))


class OpenAuction(GameState):
    """A game state with the auction fields and moves. ``a_out`` is a bitmask of seats.

    A base class rather than a mixin: mypyc compiles single inheritance only.
    """

    cash: list[int]
    a_company: int  # what is auctioned
    a_opener: int
    a_to_act: int
    a_high: int
    a_bidder: int  # -1 while nobody has bid
    a_out: int  # seats that passed

    def opening_bid(self) -> int:
        """The smallest first bid of the current auction (title rules)."""
        raise NotImplementedError

    def _close_auction(self) -> None:
        """Settle the auction: pay, hand over, move on (title rules)."""
        raise NotImplementedError

    def _copy_auction(self, other: OpenAuction) -> None:
        """Copy the auction fields into ``other`` (a clone being made)."""
        other.a_company, other.a_opener, other.a_to_act = self.a_company, self.a_opener, \
            self.a_to_act
        other.a_high, other.a_bidder, other.a_out = self.a_high, self.a_bidder, self.a_out

    def lowest_bid(self) -> int:
        """The smallest bid the seat to act may make now."""
        return self.a_high + 1 if self.a_bidder >= 0 else max(1, self.opening_bid())

    def has_passed(self, seat: int) -> bool:
        return bool(self.a_out >> seat & 1)

    def _open_auction(self, company: int, opener: int) -> None:
        self.a_company = company
        self.a_opener = self.a_to_act = opener
        self.a_high, self.a_bidder, self.a_out = 0, -1, 0

    def _bid_actions(self) -> list[Action]:
        """``pass``, then every bid from the lowest allowed up to the bidder's cash."""
        top = self.cash[self.a_to_act] + 1
        low = self.lowest_bid()
        if top <= len(_BIDS):
            return [PASS, *_BIDS[low:top]]
        return [PASS, *(bid_action(x) for x in range(low, top))]

    def _bid(self, amount: int) -> None:
        self.a_high = amount
        self.a_bidder = self.a_to_act
        self._next_bidder()

    def _pass_auction(self) -> None:
        self.a_out |= 1 << self.a_to_act
        self._next_bidder()

    def _next_bidder(self) -> None:
        n, out, bidder = self.num_players, self.a_out, self.a_bidder
        inside = ((1 << n) - 1) & ~out  # seats still in
        if not inside or (bidder >= 0 and inside == 1 << bidder):
            self._close_auction()
            return
        p = self.a_to_act
        while True:
            p = (p + 1) % n
            if not out >> p & 1 and p != bidder:
                self.a_to_act = p
                return


def ceil_div(a: int, b: int) -> int:
    """``a / b`` rounded up (the games always round up)."""
    return -(-a // b)


def dividend_per_share(income: int, shares: int) -> int:
    """Income over the shares owned, rounded up per share; 0 with no shares."""
    return ceil_div(income, shares) if shares > 0 else 0
