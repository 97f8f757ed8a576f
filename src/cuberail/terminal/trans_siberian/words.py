"""Trans-Siberian words at the table: when to warn of nationalization, links by name.

The view's sentence for a bid or a share value carries the TS-8.1 warning whenever
the value is at or below the nationalization marker. Nationalization happens only at
a phase-2 dividend (TS-6.3, TS-8), so in phase 1 the warning says nothing a player can
act on: :func:`describe_now` drops it there. :func:`by_name` reads a link typed by
its cities' names (``omsk``, ``build omsk``, ``yekaterinburg-chelyabinsk``; any case,
unambiguous prefixes) instead of the board file's ids and ``pay:`` words.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from cuberail.core.actions import Action
from cuberail.core.state import GameState
from cuberail.core.words import Said
from cuberail.games.trans_siberian import moves as ts_moves
from cuberail.games.trans_siberian.board import LINK_INDEX, LINKS, LOCATIONS, link_name
from cuberail.games.trans_siberian.state import TransSiberianState
from cuberail.games.words import english
from cuberail.terminal.kit import Named

VERBS = ("build", "link", "to")  # words a player may put before the names
_SPLIT = re.compile(r"[\s\-–—,/+>→]+")


def nationalization_possible(state: GameState) -> bool:
    """TS-6.3, TS-8: only a phase-2 dividend nationalizes, so only then is a low share
    value a danger the player should weigh now."""
    return isinstance(state, TransSiberianState) and state.phase >= 2


def describe_now(state: GameState, action: Action) -> str:
    """The view's sentence for ``action``, without the TS-8.1 warning while no
    nationalization can happen."""
    if action.kind not in ("bid", "value") or nationalization_possible(state):
        return ts_moves.describe_action(state, action)
    said = ts_moves.describe_parts(state, action)
    if "warning" in said.values:
        said = Said(said.key, {**said.values, "warning": ""})
    return english(said)


# ----- links by name ----------------------------------------------------------------------


def _keys(loc: int) -> tuple[str, ...]:
    """What a location may be typed as: its name or id without spaces and dashes; a border
    also as ``external``/``ext``."""
    where = LOCATIONS[loc]
    keys = (_squash(where.name), _squash(where.id))
    return (*keys, "external") if where.is_external else keys


def _squash(text: str) -> str:
    return re.sub(r"[^0-9a-z]", "", text.lower())


def _matches(words: list[str], ends: list[int]) -> bool:
    """Whether ``words`` name distinct ends of a link, in any order; a name may be typed as
    several words (``st petersburg``, ``rostov-na-donu``) and shortened to a prefix."""
    if not words:
        return True
    for k in range(1, len(words) + 1):
        typed = "".join(words[:k])
        for end in ends:
            if (any(key.startswith(typed) for key in _keys(end))
                    and _matches(words[k:], [e for e in ends if e != end])):
                return True
    return False


def _words(text: str) -> list[str]:
    words = [_squash(w) for w in _SPLIT.split(text.lower())]
    words = [w for w in words if w]
    while words and words[0] in VERBS:
        words = words[1:]
    return words


def by_name(text: str, links: Iterable[str]) -> Named | None:
    """The links among ``links`` (ids) that ``text`` names; None when it names none (or is
    not made of names at all). An exact name wins over a prefix."""
    words = _words(text)
    if not words:
        return None
    candidates = [i for i in dict.fromkeys(links) if i in LINK_INDEX]
    found = [i for i in candidates if _matches(words, list(LINKS[LINK_INDEX[i]].ends))]
    exact = [i for i in found if _exact(words, LINKS[LINK_INDEX[i]].ends)]
    hits = exact if len(exact) == 1 else found
    return Named(text, tuple(hits)) if hits else None


def _exact(words: list[str], ends: tuple[int, ...]) -> bool:
    """Whether the words spell whole names of the link's ends (``omsk`` names Omsk exactly,
    not just the start of something longer)."""
    keys = {key for end in ends for key in _keys(end)}
    return "".join(words) in keys or all(w in keys for w in words)


def names_of(link: str) -> str:
    """A link for people: ``Omsk - Novosibirsk``."""
    return link_name(LINK_INDEX[link])
