"""The terminal faces of the titles: each title's table as Rich renderables.

A face is the module ``cuberail.terminal.<package>`` (``chicago_express``), or, for a
plug-in title, ``<its package>.terminal``. It offers ``render(state, players)`` and the
title's words (``describe_action``, ``describe_step``, ``events``, from its moves
module). The engine (``cuberail.games``) never imports Rich; the terminal room does.
"""

from __future__ import annotations

import importlib
from types import ModuleType

from cuberail.core.errors import CuberailError
from cuberail.games import get_game


def face(title: str) -> ModuleType:
    """The terminal face of ``title``, or a CuberailError naming what is missing."""
    package = get_game(title).package
    ours = package.startswith("cuberail.games.")
    tried = [f"{__name__}.{package.rsplit('.', 1)[-1]}" if ours else f"{package}.terminal"]
    for name in tried:
        try:
            return importlib.import_module(name)
        except ModuleNotFoundError as error:
            if error.name != name:
                raise
    raise CuberailError(f"{get_game(title).name} has no terminal face"
                        f" (looked for {' and '.join(tried)})")


__all__ = ["face"]
