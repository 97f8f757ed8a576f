"""Fixed integer action ids per title: every legal engine move has exactly one id.

Research tools want a fixed ``Discrete(N)`` action space. Each title's table (built by
its env kit, :mod:`cuberail.env.kit`) lists, in order, every action of its vocabulary
(``games/*/actions.py``) plus the families the engine forms on the fly. This is
action-id scheme version :data:`ACTION_SCHEME_VERSION` (docs/research.md, "Action
ids"); version 1 lost 0.3% of legal moves (bids off a grid, routes formed on the fly),
version 2 names every one:

- **Bids.** One id per dollar from 1 to the title's :attr:`ActionTable.max_bid`, the
  most cash one player can ever hold under any allowed rule options (each kit proves
  its bound). A bid never exceeds the bidder's cash, so every legal bid has an id.
- **Formed actions.** A title whose engine forms actions on the fly (whose meaning
  depends on the position) subclasses :class:`ActionTable`: :meth:`ActionTable.is_formed`
  picks them out and :meth:`ActionTable.place_formed` gives each its id, with the state.

``legal_ids(state)`` gives each legal id with the engine action it stands for;
``encode`` and ``decode`` are its two directions for one action.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache

from cuberail.core.actions import Action
from cuberail.core.errors import CuberailError
from cuberail.core.state import GameState

ACTION_SCHEME_VERSION = 3  # 3: 64 further jump routes per link (2: 16)


@dataclass(frozen=True)
class ActionTable:
    """The fixed action ids of one title: ``actions[i]`` is what id ``i`` stands for."""

    title: str
    actions: tuple[Action, ...]
    bid_base: int  # id of a bid of $1
    max_bid: int  # the largest bid with an id (a proved bound on any player's cash)
    _index: dict[Action, int] = field(default_factory=dict, repr=False, compare=False)

    def __post_init__(self) -> None:
        self._index.update({a: i for i, a in enumerate(self.actions)})

    @property
    def size(self) -> int:
        return len(self.actions)

    def text(self, action_id: int) -> str:
        """The short text of an id (``bid 12``, ``place R3``...)."""
        return self.actions[action_id].text()

    def is_formed(self, action: Action) -> bool:
        """Whether ``action`` is formed on the fly, its id depending on the state (none
        here: a title with such actions overrides this and the two methods below)."""
        return False

    def formed_id(self, action: Action) -> int:
        """The id of a formed action needing no state (exact only for the first of its kind)."""
        raise CuberailError(f"{action.text()!r} is not formed on the fly in {self.title}")

    def place_formed(self, actions: Iterable[Action], out: dict[int, Action]) -> None:
        """Give each formed legal action its id in ``out`` (all of one position's)."""
        for action in actions:
            raise CuberailError(f"{action.text()!r} has no id in {self.title}'s table")

    def id_of(self, action: Action) -> int | None:
        """The id of an action needing no state (a formed one: the first of its kind).

        Exact for every action but a formed one; use :meth:`encode` (with the state) for those.
        """
        if action.kind == "bid":
            amount = int(action.args[0])
            return self.bid_base + amount - 1 if 1 <= amount <= self.max_bid else None
        if self.is_formed(action):
            return self.formed_id(action)
        return self._index.get(action)

    def legal_ids(self, state: GameState) -> dict[int, Action]:
        """Each legal id with the engine action it stands for: one id per legal action."""
        out: dict[int, Action] = {}
        formed: list[Action] = []
        index, bid_base, top = self._index, self.bid_base - 1, self.max_bid
        for action in state.legal_actions():  # id_of inlined: this runs at every step
            if action.kind == "bid" and 1 <= int(action.args[0]) <= top:
                out[bid_base + int(action.args[0])] = action
            elif action in index:
                out[index[action]] = action
            elif self.is_formed(action):
                formed.append(action)
            else:
                raise CuberailError(f"{action.text()!r} has no id in {self.title}'s table")
        if formed:
            self.place_formed(formed, out)
        return out

    def encode(self, state: GameState, action: Action) -> int:
        """The id of a legal action at ``state`` (the inverse of :meth:`decode`)."""
        if not self.is_formed(action):
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


# ----- helpers of the kits' tables and proved bounds ------------------------------------


def option_top(options: Sequence[object], name: str) -> int:
    """The largest value rule option ``name`` allows."""
    from cuberail.core.options import OptionSpec

    spec = next(o for o in options if isinstance(o, OptionSpec) and o.name == name)
    values = [int(v) for v in spec.choices] if spec.choices else [int(spec.maximum or 0)]
    return max(values)


def bid_actions(max_bid: int) -> list[Action]:
    """The bids from $1 to ``max_bid``, in order: the engines' own (cached) bid objects."""
    from cuberail.core.auction import bid_action

    return [bid_action(x) for x in range(1, max_bid + 1)]


@cache
def _built(name: str) -> ActionTable:
    from cuberail.env.kit import kit_for

    return kit_for(name).table()


def action_table(title: str) -> ActionTable:
    """The fixed action table of a title (by title or alias; built once by its env kit)."""
    from cuberail.games import get_game

    return _built(get_game(title).title)


@cache
def _by_identity(title: str) -> dict[int, int]:
    """``id(action)`` -> its id, for the table's own action objects but formed ones.

    The engines hand out shared action objects (``games/*/actions.py``, the cached
    bids), the very objects of the table: looking them up by identity skips hashing
    them. Sound within one process: the table (cached, never freed) keeps them alive,
    so no other live object has their ``id``. Never pickled: built where it is used.
    """
    table = action_table(title)
    out: dict[int, int] = {}
    for action in table.actions:
        i = None if table.is_formed(action) else table.id_of(action)
        if i is not None:
            out[id(action)] = i
    return out


def known_ids(table: ActionTable) -> dict[int, int]:
    """``id(action)`` -> action id for the table's own objects (see :func:`_by_identity`)."""
    return _by_identity(table.title)


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
