"""What both drawings share: the highlight style, ink, targets and tooltips (each
company's colours are the title's data: ``cuberail.games.face``)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field

from cuberail.draw.svg import contrast_ink

HIGHLIGHT = "#d81b60"  # the outline of a legal target
INK = "#1a1a1a"
MUTED = "#4d4d4d"  # secondary text: 8.5:1 on white
BACKGROUND = "#ffffff"


def ink_on(fill: str) -> str:
    """Text colour for a label on ``fill``."""
    return contrast_ink(fill)


@dataclass
class Targets:
    """The moves the drawing marks as clickable, grouped by the board element they act on.

    ``by_key`` maps an element key (a hex id, a link id, a gauge name) to the action texts
    that act on it, in the order given; ``describe`` gives an action's words in the
    drawing's language (set by the drawing, which knows the facts the words need).
    """

    by_key: dict[str, list[str]] = field(default_factory=dict)
    describe: Callable[[str], str] = str

    def add(self, key: str, action: str) -> None:
        self.by_key.setdefault(key, []).append(action)

    def data(self, key: str) -> dict[str, str | None]:
        """The ``data-action`` (first move) and, if several, ``data-actions`` ('|'-joined)."""
        actions = self.by_key.get(key)
        if not actions:
            return {"data_action": None, "data_actions": None}
        many = "|".join(actions) if len(actions) > 1 else None
        return {"data_action": actions[0], "data_actions": many}

    def words(self, key: str) -> list[str]:
        """The words of the moves on ``key``, one line each after the element's own line
        of the tooltip, in the order of ``data-actions`` (the tap menu's buttons read them)."""
        return [self.describe(a) for a in self.by_key.get(key, [])]


def split_targets(actions: Iterable[str] | None, prefixes: Mapping[str, str]) -> Targets:
    """Targets from action texts: the action's first argument names the element.

    ``prefixes`` maps an action kind the board shows (``place``) to the prefix of its
    element key (``""`` for a hex id, ``"gauge-"`` for ``choose auction``). Actions of
    other kinds (bids, passes) have no place on the board and are left out.
    """
    out = Targets()
    for action in actions or ():
        words = action.split()
        if len(words) >= 2 and words[0] in prefixes:
            out.add(prefixes[words[0]] + words[1], action)
    return out
