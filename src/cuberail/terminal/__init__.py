"""The terminal faces of the titles: each title's table as Rich renderables.

A face is the module ``cuberail.terminal.<package>`` (``chicago_express``), or, for a
plug-in title, ``<its package>.terminal``. It offers ``render(state, players)`` and the
title's words (``describe_action``, ``describe_step``, ``events``, from its moves
module). The engine (``cuberail.games``) never imports Rich; the terminal room does.
"""

from __future__ import annotations

from types import ModuleType

from cuberail.core.errors import CuberailError
from cuberail.games import get_game, layer_module, layer_module_name

LAYER = "terminal"


def face(title: str) -> ModuleType:
    """The terminal face of ``title``, or a CuberailError naming what is missing."""
    module = layer_module(title, LAYER)
    if module is None:
        raise CuberailError(f"{get_game(title).name} has no terminal face (looked for"
                            f" {layer_module_name(title, LAYER)})")
    return module


__all__ = ["face"]
