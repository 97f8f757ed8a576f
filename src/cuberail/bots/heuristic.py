"""The ``heuristic`` bot: a fast rule-based player, one per title (its kit's), chosen by
``state.title``. A title without a kit is played by the random bot, with a note saying so."""

from __future__ import annotations

import logging
from importlib import resources

from cuberail.bots.base import Bot
from cuberail.bots.kit import kit_for
from cuberail.bots.random_bot import RandomBot
from cuberail.core.actions import Action
from cuberail.core.state import GameState
from cuberail.core.words import Said, Words
from cuberail.games.words import move_packages

LOG = logging.getLogger("cuberail.bots")
_NOTED: set[str] = set()  # titles whose fallback was already noted


def has_heuristic(title: str) -> bool:
    """Whether ``title`` has a rule-based player of its own (a kit)."""
    return kit_for(title) is not None


def heuristic_for(title: str, seed: int | None = None) -> Bot:
    """The rule-based player of a title; the random bot, with a one-line note, for a title
    without a kit (never another title's player)."""
    found = kit_for(title)
    if found is not None:
        return found.heuristic(seed)
    if title not in _NOTED:
        _NOTED.add(title)
        LOG.warning("note: %s has no bot kit; its heuristic plays random moves", title)
    return RandomBot(seed)


def heuristic_reason(state: GameState, action: Action) -> Said | None:
    """Why the title's heuristic (``medium``) plays ``action`` in ``state``, in plain words:
    its bot's ``reason(state, action)`` (None for a title whose heuristic gives none)."""
    found = kit_for(state.title)
    why = getattr(found.heuristic(None), "reason", None) if found is not None else None
    said = why(state, action) if why is not None else None
    return said if isinstance(said, Said) else None


def reason_fits(at: GameState, planned: Action) -> bool:
    """Whether the heuristic's reason for a hinted move can stand beside the plan's next
    move, ``planned`` in the position ``at``: the heuristic would play a move of the same
    kind there. A hint said "choose to build track, then forgo the build. Why: a build is
    worth more to you now" (the 30th newcomer run): the heuristic chose the action to
    build; the search, to forgo it."""
    return bool(heuristic_for(at.title, 0).choose(at.clone()).kind == planned.kind)


def plan_reason(state: GameState, action: Action, then: Action) -> Said | None:
    """Why a hint's plan plays ``action`` in ``state`` and then ``then``, said before the
    heuristic's own reason for ``action`` (which may not fit the plan: :func:`reason_fits`):
    its bot's ``plan_reason(state, action, then)`` (None for a title whose heuristic gives
    none). A
    hint said "choose to auction a share … Then, as the search plans it: forgo the
    auction" with no reason (the 32nd newcomer run: why choose it only to forgo it?)."""
    found = kit_for(state.title)
    why = getattr(found.heuristic(None), "plan_reason", None) if found is not None else None
    said = why(state, action, then) if why is not None else None
    return said if isinstance(said, Said) else None


def reason_packages(title: str) -> tuple[str, ...]:
    """The packages whose catalogs (``data/words-LANG.json``) hold the words of
    :func:`heuristic_reason`: the heuristic's own package, when it has one."""
    found = kit_for(title)
    if found is None:
        return ()
    package = type(found.heuristic(None)).__module__.rpartition(".")[0]
    has_words = resources.files(package).joinpath("data/words-en.json").is_file()
    return (package,) if has_words else ()


def reason_words(lang: str, title: str, *more: str) -> Words:
    """The words of a move and of its :func:`heuristic_reason` in ``lang`` (the moves'
    catalogs, ``more`` packages', then the heuristic's): what a hint says, at the table
    and on the page."""
    return Words(lang, (*move_packages(), *more, *reason_packages(title)))


class HeuristicBot(Bot):
    """Dispatches to the title's rule-based player on the first state it sees."""

    name = "heuristic"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        self._bots: dict[str, Bot] = {}

    def choose(self, state: GameState) -> Action:
        bot = self._bots.get(state.title)
        if bot is None:
            bot = self._bots[state.title] = heuristic_for(state.title, self.seed)
        return bot.choose(state)
