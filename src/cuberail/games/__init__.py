"""The titles cuberail plays, and a lookup by title."""

from __future__ import annotations

import importlib
from types import ModuleType

from cuberail.core.errors import CuberailError
from cuberail.core.game import GameInfo


def _titles() -> dict[str, GameInfo]:
    from cuberail.games.chicago_express import INFO as CHICAGO_EXPRESS

    infos = [CHICAGO_EXPRESS]
    try:
        from cuberail.games.trans_siberian import INFO as TRANS_SIBERIAN
    except ImportError:  # pragma: no cover - while the title is being built
        pass
    else:
        infos.append(TRANS_SIBERIAN)
    return {info.title: info for info in infos}


_ALIASES = {"ce": "chicago-express", "chicago": "chicago-express",
            "ts": "trans-siberian", "tsr": "trans-siberian",
            "trans-siberian-railroad": "trans-siberian"}


def titles() -> list[str]:
    """Every playable title, e.g. ``chicago-express``."""
    return sorted(_titles())


def get_game(title: str) -> GameInfo:
    """The :class:`GameInfo` of a title (or a short alias such as ``ce``)."""
    table = _titles()
    key = _ALIASES.get(title.lower(), title.lower())
    if key not in table:
        raise CuberailError(f"unknown game {title!r}; cuberail plays: {', '.join(sorted(table))}")
    return table[key]


_PACKAGES = {"chicago-express": "chicago_express", "trans-siberian": "trans_siberian"}


def view_module(title: str) -> ModuleType:
    """The text-view module of a title: ``render(state, players)`` and friends."""
    info = get_game(title)
    return importlib.import_module(f"cuberail.games.{_PACKAGES[info.title]}.view")
