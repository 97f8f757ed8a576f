"""The terminal faces of the titles: each title's table as Rich renderables.

A face is the module ``cuberail.terminal.<package>`` (the last part of the title's
package), or, for a plug-in title, ``<its package>.terminal``. It offers
``render(state, players)`` and the title's words (``describe_action``,
``describe_step``, ``events``, from its moves module), and may offer more:

- ``by_name(text, targets)`` and ``names_of(target)``: places typed by their names,
  read as :class:`~cuberail.terminal.kit.Named` (else only numbers and move texts);
- ``HELP``: the title's own lines of input help in plain mode;
- a ``table`` module with the full-screen table's parts (:mod:`cuberail.terminal.kit`).

A title without a face still plays line by line (:func:`face_or_plain`). The engine
(``cuberail.games``) never imports Rich; the terminal room does.
"""

from __future__ import annotations

from types import ModuleType

from cuberail.core.errors import CuberailError
from cuberail.games import get_game, layer_module, layer_module_name
from cuberail.terminal.plain import PlainFace

LAYER = "terminal"


def face(title: str) -> ModuleType:
    """The terminal face of ``title``, or a CuberailError naming what is missing."""
    module = layer_module(title, LAYER)
    if module is None:
        raise CuberailError(f"{get_game(title).name} has no terminal face (looked for"
                            f" {layer_module_name(title, LAYER)})")
    return module


def face_or_plain(title: str) -> ModuleType | PlainFace:
    """The terminal face of ``title``, or its plain face made of the games' words."""
    module = layer_module(title, LAYER)
    return module if module is not None else PlainFace(get_game(title).title)


__all__ = ["PlainFace", "face", "face_or_plain"]
