"""Importing this module registers every title with an env kit as an OpenSpiel game
(needs the research extra), under its ``GameInfo.short_name``.

    >>> import pyspiel
    >>> import cuberail.openspiel
    >>> from cuberail.games import titles
    >>> game = pyspiel.load_game(cuberail.openspiel.SHORT_NAMES[titles()[-1]], {"players": 3})
    >>> game.num_players()
    3

``SHORT_NAMES`` maps each title and alias to its OpenSpiel name. The games live in
:mod:`cuberail.env.openspiel_game`.
"""

from __future__ import annotations

from cuberail.env.openspiel_game import register
from cuberail.games import infos

_NAMES = register()
SHORT_NAMES: dict[str, str] = {
    **{alias: _NAMES[info.title] for info in infos() if info.title in _NAMES
       for alias in info.aliases},
    **_NAMES}

__all__ = ["SHORT_NAMES", "register"]
