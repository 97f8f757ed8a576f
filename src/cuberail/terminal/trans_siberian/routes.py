"""A Trans-Siberian company's network in route order, for the list view (:mod:`.netview`):
chains of cities, each the longest way on from Moscow (a phase-2 company's from an end
of its network), a branch starting again at the city it leaves, a junction's further
ends (TS-4.5) as branches from where it was entered."""

from __future__ import annotations

from cuberail.games.trans_siberian.board import COMPANY_IDS, LINKS, LOCATIONS, MOSCOW
from cuberail.games.trans_siberian.moves import border_words
from cuberail.games.trans_siberian.state import TransSiberianState
from cuberail.games.words import english


def place(loc: int) -> str:
    """A location's whole name; a border as the lists say it (``border (east)``)."""
    where = LOCATIONS[loc]
    return english(border_words(loc)) if where.is_external else where.name


def company_name(c: int) -> str:
    return COMPANY_IDS[c].capitalize()


def _links_of(s: TransSiberianState, c: int) -> list[int]:
    return [k for k, o in enumerate(s.owner) if o == c]


def _adjacent(links: list[int]) -> dict[int, list[int]]:
    out: dict[int, list[int]] = {}
    for k in links:
        for e in LINKS[k].ends:
            out.setdefault(e, []).append(k)
    return out


def _reach(start: int, via: int, adjacent: dict[int, list[int]], used: set[int]) -> int:
    """How many unused links lie beyond ``via`` from ``start`` (the longer way goes first)."""
    seen, todo = {via}, [e for e in LINKS[via].ends if e != start]
    while todo:
        loc = todo.pop()
        for k in adjacent.get(loc, ()):
            if k not in used and k not in seen:
                seen.add(k)
                todo.extend(e for e in LINKS[k].ends if e != loc)
    return len(seen)


def _first_city(links: list[int], adjacent: dict[int, list[int]]) -> int:
    """Where the chains start: Moscow, else an end of the network (one link), else any."""
    if MOSCOW in adjacent:
        return MOSCOW
    ends = [loc for loc, ks in adjacent.items() if len(ks) == 1]
    return min(ends) if ends else LINKS[links[0]].ends[0]


def chains(s: TransSiberianState, c: int) -> list[list[tuple[int, int]]]:
    """The company's links as chains of (city, link that reached it; -1 for the first)."""
    links = _links_of(s, c)
    if not links:
        return []
    adjacent = _adjacent(links)
    used: set[int] = set()
    out: list[list[tuple[int, int]]] = []
    starts = [[(_first_city(links, adjacent), -1)]]
    # (a junction's further end waits in ``starts`` as a branch of two: it is named even
    # when the junction was the last link walked; the 28th newcomer run read blue's
    # "Moscow─Kazan─Yekaterinburg─Chelyabinsk" without the junction's Omsk)
    while len(used) < len(links) or any(len(chain) > 1 for chain in starts):
        if not starts:  # a branch off a city already named, else a part reached by a jump
            rest = [k for k in links if k not in used]
            loc = next((e for k in rest for e in LINKS[k].ends
                        if any(j in used for j in adjacent[e])), None)
            starts.append([(_first_city(rest, _adjacent(rest)) if loc is None else loc, -1)])
        chain = starts.pop(0)
        here = chain[-1][0]
        while True:
            ways = [k for k in adjacent.get(here, ()) if k not in used]
            if not ways:
                break
            k = max(ways, key=lambda k: (_reach(here, k, adjacent, used), -k))
            used.add(k)
            others = [e for e in LINKS[k].ends if e != here]
            starts.extend([(here, -1), (e, k)] for e in others[1:])  # a junction's ends
            chain.append((others[0], k))
            here = others[0]
        if len(chain) > 1:
            out.append(chain)
        elif any(k not in used for k in adjacent.get(here, ())):
            starts.append(chain)
    return out
