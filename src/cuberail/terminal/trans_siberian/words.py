"""Trans-Siberian words at the table: links by name.

(The TS-8.1 nationalization warning of a bid or a share value is the moves module's,
one sentence for every face: only in phase 2, where a dividend can nationalize.)
:func:`by_name` reads a link typed by
its cities' names (``omsk``, ``build omsk``, ``yekaterinburg-chelyabinsk``; any case,
unambiguous prefixes) instead of the board file's ids and ``pay:`` words.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from cuberail.games.trans_siberian.board import LINK_INDEX, LINKS, LOCATIONS, link_name
from cuberail.terminal.kit import Named

VERBS = ("build", "link", "to")  # words a player may put before the names
_SPLIT = re.compile(r"[\s\-–—,/+>→]+")


# ----- links by name ----------------------------------------------------------------------


def _keys(loc: int) -> tuple[str, ...]:
    """What a location may be typed as: its name or id without spaces and dashes, or one
    word of a longer name (``bestyakh``); a border also as the table writes it
    (``border``, St. Petersburg's ``border 1`` to ``border 3``) or ``external``."""
    where = LOCATIONS[loc]
    keys = [_squash(where.name), _squash(where.id)]
    keys += [w for w in (_squash(part) for part in _SPLIT.split(where.name)) if len(w) > 2]
    if where.is_external:
        number = where.name.rpartition("#")[2] if "#" in where.name else ""
        keys += ["external", "border", f"border{number}"]
    return tuple(dict.fromkeys(keys))


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
