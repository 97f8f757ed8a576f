"""The board's scrolling at the table: the window follows play (the places on offer, the
last move's place, the networks), and what a small terminal leaves off-screen is named
in the board's border."""

from __future__ import annotations

from collections.abc import Iterable

from textual.containers import ScrollableContainer

from cuberail.terminal.kit import Face

LINES = 2  # lines a place may take on the map (a hex's two)


def places_at(face: Face, places: set[str]) -> list[tuple[int, int]]:
    """Where ``places`` (hexes, links) are drawn: each place's first cell (top, then left)."""
    first: dict[str, tuple[int, int]] = {}
    for y in range(face.height):
        for x in range(face.width):
            place = face.hit(x, y)
            if place in places and place not in first:
                first[place] = (x, y)
    return list(first.values())


def _span(values: Iterable[int], size: int, limit: int, now: int, extent: int) -> int:
    """The start of a window of ``size`` over ``0..limit`` that holds the most places
    starting at ``values`` and ``extent`` long (the current window ``now`` when it holds
    as many, else the nearest of the best), centred on those it holds."""
    points = sorted(values)
    high = max(limit - size, 0)
    now = min(max(now, 0), high)

    def held(start: int) -> list[int]:
        return [v for v in points if start <= v and v + extent < start + size]

    starts = {min(max(v - 1, 0), high) for v in points}
    best = max(len(held(s)) for s in starts)
    if len(held(now)) >= best:
        return now  # the window already holds as many: it stays (a steady screen)
    start = min((s for s in starts if len(held(s)) == best), key=lambda s: abs(s - now))
    inside = held(start)
    middle = (inside[0] + inside[-1] + extent + 1) // 2 - size // 2
    return min(max(middle, 0), high)


def window_for(face: Face, places: set[str], now: tuple[int, int],
               size: tuple[int, int]) -> tuple[int, int] | None:
    """Where the board's window starts so that most of ``places`` are in view (those
    across, then those down among them); None when none is on the map."""
    cells = places_at(face, places)
    if not cells:
        return None
    width, height = size
    wide = max(face.cell - 2, 0)  # a hex's columns after its first (none for a link's cell)
    x = _span((c[0] for c in cells), width, face.width, now[0], wide)
    across = [c for c in cells if x <= c[0] and c[0] + wide < x + width] or cells
    y = _span((c[1] for c in across), height, face.height, now[1], LINES - 1)
    return x, y


def follow(board: ScrollableContainer, face: Face, places: set[str]) -> None:
    """Scroll the board so that the places play is about are in view (as many as fit)."""
    region = board.scrollable_content_region
    if region.width <= 0 or region.height <= 0:
        return
    start = window_for(face, places, (int(board.scroll_x), int(board.scroll_y)),
                       (region.width, region.height))
    if start is not None:
        board.scroll_to(x=start[0], y=start[1], animate=False)


def off_screen_title(board: ScrollableContainer, face: Face, more: str = "") -> str:
    """The board's border title: what its scrolling hides (a small terminal shows part of
    the map), within the border's width: as many of the hidden places as fit, nearest
    first and the farthest, the others counted (``◀ Near … Far +22``), rather than
    a name cut in two; then
    ``more`` (`` · F2: all``: where the map is cut, how to see it all; the 25th
    newcomer run saw one corner of a map at 80x24), where it fits."""
    region = board.scrollable_content_region
    first, last = int(board.scroll_x), int(board.scroll_x) + region.width - 1
    west = list(reversed(_names(face.names(0, first - 1)))) if first > 0 else None
    east = _names(face.names(last + 1, face.width)) if last < face.width - 1 else None
    above = board.scroll_y > 0
    below = board.scroll_y + region.height < face.height
    width = max(region.width - 2, 5)
    # the farthest named first where it fits, if need be without the prefix (the arrows
    # and names say where: ``◀ Near … Far +15 | ▲ · F2: all`` at 80x24, ``◀ …Far |
    # ▶ …End``), rather than counts alone (``◀ 13 | ▶ 3`` read as
    # cryptic: the 35th newcomer run); else as before
    candidates = [_title(west, east, (above, below), prefix, words, kept, counted, far)
                  for far in (True, False)
                  for prefix, words, least, counted in _WAYS + ((("", 0, 0, ""),) if far else ())
                  for kept in _kept(west, east, least)]
    if more and candidates[0] != "board":
        candidates = [c + more for c in candidates] + candidates
    return next((c for c in candidates if len(c) <= width), candidates[-1][:width])


# the ways to say it, the fullest first: the prefix, the vertical notes' words (2: "more
# above", 1: "above", 0: the arrows alone, ``▲▼``), the fewest names a side keeps (the
# others counted), the word after a count (``◀ 16 places``, at last ``◀ 16``)
_PREFIX = "board, off-screen: "
_WAYS = ((_PREFIX, 2, 1, ""), (_PREFIX, 1, 1, ""), (_PREFIX, 0, 1, ""),
         ("off-screen: ", 0, 1, ""), ("off-screen: ", 0, 0, " places"),
         ("off-screen: ", 0, 0, ""))


def _names(text: str) -> list[str]:
    return [name for name in text.split(", ") if name]


def _kept(west: list[str] | None, east: list[str] | None, least: int) -> range:
    """How many names a side may keep, from all down to ``least``."""
    return range(max(len(west or ()), len(east or ()), least), least - 1, -1)


def _side(arrow: str, names: list[str], kept: int, counted: str, far: bool = False) -> str:
    """A hidden side: its places (``◀ Near +23``), their number, or its arrow alone;
    ``far``: the farthest named too (``◀ Near … Far +22``: the map's edge, where a goal
    may lie; the 34th newcomer run at 80x24 saw its nearest hidden city and a count, and
    nothing of the goal)."""
    shown = ", ".join(names[:kept])
    more = len(names) - min(kept, len(names))
    if far and names and not shown:  # the farthest alone: ``◀ …Far``
        return f"{arrow} …{names[-1]}"
    if not shown:
        return f"{arrow} {more}{counted}" if more else arrow
    if far and more:
        shown, more = f"{shown} … {names[-1]}", more - 1
    return f"{arrow} {shown}" + (f" +{more}" if more else "")


def _title(west: list[str] | None, east: list[str] | None, hidden: tuple[bool, bool],
           prefix: str, words: int, kept: int, counted: str, far: bool = False) -> str:
    notes = [_side(arrow, names, kept, counted, far)
             for arrow, names in (("◀", west), ("▶", east)) if names is not None]
    above, below = hidden
    if words:
        notes += [("", "▲ above", "▲ more above")[words]] if above else []
        notes += [("", "▼ below", "▼ more below")[words]] if below else []
    elif above or below:
        notes.append("▲" * above + "▼" * below)
    return prefix + " | ".join(notes) if notes else "board"
