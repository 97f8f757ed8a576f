"""Trans-Siberian's fixed action ids (scheme of :mod:`cuberail.env.actions`).

Its vocabulary in order, one id per bid from $1 to the proved money bound, then a block
of ids per link for the jumps the engine forms on the fly:

- **Jumps.** ``link X pay:blue,blue,green`` names a link and the multiset of
  treasuries a jump pays. Per link: the direct link, one id per *set* of payees
  (127 non-empty sets of the 6 companies and the bank), standing for the cheapest
  offered route paying exactly that set, and :data:`JUMP_EXTRAS` ids for the further
  offered routes whose set an earlier one already has, in order of cost. Routes are
  ordered by (links jumped, payees in payee order), a total order on multisets, so the
  map is a bijection at every position. An id's meaning is thus "the k-th route" only
  among routes of one link and set, which the state decides: decode with the state.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from cuberail.core.actions import Action
from cuberail.core.errors import CuberailError
from cuberail.env.actions import ActionTable, bid_actions, option_top

TITLE = "trans-siberian"
# Further jump routes per link whose payee set an earlier route already pays (see the
# module docstring). Not proved: the rules bound a route only by a simple path of the
# board (69 locations; up to 185,724 simple paths end at one location), far too many to
# give each an id. Observed: at most 3 on one link in 300 random games; with the medium
# bot of issue 32, which keeps companies public and rich, at most 11 in 300 games of one
# random seat against three medium and 12 in 300 of two against two, and a PPO learner
# against three medium met more than 16 (scheme 2's bound). More than this many raises
# JumpOverflow instead of dropping a move.
JUMP_EXTRAS = 64
PAYEE_SETS = 128  # subsets of the 6 companies and the bank; set 0 is the direct link


class JumpOverflow(CuberailError):
    """A position offers more jump routes to one link than the fixed ids can name."""


@dataclass(frozen=True)
class JumpTable(ActionTable):
    """The table with the jump ids: a block of ``link_block`` ids per link from ``link_base``."""

    link_base: int = -1  # id of link 0 with no jump
    link_block: int = 0  # ids per link (direct, payee sets, extras)

    def is_jump(self, action: Action) -> bool:
        return action.kind == "link" and len(action.args) == 2

    is_formed = is_jump

    def formed_id(self, action: Action) -> int:
        """A jump's id as the cheapest route of its payee set."""
        link, payee_set, _ = jump_info(action)
        return self.link_base + link * self.link_block + payee_set

    def place_formed(self, actions: Iterable[Action], out: dict[int, Action]) -> None:
        """Jump ids: the cheapest route of each (link, payee set), then the extras in order."""
        seen: set[tuple[int, int]] = set()
        extras: dict[int, int] = {}
        for action in sorted(actions, key=_route_order):
            link, payee_set, _ = jump_info(action)
            base = self.link_base + link * self.link_block
            if (link, payee_set) not in seen:
                seen.add((link, payee_set))
                out[base + payee_set] = action
                continue
            k = extras.get(link, 0)
            if k >= JUMP_EXTRAS:
                raise JumpOverflow(f"more than {JUMP_EXTRAS} further jump routes to one link;"
                                   " raise JUMP_EXTRAS (a new action-id scheme version)")
            extras[link] = k + 1
            out[base + PAYEE_SETS + k] = action


@lru_cache(maxsize=65536)
def jump_info(action: Action) -> tuple[int, int, tuple[int, ...]]:
    """(link index, bitmask of the payees, payees one per link jumped) of a jump action."""
    from cuberail.games.trans_siberian import actions as tsa
    from cuberail.games.trans_siberian.board import LINK_INDEX

    key = tsa.parse_pay(str(action.args[1]))
    link = LINK_INDEX.get(str(action.args[0]))
    if key is None or link is None:
        raise CuberailError(f"{action.text()!r} is not a jump")
    payees = tsa.payee_tuple(key)
    payee_set = 0
    for p in payees:
        payee_set |= 1 << p
    return link, payee_set, payees


def _route_order(action: Action) -> tuple[int, int, tuple[int, ...]]:
    """Jumps by link, then links jumped (cost), then payees in payee order."""
    link, _, payees = jump_info(action)
    return link, len(payees), payees


def money_bound() -> int:
    """The most cash any Trans-Siberian player can hold, under any allowed options.

    Cash enters players only as dividends (TS-5; treasuries never pay players), so it
    is at most the starting cash of all players (each player's at most the option's
    maximum) plus every dividend paid. Each interturn pays at most once per company and
    advances the dividend track, and the game ends when the track reaches
    ``dividend_track`` (TS-6, TS-9.1), at most the option's maximum. A company's income
    is the value of its links, each link owned once, so the incomes sum to at most the
    value of all links; a payment of income ``I`` over ``s`` shares pays at most
    ``I + s - 1``.
    """
    from cuberail.games.trans_siberian import OPTIONS
    from cuberail.games.trans_siberian.board import LINKS, SHARES

    start = max(n * option_top(OPTIONS, f"cash_{n}p") for n in (3, 4, 5))
    payments = option_top(OPTIONS, "dividend_track")
    per_payment = sum(link.value for link in LINKS) + sum(s - 1 for s in SHARES)
    return start + payments * per_payment


def _payee_set_word(payee_set: int) -> str:
    from cuberail.games.trans_siberian.board import PAYEE_IDS

    return "pay-set:" + ",".join(p for i, p in enumerate(PAYEE_IDS) if payee_set >> i & 1)


def _link_block(index: int) -> list[Action]:
    """Ids of one link: direct, each payee set, then the further routes."""
    from cuberail.games.trans_siberian import actions as A
    from cuberail.games.trans_siberian.board import LINKS

    link = LINKS[index].id
    return [A.LINK[index],
            *(Action("link", (link, _payee_set_word(s))) for s in range(1, PAYEE_SETS)),
            *(Action("link", (link, f"pay-extra:{k + 1}")) for k in range(JUMP_EXTRAS))]


def build_table() -> JumpTable:
    """The table: pass, stop, buys, surcharges, builds, values, the bids, the links."""
    from cuberail.games.trans_siberian import actions as A
    from cuberail.games.trans_siberian.board import LINKS, PAYEE_IDS

    assert 1 << len(PAYEE_IDS) == PAYEE_SETS
    head: list[Action] = [A.PASS, A.STOP, *A.BUY, *A.BUY_TWO.values(), *A.SURCHARGE,
                          *A.BUILD, *A.VALUE]
    top = money_bound()
    bids = bid_actions(top)
    links = [a for i in range(len(LINKS)) for a in _link_block(i)]
    return JumpTable(TITLE, (*head, *bids, *links), bid_base=len(head), max_bid=top,
                     link_base=len(head) + len(bids), link_block=PAYEE_SETS + JUMP_EXTRAS)
