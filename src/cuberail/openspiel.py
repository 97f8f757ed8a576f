"""Importing this module registers both titles as OpenSpiel games (needs the research extra).

    >>> import pyspiel
    >>> import cuberail.openspiel
    >>> pyspiel.load_game("cuberail_trans_siberian", {"players": 3}).num_players()
    3

The games live in :mod:`cuberail.env.openspiel_game`.
"""

from __future__ import annotations

from cuberail.env.openspiel_game import SHORT_NAMES, register

register()

__all__ = ["SHORT_NAMES", "register"]
