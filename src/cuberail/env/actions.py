"""Fixed integer action ids per title: every legal engine move has exactly one id.

Research tools want a fixed ``Discrete(N)`` action space. Each title's table lists, in
order, every action of its vocabulary (``games/*/actions.py``) plus the families the
engines form on the fly. This is action-id scheme version :data:`ACTION_SCHEME_VERSION`
(docs/research.md, "Action ids"); version 1 lost 0.3% of legal moves (bids off a grid,
dearer jumps), version 2 names every one:

- **Bids.** One id per dollar from 1 to the title's :attr:`ActionTable.max_bid`, the
  most cash one player can ever hold under any allowed rule options (proved in
  :func:`ce_money_bound` and :func:`ts_money_bound`). A bid never exceeds the
  bidder's cash, so every legal bid has an id.
- **Trans-Siberian jumps.** ``link X pay:blue,blue,green`` names a link and the multiset
  of treasuries a jump pays. Per link: the direct link, one id per *set* of payees
  (127 non-empty sets of the 6 companies and the bank), standing for the cheapest
  offered route paying exactly that set, and :data:`JUMP_EXTRAS` ids for the further
  offered routes whose set an earlier one already has, in order of cost. Routes are
  ordered by (links jumped, payees in payee order), a total order on multisets, so the
  map is a bijection at every position. An id's meaning is thus "the k-th route" only
  among routes of one link and set, which the state decides: decode with the state.

``legal_ids(state)`` gives each legal id with the engine action it stands for;
``encode`` and ``decode`` are its two directions for one action.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache, lru_cache

from cuberail.core.actions import Action
from cuberail.core.errors import CuberailError
from cuberail.core.state import GameState

ACTION_SCHEME_VERSION = 2
# Further jump routes per link whose payee set an earlier route already pays (see the
# module docstring). Not proved: the rules bound a route only by a simple path of the
# board (69 locations; up to 185,724 simple paths end at one location), far too many to
# give each an id. Observed: at most 3 on one link in 24,833 positions of 300 random
# games (random play leaves companies the most money to jump with). More than this many
# raises JumpOverflow instead of dropping a move.
JUMP_EXTRAS = 16
PAYEE_SETS = 128  # subsets of the 6 companies and the bank; set 0 is the direct link


class JumpOverflow(CuberailError):
    """A position offers more jump routes to one link than the fixed ids can name."""


@dataclass(frozen=True)
class ActionTable:
    """The fixed action ids of one title: ``actions[i]`` is what id ``i`` stands for."""

    title: str
    actions: tuple[Action, ...]
    bid_base: int  # id of a bid of $1
    max_bid: int  # the largest bid with an id (a proved bound on any player's cash)
    link_base: int = -1  # Trans-Siberian: id of link 0 with no jump; -1 for other titles
    link_block: int = 0  # Trans-Siberian: ids per link (direct, payee sets, extras)
    _index: dict[Action, int] = field(default_factory=dict, repr=False, compare=False)

    def __post_init__(self) -> None:
        self._index.update({a: i for i, a in enumerate(self.actions)})

    @property
    def size(self) -> int:
        return len(self.actions)

    def text(self, action_id: int) -> str:
        """The short text of an id (``link X pay-set:blue,green``, ``link X pay-extra:1``)."""
        return self.actions[action_id].text()

    def is_jump(self, action: Action) -> bool:
        return self.link_base >= 0 and action.kind == "link" and len(action.args) == 2

    def id_of(self, action: Action) -> int | None:
        """The id of an action needing no state (a jump: its id as the cheapest of its set).

        Exact for every action but a jump; use :meth:`encode` (with the state) for those.
        """
        if action.kind == "bid":
            amount = int(action.args[0])
            return self.bid_base + amount - 1 if 1 <= amount <= self.max_bid else None
        if self.is_jump(action):
            link, payee_set, _ = jump_info(action)
            return self.link_base + link * self.link_block + payee_set
        return self._index.get(action)

    def legal_ids(self, state: GameState) -> dict[int, Action]:
        """Each legal id with the engine action it stands for: one id per legal action."""
        out: dict[int, Action] = {}
        jumps: list[Action] = []
        index, bid_base, top, links = self._index, self.bid_base - 1, self.max_bid, \
            self.link_base >= 0
        for action in state.legal_actions():  # id_of inlined: this runs at every step
            kind = action.kind
            if kind == "bid" and 1 <= int(action.args[0]) <= top:
                out[bid_base + int(action.args[0])] = action
            elif links and kind == "link" and len(action.args) == 2:
                jumps.append(action)
            elif action in index:
                out[index[action]] = action
            else:
                raise CuberailError(f"{action.text()!r} has no id in {self.title}'s table")
        if jumps:
            self._place_jumps(jumps, out)
        return out

    def _place_jumps(self, jumps: Iterable[Action], out: dict[int, Action]) -> None:
        """Jump ids: the cheapest route of each (link, payee set), then the extras in order."""
        seen: set[tuple[int, int]] = set()
        extras: dict[int, int] = {}
        for action in sorted(jumps, key=_route_order):
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

    def encode(self, state: GameState, action: Action) -> int:
        """The id of a legal action at ``state`` (the inverse of :meth:`decode`)."""
        if not self.is_jump(action):
            i = self.id_of(action)
            if i is not None:
                return i
        for i, legal in self.legal_ids(state).items():
            if legal == action:
                return i
        raise CuberailError(f"{action.text()!r} is not a legal move here")

    def decode(self, state: GameState, action_id: int) -> Action:
        """The legal engine action id ``action_id`` stands for at ``state``."""
        legal = self.legal_ids(state)
        if action_id not in legal:
            raise CuberailError(f"id {action_id} ({self.text(action_id)}) is not legal here")
        return legal[action_id]

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


def ids_of(legal: dict[int, Action]) -> dict[Action, int]:
    """The inverse of a :meth:`ActionTable.legal_ids` map: each legal action's id."""
    return {a: i for i, a in legal.items()}


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


