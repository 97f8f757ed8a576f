"""Board drawings as SVG from a title's JSON snapshot (``state.to_json()``).

One drawing per title, used by the browser (the server sends it), ``replay --svg``,
docs and reports: the title's draw kit, ``cuberail.draw.<package>`` (or ``<its
package>.draw`` for a plug-in), whose ``draw(snapshot, targets, words, describe)`` makes
it; a title without one has no drawing (:class:`NoDrawing`, :func:`has_drawing`). The
output is deterministic: the same position and targets give the same text. Clickable
elements carry ``data-action`` (the first move that acts on them) and, when several
moves act on one element (a link reached by different routes), ``data-actions`` with
all of them joined by ``|``. Every word it shows (labels
and ``<title>`` tooltips, the moves on an element included) is in the language asked
for (``lang``: en, it, es, de, ca; see draw/words.py). A move's words are the games'
own sentence (the title's view ``describe_parts``), so they need the state: drawn from a
snapshot alone, a move's tooltip line is its action text.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from cuberail.core.errors import CuberailError
from cuberail.core.state import GameState
from cuberail.draw.words import LANGUAGES, Words
from cuberail.games import get_game, layer_module, layer_module_name, moves_module

Drawer = Callable[[Mapping[str, Any], Iterable[str] | None, Words | None, Callable[[str], str]],
                  str]
Position = GameState | Mapping[str, Any]


LAYER = "draw"


class NoDrawing(CuberailError):
    """The title has no drawing in this cuberail (no draw kit)."""


def find_drawer(title: str) -> Drawer | None:
    """The ``draw`` function of a title's draw kit, or None when it has none."""
    kit = layer_module(title, LAYER)
    drawer = getattr(kit, "draw", None)
    return drawer if callable(drawer) else None


def has_drawing(title: str) -> bool:
    """Whether ``title`` (or an alias) can be drawn."""
    return find_drawer(title) is not None


def drawer_for(title: str) -> Drawer:
    """The drawing of ``title``, or :class:`NoDrawing` naming where it was looked for."""
    drawer = find_drawer(title)
    if drawer is None:
        raise NoDrawing(f"no drawing for {get_game(title).name} (looked for a draw function"
                        f" in {layer_module_name(title, LAYER)})")
    return drawer


def move_words(title: str, state: GameState, words: Words) -> Callable[[str], str]:
    """A move's sentence in ``words``' language: the view's ``describe_parts`` of a legal
    move of ``state`` rendered from the catalogs; a move not legal there, its text."""
    describe = moves_module(title).describe_parts
    legal = {a.text(): a for a in state.legal_actions()}

    def said(text: str) -> str:
        action = legal.get(text)
        return text if action is None else words.render(describe(state, action))

    return said


def svg_for(title: str, position: Position, targets: Iterable[str] | None = None,
            lang: str | None = None) -> str:
    """The board of ``position`` (a state of ``title``, or its ``state.to_json()``) as an
    SVG document.

    ``targets``: action texts to highlight and make clickable (for the player to move,
    pass ``snapshot["legal_actions"]``), their words added to the element's tooltip (the
    games' sentences when ``position`` is a state); moves with no place on the board (bids,
    passes) are ignored. ``lang``: a language tag (``it``, ``de-CH``); English when None or
    not one cuberail has; CuberailError when it is not a language tag; :class:`NoDrawing`
    when the title has no drawing.
    """
    words = Words(lang)
    name = get_game(title).title
    drawer = drawer_for(name)
    describe: Callable[[str], str] = str
    snapshot: Any = position
    if isinstance(position, GameState):
        snapshot = position.to_json()
        if snapshot.get("title") == name:
            describe = move_words(name, position, words)
    if not isinstance(snapshot, Mapping) or snapshot.get("title") != name:
        got = snapshot.get("title") if isinstance(snapshot, Mapping) else type(snapshot).__name__
        raise CuberailError(f"the snapshot is not a {name} state (its title: {got!r})")
    return drawer(snapshot, targets, words, describe)


def board_svg(title: str, position: Position, lang: str | None = None) -> str:
    """The board with the position's legal moves highlighted (what the game page shows)."""
    if isinstance(position, GameState):
        return svg_for(title, position, [a.text() for a in position.legal_actions()], lang)
    return svg_for(title, position, position.get("legal_actions", ()), lang)


__all__ = ["LANGUAGES", "NoDrawing", "board_svg", "drawer_for", "find_drawer", "has_drawing",
           "move_words", "svg_for"]
