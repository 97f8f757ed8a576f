"""Fixed integer action ids per title, built from the engines' own action vocabularies.

Research tools want a fixed ``Discrete(N)`` action space: the same id means the
same move in every position. Each title's table lists, in order, every action of
its vocabulary (``games/*/actions.py``) plus two families that the engines form on
the fly:

- **Bids.** One id per amount on :data:`BID_GRID`: every dollar from 1 to 100,
  then every 5 up to 200, then every 10 up to 400. Bids in both titles stay far
  below 100 in practice (the heuristic never bid above 25 in 36 measured games,
  players' cash rarely passes 200), so every amount a player would sensibly bid is
  an id. Lost: amounts above 100 that are not on the grid (bid 103 is not an id;
  105 is), and amounts above 400. When the lowest legal bid is off the grid, the
  next grid amount is the lowest one offered.
- **Trans-Siberian jumps.** ``link X pay:blue,blue,green`` names a link and the
  multiset of treasuries a jump pays. The id keeps the link and the *set* of
  payees (``{blue, green}``: 127 non-empty sets of the 6 companies and the bank),
  so the builder still chooses whom to pay. When the engine offers two routes to
  one link with the same set of payees but different counts (``pay:blue`` and
  ``pay:blue,blue``, offered only when the longer route leads to other ends for
  the second link), the id stands for the first the engine lists, the one with
  fewer jumps. Lost: that longer, dearer route.

Everything else maps one to one. ``legal_ids(state)`` gives each legal id with the
concrete engine action it stands for, so an environment applies exactly what
the engine listed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache

from cuberail.core.actions import Action
from cuberail.core.errors import CuberailError
from cuberail.core.state import GameState

BID_GRID: tuple[int, ...] = (*range(1, 101), *range(105, 201, 5), *range(210, 401, 10))
_BID_INDEX = {amount: i for i, amount in enumerate(BID_GRID)}


@dataclass(frozen=True)
class ActionTable:
    """The fixed action ids of one title: ``actions[i]`` is what id ``i`` stands for."""

    title: str
    actions: tuple[Action, ...]
    bid_base: int  # id of BID_GRID[0]
    link_base: int = -1  # Trans-Siberian: id of link 0 with no jump; -1 for other titles
    payee_sets: int = 0  # Trans-Siberian: ids per link (the direct link and every payee set)
    _index: dict[Action, int] = field(default_factory=dict, repr=False, compare=False)

    def __post_init__(self) -> None:
        self._index.update({a: i for i, a in enumerate(self.actions)})

    @property
    def size(self) -> int:
        return len(self.actions)

    def text(self, action_id: int) -> str:
        """The short text of an id (a jump id reads ``link X pay-set:blue,green``)."""
        return self.actions[action_id].text()

    def id_of(self, action: Action) -> int | None:
        """The id of an engine action, or None when the table cannot express it."""
        if action.kind == "bid":
            slot = _BID_INDEX.get(int(action.args[0]))
            return None if slot is None else self.bid_base + slot
        if self.link_base >= 0 and action.kind == "link" and len(action.args) == 2:
            return self._jump_id(action)
        return self._index.get(action)

    def _jump_id(self, action: Action) -> int | None:
        from cuberail.games.trans_siberian import actions as tsa
        from cuberail.games.trans_siberian.board import LINK_INDEX

        key = tsa.parse_pay(str(action.args[1]))
        link = LINK_INDEX.get(str(action.args[0]))
        if key is None or link is None:
            return None
        payee_set = 0
        for p in tsa.payee_tuple(key):
            payee_set |= 1 << p
        return self.link_base + link * self.payee_sets + payee_set

    def legal_ids(self, state: GameState) -> dict[int, Action]:
        """Each legal id with the engine action it stands for (the first listed wins a tie)."""
        out: dict[int, Action] = {}
        for action in state.legal_actions():
            i = self.id_of(action)
            if i is not None and i not in out:
                out[i] = action
        return out

    def describe(self) -> list[tuple[int, int, str]]:
        """Ranges of ids as (first, count, what), for documentation."""
        out: list[tuple[int, int, str]] = []
        for i, action in enumerate(self.actions):
            kind = action.kind
            if out and out[-1][2] == kind and out[-1][0] + out[-1][1] == i:
                first, count, _ = out[-1]
                out[-1] = (first, count + 1, kind)
            else:
                out.append((i, 1, kind))
        return out


def _bids() -> list[Action]:
    from cuberail.core.auction import bid_action

    return [bid_action(x) for x in BID_GRID]


def _chicago_express() -> ActionTable:
    from cuberail.games.chicago_express import actions as A

    head = [*A.CHOOSE, *A.SHARE, *A.COMPANY, *A.PLACE, *A.DEVELOP, A.STOP, A.FORGO, A.PASS]
    return ActionTable("chicago-express", (*head, *_bids()), bid_base=len(head))


def _payee_set_word(payee_set: int) -> str:
    from cuberail.games.trans_siberian.board import PAYEE_IDS

    return "pay-set:" + ",".join(p for i, p in enumerate(PAYEE_IDS) if payee_set >> i & 1)


def _trans_siberian() -> ActionTable:
    from cuberail.games.trans_siberian import actions as A
    from cuberail.games.trans_siberian.board import LINKS, PAYEE_IDS

    head: list[Action] = [A.PASS, A.STOP, *A.BUY, *A.BUY_TWO.values(), *A.SURCHARGE,
                          *A.BUILD, *A.VALUE]
    bids = _bids()
    sets = 1 << len(PAYEE_IDS)
    links: list[Action] = []
    for i, link in enumerate(LINKS):
        links.append(A.LINK[i])
        links.extend(Action("link", (link.id, _payee_set_word(s))) for s in range(1, sets))
    return ActionTable("trans-siberian", (*head, *bids, *links), bid_base=len(head),
                       link_base=len(head) + len(bids), payee_sets=sets)


_BUILDERS = {"chicago-express": _chicago_express, "trans-siberian": _trans_siberian}


@cache
def action_table(title: str) -> ActionTable:
    """The fixed action table of a title (built once)."""
    from cuberail.games import get_game

    name = get_game(title).title
    if name not in _BUILDERS:
        raise CuberailError(f"no research action table for {name!r}; have: "
                            + ", ".join(sorted(_BUILDERS)))
    return _BUILDERS[name]()


def mask_list(table: ActionTable, ids: Sequence[int]) -> list[int]:
    """A 0/1 list over the table with ones at ``ids``."""
    out = [0] * table.size
    for i in ids:
        out[i] = 1
    return out
