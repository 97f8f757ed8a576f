"""Board drawings as SVG from a title's JSON snapshot (``state.to_json()``).

One drawing per title, used by the browser (the server sends it), ``replay --svg``,
docs and reports. The output is deterministic: the same snapshot and targets give the
same text. Clickable elements carry ``data-action`` (the first move that acts on them)
and, when several moves act on one element (a Trans-Siberian link reached by different
jumps), ``data-actions`` with all of them joined by ``|``. Every word it shows (labels
and ``<title>`` tooltips, the moves on an element included) is in the language asked
for (``lang``: en, it, es, de, ca; catalogs in draw/data/words-*.json, see draw/words.py).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from cuberail.core.errors import CuberailError
from cuberail.draw.words import LANGUAGES, Words
from cuberail.games import get_game

Drawer = Callable[[Mapping[str, Any], Iterable[str] | None, Words | None], str]


def _drawers() -> dict[str, Drawer]:
    from cuberail.draw import chicago, siberian

    return {"chicago-express": chicago.draw, "trans-siberian": siberian.draw}


def svg_for(title: str, snapshot: Mapping[str, Any], targets: Iterable[str] | None = None,
            lang: str | None = None) -> str:
    """The board of ``snapshot`` (a ``state.to_json()`` of ``title``) as an SVG document.

    ``targets``: action texts to highlight and make clickable (for the player to move,
    pass ``snapshot["legal_actions"]``), their words added to the element's tooltip;
    moves with no place on the board (bids, passes) are ignored. ``lang``: a language
    tag (``it``, ``de-CH``); English when None or not one cuberail has; CuberailError
    when it is not a language tag.
    """
    words = Words(lang)
    name = get_game(title).title
    drawers = _drawers()
    if name not in drawers:
        raise CuberailError(f"no drawing for {name!r}; cuberail draws: {', '.join(drawers)}")
    if not isinstance(snapshot, Mapping) or snapshot.get("title") != name:
        got = snapshot.get("title") if isinstance(snapshot, Mapping) else type(snapshot).__name__
        raise CuberailError(f"the snapshot is not a {name} state (its title: {got!r})")
    return drawers[name](snapshot, targets, words)


def board_svg(title: str, snapshot: Mapping[str, Any], lang: str | None = None) -> str:
    """The board with the snapshot's legal moves highlighted (what the game page shows)."""
    return svg_for(title, snapshot, snapshot.get("legal_actions", ()), lang)


__all__ = ["LANGUAGES", "board_svg", "svg_for"]