# ----- the proved bounds on a bid ------------------------------------------------------


def _option_top(options: Sequence[object], name: str) -> int:
    """The largest value rule option ``name`` allows."""
    from cuberail.core.options import OptionSpec

    spec = next(o for o in options if isinstance(o, OptionSpec) and o.name == name)
    values = [int(v) for v in spec.choices] if spec.choices else [int(spec.maximum or 0)]
    return max(values)


def ce_money_bound() -> int:
    """The most cash any Chicago Express player can hold, under any allowed options.

    Cash enters players only as dividends (CE-7, CE-8; treasuries never pay players),
    so it is at most the starting cash of all players plus every dividend ever paid.
    A company's income is at most its start income plus what its locomotives can bring:
    each one stands on its own hex (a company places on a hex once) and brings at most
    the hex's income and house, or an industrial hex's track top over the options, so
    at most the sum of its locomotive count's largest such gains, plus one more for its
    start hex (Wabash's income follows Fort Wayne's, house too: CE-7.2). A payment of
    income ``I`` over ``s`` shares sold pays ``s * ceil(I / s) <= I + s - 1``. Detroit's
    track rises a step at each general dividend and the game ends at the general
    dividend that finds it at the top (CE-8.4, CE-9.1), so there are at most
    ``(top - start) / step + 1`` general dividends, plus one Chicago dividend per
    company (it reaches Chicago once).
    """
    from cuberail.games.chicago_express import OPTIONS
    from cuberail.games.chicago_express.board import (
        COMPANIES,
        DETROIT,
        HEX_INDEX,
        HEXES,
        STARTING_CASH,
    )

    tops = {HEX_INDEX["I6"]: _option_top(OPTIONS, "wheeling_max"),
            HEX_INDEX["K4"]: _option_top(OPTIONS, "pittsburgh_max")}
    gains = sorted((h.income + h.house + tops.get(h.index, h.track_max) for h in HEXES),
                   reverse=True)
    detroit = HEXES[DETROIT]
    general = -(-(detroit.track_max - detroit.track_start) // detroit.track_step) + 1
    per_payment = sum(c.start_income + sum(gains[:c.locomotives + 1]) + c.shares - 1
                      for c in COMPANIES)
    start = max(n * cash for n, cash in STARTING_CASH.items())
    return start + (general + 1) * per_payment


def ts_money_bound() -> int:
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

    start = max(n * _option_top(OPTIONS, f"cash_{n}p") for n in (3, 4, 5))
    payments = _option_top(OPTIONS, "dividend_track")
    per_payment = sum(link.value for link in LINKS) + sum(s - 1 for s in SHARES)
    return start + payments * per_payment


# ----- the tables ----------------------------------------------------------------------


def _bids(max_bid: int) -> list[Action]:
    from cuberail.core.auction import bid_action

    return [bid_action(x) for x in range(1, max_bid + 1)]


def _chicago_express() -> ActionTable:
    from cuberail.games.chicago_express import actions as A

    head = [*A.CHOOSE, *A.SHARE, *A.COMPANY, *A.PLACE, *A.DEVELOP, A.STOP, A.FORGO, A.PASS]
    top = ce_money_bound()
    return ActionTable("chicago-express", (*head, *_bids(top)), bid_base=len(head), max_bid=top)


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


def _trans_siberian() -> ActionTable:
    from cuberail.games.trans_siberian import actions as A
    from cuberail.games.trans_siberian.board import LINKS, PAYEE_IDS

    assert 1 << len(PAYEE_IDS) == PAYEE_SETS
    head: list[Action] = [A.PASS, A.STOP, *A.BUY, *A.BUY_TWO.values(), *A.SURCHARGE,
                          *A.BUILD, *A.VALUE]
    top = ts_money_bound()
    bids = _bids(top)
    links = [a for i in range(len(LINKS)) for a in _link_block(i)]
    return ActionTable("trans-siberian", (*head, *bids, *links), bid_base=len(head),
                       max_bid=top, link_base=len(head) + len(bids),
                       link_block=PAYEE_SETS + JUMP_EXTRAS)


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


@cache
def _by_identity(title: str) -> dict[int, int]:
    """``id(action)`` -> its id, for the table's own action objects but jumps.

    The engines hand out shared action objects (``games/*/actions.py``, the cached
    bids), the very objects of the table: looking them up by identity skips hashing
    them. Sound within one process: the table (cached, never freed) keeps them alive,
    so no other live object has their ``id``. Never pickled: built where it is used.
    """
    table = action_table(title)
    out: dict[int, int] = {}
    for action in table.actions:
        i = None if table.is_jump(action) else table.id_of(action)
        if i is not None:
            out[id(action)] = i
    return out


def fast_legal_ids(table: ActionTable, state: GameState) -> dict[int, Action]:
    """:meth:`ActionTable.legal_ids`, the same map, faster when the engine's legal actions
    are the table's own objects (see :func:`_by_identity`); else the general way."""
    known = _by_identity(table.title)
    out: dict[int, Action] = {}
    for action in state.legal_actions():
        i = known.get(id(action))
        if i is None:
            return table.legal_ids(state)
        out[i] = action
    return out


def mask_list(table: ActionTable, ids: Sequence[int]) -> list[int]:
    """A 0/1 list over the table with ones at ``ids``."""
    out = [0] * table.size
    for i in ids:
        out[i] = 1
    return out
